// The command line's analyze (core/cli/analyze.h) and the protocol loop with inline jobs, as the
// npm package's command runs it (a build without threads): input polled while a search runs.
#include <gtest/gtest.h>

#include <deque>
#include <fstream>
#include <iterator>

#include "command_line.h"
#include "data_files.h"
#include "formats/game_file.h"
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

// ---- convert ----

struct Converted {
  int status = 0;
  std::string out, err;
};

Converted convert(const std::vector<std::string>& args) {
  Converted c;
  Engine engine;
  std::vector<std::string> all = {"convert"};
  all.insert(all.end(), args.begin(), args.end());
  const cli::Streams io{[&c](const std::string& line) { c.out += line + "\n"; },
                        [&c](const std::string& line) { c.err += line + "\n"; }};
  c.status = cli::run(engine, all, io, false);
  return c;
}

const std::string Games = std::string(CHUHAN_TEST_DIR) + "/fixtures/games/";

// ---- explore ----

Converted explore(const std::vector<std::string>& args) {
  Converted c;
  Engine engine;
  std::vector<std::string> all = {"explore"};
  all.insert(all.end(), args.begin(), args.end());
  const cli::Streams io{[&c](const std::string& line) { c.out += line + "\n"; },
                        [&c](const std::string& line) { c.err += line + "\n"; }};
  c.status = cli::run(engine, all, io, false);
  return c;
}

const std::string OpeningsData = std::string(CHUHAN_TEST_DIR) + "/../wasm/data/openings.bin";

TEST(Explore, PrintsTheMastersMovesAsTextAndJson) {
  const Converted start = explore({"startpos", "--data", OpeningsData});
  EXPECT_EQ(start.status, 0) << start.err;
  EXPECT_TRUE(has(start.out, "Games: 2")) << start.out;  // 27,964: the whole collection
  EXPECT_TRUE(has(start.out, "\nh2e2  炮二平五")) << start.out;
  EXPECT_TRUE(has(start.out, "Master games:") && has(start.out, "CC BY 4.0")) << start.out;

  const Converted json =
      explore({"startpos", "moves", "h2e2", "h9g7", "--json", "--data", OpeningsData});
  EXPECT_EQ(json.status, 0) << json.err;
  for (const char* key : {"{\"games\":", "\"opening\":{\"eco\":\"", "\"moves\":[{\"move\":\"h0g2\"",
                          "\"red\":", "\"draw\":", "\"black\":", "\"topGames\":[{\"id\":"})
    EXPECT_TRUE(has(json.out, key)) << key << "\n" << json.out;

  // A position no master reached: no moves, no games.
  const Converted far =
      explore({"3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1", "--json", "--data", OpeningsData});
  EXPECT_EQ(far.status, 0) << far.err;
  EXPECT_TRUE(has(far.out, "\"games\":0") && has(far.out, "\"moves\":[]")) << far.out;
}

TEST(Explore, RefusesBadArgumentsAndMissingData) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {}, {"startpos", "--frob"}, {"bad fen"}, {"startpos", "--data"}}) {
    const Converted c = explore(args);
    EXPECT_EQ(c.status, 2) << c.out << c.err;
  }
  const Converted missing = explore({"startpos", "--data", "/nonexistent/openings.bin"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_TRUE(has(missing.err, "no opening data")) << missing.err;
  const Converted wrong =
      explore({"startpos", "--data", std::string(CHUHAN_TEST_DIR) + "/cli_test.cpp"});
  EXPECT_EQ(wrong.status, 1);
  EXPECT_TRUE(has(wrong.err, "not an opening explorer file")) << wrong.err;
}

TEST(Convert, WritesEachFormatFromTheBytes) {
  const Converted pgn = convert({Games + "study-1.8.xqf", "--notation", "wxf"});
  EXPECT_EQ(pgn.status, 0) << pgn.err;
  EXPECT_TRUE(has(pgn.out, "[Red \"红方甲\"]")) << pgn.out;
  EXPECT_TRUE(has(pgn.out, "[Result \"1-0\"]")) << pgn.out;
  EXPECT_TRUE(has(pgn.out, "1. C2=5 {当头炮} 1... H8+7 (1... C8=5)")) << pgn.out;
  EXPECT_EQ(pgn.err, "");

  const Converted json = convert({Games + "branches.txt", "--to", "json"});
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(has(json.out, "\"moves\":[\"h2e2\",\"h9g7\",\"h0g2\",\"i9h9\",\"i0h0\",\"b9c7\"]"))
      << json.out;
  EXPECT_EQ(count_of(json.out, "\n"), 1u);

  const Converted dhtml = convert({Games + "study.pgn", "--to", "dhtmlxq"});
  EXPECT_EQ(dhtml.status, 0) << dhtml.err;
  EXPECT_TRUE(has(dhtml.out, "[DhtmlXQ_movelist]7747706279678070")) << dhtml.out;
  EXPECT_TRUE(has(dhtml.out, "[/DhtmlXQ]")) << dhtml.out;

  const Converted fen = convert({Games + "ending-1.2.xqf", "--to", "fen"});
  EXPECT_EQ(fen.out, "3k5/9/4P4/9/9/9/9/9/4A4/3AK4 b - - 0 1\n");

  // An encoding told rather than detected.
  const Converted told =
      convert({Games + "study-gbk.pgn", "--encoding", "gbk", "--notation", "iccs"});
  EXPECT_EQ(told.status, 0) << told.err;
  EXPECT_TRUE(has(told.out, "[Opening \"中炮对屏风马\"]")) << told.out;
}

TEST(Convert, AllConvertsEveryGameAndReportsTheBadOnes) {
  const std::string path = ::testing::TempDir() + "chuhan-convert-all.pgn";
  std::ofstream(path)
      << "[Red \"A\"]\n1. h2e2 *\n\n[Red \"B\"]\n1. h2h8 *\n\n[Red \"C\"]\n1. b2e2 *\n";
  const Converted first = convert({path, "--to", "fen"});
  EXPECT_EQ(first.status, 0);
  EXPECT_EQ(count_of(first.out, "\n"), 1u);
  const Converted all = convert({path, "--all", "--to", "json"});
  EXPECT_EQ(all.status, 1);
  EXPECT_EQ(count_of(all.out, "\n"), 2u) << all.out;  // one JSON object a line
  EXPECT_EQ(count_of(all.err, "\n"), 1u) << all.err;
  EXPECT_TRUE(has(all.err, "chuhan: convert: " + path + ": pgn game 2: line 5: 'h2h8'")) << all.err;
  const Converted forum = convert({Games + "forum-page.html", "--all", "--to", "dhtmlxq"});
  EXPECT_EQ(forum.status, 0) << forum.err;
  EXPECT_EQ(count_of(forum.out, "[DhtmlXQ]"), 2u) << forum.out;
}

TEST(Convert, ErrorsAreOneLineAndANonZeroStatus) {
  const Converted missing = convert({Games + "no-such-file.xqf"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(count_of(missing.err, "\n"), 1u) << missing.err;
  EXPECT_TRUE(has(missing.err, "cannot read")) << missing.err;

  const std::string path = ::testing::TempDir() + "chuhan-convert-cut.xqf";
  std::ifstream in(Games + "study-1.3.xqf", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  const Converted cut = convert({path});
  EXPECT_EQ(cut.status, 1);
  EXPECT_EQ(count_of(cut.err, "\n"), 1u) << cut.err;
  EXPECT_TRUE(has(cut.err, ": xqf: the file is cut short")) << cut.err;

  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{},
                                             {Games + "study.pgn", "--to", "xqf"},
                                             {Games + "study.pgn", "--notation", "klingon"},
                                             {Games + "study.pgn", "--encoding", "latin1"},
                                             {Games + "study.pgn", "--frob"},
                                             {Games + "study.pgn", "--to"},
                                             {Games + "study.pgn", Games + "study-gbk.pgn"}}) {
    const Converted bad = convert(args);
    EXPECT_EQ(bad.status, 2) << bad.err;
    EXPECT_TRUE(has(bad.err, "usage: chuhan")) << bad.err;
  }
}

TEST(Convert, CheckSaysForEachGameWhetherItReads) {
  const Converted check = convert(
      {"--check", Games + "study-1.0.xqf", Games + "forum-page.html", Games + "no-such-file.pgn"});
  EXPECT_EQ(check.status, 1);
  EXPECT_TRUE(has(check.out, "study-1.0.xqf\t1\txqf-1.0\tok\t6 moves, 11 nodes, 3 comments\n"))
      << check.out;
  EXPECT_TRUE(has(check.out, "forum-page.html\t2\tdhtmlxq\tok\t3 moves")) << check.out;
  EXPECT_TRUE(has(check.out, "no-such-file.pgn\t0\t-\terror\tcannot read the file")) << check.out;
  // Through the executable, as the measuring script runs it.
  int status = 0;
  const std::string out = run_command_line("convert --check " + Games + "study-1.8.xqf", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_TRUE(has(out, "\txqf-1.8\tok\t")) << out;
}

}  // namespace
}  // namespace chuhan::test
