// Move and attack tables for every piece, computed at compile time.
//
// Sliding pieces use rank and file occupancy words (ElephantEye's "bit ranks / bit files"): a
// rank holds 9 bits (one per file), a file 10 bits (one per rank). For a piece at index i of a
// line with occupancy word occ, LineMoves gives, as bits along that line, the empty squares a
// rook or cannon can go to, the first blocker in each direction (rook captures, also where a
// flying general meets the other general) and the second blocker (cannon captures). Everything
// is 16/32-bit integer arithmetic, equally fast natively and in WebAssembly.
#pragma once

#include <array>
#include <bit>

#include "types.h"

namespace chuhan::attacks {

struct LineMoves {
  uint16_t quiet;           // empty squares reachable by a rook or a cannon
  uint16_t first_blocker;   // nearest occupied square in each direction (0-2 bits)
  uint16_t second_blocker;  // next occupied square beyond it (0-2 bits): cannon captures
};

// A step with a square that must be empty: a horse's leg or an elephant's eye.
struct BlockableStep {
  Square to;
  Square block;
};

// A short list of squares, at most N.
template <typename T, int N>
struct SmallList {
  T items[N];
  uint8_t count = 0;
  constexpr void push(T t) { items[count++] = t; }
  constexpr const T* begin() const { return items; }
  constexpr const T* end() const { return items + count; }
};

namespace detail {

template <int Len>
constexpr std::array<std::array<LineMoves, 1 << Len>, Len> make_line_table() {
  std::array<std::array<LineMoves, 1 << Len>, Len> t{};
  for (int i = 0; i < Len; ++i)
    for (int occ = 0; occ < (1 << Len); ++occ) {
      LineMoves lm{0, 0, 0};
      for (int dir = -1; dir <= 1; dir += 2) {
        int j = i + dir;
        while (j >= 0 && j < Len && !(occ & (1 << j))) lm.quiet |= 1 << j, j += dir;
        if (j < 0 || j >= Len) continue;
        lm.first_blocker |= 1 << j;
        j += dir;
        while (j >= 0 && j < Len && !(occ & (1 << j))) j += dir;
        if (j >= 0 && j < Len) lm.second_blocker |= 1 << j;
      }
      t[i][occ] = lm;
    }
  return t;
}

constexpr bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 10; }

struct StepTables {
  SquareSet rank_squares[RANK_NB];
  SquareSet file_squares[FILE_NB];
  SquareSet diagonal_neighbours[SQUARE_NB];  // where horse legs toward a general on s stand
  // For a general on s: its rank and file; with its diagonal neighbours (a move from anywhere
  // else opens no line or horse leg toward it).
  SquareSet lines[SQUARE_NB];
  SquareSet lines_and_legs[SQUARE_NB];
  Square horse_leg[SQUARE_NB][SQUARE_NB];  // [from][to]: the leg of a horse's step, or SQ_NONE
  SmallList<BlockableStep, 8> horse_moves[SQUARE_NB];      // where a horse goes, and its leg
  SmallList<BlockableStep, 8> horse_attackers[SQUARE_NB];  // from where a horse hits, and its leg
  SmallList<BlockableStep, 4> elephant_moves[SQUARE_NB];   // stays on its own side of the river
  SmallList<Square, 4> advisor_moves[SQUARE_NB];           // stays in its palace
  SmallList<Square, 4> general_moves[SQUARE_NB];           // stays in its palace
  SmallList<Square, 3> soldier_moves[COLOR_NB][SQUARE_NB];
  // soldier_attackers[c][s]: squares of c's soldiers that hit s
  SmallList<Square, 3> soldier_attackers[COLOR_NB][SQUARE_NB];
};

constexpr StepTables make_step_tables() {
  StepTables t{};
  constexpr int HorseDeltas[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                     {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
  constexpr int Diagonals[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  constexpr int Orthogonals[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (int s = 0; s < SQUARE_NB; ++s) {
    const int f = s % 9, r = s / 9;
    const Square sq = Square(s);
    t.rank_squares[r].add(sq);
    t.file_squares[f].add(sq);
    for (auto [df, dr] : HorseDeltas) {
      // The leg is the square next to the horse in the direction of the long step.
      if (on_board(f + df, r + dr))
        t.horse_moves[s].push({make_square(f + df, r + dr), make_square(f + df / 2, r + dr / 2)});
      // A horse at s - delta reaches s; its leg is next to it toward s along the long step.
      const int hf = f - df, hr = r - dr;
      if (on_board(hf, hr))
        t.horse_attackers[s].push({make_square(hf, hr), make_square(hf + df / 2, hr + dr / 2)});
    }
    for (auto [df, dr] : Diagonals) {
      if (on_board(f + 2 * df, r + 2 * dr)) {
        const Square to = make_square(f + 2 * df, r + 2 * dr);
        for (Color c : {RED, BLACK})
          if (on_own_side(c, sq) && on_own_side(c, to))
            t.elephant_moves[s].push({to, make_square(f + df, r + dr)});
      }
      if (on_board(f + df, r + dr)) {
        const Square to = make_square(f + df, r + dr);
        t.diagonal_neighbours[s].add(to);
        for (Color c : {RED, BLACK})
          if (in_palace(c, sq) && in_palace(c, to)) t.advisor_moves[s].push(to);
      }
    }
    for (auto [df, dr] : Orthogonals) {
      if (!on_board(f + df, r + dr)) continue;
      const Square to = make_square(f + df, r + dr);
      for (Color c : {RED, BLACK}) {
        if (in_palace(c, sq) && in_palace(c, to)) t.general_moves[s].push(to);
        // Forward always; sideways once across the river; never backward.
        const int forward = c == RED ? 1 : -1;
        const bool allowed = dr == forward || (dr == 0 && !on_own_side(c, sq));
        if (allowed) t.soldier_moves[c][s].push(to);
      }
    }
  }
  for (Color c : {RED, BLACK})
    for (int s = 0; s < SQUARE_NB; ++s)
      for (Square to : t.soldier_moves[c][s]) t.soldier_attackers[c][to].push(Square(s));
  for (int s = 0; s < SQUARE_NB; ++s) {
    for (Square& leg : t.horse_leg[s]) leg = SQ_NONE;
    for (const BlockableStep& h : t.horse_moves[s]) t.horse_leg[s][h.to] = h.block;
    t.lines[s] = t.rank_squares[s / 9] | t.file_squares[s % 9];
    t.lines_and_legs[s] = t.lines[s] | t.diagonal_neighbours[s];
  }
  return t;
}

}  // namespace detail

inline constexpr auto RankLine = detail::make_line_table<9>();   // [file][rank occupancy]
inline constexpr auto FileLine = detail::make_line_table<10>();  // [rank][file occupancy]
inline constexpr detail::StepTables Steps = detail::make_step_tables();

// Bits along a rank (indexed by file) or a file (indexed by rank) back to squares.
constexpr Square rank_bit_square(int rank, int file_bit) { return Square(rank * 9 + file_bit); }
constexpr Square file_bit_square(int file, int rank_bit) { return Square(rank_bit * 9 + file); }

constexpr int pop_lsb(uint32_t& b) {
  const int i = std::countr_zero(b);
  b &= b - 1;
  return i;
}

}  // namespace chuhan::attacks
