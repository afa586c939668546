// The learned evaluation (NNUE): the network's output for a position. Integer arithmetic only,
// so that every build (scalar, SSE2, AVX2, WebAssembly SIMD) gives the same scores; the trainer
// is scripts/nnue/ (README there). The engine's one entry is evaluate(pos, network) in
// evaluate.h, which adds the hand-written evaluation when the network is a correction to it.
#pragma once

#include <cstdint>

#include "nnue/accumulator.h"
#include "nnue/kernels.h"
#include "nnue/network.h"
#include "position.h"

namespace chuhan::nnue {

using kernels::Kernel;

// The network's output for the side to move, in centipawns, not yet clamped to the range of
// evaluations (and without the hand-written evaluation a correction is added to), its output
// layer computed by `kernel`.
int64_t output(const Network& net, const Position& pos, Kernel kernel = Kernel::Simd);

}  // namespace chuhan::nnue
