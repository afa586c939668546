#include "nnue/network.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>

namespace chuhan::nnue {

// The bytes of the default network, generated from core/nets/ by CMake (embed-data.cmake).
extern const unsigned char EmbeddedNetData[];
extern const size_t EmbeddedNetSize;

namespace {

constexpr char Magic[8] = {'C', 'H', 'U', 'H', 'A', 'N', 'N', 'N'};

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

// "2 and 3": the versions parse() reads.
std::string known_versions() {
  std::string list;
  for (size_t i = 0; i < std::size(Architectures); ++i) {
    if (i > 0) list += i + 1 == std::size(Architectures) ? " and " : ", ";
    list += std::to_string(uint32_t(Architectures[i]));
  }
  return list;
}

// The rest of parse() once the version (architecture A) and the checksum are known good: `in`
// stands after the version.
template <typename A>
std::string parse_as(Architecture arch, Reader in, Network& out) {
  const uint32_t features = in.u32(), hidden = in.u32(), qa = in.u32(), qb = in.u32();
  if (!in.ok || features != A::Features || hidden != A::Hidden || qa != A::QA || qb != A::QB)
    return "network shape " + std::to_string(features) + "x" + std::to_string(hidden) +
           " (quantisation " + std::to_string(qa) + "/" + std::to_string(qb) +
           ") does not match version " + std::to_string(uint32_t(arch)) + "'s " +
           std::to_string(A::Features) + "x" + std::to_string(A::Hidden) + " (" +
           std::to_string(A::QA) + "/" + std::to_string(A::QB) + ")";
  const int32_t scale = int32_t(in.u32());
  const uint32_t flags = in.u32(), description_size = in.u32();
  if (!in.ok || scale <= 0 || scale > 10000) return "network scale out of range";
  if (flags > 1) return "network file has unknown flags";
  if (description_size > MaxDescriptionSize || uint64_t(in.end - in.p) < description_size)
    return "network description too long";
  const size_t payload = file_size(arch, 0) - (sizeof Magic + 8 * 4);
  if (size_t(in.end - in.p) - description_size != payload)
    return "network file has the wrong size for its shape";

  auto net = std::make_unique<Network>(arch);
  net->scale = scale;
  net->corrects_hand_written = flags & 1;
  net->description.assign(reinterpret_cast<const char*>(in.p), description_size);
  in.p += description_size;
  for (int16_t& w : net->w1) w = in.i16();
  for (int16_t& b : net->b1) b = in.i16();
  for (int16_t& w : net->w2) {
    w = in.i16();
    if (w > MaxOutputWeight || w < -MaxOutputWeight) return "network output weight out of range";
  }
  net->b2 = int32_t(in.u32());
  if (!in.ok) return "network file truncated";
  // A new id whenever the weights change, so that no accumulator of the old ones is reused.
  net->id = next_network_id++;
  out = std::move(*net);
  return "";
}

}  // namespace

Network::Network(Architecture a) : arch(a) {
  with_shape(arch, [&](auto shape) {
    using A = decltype(shape);
    w1.resize(size_t(A::Features) * A::Hidden);
    b1.resize(A::Hidden);
    w2.resize(2 * A::Hidden);
  });
}

std::string parse(const void* data, size_t size, Network& out) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  if (size < sizeof Magic + 4 || std::memcmp(bytes, Magic, sizeof Magic) != 0)
    return "not a Chuhan network file";
  Reader in{bytes + sizeof Magic, bytes + size};
  const uint32_t version = in.u32();
  if (std::find(std::begin(Architectures), std::end(Architectures), Architecture(version)) ==
      std::end(Architectures))
    return "network file version " + std::to_string(version) + ", this engine reads versions " +
           known_versions();
  if (size < 4 || fnv1a(bytes, size - 4) != Reader{bytes + size - 4, bytes + size}.u32())
    return "network file damaged (checksum mismatch)";
  const Architecture arch = Architecture(version);
  return with_shape(arch, [&](auto shape) { return parse_as<decltype(shape)>(arch, in, out); });
}

std::string serialize(const Network& net) {
  return with_shape(net.arch, [&](auto shape) {
    using A = decltype(shape);
    std::string out(Magic, sizeof Magic);
    out.reserve(file_size(net.arch, net.description.size()));
    put_u32(out, uint32_t(net.arch));
    for (uint32_t v :
         {uint32_t(A::Features), uint32_t(A::Hidden), uint32_t(A::QA), uint32_t(A::QB)})
      put_u32(out, v);
    put_u32(out, uint32_t(net.scale));
    put_u32(out, net.corrects_hand_written ? 1 : 0);
    put_u32(out, uint32_t(net.description.size()));
    out += net.description;
    for (int16_t w : net.w1) put_i16(out, w);
    for (int16_t b : net.b1) put_i16(out, b);
    for (int16_t w : net.w2) put_i16(out, w);
    put_u32(out, uint32_t(net.b2));
    put_u32(out, fnv1a(reinterpret_cast<const unsigned char*>(out.data()), out.size()));
    return out;
  });
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
