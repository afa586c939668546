#include "tt.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace chuhan {
namespace {

// Keys spread over the table: the upper half picks the cluster, the lower half is stored.
Key key_number(uint64_t i) { return (i * 0x9E3779B97F4A7C15ULL) | 1; }

TEST(TranspositionTable, EachClusterIsOneCacheLine) {
  // A probe that misses in an empty table returns the cluster's first entry: every one must
  // start a 64-byte line, so that a probe reads one line, not two (calloc alone gives 16 bytes).
  for (int mb : {1, 3, 16}) {
    TranspositionTable tt;
    tt.resize(mb);
    tt.new_search();
    for (uint64_t i = 0; i < 1000; ++i) {
      bool found = true;
      TTData data;
      const TTEntry* e = tt.probe(key_number(i), found, data);
      ASSERT_FALSE(found);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(e) % 64, 0u) << mb << " MB, key " << i;
    }
  }
}

TEST(TranspositionTable, WhatIsStoredIsFoundUntilCleared) {
  TranspositionTable tt;
  tt.resize(2);
  tt.new_search();
  for (uint64_t i = 0; i < 500; ++i) {
    bool found;
    TTData data;
    TTEntry* e = tt.probe(key_number(i), found, data);
    tt.store(e, key_number(i), Value(i), BOUND_EXACT, Depth(1 + i % 20),
             make_move(Square(i % 90), Square((i + 1) % 90)), Value(-int(i)));
  }
  for (uint64_t i = 0; i < 500; ++i) {
    bool found = false;
    TTData data;
    tt.probe(key_number(i), found, data);
    ASSERT_TRUE(found) << i;
    EXPECT_EQ(data.value(), Value(i));
    EXPECT_EQ(data.eval(), Value(-int(i)));
    EXPECT_EQ(data.depth(), Depth(1 + i % 20));
    EXPECT_EQ(data.bound(), BOUND_EXACT);
    EXPECT_EQ(data.move(), make_move(Square(i % 90), Square((i + 1) % 90)));
  }
  tt.clear();
  tt.new_search();
  for (uint64_t i = 0; i < 500; ++i) {
    bool found = true;
    TTData data;
    tt.probe(key_number(i), found, data);
    EXPECT_FALSE(found) << i;
  }
}

TEST(TranspositionTable, ReserveAllocatesOnceAndSearchesKeepThatMemory) {
  TranspositionTable tt;
  tt.resize(3);
  EXPECT_FALSE(tt.allocated());  // lazy: creating an engine or setting the size allocates nothing
  tt.reserve();
  ASSERT_TRUE(tt.allocated());
  EXPECT_EQ(tt.size_mb(), 3);
  bool found = true;
  TTData data;
  TTEntry* const entry = tt.probe(key_number(7), found, data);
  EXPECT_FALSE(found);
  tt.new_search();  // the search finds the table there: no second allocation
  EXPECT_EQ(tt.probe(key_number(7), found, data), entry);
  tt.store(entry, key_number(7), Value(42), BOUND_LOWER, Depth(5), MOVE_NONE, Value(0));
  tt.reserve();  // a table in use is neither replaced nor emptied
  EXPECT_EQ(tt.probe(key_number(7), found, data), entry);
  EXPECT_TRUE(found);
  tt.resize(2);
  EXPECT_FALSE(tt.allocated());
}

}  // namespace
}  // namespace chuhan
