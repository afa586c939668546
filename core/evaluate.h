// Static evaluation: how good the position is for the side to move, in centipawns.
#pragma once

#include "eval_params.h"
#include "position.h"

namespace chuhan {

// Piece values used by move ordering and static exchange evaluation (midgame scale).
constexpr Value SeeValue[PIECE_TYPE_NB] = {0, 10000, 200, 200, 400, 900, 450, 100};

// Score of the position from the side to move's point of view. Symmetric: a position and its
// colour-mirrored twin get the same score.
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
// nothing that can give mate; a quarter or less: an ending the books call drawn, such as a lone
// rook against full defence or a lone horse against a defender). evaluate() scales a lead by it;
// the draw judgement (draw_offer.h) reads it too.
int endgame_scale(const Position& pos, Color strong);

// evaluate() with the trace filled in; returns the same value.
Value evaluate_traced(const Position& pos, Trace& trace);

}  // namespace eval
}  // namespace chuhan
