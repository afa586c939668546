// Every case of ../shared/data/rules.txt: legal and illegal moves, and finished games.
#include <gtest/gtest.h>

#include "data_files.h"
#include "engine.h"
#include "movegen.h"
#include "rules.h"

namespace chuhan::test {
namespace {

TEST(RulesData, EveryCaseHolds) {
  int cases = 0;
  for (const DataLine& line : read_data_file("rules.txt")) {
    SCOPED_TRACE("rules.txt line " + std::to_string(line.line_number));
    Position pos;
    StateInfo st;
    ASSERT_EQ(pos.set(line.fields[0], &st), "");
    ASSERT_GE(line.fields.size(), 2u);
    const auto words = split_words(line.fields[1]);
    if (words.size() == 1) {
      // FEN ; move ; legal|illegal ; reason
      const Move m = parse_move_text(words[0]);
      ASSERT_NE(m, MOVE_NONE);
      const bool expected_legal = line.fields[2] == "legal";
      EXPECT_EQ(MoveList<LEGAL>(pos).contains(m), expected_legal) << line.fields[3];
      // The engine facade agrees, and an illegal move leaves its position unchanged.
      Engine engine;
      const std::string problem = engine.set_position(line.fields[0], {words[0]});
      EXPECT_EQ(problem.empty(), expected_legal) << problem;
    } else {
      // FEN ; RESULT KIND
      const GameResult result = judge(pos);
      EXPECT_TRUE(result.over());
      EXPECT_EQ(result.result_string(), words[0]);
      EXPECT_EQ(result.reason_string(), words[1]);
    }
    ++cases;
  }
  EXPECT_EQ(cases, 31);
}

TEST(RulesData, IllegalMoveKeepsPreviousEnginePosition) {
  Engine engine;
  ASSERT_EQ(engine.set_position("startpos", {"h2e2"}), "");
  const std::string before = engine.fen();
  const std::string problem = engine.set_position("startpos", {"h2e2", "h9g7", "e2e9"});
  EXPECT_NE(problem.find("illegal move 'e2e9' at ply 3"), std::string::npos) << problem;
  EXPECT_EQ(engine.fen(), before);
  EXPECT_NE(engine.set_position("startpos", {"h2"}).find("malformed move 'h2'"), std::string::npos);
  EXPECT_NE(engine.set_position("bogus").find("invalid FEN"), std::string::npos);
  EXPECT_EQ(engine.fen(), before);
}

}  // namespace
}  // namespace chuhan::test
