// Perft counts from ../shared/data/perft.txt: the move generator must match them exactly.
#include <gtest/gtest.h>

#include "data_files.h"
#include "engine.h"
#include "movegen.h"
#include "protocol_runner.h"

namespace chuhan::test {
namespace {

// Deeper counts run in scripts/bench/perft-bench.sh instead of the unit tests.
constexpr uint64_t MaxLeavesInTest = 12'000'000;

TEST(Perft, MatchesEveryPublishedCountUpToTheTestBudget) {
  int checked = 0;
  for (const DataLine& line : read_data_file("perft.txt")) {
    Position pos;
    StateInfo st;
    ASSERT_EQ(pos.set(line.fields[0], &st), "") << line.fields[0];
    const std::string fen_before = pos.fen();
    for (size_t i = 1; i < line.fields.size(); ++i) {
      const auto words = split_words(line.fields[i]);
      ASSERT_EQ(words.size(), 2u);
      const int depth = std::stoi(words[0].substr(1));
      const uint64_t expected = std::stoull(words[1]);
      if (expected > MaxLeavesInTest) continue;
      EXPECT_EQ(perft(pos, depth), expected) << line.fields[0] << " depth " << depth;
      ++checked;
    }
    EXPECT_EQ(pos.fen(), fen_before) << "perft changed the position";
  }
  EXPECT_GE(checked, 60);
}

TEST(Perft, EngineDividePrintsEveryRootMove) {
  Engine engine;
  uint64_t sum = 0, after_h2e2 = 0;
  int root_moves = 0;
  const uint64_t total = engine
                             .perft(3,
                                    [&](const std::string& move, uint64_t n) {
                                      sum += n;
                                      ++root_moves;
                                      if (move == "h2e2") after_h2e2 = n;
                                    })
                             .nodes;
  EXPECT_EQ(total, 79666u);
  EXPECT_EQ(sum, total);
  EXPECT_EQ(root_moves, 44);
  // A root move's count is the perft of the position after it, one ply shallower.
  ASSERT_EQ(engine.set_position("startpos", {"h2e2"}), "");
  EXPECT_EQ(engine.perft(2).nodes, after_h2e2);
}

TEST(Perft, ProtocolGoPerftUsesStockfishFormat) {
  EngineProcess process;
  process.send("position startpos moves h2e2\ngo perft 1\n");
  ASSERT_TRUE(process.wait_for("Nodes searched")) << process.output();
  process.send("go perft 3\n");
  ASSERT_TRUE(process.wait_for("Nodes searched", 2)) << process.output();
  const std::string out = process.output();
  // Each root move on its own line as "<move>: <count>", then the total.
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2"}), "");
  EXPECT_NE(out.find("h9g7: 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes searched: " + std::to_string(engine.legal_moves().size()) + "\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Nodes searched: " + std::to_string(engine.perft(3).nodes) + "\n"),
            std::string::npos)
      << out;
}

TEST(Perft, CommandLinePerftWithFen) {
  const std::string out = run_command_line("perft 3 3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1");
  EXPECT_NE(out.find("Nodes searched: 352"), std::string::npos) << out;
}

}  // namespace
}  // namespace chuhan::test
