// The learned evaluation: incremental accumulators equal a refresh, every output kernel gives the
// same score, colour symmetry, and net files that are damaged or of another shape are refused.
#include "nnue/nnue.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

#include "data_files.h"
#include "engine.h"
#include "evaluate.h"
#include "movegen.h"

namespace chuhan::test {
namespace {

// Random weights within what the format allows, loaded through serialize() and parse() (the
// embedded network may be untrained, and all its outputs zero).
std::unique_ptr<nnue::Network> random_network(unsigned seed, bool corrects_hand_written = false) {
  auto net = std::make_unique<nnue::Network>();
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) {
    return int16_t(std::uniform_int_distribution<int>(lo, hi)(rng));
  };
  for (int16_t& w : net->w1) w = uniform(-60, 60);
  for (int16_t& b : net->b1) b = uniform(-50, 150);
  for (int16_t& w : net->w2) w = uniform(-127, 127);
  net->b2 = 12345;
  net->scale = 400;
  net->corrects_hand_written = corrects_hand_written;
  net->description = "random " + std::to_string(seed);
  const std::string bytes = nnue::serialize(*net);
  auto loaded = std::make_unique<nnue::Network>();
  EXPECT_EQ(nnue::parse(bytes.data(), bytes.size(), *loaded), "");
  EXPECT_EQ(loaded->description, net->description);
  EXPECT_EQ(loaded->corrects_hand_written, corrects_hand_written);
  return loaded;
}

void expect_accumulators_fresh(const nnue::Network& net, const Position& pos) {
  constexpr int Hidden = nnue::PieceSquare::Hidden;
  for (Color c : {RED, BLACK}) {
    int16_t fresh[Hidden];
    nnue::refresh(net, pos, c, fresh);
    ASSERT_TRUE(pos.state()->accumulator->computed[c]);
    ASSERT_EQ(std::memcmp(fresh, pos.state()->accumulator->values[c], sizeof fresh), 0)
        << "perspective " << int(c) << " in " << pos.fen();
  }
}

TEST(Nnue, IncrementalAccumulatorsEqualARefreshThroughRandomGames) {
  const auto net = random_network(1);
  std::mt19937 rng(7);
  int evaluated = 0;
  // A search's way: each state made points at its ply's entry of an accumulator stack; the
  // root has none.
  nnue::AccumulatorStack stack;
  for (int game = 0; game < 45; ++game) {
    Position pos;
    std::vector<StateInfo> states(400);
    size_t top = 0;
    ASSERT_EQ(pos.set(Position::StartFen, &states[top]), "");
    std::vector<Move> played;
    for (int ply = 0; ply < MAX_PLY; ++ply) {  // within the stack
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      // Moves, a null move now and then, and take-backs, evaluating at irregular intervals so
      // that updates run over chains of several stale states.
      const unsigned roll = rng() % 10;
      if (roll == 0 && !pos.in_check()) {
        pos.do_null_move(states[++top]);
        states[top].accumulator = stack.fresh(int(top));
        played.push_back(MOVE_NULL);
      } else if (roll == 1 && !played.empty()) {
        played.back() == MOVE_NULL ? pos.undo_null_move() : pos.undo_move(played.back());
        played.pop_back();
        --top;
      } else {
        const Move m = moves.begin()[rng() % moves.size()];
        pos.do_move(m, states[++top]);
        states[top].accumulator = stack.fresh(int(top));
        played.push_back(m);
      }
      if (rng() % 3 == 0 && top > 0) {
        evaluate(pos, net.get());
        expect_accumulators_fresh(*net, pos);
        ++evaluated;
      }
    }
  }
  EXPECT_GT(evaluated, 1000);
}

TEST(Nnue, EveryKernelGivesTheSameScore) {
  const auto net = random_network(2);
  int nonzero = 0;
  for (const std::string& fen : all_data_fens()) {
    Position pos;
    StateInfo st;
    if (!pos.set(fen, &st).empty()) continue;
    const int64_t scalar = nnue::output(*net, pos, nnue::Kernel::Scalar);
    ASSERT_EQ(nnue::output(*net, pos, nnue::Kernel::Simd), scalar) << fen;
    nonzero += scalar != 0;
  }
  EXPECT_GT(nonzero, 100);
}

TEST(Nnue, ColourMirroredPositionsEvaluateTheSame) {
  // Alone, and as a correction added to the hand-written evaluation (itself symmetric).
  for (bool corrects : {false, true}) {
    const auto net = random_network(3, corrects);
    for (const std::string& fen : all_data_fens()) {
      Position pos, twin;
      StateInfo st, twin_st;
      if (!pos.set(fen, &st).empty()) continue;
      ASSERT_EQ(twin.set(mirror_fen(fen), &twin_st), "") << fen;
      ASSERT_EQ(evaluate(pos, net.get()), evaluate(twin, net.get())) << fen;
    }
  }
}

TEST(Nnue, ACorrectionIsAddedToTheHandWrittenEvaluation) {
  auto alone = random_network(8), corrects = random_network(8, true);
  int differing = 0;
  for (const std::string& fen : all_data_fens()) {
    Position pos;
    StateInfo st;
    if (!pos.set(fen, &st).empty() || std::abs(evaluate(pos)) > 5000) continue;
    // Where material cannot win, the sum is scaled (the next test).
    if (eval::endgame_scale(pos, RED) != eval::ScaleNormal ||
        eval::endgame_scale(pos, BLACK) != eval::ScaleNormal)
      continue;
    const Value sum = evaluate(pos, alone.get()) + evaluate(pos);
    if (std::abs(sum) >= VALUE_MATE_IN_MAX_PLY - 1) continue;  // clamped
    ASSERT_EQ(evaluate(pos, corrects.get()), sum) << fen;
    differing += evaluate(pos) != 0;
  }
  EXPECT_GT(differing, 100);
}

// Material that cannot give mate scores a draw whatever the network says, alone or as a correction.
TEST(Nnue, TheNetworksLeadIsScaledByTheEndgameLikeTheHandWrittenOne) {
  for (bool corrects : {false, true}) {
    const auto net = random_network(5, corrects);
    int nonzero = 0;
    for (const char* fen :
         {"3k5/4a4/9/9/9/9/9/9/4A4/4KA3 w - - 0 1", "4k4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 b - - 0 1",
          "5k3/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1"}) {
      Position pos;
      StateInfo st;
      ASSERT_EQ(pos.set(fen, &st), "") << fen;
      EXPECT_EQ(evaluate(pos, net.get()), 0) << fen;
      nonzero += nnue::output(*net, pos) != 0;
    }
    EXPECT_GT(nonzero, 0) << "the network has an opinion to scale away";
  }
}

TEST(Nnue, DamagedOrForeignNetFilesAreRefusedAndTheEngineKeepsItsNetwork) {
  const auto net = random_network(4);
  const std::string good = nnue::serialize(*net);
  nnue::Network out;
  EXPECT_EQ(nnue::parse(good.data(), good.size(), out), "");

  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  EXPECT_NE(nnue::parse(flipped.data(), flipped.size(), out).find("checksum"), std::string::npos);

  std::string version = good;
  version[8] = 3;
  EXPECT_NE(nnue::parse(version.data(), version.size(), out).find("version 3"), std::string::npos);

  const std::string truncated = good.substr(0, good.size() - 100);
  EXPECT_NE(nnue::parse(truncated.data(), truncated.size(), out), "");

  const std::string text = "rnbakabnr/9/1c5c1/p1p1p1p1p/9";
  EXPECT_EQ(nnue::parse(text.data(), text.size(), out), "not a Chuhan network file");

  Engine engine;
  const uint32_t before = engine.network().id;
  const std::string problem = engine.load_network(flipped.data(), flipped.size());
  EXPECT_NE(problem.find("keeping"), std::string::npos) << problem;
  EXPECT_EQ(engine.network().id, before);
  EXPECT_EQ(engine.load_network(good.data(), good.size()), "");
  EXPECT_EQ(engine.network().description, "random 4");
  engine.use_embedded_network();
  EXPECT_EQ(engine.network().id, nnue::embedded_network().id);
}

TEST(Nnue, UseNnueSearchesWithTheLoadedNetwork) {
  // Two networks that disagree give two different searches; the hand-written evaluation a third.
  const auto a = random_network(5), b = random_network(6);
  auto nodes_with = [](const nnue::Network* net) {
    Engine engine;
    if (net) {
      const std::string bytes = nnue::serialize(*net);
      EXPECT_EQ(engine.load_network(bytes.data(), bytes.size()), "");
    }
    EXPECT_EQ(engine.set_option(contract::Option::USE_NNUE, net != nullptr, "Use NNUE"), "");
    SearchLimits limits;
    limits.depth = 7;
    uint64_t nodes = 0;
    engine.go(limits, [&](const SearchInfo& info) { nodes = info.nodes; });
    return nodes;
  };
  const uint64_t hand_written = nodes_with(nullptr), with_a = nodes_with(a.get());
  EXPECT_NE(with_a, hand_written);
  EXPECT_NE(nodes_with(b.get()), with_a);
  EXPECT_EQ(nodes_with(a.get()), with_a);  // and each is deterministic
}

}  // namespace
}  // namespace chuhan::test
