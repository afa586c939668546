#include "movegen.h"

namespace chuhan {

using namespace attacks;

namespace {

// Where a quiet move can start or end to check the enemy general (not in check now): what
// gives_check() is asked about in generate<QUIET_CHECKS>. A check after a quiet move comes from
// the moving piece itself, from a line the move opened or from a screen it made. Opening a line
// means leaving an opener: one of the first two taken squares of one of the general's four lines
// (only those stand between the general and a rook, cannon or general behind them) or the leg of
// one of our horses that aims at the general. Making a screen means landing between the general
// and a cannon of ours that is first on that line.
struct CheckSources {
  SquareSet openers;
  SquareSet screens;
};

CheckSources check_sources(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square g = pos.general_square(~us);
  const int gf = file_of(g), gr = rank_of(g);
  const Piece cannon = make_piece(us, CANNON);
  CheckSources c{};
  // Along one line through the general (`at` its place on the line).
  auto scan = [&](const LineMoves& line, int at, auto square_of) {
    for (uint32_t b = line.first_blocker | line.second_blocker; b;)
      c.openers.add(square_of(pop_lsb(b)));
    for (uint32_t b = line.first_blocker; b;) {
      const int bit = pop_lsb(b);
      if (pos.piece_on(square_of(bit)) != cannon) continue;
      const uint32_t side = bit > at ? ~((2u << at) - 1) : (1u << at) - 1;
      for (uint32_t q = line.quiet & side; q;) c.screens.add(square_of(pop_lsb(q)));
    }
  };
  scan(RankLine[gf][pos.rank_occupancy(gr)], gf, [&](int bit) { return rank_bit_square(gr, bit); });
  scan(FileLine[gr][pos.file_occupancy(gf)], gr, [&](int bit) { return file_bit_square(gf, bit); });
  const Piece horse = make_piece(us, HORSE);
  for (int i = 0; i < pos.count(horse); ++i) {
    const Square leg = Steps.horse_leg[pos.squares(horse)[i]][g];
    if (leg != SQ_NONE && !pos.empty(leg)) c.openers.add(leg);
  }
  return c;
}

// ChecksOnly (with Quiets alone): only the moves that give check, in the order of the others.
// gives_check() is asked only of the moves that leave an opener or land where the moving piece
// could check or screen (CheckSources); a rook or cannon that is no opener is not even walked
// off the general's lines.
template <bool Captures, bool Quiets, bool ChecksOnly = false>
Move* generate_pseudo(const Position& pos, Move* list) {
  static_assert(!ChecksOnly || (Quiets && !Captures));
  const Color us = pos.side_to_move();
  const Square enemy_general = pos.general_square(~us);
  const CheckSources sources = ChecksOnly ? check_sources(pos) : CheckSources{};
  // A target is wanted if it is empty (quiet) or holds an enemy piece (capture).
  auto wanted = [&](Square to) {
    const Piece p = pos.piece_on(to);
    return p == NO_PIECE ? Quiets : Captures && color_of(p) != us;
  };
  // `may_check`: whether the moving piece could check on `to` by itself or as a screen.
  auto add_if = [&](Square from, Square to, bool may_check) {
    const Move m = make_move(from, to);
    if (!ChecksOnly || ((may_check || sources.openers.has(from)) && pos.gives_check(m)))
      *list++ = m;
  };
  // A rook, cannon, soldier or general attacks along the line it lands on.
  auto add = [&](Square from, Square to) { add_if(from, to, Steps.lines[enemy_general].has(to)); };
  // An advisor or elephant never attacks the general itself.
  auto add_screen = [&](Square from, Square to) { add_if(from, to, sources.screens.has(to)); };

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
        if (ChecksOnly && !sources.openers.has(from)) {
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
      if (pos.empty(st.block) && wanted(st.to))
        add_if(from, st.to,
               sources.screens.has(st.to) || Steps.horse_leg[st.to][enemy_general] != SQ_NONE);
  }

  const Piece elephant = make_piece(us, ELEPHANT);
  for (int i = 0; i < pos.count(elephant); ++i) {
    const Square from = pos.squares(elephant)[i];
    for (const BlockableStep& st : Steps.elephant_moves[from])
      if (pos.empty(st.block) && wanted(st.to)) add_screen(from, st.to);
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
      if (wanted(to)) add_screen(from, to);
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

bool has_legal_move(const Position& pos) {
  // The general's own steps first: a side that can move at all can nearly always move its
  // general, and four steps are cheaper to try than generating every move.
  const Color us = pos.side_to_move();
  const Square general = pos.general_square(us);
  for (Square to : Steps.general_moves[general]) {
    const Piece p = pos.piece_on(to);
    if ((p == NO_PIECE || color_of(p) != us) && pos.legal(make_move(general, to))) return true;
  }
  Move list[MAX_MOVES];
  Move* const end = generate_pseudo<true, true>(pos, list);
  for (Move* m = list; m != end; ++m)
    if (pos.legal(*m)) return true;
  return false;
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
