// Playing below full strength (the Skill Level option): a weaker level searches shallower, looks at
// several lines (MultiPV) and plays one of the good moves, never one that its own search finds
// worse than the best by more than the level's margin. So a weak level neither blunders at random
// nor plays perfect short tactics; each choice is repeatable for a given random number.
#pragma once

#include <cstdint>
#include <vector>

#include "timeman.h"
#include "types.h"

namespace chuhan::skill {

// Skill Level runs from 0 (weakest) to MaxLevel, which is full strength and changes nothing.
constexpr int MaxLevel = 20;

// How a search at a level below MaxLevel is limited.
struct Plan {
  int multipv;  // lines searched (at least)
  Depth depth;  // deepest iteration
  int margin;   // centipawns below the best line a chosen move may be
};
Plan plan(int level);

// One line of the last iteration: its first move and its score.
struct Candidate {
  Move move;
  Value score;
};

// The index in `lines` (best first, non-empty) of the move to play at `level`: each line's score
// plus a bonus drawn uniformly from 0..margin, the highest total wins; `random` decides the
// bonuses. A line worse than the best by more than the margin is never chosen, and a mate the
// search found is always played.
size_t choose(const std::vector<Candidate>& lines, int level, uint64_t random);

// A fixed move time varied for `level`: 60-100 % of `movetime`, decided by `random`, so that a
// weaker level does not answer with clockwork regularity and stays within the budget.
TimePoint vary_time(TimePoint movetime, int level, uint64_t random);

}  // namespace chuhan::skill
