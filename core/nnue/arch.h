// The shapes of the learned evaluation: its input features, the width of its first layer and
// its quantisation. One struct per architecture; a net file names its architecture by its
// version (network.h), and the code that depends on the shape is written once over these
// structs (accumulator.cpp, nnue.cpp).
#pragma once

#include "types.h"

namespace chuhan::nnue {

// Net files of version 2 (round 3's correction): each piece on the board is one active input,
// indexed by whose it is (the perspective's own or the enemy's), its type and its square, with
// the board turned so that the perspective's side plays up the board (Black's ranks flipped)
// and mirrored left-right when the perspective's general stands right of the central file.
// Both perspectives are summed into a Hidden-wide accumulator each; through clip(x, 0, 1)^2 the
// two halves (side to move first) meet one output neuron. The features do not depend on who is
// to move, so a position and its colour-mirrored twin evaluate the same.
struct PieceSquare {
  static constexpr int PieceKinds = 14;  // own general .. own soldier, enemy general .. soldier
  static constexpr int Features = PieceKinds * SQUARE_NB;
  static constexpr int Hidden = 128;
  // Quantisation: accumulator units per 1.0 of the float model (also the activation's clip) and
  // output-weight units per 1.0. QA * QA * 127 * 2 * Hidden stays below 2^31.
  static constexpr int QA = 181;
  static constexpr int QB = 64;

  // Feature of piece `pc` on square `s` seen from `perspective`, whose general stands on
  // `own_general`.
  static constexpr int feature(Color perspective, Square own_general, Piece pc, Square s) {
    int rank = rank_of(s), file = file_of(s);
    if (perspective == BLACK) rank = RANK_9 - rank;
    if (file_of(own_general) > FILE_E) file = FILE_I - file;
    const int kind = (color_of(pc) == perspective ? 0 : 7) + type_of(pc) - 1;
    return kind * SQUARE_NB + rank * FILE_NB + file;
  }
};

// The widest first layer of any architecture: the size of an accumulator.
constexpr int MaxHidden = PieceSquare::Hidden;

}  // namespace chuhan::nnue
