// The opening book: built from the master games (scripts/openings/), found by opening key, moves
// masters did not lose with more often than not, weighted choices, used only when asked.
#include "book.h"

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine.h"
#include "explorer.h"
#include "game.h"
#include "opening_key.h"

namespace chuhan::test {
namespace {

std::string move_text(const book::Candidate& c) { return move_to_string(c.move); }

// The embedded book was built with the engine's position keys (book::parse refuses another).
TEST(Book, IsBuiltWithTheEnginesKeys) {
  EXPECT_GT(book::entries().size(), 1000u) << "rebuild core/book.bin (scripts/openings)";
  std::vector<book::Entry> copy;
  const std::string bytes = book::serialize(book::entries());
  EXPECT_TRUE(book::parse(bytes, copy));
  EXPECT_EQ(copy.size(), book::entries().size());
  std::string other = bytes;
  other[12] = char(other[12] ^ 1);
  EXPECT_FALSE(book::parse(other, copy));
  EXPECT_FALSE(book::parse(bytes.substr(0, bytes.size() - 1), copy));
  EXPECT_TRUE(copy.empty());
}

// Every position the book reaches from the start: each stored move is legal there, was played by
// masters at least three times and not lost with more often than not (the explorer's data, from
// the same games, says so).
TEST(Book, EveryBookMoveIsLegalAndMastersDidNotLoseWithIt) {
  std::ifstream in(std::string(CHUHAN_TEST_DIR) + "/../wasm/data/openings.bin", std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  explorer::Data data;
  ASSERT_EQ(data.load(bytes.str()), "");

  std::map<Key, size_t> stored;
  for (const book::Entry& e : book::entries()) ++stored[e.key];
  std::set<Key> seen;
  std::deque<std::vector<std::string>> lines{{}};
  int positions = 0;
  while (!lines.empty()) {
    const std::vector<std::string> line = lines.front();
    lines.pop_front();
    Game game;
    for (const std::string& m : line) ASSERT_EQ(game.play(m), "");
    const Position& pos = game.position();
    const OpeningKey k = opening_key(pos);
    if (!seen.insert(k.key).second) continue;
    const std::vector<book::Candidate> offers = book::probe(pos);
    if (offers.empty()) continue;
    ++positions;
    EXPECT_EQ(offers.size(), stored[k.key]);  // none dropped as illegal
    const std::optional<explorer::Entry> masters = data.probe(pos);
    ASSERT_TRUE(masters.has_value());
    for (const book::Candidate& c : offers) {
      const explorer::MoveStats* m = nullptr;
      for (const explorer::MoveStats& s : masters->moves)
        if (s.move == c.move) m = &s;
      ASSERT_NE(m, nullptr) << move_text(c);
      const int losses = pos.side_to_move() == RED ? m->black : m->red;
      EXPECT_GE(m->games, 3);
      EXPECT_LE(2 * losses, m->games) << move_text(c);
      std::vector<std::string> next = line;
      next.push_back(move_text(c));
      if (line.size() < 8) lines.push_back(next);
    }
  }
  EXPECT_GT(positions, 100);
}

TEST(Book, StartPositionFollowsTheMastersWithVariety) {
  const Game game;
  const Position& pos = game.position();
  const std::vector<book::Candidate> offers = book::probe(pos);
  ASSERT_FALSE(offers.empty());
  const auto best = std::max_element(offers.begin(), offers.end(),
                                     [](auto& a, auto& b) { return a.weight < b.weight; });
  EXPECT_EQ(move_text(*best), "h2e2");
  std::set<std::string> seen;
  for (uint64_t r = 0; r < 2000; ++r) seen.insert(move_to_string(book::pick(pos, r * 7919)));
  EXPECT_GE(seen.size(), 6u);  // variety
  EXPECT_TRUE(seen.count("h2e2") && seen.count("b2e2"));
}

TEST(Book, MirrorImagesShareTheirMoves) {
  Game right, left;
  for (const char* m : {"h2e2", "h9g7"}) ASSERT_EQ(right.play(m), "");
  for (const char* m : {"b2e2", "b9c7"}) ASSERT_EQ(left.play(m), "");
  std::vector<book::Candidate> a = book::probe(right.position()), b = book::probe(left.position());
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  std::map<Move, int> mirrored;
  for (const book::Candidate& c : a) mirrored[mirror_move(c.move)] = c.weight;
  for (const book::Candidate& c : b) EXPECT_EQ(mirrored[c.move], c.weight);
}

TEST(Book, AFarPositionIsOutOfBook) {
  Game game;
  ASSERT_EQ(game.reset("3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1"), "");
  EXPECT_TRUE(book::probe(game.position()).empty());
  EXPECT_EQ(book::pick(game.position(), 1), MOVE_NONE);
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

  // Transposition: a book position reached by another move order is still in book.
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "b9c7", "h0g2", "h9g7"}), "");
  EXPECT_TRUE(engine.go(limits).book);
}

}  // namespace
}  // namespace chuhan::test
