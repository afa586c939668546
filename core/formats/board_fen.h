// A FEN out of a board of piece letters, for the readers of formats that hold a board rather than
// a FEN (XQF's slots, DhtmlXQ's binit).
#pragma once

#include <array>
#include <string>

#include "../types.h"

namespace chuhan::formats {

// `board` holds a FEN letter ('K', 'r', ...) or '.' for each square (a0 = 0, rank * 9 + file);
// `side` is 'w' or 'b'. No counters are known: "- - 0 1".
inline std::string fen_of(const std::array<char, SQUARE_NB>& board, char side) {
  std::string fen;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const char c = board[make_square(file, rank)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + " " + side + " - - 0 1";
}

}  // namespace chuhan::formats
