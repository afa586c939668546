#include "repetition_cases.h"

#include <gtest/gtest.h>

#include "data_files.h"

namespace chuhan::test {

std::vector<RepetitionCase> read_repetition_cases() {
  const std::string path = std::string(CHUHAN_TEST_DIR) + "/repetition_cases.txt";
  std::vector<RepetitionCase> cases;
  for (const DataLine& line : read_fields_file(path)) {
    const int n = line.line_number;
    EXPECT_EQ(line.fields.size(), 4u) << path << ":" << n << " needs 4 fields";
    if (line.fields.size() != 4) continue;
    std::vector<std::string> moves = split_words(line.fields[1]);
    EXPECT_TRUE(!moves.empty() && moves[0] == "moves")
        << path << ":" << n << ": second field starts with 'moves'";
    if (!moves.empty()) moves.erase(moves.begin());
    cases.push_back({n, line.fields[0], moves, line.fields[2], line.fields[3]});
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
