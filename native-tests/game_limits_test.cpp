// What the engine writes it reads back (issue 16, item 5), games without moves are refused
// (item 6), quoted input in errors stays short and printable (item 8), and games are as long as
// memory allows (issue 17).
#include <gtest/gtest.h>

#include "engine.h"
#include "notation.h"
#include "quote.h"

namespace chuhan::test {
namespace {

// `plies` moves of both horses going out and back: no capture, no check.
std::vector<std::string> shuffle_horses(int plies) {
  const char* const Cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
  std::vector<std::string> moves;
  for (int i = 0; i < plies; ++i) moves.push_back(Cycle[i % 4]);
  return moves;
}

TEST(GameLimits, LongGamesFenLoadsBack) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", shuffle_horses(1000)), "");
  const std::string fen = engine.fen();
  EXPECT_NE(fen.find(" 1000 501"), std::string::npos) << fen;
  Engine other;
  ASSERT_EQ(other.set_position(fen), "");
  EXPECT_EQ(other.fen(), fen);
  // Counters are bounded by their digits, not by a game length the parser guesses.
  EXPECT_NE(other.set_position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 1234567890 1")
                .find("bad 60-move rule counter"),
            std::string::npos);
}

TEST(GameLimits, LongGamesPgnLoadsBack) {
  for (int plies : {1024, 1025, 5000}) {
    Engine engine;
    ASSERT_EQ(engine.set_position("startpos", shuffle_horses(plies)), "");
    Engine other;
    ASSERT_EQ(other.load_pgn(engine.pgn()), "") << plies;
    EXPECT_EQ(other.moves().size(), size_t(plies));
    EXPECT_EQ(other.fen(), engine.fen());
  }
}

// A game has no ply limit of its own (issue 17): one past the old limit of 100,000 plies loads,
// and so does its PGN.
TEST(GameLimits, GamesAreAsLongAsMemoryAllows) {
  const int plies = 100001;
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", shuffle_horses(plies)), "");
  EXPECT_EQ(engine.game().plies(), plies);
  EXPECT_EQ(engine.game().record(plies).iccs, "h0g2");
  Engine other;
  ASSERT_EQ(other.load_pgn(engine.pgn()), "");
  EXPECT_EQ(other.fen(), engine.fen());
}

TEST(GameLimits, PgnWithoutMovesOrFenIsRefused) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "h9g7"}), "");
  for (const char* text :
       {"", "   \n", "[Event \"x\"]", "1-0", "[Event \"x\"]\n\n*", "{only a comment}"}) {
    EXPECT_NE(engine.load_pgn(text).find("no moves and no FEN tag"), std::string::npos) << text;
    EXPECT_EQ(engine.moves(), (std::vector<std::string>{"h2e2", "h9g7"})) << text;
  }
  // A game without moves is written with its FEN, so that it reads back.
  Engine fresh;
  EXPECT_EQ(engine.load_pgn(fresh.pgn()), "") << fresh.pgn();
  EXPECT_EQ(engine.fen(), fresh.fen());
  // A FEN tag alone is a position to start from.
  EXPECT_EQ(engine.load_pgn("[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n*"), "");
  EXPECT_EQ(engine.fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
}

TEST(Quote, KeepsTextAndEscapesTheRest) {
  EXPECT_EQ(quote("h2e2"), "'h2e2'");
  EXPECT_EQ(quote("炮二平五"), "'炮二平五'");
  EXPECT_EQ(quote(std::string("a\0b\x1b[2J", 7)), "'a\\x00b\\x1B[2J'");
  // Broken UTF-8: a lone lead byte, a stray continuation byte, an overlong '/', a surrogate.
  EXPECT_EQ(quote("\xe7\x82 \x80 \xc0\xaf \xed\xa0\x80"),
            "'\\xE7\\x82 \\x80 \\xC0\\xAF \\xED\\xA0\\x80'");
  const std::string long_text(100000, 'z');
  const std::string q = quote(long_text);
  EXPECT_EQ(q, "'" + std::string(MaxQuotedChars, 'z') + "\xE2\x80\xA6' (+" +
                   std::to_string(100000 - MaxQuotedChars) + " bytes)");
}

}  // namespace
}  // namespace chuhan::test
