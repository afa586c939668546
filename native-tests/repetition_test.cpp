// Repetition verdicts: every case of repetition_cases.txt (and its colour-mirrored twin) through
// Engine::game_result(), and the search playing by the same rules: it does not let a won game
// slip into a repetition draw, never completes a losing perpetual check or chase, and takes a
// repetition draw when it is losing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "data_files.h"
#include "engine.h"
#include "repetition_cases.h"

namespace chuhan::test {
namespace {

std::string verdict(const GameResult& r) {
  return r.over() ? r.result_string() + " " + r.reason_string() : "* ongoing";
}

std::vector<std::string> without_last(std::vector<std::string> moves) {
  if (!moves.empty()) moves.pop_back();
  return moves;
}

// Colour mirror: ranks turned around (r -> 9 - r), Red and Black swapped; counters kept.
std::string mirror_fen(const std::string& fen) {
  auto words = split_words(fen);
  std::vector<std::string> ranks(1);
  for (char c : words[0]) {
    if (c == '/')
      ranks.emplace_back();
    else
      ranks.back() += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                                  : char(std::toupper(c));
  }
  std::reverse(ranks.begin(), ranks.end());
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + ranks[i];
  out += words[1] == "w" ? " b" : " w";
  for (size_t i = 2; i < words.size(); ++i) out += " " + words[i];
  return out;
}

std::string mirror_move(std::string m) {
  m[1] = char('0' + 9 - (m[1] - '0'));
  m[3] = char('0' + 9 - (m[3] - '0'));
  return m;
}

std::string mirror_verdict(std::string v) {
  if (v.rfind("1-0", 0) == 0)
    v.replace(0, 3, "0-1");
  else if (v.rfind("0-1", 0) == 0)
    v.replace(0, 3, "1-0");
  return v;
}

std::string reverse_move(const std::string& m) { return m.substr(2, 2) + m.substr(0, 2); }

// Board and side to move: what makes two positions the same for the repetition rules.
std::string position_part(const std::string& fen) {
  const auto words = split_words(fen);
  return words[0] + " " + words[1];
}

Color side_of_ply(const std::string& fen, size_t ply) {
  const Color first = split_words(fen)[1] == "b" ? BLACK : RED;
  return ply % 2 ? ~first : first;
}

BestMove search(Engine& engine, int depth, SearchInfo* last = nullptr) {
  SearchLimits limits;
  limits.depth = depth;
  return engine.go(limits, [&](const SearchInfo& info) {
    if (last) *last = info;
  });
}

constexpr int SearchDepth = 8;

TEST(RepetitionCases, EveryVerdictHoldsAndNotOnePlyEarlier) {
  const auto cases = read_repetition_cases();
  EXPECT_GE(cases.size(), 30u);
  for (const RepetitionCase& c : cases) {
    SCOPED_TRACE("repetition_cases.txt:" + std::to_string(c.line_number) + " " + c.comment);
    Engine engine;
    ASSERT_EQ(engine.set_position(c.fen, c.moves), "");
    EXPECT_EQ(verdict(engine.game_result()), c.expected);
    if (c.expected != "* ongoing" && !c.moves.empty()) {
      ASSERT_EQ(engine.set_position(c.fen, without_last(c.moves)), "");
      EXPECT_EQ(verdict(engine.game_result()), "* ongoing") << "one ply before the last move";
    }
  }
}

TEST(RepetitionCases, MirroredCasesGetTheMirroredVerdict) {
  for (const RepetitionCase& c : read_repetition_cases()) {
    SCOPED_TRACE("mirror of repetition_cases.txt:" + std::to_string(c.line_number) + " " +
                 c.comment);
    std::vector<std::string> moves;
    for (const std::string& m : c.moves) moves.push_back(mirror_move(m));
    Engine engine;
    ASSERT_EQ(engine.set_position(mirror_fen(c.fen), moves), "") << mirror_fen(c.fen);
    EXPECT_EQ(verdict(engine.game_result()), mirror_verdict(c.expected));
  }
}

TEST(RepetitionCases, CoverEveryVerdict) {
  std::set<std::string> seen;
  for (const RepetitionCase& c : read_repetition_cases()) seen.insert(c.expected);
  for (const char* v : {"1-0 perpetual check", "0-1 perpetual check", "1-0 perpetual chase",
                        "0-1 perpetual chase", "1/2-1/2 repetition", "* ongoing",
                        "1/2-1/2 60-move rule", "1-0 checkmate", "1/2-1/2 insufficient material"})
    EXPECT_TRUE(seen.count(v)) << "no case expects " << v;
}

// (b) In every case lost by a perpetual check or chase, the engine playing the loser, one move
// before the loser's last move of the cycle, plays something else, and that move does not lose
// on the spot.
TEST(RepetitionSearch, NeverCompletesALosingPerpetual) {
  int tested = 0;
  for (const RepetitionCase& c : read_repetition_cases()) {
    if (c.expected.find("perpetual") == std::string::npos) continue;
    SCOPED_TRACE("repetition_cases.txt:" + std::to_string(c.line_number) + " " + c.comment);
    const Color loser = c.expected.rfind("0-1", 0) == 0 ? RED : BLACK;
    size_t ply = c.moves.size() - 1;
    while (side_of_ply(c.fen, ply) != loser) --ply;
    const std::vector<std::string> before(c.moves.begin(), c.moves.begin() + ply);

    Engine engine;
    ASSERT_EQ(engine.set_position(c.fen, before), "");
    const BestMove best = search(engine, SearchDepth);
    EXPECT_NE(best.move, c.moves[ply]) << "completes the losing cycle";
    auto played = before;
    played.push_back(best.move);
    ASSERT_EQ(engine.set_position(c.fen, played), "");
    EXPECT_NE(engine.game_result().outcome, win_for(~loser)) << best.move << " loses at once";
    ++tested;
  }
  EXPECT_GE(tested, 15);
}

// (b) A lost position where checking on is the obvious resource: Black's rook and cannon win,
// Red's rook has checked e9/e8 twice round. Another a8a9 would make the third occurrence and
// lose by perpetual check, so the engine plays on (and knows it stands worse) instead.
TEST(RepetitionSearch, DoesNotSaveALostGameWithPerpetualCheck) {
  const std::string fen = "4k4/9/R8/8c/8r/9/9/9/9/3K5 w - - 0 1";
  const std::vector<std::string> history = {"a7a9", "e9e8", "a9a8", "e8e9",
                                            "a8a9", "e9e8", "a9a8", "e8e9"};
  Engine engine;
  auto completed = history;
  completed.push_back("a8a9");
  ASSERT_EQ(engine.set_position(fen, completed), "");
  ASSERT_EQ(verdict(engine.game_result()), "0-1 perpetual check");

  ASSERT_EQ(engine.set_position(fen, history), "");
  SearchInfo last;
  const BestMove best = search(engine, SearchDepth, &last);
  EXPECT_NE(best.move, "a8a9");
  EXPECT_FALSE(last.is_mate && last.score > 0);
  EXPECT_LT(last.score, 0) << "Red is worse without the perpetual check";
}

// (a) Winning, the engine does not walk into a repetition. Its best move M in a won position
// would draw once the game has twice gone M, a Black move, back, and Black's move back (the
// position after M would stand for the third time); then it must find another way, still
// winning.
TEST(RepetitionSearch, WinningSideAvoidsARepetitionDraw) {
  const std::string fen = "3ak4/4a4/9/9/9/9/9/4B4/R8/3K5 w - - 0 1";  // Red: rook and elephant up
  constexpr int Depth = 10;
  Engine engine;
  ASSERT_EQ(engine.set_position(fen), "");
  SearchInfo fresh;
  const std::string natural = search(engine, Depth, &fresh).move;
  ASSERT_TRUE(fresh.is_mate || fresh.score > 300) << "the test position should be won";

  // History: natural, y, natural reversed, y reversed, twice: back at `fen`, which has now
  // stood on the board three times, and `natural` would bring back the position after it for
  // the third time.
  std::vector<std::string> history;
  ASSERT_EQ(engine.set_position(fen, {natural}), "");
  for (const std::string& y : engine.legal_moves()) {
    const std::vector<std::string> round = {natural, y, reverse_move(natural), reverse_move(y)};
    std::vector<std::string> tried = round;
    tried.insert(tried.end(), round.begin(), round.end());
    if (engine.set_position(fen, tried).empty() &&
        position_part(engine.fen()) == position_part(fen)) {
      history = tried;
      break;
    }
  }
  ASSERT_FALSE(history.empty()) << "no reversible shuffle after " << natural;

  ASSERT_EQ(engine.set_position(fen, history), "");
  SearchInfo last;
  const BestMove best = search(engine, Depth, &last);
  EXPECT_NE(best.move, natural) << "repeats the position after " << natural;
  EXPECT_TRUE(last.is_mate ? last.score > 0 : last.score > 300) << score_to_uci(last);
  auto played = history;
  played.push_back(best.move);
  ASSERT_EQ(engine.set_position(fen, played), "");
  EXPECT_FALSE(engine.game_result().over());
}

// (a) A cycle the game has been through once commits nobody: the rook checked with every move
// of it, but the rules end the game only at the third occurrence, and Red can still leave the
// cycle. So the general's step back into it is no mate in 1 for Black (the search once judged
// the first repetition even when it reached back before the root, and said so); Black is lost.
TEST(RepetitionSearch, OnePassOfAPerpetualCheckInTheGameIsNoWinYet) {
  const std::string fen = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";
  const std::vector<std::string> history = {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9"};
  for (const bool mirrored : {false, true}) {
    SCOPED_TRACE(mirrored ? "Red defending" : "Black defending");
    std::vector<std::string> played;
    for (const std::string& m : history) played.push_back(mirrored ? mirror_move(m) : m);
    Engine engine;
    ASSERT_EQ(engine.set_position(mirrored ? mirror_fen(fen) : fen, played), "");
    SearchInfo last;
    search(engine, SearchDepth, &last);
    EXPECT_LT(last.score, 0) << score_to_uci(last);
  }
}

// (c) Losing (a bare general against a rook), the engine takes the draw the rules allow: the
// rook alternated a check and a retreat, which is no perpetual check, so completing the third
// occurrence draws. The same with colours swapped.
TEST(RepetitionSearch, LosingSideTakesARepetitionDraw) {
  const std::string fen = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";
  const std::vector<std::string> moves = {"a7a9", "e9e8", "a9a7", "e8e9",
                                          "a7a9", "e9e8", "a9a7", "e8e9"};
  for (const bool mirrored : {false, true}) {
    SCOPED_TRACE(mirrored ? "Red losing" : "Black losing");
    std::vector<std::string> played;
    for (const std::string& m : moves) played.push_back(mirrored ? mirror_move(m) : m);
    const std::string start = mirrored ? mirror_fen(fen) : fen;
    const std::string drawing_move = played.back();
    played.pop_back();

    Engine engine;
    ASSERT_EQ(engine.set_position(start, played), "");
    SearchInfo last;
    const BestMove best = search(engine, SearchDepth, &last);
    EXPECT_EQ(best.move, drawing_move);
    EXPECT_FALSE(last.is_mate);
    EXPECT_EQ(last.score, 0);
    played.push_back(best.move);
    ASSERT_EQ(engine.set_position(start, played), "");
    EXPECT_EQ(verdict(engine.game_result()), "1/2-1/2 repetition");
  }
}

}  // namespace
}  // namespace chuhan::test
