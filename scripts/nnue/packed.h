// The training data format of the network (scripts/nnue/README.md): one position per 48-byte
// record, little-endian, no header, so that files can be concatenated, split and sampled.
//
//   bytes 0-44  the board, two squares per byte: square 2i in the low nibble of byte i, square
//               2i+1 in the high one (squares a0 = 0 .. i9 = 89, rank * 9 + file); each nibble
//               is a Piece (core/types.h): 0 empty, 1-7 Red, 9-15 Black
//   byte 45     bit 0: side to move (0 Red, 1 Black); bits 1-2: the game's result for Red
//               (0 loss, 1 draw, 2 win); bits 3-7 zero
//   bytes 46-47 the search score in centipawns from Red's side, int16 (mates clamped to
//               +-32000, never written by chuhan-datagen: it stops a game at a mate score)
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "position.h"

namespace chuhan::nnue_data {

struct PackedPosition {
  uint8_t board[45];
  uint8_t flags;
  uint8_t score[2];
};
static_assert(sizeof(PackedPosition) == 48);

// result_for_red: 0 loss, 1 draw, 2 win.
inline PackedPosition pack(const Position& pos, int result_for_red, int red_score) {
  PackedPosition p{};
  for (int s = 0; s < SQUARE_NB; ++s)
    p.board[s / 2] |= uint8_t(pos.piece_on(Square(s)) << (s % 2 * 4));
  p.flags = uint8_t((pos.side_to_move() == BLACK ? 1 : 0) | result_for_red << 1);
  const int clamped = red_score > 32000 ? 32000 : red_score < -32000 ? -32000 : red_score;
  const uint16_t bits = uint16_t(int16_t(clamped));
  p.score[0] = uint8_t(bits & 0xFF);
  p.score[1] = uint8_t(bits >> 8);
  return p;
}

inline Piece piece_at(const PackedPosition& p, int s) {
  return Piece(p.board[s / 2] >> (s % 2 * 4) & 15);
}
inline Color side_to_move(const PackedPosition& p) { return p.flags & 1 ? BLACK : RED; }
inline int result_for_red(const PackedPosition& p) { return p.flags >> 1 & 3; }
inline int red_score(const PackedPosition& p) {
  return int16_t(uint16_t(p.score[0] | p.score[1] << 8));
}

// The record as a FEN (move counters 0 1), for tools and tests.
inline std::string to_fen(const PackedPosition& p) {
  std::string fen;
  for (int rank = RANK_9; rank >= RANK_0; --rank) {
    int empty = 0;
    for (int file = FILE_A; file <= FILE_I; ++file) {
      const Piece pc = piece_at(p, make_square(file, rank));
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += piece_to_char(pc);
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + (side_to_move(p) == RED ? " w - - 0 1" : " b - - 0 1");
}

}  // namespace chuhan::nnue_data
