// Basic types shared by every part of the engine: colours, pieces, squares, moves, values.
#pragma once

#include <cstdint>

namespace chuhan {

using Key = uint64_t;

constexpr int MAX_MOVES = 128;  // no Xiangqi position has more legal moves than this
constexpr int MAX_PLY = 120;    // deepest ply the search reaches from the root

enum Color : uint8_t { RED, BLACK, COLOR_NB };

constexpr Color operator~(Color c) { return Color(c ^ BLACK); }

enum PieceType : uint8_t {
  NO_PIECE_TYPE,
  GENERAL,
  ADVISOR,
  ELEPHANT,
  HORSE,
  ROOK,
  CANNON,
  SOLDIER,
  PIECE_TYPE_NB
};

// The enums below read as tables.
// clang-format off
// A piece is colour * 8 + type, so both fit in a byte and index small tables.
enum Piece : uint8_t {
  NO_PIECE,
  R_GENERAL = 1, R_ADVISOR, R_ELEPHANT, R_HORSE, R_ROOK, R_CANNON, R_SOLDIER,
  B_GENERAL = 9, B_ADVISOR, B_ELEPHANT, B_HORSE, B_ROOK, B_CANNON, B_SOLDIER,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// Files a..i from Red's left, ranks 0..9 from Red's back rank (ICCS coordinates).
enum File : uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_I, FILE_NB };
enum Rank : uint8_t {
  RANK_0, RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_NB
};
// clang-format on

// Squares are numbered rank * 9 + file: a0 = 0, i0 = 8, a9 = 81, i9 = 89.
enum Square : uint8_t { SQ_A0 = 0, SQ_E0 = 4, SQ_E9 = 85, SQUARE_NB = 90, SQ_NONE = 90 };

constexpr Square make_square(int file, int rank) { return Square(rank * 9 + file); }
// s / 9 as a multiply and shift, exact for every square and SQ_NONE (a division costs more in
// some targets: scripts/bench/PERFORMANCE.md).
constexpr int rank_of(Square s) { return (s * 57) >> 9; }
constexpr int file_of(Square s) { return s - 9 * rank_of(s); }
static_assert([] {
  for (int s = 0; s <= SQ_NONE; ++s)
    if (rank_of(Square(s)) != s / 9 || file_of(Square(s)) != s % 9) return false;
  return true;
}());
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }

// Rank seen from colour c's own back rank (0 = own back rank, 9 = the opponent's).
constexpr int relative_rank(Color c, int rank) { return c == RED ? rank : 9 - rank; }
// A square on colour c's own side of the river.
constexpr bool on_own_side(Color c, Square s) { return relative_rank(c, rank_of(s)) <= 4; }
// Squares of the nine-point palace of colour c.
constexpr bool in_palace(Color c, Square s) {
  return file_of(s) >= FILE_D && file_of(s) <= FILE_F && relative_rank(c, rank_of(s)) <= 2;
}

// A set of squares in two 64-bit words. Like an integer it is left uninitialised by default;
// `SquareSet{}` is the empty set (scripts/bench/PERFORMANCE.md says why).
struct SquareSet {
  uint64_t words[2];

  constexpr bool has(Square s) const { return words[s >> 6] >> (s & 63) & 1; }
  constexpr void add(Square s) { words[s >> 6] |= uint64_t(1) << (s & 63); }
  constexpr void remove(Square s) { words[s >> 6] &= ~(uint64_t(1) << (s & 63)); }
  constexpr bool empty() const { return !(words[0] | words[1]); }
  constexpr SquareSet operator|(const SquareSet& o) const {
    return {{words[0] | o.words[0], words[1] | o.words[1]}};
  }
  constexpr SquareSet operator&(const SquareSet& o) const {
    return {{words[0] & o.words[0], words[1] & o.words[1]}};
  }
};

// A move is 16 bits: from-square in bits 0-6, to-square in bits 7-13. There are no promotions,
// castling or other special moves in Xiangqi.
enum Move : uint16_t { MOVE_NONE = 0, MOVE_NULL = 1 | (1 << 7) };

constexpr Move make_move(Square from, Square to) { return Move(from | (to << 7)); }
constexpr Square from_sq(Move m) { return Square(m & 0x7F); }
constexpr Square to_sq(Move m) { return Square((m >> 7) & 0x7F); }
constexpr bool is_ok(Move m) {
  return from_sq(m) != to_sq(m) && from_sq(m) < SQUARE_NB && to_sq(m) < SQUARE_NB;
}

// Scores in centipawns from the side to move's point of view.
using Value = int;
constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 30000;
constexpr Value VALUE_INFINITE = 30001;
constexpr Value VALUE_NONE = 30002;
// Mate scores span twice the search's depth: a mate the table holds from a node up to MAX_PLY
// deep can be read back at a node up to MAX_PLY deep, up to 2 * MAX_PLY plies from the root,
// and must still read as a mate (below this it would pass for a plain, path-free evaluation).
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - 2 * MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }

using Depth = int;

}  // namespace chuhan
