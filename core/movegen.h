// Move generation. Pseudo-legal generators feed the staged move picker; LEGAL filters them
// through Position::legal, which is cheap for the many moves that cannot expose the general.
#pragma once

#include "position.h"

namespace chuhan {

enum GenType {
  CAPTURES,      // pseudo-legal captures
  QUIETS,        // pseudo-legal non-captures
  QUIET_CHECKS,  // those of them that give check, in QUIETS' order
  PSEUDO_LEGAL,  // both
  LEGAL          // strictly legal moves (evasions when in check)
};

// Appends the moves to `list` and returns the new end.
template <GenType T>
Move* generate(const Position& pos, Move* list);

template <GenType T>
struct MoveList {
  explicit MoveList(const Position& pos) : last(generate<T>(pos, moves)) {}
  const Move* begin() const { return moves; }
  const Move* end() const { return last; }
  size_t size() const { return size_t(last - moves); }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

  Move moves[MAX_MOVES];
  Move* last;
};

// Does the side to move have a legal move? Stops at the first one found.
bool has_legal_move(const Position& pos);

// Number of leaf positions at the given depth (bulk-counted at the last ply).
uint64_t perft(Position& pos, Depth depth);

}  // namespace chuhan
