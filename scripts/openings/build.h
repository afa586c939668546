// Step 2 of the openings pipeline: distinct master games (games.h) into the explorer's data file
// (core/explorer.h describes it) and the engine's book (core/book.h).
#pragma once

namespace chuhan::openings {

// `chuhan-openings build ...`; returns the exit status.
int build_command(int argc, char** argv, const char* usage);

}  // namespace chuhan::openings
