// The staged move picker: every move once, the hash move first, and in check the evasion count
// known before the first move is asked for.
#include "movepick.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "data_files.h"
#include "movegen.h"

namespace chuhan::test {
namespace {

// The moves a picker returns, in order.
std::vector<Move> picked(MovePicker& picker) {
  std::vector<Move> out;
  for (Move m; (m = picker.next()) != MOVE_NONE;) out.push_back(m);
  return out;
}

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

TEST(MovePicker, ReturnsEveryMoveOnceHashMoveFirstAndCountsEvasions) {
  auto history = std::make_unique<History>();
  auto cont_table = std::make_unique<ContinuationHistory>();
  const PieceToHistory* cont[] = {&cont_table->table[NO_PIECE][0], &cont_table->table[NO_PIECE][0]};
  const Move killers[2] = {MOVE_NONE, MOVE_NONE};
  std::mt19937 rng(20261127);  // hash moves; the games draw their own
  int in_check = 0;
  for_each_random_game_position(20261127, 23, [&](Position& pos) {
    const MoveList<LEGAL> legal(pos);
    if (legal.size() == 0) return;
    const Move tt_move = legal.moves[rng() % legal.size()];
    MovePicker picker(pos, tt_move, killers, *history, cont);
    if (pos.in_check()) {
      ++in_check;
      EXPECT_EQ(picker.evasion_count(), int(legal.size())) << pos.fen();
    }
    const std::vector<Move> got = picked(picker);
    ASSERT_FALSE(got.empty());
    EXPECT_EQ(got.front(), tt_move) << pos.fen();
    // In check exactly the legal moves; otherwise every pseudo-legal one.
    const std::vector<Move> expected =
        pos.in_check() ? std::vector<Move>(legal.begin(), legal.end()) : [&] {
          const MoveList<PSEUDO_LEGAL> all(pos);
          return std::vector<Move>(all.begin(), all.end());
        }();
    EXPECT_EQ(sorted(got), sorted(expected)) << pos.fen();
    if (pos.in_check()) {
      // The quiescence picker makes the evasions only at their stage: the same moves.
      MovePicker quiescence(pos, tt_move, *history, true);
      const std::vector<Move> evasions = picked(quiescence);
      ASSERT_FALSE(evasions.empty());
      EXPECT_EQ(evasions.front(), tt_move) << pos.fen();
      EXPECT_EQ(sorted(evasions), sorted(expected)) << pos.fen();
    }
  });
  EXPECT_GT(in_check, 50);
}

TEST(MovePicker, QuiescenceChecksAreTheQuietMovesThatGiveCheckInTheirOrder) {
  // generate<QUIET_CHECKS> lists no more rook and cannon moves than can check: the same moves
  // as the quiet ones filtered by gives_check(), in the same order (the search's tree depends
  // on it), and the quiescence picker returns them after the captures.
  auto history = std::make_unique<History>();
  int checks = 0;
  for_each_random_game_position(20261129, 31, [&](Position& pos) {
    std::vector<Move> expected;
    for (Move m : MoveList<QUIETS>(pos))
      if (pos.gives_check(m)) expected.push_back(m);
    const MoveList<QUIET_CHECKS> got(pos);
    EXPECT_EQ(std::vector<Move>(got.begin(), got.end()), expected) << pos.fen();
    checks += int(expected.size());
    if (pos.in_check()) return;
    MovePicker quiescence(pos, MOVE_NONE, *history, true);
    const std::vector<Move> all = picked(quiescence);
    const MoveList<CAPTURES> captures(pos);
    ASSERT_EQ(all.size(), captures.size() + expected.size()) << pos.fen();
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), all.end() - expected.size()))
        << pos.fen();
  });
  EXPECT_GT(checks, 1000);
}

TEST(MovePicker, SkippedQuietMovesLeaveOnlyTheChecks) {
  // Once the search skips quiet moves (late move pruning), the picker still returns every capture
  // and, of the quiet moves not yet returned, exactly those that give check.
  auto history = std::make_unique<History>();
  auto cont_table = std::make_unique<ContinuationHistory>();
  const PieceToHistory* cont[] = {&cont_table->table[NO_PIECE][0], &cont_table->table[NO_PIECE][0]};
  const Move killers[2] = {MOVE_NONE, MOVE_NONE};
  int checks = 0;
  for_each_random_game_position(20261130, 31, [&](Position& pos) {
    if (pos.in_check()) return;
    for (int before_skipping : {0, 4}) {
      MovePicker picker(pos, MOVE_NONE, killers, *history, cont);
      std::vector<Move> got, expected;
      for (Move m; (int(got.size()) < before_skipping) && (m = picker.next()) != MOVE_NONE;)
        got.push_back(m);
      for (Move m; (m = picker.next(true)) != MOVE_NONE;) {
        EXPECT_TRUE(pos.is_capture(m) || pos.gives_check(m)) << pos.fen() << " " << int(m);
        got.push_back(m);
      }
      for (Move m : MoveList<PSEUDO_LEGAL>(pos))
        if (pos.is_capture(m) || pos.gives_check(m) ||
            std::find(got.begin(), got.begin() + before_skipping, m) !=
                got.begin() + before_skipping)
          expected.push_back(m);
      for (Move m : expected) checks += !pos.is_capture(m) && pos.gives_check(m);
      EXPECT_EQ(sorted(got), sorted(expected)) << pos.fen();
    }
  });
  EXPECT_GT(checks, 1000);
}

}  // namespace
}  // namespace chuhan::test
