// Search constants that an external tuner (scripts/tune/spsa.mjs) can set. In a normal build a
// TUNABLE is a plain constant; in a build with -DCHUHAN_TUNE=ON it is a variable registered by
// name, which the UCI front end lists as a spin option and lets `setoption` change. The engine
// itself keeps no tuner state.
#pragma once

#ifdef CHUHAN_TUNE
#include <vector>

namespace chuhan::tune {

struct Tunable {
  const char* name;
  int* value;
  int min, max;
};

// Every TUNABLE of the program, in the order they were registered.
std::vector<Tunable>& tunables();

// Registers `value` under `name` and returns its starting value.
inline int add(const char* name, int* value, int start, int min, int max) {
  tunables().push_back({name, value, min, max});
  return start;
}

}  // namespace chuhan::tune

#define TUNABLE(name, value, min, max) int name = ::chuhan::tune::add(#name, &name, value, min, max)
#else
#define TUNABLE(name, value, min, max) constexpr int name = value
#endif
