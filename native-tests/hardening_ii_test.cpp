// Issue 31 (hardening II): the `chuhan` binary and the engine driven by a hostile user. Each test
// names the item of the issue it pins.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <memory>

#include "engine.h"
#include "nnue.h"
#include "protocol_runner.h"
#include "uci.h"

namespace chuhan::test {
namespace {

// A fresh directory under /tmp, removed with everything in it at the end of the test.
class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/chuhan-test-XXXXXX";
    path_ = mkdtemp(name) ? name : "/tmp";
  }
  ~TempDir() { std::system(("rm -rf '" + path_ + "'").c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The lines of `text`.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t start = 0, end; start < text.size(); start = end + 1) {
    end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

// Items 1 and 2: EvalFile refuses a directory, a device, a FIFO and a file too large to be a net,
// at once and without reading it, and the loop goes on (isready answered, exit 0).
TEST(HardeningII, EvalFileRefusesWhatIsNotANetFileAtOnce) {
  TempDir dir;
  const std::string fifo = dir.path() + "/fifo", big = dir.path() + "/big.nnue";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // 600 MB, sparse: it costs no disk, and reading it whole took 9 s and 987 MB.
  ASSERT_EQ(truncate((write_file(big, "CHUHANNN"), big).c_str(), 600'000'000), 0);
  for (const std::string& path :
       {dir.path(), std::string("/dev/zero"), fifo, big, dir.path() + "/missing.nnue"}) {
    EngineProcess engine;
    const auto start = std::chrono::steady_clock::now();
    engine.send("setoption name EvalFile value " + path + "\nisready\n");
    ASSERT_TRUE(engine.wait_for("readyok", 1, 10000)) << path << "\n" << engine.output();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3)) << path;
    EXPECT_TRUE(has(engine.output(), "info string error: EvalFile '" + path + "': "))
        << engine.output();
    engine.send("position startpos\ngo depth 2\n");
    ASSERT_TRUE(engine.wait_for("bestmove ")) << engine.output();
    EXPECT_EQ(engine.finish(), 0) << path << "\n" << engine.output();
  }
  // The shipped network loads.
  const std::string shipped = std::string(CHUHAN_TEST_DIR) + "/../core/nets/default.nnue";
  const std::string out =
      run_engine("setoption name EvalFile value " + shipped + "\nisready\n", "readyok");
  EXPECT_FALSE(has(out, "error")) << out;
}

// Item 9: a net file's description is quoted in messages: its lines cannot pass for the
// engine's own.
TEST(HardeningII, NetDescriptionIsQuotedInMessages) {
  TempDir dir;
  auto net = std::make_unique<nnue::Network>(nnue::embedded_network());
  net->description = "evil\nbestmove a0a1\nreadyok\n\x1b[2J";
  const std::string crafted = dir.path() + "/crafted.nnue", damaged = dir.path() + "/damaged.nnue";
  const std::string bytes = nnue::serialize(*net);
  write_file(crafted, bytes);
  write_file(damaged, bytes.substr(0, bytes.size() / 2));
  const std::string out =
      run_engine("setoption name EvalFile value " + crafted + "\nsetoption name EvalFile value " +
                     damaged + "\nisready\n",
                 "readyok");
  EXPECT_TRUE(has(out, "keeping 'evil\\x0Abestmove a0a1\\x0Areadyok\\x0A\\x1B[2J'")) << out;
  for (const std::string& line : lines_of(out)) {
    EXPECT_NE(line.rfind("bestmove", 0), 0u) << out;
    EXPECT_EQ(line.find('\x1b'), std::string::npos) << out;
  }
  EXPECT_EQ(count_of(out, "readyok"), 2u) << out;  // the one answer, and the quoted one
}

// Item 10: a FEN with a tab, CR or LF (read from a file with its line end, a share link's %0A)
// is read as the same FEN with single spaces, and no control character reaches the record.
TEST(HardeningII, FenWhiteSpaceIsNormalised) {
  const std::string start = Position::StartFen;
  for (const std::string& fen :
       {start + "\n", start + "\r\n", "\t" + start,
        std::string("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\nw\t-"
                    " -\r0 1")}) {
    Engine engine;
    ASSERT_EQ(engine.set_position(fen, {"h2e2"}), "");
    EXPECT_EQ(engine.start_fen(), start);
    EXPECT_EQ(engine.game().record(0).fen, start);
  }
}

// Item 14: the FEN counters stop at the largest the reader takes (9 digits), so a game started
// there still writes FENs that read back.
TEST(HardeningII, FenCountersStayReadable) {
  Engine engine;
  const std::string fen =
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 999999999 999999999";
  ASSERT_EQ(engine.set_position(fen, {"h2e2", "h9g7", "h0g2"}), "");
  const std::string written = engine.fen();
  EXPECT_EQ(written.substr(written.size() - 20), " 999999999 999999999") << written;
  Engine again;
  EXPECT_EQ(again.set_position(written), "") << written;
}

// The move of the `n`th "bestmove" line (from 1) in `out`, or "".
std::string nth_bestmove(const std::string& out, size_t n) {
  size_t at = std::string::npos;
  for (size_t k = 0; k < n; ++k)
    if ((at = out.find("bestmove ", at == std::string::npos ? 0 : at + 1)) == std::string::npos)
      return "";
  const size_t end = out.find_first_of(" \n", at + 9);
  return out.substr(at + 9, end - at - 9);
}

bool is_legal_after(const std::vector<std::string>& moves, const std::string& move) {
  Engine engine;
  if (!engine.set_position("startpos", moves).empty()) return false;
  const std::vector<std::string> legal = engine.legal_moves();
  return std::find(legal.begin(), legal.end(), move) != legal.end();
}

// Item 4: a search thread that cannot start (here: an address-space limit, after Threads 256
// fell back to as many as fit) gives back helpers and searches; the engine does not abort.
TEST(HardeningII, SearchThreadThatCannotStartIsNotFatal) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers reserve more address space than the limit allows";
#endif
  EngineProcess engine("ulimit -v 800000");
  engine.send("setoption name Threads value 256\nposition startpos\ngo depth 5\n");
  ASSERT_TRUE(engine.wait_for("bestmove ", 1, 30000)) << engine.output();
  engine.send("position startpos moves h2e2\ngo depth 3\n");
  ASSERT_TRUE(engine.wait_for("bestmove ", 2, 30000)) << engine.output();
  EXPECT_TRUE(is_legal_after({"h2e2"}, nth_bestmove(engine.output(), 2))) << engine.output();
  EXPECT_EQ(engine.finish(), 0) << engine.output();
}

// Item 5: `go mate N` ends once it finds a mate in N or less and otherwise runs until stop, as in
// Pikafish; so mate is not a limit that ends a search by itself, and the contract says so.
TEST(HardeningII, MateSearchEndsOnAMateOrOnStop) {
  SearchLimits limits;
  ASSERT_EQ(contract::set_limit(limits, contract::Limit::MATE, 1), "");
  EXPECT_FALSE(contract::spec(contract::Limit::MATE).ends_search);
  EXPECT_FALSE(contract::bounded(limits));
  limits.depth = 3;
  EXPECT_TRUE(contract::bounded(limits));

  int status = 0;
  const std::string refused = run_command_line("go mate 1", &status);
  EXPECT_EQ(status, 2) << refused;
  const std::string bounded = run_command_line("go mate 1 depth 4", &status);
  EXPECT_EQ(status, 0) << bounded;
  EXPECT_TRUE(is_legal_after({}, nth_bestmove(bounded, 1))) << bounded;

  // No mate from the start position: the search runs on, hears isready, and answers on stop.
  EngineProcess engine;
  engine.send("position startpos\ngo mate 1\nisready\n");
  ASSERT_TRUE(engine.wait_for("readyok", 1, 5000)) << engine.output();
  EXPECT_FALSE(has(engine.output(), "bestmove")) << engine.output();
  engine.send("stop\n");
  ASSERT_TRUE(engine.wait_for("bestmove ", 1, 5000)) << engine.output();
  // A mate in one ends the search by itself.
  engine.send("position fen 3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1\ngo mate 1\n");
  ASSERT_TRUE(engine.wait_for("bestmove ", 2, 10000)) << engine.output();
  EXPECT_EQ(engine.finish(), 0);
}

// Item 6: searchmoves takes the moves that follow it, and the parameters after them still count.
TEST(HardeningII, SearchmovesLeavesTheNextParameters) {
  int status = -1;
  const std::string out = run_command_line("go searchmoves h2e2 h0g2 depth 3", &status);
  EXPECT_EQ(status, 0) << out;
  const std::string best = nth_bestmove(out, 1);
  EXPECT_TRUE(best == "h2e2" || best == "h0g2") << out;
  EXPECT_TRUE(has(out, "info depth 3 ")) << out;
  const std::string protocol =
      run_engine("position startpos\ngo searchmoves b0c2 nodes 2000\n", "bestmove");
  EXPECT_EQ(nth_bestmove(protocol, 1), "b0c2") << protocol;
  EXPECT_FALSE(has(protocol, "error")) << protocol;
}

// Item 7: commands that arrive while a search that ends by itself runs wait for it, in order:
// every go gets its bestmove, each from the position set before it.
TEST(HardeningII, CommandsDuringABoundedSearchWaitTheirTurn) {
  const std::string out = run_engine(
      "position startpos\ngo depth 6\nposition startpos moves h2e2\ngo depth 4\n"
      "go nodes 3000\nposition startpos moves h2e2 h9g7\ngo perft 2\ngo movetime 50\n"
      "isready\n",
      "readyok");
  EXPECT_FALSE(has(out, "error")) << out;
  EXPECT_TRUE(has(out, "Nodes searched: ")) << out;
  ASSERT_EQ(count_of(out, "bestmove "), 4u) << out;
  EXPECT_TRUE(is_legal_after({}, nth_bestmove(out, 1))) << out;
  EXPECT_TRUE(is_legal_after({"h2e2"}, nth_bestmove(out, 2))) << out;
  EXPECT_TRUE(is_legal_after({"h2e2"}, nth_bestmove(out, 3))) << out;
  EXPECT_TRUE(is_legal_after({"h2e2", "h9g7"}, nth_bestmove(out, 4))) << out;

  // The same with jobs run inline (the wasm command line): the waiting line runs after the job,
  // before the lines after it.
  Engine engine;
  std::string printed;
  std::deque<std::string> input = {"position startpos moves h2e2", "go depth 2", "isready"};
  ProtocolLoop loop(
      engine, [&](const std::string& line) { printed += line + "\n"; },
      [&](std::string& line) {
        if (input.empty()) return false;
        line = input.front();
        input.pop_front();
        return true;
      });
  EXPECT_TRUE(loop.execute("go depth 5"));
  // The position came while the search ran and was read by it; the rest is still to come.
  EXPECT_EQ(input, (std::deque<std::string>{"go depth 2", "isready"}));
  EXPECT_EQ(count_of(printed, "bestmove "), 1u) << printed;
  while (!input.empty()) {
    const std::string line = input.front();
    input.pop_front();
    EXPECT_TRUE(loop.execute(line));
  }
  EXPECT_EQ(count_of(printed, "bestmove "), 2u) << printed;
  EXPECT_TRUE(is_legal_after({"h2e2"}, nth_bestmove(printed, 2))) << printed;
  EXPECT_TRUE(has(printed, "readyok")) << printed;
  EXPECT_FALSE(has(printed, "error")) << printed;
}

// Item 8: bench runs as a job: isready is answered during it, stop ends it (no signature is
// printed), and end of input ends the process.
TEST(HardeningII, BenchHearsIsreadyStopAndEndOfInput) {
  EngineProcess engine;
  engine.send("bench 20\nisready\n");
  ASSERT_TRUE(engine.wait_for("readyok", 1, 3000)) << engine.output();
  engine.send("stop\n");
  ASSERT_TRUE(engine.wait_for("info string bench stopped", 1, 5000)) << engine.output();
  EXPECT_FALSE(has(engine.output(), "Nodes searched")) << engine.output();
  engine.send("bench 20\n");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(engine.finish(10000), 0) << engine.output();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

// Item 15: output that cannot be written ends the command with status 1 and one line on
// standard error, rather than status 0 with the output lost.
TEST(HardeningII, UnwritableOutputIsAnError) {
  for (const char* args : {"analyze startpos --depth 3", "go depth 3", "perft 2"}) {
    FILE* pipe =
        popen(("'" CHUHAN_BINARY "' " + std::string(args) + " 2>&1 >/dev/full").c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string err;
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) err.append(buffer, n);
    const int status = pclose(pipe);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << args << ": " << status;
    EXPECT_EQ(err, "chuhan: cannot write the output (No space left on device)\n") << args;
  }
}

}  // namespace
}  // namespace chuhan::test
