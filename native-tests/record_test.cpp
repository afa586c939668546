// The game record and its cursor: playing from an earlier node opens a variation, nodes keep their
// numbers, going to a node costs no replay, edits answer what changed; and PGN keeps everything a
// record holds (tags, result, comments, annotations, variations) in every notation and encoding.
#include "record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace std::string_literals;

#include "engine.h"
#include "formats/encoding.h"
#include "formats/pgn.h"
#include "game.h"

namespace chuhan::test {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(CHUHAN_TEST_DIR) + "/fixtures/games/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

NodeId play(Game& game, const char* iccs) {
  EXPECT_EQ(game.play(iccs), "") << iccs;
  return game.cursor();
}

std::vector<std::string> line_moves(const Record& r, NodeId from) {
  std::vector<std::string> moves;
  for (NodeId id : r.line(from))
    if (id != RootNode) moves.push_back(r.node(id).at.iccs);
  return moves;
}

TEST(Record, PlayingFromAnEarlierNodeOpensAVariation) {
  Game game;
  const NodeId a = play(game, "h2e2"), b = play(game, "h9g7"), c = play(game, "h0g2");
  ASSERT_TRUE(game.go_to(a));
  EXPECT_EQ(game.plies(), 1);
  // The move already there is reused, not duplicated.
  EXPECT_EQ(play(game, "h9g7"), b);
  ASSERT_TRUE(game.go_to(a));
  const NodeId v = play(game, "b9c7");
  EXPECT_NE(v, b);
  EXPECT_EQ(game.record().node(a).children, (std::vector<NodeId>{b, v}));
  EXPECT_EQ(line_moves(game.record(), RootNode),
            (std::vector<std::string>{"h2e2", "h9g7", "h0g2"}));
  EXPECT_EQ(line_moves(game.record(), v), (std::vector<std::string>{"h2e2", "b9c7"}));
  EXPECT_FALSE(game.record().on_main_line(v));
  EXPECT_TRUE(game.record().on_main_line(c));
  EXPECT_EQ(game.record().node(v).at.ply, 2);
  EXPECT_EQ(game.record().node(v).at.chinese, "马２进３");
}

TEST(Record, GoingToANodeGivesItsPositionAndHistory) {
  Game game;
  for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}) play(game, m);
  const NodeId end = game.cursor();
  ASSERT_TRUE(game.go_to(2));
  play(game, "b0c2");
  const NodeId side = play(game, "b9c7");
  // Across branches and back: each position equals its node's FEN, the key its computed one.
  for (const NodeId target : {end, side, RootNode, NodeId(3), side}) {
    ASSERT_TRUE(game.go_to(target));
    EXPECT_EQ(game.position().fen(), game.record().node(target).at.fen);
    EXPECT_EQ(game.position().key(), game.position().compute_key());
    EXPECT_EQ(game.current().fen, game.record().node(target).at.fen);
  }
  EXPECT_FALSE(game.go_to(99));
  EXPECT_FALSE(game.go_to(-1));
  EXPECT_EQ(game.cursor(), side);
}

TEST(Record, RemovingAndPromotingKeepNodeNumbers) {
  Game game;
  const NodeId a = play(game, "h2e2"), b = play(game, "h9g7");
  play(game, "h0g2");
  game.go_to(a);
  const NodeId v1 = play(game, "b9c7");
  const NodeId v1b = play(game, "b0c2");
  game.go_to(a);
  const NodeId v2 = play(game, "h7e7");
  EXPECT_TRUE(game.promote(v2, false));
  EXPECT_EQ(game.record().node(a).children, (std::vector<NodeId>{b, v2, v1}));
  EXPECT_TRUE(game.promote(v1, true));
  EXPECT_EQ(game.record().node(a).children, (std::vector<NodeId>{v1, b, v2}));
  EXPECT_EQ(line_moves(game.record(), RootNode),
            (std::vector<std::string>{"h2e2", "b9c7", "b0c2"}));
  EXPECT_FALSE(game.promote(v1, true));  // already the main line

  // Removing the line the cursor is on moves the cursor up; other numbers stay.
  game.go_to(v1b);
  EXPECT_TRUE(game.remove(v1));
  EXPECT_EQ(game.cursor(), a);
  EXPECT_FALSE(game.record().valid(v1));
  EXPECT_FALSE(game.record().valid(v1b));
  EXPECT_TRUE(game.record().valid(v2));
  EXPECT_EQ(game.record().node(a).children, (std::vector<NodeId>{b, v2}));
  EXPECT_FALSE(game.remove(RootNode));
  EXPECT_FALSE(game.remove(v1));
  EXPECT_FALSE(game.go_to(v1b));
}

TEST(Record, NodesDescribeCapturesAndChecks) {
  Game game;
  for (const char* m : {"h2e2", "h9g7", "e2e6"}) play(game, m);
  const PlyRecord& capture = game.current();
  EXPECT_EQ(capture.captured, B_SOLDIER);
  EXPECT_EQ(capture.moved, R_CANNON);
  EXPECT_FALSE(capture.in_check);
  EXPECT_EQ(game.record().node(1).at.captured, NO_PIECE);
  ASSERT_EQ(game.reset("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"), "");
  play(game, "a1d1");  // the rook on the general's file
  EXPECT_TRUE(game.current().in_check);
}

TEST(Engine, ADecidedGameTakesNoMoreMovesButPositionsStillLoad) {
  // Red's rook checks perpetually (repetition_cases.txt, check-red-rook): Red has lost.
  const std::string fen = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";
  std::vector<std::string> moves = {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9",
                                    "e9e8", "a9a8", "e8e9", "a8a9"};
  Engine engine;
  ASSERT_EQ(engine.set_position(fen, moves), "");
  ASSERT_TRUE(engine.game_result().over()) << engine.describe();
  const std::string before = engine.fen();
  EXPECT_NE(engine.play("e9e8").find("the game is over"), std::string::npos);
  EXPECT_EQ(engine.fen(), before);
  EXPECT_TRUE(engine.game_result().over());
  // A position given whole (a GUI's `position ... moves`) is not refused.
  moves.push_back("e9e8");
  EXPECT_EQ(engine.set_position(fen, moves), "");
}

TEST(Engine, EditsAnswerErrorsForBadArguments) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "h9g7"}), "");
  EXPECT_NE(engine.go_to(42), "");
  EXPECT_NE(engine.undo(3), "");
  EXPECT_NE(engine.undo(-1), "");
  EXPECT_EQ(engine.undo(2), "");
  EXPECT_EQ(engine.fen(), Position::StartFen);
  EXPECT_EQ(engine.go_to(2), "");
  EXPECT_EQ(engine.moves(), (std::vector<std::string>{"h2e2", "h9g7"}));
  EXPECT_NE(engine.remove_node(RootNode), "");
  EXPECT_NE(engine.set_comment(9, "x"), "");
  EXPECT_NE(engine.set_tag("Bad Name", "x"), "");
  EXPECT_NE(engine.set_tag("FEN", "x"), "");
  EXPECT_NE(engine.declare_result("2-0", ""), "");
  EXPECT_NE(engine.declare_result("1-0", "bored"), "");
  EXPECT_EQ(engine.declare_result("0-1", "resignation"), "");
  EXPECT_EQ(engine.game().record().result().outcome, Outcome::BLACK_WINS);
  EXPECT_EQ(engine.game().record().result().reason, ResultReason::RESIGNATION);
  EXPECT_NE(engine.pgn().find("[Result \"0-1\"]"), std::string::npos);
}

// ---- PGN ----

const Record& read(const std::string& text, formats::Loaded& holder) {
  holder = formats::read_game(text);
  EXPECT_EQ(holder.error, "");
  return holder.game->record();
}

TEST(Pgn, KeepsTagsResultCommentsAnnotationsAndVariations) {
  formats::Loaded loaded;
  const Record& r = read(fixture("study.pgn"), loaded);
  EXPECT_EQ(r.tags.get("Event"), "楚汉测试赛 [第1轮]");
  EXPECT_EQ(r.tags.get("Red"), "红方 \"小明\"");
  EXPECT_EQ(r.tags.get("ECCO"), "C45");
  EXPECT_FALSE(r.tags.has("Format"));
  EXPECT_EQ(r.declared.outcome, Outcome::RED_WINS);
  EXPECT_EQ(r.node(RootNode).comment, "中炮对屏风马的常见开局。");
  const std::vector<NodeId> main = r.main_line();
  ASSERT_EQ(main.size(), 13u);
  EXPECT_EQ(r.node(main[3]).comment, "正着");
  EXPECT_EQ(r.node(main[4]).nag, 2);
  EXPECT_EQ(r.node(main[9]).nag, 1);
  // 2. 兵三进一 is a variation of 2. 马二进三, with 2... 车９平８ nested in it.
  const RecordNode& second = r.node(main[2]);
  ASSERT_EQ(second.children.size(), 2u);
  const NodeId variation = second.children[1];
  EXPECT_EQ(r.node(variation).at.chinese, "兵三进一");
  const NodeId reply = r.node(variation).children[0];
  ASSERT_EQ(r.node(variation).children.size(), 2u);
  EXPECT_EQ(r.node(reply).at.chinese, "卒３进１");
  EXPECT_EQ(r.node(r.node(variation).children[1]).at.chinese, "车９平８");

  for (const Notation n : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
    const std::string written = formats::write_pgn(r, {n});
    formats::Loaded again;
    EXPECT_TRUE(read(written, again).same_game(r)) << written;
  }
  // Without comments and variations, only the main line's moves remain.
  const std::string bare = formats::write_pgn(r, {Notation::WXF, false, false});
  EXPECT_EQ(bare.find('{'), std::string::npos) << bare;
  EXPECT_EQ(bare.find('('), std::string::npos) << bare;
}

TEST(Pgn, ReadsGbkAndBig5Files) {
  formats::Loaded utf8;
  const Record& expected = read(fixture("study.pgn"), utf8);
  const std::string gbk = fixture("study-gbk.pgn");
  EXPECT_EQ(formats::detect_encoding(gbk), formats::Encoding::GB18030);
  formats::Loaded from_gbk;
  EXPECT_TRUE(read(gbk, from_gbk).same_game(expected));
  EXPECT_EQ(from_gbk.encoding, formats::Encoding::GB18030);

  const std::string big5 = fixture("study-big5.pgn");
  EXPECT_EQ(formats::detect_encoding(big5), formats::Encoding::BIG5);
  formats::Loaded from_big5;
  const Record& r = read(big5, from_big5);
  EXPECT_EQ(r.tags.get("Event"), "楚漢測試賽 [第1輪]");
  EXPECT_EQ(r.tags.get("Opening"), "中炮對屏風馬");
  // Traditional characters name the same moves.
  EXPECT_EQ(line_moves(r, RootNode), line_moves(expected, RootNode));
}

TEST(Pgn, ReadsWhatChineseEditorsWrite) {
  // A byte-order mark, ideographic spaces, full-width stops, a '%' line, moves run together.
  const std::string text =
      "\xEF\xBB\xBF[Game \"Chinese Chess\"]\n%escaped line\n"
      "1．炮二平五\xE3\x80\x80马８进７\n２．马二进三车９平８车一平二\n*";
  formats::Loaded loaded;
  const Record& r = read(text, loaded);
  EXPECT_EQ(line_moves(r, RootNode),
            (std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}));
  // A pasted list without any header.
  formats::Loaded bare;
  EXPECT_EQ(line_moves(read("1. 炮二平五 马８进７ 2. 马二进三", bare), RootNode).size(), 3u);
}

TEST(Pgn, ReadsEveryGameOfAFileAndSkipsABadOne) {
  const std::string two =
      "[Red \"A\"]\n1. h2e2 h9g7 *\n\n[Red \"B\"]\n1. h2e2 h9h2 *\n\n"
      "[Red \"C\"]\n1. b2e2 1-0\n";
  const std::vector<formats::Loaded> games = formats::read_pgn(two, 10);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].game->record().tags.get("Red"), "A");
  EXPECT_FALSE(games[1].game);
  EXPECT_NE(games[1].error.find("'h9h2' is not a legal move for Black at move 1"),
            std::string::npos)
      << games[1].error;
  EXPECT_EQ(games[2].game->record().tags.get("Red"), "C");
  // The first game alone when one is asked for.
  EXPECT_EQ(formats::read_pgn(two).size(), 1u);
  Engine engine;
  EXPECT_EQ(engine.load_pgn(two), "");
}

// Sites append a banner after the last game (xqbase's "====" and welcome lines): not a game.
TEST(Pgn, TextAfterTheLastGameIsNotAGame) {
  const std::string text =
      "[Red \"A\"]\n1. h2e2 h9g7\n{议和}\n 1/2-1/2\n============================\n"
      " 欢迎访问《象棋百科全书网》 \nhttp://www.elephantbase.net/\n";
  const std::vector<formats::Loaded> games = formats::read_pgn(text, 10);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].game);
  EXPECT_EQ(games[0].game->record().declared.outcome, Outcome::DRAW);
  // A second game without tags is still read, and a bad one still reported.
  EXPECT_EQ(formats::read_pgn("1. h2e2 h9g7 *\n1. b2e2 *\n", 10).size(), 2u);
  const std::vector<formats::Loaded> bad =
      formats::read_pgn("[Red \"A\"]\n1. h2e2 *\n[Red \"B\"]\nxx\n", 10);
  ASSERT_EQ(bad.size(), 2u);
  EXPECT_FALSE(bad[1].game);
}

// A '}' that closes no comment (found by pgn_fuzz: the reader looped for ever skipping the game).
TEST(Pgn, AStrayClosingBraceIsAnErrorNotAHang) {
  const std::string text =
      "[Event \"x\"]\n{from openings.txt}\nc0e2 h.txt}\nc0e2 f9e8 d0e1 h9g/2\n";
  const std::vector<formats::Loaded> games = formats::read_pgn(text, 10);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].game);
  EXPECT_NE(games[0].error.find("'h.txt' is not a legal move"), std::string::npos)
      << games[0].error;
  const formats::Loaded brace = formats::read_game("1. h2e2 } h9g7 *", {formats::Format::PGN});
  EXPECT_FALSE(brace.game);
  EXPECT_NE(brace.error.find("'}'"), std::string::npos) << brace.error;
}

// The writer makes a tab in a tag value a space; the reader reads it so, and the game round-trips
// (found by pgn_fuzz).
TEST(Pgn, ATabInATagValueIsASpace) {
  const std::vector<formats::Loaded> games =
      formats::read_pgn("[Event \"open\ting\r 293\"]\n1. h2e2 *\n", 1);
  ASSERT_TRUE(games.at(0).game);
  const Record& read = games[0].game->record();
  EXPECT_EQ(read.tags.get("Event"), "open ing  293");
  const std::vector<formats::Loaded> again = formats::read_pgn(formats::write_pgn(read, {}), 1);
  ASSERT_TRUE(again.at(0).game);
  EXPECT_TRUE(again[0].game->record().same_game(read));
}

// A ';' comment holding '}' reads as the full-width brace the writer writes (found by pgn_fuzz).
TEST(Pgn, ABraceInALineCommentRoundTrips) {
  const std::vector<formats::Loaded> games = formats::read_pgn("; a}b\n1. h2e2 *\n", 1);
  ASSERT_TRUE(games.at(0).game);
  const Record& read = games[0].game->record();
  EXPECT_EQ(read.node(RootNode).comment,
            "a\xEF\xBD\x9D"
            "b");
  const std::vector<formats::Loaded> again = formats::read_pgn(formats::write_pgn(read, {}), 1);
  ASSERT_TRUE(again.at(0).game);
  EXPECT_TRUE(again[0].game->record().same_game(read));
}

// A NAG of many digits is ignored (found by pgn_fuzz under UBSan: the number overflowed).
TEST(Pgn, AHugeNagIsIgnored) {
  const std::vector<formats::Loaded> games =
      formats::read_pgn("1. h2e2 $35445444444444444 h9g7 $3 *\n", 1);
  ASSERT_TRUE(games.at(0).game);
  const Record& r = games[0].game->record();
  EXPECT_EQ(r.node(1).nag, 0);
  EXPECT_EQ(r.node(2).nag, 3);
}

TEST(Pgn, RefusesWhatIsNotAGame) {
  for (const char* text : {"", "[Event \"x\"]", "*", "1-0", "(1. h2e2)", "1. h2e2 (h9g7"}) {
    const formats::Loaded r = formats::read_game(text, {formats::Format::PGN});
    EXPECT_FALSE(r.game) << text;
    EXPECT_FALSE(r.error.empty()) << text;
  }
}

TEST(Pgn, TagValuesWithQuotesAndBracketsReadBack) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2"}), "");
  const std::string pgn = engine.pgn({{"Red", "许银川 [特级大师]"}, {"Black", "a \"b\" \\ c"}});
  Engine other;
  ASSERT_EQ(other.load_pgn(pgn), "") << pgn;
  EXPECT_EQ(other.game().record().tags.get("Red"), "许银川 [特级大师]");
  EXPECT_EQ(other.game().record().tags.get("Black"), "a \"b\" \\ c");
}

TEST(Encoding, DecodesAndDetects) {
  using formats::Encoding;
  EXPECT_EQ(formats::to_utf8("\xB3\xB5\xC2\xED", Encoding::GB18030), "车马");
  EXPECT_EQ(formats::to_utf8("\xA8\xAE", Encoding::BIG5), "車");
  EXPECT_EQ(formats::to_utf8("\x81\x30\x81\x30", Encoding::GB18030), "\xC2\x80");
  EXPECT_EQ(formats::to_utf8("\xFF", Encoding::GB18030), "\xEF\xBF\xBD");
  EXPECT_EQ(formats::to_utf8("\xFF\xFEh\0i\0"s, Encoding::AUTO), "hi");
  EXPECT_TRUE(formats::valid_utf8("炮二平五\xEF\xBF\xBD"));
  EXPECT_FALSE(formats::valid_utf8("\xC0\xAF"));
  EXPECT_FALSE(formats::valid_utf8("\xED\xA0\x80"));
  formats::Encoding e;
  EXPECT_TRUE(formats::parse_encoding("GBK", e) && e == Encoding::GB18030);
  EXPECT_FALSE(formats::parse_encoding("latin1", e));
}

}  // namespace
}  // namespace chuhan::test
