// The `chuhan` command line, shared by the native executable (main.cpp) and the npm package's
// command (wasm/cli/): one command given as arguments, run by the protocol loop to its end.
#pragma once

#include <string>
#include <vector>

#include "engine.h"
#include "uci.h"

namespace chuhan::cli {

// Where the command line prints: standard output and standard error, one line per call.
struct Streams {
  ProtocolLoop::Output out, err;
};

// The usage text, one line per command.
extern const char* const Usage;

// Prints "chuhan: <problem>" and the usage on `io.err`; returns 2 (a command line not understood).
int usage_error(const Streams& io, const std::string& problem);

// Runs the command in `args` (the arguments after the program's name, not empty): `bench
// [DEPTH]`, `perft DEPTH [FEN]` (or `perft FEN DEPTH`), `go LIMITS`, `analyze ...` (analyze.h),
// `explore ...` (explore.h),
// `--version`, `--help`.
// `threads`: whether searches may run on a thread of their own (else inline). Returns the exit
// status: 0 when the command ran, 1 when the protocol loop refused it (its error is printed),
// 2 for a command line it does not know (the problem and the usage on `err`).
int run(Engine& engine, const std::vector<std::string>& args, const Streams& io, bool threads);

}  // namespace chuhan::cli
