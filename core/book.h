// The built-in opening book: a few dozen main lines of Xiangqi opening theory (central cannon
// against screen horses, same- and opposite-direction cannons, the pawn and horse openings,
// the elephant opening, ...) and their mirror images, looked up by position key, so the engine
// opens like a player and not the same way every game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace chuhan::book {

struct Candidate {
  Move move;
  int weight;  // how often to choose it, relative to the other candidates
};

// The book moves of `pos` (empty when it is out of book). Positions are matched by key, so a
// line reached by another move order is found too.
std::vector<Candidate> probe(const Position& pos);

// One candidate, chosen with probability proportional to its weight; `random` is any 64-bit
// random number. MOVE_NONE when out of book.
Move pick(const Position& pos, uint64_t random);

// The book's lines in ICCS, one string per line with its weight (for tests and tools).
struct Line {
  int weight;
  const char* moves;
};
const std::vector<Line>& lines();

}  // namespace chuhan::book
