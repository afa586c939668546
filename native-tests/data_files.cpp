#include "data_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "movegen.h"

namespace chuhan::test {

namespace {
// The one place the native tests find the shared data: $CHUHAN_DATA_DIR (which
// scripts/dev/test.sh sets as scripts/dev/data-dir.sh finds it, also for a clone), else
// ../shared/data beside the checkout.
std::string data_dir() {
  const char* env = std::getenv("CHUHAN_DATA_DIR");
  return env && *env ? env : CHUHAN_DEFAULT_DATA_DIR;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}
}  // namespace

std::vector<DataLine> read_fields_file(const std::string& path, const std::string& hint) {
  std::vector<DataLine> lines;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path << hint;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (trim(text).empty() || trim(text)[0] == '#') continue;
    DataLine line{n, {}};
    size_t start = 0;
    while (true) {
      const size_t sep = text.find(" ; ", start);
      line.fields.push_back(trim(text.substr(start, sep - start)));
      if (sep == std::string::npos) break;
      start = sep + 3;
    }
    lines.push_back(line);
  }
  return lines;
}

std::vector<DataLine> read_data_file(const std::string& name) {
  std::vector<DataLine> lines = read_fields_file(
      data_dir() + "/" + name,
      ": the shared data is ../shared/data beside the checkout, or set CHUHAN_DATA_DIR");
  EXPECT_FALSE(lines.empty()) << name << " is empty";
  return lines;
}

std::vector<std::string> all_data_fens() {
  std::vector<std::string> fens;
  for (const char* file : {"perft.txt", "rules.txt", "mates.txt", "tactics.txt", "openings.txt"})
    for (const DataLine& line : read_data_file(file)) fens.push_back(line.fields[0]);
  return fens;
}

std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string mirror_fen(const std::string& fen) {
  const auto words = split_words(fen);
  std::vector<std::string> ranks;
  std::string rank;
  for (char c : words[0]) {
    if (c == '/')
      ranks.push_back(rank), rank.clear();
    else
      rank += std::isalpha(static_cast<unsigned char>(c))
                  ? char(std::isupper(c) ? std::tolower(c) : std::toupper(c))
                  : c;
  }
  ranks.push_back(rank);
  std::reverse(ranks.begin(), ranks.end());
  std::string board;
  for (size_t i = 0; i < ranks.size(); ++i) board += (i ? "/" : "") + ranks[i];
  return board + (words[1] == "w" ? " b" : " w") + " - - 0 1";
}

void for_each_random_game_position(uint32_t seed, int positions,
                                   const std::function<void(Position&)>& visit) {
  std::mt19937 rng(seed);
  for (const std::string& fen : all_data_fens()) {
    Position pos;
    std::vector<StateInfo> states(positions);
    ASSERT_EQ(pos.set(fen, &states[0]), "") << fen;
    for (int i = 0; i < positions; ++i) {
      visit(pos);
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0 || i + 1 == positions) break;
      pos.do_move(moves.moves[rng() % moves.size()], states[i + 1]);
    }
  }
}

}  // namespace chuhan::test
