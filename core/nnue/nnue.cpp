#include "nnue/nnue.h"

namespace chuhan::nnue {

namespace {

template <typename Arch>
int64_t output_as(const Network& net, const Position& pos, Kernel kernel) {
  Accumulator scratch;
  const Color us = pos.side_to_move();
  const int16_t* mine = update(net, pos, us, scratch);
  const int16_t* theirs = update(net, pos, ~us, scratch);
  const int32_t sum =
      kernel == Kernel::Simd
          ? kernels::output_simd<Arch::Hidden, Arch::QA>(mine, theirs, net.w2.data())
          : kernels::output_scalar<Arch::Hidden, Arch::QA>(mine, theirs, net.w2.data());
  return (int64_t(sum / Arch::QA) + net.b2) * net.scale / (Arch::QA * Arch::QB);
}

}  // namespace

int64_t output(const Network& net, const Position& pos, Kernel kernel) {
  return with_shape(net.arch,
                    [&](auto shape) { return output_as<decltype(shape)>(net, pos, kernel); });
}

}  // namespace chuhan::nnue
