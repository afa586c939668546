#include "timeman.h"

#include <algorithm>
#include <chrono>

namespace chuhan {

TimePoint now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

namespace {

// How far an unstable best move or a falling score stretches the optimum time.
constexpr double InstabilityStretch = 0.4;  // at most +40 %, reached at three recent changes
constexpr int InstabilityChangesCap = 3;
constexpr int ScoreDropThreshold = 30;    // a drop of more than this many centipawns ...
constexpr double ScoreDropStretch = 1.3;  // ... multiplies the budget by this
// An iteration takes longer than all before it together: start one only while less than this
// fraction of the (stretched) optimum is spent.
constexpr double NextIterationFraction = 0.6;

}  // namespace

bool TimeManager::stop_after_iteration(TimePoint elapsed, int best_move_changes,
                                       int score_drop) const {
  if (fixed_ || !maximum_) return false;
  double scale = 1.0 + InstabilityStretch * std::min(best_move_changes, InstabilityChangesCap) /
                           InstabilityChangesCap;
  if (score_drop > ScoreDropThreshold) scale *= ScoreDropStretch;
  return elapsed > optimum_ * scale * NextIterationFraction;
}

void TimeManager::init(const SearchLimits& limits, Color us, int game_ply, TimePoint overhead) {
  fixed_ = !limits.use_time_management() || limits.movetime;
  if (limits.movetime) {
    // A fixed time per move: use all of it but the transport overhead.
    optimum_ = maximum_ = std::max<TimePoint>(1, limits.movetime - overhead);
    return;
  }
  if (!limits.use_time_management()) {
    optimum_ = maximum_ = 0;  // no time limit
    return;
  }

  const TimePoint time = std::max<TimePoint>(1, limits.time[us]);
  const TimePoint inc = limits.inc[us];
  // Keep a safety margin that grows with the number of moves still to play on this clock.
  const int moves_left =
      limits.movestogo ? std::min(limits.movestogo, 50) : std::clamp(50 - game_ply / 4, 25, 50);
  const TimePoint usable =
      std::max<TimePoint>(1, time + inc * (moves_left - 1) - overhead * (2 + moves_left));

  // Aim a bit above the average share early on, where decisions matter most.
  const double share = limits.movestogo ? 1.0 / moves_left : std::min(0.06, 1.4 / moves_left);
  optimum_ = TimePoint(usable * share);
  // Never spend more than a fraction of what is left, and never more than the clock allows.
  const TimePoint hard_cap = std::max<TimePoint>(
      1, std::max<TimePoint>(1, time - overhead) * (limits.movestogo == 1 ? 8 : 6) / 10);
  maximum_ = std::clamp<TimePoint>(optimum_ * 5, 1, hard_cap);
  optimum_ = std::clamp<TimePoint>(optimum_, 1, maximum_);
}

}  // namespace chuhan
