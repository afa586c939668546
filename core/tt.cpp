#include "tt.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace chuhan {

void TranspositionTable::resize(int mb) {
  memory_.reset();
  clusters_ = nullptr;
  cluster_count_ = 0;
  size_mb_ = std::clamp(mb, 1, MaxSizeMB);
  written_ = false;
  generation_ = 4;
}

void TranspositionTable::clear() {
  if (clusters_ && written_)
    std::memset(static_cast<void*>(clusters_), 0, sizeof(Cluster) * cluster_count_);
  written_ = false;
  generation_ = 4;
}

void TranspositionTable::reserve() {
  if (clusters_) return;
  allocate();
  // calloc's fresh pages read as zero already; writing the zeros is what maps them now.
  std::memset(static_cast<void*>(clusters_), 0, sizeof(Cluster) * cluster_count_);
}

void TranspositionTable::new_search() {
  allocate();
  written_ = true;
  generation_ = generation_ == 252 ? 4 : generation_ + 4;
}

void TranspositionTable::allocate() {
  // A size the machine cannot give (a browser tab, a small device) shrinks instead of failing.
  while (!clusters_) {
    const size_t count = size_t(size_mb_) * 1024 * 1024 / sizeof(Cluster);
    // calloc: fresh pages from the system are already zero, so they cost nothing until used.
    // Aligned by hand (calloc's 16 bytes would split every cluster over two cache lines);
    // on Linux to 2 MB, so that the kernel can back the table with huge pages, which spares
    // a probe most of its address-translation misses.
#if defined(__linux__)
    constexpr size_t Alignment = 2 * 1024 * 1024;
#else
    constexpr size_t Alignment = sizeof(Cluster);
#endif
    const size_t bytes = count * sizeof(Cluster);
    memory_.reset(static_cast<char*>(std::calloc(bytes + Alignment, 1)));
    if (memory_) {
      const uintptr_t start = reinterpret_cast<uintptr_t>(memory_.get());
      clusters_ = reinterpret_cast<Cluster*>((start + Alignment - 1) & ~uintptr_t(Alignment - 1));
#if defined(__linux__)
      madvise(clusters_, bytes, MADV_HUGEPAGE);  // a hint: without huge pages nothing changes
#endif
      cluster_count_ = uint32_t(count);
    } else if (size_mb_ > 1) {
      size_mb_ /= 2;
    } else {
      std::abort();  // not even 1 MB left: nothing sensible to do
    }
  }
}

TTEntry* TranspositionTable::probe(Key key, bool& found, TTData& data) {
  TTEntry* const entries = cluster_for(key)->entries;
  const uint32_t key32 = uint32_t(key);
  TTEntry::Fields fields[5];
  for (int i = 0; i < 5; ++i) {
    TTEntry::Fields& f = fields[i] = entries[i].load();
    if (f.key32 == key32 && f.gen_bound8) {
      // Refresh the generation so that a hit is not replaced as stale (a write only when it
      // changes: the entry is shared by every thread's cache).
      const Bound bound = Bound(f.gen_bound8 & 3);
      if ((f.gen_bound8 & 0xFC) != generation_) {
        f.gen_bound8 = uint8_t(generation_ | bound);
        entries[i].save(f);
      }
      data = {Move(f.move16), f.value16, f.eval16, f.depth8, bound};
      return found = true, &entries[i];
    }
  }

  // Replace the entry with the least depth, counting each generation of age as 8 plies.
  auto worth = [this](const TTEntry::Fields& f) {
    return f.depth8 - 8 * (uint8_t(generation_ - (f.gen_bound8 & 0xFC)) >> 2);
  };
  int replace = 0;
  int replace_worth = worth(fields[0]);
  for (int i = 1; i < 5; ++i)
    if (const int w = worth(fields[i]); w < replace_worth) replace = i, replace_worth = w;
  return found = false, &entries[replace];
}

void TranspositionTable::store(TTEntry* e, Key key, Value v, Bound b, Depth d, Move m, Value eval) {
  const uint32_t key32 = uint32_t(key);
  TTEntry::Fields f = e->load();
  const bool same = f.key32 == key32;
  if (m != MOVE_NONE || !same) f.move16 = m;
  // Keep a deeper entry of the same position unless the new one is exact.
  if (b == BOUND_EXACT || !same || d + 4 > f.depth8) {
    f.key32 = key32;
    f.value16 = int16_t(v);
    f.eval16 = int16_t(eval);
    f.depth8 = int8_t(std::clamp(d, -100, 127));
    f.gen_bound8 = uint8_t(generation_ | b);
  }
  e->save(f);
}

int TranspositionTable::hashfull() const {
  // The first 1000 entries: as many as a permille needs. Every search's info line asks, and short
  // searches (the data generator's 300 nodes) felt a larger sample.
  int used = 0;
  const uint32_t sample = std::min<uint32_t>(200, cluster_count_);
  if (sample == 0) return 0;
  for (uint32_t i = 0; i < sample; ++i)
    for (const TTEntry& e : clusters_[i].entries) {
      const uint8_t gen_bound = e.load().gen_bound8;
      used += gen_bound && (gen_bound & 0xFC) == generation_;
    }
  return int(used * 1000 / (sample * 5));
}

// WebAssembly has no prefetch instruction: clang drops __builtin_prefetch there, so the wasm
// build waits for the cluster in probe() (the largest single part of its extra time; the native
// build without the prefetch takes ~3 % longer). An early plain load is no substitute: it cannot
// retire before the line arrives, so the wait only moves into make_move (measured: same time).
void TranspositionTable::prefetch(Key key) const {
#if defined(__GNUC__)
  __builtin_prefetch(cluster_for(key));
#else
  (void)key;
#endif
}

}  // namespace chuhan
