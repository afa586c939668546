// Static evaluation: how good the position is for the side to move, in centipawns.
#pragma once

#include "eval_params.h"
#include "position.h"

namespace chuhan {

namespace nnue {
struct Network;
}

// Piece values used by move ordering and static exchange evaluation (midgame scale).
constexpr Value SeeValue[PIECE_TYPE_NB] = {0, 10000, 200, 200, 400, 900, 450, 100};

// The evaluation: the score of the position from the side to move's point of view, in
// centipawns. With no network, the hand-written evaluation below; otherwise the network's
// (nnue/nnue.h), plus the hand-written one when the network is a correction to it. The network's
// accumulators come from the position's StateInfo chain (nnue/accumulator.h).
Value evaluate(const Position& pos, const nnue::Network* network);

// The hand-written evaluation alone. Symmetric: a position and its colour-mirrored twin get the
// same score.
Value evaluate(const Position& pos);

namespace eval {

// What the Texel tuner needs to recompute evaluate() for other weights: how many times each
// parameter counted for each side, the game phase and the endgame scale.
struct Trace {
  int coefficient[COLOR_NB][PARAM_NB] = {};
  int phase = 0;             // 0 (bare endgame) .. MaxPhase (all pieces)
  int scale[COLOR_NB] = {};  // endgame scale, out of ScaleNormal, applied when that side leads
};

constexpr int MaxPhase = 24;
constexpr int ScaleNormal = 64;

// Out of ScaleNormal: how much of a lead `strong` can turn into a win with its material (0:
// nothing that can give mate, such as a lone cannon with nothing to jump over; a quarter or less:
// an ending the books call drawn, such as a lone rook against full defence or a lone horse against
// an elephant or two defenders). Both evaluate()s scale a lead by it (the network's too); the
// draw judgement (draw_offer.h) reads it as well.
int endgame_scale(const Position& pos, Color strong);

// The hand-written evaluation before the endgame scale (for the network's trainer, which learns a
// correction to it and applies the scale itself, as evaluate(pos, network) does).
Value unscaled(const Position& pos);

// evaluate() with the trace filled in; returns the same value.
Value evaluate_traced(const Position& pos, Trace& trace);

}  // namespace eval
}  // namespace chuhan
