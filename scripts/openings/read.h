// Step 1 of the openings pipeline: a collection of game files read into distinct master games.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "games.h"

namespace chuhan::openings {

struct ReadFigures {
  size_t files = 0, read = 0, setup = 0, empty = 0, duplicates = 0, distinct = 0;
  std::map<std::string, int> failures;   // cause -> files
  std::map<std::string, int> encodings;  // detected encoding -> files read
  std::vector<std::string> examples;     // the first failures, with their files
};

// Reads every .pgn file under `folder` whose path does not contain `exclude` (when not empty),
// appending each distinct game that starts from the start position to `games`.
ReadFigures read_collection(const std::string& folder, const std::string& exclude,
                            std::vector<MasterGame>& games, std::ostream& log);

// The figures as lines of text.
void write_report(std::ostream& out, const ReadFigures& figures);

}  // namespace chuhan::openings
