// The contract (core/contract.h): ranges, the one validation and its messages, the score
// convention, stable names; and the bench signature, pinned in native-tests/bench-signature.
#include "contract.h"

#include <gtest/gtest.h>

#include <fstream>

#include "engine.h"

namespace chuhan::test {
namespace {

using namespace contract;

TEST(Contract, LimitsAreValidatedOnceWithAMessage) {
  SearchLimits limits;
  EXPECT_EQ(set_limit(limits, Limit::DEPTH, 12), "");
  EXPECT_EQ(limits.depth, 12);
  EXPECT_EQ(set_limit(limits, Limit::DEPTH, MAX_PLY),
            "depth must be a whole number in 1..119, got 120");
  EXPECT_EQ(limits.depth, 12);
  // A clock of 0 is no time left, which SearchLimits holds as 1 ms.
  EXPECT_EQ(set_limit(limits, Limit::BTIME, 0), "");
  EXPECT_EQ(limits.time[BLACK], 1);
  EXPECT_NE(set_limit(limits, Limit::MOVETIME, 0), "");
  EXPECT_NE(set_limit(limits, Limit::NODES, (int64_t(1) << 50) + 1), "");
  for (const LimitSpec& s : Limits) {
    EXPECT_EQ(find_limit(s.name), &s);
    EXPECT_EQ(&spec(s.id), &s);
  }
  EXPECT_EQ(find_limit("infinite"), nullptr);
}

TEST(Contract, ABoundedSearchHasALimitThatEndsIt) {
  SearchLimits limits;
  EXPECT_FALSE(bounded(limits));
  set_limit(limits, Limit::WINC, 100);
  EXPECT_FALSE(bounded(limits));
  set_limit(limits, Limit::WTIME, 1000);
  EXPECT_TRUE(bounded(limits));
  limits.infinite = true;
  EXPECT_FALSE(bounded(limits));
}

TEST(Contract, TextIsReadWhole) {
  int64_t n = 7;
  EXPECT_FALSE(parse_whole("", n));
  EXPECT_FALSE(parse_whole("12x", n));
  EXPECT_FALSE(parse_whole("1e9", n));
  EXPECT_FALSE(parse_whole("-", n));
  EXPECT_FALSE(parse_whole("99999999999999999999", n));
  EXPECT_EQ(n, 7);
  EXPECT_TRUE(parse_whole("-42", n));
  EXPECT_EQ(n, -42);
  EXPECT_EQ(read_whole("go perft", "lots", PerftDepth, n),
            "go perft must be a whole number in 0..20, got 'lots'");
  EXPECT_EQ(read_whole("go perft", "", PerftDepth, n),
            "go perft must be a whole number in 0..20, got nothing");
  EXPECT_EQ(read_whole("go perft", "21", PerftDepth, n),
            "go perft must be a whole number in 0..20, got 21");
  EXPECT_EQ(read_whole("go perft", "3", PerftDepth, n), "");
  EXPECT_EQ(n, 3);
}

TEST(Contract, OptionsAreSetThroughTheEngine) {
  Engine engine;
  for (const OptionSpec& o : Options) {
    EXPECT_EQ(engine.option(o.id), o.default_value) << o.uci_name;
    EXPECT_EQ(find_uci_option(o.uci_name), &o);
    EXPECT_EQ(find_js_option(o.js_name), &o);
    EXPECT_NE(engine.set_option(o.id, o.range.max + 1, o.js_name), "") << o.uci_name;
    EXPECT_EQ(engine.option(o.id), o.default_value) << o.uci_name;
  }
  EXPECT_EQ(find_uci_option("multipv"), &spec(Option::MULTIPV));
  EXPECT_EQ(find_js_option("MultiPV"), nullptr);
  EXPECT_EQ(engine.set_option(Option::MULTIPV, 0, "multiPV"),
            "multiPV must be a whole number in 1..128, got 0");
  EXPECT_EQ(engine.set_option(Option::OWN_BOOK, 2, "ownBook"), "ownBook must be true or false");
  EXPECT_EQ(engine.set_option(Option::MOVE_OVERHEAD, 250, "Move Overhead"), "");
  EXPECT_EQ(engine.option(Option::MOVE_OVERHEAD), 250);
}

TEST(Contract, MateScoresCountMoves) {
  for (int moves : {1, 2, 7, -1, -3, -40}) {
    EXPECT_TRUE(is_mate(mate_value(moves)));
    EXPECT_EQ(mate_moves(mate_value(moves)), moves);
  }
  EXPECT_EQ(mate_value(1), mate_in(1));    // mate with the next move: one ply
  EXPECT_EQ(mate_value(-1), mated_in(2));  // mated after our move and the reply
  EXPECT_FALSE(is_mate(500));
}

TEST(Contract, ResultsAndReasonsHaveStableNames) {
  EXPECT_STREQ(name(Outcome::ONGOING), "ongoing");
  EXPECT_STREQ(name(Outcome::RED_WINS), "red_wins");
  EXPECT_STREQ(name(ResultReason::NONE), "");
  std::vector<std::string> names;
  for (ResultReason r : Reasons) names.push_back(name(r));
  EXPECT_EQ(names, (std::vector<std::string>{
                       "checkmate", "stalemate", "perpetual_check", "perpetual_chase", "repetition",
                       "rule_60", "insufficient_material", "resignation", "time", "agreement"}));
  for (ResultReason r : Reasons) {
    ResultReason back = ResultReason::NONE;
    EXPECT_TRUE(parse_reason(name(r), back) && back == r) << name(r);
  }
  ResultReason unchanged = ResultReason::CHECKMATE;
  EXPECT_FALSE(parse_reason("", unchanged));
  EXPECT_FALSE(parse_reason("Checkmate", unchanged));
  EXPECT_EQ(unchanged, ResultReason::CHECKMATE);
}

// The bench signature: the node count of `chuhan bench` (default depth). A commit that changes
// the search updates native-tests/bench-signature with it (and says `Bench: N`).
TEST(Contract, BenchSignatureIsPinned) {
  std::ifstream in(CHUHAN_TEST_DIR "/bench-signature");
  uint64_t expected = 0;
  ASSERT_TRUE(in >> expected) << "cannot read native-tests/bench-signature";
  Engine engine;
  EXPECT_EQ(engine.bench().nodes, expected);
}

}  // namespace
}  // namespace chuhan::test
