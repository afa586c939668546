// Game files other than PGN: XQF (every version, encrypted or not; samples made by the test-only
// encoder xqf_encoder.h), DhtmlXQ (samples written by hand and by the writer), and round trips
// through DhtmlXQ and PGN over every sample of fixtures/games/. Corrupt and truncated files are
// errors, never crashes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "formats/dhtmlxq.h"
#include "formats/game_file.h"
#include "formats/pgn.h"
#include "formats/xqf.h"
#include "xqf_encoder.h"

namespace chuhan::test {
namespace {

const std::string FixtureDir = std::string(CHUHAN_TEST_DIR) + "/fixtures/games/";

std::string fixture(const std::string& name) {
  std::ifstream in(FixtureDir + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

NodeId play(Game& game, const char* iccs) {
  EXPECT_EQ(game.play(iccs), "") << iccs;
  return game.cursor();
}

// The study every XQF sample holds: tags in the header's fields, a comment at the start and on
// moves, a variation with a variation of its own, a second alternative, and a result.
std::unique_ptr<Game> study() {
  auto game = std::make_unique<Game>();
  Game& g = *game;
  g.tags().set("Title", "中炮对屏风马（测试）");
  g.tags().set("Event", "楚汉测试赛");
  g.tags().set("Date", "2026年11月25日");
  g.tags().set("Site", "北京");
  g.tags().set("Red", "红方甲");
  g.tags().set("Black", "黑方乙");
  g.tags().set("Annotator", "楚汉");
  g.set_comment(RootNode, "中炮对屏风马的常见开局。\n第二行");
  const NodeId first = play(g, "h2e2");
  g.set_comment(first, "当头炮");
  play(g, "h9g7");
  const NodeId third = play(g, "h0g2");
  play(g, "i9h9");
  play(g, "i0h0");
  play(g, "b9c7");
  // 2... 车９平８ (the main line) and 2... 马２进３ with 3. 兵七进一 (3. 车一平二 车９平８).
  g.go_to(third);
  const NodeId alt = play(g, "b9c7");
  g.set_comment(alt, "另一种走法");
  play(g, "c3c4");
  g.undo();
  play(g, "i0h0");
  play(g, "i9h9");
  // 1... 炮８平５, the second alternative to 1... 马８进７.
  g.go_to(first);
  play(g, "h7e7");
  g.declare({Outcome::RED_WINS, ResultReason::NONE});
  g.go_to(RootNode);
  return game;
}

// An ending that Black starts, with a comment on its last move.
std::unique_ptr<Game> ending() {
  auto game = std::make_unique<Game>();
  EXPECT_EQ(game->reset("3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 0 1"), "");
  game->tags().set("Title", "单兵胜");
  play(*game, "d9d8");
  play(*game, "e7e8");
  play(*game, "d8d9");
  game->set_comment(game->cursor(), "和棋？");
  game->declare({Outcome::DRAW, ResultReason::NONE});
  game->go_to(RootNode);
  return game;
}

struct XqfSample {
  const char* file;
  int version;
  XqfKeys keys;
  bool ending = false;
};
// Key bytes 0x0C..0x0F add up to 0 modulo 256, as in every file XQStudio writes.
const XqfSample XqfSamples[] = {
    {"study-1.0.xqf", 10, {}},
    {"study-1.1.xqf", 11, {0x00, {}, {0x1B, 0x2C, 0x3D, 0x7C}}},
    {"study-1.2.xqf", 12, {0x00, {}, {0x57, 0x66, 0x91, 0xB2}}},
    {"study-1.3.xqf", 13, {0xFF, {}, {0xC4, 0x09, 0xE8, 0x4B}}},
    {"study-1.5.xqf", 15, {0xFF, {}, {0x20, 0x33, 0x5E, 0x4F}}},
    {"study-1.6.xqf", 16, {0xA7, {0x11, 0x00, 0x42, 0x08}, {0x6A, 0xD1, 0x03, 0xC2}}},
    {"study-1.8.xqf", 18, {0x5B, {0x00, 0x24, 0x81, 0x10}, {0x9E, 0x77, 0x45, 0xA6}}},
    {"study-1.8-zero-keys.xqf", 18, {}},
    {"ending-1.2.xqf", 12, {0x00, {}, {0x01, 0x02, 0x03, 0xFA}}, true},
};

std::unique_ptr<Game> expected(const XqfSample& s) { return s.ending ? ending() : study(); }

TEST(Xqf, SamplesAreWhatTheEncoderWrites) {
  // CHUHAN_WRITE_FIXTURES=1 writes them (after a change to the samples or the encoder).
  const bool write = std::getenv("CHUHAN_WRITE_FIXTURES") != nullptr;
  for (const XqfSample& s : XqfSamples) {
    const std::string bytes = encode_xqf(expected(s)->record(), s.version, s.keys);
    if (write) std::ofstream(FixtureDir + s.file, std::ios::binary) << bytes;
    EXPECT_EQ(fixture(s.file), bytes) << s.file << " differs from what encode_xqf writes";
  }
}

TEST(Xqf, EverySampleReadsIntoItsRecord) {
  for (const XqfSample& s : XqfSamples) {
    const std::string bytes = fixture(s.file);
    EXPECT_EQ(formats::detect_format(bytes), formats::Format::XQF) << s.file;
    EXPECT_EQ(formats::xqf_version(bytes), s.version) << s.file;
    const formats::Loaded loaded = formats::read_game(bytes);
    ASSERT_TRUE(loaded.game) << s.file << ": " << loaded.error;
    EXPECT_EQ(loaded.format, formats::Format::XQF);
    const Record& r = loaded.game->record();
    EXPECT_TRUE(r.same_game(expected(s)->record())) << s.file << "\n" << formats::write_pgn(r);
    EXPECT_EQ(loaded.game->cursor(), RootNode);
  }
  const formats::Loaded study = formats::read_game(fixture("study-1.8.xqf"));
  const Record& r = study.game->record();
  EXPECT_EQ(r.tags.get("Red"), "红方甲");
  EXPECT_EQ(r.tags.get("Date"), "2026年11月25日");
  EXPECT_EQ(r.declared.outcome, Outcome::RED_WINS);
  EXPECT_EQ(r.node(RootNode).comment, "中炮对屏风马的常见开局。\n第二行");
  ASSERT_EQ(r.node(RootNode).children.size(), 1u);
  EXPECT_EQ(r.node(r.node(RootNode).children[0]).children.size(), 2u);  // 马８进７ and 炮８平５
  const formats::Loaded end = formats::read_game(fixture("ending-1.2.xqf"));
  EXPECT_EQ(end.game->record().start_fen(), "3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 0 1");
  EXPECT_EQ(end.game->record().declared.outcome, Outcome::DRAW);
}

TEST(Xqf, APositionWithoutMovesTakesTheSideFromTheHeader) {
  Game game;
  ASSERT_EQ(game.reset("3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 0 1"), "");
  for (const int version : {10, 18}) {
    const formats::Loaded loaded = formats::read_xqf(encode_xqf(game.record(), version));
    ASSERT_TRUE(loaded.game) << loaded.error;
    EXPECT_EQ(loaded.game->record().start_fen(), game.record().start_fen());
  }
}

// A 1.0 file of `game` whose record number `index` (0: the start, then in file order; no
// comments, so each is 8 bytes) gets `to` as its target point.
std::string with_target(const Game& game, int index, uint8_t to) {
  std::string bytes = encode_xqf(game.record(), 10);
  bytes[0x400 + 8 * size_t(index) + 1] = char(to + 32);
  return bytes;
}

TEST(Xqf, AnIllegalMoveFailsTheMainLineAndDropsAVariation) {
  Game game;
  const NodeId first = play(game, "h2e2");
  play(game, "h9g7");
  game.go_to(first);
  play(game, "b9c7");  // records: start, h2e2, h9g7, b9c7
  play(game, "b0c2");  // b9c7's continuation
  // The variation's 1... b9c7 becomes b9-b5, which a horse cannot make.
  const formats::Loaded dropped = formats::read_xqf(with_target(game, 3, 1 * 10 + 5));
  ASSERT_TRUE(dropped.game) << dropped.error;
  const Record& r = dropped.game->record();
  EXPECT_EQ(r.node(RootNode).children.size(), 1u);
  const RecordNode& after = r.node(r.node(RootNode).children[0]);
  EXPECT_EQ(after.children.size(), 1u);
  EXPECT_NE(after.comment.find("a variation was dropped here: move 1... b9-b5 is not legal"),
            std::string::npos)
      << after.comment;
  // On the main line, 1. h2e2 made h2-h8 (through the cannon): the file is refused.
  const formats::Loaded refused = formats::read_xqf(with_target(game, 1, 7 * 10 + 8));
  EXPECT_FALSE(refused.game);
  EXPECT_NE(refused.error.find("move 1. h2-h8 is not legal (Red to move in"), std::string::npos)
      << refused.error;
  EXPECT_NE(refused.error.find("on the main line"), std::string::npos);
  // A point off the board.
  const formats::Loaded off = formats::read_xqf(with_target(game, 2, 95));
  EXPECT_NE(off.error.find("h9-off the board (95)"), std::string::npos) << off.error;
}

TEST(Xqf, TruncatedAndCorruptFilesAreErrors) {
  for (const XqfSample& s : XqfSamples) {
    const std::string bytes = fixture(s.file);
    // Every prefix of a file is refused: the tree says how many records follow.
    for (size_t n = 0; n < bytes.size(); ++n) {
      const formats::Loaded cut = formats::read_xqf(bytes.substr(0, n));
      ASSERT_FALSE(cut.game) << s.file << " cut to " << n;
      ASSERT_FALSE(cut.error.empty());
    }
  }
  const std::string good = fixture("study-1.8.xqf");
  EXPECT_NE(formats::read_xqf(good.substr(0, 1000)).error.find("1024"), std::string::npos);
  EXPECT_NE(formats::read_xqf(good.substr(0, 1030)).error.find("cut short"), std::string::npos);
  std::string version = good;
  version[2] = 19;
  EXPECT_NE(formats::read_xqf(version).error.find("unknown XQF version byte 19"),
            std::string::npos);
  EXPECT_NE(formats::read_xqf("PK\x03\x04").error.find("not an XQF file"), std::string::npos);
  // Two pieces on one point (1.0: the bytes are the points; slot 0 is a rook, 1 a horse).
  std::string two = fixture("study-1.0.xqf");
  two[0x10 + 1] = two[0x10 + 0];
  EXPECT_NE(formats::read_xqf(two).error.find("two pieces on a0 (R and N)"), std::string::npos)
      << formats::read_xqf(two).error;
  // A comment length below the key (1.1 on) cannot be.
  Game game;
  game.set_comment(RootNode, "x");
  std::string negative = encode_xqf(game.record(), 18);
  negative[0x404] = negative[0x405] = 0;  // the stored length: 0 instead of 1 + 767
  EXPECT_NE(formats::read_xqf(negative).error.find("comment length of -767"), std::string::npos)
      << formats::read_xqf(negative).error;
}

TEST(Xqf, HeaderStringsCutInsideACharacterAndLongTitles) {
  Game game;
  game.tags().set("Red", "一二三四五六七八");  // 16 bytes of GBK in a field of 15
  std::string bytes = encode_xqf(game.record(), 12, {0, {}, {1, 2, 3, 250}});
  // A title of 100 bytes spills into the reserved bytes after its field, as some writers do.
  bytes[0x50] = 100;
  std::fill(bytes.begin() + 0x51, bytes.begin() + 0x51 + 100, 'T');
  const formats::Loaded loaded = formats::read_xqf(bytes);
  ASSERT_TRUE(loaded.game) << loaded.error;
  EXPECT_EQ(loaded.game->record().tags.get("Red"), "一二三四五六七");
  EXPECT_EQ(loaded.game->record().tags.get("Title"), std::string(100, 'T'));
}

// ---- DhtmlXQ ----

std::vector<std::string> line_of(const Record& r, NodeId from) {
  std::vector<std::string> moves;
  for (const NodeId id : r.line(from))
    if (id != RootNode) moves.push_back(r.node(id).at.iccs);
  return moves;
}

TEST(Dhtmlxq, AForumPageWithHtmlIchinachessUnitsAndTakenPieces) {
  const std::string page = fixture("forum-page.html");
  EXPECT_EQ(formats::detect_format(page), formats::Format::DHTMLXQ);
  const std::vector<formats::Loaded> games = formats::read_games(page);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].game) << games[0].error;
  const Record& r = games[0].game->record();
  EXPECT_EQ(r.tags.get("Title"), "许银川 先负 吕钦 <测试>");
  EXPECT_EQ(r.tags.get("Red"), "许银川");
  EXPECT_EQ(r.tags.get("RedTeam"), "广东");
  EXPECT_EQ(r.tags.get("ECCO"), "C45");
  EXPECT_EQ(r.tags.get("Opening"), "中炮对屏风马");
  EXPECT_FALSE(r.tags.has("ver"));
  EXPECT_EQ(r.declared.outcome, Outcome::BLACK_WINS);  // 红先负
  EXPECT_EQ(line_of(r, RootNode), (std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"}));
  EXPECT_EQ(r.node(RootNode).comment, "第一行\n第二行 & 第三行");
  // The second block: a board with taken pieces ("nn", "99"), Black to move first, moves in
  // ichinachess's 12-character units.
  ASSERT_TRUE(games[1].game) << games[1].error;
  const Record& e = games[1].game->record();
  EXPECT_EQ(e.start_fen(), "3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 0 1");
  EXPECT_EQ(line_of(e, RootNode), (std::vector<std::string>{"d9d8", "e7e8", "d8d9"}));
  EXPECT_EQ(e.declared.outcome, Outcome::DRAW);
}

TEST(Dhtmlxq, BareTagsWithNestedBranchesAndTheirComments) {
  const formats::Loaded loaded = formats::read_game(fixture("branches.txt"));
  ASSERT_TRUE(loaded.game) << loaded.error;
  EXPECT_EQ(loaded.format, formats::Format::DHTMLXQ);
  // The same tree as the study (branches 1-3), with its comments.
  Record expected = study()->record();
  EXPECT_TRUE(loaded.game->record().same_game(expected))
      << formats::write_pgn(loaded.game->record());
}

TEST(Dhtmlxq, BadBranchesAreDroppedWithANoteAndABadMainLineIsAnError) {
  const std::string text =
      "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"
      "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]"      // 1... b9c7: kept
      "[DhtmlXQ_move_0_9_2]7062[/DhtmlXQ_move_0_9_2]"      // after ply 8 of a line of 2: dropped
      "[DhtmlXQ_move_1_3_3]00090000[/DhtmlXQ_move_1_3_3]"  // a0a9 cannot: dropped
      "[/DhtmlXQ]";
  const formats::Loaded loaded = formats::read_game(text);
  ASSERT_TRUE(loaded.game) << loaded.error;
  const Record& r = loaded.game->record();
  EXPECT_NE(r.node(RootNode).comment.find("branch move_0_9_2 was dropped"), std::string::npos)
      << r.node(RootNode).comment;
  const NodeId first = r.node(RootNode).children[0];
  ASSERT_EQ(r.node(first).children.size(), 2u);
  EXPECT_NE(r.node(r.node(first).children[1]).comment.find("move 2. 0009 (a9-a0) is not legal"),
            std::string::npos)
      << r.node(r.node(first).children[1]).comment;
  const formats::Loaded bad = formats::read_game("[DhtmlXQ_movelist]77477072[/DhtmlXQ_movelist]");
  EXPECT_FALSE(bad.game);
  EXPECT_NE(bad.error.find("move 1... 7072 (h9-h7) is not legal (Black to move"), std::string::npos)
      << bad.error;
  EXPECT_NE(bad.error.find("on the main line"), std::string::npos);
  for (const char* broken :
       {"[DhtmlXQ_movelist]77477[/DhtmlXQ_movelist]", "[DhtmlXQ_binit]8979[/DhtmlXQ_binit]",
        "[DhtmlXQ_binit]8989695949392919097717866646260600102030405060708012720323436383"
        "[/DhtmlXQ_binit]",
        "[DhtmlXQ]", "[DhtmlXQ_fen]bad[/DhtmlXQ_fen]"}) {
    const formats::Loaded r2 = formats::read_game(broken, {formats::Format::DHTMLXQ});
    EXPECT_FALSE(r2.game) << broken;
    EXPECT_FALSE(r2.error.empty()) << broken;
  }
}

TEST(Dhtmlxq, ABoardDrawnUpsideDownIsTurnedAround) {
  // The start with Red at the top, and 1. 炮二平五 马８进７ in its coordinates.
  const formats::Loaded loaded = formats::read_game(
      "[DhtmlXQ_binit]0010203040506070801272032343638389796959493929190977178666462606"
      "[/DhtmlXQ_binit][DhtmlXQ_movelist]12421927[/DhtmlXQ_movelist]");
  ASSERT_TRUE(loaded.game) << loaded.error;
  EXPECT_EQ(loaded.game->record().start_fen(), Position::StartFen);
  EXPECT_EQ(line_of(loaded.game->record(), RootNode), (std::vector<std::string>{"h2e2", "h9g7"}));
}

TEST(Dhtmlxq, TextThatLooksLikeMarkupReadsBack) {
  Game game;
  game.tags().set("Event", " [第1轮] 100% | a||b & <c> \\u0041 ");
  game.tags().set("Custom_Tag", "值");
  // The opening is written after its ECCO code in one value, and its markup read once (found by
  // dhtmlxq_fuzz: the name after the code had its HTML and escapes undone a second time).
  game.tags().set("ECCO", "C45");
  game.tags().set("Opening", "中炮<br x> %3C &amp; [/DhtmlXQ_open]");
  game.set_comment(RootNode, "\n[DhtmlXQ_comment1]x[/DhtmlXQ_comment1]\r\n|\n||%41 &amp; ");
  play(game, "h2e2");
  game.set_comment(game.cursor(), "a\n\nb");
  const std::string written = formats::write_dhtmlxq(game.record());
  const formats::Loaded back = formats::read_game(written);
  ASSERT_TRUE(back.game) << back.error << "\n" << written;
  EXPECT_TRUE(back.game->record().same_game(game.record())) << written;
  EXPECT_EQ(back.game->record().tags.get("Custom_Tag"), "值");
  // A malformed comment or move tag is not a tag (found by dhtmlxq_fuzz: it was kept, and then
  // not written).
  const formats::Loaded odd = formats::read_game(
      "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_commentmove_0]x[/DhtmlXQ_commentmove_0]"
      "[DhtmlXQ_moves]1[/DhtmlXQ_moves]");
  ASSERT_TRUE(odd.game) << odd.error;
  EXPECT_TRUE(odd.game->record().tags.all().empty());
}

// Binit says where the pieces stand, not whose move it is nor the counters. The second start, Black
// to move in check with no moves, is not even a position with Red to move (found by xqf_fuzz).
TEST(Dhtmlxq, StartsThatBinitCannotSayAreWrittenAsAFen) {
  for (const char* fen :
       {"3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 12 40", "4k4/9/4R4/9/9/9/9/9/9/3K5 b - - 0 1"}) {
    Game game;
    ASSERT_EQ(game.reset(fen), "");
    const std::string written = formats::write_dhtmlxq(game.record());
    EXPECT_NE(written.find("[DhtmlXQ_fen]"), std::string::npos) << written;
    const formats::Loaded back = formats::read_game(written);
    ASSERT_TRUE(back.game) << back.error;
    EXPECT_EQ(back.game->record().start_fen(), game.record().start_fen());
  }
  // The standard start needs none, and binit is what 东萍 writes.
  const std::string plain = formats::write_dhtmlxq(Game().record());
  EXPECT_EQ(plain.find("[DhtmlXQ_fen]"), std::string::npos) << plain;
  EXPECT_NE(plain.find("8979695949392919097717866646260600102030405060708012720323436383"),
            std::string::npos)
      << plain;
}

// ---- Every sample, every writer ----

// Each file of fixtures/games/ with its games.
std::vector<std::pair<std::string, formats::Loaded>> every_sample() {
  std::vector<std::pair<std::string, formats::Loaded>> all;
  for (const char* name : {"study.pgn", "study-gbk.pgn", "study-big5.pgn", "forum-page.html",
                           "branches.txt", "study.dhtmlxq", "tandem-pawns.pgn"})
    for (formats::Loaded& g : formats::read_games(fixture(name)))
      all.emplace_back(name, std::move(g));
  for (const XqfSample& s : XqfSamples)
    all.emplace_back(s.file, formats::read_game(fixture(s.file)));
  return all;
}

TEST(Formats, EverySampleRoundTripsThroughDhtmlxqAndPgn) {
  int games = 0;
  for (auto& [name, loaded] : every_sample()) {
    ASSERT_TRUE(loaded.game) << name << ": " << loaded.error;
    ++games;
    Record r = loaded.game->record();
    for (NodeId id = 0; id < r.size(); ++id) r.set_nag(id, 0);  // DhtmlXQ has no annotations
    const std::string dhtml = formats::write_game(r, formats::Format::DHTMLXQ);
    const formats::Loaded back = formats::read_game(dhtml);
    ASSERT_TRUE(back.game) << name << ": " << back.error;
    EXPECT_TRUE(back.game->record().same_game(r)) << name << "\n" << dhtml;
    for (const Notation n : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
      const std::string pgn = formats::write_game(loaded.game->record(), formats::Format::PGN, {n});
      const formats::Loaded again = formats::read_game(pgn);
      ASSERT_TRUE(again.game) << name << ": " << again.error;
      EXPECT_TRUE(again.game->record().same_game(loaded.game->record())) << name << "\n" << pgn;
    }
  }
  EXPECT_GE(games, 18);
}

TEST(Formats, TheDhtmlxqSampleIsWhatTheWriterWrites) {
  // study.dhtmlxq is study.pgn written by write_dhtmlxq (annotations aside).
  formats::Loaded pgn = formats::read_game(fixture("study.pgn"));
  ASSERT_TRUE(pgn.game);
  Record r = pgn.game->record();
  for (NodeId id = 0; id < r.size(); ++id) r.set_nag(id, 0);
  const std::string written = formats::write_dhtmlxq(r);
  if (std::getenv("CHUHAN_WRITE_FIXTURES")) std::ofstream(FixtureDir + "study.dhtmlxq") << written;
  EXPECT_EQ(fixture("study.dhtmlxq"), written);
}

}  // namespace
}  // namespace chuhan::test
