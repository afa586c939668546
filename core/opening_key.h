// Positions of opening theory up to mirror image: a position and its mirror (files a-i reversed)
// are the same opening (炮二平五 and 炮八平五 lead to mirrored twins), so the book and the explorer
// file both under one key and turn the moves round when the position asked about is the mirrored
// one. Keys are the engine's Zobrist keys (zobrist.h): data keyed by them records the key of a
// known position (KeyCheck), so that data built with other keys is refused, not misread.
#pragma once

#include "position.h"
#include "zobrist.h"

namespace chuhan {

// The square `s` seen in a mirror: file a <-> i, b <-> h, ... , the rank kept.
constexpr Square mirror_square(Square s) { return make_square(FILE_I - file_of(s), rank_of(s)); }
constexpr Move mirror_move(Move m) {
  return m == MOVE_NONE ? m : make_move(mirror_square(from_sq(m)), mirror_square(to_sq(m)));
}

// The Zobrist key of `pos`'s mirror image, computed from its board.
inline Key mirrored_key(const Position& pos) {
  Key k = pos.side_to_move() == BLACK ? zobrist::side() : 0;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (const Piece p = pos.piece_on(Square(s)); p != NO_PIECE)
      k ^= zobrist::piece_square(p, mirror_square(Square(s)));
  return k;
}

// The key under which a position is filed: the smaller of its key and its mirror's. `mirrored`
// says that the filed position is the mirror image, so that filed moves are mirror_move()d to be
// played here (a symmetric position is never mirrored: its moves stay as they are).
struct OpeningKey {
  Key key;
  bool mirrored;
};
inline OpeningKey opening_key(const Position& pos) {
  const Key own = pos.key(), mirror = mirrored_key(pos);
  return mirror < own ? OpeningKey{mirror, true} : OpeningKey{own, false};
}

// The opening key of the position after 炮二平五 (h2e2) from the start: data files and tables keyed
// by opening keys record it, and refuse to be read by an engine whose keys differ.
inline Key opening_key_check() {
  Position pos;
  StateInfo start, after;
  pos.set(Position::StartFen, &start);
  pos.do_move(make_move(make_square(FILE_H, 2), make_square(FILE_E, 2)), after);
  return opening_key(pos).key;
}

}  // namespace chuhan
