// A network's weights and its net file: the format (scripts/nnue/README.md), reading it with
// every check a file from outside needs, writing it, and the network built into the binary.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "nnue/arch.h"

namespace chuhan::nnue {

// Which shape (arch.h) a network has; its value is the net file's version.
enum class Architecture : uint32_t { PIECE_SQUARE = 2, GENERAL_BUCKETS = 3 };
constexpr Architecture Architectures[] = {Architecture::PIECE_SQUARE,
                                          Architecture::GENERAL_BUCKETS};

// f(Arch{}) for the shape struct (arch.h) of `arch`: how the code written over the shapes is
// chosen for a network. This and Architectures are the lists to extend for a new shape.
template <typename F>
constexpr auto with_shape(Architecture arch, F&& f) {
  switch (arch) {
    case Architecture::GENERAL_BUCKETS:
      return f(GeneralBuckets{});
    case Architecture::PIECE_SQUARE:
      break;
  }
  return f(PieceSquare{});
}

// Vectors whose data SIMD code loads aligned.
template <typename T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t Alignment{64};
  AlignedAllocator() = default;
  template <typename U>
  AlignedAllocator(const AlignedAllocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), Alignment)); }
  void deallocate(T* p, size_t) { ::operator delete(p, Alignment); }
  template <typename U>
  bool operator==(const AlignedAllocator<U>&) const {
    return true;
  }
};
template <typename T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

struct Network {
  // The weights of `arch`, all zero.
  explicit Network(Architecture arch = Architecture::PIECE_SQUARE);

  uint32_t id = 0;  // unique among the networks loaded in this process, never 0
  Architecture arch;
  int32_t scale = 0;  // centipawns per unit of the float model's output
  // The network learned a correction to the hand-written evaluation (evaluate.h), which is added
  // to its output; otherwise its output is the whole evaluation.
  bool corrects_hand_written = false;
  std::string description;
  // The sizes below are those of the architecture (Features, Hidden).
  AlignedVector<int16_t> w1;  // first layer, feature-major: Features rows of Hidden
  AlignedVector<int16_t> b1;  // Hidden
  AlignedVector<int16_t> w2;  // output layer: the side to move's half, then the other's
  int32_t b2 = 0;

  const int16_t* row(int feature, int hidden) const { return &w1[size_t(feature) * hidden]; }
};

// The net file: magic, version (= the architecture), its shape and quantisation, scale, flags,
// description, the weights as little-endian integers, and an FNV-1a checksum of everything
// before it (scripts/nnue/README.md). parse() reads every architecture's files and returns ""
// on success; otherwise what is wrong, and `out` is unchanged. serialize() writes the file of
// `net`'s architecture.
std::string parse(const void* data, size_t size, Network& out);
std::string serialize(const Network& net);

// The longest description parse() accepts.
constexpr size_t MaxDescriptionSize = 4096;
// The size of a net file of `arch` with a description of `description_size` bytes: the header
// (magic and eight 32-bit fields), the description, the weights, the output bias, the checksum.
constexpr size_t file_size(Architecture arch, size_t description_size) {
  return with_shape(arch, [&](auto shape) {
    using A = decltype(shape);
    return 8 + 8 * 4 + description_size +
           (size_t(A::Features) * A::Hidden + A::Hidden + 2 * A::Hidden) * 2 + 4 + 4;
  });
}
// The largest file parse() reads: a reader of net files needs no more bytes than this.
constexpr size_t MaxFileSize = [] {
  size_t most = 0;
  for (Architecture a : Architectures) most = std::max(most, file_size(a, MaxDescriptionSize));
  return most;
}();

// The network built into the binary (generated from core/nets/ at build time).
const Network& embedded_network();

}  // namespace chuhan::nnue
