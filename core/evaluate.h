// Static evaluation: how good the position is for the side to move, in centipawns.
#pragma once

#include "position.h"

namespace chuhan {

// Piece values used by move ordering and static exchange evaluation (midgame scale).
constexpr Value SeeValue[PIECE_TYPE_NB] = {0, 10000, 200, 200, 400, 900, 450, 100};

// Score of the position from the side to move's point of view. Symmetric: a position and its
// colour-mirrored twin get the same score.
Value evaluate(const Position& pos);

}  // namespace chuhan
