// `chuhan analyze`: the best lines of one position with their scores, in Chinese (default), WXF
// or ICCS notation, as text for a person or JSON for a script.
//
//   chuhan analyze "<FEN | startpos> [moves m1 m2 ...]" [--movetime MS | --depth N] [--lines K]
//                  [--notation chinese|wxf|iccs] [--json]
//
// Without a limit it searches 1000 ms. Scores are from the side to move: centipawns, or moves to
// mate (negative: being mated).
#pragma once

#include <string>
#include <vector>

#include "command_line.h"

namespace chuhan::cli {

// Runs `analyze` with `args` (the words after it). Returns the exit status: 0, or 2 after a
// problem and the usage on `io.err`.
int analyze(Engine& engine, const std::vector<std::string>& args, const Streams& io);

}  // namespace chuhan::cli
