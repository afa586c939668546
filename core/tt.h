// The transposition table: a hash of searched positions with their bound, depth, best move and
// static evaluation. Clusters of five entries fill one 64-byte cache line; replacement prefers
// deep entries from the current search (depth-preferred with aging).
#pragma once

#include <atomic>
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

// What one probe read from an entry: a consistent snapshot, safe to use while other threads
// overwrite the entry itself.
struct TTData {
  Move move() const { return move_; }
  Value value() const { return value_; }
  Value eval() const { return eval_; }
  Depth depth() const { return depth_; }
  Bound bound() const { return bound_; }

  Move move_ = MOVE_NONE;
  Value value_ = VALUE_NONE;
  Value eval_ = VALUE_NONE;
  Depth depth_ = 0;
  Bound bound_ = BOUND_NONE;
};

// One slot of the table, shared by every search thread without locks. Its 12 bytes are three
// relaxed atomic words, written one after another: `check` holds the position's 32 key bits
// XOR both data words, so a reader that sees words of two different writes (a torn entry)
// finds a key that matches neither position and treats the slot as a miss (lockless hashing).
class TTEntry {
 public:
  // The fields as one thread last wrote them; `consistent` is false for a torn read.
  struct Fields {
    uint32_t key32;
    uint16_t move16;
    int16_t value16;
    int16_t eval16;
    int8_t depth8;
    uint8_t gen_bound8;  // generation in the upper 6 bits, bound in the lower 2
  };
  Fields load() const {
    const uint32_t w0 = word0_.load(std::memory_order_relaxed);
    const uint32_t w1 = word1_.load(std::memory_order_relaxed);
    const uint32_t check = check_.load(std::memory_order_relaxed);
    return {check ^ w0 ^ w1,         uint16_t(w0),     int16_t(w0 >> 16), int16_t(w1 & 0xFFFF),
            int8_t(w1 >> 16 & 0xFF), uint8_t(w1 >> 24)};
  }
  void save(const Fields& f) {
    const uint32_t w0 = uint32_t(f.move16) | uint32_t(uint16_t(f.value16)) << 16;
    const uint32_t w1 = uint32_t(uint16_t(f.eval16)) | uint32_t(uint8_t(f.depth8)) << 16 |
                        uint32_t(f.gen_bound8) << 24;
    word0_.store(w0, std::memory_order_relaxed);
    word1_.store(w1, std::memory_order_relaxed);
    check_.store(f.key32 ^ w0 ^ w1, std::memory_order_relaxed);
  }

 private:
  std::atomic<uint32_t> check_;
  std::atomic<uint32_t> word0_;  // move, value
  std::atomic<uint32_t> word1_;  // static evaluation, depth, generation and bound
};

class TranspositionTable {
 public:
  static constexpr int DefaultSizeMB = 16;
  static constexpr int MaxSizeMB = 1024;

  // The memory is not allocated until the first search: creating an engine stays cheap (touching
  // 16 MB of fresh pages takes tens of milliseconds, most of a web page's start-up budget).
  TranspositionTable() = default;

  // Sets the size to `mb` megabytes (clamped to 1..MaxSizeMB), dropping every entry; the new
  // table is allocated by the next reserve() or, if none comes first, when the next search starts.
  void resize(int mb);
  void clear();
  // Allocates the table now if it is not, and touches every page of it, so that the next search
  // does not pay for them: the first touch of fresh memory costs up to a few milliseconds a
  // megabyte (more when the kernel must assemble huge pages). For UCI's isready, which a GUI
  // sends before it starts the clock; the web app keeps allocation lazy (see the constructor).
  void reserve();
  // Called once per search, before any probe: allocates the table if needed (halving the size
  // until the allocation succeeds) and makes older entries lose priority.
  void new_search();
  // Megabytes in use (once allocated) or requested (before).
  int size_mb() const { return size_mb_; }
  bool allocated() const { return clusters_ != nullptr; }

  // Finds the entry for `key`; `found` tells whether it holds this position, whose contents are
  // then copied to `data`. When not found, the returned entry is the one to overwrite.
  TTEntry* probe(Key key, bool& found, TTData& data);
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
  static_assert(std::atomic<uint32_t>::is_always_lock_free);
  static_assert(sizeof(Cluster) == 64);

  void allocate();  // if not allocated: calloc, halving the size until it succeeds

  Cluster* cluster_for(Key key) const {
    // Upper 32 bits pick the cluster (no 128-bit multiply), lower 32 bits verify the entry.
    return &clusters_[((key >> 32) * uint64_t(cluster_count_)) >> 32];
  }

  struct FreeMemory {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<char[], FreeMemory> memory_;  // from calloc, see allocate()
  Cluster* clusters_ = nullptr;                 // in memory_, each cluster on one cache line
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
// Read back at `ply`, with `plies_left` before the 60-move rule draws, a mate further from the
// node than the rule allows is only a win (or loss) with no mate proven: such a distance cannot
// be played out without a capture, and it is how a mate grows through cycles of transpositions
// (each lap adds plies) until it would leave the mate range and pass for an evaluation.
constexpr Value value_from_tt(Value v, int ply, int plies_left) {
  if (v == VALUE_NONE) return VALUE_NONE;
  if (v >= VALUE_MATE_IN_MAX_PLY)
    return VALUE_MATE - v > plies_left ? VALUE_MATE_IN_MAX_PLY - 1 : v - ply;
  if (v <= VALUE_MATED_IN_MAX_PLY)
    return VALUE_MATE + v > plies_left ? VALUE_MATED_IN_MAX_PLY + 1 : v + ply;
  return v;
}

}  // namespace chuhan
