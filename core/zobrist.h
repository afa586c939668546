// Zobrist hashing keys, fixed at compile time so that keys (and therefore the transposition
// table and the bench signature) are identical on every platform.
#pragma once

#include <array>

#include "types.h"

namespace chuhan::zobrist {

namespace detail {
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  Key piece_square[PIECE_NB][SQUARE_NB];
  Key side;  // xored in when Black is to move
};

constexpr Keys make_keys() {
  Keys k{};
  uint64_t state = 0x43687568616E2121ULL;  // "Chuhan!!"
  for (auto& per_piece : k.piece_square)
    for (auto& key : per_piece) key = splitmix64(state);
  k.side = splitmix64(state);
  return k;
}
}  // namespace detail

inline constexpr detail::Keys Keys = detail::make_keys();

constexpr Key piece_square(Piece p, Square s) { return Keys.piece_square[p][s]; }
constexpr Key side() { return Keys.side; }

}  // namespace chuhan::zobrist
