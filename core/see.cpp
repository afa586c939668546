#include "see.h"

#include "evaluate.h"

namespace chuhan {

using namespace attacks;

namespace {

// The board as the exchange empties it: the lines through the target square and the set of
// squares whose pieces have already gone to the target.
struct ExchangeBoard {
  const Position& pos;
  Square target;
  uint16_t rank_occ, file_occ;
  // A set, not a bool per square: zeroing 90 bytes for every exchange was a call to
  // memory.fill in WebAssembly.
  SquareSet gone{};

  Piece piece_at(Square s) const { return gone.has(s) ? NO_PIECE : pos.piece_on(s); }

  void remove(Square s) {
    gone.add(s);
    if (rank_of(s) == rank_of(target)) rank_occ &= ~(1 << file_of(s));
    if (file_of(s) == file_of(target)) file_occ &= ~(1 << rank_of(s));
  }

  // Square of c's least valuable piece that can capture on the target now, or SQ_NONE.
  Square least_valuable_attacker(Color c) const {
    const Square t = target;
    for (Square s : Steps.soldier_attackers[c][t])
      if (piece_at(s) == make_piece(c, SOLDIER)) return s;
    for (Square s : Steps.advisor_moves[t])
      if (piece_at(s) == make_piece(c, ADVISOR)) return s;
    for (const BlockableStep& e : Steps.elephant_moves[t])
      if (piece_at(e.to) == make_piece(c, ELEPHANT) && piece_at(e.block) == NO_PIECE) return e.to;
    // Which of two horses that both hit the target goes first changes nothing: neither stands
    // on the target's lines nor on the other's leg.
    const Piece horse = make_piece(c, HORSE);
    for (int i = 0; i < pos.count(horse); ++i) {
      const Square s = pos.squares(horse)[i], leg = Steps.horse_leg[s][t];
      if (leg != SQ_NONE && !gone.has(s) && piece_at(leg) == NO_PIECE) return s;
    }
    const LineMoves& along_rank = RankLine[file_of(t)][rank_occ];
    const LineMoves& along_file = FileLine[rank_of(t)][file_occ];
    if (Square s =
            on_lines(along_rank.second_blocker, along_file.second_blocker, make_piece(c, CANNON));
        s != SQ_NONE)
      return s;
    if (Square s =
            on_lines(along_rank.first_blocker, along_file.first_blocker, make_piece(c, ROOK));
        s != SQ_NONE)
      return s;
    for (Square s : Steps.general_moves[t])
      if (piece_at(s) == make_piece(c, GENERAL)) return s;
    return SQ_NONE;
  }

  Square on_lines(uint32_t rank_bits, uint32_t file_bits, Piece wanted) const {
    while (rank_bits) {
      const Square s = rank_bit_square(rank_of(target), pop_lsb(rank_bits));
      if (piece_at(s) == wanted) return s;
    }
    while (file_bits) {
      const Square s = file_bit_square(file_of(target), pop_lsb(file_bits));
      if (piece_at(s) == wanted) return s;
    }
    return SQ_NONE;
  }
};

}  // namespace

bool see_ge(const Position& pos, Move m, Value threshold) {
  const Square from = from_sq(m), to = to_sq(m);
  // Swap-list logic as in Stockfish: `swap` is what the side to recapture must beat.
  int swap = SeeValue[type_of(pos.piece_on(to))] - threshold;
  if (swap < 0) return false;
  swap = SeeValue[type_of(pos.piece_on(from))] - swap;
  if (swap <= 0) return true;

  ExchangeBoard board{pos, to, pos.rank_occupancy(rank_of(to)), pos.file_occupancy(file_of(to))};
  board.remove(from);
  Color stm = pos.side_to_move();
  bool result = true;
  while (true) {
    stm = ~stm;
    const Square attacker = board.least_valuable_attacker(stm);
    if (attacker == SQ_NONE) break;
    result = !result;
    const PieceType pt = type_of(pos.piece_on(attacker));
    board.remove(attacker);
    if (pt == GENERAL)  // the general may only take if nothing can take it back
      return board.least_valuable_attacker(~stm) != SQ_NONE ? !result : result;
    if ((swap = SeeValue[pt] - swap) < int(result)) break;
  }
  return result;
}

}  // namespace chuhan
