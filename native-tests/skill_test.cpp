// Skill Level: weaker levels search shallower and choose among good moves within a margin,
// repeatably for a seed; full strength is untouched.
#include "skill.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "contract.h"
#include "data_files.h"
#include "engine.h"

namespace chuhan::test {
namespace {

TEST(Skill, WeakerLevelsSearchShallowerWithWiderMargins) {
  for (int level = 1; level < skill::MaxLevel; ++level) {
    const skill::Plan weaker = skill::plan(level - 1), plan = skill::plan(level);
    EXPECT_LE(weaker.depth, plan.depth) << level;
    EXPECT_GT(weaker.margin, plan.margin) << level;
    EXPECT_GE(plan.multipv, 2) << level;
  }
  EXPECT_EQ(skill::plan(0).depth, 1);
  // The weakest level may give up a soldier, never a horse (about 530 cp).
  EXPECT_LT(skill::plan(0).margin, 500);
}

TEST(Skill, ChoiceStaysWithinTheMarginAndVaries) {
  const std::vector<skill::Candidate> lines = {
      {Move(1), 120}, {Move(2), 100}, {Move(3), 40}, {Move(4), -300}, {Move(5), -900}};
  for (int level : {0, 6, 12, 19}) {
    const int margin = skill::plan(level).margin;
    std::set<size_t> chosen;
    for (uint64_t random = 0; random < 2000; ++random) {
      const size_t i = skill::choose(lines, level, random * 0x9E3779B97F4A7C15ull);
      ASSERT_LT(i, lines.size());
      EXPECT_GE(lines[i].score, lines[0].score - margin) << level;
      chosen.insert(i);
      EXPECT_EQ(skill::choose(lines, level, random), skill::choose(lines, level, random));
    }
    // Every move within the margin is sometimes played.
    for (size_t i = 0; i < lines.size(); ++i)
      if (lines[i].score >= lines[0].score - margin / 2) {
        EXPECT_TRUE(chosen.count(i)) << level << " " << i;
      }
  }
  for (uint64_t random = 0; random < 100; ++random)
    EXPECT_EQ(skill::choose(lines, skill::MaxLevel, random), 0u);
  // A mate found is always played.
  const std::vector<skill::Candidate> mating = {{Move(1), VALUE_MATE - 3},
                                                {Move(2), VALUE_MATE - 9}};
  for (uint64_t random = 0; random < 100; ++random) EXPECT_EQ(skill::choose(mating, 0, random), 0u);
}

TEST(Skill, MoveTimeVariesBelowTheBudget) {
  std::set<TimePoint> seen;
  for (uint64_t random = 0; random < 500; ++random) {
    const TimePoint t = skill::vary_time(1000, 3, random);
    EXPECT_GE(t, 600);
    EXPECT_LE(t, 1000);
    seen.insert(t);
  }
  EXPECT_GT(seen.size(), 20u);
  EXPECT_EQ(skill::vary_time(1000, skill::MaxLevel, 5), 1000);
}

TEST(Skill, OptionIsInTheContract) {
  const contract::OptionSpec* spec = contract::find_uci_option("skill level");
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->default_value, skill::MaxLevel);
  Engine engine;
  EXPECT_EQ(engine.option(contract::Option::SKILL_LEVEL), skill::MaxLevel);
  EXPECT_NE(engine.set_option(contract::Option::SKILL_LEVEL, 21, "Skill Level"), "");
  EXPECT_NE(engine.set_option(contract::Option::SKILL_LEVEL, -1, "Skill Level"), "");
  EXPECT_EQ(engine.set_option(contract::Option::SKILL_LEVEL, 0, "Skill Level"), "");
  EXPECT_EQ(engine.option(contract::Option::SKILL_LEVEL), 0);
}

// The move a fresh engine at `level`, seeded with `seed`, plays in `fen` within `movetime`;
// `lines` receives the last iteration's lines (MultiPV set wide enough to see them all).
std::string weakened_move(const std::string& fen, int level, uint64_t seed, int movetime,
                          std::vector<SearchInfo>* lines = nullptr) {
  Engine engine;
  EXPECT_EQ(engine.set_position(fen), "");
  EXPECT_EQ(engine.set_option(contract::Option::SKILL_LEVEL, level, "Skill Level"), "");
  if (lines) {
    EXPECT_EQ(engine.set_option(contract::Option::MULTIPV, skill::plan(level).multipv, "MultiPV"),
              "");
  }
  engine.seed_random(seed);
  SearchLimits limits;
  limits.movetime = movetime;
  return engine
      .go(limits,
          [&](const SearchInfo& info) {
            if (!lines) return;
            if (info.multipv == 1) lines->clear();
            lines->push_back(info);
          })
      .move;
}

TEST(Skill, EngineChoosesAGoodMoveRepeatablyForASeed) {
  const std::vector<DataLine> tactics = read_data_file("tactics.txt");
  ASSERT_GE(tactics.size(), 10u);
  int not_best = 0;
  for (size_t t = 0; t < tactics.size(); ++t) {
    const std::string& fen = tactics[t].fields[0];
    for (int level : {0, 4}) {
      std::vector<SearchInfo> lines;
      // Levels this weak stop at their depth long before the move time: the choice depends on
      // the seed alone.
      const std::string move = weakened_move(fen, level, 1000 + t, 5000, &lines);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines.front().depth, skill::plan(level).depth) << fen;
      const SearchInfo* chosen = nullptr;
      for (const SearchInfo& line : lines)
        if (line.pv.front() == move) chosen = &line;
      ASSERT_NE(chosen, nullptr) << move << " is not one of the lines searched in " << fen;
      if (!lines.front().is_mate && !chosen->is_mate) {
        EXPECT_GE(chosen->score, lines.front().score - skill::plan(level).margin) << fen;
      }
      not_best += chosen != &lines.front();
      EXPECT_EQ(weakened_move(fen, level, 1000 + t, 5000), move) << "level " << level << " " << fen;
    }
  }
  // Each tactic has one clearly best move; the weak levels miss some of them.
  EXPECT_GE(not_best, 3);
}

// Level 2 searches two plies, enough to see a mate in one, which it must then play (a stalemate
// wins too: it loses for the side left without a move).
TEST(Skill, WeakLevelsStillMateInOne) {
  int tried = 0;
  for (const DataLine& line : read_data_file("mates.txt")) {
    if (line.fields[1] != "mate-in-1") continue;
    for (uint64_t seed : {1, 2, 3}) {
      Engine engine;
      ASSERT_EQ(engine.set_position(line.fields[0]), "");
      const std::string move = weakened_move(line.fields[0], 2, seed, 2000);
      ASSERT_EQ(engine.play(move), "");
      const ResultReason reason = engine.game_result().reason;
      EXPECT_TRUE(reason == ResultReason::CHECKMATE || reason == ResultReason::STALEMATE)
          << line.fields[0] << " " << move;
    }
    if (++tried == 8) break;
  }
  EXPECT_GT(tried, 0);
}

TEST(Skill, AnalysisKeepsFullStrength) {
  Engine engine;
  ASSERT_EQ(engine.set_option(contract::Option::SKILL_LEVEL, 0, "Skill Level"), "");
  SearchLimits limits;
  limits.depth = 5;
  limits.infinite = true;
  int deepest = 0;
  std::thread stopper;
  const BestMove best = engine.go(limits, [&](const SearchInfo& info) {
    deepest = std::max(deepest, info.depth);
    if (info.depth == 5 && !stopper.joinable()) stopper = std::thread([&] { engine.stop(); });
  });
  if (stopper.joinable()) stopper.join();
  EXPECT_EQ(deepest, 5);
  EXPECT_FALSE(best.move.empty());
}

}  // namespace
}  // namespace chuhan::test
