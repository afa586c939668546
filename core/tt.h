// The transposition table: a hash of searched positions with their bound, depth, best move and
// static evaluation. Clusters of five entries fill one 64-byte cache line; replacement prefers
// deep entries from the current search (depth-preferred with aging).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

#include "types.h"

namespace chuhan {

enum Bound : uint8_t {
  BOUND_NONE,
  BOUND_UPPER,
  BOUND_LOWER,
  BOUND_EXACT = BOUND_UPPER | BOUND_LOWER
};

struct TTEntry {
  Move move() const { return Move(move16); }
  Value value() const { return value16; }
  Value eval() const { return eval16; }
  Depth depth() const { return depth8; }
  Bound bound() const { return Bound(gen_bound8 & 3); }

  uint32_t key32;
  uint16_t move16;
  int16_t value16;
  int16_t eval16;
  int8_t depth8;
  uint8_t gen_bound8;  // generation in the upper 6 bits, bound in the lower 2
};

class TranspositionTable {
 public:
  static constexpr int DefaultSizeMB = 16;
  static constexpr int MaxSizeMB = 1024;

  // The memory is not allocated until the first search: creating an engine stays cheap (touching
  // 16 MB of fresh pages takes tens of milliseconds, most of a web page's start-up budget).
  TranspositionTable() = default;

  // Sets the size to `mb` megabytes (clamped to 1..MaxSizeMB), dropping every entry; the new
  // table is allocated when the next search starts.
  void resize(int mb);
  void clear();
  // Called once per search, before any probe: allocates the table if needed (halving the size
  // until the allocation succeeds) and makes older entries lose priority.
  void new_search();
  // Megabytes in use (after a search) or requested (before one).
  int size_mb() const { return size_mb_; }

  // Finds the entry for `key`; `found` tells whether it holds this position. When not found,
  // the returned entry is the one to overwrite.
  TTEntry* probe(Key key, bool& found);
  // Writes an entry; keeps the old move if the new one is MOVE_NONE for the same position.
  void store(TTEntry* e, Key key, Value v, Bound b, Depth d, Move m, Value eval);
  // Permille of entries written during the current search (sampled).
  int hashfull() const;
  // Hints the processor to load the cluster for `key`.
  void prefetch(Key key) const;

 private:
  struct Cluster {
    TTEntry entries[5];
    char padding[4];
  };
  static_assert(sizeof(TTEntry) == 12);
  static_assert(sizeof(Cluster) == 64);

  Cluster* cluster_for(Key key) const {
    // Upper 32 bits pick the cluster (no 128-bit multiply), lower 32 bits verify the entry.
    return &clusters_[((key >> 32) * uint64_t(cluster_count_)) >> 32];
  }

  struct FreeMemory {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<Cluster[], FreeMemory> clusters_;  // from calloc, see new_search()
  uint32_t cluster_count_ = 0;
  int size_mb_ = DefaultSizeMB;
  bool written_ = false;    // a search ran since the table was last zeroed
  uint8_t generation_ = 4;  // never 0, so that an empty entry (all zero) is never current
};

// Mate scores are stored relative to the node, not the root, so that they stay right when the
// same position is reached at another ply.
constexpr Value value_to_tt(Value v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
constexpr Value value_from_tt(Value v, int ply) {
  return v == VALUE_NONE               ? VALUE_NONE
         : v >= VALUE_MATE_IN_MAX_PLY  ? v - ply
         : v <= VALUE_MATED_IN_MAX_PLY ? v + ply
                                       : v;
}

}  // namespace chuhan
