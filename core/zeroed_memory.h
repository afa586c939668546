// Zeroed heap memory from calloc, for large tables: fresh pages from the system are already
// zero, so they are not touched (and cost nothing) until the search first uses them.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

namespace chuhan {

struct FreeMemory {
  void operator()(void* p) const { std::free(p); }
};

template <class T>
using ZeroedArray = std::unique_ptr<T, FreeMemory>;

// `count` zeroed objects of a trivial type T, or nullptr when the memory is not available.
template <class T>
ZeroedArray<T> allocate_zeroed(size_t count = 1) {
  return ZeroedArray<T>(static_cast<T*>(std::calloc(count, sizeof(T))));
}

}  // namespace chuhan
