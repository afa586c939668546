#include "evaluate.h"

namespace chuhan {

namespace {

// A score for the middlegame and one for the endgame, blended by the material left.
struct Score {
  int mg = 0, eg = 0;
  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  Score& operator+=(Score o) { return mg += o.mg, eg += o.eg, *this; }
  Score& operator-=(Score o) { return mg -= o.mg, eg -= o.eg, *this; }
};

constexpr Score PieceValue[PIECE_TYPE_NB] = {
    {0, 0}, {0, 0}, {200, 180}, {200, 180}, {400, 460}, {900, 950}, {460, 430}, {90, 120}};

// Phase weight of each piece: rooks, horses and cannons decide how much middlegame is left.
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 0, 0, 2, 4, 2, 0};
constexpr int MaxPhase = 2 * (2 * 4 + 2 * 2 + 2 * 2);

constexpr Value Tempo = 15;

// Piece-square bonuses for Red, drawn as Red sees the board: the first row is rank 9 (Black's
// back rank), the last row rank 0. Black uses the same tables flipped top to bottom.
using Table = int[RANK_NB][FILE_NB];

constexpr Table SoldierMg = {
    {0, 0, 0, 10, 20, 10, 0, 0, 0},
    {50, 70, 90, 120, 130, 120, 90, 70, 50},
    {50, 70, 85, 100, 110, 100, 85, 70, 50},
    {45, 60, 70, 80, 85, 80, 70, 60, 45},
    {25, 35, 45, 55, 60, 55, 45, 35, 25},
    {0, 0, 10, 0, 20, 0, 10, 0, 0},
    {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Table SoldierEg = {
    {10, 10, 20, 30, 40, 30, 20, 10, 10},
    {60, 80, 100, 120, 130, 120, 100, 80, 60},
    {60, 75, 90, 110, 120, 110, 90, 75, 60},
    {50, 65, 75, 90, 95, 90, 75, 65, 50},
    {40, 45, 55, 65, 70, 65, 55, 45, 40},
    {0, 0, 10, 0, 15, 0, 10, 0, 0},
    {0, 0, 0, 0, 5, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Table HorseMg = {
    {0, -5, 5, 10, 0, 10, 5, -5, 0},
    {5, 20, 40, 25, 10, 25, 40, 20, 5},
    {10, 25, 30, 40, 35, 40, 30, 25, 10},
    {10, 35, 30, 45, 35, 45, 30, 35, 10},
    {5, 20, 30, 35, 40, 35, 30, 20, 5},
    {5, 15, 25, 25, 30, 25, 25, 15, 5},
    {0, 10, 15, 15, 20, 15, 15, 10, 0},
    {0, 5, 10, 10, 5, 10, 10, 5, 0},
    {-10, 0, 5, 5, -20, 5, 5, 0, -10},
    {-20, -10, 0, -5, -10, -5, 0, -10, -20}};
constexpr Table HorseEg = {
    {0, 5, 10, 10, 10, 10, 10, 5, 0},
    {5, 15, 25, 25, 25, 25, 25, 15, 5},
    {10, 20, 30, 35, 35, 35, 30, 20, 10},
    {10, 25, 30, 40, 40, 40, 30, 25, 10},
    {5, 20, 30, 35, 35, 35, 30, 20, 5},
    {5, 15, 20, 30, 30, 30, 20, 15, 5},
    {0, 10, 15, 20, 20, 20, 15, 10, 0},
    {-5, 0, 10, 10, 10, 10, 10, 0, -5},
    {-10, -5, 0, 0, 0, 0, 0, -5, -10},
    {-20, -10, -5, -5, -5, -5, -5, -10, -20}};
constexpr Table RookMg = {
    {10, 15, 10, 20, 20, 20, 10, 15, 10},
    {15, 25, 20, 30, 35, 30, 20, 25, 15},
    {5, 15, 10, 20, 25, 20, 10, 15, 5},
    {5, 20, 15, 25, 25, 25, 15, 20, 5},
    {10, 20, 15, 25, 25, 25, 15, 20, 10},
    {10, 20, 15, 25, 25, 25, 15, 20, 10},
    {0, 15, 5, 15, 15, 15, 5, 15, 0},
    {-5, 10, 5, 15, 10, 15, 5, 10, -5},
    {-5, 10, 5, 15, 0, 15, 5, 10, -5},
    {-15, 5, 0, 10, -10, 10, 0, 5, -15}};
constexpr Table RookEg = {
    {10, 10, 10, 15, 15, 15, 10, 10, 10},
    {15, 20, 20, 25, 25, 25, 20, 20, 15},
    {10, 15, 15, 20, 20, 20, 15, 15, 10},
    {10, 15, 15, 20, 20, 20, 15, 15, 10},
    {10, 15, 15, 20, 20, 20, 15, 15, 10},
    {10, 15, 15, 20, 20, 20, 15, 15, 10},
    {5, 10, 10, 15, 15, 15, 10, 10, 5},
    {0, 5, 5, 10, 10, 10, 5, 5, 0},
    {0, 5, 5, 10, 10, 10, 5, 5, 0},
    {0, 0, 0, 5, 5, 5, 0, 0, 0}};
constexpr Table CannonMg = {
    {20, 15, 0, -10, -15, -10, 0, 15, 20},
    {10, 10, 0, -10, -20, -10, 0, 10, 10},
    {5, 5, 0, -5, -10, -5, 0, 5, 5},
    {0, 5, 5, 0, 10, 0, 5, 5, 0},
    {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {-5, 0, 5, 0, 15, 0, 5, 0, -5},
    {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {5, 5, 10, 10, 20, 10, 10, 5, 5},
    {0, 5, 5, 5, 10, 5, 5, 5, 0},
    {0, 0, 5, 10, 10, 10, 5, 0, 0}};
constexpr Table CannonEg = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 5, 5, 10, 5, 5, 0, 0},
    {0, 0, 5, 5, 10, 5, 5, 0, 0},
    {0, 0, 5, 5, 10, 5, 5, 0, 0},
    {0, 0, 5, 5, 10, 5, 5, 0, 0},
    {0, 0, 5, 5, 10, 5, 5, 0, 0},
    {0, 0, 0, 0, 5, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Table AdvisorMg = {
    {0}, {0}, {0}, {0}, {0}, {0}, {0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Table ElephantMg = {
    {0}, {0}, {0}, {0}, {0},
    {0, 0, -5, 0, 0, 0, -5, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {-5, 0, 0, 0, 10, 0, 0, 0, -5},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Table GeneralMg = {
    {0}, {0}, {0}, {0}, {0}, {0}, {0},
    {0, 0, 0, -30, -40, -30, 0, 0, 0},
    {0, 0, 0, -15, -20, -15, 0, 0, 0},
    {0, 0, 0, 5, 10, 5, 0, 0, 0}};
constexpr Table GeneralEg = {
    {0}, {0}, {0}, {0}, {0}, {0}, {0},
    {0, 0, 0, -15, -10, -15, 0, 0, 0},
    {0, 0, 0, -5, 5, -5, 0, 0, 0},
    {0, 0, 0, 0, 10, 0, 0, 0, 0}};
constexpr Table Zero = {};

struct PieceTables {
  const Table* mg;
  const Table* eg;
};
constexpr PieceTables Tables[PIECE_TYPE_NB] = {
    {&Zero, &Zero},         {&GeneralMg, &GeneralEg},   {&AdvisorMg, &AdvisorMg},
    {&ElephantMg, &ElephantMg}, {&HorseMg, &HorseEg},   {&RookMg, &RookEg},
    {&CannonMg, &CannonEg}, {&SoldierMg, &SoldierEg}};

// Material plus piece-square score of piece p on square s, for p's own colour.
constexpr Score piece_square(Piece p, Square s) {
  const PieceType pt = type_of(p);
  // Tables are drawn with rank 9 in row 0 from Red's side; Black sees them flipped.
  const int row = color_of(p) == RED ? 9 - rank_of(s) : rank_of(s);
  const int f = file_of(s);
  return PieceValue[pt] + Score{(*Tables[pt].mg)[row][f], (*Tables[pt].eg)[row][f]};
}

}  // namespace

Value evaluate(const Position& pos) {
  Score score[COLOR_NB];
  int phase = 0;
  for (Color c : {RED, BLACK})
    for (PieceType pt = GENERAL; pt <= SOLDIER; pt = PieceType(pt + 1)) {
      const Piece p = make_piece(c, pt);
      for (int i = 0; i < pos.count(p); ++i) score[c] += piece_square(p, pos.squares(p)[i]);
      phase += PhaseWeight[pt] * pos.count(p);
    }
  const Color us = pos.side_to_move();
  const Score s = score[us] - score[~us];
  phase = std::min(phase, MaxPhase);
  return (s.mg * phase + s.eg * (MaxPhase - phase)) / MaxPhase + Tempo;
}

}  // namespace chuhan
