// The integer kernels of the network: first-layer row updates and the output layer, for any
// width N that is a multiple of 16 (arch.h: 128 and 256). The row updates are plain loops over a
// fixed N, which the compilers vectorise in every build (SSE2, AVX2, WebAssembly SIMD128); int16
// sums wrap alike at any lane width. The output layer is in plain C++ and, where the build has
// it, in SIMD (AVX2, SSE2 or WebAssembly SIMD128); the SIMD kernel computes exactly what its
// scalar twin does (the output sums are exact), so that every build gives the same scores and the
// same bench signature; the tests compare them.
#pragma once

#include <algorithm>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace chuhan::nnue::kernels {

// The output layer a kernel computes: the scalar one, or the SIMD one this build has (the
// scalar one again when it has none).
enum class Kernel { Scalar, Simd };

// acc += row, N int16 lanes.
template <int N>
inline void add_row(int16_t* acc, const int16_t* row) {
  for (int i = 0; i < N; ++i) acc[i] = int16_t(acc[i] + row[i]);
}

// acc -= row, N int16 lanes.
template <int N>
inline void sub_row(int16_t* acc, const int16_t* row) {
  for (int i = 0; i < N; ++i) acc[i] = int16_t(acc[i] - row[i]);
}

// after = before + added - removed (- taken when not null): one move's change of a perspective.
template <int N>
inline void add_sub(int16_t* after, const int16_t* before, const int16_t* added,
                    const int16_t* removed, const int16_t* taken) {
  if (!taken) {
    for (int i = 0; i < N; ++i) after[i] = int16_t(before[i] + added[i] - removed[i]);
  } else {
    for (int i = 0; i < N; ++i) after[i] = int16_t(before[i] + added[i] - removed[i] - taken[i]);
  }
}

// sum over both halves of clip(acc, 0, QA)^2 * w2: the output layer before its scaling. `w2`
// holds the side to move's half (N weights) and then the other's, |w2| <= MaxOutputWeight, and
// QA * QA * MaxOutputWeight * 2 * N fits in int32 (arch.h). `us`, `them` and `w2` are 32-byte
// aligned.
template <int N, int QA>
inline int32_t output_scalar(const int16_t* us, const int16_t* them, const int16_t* w2) {
  int32_t sum = 0;
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < N; ++i) {
      const int32_t x = std::clamp<int32_t>(acc[i], 0, QA);
      sum += x * x * w2[half * N + i];
    }
  }
  return sum;
}

// The same with SIMD: clip, multiply by the weight (fits 16 bits: QA * 127), then multiply by
// the clipped value again and add pairs into 32 bits. Exact, so equal to output_scalar().
template <int N, int QA>
inline int32_t output_simd(const int16_t* us, const int16_t* them, const int16_t* w2) {
  static_assert(N % 16 == 0, "whole AVX2 vectors");
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = zero;
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < N; i += 16) {
      const __m256i x = _mm256_min_epi16(
          _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero), qa);
      const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(w2 + half * N + i));
      sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(x, w), x));
    }
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
#elif defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128(), qa = _mm_set1_epi16(QA);
  __m128i sum = zero;
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < N; i += 8) {
      const __m128i x = _mm_min_epi16(
          _mm_max_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(acc + i)), zero), qa);
      const __m128i w = _mm_load_si128(reinterpret_cast<const __m128i*>(w2 + half * N + i));
      sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_mullo_epi16(x, w), x));
    }
  }
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
  return _mm_cvtsi128_si32(sum);
#elif defined(__wasm_simd128__)
  const v128_t zero = wasm_i16x8_splat(0), qa = wasm_i16x8_splat(QA);
  v128_t sum = wasm_i32x4_splat(0);
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < N; i += 8) {
      const v128_t x = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), qa);
      const v128_t w = wasm_v128_load(w2 + half * N + i);
      sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_i16x8_mul(x, w), x));
    }
  }
  return wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) +
         wasm_i32x4_extract_lane(sum, 2) + wasm_i32x4_extract_lane(sum, 3);
#else
  return output_scalar<N, QA>(us, them, w2);
#endif
}

}  // namespace chuhan::nnue::kernels
