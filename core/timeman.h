// How long to think: from a fixed move time, or from the clock, increment and moves to go.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "types.h"

namespace chuhan {

using TimePoint = int64_t;  // milliseconds

// What a `go` command asks for. Zero means "not given".
struct SearchLimits {
  TimePoint time[COLOR_NB] = {0, 0};  // remaining clock
  TimePoint inc[COLOR_NB] = {0, 0};
  int movestogo = 0;
  TimePoint movetime = 0;
  Depth depth = 0;
  uint64_t nodes = 0;
  int mate = 0;  // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  int multipv = 1;
  std::vector<std::string> searchmoves;  // restrict the root to these ICCS moves (UCI)

  bool use_time_management() const { return time[RED] || time[BLACK]; }
};

class TimeManager {
 public:
  // Decides the budget for `us` at the start of a search; `overhead` is what the GUI and the
  // transport lose per move.
  void init(const SearchLimits& limits, Color us, int game_ply, TimePoint overhead);

  // Time the search should aim for (it may stop after an iteration past it, scaled by how
  // stable the best move is).
  TimePoint optimum() const { return optimum_; }
  // Time the search must never exceed; 0 when there is no time limit.
  TimePoint maximum() const { return maximum_; }
  // After a finished iteration of a search on the clock: whether to stop rather than start
  // another. The budget stretches while the best move keeps changing (`best_move_changes`, a
  // decaying count) and when the score has fallen since the last iteration (`score_drop`,
  // centipawns, <= 0 when it rose). Always false for a fixed move time or no time limit: a
  // fixed move time is used in full.
  bool stop_after_iteration(TimePoint elapsed, int best_move_changes, int score_drop) const;

 private:
  TimePoint optimum_ = 0;
  TimePoint maximum_ = 0;
  bool fixed_ = false;  // a fixed move time (or none): no iteration-by-iteration decisions
};

// Milliseconds from a steady clock.
TimePoint now();

}  // namespace chuhan
