// The bench: fixed positions searched to a fixed depth with a cleared hash and histories. The
// total node count is the engine's signature; it must be identical on every run and platform.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhan::bench {

constexpr int DefaultDepth = 13;
constexpr int HashMB = 16;

// The bench positions: openings, middlegame tactics, endgames and mates taken from
// ../shared/data (openings.txt, tactics.txt, mates.txt, perft.txt).
const std::vector<std::string>& positions();

struct Result {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  bool stopped = false;  // Engine::stop() ended it before the last position: no signature
  uint64_t nps() const { return time_ms > 0 ? nodes * 1000 / uint64_t(time_ms) : nodes * 1000; }
};

}  // namespace chuhan::bench
