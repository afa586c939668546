// The `chuhan` binary as GUIs drive it: UCI (Pikafish conventions) and UCCI (ElephantEye's).
#include <gtest/gtest.h>

#include "protocol_runner.h"

namespace chuhan::test {
namespace {

TEST(Protocol, UciHandshakeListsOptions) {
  const std::string out = run_engine("uci\nisready\nquit\n");
  for (const char* expected :
       {"id name Chuhan", "option name Hash type spin", "option name Clear Hash type button",
        "option name MultiPV", "option name Move Overhead", "option name Ponder",
        "option name OwnBook type check default false",
        "option name Skill Level type spin default 20 min 0 max 20", "uciok", "readyok"})
    EXPECT_TRUE(has(out, expected)) << expected << "\n" << out;
}

TEST(Protocol, OwnBookAnswersOpeningsWithoutSearching) {
  const std::string out = run_engine(
      "setoption name OwnBook value true\nposition startpos\ngo movetime 5000\n", "bestmove");
  EXPECT_TRUE(has(out, "info string book move ")) << out;
  EXPECT_FALSE(has(out, "info depth")) << out;
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
  const std::string ucci =
      run_engine("ucci\nsetoption usebook true\nposition startpos\ngo depth 8\n", "bestmove");
  EXPECT_TRUE(has(ucci, "info book move ")) << ucci;
}

TEST(Protocol, SearchPrintsInfoAndBestMove) {
  const std::string out = run_engine("position startpos moves h2e2\ngo depth 6\n", "bestmove");
  EXPECT_TRUE(has(out, "info depth 6 seldepth")) << out;
  EXPECT_TRUE(has(out, " score cp ")) << out;
  EXPECT_TRUE(has(out, " nps ")) << out;
  EXPECT_TRUE(has(out, " hashfull ")) << out;
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
}

TEST(Protocol, GarbageAndBadArgumentsGetErrorsAndAreIgnored) {
  const std::string out = run_engine(
      "hello world\n"
      "position\n"
      "position fen rnbakabnr/9 w - - 0 1\n"
      "position startpos moves h2e2 h2e2\n"
      "setoption name Hash value lots\n"
      "setoption name Nonsense value 3\n"
      "go depth -5\n"
      "go movetime 0\n"
      "go wibble\n"
      "go nodes 1e9\n"
      "\x01\x02\x03\n"
      "stop\n"
      "d\n"
      "quit\n");
  EXPECT_TRUE(has(out, "info string error: unknown command 'hello'")) << out;
  EXPECT_TRUE(has(out, "info string error: position needs")) << out;
  EXPECT_TRUE(has(out, "invalid FEN: the board has 2 ranks")) << out;
  EXPECT_TRUE(has(out, "illegal move 'h2e2' at ply 2")) << out;
  EXPECT_TRUE(has(out, "Hash must be")) << out;
  EXPECT_TRUE(has(out, "unknown option 'Nonsense'")) << out;
  EXPECT_TRUE(has(out, "go depth must be a whole number in")) << out;
  EXPECT_TRUE(has(out, "go movetime must be a whole number in")) << out;
  EXPECT_TRUE(has(out, "unknown go parameter 'wibble'")) << out;
  EXPECT_TRUE(has(out, "go nodes must be a whole number in")) << out;
  // Each refused go still answers (at once, with a legal move), so that a GUI never waits.
  EXPECT_EQ(count_of(out, "bestmove "), 4u) << out;
  // The last good position is still there.
  EXPECT_TRUE(
      has(out, "Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"))
      << out;
}

TEST(Protocol, GoDuringSearchIsRefusedAndStopAnswersOnce) {
  const std::string out =
      run_engine("go infinite\ngo depth 3\nposition startpos\nisready\nstop\nquit\n");
  EXPECT_TRUE(has(out, "'go' ignored while searching")) << out;
  EXPECT_TRUE(has(out, "'position' ignored while searching")) << out;
  EXPECT_TRUE(has(out, "readyok")) << out;
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
}

TEST(Protocol, StopWithoutSearchDoesNothing) {
  const std::string out = run_engine("stop\nstop\nponderhit\nisready\nquit\n");
  EXPECT_EQ(count_of(out, "bestmove"), 0u) << out;
  EXPECT_TRUE(has(out, "readyok")) << out;
}

TEST(Protocol, NoLegalMoveAnswersBestMoveNone) {
  const std::string out =
      run_engine("position fen 3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 5\n", "bestmove");
  EXPECT_TRUE(has(out, "bestmove (none)")) << out;
  EXPECT_TRUE(has(out, "score mate 0")) << out;
}

TEST(Protocol, PonderThenPonderhitAnswers) {
  const std::string out = run_engine(
      "position startpos\ngo ponder wtime 2000 btime 2000\nponderhit\nisready\n", "bestmove");
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
}

TEST(Protocol, QuitStopsTheSearch) {
  const std::string out = run_engine("position startpos\ngo infinite\nquit\n");
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
}

TEST(Protocol, MateLimitStopsAtTheMate) {
  const std::string out = run_engine(
      "position fen 4k4/5R3/4P4/9/6b2/2B6/9/4B4/4A4/3K1A3 w - - 1 65\ngo mate 1\n", "bestmove");
  EXPECT_TRUE(has(out, "score mate 1")) << out;
  EXPECT_EQ(count_of(out, "bestmove "), 1u) << out;
}

TEST(Protocol, UcciSearchHonoursBanmoves) {
  const std::string out = run_engine(
      "ucci\n"
      "setoption usemillisec true\n"
      "setoption hashsize 8\n"
      "position startpos\n"
      "banmoves h2e2 b2e2 h0g2 b0c2\n"
      "go time 300 increment 0\n",
      "bestmove");
  EXPECT_TRUE(has(out, "ucciok")) << out;
  const size_t at = out.find("bestmove ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string move = out.substr(at + 9, 4);
  for (const char* banned : {"h2e2", "b2e2", "h0g2", "b0c2"}) EXPECT_NE(move, banned) << out;
  EXPECT_TRUE(has(out, "info depth")) << out;
}

TEST(Protocol, UcciNoMoveAndBye) {
  const std::string mated = run_engine(
      "ucci\nposition fen 3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 3\n", "nobestmove");
  EXPECT_TRUE(has(mated, "nobestmove")) << mated;
  const std::string bye = run_engine("ucci\nsetoption nonsense 1\nquit\n");
  EXPECT_TRUE(has(bye, "info string error: unknown option 'nonsense'")) << bye;
  EXPECT_TRUE(has(bye, "bye")) << bye;
}

TEST(Protocol, DShowsBoardFenAndVerdict) {
  const std::string out =
      run_engine("position fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1\nd\nquit\n");
  EXPECT_TRUE(has(out, "Fen: 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1")) << out;
  EXPECT_TRUE(has(out, "Result: 1-0 (checkmate)")) << out;
}

TEST(Protocol, BenchPrintsTheSignature) {
  const std::string out = run_command_line("bench 5");
  EXPECT_TRUE(has(out, "Nodes searched: ")) << out;
  EXPECT_TRUE(has(out, "Nodes/second: ")) << out;
}

}  // namespace
}  // namespace chuhan::test
