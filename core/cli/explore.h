// `chuhan explore`: what masters played in a position, from the opening explorer's data
// (core/explorer.h): the games through it and their results, each move played with its count and
// results, the opening's ECCO code and name, and the best-known games; text for a person or JSON.
//
//   chuhan explore "<FEN | startpos> [moves m1 m2 ...]" [--json] [--data FILE]
//
// The data file is FILE, else openings.bin beside the executable (the build copies it there),
// else the repository's wasm/data/openings.bin seen from build/native/.
#pragma once

#include <string>
#include <vector>

#include "command_line.h"

namespace chuhan::cli {

// Runs `explore` with `args` (the words after it). Returns the exit status: 0; 1 when the data
// cannot be read; 2 after a problem with the command line and the usage on `io.err`.
int explore(Engine& engine, const std::vector<std::string>& args, const Streams& io);

}  // namespace chuhan::cli
