// The rules fixture beside the tests, repetition_cases.txt: `FEN ; moves ... ; EXPECTED ; comment`
// per line, '#' starts a comment line. Read by the repetition verdict tests and by tests that
// follow one case's moves for something else (the 60-move count ply by ply).
#pragma once

#include <string>
#include <vector>

namespace chuhan::test {

struct RepetitionCase {
  int line_number;
  std::string fen;
  std::vector<std::string> moves;
  std::string expected;  // "0-1 perpetual check", ..., or "* ongoing"
  std::string comment;   // starts with the case's [tag]
};

// Every case; fails the calling test if the file is missing or a line is malformed.
std::vector<RepetitionCase> read_repetition_cases();
// The case whose comment starts with "[tag]"; fails the calling test (and returns an empty case)
// if there is none.
RepetitionCase repetition_case(const std::string& tag);

}  // namespace chuhan::test
