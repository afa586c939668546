#include "nnue.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "evaluate.h"

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace chuhan::nnue {

// The bytes of the default network, generated from core/nets/ by CMake (embed-net.cmake).
extern const unsigned char EmbeddedNetData[];
extern const size_t EmbeddedNetSize;

namespace {

constexpr char Magic[8] = {'C', 'H', 'U', 'H', 'A', 'N', 'N', 'N'};
constexpr int MaxWeight2 = 127;  // |output weight| bound that keeps the int32 sums exact

std::atomic<uint32_t> next_network_id{1};

uint32_t fnv1a(const unsigned char* data, size_t size) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
  return h;
}

// Little-endian reading and writing, independent of the host's byte order.
struct Reader {
  const unsigned char* p;
  const unsigned char* end;
  bool ok = true;
  uint32_t u32() {
    if (end - p < 4) return ok = false, 0;
    const uint32_t v =
        uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    p += 4;
    return v;
  }
  int16_t i16() {
    if (end - p < 2) return ok = false, 0;
    const uint16_t v = uint16_t(p[0] | p[1] << 8);
    p += 2;
    return int16_t(v);
  }
};
void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out += char(v >> (8 * i) & 0xFF);
}
void put_i16(std::string& out, int16_t v) {
  out += char(uint16_t(v) & 0xFF);
  out += char(uint16_t(v) >> 8);
}

void add_row(int16_t* acc, const int16_t* row) {
  for (int i = 0; i < Hidden; ++i) acc[i] = int16_t(acc[i] + row[i]);
}

// The accumulator of `perspective` after the move that led to `st`, from the one before it.
void apply_move(const Network& net, StateInfo& st, Color perspective, Square own_general) {
  const int16_t* before = st.previous->accumulator.values[perspective];
  int16_t* after = st.accumulator.values[perspective];
  if (st.move == MOVE_NULL) {
    std::memcpy(after, before, sizeof(int16_t) * Hidden);
    return;
  }
  const Square from = from_sq(st.move), to = to_sq(st.move);
  const int16_t* added = net.w1[feature_index(perspective, own_general, st.moved, to)];
  const int16_t* removed = net.w1[feature_index(perspective, own_general, st.moved, from)];
  if (st.captured == NO_PIECE) {
    for (int i = 0; i < Hidden; ++i) after[i] = int16_t(before[i] + added[i] - removed[i]);
  } else {
    const int16_t* taken = net.w1[feature_index(perspective, own_general, st.captured, to)];
    for (int i = 0; i < Hidden; ++i)
      after[i] = int16_t(before[i] + added[i] - removed[i] - taken[i]);
  }
}

// Brings the accumulator of `perspective` in the current state up to date: forward from the
// nearest ancestor computed for this network, or from the board when that is far, absent, or
// behind a move of the perspective's own general (which may turn the mirroring).
void update_accumulator(const Network& net, Position& pos, Color perspective) {
  StateInfo* st = pos.state();
  if (st->accumulator.net_id[perspective] == net.id) return;
  constexpr int MaxWalk = 12;
  StateInfo* chain[MaxWalk];
  int n = 0;
  const Piece own_general = make_piece(perspective, GENERAL);
  for (StateInfo* s = st; s->accumulator.net_id[perspective] != net.id; s = s->previous) {
    if (n == MaxWalk || !s->previous || s->moved == own_general) {
      refresh_accumulator(net, pos, perspective, st->accumulator.values[perspective]);
      st->accumulator.net_id[perspective] = net.id;
      return;
    }
    chain[n++] = s;
  }
  const Square general = pos.general_square(perspective);
  while (n-- > 0) {
    apply_move(net, *chain[n], perspective, general);
    chain[n]->accumulator.net_id[perspective] = net.id;
  }
}

// sum over both halves of clip(acc, 0, QA)^2 * w2: the output layer before its scaling.
int32_t output_scalar(const Network& net, const int16_t* us, const int16_t* them) {
  int32_t sum = 0;
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < Hidden; ++i) {
      const int32_t x = std::clamp<int32_t>(acc[i], 0, QA);
      sum += x * x * net.w2[half][i];
    }
  }
  return sum;
}

// The same with SIMD: clip, multiply by the weight (fits 16 bits: QA * 127), then multiply by
// the clipped value again and add pairs into 32 bits. Exact, so equal to output_scalar().
int32_t output_simd(const Network& net, const int16_t* us, const int16_t* them) {
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = zero;
  for (int half = 0; half < 2; ++half) {
    const int16_t* acc = half ? them : us;
    for (int i = 0; i < Hidden; i += 16) {
      const __m256i x = _mm256_min_epi16(
          _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero), qa);
      const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.w2[half][i]));
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
    for (int i = 0; i < Hidden; i += 8) {
      const __m128i x = _mm_min_epi16(
          _mm_max_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(acc + i)), zero), qa);
      const __m128i w = _mm_load_si128(reinterpret_cast<const __m128i*>(&net.w2[half][i]));
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
    for (int i = 0; i < Hidden; i += 8) {
      const v128_t x = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), qa);
      const v128_t w = wasm_v128_load(&net.w2[half][i]);
      sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_i16x8_mul(x, w), x));
    }
  }
  return wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) +
         wasm_i32x4_extract_lane(sum, 2) + wasm_i32x4_extract_lane(sum, 3);
#else
  return output_scalar(net, us, them);
#endif
}

}  // namespace

void refresh_accumulator(const Network& net, const Position& pos, Color perspective, int16_t* out) {
  std::memcpy(out, net.b1, sizeof(net.b1));
  const Square general = pos.general_square(perspective);
  for (int p = R_GENERAL; p < PIECE_NB; ++p) {
    const Piece pc = Piece(p);
    if (type_of(pc) == NO_PIECE_TYPE) continue;
    for (int k = 0; k < pos.count(pc); ++k)
      add_row(out, net.w1[feature_index(perspective, general, pc, pos.squares(pc)[k])]);
  }
}

Value evaluate_with(const Network& net, Position& pos, Kernel kernel) {
  update_accumulator(net, pos, RED);
  update_accumulator(net, pos, BLACK);
  const Color us = pos.side_to_move();
  const auto& acc = pos.state()->accumulator.values;
  const int32_t sum = kernel == Kernel::Simd ? output_simd(net, acc[us], acc[~us])
                                             : output_scalar(net, acc[us], acc[~us]);
  int64_t output = int64_t(sum / QA + net.b2) * net.scale / (QA * QB);
  if (net.corrects_hand_written) output += chuhan::evaluate(pos);
  return Value(std::clamp<int64_t>(output, VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1));
}

Value evaluate(const Network& net, Position& pos) { return evaluate_with(net, pos, Kernel::Simd); }

std::string parse(const void* data, size_t size, Network& out) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  if (size < sizeof Magic + 4 || std::memcmp(bytes, Magic, sizeof Magic) != 0)
    return "not a Chuhan network file";
  Reader in{bytes + sizeof Magic, bytes + size};
  const uint32_t version = in.u32();
  if (version != FormatVersion)
    return "network file version " + std::to_string(version) + ", this engine reads version " +
           std::to_string(FormatVersion);
  if (size < 4 || fnv1a(bytes, size - 4) != Reader{bytes + size - 4, bytes + size}.u32())
    return "network file damaged (checksum mismatch)";
  const uint32_t features = in.u32(), hidden = in.u32(), qa = in.u32(), qb = in.u32();
  if (!in.ok || features != FeatureCount || hidden != Hidden || qa != QA || qb != QB)
    return "network shape " + std::to_string(features) + "x" + std::to_string(hidden) +
           " (quantisation " + std::to_string(qa) + "/" + std::to_string(qb) +
           ") does not match this engine's " + std::to_string(FeatureCount) + "x" +
           std::to_string(Hidden) + " (" + std::to_string(QA) + "/" + std::to_string(QB) + ")";
  const int32_t scale = int32_t(in.u32());
  const uint32_t flags = in.u32(), description_size = in.u32();
  if (!in.ok || scale <= 0 || scale > 10000) return "network scale out of range";
  if (flags > 1) return "network file has unknown flags";
  if (description_size > MaxDescriptionSize || uint64_t(in.end - in.p) < description_size)
    return "network description too long";
  const size_t payload = (size_t(FeatureCount) * Hidden + Hidden + 2 * Hidden) * 2 + 4 + 4;
  if (size_t(in.end - in.p) - description_size != payload)
    return "network file has the wrong size for its shape";

  auto net = std::make_unique<Network>();
  net->scale = scale;
  net->corrects_hand_written = flags & 1;
  net->description.assign(reinterpret_cast<const char*>(in.p), description_size);
  in.p += description_size;
  for (auto& row : net->w1)
    for (int16_t& w : row) w = in.i16();
  for (int16_t& b : net->b1) b = in.i16();
  for (auto& half : net->w2)
    for (int16_t& w : half) {
      w = in.i16();
      if (w > MaxWeight2 || w < -MaxWeight2) return "network output weight out of range";
    }
  net->b2 = int32_t(in.u32());
  if (!in.ok) return "network file truncated";
  // A new id whenever the weights change, so that no accumulator of the old ones is reused.
  net->id = next_network_id++;
  static_assert(sizeof Magic + 8 * 4 + MaxDescriptionSize + payload == MaxFileSize);
  out = *net;
  return "";
}

std::string serialize(const Network& net) {
  std::string out(Magic, sizeof Magic);
  put_u32(out, FormatVersion);
  for (uint32_t v : {uint32_t(FeatureCount), uint32_t(Hidden), uint32_t(QA), uint32_t(QB)})
    put_u32(out, v);
  put_u32(out, uint32_t(net.scale));
  put_u32(out, net.corrects_hand_written ? 1 : 0);
  put_u32(out, uint32_t(net.description.size()));
  out += net.description;
  for (const auto& row : net.w1)
    for (int16_t w : row) put_i16(out, w);
  for (int16_t b : net.b1) put_i16(out, b);
  for (const auto& half : net.w2)
    for (int16_t w : half) put_i16(out, w);
  put_u32(out, uint32_t(net.b2));
  put_u32(out, fnv1a(reinterpret_cast<const unsigned char*>(out.data()), out.size()));
  return out;
}

const Network& embedded_network() {
  // Checked when the file was embedded (a build with a bad one could not be useful anyway).
  static const Network* const net = [] {
    auto* n = new Network;
    if (!parse(EmbeddedNetData, EmbeddedNetSize, *n).empty()) std::abort();
    return n;
  }();
  return *net;
}

}  // namespace chuhan::nnue
