#include "movegen.h"

namespace chuhan {

using namespace attacks;

namespace {

// ChecksOnly (with Quiets alone): only the moves that give check. A rook or cannon off the
// enemy general's lines and legs can check only by landing on a line (gives_check's shortcut),
// so its other quiet moves are not even listed.
template <bool Captures, bool Quiets, bool ChecksOnly = false>
Move* generate_pseudo(const Position& pos, Move* list) {
  static_assert(!ChecksOnly || (Quiets && !Captures));
  const Color us = pos.side_to_move();
  const Square enemy_general = pos.general_square(~us);
  // A target is wanted if it is empty (quiet) or holds an enemy piece (capture).
  auto wanted = [&](Square to) {
    const Piece p = pos.piece_on(to);
    return p == NO_PIECE ? Quiets : Captures && color_of(p) != us;
  };
  auto add = [&](Square from, Square to) {
    const Move m = make_move(from, to);
    if (!ChecksOnly || pos.gives_check(m)) *list++ = m;
  };

  // Rooks and cannons slide along their rank and file.
  for (PieceType pt : {ROOK, CANNON}) {
    const Piece pc = make_piece(us, pt);
    for (int i = 0; i < pos.count(pc); ++i) {
      const Square from = pos.squares(pc)[i];
      const int f = file_of(from), r = rank_of(from);
      const LineMoves& along_rank = RankLine[f][pos.rank_occupancy(r)];
      const LineMoves& along_file = FileLine[r][pos.file_occupancy(f)];
      if constexpr (Captures) {
        uint32_t rb = pt == ROOK ? along_rank.first_blocker : along_rank.second_blocker;
        uint32_t fb = pt == ROOK ? along_file.first_blocker : along_file.second_blocker;
        while (rb) {
          const Square to = rank_bit_square(r, pop_lsb(rb));
          if (color_of(pos.piece_on(to)) != us) *list++ = make_move(from, to);
        }
        while (fb) {
          const Square to = file_bit_square(f, pop_lsb(fb));
          if (color_of(pos.piece_on(to)) != us) *list++ = make_move(from, to);
        }
      }
      if constexpr (Quiets) {
        uint32_t rank_quiet = along_rank.quiet, file_quiet = along_file.quiet;
        if (ChecksOnly && !Steps.lines_and_legs[enemy_general].has(from)) {
          rank_quiet &= 1u << file_of(enemy_general);
          file_quiet &= 1u << rank_of(enemy_general);
        }
        for (uint32_t b = rank_quiet; b;) add(from, rank_bit_square(r, pop_lsb(b)));
        for (uint32_t b = file_quiet; b;) add(from, file_bit_square(f, pop_lsb(b)));
      }
    }
  }

  const Piece horse = make_piece(us, HORSE);
  for (int i = 0; i < pos.count(horse); ++i) {
    const Square from = pos.squares(horse)[i];
    for (const BlockableStep& st : Steps.horse_moves[from])
      if (pos.empty(st.block) && wanted(st.to)) add(from, st.to);
  }

  const Piece elephant = make_piece(us, ELEPHANT);
  for (int i = 0; i < pos.count(elephant); ++i) {
    const Square from = pos.squares(elephant)[i];
    for (const BlockableStep& st : Steps.elephant_moves[from])
      if (pos.empty(st.block) && wanted(st.to)) add(from, st.to);
  }

  const Piece soldier = make_piece(us, SOLDIER);
  for (int i = 0; i < pos.count(soldier); ++i) {
    const Square from = pos.squares(soldier)[i];
    for (Square to : Steps.soldier_moves[us][from])
      if (wanted(to)) add(from, to);
  }

  const Piece advisor = make_piece(us, ADVISOR);
  for (int i = 0; i < pos.count(advisor); ++i) {
    const Square from = pos.squares(advisor)[i];
    for (Square to : Steps.advisor_moves[from])
      if (wanted(to)) add(from, to);
  }

  const Square gsq = pos.general_square(us);
  for (Square to : Steps.general_moves[gsq])
    if (wanted(to)) add(gsq, to);

  return list;
}

}  // namespace

template <>
Move* generate<CAPTURES>(const Position& pos, Move* list) {
  return generate_pseudo<true, false>(pos, list);
}

template <>
Move* generate<QUIETS>(const Position& pos, Move* list) {
  return generate_pseudo<false, true>(pos, list);
}

template <>
Move* generate<QUIET_CHECKS>(const Position& pos, Move* list) {
  return generate_pseudo<false, true, true>(pos, list);
}

template <>
Move* generate<PSEUDO_LEGAL>(const Position& pos, Move* list) {
  return generate_pseudo<true, true>(pos, list);
}

template <>
Move* generate<LEGAL>(const Position& pos, Move* list) {
  Move* end = generate_pseudo<true, true>(pos, list);
  Move* cur = list;
  if (pos.in_check()) {
    // Most pseudo-legal moves leave the check as it is: only those that touch one checker's
    // squares need the full test.
    SquareSet to, from;
    pos.evasion_squares(to, from);
    const Square general = pos.general_square(pos.side_to_move());
    for (Move* m = list; m != end; ++m)
      if ((from_sq(*m) == general || to.has(to_sq(*m)) || from.has(from_sq(*m))) && pos.legal(*m))
        *cur++ = *m;
    return cur;
  }
  for (Move* m = list; m != end; ++m)
    if (pos.legal(*m)) *cur++ = *m;
  return cur;
}

uint64_t perft(Position& pos, Depth depth) {
  if (depth <= 0) return 1;
  const MoveList<LEGAL> moves(pos);
  if (depth == 1) return moves.size();
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

}  // namespace chuhan
