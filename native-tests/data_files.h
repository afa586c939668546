// Reading ../shared/data: every line split into its ` ; `-separated fields.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "position.h"

namespace chuhan::test {

struct DataLine {
  int line_number;
  std::vector<std::string> fields;  // fields[0] is always a FEN
};

// The lines of a ` ; `-separated file at `path`, each split into its trimmed fields; blank lines
// and lines starting with '#' are skipped. Fails the calling test (message + hint) if missing.
std::vector<DataLine> read_fields_file(const std::string& path, const std::string& hint = "");
// All non-empty lines of a shared data file (e.g. "perft.txt"); fails the calling test if missing
// or empty.
std::vector<DataLine> read_data_file(const std::string& name);
// Every FEN of every data file.
std::vector<std::string> all_data_fens();
// From each of those, a random game (legal moves drawn by a generator seeded with `seed`):
// visit(pos) at each of its first `positions` positions, the last one when no move is left.
// visit may make and unmake moves but leaves pos as it found it.
void for_each_random_game_position(uint32_t seed, int positions,
                                   const std::function<void(Position&)>& visit);
std::vector<std::string> split_words(const std::string& s);
// The same position with colours swapped and the board turned around (rank r -> 9 - r); the
// move counters become "0 1".
std::string mirror_fen(const std::string& fen);

}  // namespace chuhan::test
