// Static exchange evaluation: the value of a capture sequence on one square, each piece's part
// in it (legs, eyes, screens, pieces behind the first, the general's restraint), and the answer
// growing no better as the threshold rises.
#include "see.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "data_files.h"
#include "movegen.h"

namespace chuhan::test {
namespace {

// The exchange's value for the mover: the highest threshold see_ge() accepts, checked to be
// the edge (every lower one accepted, the next refused).
Value exchange_value(const std::string& fen, const std::string& move) {
  Position pos;
  StateInfo st;
  EXPECT_EQ(pos.set(fen, &st), "") << fen;
  const Move m = parse_move_text(move);
  EXPECT_TRUE(pos.pseudo_legal(m)) << fen << " " << move;
  std::vector<bool> accepted;
  for (Value t = -1000; t <= 1000; ++t) accepted.push_back(see_ge(pos, m, t));
  const auto edge = std::find(accepted.begin(), accepted.end(), false);
  EXPECT_EQ(std::find(edge, accepted.end(), true), accepted.end()) << fen << " " << move;
  return Value(-1000 + (edge - accepted.begin()) - 1);
}

TEST(See, ALegBlockedOrOpenDecidesWhetherTheHorseRecaptures) {
  // The rook takes a horse on b5 that the horse on c7 defends through its leg c6.
  EXPECT_EQ(exchange_value("3k5/9/2n6/9/1n7/9/9/9/1R7/4K4 w", "b1b5"), 400 - 900);
  EXPECT_EQ(exchange_value("3k5/9/2n6/2P6/1n7/9/9/9/1R7/4K4 w", "b1b5"), 400);
}

TEST(See, AnEyeBlockedOrOpenDecidesWhetherTheElephantRecaptures) {
  // The rook takes a soldier on c5 that the elephant on a7 defends across its eye b6.
  EXPECT_EQ(exchange_value("3k5/9/b8/9/2p6/9/9/9/2R6/4K4 w", "c1c5"), 100 - 900);
  EXPECT_EQ(exchange_value("3k5/9/b8/1P7/2p6/9/9/9/2R6/4K4 w", "c1c5"), 100);
}

TEST(See, ARookBehindTheFirstJoinsOnceItHasGone) {
  // The cannon on b8 (screen b7) takes the rook that took the horse on b5; the rook from b0
  // takes back.
  EXPECT_EQ(exchange_value("3k5/1c7/1n7/9/1n7/9/9/9/1R7/1R2K4 w", "b1b5"), 400 - 900 + 450);
  EXPECT_EQ(exchange_value("3k5/1c7/1n7/9/1n7/9/9/9/1R7/4K4 w", "b1b5"), 400 - 900);
}

TEST(See, ACannonBehindJoinsOverExactlyOneScreen) {
  // As above, the rook now from b3; the red cannon on b0 takes back over the horse on b1 once
  // the rook has left, but not over two horses.
  EXPECT_EQ(exchange_value("3k5/1c7/1n7/9/1n7/9/1R7/9/1N7/1C2K4 w", "b3b5"), 400 - 900 + 450);
  EXPECT_EQ(exchange_value("3k5/1c7/1n7/9/1n7/9/1R7/1N7/1N7/1C2K4 w", "b3b5"), 400 - 900);
}

TEST(See, TheGeneralTakesOnlyWhatNothingDefends) {
  // The soldier takes the advisor beside the black general; the rook on e1 defends e8.
  EXPECT_EQ(exchange_value("4k4/4a4/4P4/9/9/9/9/9/4R4/3K5 w", "e7e8"), 200);
  EXPECT_EQ(exchange_value("4k4/4a4/4P4/9/9/9/9/9/9/3K5 w", "e7e8"), 200 - 100);
}

TEST(See, AHigherThresholdIsNeverEasierToMeet) {
  // Every capture of the data's positions and of random games from them.
  int captures = 0;
  for_each_random_game_position(20261129, 23, [&](Position& pos) {
    for (Move m : MoveList<LEGAL>(pos)) {
      if (!pos.is_capture(m)) continue;
      ++captures;
      bool met = true;
      for (Value t = -1000; t <= 1000; t += 50) {
        const bool now = see_ge(pos, m, t);
        EXPECT_FALSE(now && !met) << pos.fen() << " " << move_to_string(m) << " at " << t;
        met = now;
      }
    }
  });
  EXPECT_GT(captures, 1000);
}

}  // namespace
}  // namespace chuhan::test
