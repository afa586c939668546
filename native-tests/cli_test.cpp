// The command line's analyze (core/cli/analyze.h) and the protocol loop with inline jobs, as the
// npm package's command runs it (a build without threads): input polled while a search runs.
#include <gtest/gtest.h>

#include <deque>

#include "command_line.h"
#include "data_files.h"
#include "protocol_runner.h"
#include "uci.h"

namespace chuhan::test {
namespace {

// Lines handed to an inline loop: `ready` before any search, `pending` to be polled during one.
struct InlineSession {
  Engine engine;
  std::string out;
  std::deque<std::string> pending;
  ProtocolLoop loop{engine, [this](const std::string& line) { out += line + "\n"; },
                    [this](std::string& line) {
                      if (pending.empty()) return false;
                      line = pending.front();
                      pending.pop_front();
                      return true;
                    }};
};

TEST(InlineProtocol, SearchesHearStopIsreadyAndRefuseTheRest) {
  InlineSession s;
  s.pending = {"isready", "position startpos moves h2e2", "stop", "isready"};
  EXPECT_TRUE(s.loop.execute("go infinite"));  // returns once stopped
  EXPECT_EQ(count_of(s.out, "readyok"), 1u) << s.out;
  EXPECT_TRUE(has(s.out, "'position' ignored while searching; send stop first")) << s.out;
  EXPECT_TRUE(has(s.out, "bestmove ")) << s.out;
  // Lines after stop wait for the search to end: the second isready is still to come.
  EXPECT_EQ(s.pending, std::deque<std::string>{"isready"});
}

TEST(InlineProtocol, QuitDuringASearchEndsTheLoopAfterItsAnswer) {
  InlineSession s;
  s.pending = {"quit", "isready"};
  EXPECT_TRUE(s.loop.execute("ucci"));
  EXPECT_FALSE(s.loop.execute("go depth 99"));
  const size_t best = s.out.find("bestmove "), bye = s.out.find("bye");
  ASSERT_NE(best, std::string::npos) << s.out;
  EXPECT_GT(bye, best) << s.out;
  EXPECT_FALSE(s.loop.execute("isready"));
  EXPECT_FALSE(has(s.out, "readyok")) << s.out;
}

TEST(Analyze, FindsTheMatesInTwoOfTheData) {
  int cases = 0;
  for (const DataLine& line : read_data_file("mates.txt")) {
    if (line.fields[1] != "mate-in-2") continue;
    int status = 0;
    const std::string out =
        run_command_line("analyze '" + line.fields[0] + "' --depth 8 --json", &status);
    EXPECT_EQ(status, 0) << out;
    EXPECT_TRUE(has(out, "\"score\":{\"mate\":2}")) << line.fields[0] << "\n" << out;
    ++cases;
  }
  EXPECT_GE(cases, 5);
}

TEST(Analyze, PrintsNamedLinesAndRefusesBadArguments) {
  int status = 0;
  const std::string out =
      run_command_line("analyze 'startpos moves h2e2' --depth 5 --lines 2", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_TRUE(
      has(out, "Position: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"))
      << out;
  EXPECT_TRUE(has(out, "\n1. ") && has(out, "\n2. ")) << out;
  EXPECT_TRUE(has(out, "Best move: ")) << out;
  for (const char* args : {"analyze", "analyze startpos --depth 200", "analyze startpos --frob 1",
                           "analyze 'bad fen'"}) {
    const std::string refused = run_command_line(args, &status);
    EXPECT_EQ(status, 2) << args << "\n" << refused;
    EXPECT_TRUE(has(refused, "usage: chuhan")) << refused;
  }
}

}  // namespace
}  // namespace chuhan::test
