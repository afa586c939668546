// The engine's opening book: the moves masters played in the first positions of their games, each
// weighted by the points masters scored with it (wins and half the draws, from the mover's side),
// so the engine opens like a player and not the same way every game. Built by scripts/openings/
// from the master games the explorer shows (core/explorer.h) and embedded from core/book.bin.
// Positions are found by opening key (opening_key.h): another move order or the mirror image of a
// book position is in book too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace chuhan::book {

struct Candidate {
  Move move;
  int weight;  // how often to choose it, relative to the other candidates
};

// The book moves of `pos` (empty when it is out of book), legal in `pos`.
std::vector<Candidate> probe(const Position& pos);

// One candidate, chosen with probability proportional to its weight; `random` is any 64-bit
// random number. MOVE_NONE when out of book.
Move pick(const Position& pos, uint64_t random);

// The book's file (little-endian): "CHUHANBK", u32 version (FormatVersion), u64
// opening_key_check(), u32 count of positions, then each position in ascending order of key: u64
// opening key, u8 count of moves, each move: u16 move (as filed: for the mirror image when the
// position looked up is the mirrored one), u16 weight.
inline constexpr uint32_t FormatVersion = 1;
struct Entry {
  Key key;
  Move move;
  uint16_t weight;
};
std::string serialize(std::vector<Entry> entries);
// Reads a book file; false (and `out` empty) when it is not one, is damaged or was built with
// other position keys.
bool parse(std::string_view bytes, std::vector<Entry>& out);

// The embedded book's entries (for tests and tools).
const std::vector<Entry>& entries();

}  // namespace chuhan::book
