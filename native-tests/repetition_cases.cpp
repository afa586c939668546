#include "repetition_cases.h"

#include <gtest/gtest.h>

#include <fstream>

#include "data_files.h"

namespace chuhan::test {
namespace {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace

std::vector<RepetitionCase> read_repetition_cases() {
  const std::string path = std::string(CHUHAN_TEST_DIR) + "/repetition_cases.txt";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<RepetitionCase> cases;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (trim(text).empty() || trim(text)[0] == '#') continue;
    std::vector<std::string> fields;
    for (size_t start = 0;;) {
      const size_t sep = text.find(" ; ", start);
      fields.push_back(trim(text.substr(start, sep - start)));
      if (sep == std::string::npos) break;
      start = sep + 3;
    }
    EXPECT_EQ(fields.size(), 4u) << path << ":" << n << " needs 4 fields";
    if (fields.size() != 4) continue;
    std::vector<std::string> moves = split_words(fields[1]);
    EXPECT_TRUE(!moves.empty() && moves[0] == "moves")
        << path << ":" << n << ": second field starts with 'moves'";
    if (!moves.empty()) moves.erase(moves.begin());
    cases.push_back({n, fields[0], moves, fields[2], fields[3]});
  }
  return cases;
}

RepetitionCase repetition_case(const std::string& tag) {
  for (RepetitionCase& c : read_repetition_cases())
    if (c.comment.rfind("[" + tag + "]", 0) == 0) return c;
  ADD_FAILURE() << "repetition_cases.txt has no case [" << tag << "]";
  return {};
}

}  // namespace chuhan::test
