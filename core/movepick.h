// Staged move ordering (ElephantEye's order, with killers after the good captures as the
// move-ordering paper found best): hash move, good captures by MVV/LVA with SEE >= 0, two
// killers, quiet moves by history plus continuation history (what followed the last two
// moves), bad captures. In check: all evasions, hash move first.
#pragma once

#include <cstdint>

#include "position.h"

namespace chuhan {

constexpr int HistoryMax = 16384;

// Adds a history bonus (or, negative, a penalty) with "gravity": the closer an entry already is
// to +-HistoryMax, the less it moves, so that entries stay within +-HistoryMax.
inline void apply_history_bonus(int16_t& entry, int bonus) {
  entry += int16_t(bonus - entry * (bonus < 0 ? -bonus : bonus) / HistoryMax);
}

// History of quiet moves that caused cutoffs, by side and from/to squares (depth^2 bonuses).
struct History {
  int16_t butterfly[COLOR_NB][SQUARE_NB][SQUARE_NB];

  int get(Color c, Move m) const { return butterfly[c][from_sq(m)][to_sq(m)]; }
  void update(Color c, Move m, int bonus) {
    apply_history_bonus(butterfly[c][from_sq(m)][to_sq(m)], bonus);
  }
  // Between searches old knowledge fades (the paper's "history decay").
  void age() {
    for (auto& side : butterfly)
      for (auto& from : side)
        for (int16_t& h : from) h /= 4;
  }
};

// Continuation history: how well a quiet move (piece, to) did after a given earlier move
// (piece, to), one and two plies back. Indexed [piece][to] of the earlier move, then
// [piece][to] of this one.
using PieceToHistory = int16_t[PIECE_NB][SQUARE_NB];
struct ContinuationHistory {
  PieceToHistory table[PIECE_NB][SQUARE_NB];
};

// How well the quiet move m by piece pc has done: its history plus its continuation histories
// after the moves one and two plies back (cont[0], cont[1]). Orders quiet moves and scales LMR.
inline int quiet_move_score(const History& history, const PieceToHistory* const* cont, Color us,
                            Piece pc, Move m) {
  return history.get(us, m) + (*cont[0])[pc][to_sq(m)] + (*cont[1])[pc][to_sq(m)];
}

class MovePicker {
 public:
  // Main search.
  // cont[0] and cont[1]: the continuation histories of the moves one and two plies back.
  MovePicker(const Position& pos, Move tt_move, const Move* killers, const History& history,
             const PieceToHistory* const* cont);
  // Quiescence: captures, then quiet checks if with_checks (all evasions when in check).
  MovePicker(const Position& pos, Move tt_move, const History& history, bool with_checks);

  // Next pseudo-legal move, or MOVE_NONE when exhausted. With skip_quiets, quiet moves
  // (killers included) are no longer returned, except those that give check.
  Move next(bool skip_quiets = false);
  // In check: how many legal moves there are (the hash move among them). Main search only:
  // the quiescence picker generates the evasions when their stage comes, after the hash move.
  int evasion_count() const { return int(end_ - moves_); }

 private:
  void generate_evasions();
  struct ScoredMove {
    Move move;
    int score;
  };
  void score_captures();
  void score_quiets();
  void score_evasions();
  Move pick_best(ScoredMove*& cur, ScoredMove* end);

  const Position& pos_;
  const History& history_;
  const PieceToHistory* const* cont_ = nullptr;
  Move tt_move_;
  Move killers_[2] = {MOVE_NONE, MOVE_NONE};
  bool with_checks_ = false;
  bool evasions_generated_ = false;
  int stage_;
  ScoredMove* cur_;
  ScoredMove* end_;
  ScoredMove* bad_captures_end_;
  ScoredMove moves_[MAX_MOVES];
};

}  // namespace chuhan
