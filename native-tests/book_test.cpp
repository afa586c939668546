// The opening book: sound lines, found by position, weighted choices, used only when asked.
#include "book.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include "engine.h"
#include "game.h"

namespace chuhan::test {
namespace {

TEST(Book, EveryLineIsLegalFromTheStartAndInBook) {
  ASSERT_GE(book::lines().size(), 15u);
  for (const book::Line& line : book::lines()) {
    Game game;
    std::istringstream in(line.moves);
    for (std::string text; in >> text;) {
      const std::vector<book::Candidate> offers = book::probe(game.position());
      ASSERT_EQ(game.play(text), "") << " in " << line.moves;
      // Each position on the line offers the line's move.
      bool offered = false;
      for (const book::Candidate& c : offers) offered |= c.move == game.current().move;
      EXPECT_TRUE(offered) << text << " in " << line.moves;
    }
  }
}

TEST(Book, StartPositionPrefersTheCentralCannonAndMirrorsAreRarer) {
  const Game game;
  const Position& pos = game.position();
  int central = 0, mirrored_central = 0, total = 0;
  for (const book::Candidate& c : book::probe(pos)) {
    total += c.weight;
    if (move_to_string(c.move) == "h2e2") central = c.weight;
    if (move_to_string(c.move) == "b2e2") mirrored_central = c.weight;
  }
  EXPECT_GT(central, total / 2);
  EXPECT_EQ(central, 4 * mirrored_central);
}

TEST(Book, PicksFollowTheWeightsAndLeaveTheBookLater) {
  Game game;
  std::set<std::string> seen;
  const Position& pos = game.position();
  for (uint64_t r = 0; r < 400; ++r) seen.insert(move_to_string(book::pick(pos, r * 7919)));
  EXPECT_GE(seen.size(), 6u);  // variety
  EXPECT_TRUE(seen.count("h2e2"));

  // A position far from theory is out of book.
  ASSERT_EQ(game.reset("3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1"), "");
  EXPECT_TRUE(book::probe(pos).empty());
  EXPECT_EQ(book::pick(pos, 1), MOVE_NONE);
}

TEST(Book, EngineUsesItOnlyWhenAskedAndNotForAnalysis) {
  Engine engine;
  SearchLimits limits;
  limits.depth = 3;
  EXPECT_FALSE(engine.go(limits).book);  // off by default

  ASSERT_EQ(engine.set_option(contract::Option::OWN_BOOK, 1, "OwnBook"), "");
  engine.seed_random(42);
  const BestMove from_book = engine.go(limits);
  EXPECT_TRUE(from_book.book);
  const auto legal = engine.legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), from_book.move), legal.end());

  // Analysis (infinite, until stop) always searches.
  SearchLimits analysis;
  analysis.infinite = true;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    engine.stop();
  });
  EXPECT_FALSE(engine.go(analysis).book);
  stopper.join();

  // Transposition: the line's position reached by another move order is still in book.
  ASSERT_EQ(engine.set_position("startpos", {"c3c4", "h9g7", "b0c2", "g6g5"}), "");
  EXPECT_TRUE(engine.go(limits).book);
}

}  // namespace
}  // namespace chuhan::test
