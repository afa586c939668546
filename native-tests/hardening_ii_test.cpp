// Issue 31 (hardening II): the `chuhan` binary and the engine driven by a hostile user. Each test
// names the item of the issue it pins.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "engine.h"
#include "nnue.h"
#include "protocol_runner.h"

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

}  // namespace
}  // namespace chuhan::test
