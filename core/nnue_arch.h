// The shape of the learned evaluation (nnue.h): its input features and the accumulator that
// each StateInfo carries. Kept apart from nnue.h so that position.h needs only this.
//
// Features, seen from one side (its "perspective"): each piece on the board is one active
// input, indexed by whose it is (the perspective's own or the enemy's), its type and its square,
// with the board turned so that the perspective's side plays up the board (Black's ranks
// flipped) and mirrored left-right when the perspective's general stands right of the central
// file. Both perspectives are summed into a Hidden-wide accumulator each; the side to move's
// comes first in the output layer. The features do not depend on who is to move, so a position
// and its colour-mirrored twin evaluate the same.
#pragma once

#include <cstdint>

#include "types.h"

namespace chuhan::nnue {

constexpr int PieceKinds = 14;  // own general .. own soldier, enemy general .. enemy soldier
constexpr int FeatureCount = PieceKinds * SQUARE_NB;
constexpr int Hidden = 128;
// Quantisation: accumulator units per 1.0 of the float model (also the activation's clip) and
// output-weight units per 1.0. QA * QA * 127 * 2 * Hidden stays below 2^31.
constexpr int QA = 181;
constexpr int QB = 64;

// Feature of piece `pc` on square `s` seen from `perspective`, whose general stands on
// `own_general`.
constexpr int feature_index(Color perspective, Square own_general, Piece pc, Square s) {
  int rank = rank_of(s), file = file_of(s);
  if (perspective == BLACK) rank = RANK_9 - rank;
  if (file_of(own_general) > FILE_E) file = FILE_I - file;
  const int kind = (color_of(pc) == perspective ? 0 : 7) + type_of(pc) - 1;
  return kind * SQUARE_NB + rank * FILE_NB + file;
}

// The first layer's output for both perspectives (indexed by colour), valid for the network
// whose id is in net_id (0: not computed). Updated lazily: do_move only marks it stale, and
// evaluation brings it up from the nearest computed ancestor state.
struct Accumulator {
  alignas(32) int16_t values[COLOR_NB][Hidden];
  uint32_t net_id[COLOR_NB];
};

}  // namespace chuhan::nnue
