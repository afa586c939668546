// The `chuhan` binary driven the way a hostile user or a careless script would (issue 16): every
// go answered, stop/isready/quit always heard, end of input ends the process, errors short.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "engine.h"
#include "protocol_runner.h"

namespace chuhan::test {
namespace {

// The move of the last "bestmove" line in `out`, or "".
std::string last_bestmove(const std::string& out) {
  const size_t at = out.rfind("bestmove ");
  if (at == std::string::npos) return "";
  const size_t end = out.find_first_of(" \n", at + 9);
  return out.substr(at + 9, end - at - 9);
}

bool is_legal_after(const std::vector<std::string>& moves, const std::string& move) {
  Engine engine;
  if (!engine.set_position("startpos", moves).empty()) return false;
  const std::vector<std::string> legal = engine.legal_moves();
  return std::find(legal.begin(), legal.end(), move) != legal.end();
}

// 1. End of input acts as quit: the search is stopped, answers, and the process exits.
TEST(ProtocolHardening, EndOfInputEndsEverySearch) {
  // A search answers its bestmove; a perft has none.
  for (const auto& [go, answers] : {std::pair{"go infinite", 1u},
                                    {"go", 1u},
                                    {"go ponder", 1u},
                                    {"go ponder wtime 1000 btime 1000", 1u},
                                    {"go perft 12", 0u}}) {
    EngineProcess engine;
    engine.send(std::string("position startpos\n") + go + "\n");
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(engine.finish(10000), 0) << go << " did not exit at end of input\n"
                                       << engine.output();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << go;
    EXPECT_EQ(count_of(engine.output(), "bestmove "), answers) << go << "\n" << engine.output();
  }
}

// 2. After stop, commands wait for the search to end and then run, even in the same write.
TEST(ProtocolHardening, CommandsAfterStopRunOnceTheSearchEnds) {
  EngineProcess engine;
  engine.send("position startpos\ngo infinite\n");
  ASSERT_TRUE(engine.wait_for("info depth")) << engine.output();
  engine.send("stop\nposition startpos moves h2e2\ngo depth 3\n");
  ASSERT_TRUE(engine.wait_for("bestmove ", 2)) << engine.output();
  EXPECT_FALSE(has(engine.output(), "error")) << engine.output();
  EXPECT_TRUE(is_legal_after({"h2e2"}, last_bestmove(engine.output()))) << engine.output();
  EXPECT_EQ(engine.finish(), 0);
}

// 2. readyok after stop means the bestmove is out and the next position and go are taken.
TEST(ProtocolHardening, ReadyokAfterStopMeansReady) {
  EngineProcess engine;
  for (int round = 1; round <= 20; ++round) {
    engine.send("position startpos\ngo infinite\n");
    ASSERT_TRUE(engine.wait_for("info depth 1 ", round)) << engine.output();
    engine.send("stop\nisready\n");
    ASSERT_TRUE(engine.wait_for("readyok", round)) << engine.output();
    const std::string& out = engine.output();
    EXPECT_EQ(count_of(out, "bestmove "), size_t(2 * round - 1)) << "readyok before the bestmove\n"
                                                                 << out;
    engine.send("position startpos moves h2e2\ngo depth 2\n");
    ASSERT_TRUE(engine.wait_for("bestmove ", 2 * round)) << out;
    EXPECT_TRUE(is_legal_after({"h2e2"}, last_bestmove(out))) << out;
  }
  EXPECT_FALSE(has(engine.output(), "error")) << engine.output();
  EXPECT_EQ(engine.finish(), 0);
}

// 3. A go with a bad parameter gets its error and a legal bestmove at once.
TEST(ProtocolHardening, RefusedGoStillAnswers) {
  for (const char* go :
       {"go movetime 0", "go depth -1", "go nodes abc", "go wtime 100 btime 100 winc -5",
        "go depth", "go mate 0 infinite", "go frobnicate"}) {
    EngineProcess engine;
    engine.send(std::string("position startpos moves h2e2\n") + go + "\n");
    ASSERT_TRUE(engine.wait_for("bestmove ", 1, 10000)) << go << "\n" << engine.output();
    EXPECT_TRUE(has(engine.output(), "info string error: ")) << go << "\n" << engine.output();
    EXPECT_TRUE(is_legal_after({"h2e2"}, last_bestmove(engine.output()))) << go << "\n"
                                                                          << engine.output();
    EXPECT_EQ(engine.finish(), 0);
  }
  for (const char* go : {"go depth -1", "go time abc", "go nodes 0", "go wibble"}) {
    const std::string out =
        run_engine(std::string("ucci\nposition startpos\n") + go + "\n", "bestmove ");
    EXPECT_TRUE(has(out, "info string error: ")) << go << "\n" << out;
    EXPECT_TRUE(is_legal_after({}, last_bestmove(out))) << go << "\n" << out;
  }
}

// 4. perft runs on the search thread: isready, stop and quit are heard while it counts.
TEST(ProtocolHardening, PerftIsStoppable) {
  EngineProcess engine;
  engine.send("position startpos\ngo perft 9\nisready\n");
  ASSERT_TRUE(engine.wait_for("readyok", 1, 5000)) << engine.output();
  engine.send("stop\n");
  ASSERT_TRUE(engine.wait_for("info string perft stopped", 1, 5000)) << engine.output();
  EXPECT_FALSE(has(engine.output(), "Nodes searched")) << "a stopped perft must not print a total\n"
                                                       << engine.output();
  engine.send("go perft 2\n");
  ASSERT_TRUE(engine.wait_for("Nodes searched: 1920")) << engine.output();
  engine.send("go perft 9\nquit\n");
  EXPECT_EQ(engine.finish(5000), 0) << engine.output();
}

// 7. The command line: known commands run to the end, anything else exits non-zero with usage.
TEST(ProtocolHardening, CommandLineSearchesOrRefuses) {
  int status = -1;
  const std::string go = run_command_line("go depth 5", &status);
  EXPECT_EQ(status, 0) << go;
  EXPECT_TRUE(has(go, "info depth 5 ")) << go;
  EXPECT_TRUE(is_legal_after({}, last_bestmove(go))) << go;
  for (const char* args : {"frobnicate", "perft abc", "perft", "go infinite", "go", "go movetime 0",
                           "bench x", "perft 3 not-a-fen"}) {
    const std::string out = run_command_line(args, &status);
    EXPECT_NE(status, 0) << args << "\n" << out;
    EXPECT_TRUE(has(out, "usage: chuhan")) << args << "\n" << out;
  }
}

// 8. An error quotes a short, printable prefix of the input, never the whole line.
TEST(ProtocolHardening, ErrorsQuoteAShortCleanPrefix) {
  std::string garbage(100000, 'x');
  for (size_t i = 0; i < garbage.size(); i += 7) garbage[i] = "\0\xff\xc3\x1b"[i % 4];
  for (const std::string& line :
       {garbage, "position fen " + garbage, "setoption name Hash value " + garbage,
        "position startpos moves " + garbage, "go depth " + garbage}) {
    const std::string out = run_engine(line + "\nisready\n", "readyok");
    ASSERT_TRUE(has(out, "info string error: ")) << out.substr(0, 300);
    for (size_t start = 0, end; start < out.size(); start = end + 1) {
      end = out.find('\n', start);
      if (end == std::string::npos) end = out.size();
      const std::string text = out.substr(start, end - start);
      EXPECT_LT(text.size(), 400u) << text.substr(0, 300);
      EXPECT_EQ(text.find('\0'), std::string::npos) << text.substr(0, 300);
      EXPECT_EQ(text.find('\x1b'), std::string::npos) << text.substr(0, 300);
      EXPECT_EQ(text.find("\xff"), std::string::npos) << text.substr(0, 300);
    }
  }
}

// 9 (native side). A hash size out of range is refused and the engine keeps working.
TEST(ProtocolHardening, HashSizeOutOfRangeIsRefused) {
  const std::string out = run_engine(
      "setoption name Hash value 0\nsetoption name Hash value 4096\nposition startpos\ngo depth "
      "3\n",
      "bestmove");
  EXPECT_EQ(count_of(out, "info string error: Hash must be a whole number in 1..1024"), 2u) << out;
  EXPECT_TRUE(is_legal_after({}, last_bestmove(out))) << out;
}

}  // namespace
}  // namespace chuhan::test
