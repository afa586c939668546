// The learned evaluation, for every architecture (arch.h): incremental accumulators equal a
// refresh, every kernel gives the same score, colour symmetry, net files that are damaged or of
// another shape are refused.
#include "nnue/nnue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

#include "data_files.h"
#include "engine.h"
#include "evaluate.h"
#include "movegen.h"

namespace chuhan::nnue {
// How the tests print an architecture: its net file version.
void PrintTo(Architecture arch, std::ostream* out) { *out << "version " << uint32_t(arch); }
}  // namespace chuhan::nnue

namespace chuhan::test {
namespace {

using nnue::Architecture;

// Random weights of `arch` within what the format allows, loaded through serialize() and parse()
// (the embedded network may be untrained, and all its outputs zero).
std::unique_ptr<nnue::Network> random_network(Architecture arch, unsigned seed,
                                              bool corrects_hand_written = false) {
  auto net = std::make_unique<nnue::Network>(arch);
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
  EXPECT_EQ(bytes.size(), nnue::file_size(arch, net->description.size()));
  EXPECT_LE(bytes.size(), nnue::MaxFileSize);
  auto loaded = std::make_unique<nnue::Network>();
  EXPECT_EQ(nnue::parse(bytes.data(), bytes.size(), *loaded), "");
  EXPECT_EQ(loaded->arch, arch);
  EXPECT_EQ(loaded->description, net->description);
  EXPECT_EQ(loaded->corrects_hand_written, corrects_hand_written);
  EXPECT_TRUE(loaded->w1 == net->w1 && loaded->b1 == net->b1 && loaded->w2 == net->w2 &&
              loaded->b2 == net->b2 && loaded->scale == net->scale);
  return loaded;
}

// The tests below run once for each architecture.
class EachArchitecture : public testing::TestWithParam<Architecture> {};
INSTANTIATE_TEST_SUITE_P(Nnue, EachArchitecture, testing::ValuesIn(nnue::Architectures),
                         [](const testing::TestParamInfo<Architecture>& info) {
                           return info.param == Architecture::PIECE_SQUARE ? "PieceSquare"
                                                                           : "GeneralBuckets";
                         });

void expect_accumulators_fresh(const nnue::Network& net, const Position& pos) {
  const size_t hidden = net.b1.size();
  for (Color c : {RED, BLACK}) {
    int16_t fresh[nnue::MaxHidden];
    nnue::refresh(net, pos, c, fresh);
    ASSERT_TRUE(pos.state()->accumulator->computed[c]);
    ASSERT_EQ(std::memcmp(fresh, pos.state()->accumulator->values[c], hidden * sizeof(int16_t)), 0)
        << "perspective " << int(c) << " in " << pos.fen();
  }
}

TEST_P(EachArchitecture, IncrementalAccumulatorsEqualARefreshThroughRandomGames) {
  // Two networks taking turns by game, as searches with another EvalFile would: the stack's
  // refresh cache must not serve one network's sums to the other.
  const std::unique_ptr<nnue::Network> nets[] = {random_network(GetParam(), 1),
                                                 random_network(GetParam(), 3)};
  std::mt19937 rng(7);
  int evaluated = 0, bucket_changes = 0;
  // A search's way: each state made points at its ply's entry of an accumulator stack; the
  // root has none.
  nnue::AccumulatorStack stack;
  for (int game = 0; game < 45; ++game) {
    const nnue::Network* const net = nets[game / 4 % 2].get();
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
        const Color us = pos.side_to_move();
        if (from_sq(m) == pos.general_square(us) && nnue::GeneralBuckets::bucket(us, from_sq(m)) !=
                                                        nnue::GeneralBuckets::bucket(us, to_sq(m)))
          ++bucket_changes;
        pos.do_move(m, states[++top]);
        states[top].accumulator = stack.fresh(int(top));
        played.push_back(m);
      }
      if (rng() % 3 == 0 && top > 0) {
        evaluate(pos, net);
        expect_accumulators_fresh(*net, pos);
        ++evaluated;
      }
    }
  }
  EXPECT_GT(evaluated, 1000);
  EXPECT_GT(bucket_changes, 100) << "moves of a general into another bucket";
}

TEST_P(EachArchitecture, EveryKernelGivesTheSameScore) {
  const auto net = random_network(GetParam(), 2);
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

TEST_P(EachArchitecture, ColourMirroredPositionsEvaluateTheSame) {
  // Alone, and as a correction added to the hand-written evaluation (itself symmetric).
  for (bool corrects : {false, true}) {
    const auto net = random_network(GetParam(), 3, corrects);
    for (const std::string& fen : all_data_fens()) {
      Position pos, twin;
      StateInfo st, twin_st;
      if (!pos.set(fen, &st).empty()) continue;
      ASSERT_EQ(twin.set(mirror_fen(fen), &twin_st), "") << fen;
      ASSERT_EQ(evaluate(pos, net.get()), evaluate(twin, net.get())) << fen;
    }
  }
}

TEST_P(EachArchitecture, ACorrectionIsAddedToTheHandWrittenEvaluation) {
  auto alone = random_network(GetParam(), 8), corrects = random_network(GetParam(), 8, true);
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
TEST_P(EachArchitecture, TheNetworksLeadIsScaledByTheEndgameLikeTheHandWrittenOne) {
  for (bool corrects : {false, true}) {
    const auto net = random_network(GetParam(), 5, corrects);
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

// The net file's checksum made right again after an edit (FNV-1a of all bytes before it).
void fix_checksum(std::string& bytes) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i + 4 < bytes.size(); ++i) h = (h ^ uint8_t(bytes[i])) * 16777619u;
  for (int k = 0; k < 4; ++k) bytes[bytes.size() - 4 + k] = char(h >> (8 * k) & 0xFF);
}

TEST_P(EachArchitecture, DamagedOrForeignNetFilesAreRefusedAndTheEngineKeepsItsNetwork) {
  const auto net = random_network(GetParam(), 4);
  const std::string good = nnue::serialize(*net);
  nnue::Network out;
  EXPECT_EQ(nnue::parse(good.data(), good.size(), out), "");

  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  EXPECT_NE(nnue::parse(flipped.data(), flipped.size(), out).find("checksum"), std::string::npos);

  for (uint8_t v : {1, 4}) {
    std::string version = good;
    version[8] = char(v);
    fix_checksum(version);
    EXPECT_EQ(nnue::parse(version.data(), version.size(), out),
              "network file version " + std::to_string(v) + ", this engine reads versions 2 and 3");
  }

  // The other architecture's version on this one's weights, checksum and all.
  std::string foreign = good;
  foreign[8] = GetParam() == Architecture::PIECE_SQUARE ? 3 : 2;
  fix_checksum(foreign);
  EXPECT_NE(nnue::parse(foreign.data(), foreign.size(), out).find("does not match version"),
            std::string::npos);

  const std::string truncated = good.substr(0, good.size() - 100);
  EXPECT_NE(nnue::parse(truncated.data(), truncated.size(), out), "");
  std::string shortened = truncated;
  fix_checksum(shortened);
  EXPECT_EQ(nnue::parse(shortened.data(), shortened.size(), out),
            "network file has the wrong size for its shape");

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

TEST_P(EachArchitecture, UseNnueSearchesWithTheLoadedNetwork) {
  // Two networks that disagree give two different searches; the hand-written evaluation a third.
  const auto a = random_network(GetParam(), 5), b = random_network(GetParam(), 6);
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

// The output layer at its bound (arch.h): every accumulator value at or past the clip and every
// output weight at +-MaxOutputWeight give the largest sum the int32 holds; there and on random
// values the SIMD kernel gives the scalar one's result, at each architecture's width.
template <typename Arch>
void expect_output_kernels_agree() {
  constexpr int N = Arch::Hidden, QA = Arch::QA;
  alignas(64) int16_t us[N], them[N], w2[2 * N];
  auto scalar = [&] { return nnue::kernels::output_scalar<N, QA>(us, them, w2); };
  auto simd = [&] { return nnue::kernels::output_simd<N, QA>(us, them, w2); };
  for (int sign : {1, -1}) {
    std::fill_n(us, N, int16_t(INT16_MAX));
    std::fill_n(them, N, int16_t(QA));
    std::fill_n(w2, 2 * N, int16_t(sign * nnue::MaxOutputWeight));
    const int64_t bound = int64_t(sign) * QA * QA * nnue::MaxOutputWeight * 2 * N;
    EXPECT_EQ(scalar(), bound);
    EXPECT_EQ(simd(), bound);
  }
  std::mt19937 rng(N);
  auto uniform = [&](int lo, int hi) {
    return int16_t(std::uniform_int_distribution<int>(lo, hi)(rng));
  };
  for (int trial = 0; trial < 1000; ++trial) {
    for (int i = 0; i < N; ++i) us[i] = uniform(INT16_MIN, INT16_MAX), them[i] = uniform(-50, 250);
    for (int16_t& w : w2) w = uniform(-nnue::MaxOutputWeight, nnue::MaxOutputWeight);
    ASSERT_EQ(simd(), scalar());
  }
}

TEST(Nnue, TheOutputKernelsAgreeUpToTheirBound) {
  expect_output_kernels_agree<nnue::PieceSquare>();
  expect_output_kernels_agree<nnue::GeneralBuckets>();
}

// GeneralBuckets: PieceSquare's features once for each of the six places of the own general,
// seen from its side and mirrored; a general on file f shares the bucket of file d.
TEST(Nnue, TheGeneralsNinePointsAreSixBuckets) {
  using nnue::GeneralBuckets;
  for (Color c : {RED, BLACK}) {
    int seen[GeneralBuckets::Buckets] = {};
    for (int s = 0; s < SQUARE_NB; ++s) {
      if (!in_palace(c, Square(s))) continue;
      const int b = GeneralBuckets::bucket(c, Square(s));
      ASSERT_TRUE(b >= 0 && b < GeneralBuckets::Buckets) << s;
      ++seen[b];
      const Square mirrored = make_square(FILE_I - file_of(Square(s)), rank_of(Square(s)));
      EXPECT_EQ(GeneralBuckets::bucket(c, mirrored), b);
      const Square twin = make_square(file_of(Square(s)), RANK_9 - rank_of(Square(s)));
      EXPECT_EQ(GeneralBuckets::bucket(~c, twin), b);
      for (Piece pc : {R_ROOK, B_SOLDIER, B_GENERAL})
        for (Square t : {SQ_A0, Square(44), Square(89)})
          EXPECT_EQ(
              GeneralBuckets::feature(c, Square(s), pc, t),
              b * nnue::PieceSquare::Features + nnue::PieceSquare::feature(c, Square(s), pc, t));
    }
    // Files d and f (mirrored onto d) in the even buckets, file e in the odd ones.
    for (int b = 0; b < GeneralBuckets::Buckets; ++b) EXPECT_EQ(seen[b], b % 2 == 0 ? 2 : 1) << b;
  }
}

}  // namespace
}  // namespace chuhan::test
