// The network's first layer for one position, kept up to date move by move. Position knows
// only a handle: each StateInfo may point at an Accumulator (StateInfo::accumulator). A search
// owns an AccumulatorStack, one entry per ply, and points each state it makes at its ply's
// entry; the evaluation then brings that entry forward from the nearest computed ancestor. A
// state without one (outside a search: a game's states, the tools) is computed afresh.
#pragma once

#include <cstdint>
#include <memory>

#include "nnue/arch.h"
#include "nnue/network.h"
#include "position.h"

namespace chuhan::nnue {

// A search's last refreshed accumulator for each point of each side's general in its palace,
// with the board it was computed for. A refresh starts from it and adds or removes the rows of
// the squares that differ, few between one search and the next or within a tree, where
// computing afresh adds a row for each of up to 32 pieces. Refreshes come at every search's root
// and after every move of a general (which changes the features of its whole side, arch.h):
// nearly a third of the data generator's time at 300 nodes a search, little in long searches.
struct RefreshCache {
  struct Entry {
    alignas(64) int16_t values[MaxHidden];
    Piece board[SQUARE_NB];  // the board `values` sums; all NO_PIECE: the biases alone
  };
  Entry entries[COLOR_NB][9];  // by the general's point: relative rank * 3 + file - FILE_D
  uint32_t network_id = 0;     // the network (Network::id) whose rows `values` sum; 0: none
};

// Both perspectives' sums (indexed by colour), each valid once computed[perspective] is set; a
// network of a narrower architecture uses the first Hidden values. `refresh_cache` is the
// owning search's (none for a scratch accumulator).
struct Accumulator {
  alignas(64) int16_t values[COLOR_NB][MaxHidden];
  bool computed[COLOR_NB];
  RefreshCache* refresh_cache = nullptr;
};

// A search's accumulators, one for the state at each ply from its root, and their refresh cache.
class AccumulatorStack {
 public:
  AccumulatorStack() : entries_(new Accumulator[MAX_PLY + 1]), cache_(new RefreshCache) {
    for (int ply = 0; ply <= MAX_PLY; ++ply) entries_[ply].refresh_cache = cache_.get();
  }
  // The entry for the state at `ply` (0, the root, .. MAX_PLY), marked not computed: for a state
  // just made, or a search's root.
  Accumulator* fresh(int ply) {
    Accumulator* a = &entries_[ply];
    a->computed[RED] = a->computed[BLACK] = false;
    return a;
  }

 private:
  std::unique_ptr<Accumulator[]> entries_;  // values left uninitialised until fresh()
  std::unique_ptr<RefreshCache> cache_;
};

// The accumulator of `perspective` for the position, computed if need be: the state's own,
// brought up to date, or, when the state has none, `scratch` filled from the board.
const int16_t* update(const Network& net, const Position& pos, Color perspective,
                      Accumulator& scratch);
// The accumulator of `perspective` computed from the board into `out` (net.b1 plus a row per
// piece; the network's Hidden values), for states without one and for the test that the
// incremental updates agree with it.
void refresh(const Network& net, const Position& pos, Color perspective, int16_t* out);

}  // namespace chuhan::nnue
