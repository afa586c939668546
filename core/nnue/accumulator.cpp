#include "nnue/accumulator.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "nnue/kernels.h"

namespace chuhan::nnue {

namespace {

template <typename Arch>
void refresh_as(const Network& net, const Position& pos, Color perspective, int16_t* out) {
  std::memcpy(out, net.b1.data(), sizeof(int16_t) * Arch::Hidden);
  const Square general = pos.general_square(perspective);
  for (int p = R_GENERAL; p < PIECE_NB; ++p) {
    const Piece pc = Piece(p);
    if (type_of(pc) == NO_PIECE_TYPE) continue;
    for (int k = 0; k < pos.count(pc); ++k)
      kernels::add_row<Arch::Hidden>(
          out, net.row(Arch::feature(perspective, general, pc, pos.squares(pc)[k]), Arch::Hidden));
  }
}

// The same from the search's refresh cache: its entry for the general's point brought to this
// board (the entries are reset when they belong to another network).
template <typename Arch>
void refresh_cached(const Network& net, const Position& pos, Color perspective, int16_t* out,
                    RefreshCache& cache) {
  const Square general = pos.general_square(perspective);  // in its palace (Position::set)
  const int point = relative_rank(perspective, rank_of(general)) * 3 + file_of(general) - FILE_D;
  if (cache.network_id != net.id) {
    for (auto& side : cache.entries)
      for (RefreshCache::Entry& e : side) {
        std::memcpy(e.values, net.b1.data(), sizeof(int16_t) * Arch::Hidden);
        std::fill(std::begin(e.board), std::end(e.board), NO_PIECE);
      }
    cache.network_id = net.id;
  }
  RefreshCache::Entry& e = cache.entries[perspective][point];
  // Few squares differ: whole 8-square runs that match are skipped at once.
  const Piece* board = pos.board();
  for (int run = 0; run < SQUARE_NB; run += 8) {
    const int end = std::min(run + 8, int(SQUARE_NB));
    if (end - run == 8 && std::memcmp(board + run, e.board + run, 8) == 0) continue;
    for (int i = run; i < end; ++i) {
      const Square s = Square(i);
      const Piece now = board[s], was = e.board[s];
      if (now == was) continue;
      if (was != NO_PIECE)
        kernels::sub_row<Arch::Hidden>(
            e.values, net.row(Arch::feature(perspective, general, was, s), Arch::Hidden));
      if (now != NO_PIECE)
        kernels::add_row<Arch::Hidden>(
            e.values, net.row(Arch::feature(perspective, general, now, s), Arch::Hidden));
      e.board[s] = now;
    }
  }
  std::memcpy(out, e.values, sizeof(int16_t) * Arch::Hidden);
}

// The accumulator of `perspective` after the move that led to `st`, from the one before it.
template <typename Arch>
void apply_move(const Network& net, const StateInfo& st, Color perspective, Square own_general) {
  const int16_t* before = st.previous->accumulator->values[perspective];
  int16_t* after = st.accumulator->values[perspective];
  if (st.move == MOVE_NULL) {
    if (after != before) std::memcpy(after, before, sizeof(int16_t) * Arch::Hidden);
    return;
  }
  const Square from = from_sq(st.move), to = to_sq(st.move);
  auto row = [&](Piece pc, Square s) {
    return net.row(Arch::feature(perspective, own_general, pc, s), Arch::Hidden);
  };
  kernels::add_sub<Arch::Hidden>(after, before, row(st.moved, to), row(st.moved, from),
                                 st.captured == NO_PIECE ? nullptr : row(st.captured, to));
}

// Brings the state's accumulator of `perspective` up to date: forward from the nearest computed
// ancestor, or from the board when that is far, absent, or behind a move of the perspective's
// own general (which may change the features of every piece: the left-right mirror, and
// GeneralBuckets' bucket). Along the chain walked the own general therefore stays where it is
// now, and every feature is taken with it there.
template <typename Arch>
const int16_t* update_as(const Network& net, const Position& pos, Color perspective,
                         Accumulator& scratch) {
  const StateInfo* st = pos.state();
  Accumulator* acc = st->accumulator;
  if (!acc) {
    refresh_as<Arch>(net, pos, perspective, scratch.values[perspective]);
    return scratch.values[perspective];
  }
  if (acc->computed[perspective]) return acc->values[perspective];
  constexpr int MaxWalk = 12;
  const StateInfo* chain[MaxWalk];
  int n = 0;
  const Piece own_general = make_piece(perspective, GENERAL);
  for (const StateInfo* s = st; !s->accumulator->computed[perspective]; s = s->previous) {
    if (n == MaxWalk || !s->previous || !s->previous->accumulator || s->moved == own_general) {
      if (acc->refresh_cache)
        refresh_cached<Arch>(net, pos, perspective, acc->values[perspective], *acc->refresh_cache);
      else
        refresh_as<Arch>(net, pos, perspective, acc->values[perspective]);
      acc->computed[perspective] = true;
      return acc->values[perspective];
    }
    chain[n++] = s;
  }
  const Square general = pos.general_square(perspective);
  while (n-- > 0) {
    apply_move<Arch>(net, *chain[n], perspective, general);
    chain[n]->accumulator->computed[perspective] = true;
  }
  return acc->values[perspective];
}

}  // namespace

const int16_t* update(const Network& net, const Position& pos, Color perspective,
                      Accumulator& scratch) {
  return with_shape(net.arch, [&](auto shape) {
    return update_as<decltype(shape)>(net, pos, perspective, scratch);
  });
}

void refresh(const Network& net, const Position& pos, Color perspective, int16_t* out) {
  with_shape(net.arch,
             [&](auto shape) { refresh_as<decltype(shape)>(net, pos, perspective, out); });
}

}  // namespace chuhan::nnue
