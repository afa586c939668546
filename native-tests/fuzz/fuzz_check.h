// What a fuzz target does when an invariant breaks: print it and abort, so that libFuzzer keeps
// the input as a crash. (assert() would vanish in a Release build.)
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(condition, what)                                     \
  do {                                                                  \
    if (!(condition)) {                                                 \
      std::fprintf(stderr, "fuzz check failed: %s\n  %s\n", #condition, \
                   std::string(what).c_str());                          \
      std::abort();                                                     \
    }                                                                   \
  } while (0)
