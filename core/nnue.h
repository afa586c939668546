// The learned evaluation (NNUE): a network whose first layer is kept up to date incrementally
// in each StateInfo (nnue_arch.h), with a clipped-and-squared activation and one output
// neuron. Integer arithmetic only, so that every build (scalar, SSE2, AVX2, WebAssembly SIMD)
// gives the same scores; the trainer is scripts/nnue/ (README there).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "nnue_arch.h"
#include "position.h"

namespace chuhan::nnue {

constexpr uint32_t FormatVersion = 2;

struct Network {
  uint32_t id = 0;    // unique among the networks loaded in this process, never 0
  int32_t scale = 0;  // centipawns per unit of the float model's output
  // The network learned a correction to the hand-written evaluation (evaluate.h), which is added
  // to its output; otherwise its output is the whole evaluation.
  bool corrects_hand_written = false;
  std::string description;
  alignas(32) int16_t w1[FeatureCount][Hidden];
  alignas(32) int16_t b1[Hidden];
  alignas(32) int16_t w2[2][Hidden];  // [0] weighs the side to move's half, [1] the other's
  int32_t b2;
};

// The net file (format in scripts/nnue/README.md): magic, version, shape, scale, flags,
// description, the weights as little-endian integers, and an FNV-1a checksum of everything before
// it. parse() returns "" on success; otherwise what is wrong, and `out` is unchanged.
std::string parse(const void* data, size_t size, Network& out);
// The longest description parse() accepts, and so the largest file it reads: a reader of net
// files needs no more bytes than MaxFileSize (the header, the description, the weights, the
// checksum).
constexpr size_t MaxDescriptionSize = 4096;
constexpr size_t MaxFileSize =
    40 + MaxDescriptionSize + (size_t(FeatureCount) * Hidden + Hidden + 2 * Hidden) * 2 + 4 + 4;
std::string serialize(const Network& net);

// The network built into the binary (generated from core/nets/ at build time).
const Network& embedded_network();

// Score of the position for the side to move, in centipawns.
Value evaluate(const Network& net, Position& pos);

// The same with the output layer computed by a chosen implementation, for the test that they
// agree: the scalar one, or the SIMD one this build has (SSE2/AVX2/WebAssembly SIMD128; the
// scalar one again when it has none).
enum class Kernel { Scalar, Simd };
Value evaluate_with(const Network& net, Position& pos, Kernel kernel);
// The side to move's accumulator recomputed from the board, for the test that the incremental
// updates agree with it.
void refresh_accumulator(const Network& net, const Position& pos, Color perspective, int16_t* out);

}  // namespace chuhan::nnue
