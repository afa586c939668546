// The explorer's hit rate on other games: how often the move a master played is among the moves
// the explorer lists for the position.
#pragma once

namespace chuhan::openings {

// `chuhan-openings check ...`; returns the exit status.
int check_command(int argc, char** argv, const char* usage);
// `chuhan-openings book-exits ...`: where the games of a PGN file left the engine's book.
int book_exits_command(int argc, char** argv, const char* usage);

}  // namespace chuhan::openings
