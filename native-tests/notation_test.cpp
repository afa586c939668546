// Move names (ICCS, WXF, Chinese) and PGN in and out.
#include "notation.h"

#include <gtest/gtest.h>

#include "engine.h"
#include "formats/game_file.h"
#include "movegen.h"

namespace chuhan::test {
namespace {

std::string name_of(const std::string& fen, const std::string& iccs, Notation style) {
  Position pos;
  StateInfo st;
  EXPECT_EQ(pos.set(fen, &st), "");
  return move_name(pos, parse_move_text(iccs), style);
}

TEST(Notation, OpeningMovesInChineseAndWxf) {
  const std::string start = Position::StartFen;
  EXPECT_EQ(name_of(start, "h2e2", Notation::CHINESE), "炮二平五");
  EXPECT_EQ(name_of(start, "h2e2", Notation::WXF), "C2=5");
  EXPECT_EQ(name_of(start, "b0c2", Notation::CHINESE), "马八进七");
  EXPECT_EQ(name_of(start, "a0a1", Notation::CHINESE), "车九进一");
  EXPECT_EQ(name_of(start, "c0e2", Notation::CHINESE), "相七进五");
  EXPECT_EQ(name_of(start, "d0e1", Notation::CHINESE), "仕六进五");
  EXPECT_EQ(name_of(start, "e0e1", Notation::CHINESE), "帅五进一");
  EXPECT_EQ(name_of(start, "g3g4", Notation::CHINESE), "兵三进一");
  EXPECT_EQ(name_of(start, "b2b9", Notation::CHINESE), "炮八进七");
  EXPECT_EQ(name_of(start, "b2b9", Notation::WXF), "C8+7");
  const std::string after = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
  EXPECT_EQ(name_of(after, "h9g7", Notation::CHINESE), "马８进７");
  EXPECT_EQ(name_of(after, "h9g7", Notation::WXF), "H8+7");
  EXPECT_EQ(name_of(after, "h7e7", Notation::CHINESE), "炮８平５");
  EXPECT_EQ(name_of(after, "c6c5", Notation::CHINESE), "卒３进１");
  EXPECT_EQ(name_of(after, "a9a7", Notation::CHINESE), "车１进２");
}

TEST(Notation, LineNamesFollowTheLineAndStopAtAnIllegalMove) {
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set(Position::StartFen, &st), "");
  const std::string key_before = pos.fen();
  const std::vector<Move> line = {parse_move_text("h2e2"), parse_move_text("h9g7"),
                                  parse_move_text("h0g2"), parse_move_text("a0a9")};
  EXPECT_EQ(line_names(pos, line, Notation::CHINESE),
            (std::vector<std::string>{"炮二平五", "马８进７", "马二进三"}));
  EXPECT_EQ(pos.fen(), key_before);
}

TEST(Notation, PiecesSharingAFileAreToldApart) {
  // Two red rooks on the d-file; a red horse retreats; two black cannons on file b.
  const std::string fen = "4k4/1c7/1c7/9/3R5/9/3R5/9/4N4/4K4 w - - 0 1";
  EXPECT_EQ(name_of(fen, "d5d6", Notation::CHINESE), "前车进一");
  EXPECT_EQ(name_of(fen, "d3c3", Notation::CHINESE), "后车平七");
  EXPECT_EQ(name_of(fen, "d5d6", Notation::WXF), "+R+1");
  EXPECT_EQ(name_of(fen, "d3c3", Notation::WXF), "-R=7");
  EXPECT_EQ(name_of(fen, "e1c0", Notation::CHINESE), "马五退七");
  const std::string black = "4k4/1c7/1c7/9/3R5/9/3R5/9/4N4/4K4 b - - 0 1";
  // For Black the front cannon is the one nearer Red (rank 7).
  EXPECT_EQ(name_of(black, "b7b5", Notation::CHINESE), "前炮进２");
  EXPECT_EQ(name_of(black, "b8a8", Notation::CHINESE), "后炮平１");
  // Three soldiers on one file: 前/中/后.
  const std::string soldiers = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1";
  EXPECT_EQ(name_of(soldiers, "e7e8", Notation::CHINESE), "前兵进一");
  EXPECT_EQ(name_of(soldiers, "e6d6", Notation::CHINESE), "中兵平六");
  EXPECT_EQ(name_of(soldiers, "e5f5", Notation::CHINESE), "后兵平四");
}

TEST(Notation, StackedSoldiersOnTwoFilesAreNamedByFile) {
  // Black soldiers doubled on files 1 (a) and 9 (i): "+P+1" would name two moves (found by
  // move_name_fuzz), so the file number stands for the letter, as in Chinese.
  const std::string fen =
      "r1b1ka3/3Ra1c2/1C2b3n/p3p3p/p7p/5n2P/P1P1P1P2/1CN1B4/4A4/4KABN1 b - - 13 1";
  EXPECT_EQ(name_of(fen, "a5a4", Notation::WXF), "+1+1");
  EXPECT_EQ(name_of(fen, "i5i4", Notation::WXF), "+9+1");
  EXPECT_EQ(name_of(fen, "a5a4", Notation::CHINESE), "前１进１");
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set(fen, &st), "");
  for (Move m : MoveList<LEGAL>(pos))
    for (Notation style : {Notation::ICCS, Notation::WXF, Notation::CHINESE})
      EXPECT_EQ(parse_move_name(pos, move_name(pos, m, style)), m) << move_name(pos, m, style);
}

TEST(Notation, ParsesEveryNotationAndSpelling) {
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set(Position::StartFen, &st), "");
  const Move h2e2 = parse_move_text("h2e2");
  for (const char* text :
       {"h2e2", "H2-E2", "h2-e2", "炮二平五", "砲二平五", "炮2平5", "C2=5", "c2.5"})
    EXPECT_EQ(parse_move_name(pos, text), h2e2) << text;
  EXPECT_EQ(parse_move_name(pos, "俥九進一"), parse_move_text("a0a1"));
  EXPECT_EQ(parse_move_name(pos, "傌八進七"), parse_move_text("b0c2"));
  EXPECT_EQ(parse_move_name(pos, "h2h7"), MOVE_NONE);      // illegal
  EXPECT_EQ(parse_move_name(pos, "炮二进九"), MOVE_NONE);  // no such move
  EXPECT_EQ(parse_move_name(pos, "nonsense"), MOVE_NONE);
}

// Game files often name one of two pieces on a file by the file (炮七平四 for 后炮平四): read when
// only one of them can make the move, refused when both can.
TEST(Notation, ReadsTandemPiecesNamedByTheirFile) {
  Position pos;
  StateInfo st;
  // Red cannons on c6 and c2; only the back one can go across to file f (a horse stands on d6).
  ASSERT_EQ(pos.set("2ba1k3/n3a2c1/4b1n2/p1CN5/8p/6P2/P3Nc2P/2C6/4A4/4KAB2 w - - 10 30", &st), "");
  EXPECT_EQ(move_name(pos, parse_move_text("c2f2"), Notation::CHINESE), "后炮平四");
  for (const char* text : {"后炮平四", "炮七平四", "砲七平四", "C7=4"})
    EXPECT_EQ(parse_move_name(pos, text), parse_move_text("c2f2")) << text;
  // Both can go back one rank: 炮七退一 names no single move.
  EXPECT_EQ(parse_move_name(pos, "炮七退一"), MOVE_NONE);
  EXPECT_EQ(parse_move_name(pos, "前炮退一"), parse_move_text("c6c5"));
  // Rooks on f4 and f2 (file 四): a horse on g4 stops the front one going across to file 一.
  ASSERT_EQ(pos.set("2bnka3/4a4/4b4/9/6p2/2P2Rn2/4r4/4BR3/9/4K4 w - - 2 37", &st), "");
  EXPECT_EQ(parse_move_name(pos, "車四平一"), parse_move_text("f2i2"));
  EXPECT_EQ(parse_move_name(pos, "車四進一"), MOVE_NONE);
}

TEST(Pgn, WritesXqbaseStyleAndReadsItBack) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "h9g7", "h0g2", "i9h9"}), "");
  const std::string pgn = engine.pgn({{"Red", "Alice"}, {"Black", "Chuhan"}});
  EXPECT_NE(pgn.find("[Game \"Chinese Chess\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Format \"ICCS\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Red \"Alice\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. H2-E2 H9-G7 2. H0-G2 I9-H9 *"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("[FEN"), std::string::npos) << "no FEN tag for the start position\n" << pgn;

  Engine other;
  ASSERT_EQ(other.load_pgn(pgn), "");
  EXPECT_EQ(other.moves(), engine.moves());
  EXPECT_EQ(other.fen(), engine.fen());
}

TEST(Pgn, ReadsFenCommentsVariationsAndOtherNotations) {
  const std::string text =
      "[Game \"Chinese Chess\"]\n"
      "[FEN \"3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1\"]\n"
      "[Result \"0-1\"]\n\n"
      "{A horse against a rook} 1. 马七进五 (1. K5=4 {sidestep}) 1... 车５退１ $2 2. K5=4; rest of "
      "line\n"
      "0-1\n";
  const formats::Loaded game = formats::read_game(text);
  ASSERT_EQ(game.error, "");
  EXPECT_EQ(game.game->start_fen(), "3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1");
  EXPECT_EQ(game.game->record().declared.outcome, Outcome::BLACK_WINS);
  std::vector<std::string> main;
  for (NodeId id : game.game->record().main_line())
    if (id != RootNode) main.push_back(game.game->record().node(id).at.iccs);
  EXPECT_EQ(main, (std::vector<std::string>{"c3e4", "e5e6", "e0f0"}));
}

TEST(Pgn, ReportsTheFirstIllegalMove) {
  Engine engine;
  const std::string before = engine.fen();
  const std::string error = engine.load_pgn("1. h2e2 h9g7 2. h2e2 *");
  EXPECT_NE(error.find("line 1: 'h2e2' is not a legal move for Red at move 2"), std::string::npos)
      << error;
  EXPECT_EQ(engine.fen(), before);
  EXPECT_NE(engine.load_pgn("[FEN \"bad\"]\n1. h2e2").find("invalid FEN: "), std::string::npos);
}

// The ICCS move that `name` names in `fen`, or "" when it names none (or more than one).
std::string read_name(const std::string& fen, const std::string& name) {
  Position pos;
  StateInfo st;
  EXPECT_EQ(pos.set(fen, &st), "");
  const Move m = parse_move_name(pos, name);
  return m == MOVE_NONE ? "" : move_to_string(m);
}

TEST(Notation, ChineseNamesReadInEveryConvention) {
  const std::string start = Position::StartFen;
  // Traditional and red/black typesetting, 上/下 for 进/退, digits of either width for either side.
  EXPECT_EQ(read_name(start, "砲二平五"), "h2e2");
  EXPECT_EQ(read_name(start, "傌二上三"), "h0g2");
  EXPECT_EQ(read_name(start, "俥一進一"), "i0i1");
  EXPECT_EQ(read_name(start, "炮2平5"), "h2e2");
  EXPECT_EQ(read_name(start, "炮２平５"), "h2e2");
  EXPECT_EQ(read_name(start, "帥五上一"), "e0e1");
  const std::string black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
  EXPECT_EQ(read_name(black, "馬8進7"), "h9g7");
  EXPECT_EQ(read_name(black, "車九進一"), "i9i8");  // Chinese numerals for Black
  EXPECT_EQ(read_name(black, "將5下1"), "");        // a general cannot leave the palace back
  // Two rooks on a file named by the file: read when only one of them can make the move.
  const std::string rooks = "5k3/9/9/9/3R5/9/3R5/9/9/4K4 w - - 0 1";
  EXPECT_EQ(read_name(rooks, "车六进四"), "d5d9");  // the back rook is blocked
  EXPECT_EQ(read_name(rooks, "车六进一"), "");      // both can: ambiguous
  EXPECT_EQ(read_name(rooks, "前车进一"), "d5d6");
  EXPECT_EQ(read_name(rooks, "後車平七"), "d3c3");
  // Soldiers doubled on two files: 前七, 前兵七 and 兵七前 forms; three on a file: 前/中/后
  // and ordinals.
  const std::string two_files = "3k5/9/9/P1P6/P1P6/9/9/9/9/4K4 w - - 0 1";
  EXPECT_EQ(read_name(two_files, "前九进一"), "a6a7");
  EXPECT_EQ(read_name(two_files, "前兵九进一"), "a6a7");
  EXPECT_EQ(read_name(two_files, "后七平六"), "c5d5");
  EXPECT_EQ(read_name(two_files, "前兵进一"), "");  // which front soldier?
  const std::string three = "4k4/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1";
  EXPECT_EQ(read_name(three, "中兵平六"), "e5d5");
  EXPECT_EQ(read_name(three, "二兵平六"), "e5d5");
  EXPECT_EQ(read_name(three, "前兵平四"), "e6f6");
  EXPECT_EQ(read_name(three, "一兵平四"), "e6f6");
  EXPECT_EQ(read_name(three, "后兵进一"), "");  // e4 is blocked by e5
  EXPECT_EQ(read_name(three, "三兵进一"), "");
  // Not names.
  for (const char* junk : {"炮二平", "炮二平〇", "炮炮平五", "前后炮平五", "二三四兵进一"})
    EXPECT_EQ(read_name(start, junk), "") << junk;
}

TEST(Notation, EngineNamesTheGameMoves) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "h9g7"}), "");
  EXPECT_EQ(engine.game_move_names("chinese"), (std::vector<std::string>{"炮二平五", "马８进７"}));
  EXPECT_EQ(engine.game_move_names("wxf"), (std::vector<std::string>{"C2=5", "H8+7"}));
  EXPECT_EQ(engine.game_move_names("iccs"), (std::vector<std::string>{"h2e2", "h9g7"}));
  EXPECT_TRUE(engine.game_move_names("klingon").empty());
  EXPECT_EQ(engine.move_name("h0g2", "chinese"), "马二进三");
  EXPECT_EQ(engine.move_name("h0h5", "chinese"), "");
}

}  // namespace
}  // namespace chuhan::test
