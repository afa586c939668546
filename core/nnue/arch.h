// The shapes of the learned evaluation: its input features, the width of its first layer and
// its quantisation. One struct per architecture; a net file names its architecture by its
// version (network.h, which also dispatches on it), and the code that depends on the shape is
// written once over these structs (accumulator.cpp, nnue.cpp, network.cpp, the trainer).
//
// Every architecture's output is the same: the two perspectives' accumulators (side to move
// first) through clip(x, 0, QA)^2, times int16 output weights |w| <= MaxOutputWeight, summed in
// int32. The largest such sum is QA * QA * 127 * 2 * Hidden, which must stay below 2^31
// (largest_output_sum() below).
#pragma once

#include <cstdint>

#include "types.h"

namespace chuhan::nnue {

// The largest |output weight| a net file may hold (parse() checks it).
constexpr int MaxOutputWeight = 127;

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
  // output-weight units per 1.0. QA * QA * 127 * 2 * Hidden = 1,065,125,632.
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

// Net files of version 3, a whole evaluation: PieceSquare's 1260 features once for each place
// of the perspective's own general (king buckets). That place is taken on the board as
// PieceSquare sees it, turned and mirrored, so the palace's nine points are six buckets (ranks
// 0-2 of files d and e; a general on file f is mirrored onto d). What a piece is worth can then
// depend on where the general it defends or attacks stands. Only a move of the perspective's
// own general changes its bucket, and such a move already refreshes the perspective's
// accumulator (accumulator.cpp), so the updates are PieceSquare's. Twice as wide: 256.
struct GeneralBuckets {
  static constexpr int Buckets = 6;  // ranks 0-2 x files d, e of the own palace, mirrored
  static constexpr int Features = Buckets * PieceSquare::Features;
  static constexpr int Hidden = 256;
  // QA * QA * 127 * 2 * Hidden = 2,130,251,264: 181 is the largest QA that keeps the output's
  // int32 sum exact at this width (182 would reach 2,153,854,976).
  static constexpr int QA = 181;
  static constexpr int QB = 64;

  // The bucket of a general on `own_general` (in its palace) seen from `perspective`.
  static constexpr int bucket(Color perspective, Square own_general) {
    const int rank = relative_rank(perspective, rank_of(own_general));
    const int file =
        file_of(own_general) > FILE_E ? FILE_I - file_of(own_general) : file_of(own_general);
    return rank * 2 + (file - FILE_D);
  }
  static constexpr int feature(Color perspective, Square own_general, Piece pc, Square s) {
    return bucket(perspective, own_general) * PieceSquare::Features +
           PieceSquare::feature(perspective, own_general, pc, s);
  }
};

// The largest output sum of an architecture: every accumulator value at the clip, every output
// weight at the bound. The kernels sum it in int32.
template <typename Arch>
constexpr int64_t largest_output_sum() {
  return int64_t(Arch::QA) * Arch::QA * MaxOutputWeight * 2 * Arch::Hidden;
}
static_assert(largest_output_sum<PieceSquare>() <= INT32_MAX &&
              largest_output_sum<GeneralBuckets>() <= INT32_MAX);

// The widest first layer of any architecture: the size of an accumulator.
constexpr int MaxHidden = GeneralBuckets::Hidden;
static_assert(PieceSquare::Hidden <= MaxHidden);

}  // namespace chuhan::nnue
