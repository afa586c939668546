// libFuzzer target: the net file reader (nnue::parse, through Engine::load_network as EvalFile
// uses it). Any bytes are refused with a message or accepted; the input is tried as it is and
// with its checksum made right, so that the checks past the checksum are reached. An accepted
// file writes back byte for byte and evaluates a position; a refusal's message, which quotes the
// description of the network kept, holds no control character.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine.h"
#include "fuzz_check.h"
#include "nnue.h"

using namespace chuhan;

namespace {

// The file format's checksum (FNV-1a, 32 bits, little-endian in the last four bytes), written
// apart from core/nnue.cpp's.
void fix_checksum(std::string& bytes) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i + 4 < bytes.size(); ++i) h = (h ^ uint8_t(bytes[i])) * 16777619u;
  for (int k = 0; k < 4; ++k) bytes[bytes.size() - 4 + k] = char(h >> (8 * k) & 0xFF);
}

bool printable(const std::string& message) {
  for (const char c : message)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Engine engine;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      if (bytes.size() < 4) break;
      fix_checksum(bytes);
    }
    const std::string problem = engine.load_network(bytes.data(), bytes.size());
    FUZZ_CHECK(printable(problem), problem);
    if (!problem.empty()) continue;
    const nnue::Network& net = engine.network();
    FUZZ_CHECK(nnue::serialize(net) == bytes, "an accepted file did not write back the same");
    FUZZ_CHECK(bytes.size() <= nnue::MaxFileSize, "accepted more than MaxFileSize bytes");
    Position pos;
    StateInfo st{};
    const std::string start =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    FUZZ_CHECK(pos.set(start, &st).empty(), "start position refused");
    const Value v = nnue::evaluate(net, pos);
    FUZZ_CHECK(v > VALUE_MATED_IN_MAX_PLY && v < VALUE_MATE_IN_MAX_PLY, std::to_string(v));
    // A damaged copy is refused and the message quotes the description kept.
    std::string damaged = bytes;
    damaged[damaged.size() / 2] ^= 1;
    const std::string refusal = engine.load_network(damaged.data(), damaged.size());
    FUZZ_CHECK(!refusal.empty(), "a damaged file was accepted");
    FUZZ_CHECK(printable(refusal), refusal);
  }
  return 0;
}
