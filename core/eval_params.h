// Evaluation weights. Every term of evaluate() multiplies one of these named parameters, a
// (middlegame, endgame) pair in centipawns; evaluate() blends the two by the material left.
// The values are fitted to game results by the Texel tuner (scripts/tune/README.md) and
// written back into eval_params.cpp.
#pragma once

#include <string>

#include "types.h"

namespace chuhan::eval {

struct Score {
  int mg = 0, eg = 0;
  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Score& operator+=(Score o) { return mg += o.mg, eg += o.eg, *this; }
  constexpr Score& operator-=(Score o) { return mg -= o.mg, eg -= o.eg, *this; }
};
constexpr Score S(int mg, int eg) { return {mg, eg}; }

// Piece-square parameters per piece type: relative rank 0..9 (own back rank first) times
// files a..e (the board is mirrored left to right).
constexpr int PstSquares = 50;
constexpr int pst_index(Color c, Square s) {
  const int r = relative_rank(c, rank_of(s)), f = file_of(s);
  return r * 5 + (f <= 4 ? f : 8 - f);
}

constexpr int KingZoneSlots = 12;  // attack units on a palace, capped

enum Param : int {
  MATERIAL = 0,                                      // + piece type
  PST = MATERIAL + PIECE_TYPE_NB,                    // + piece type * PstSquares + pst_index
  ROOK_MOBILITY = PST + PIECE_TYPE_NB * PstSquares,  // per square a rook can go to
  HORSE_MOBILITY,                                    // per safe square a horse can go to
  HORSE_TRAPPED,                                     // a horse with no safe square
  HORSE_ONE_EXIT,                                    // a horse with one safe square
  CANNON_MOBILITY,                                   // per square a cannon can move to
  ADVISOR_VS_ATTACK,            // per advisor, per unit of the opponent's attacking force
  ELEPHANT_VS_ATTACK,           // per elephant, per unit of the opponent's attacking force
  MISSING_ADVISOR_VS_ROOKS,     // per missing advisor when the opponent has both rooks
  MISSING_ELEPHANT_VS_CANNONS,  // per missing elephant when the opponent has both cannons
  PINNED = MISSING_ELEPHANT_VS_CANNONS + 1,  // + type of a piece pinned to its general
  CANNON_SCREENS =
      PINNED + PIECE_TYPE_NB,  // two own pieces between an enemy cannon and the general
  HOLLOW_CANNON,               // 空头炮: cannon facing the enemy general on an empty file
  CANNON_PRESSURE,             // cannon on the enemy general's file behind two screens
  BOTTOM_CANNON,               // 沉底炮: cannon on the enemy back rank beside the general
  CANNON_BATTERY,              // cannon behind an own rook or cannon on a palace file
  CANNON_FEW_SCREENS,          // per missing piece below 12 on the board, for each cannon
  KING_ZONE = CANNON_FEW_SCREENS + 1,              // + attack units on the palace (capped)
  CONNECTED_SOLDIERS = KING_ZONE + KingZoneSlots,  // pair of crossed soldiers side by side
  HANGING_US,  // + piece type: side to move's piece attacked and unprotected
  HANGING_THEM = HANGING_US + PIECE_TYPE_NB,        // + piece type: same for the other side
  THREAT_BY_LESSER = HANGING_THEM + PIECE_TYPE_NB,  // + type: attacked by a cheaper piece
  TEMPO = THREAT_BY_LESSER + PIECE_TYPE_NB,
  PARAM_NB
};

// The parameter of `base`'s family for piece type pt, e.g. typed(PINNED, HORSE).
constexpr int typed(Param base, PieceType pt) { return int(base) + int(pt); }
// The piece-square parameter of colour c's piece of type pt on square s.
constexpr int pst_param(Color c, PieceType pt, Square s) {
  return PST + pt * PstSquares + pst_index(c, s);
}

extern const Score Params[PARAM_NB];
// "ROOK_MOBILITY", "PST[HORSE][3][2]", ... for the tuner's output.
std::string param_name(int index);

}  // namespace chuhan::eval
