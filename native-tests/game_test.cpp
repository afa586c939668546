// The Game (core/game.h): a record per ply with the move's names and the position it led to,
// undo, and a refused start or move that leaves the game as it was.
#include "game.h"

#include <gtest/gtest.h>

#include "notation.h"

namespace chuhan::test {
namespace {

TEST(Game, RecordsEveryPly) {
  Game game;
  EXPECT_EQ(game.plies(), 0);
  EXPECT_EQ(game.record(0).fen, Position::StartFen);
  EXPECT_EQ(game.record(0).move, MOVE_NONE);
  EXPECT_EQ(game.record(0).iccs, "");
  ASSERT_EQ(game.play("h2e2"), "");
  ASSERT_EQ(game.play("h9g7"), "");
  const PlyRecord& first = game.record(1);
  EXPECT_EQ(first.iccs, "h2e2");
  EXPECT_EQ(first.chinese, "炮二平五");
  EXPECT_EQ(first.wxf, "C2=5");
  EXPECT_EQ(first.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  EXPECT_EQ(first.side_to_move, BLACK);
  EXPECT_EQ(first.move_number, 1);
  EXPECT_FALSE(first.in_check);
  EXPECT_FALSE(first.result.over());
  EXPECT_EQ(game.current().chinese, "马８进７");
  EXPECT_EQ(game.current().move_number, 2);
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"h2e2", "h9g7"}));
  EXPECT_EQ(game.current().fen, game.position().fen());
}

TEST(Game, RecordsCheckAndTheVerdict) {
  Game game;
  // A check the general walks out of.
  ASSERT_EQ(game.reset("3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1"), "");
  ASSERT_EQ(game.play("i1i9"), "");
  EXPECT_TRUE(game.current().in_check);
  EXPECT_FALSE(game.current().result.over());
  // A mate (the rook on rank 8 takes d8): the record after the mating move has the verdict.
  ASSERT_EQ(game.reset("3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1"), "");
  ASSERT_EQ(game.play("i1i9"), "");
  EXPECT_TRUE(game.current().in_check);
  EXPECT_EQ(game.current().result.outcome, Outcome::RED_WINS);
  EXPECT_EQ(game.current().result.reason, ResultReason::CHECKMATE);
}

TEST(Game, UndoTakesBackAMoveAndItsRecord) {
  Game game;
  ASSERT_EQ(game.play("h2e2"), "");
  const Key before = game.position().key();
  ASSERT_EQ(game.play("h9g7"), "");
  EXPECT_TRUE(game.undo());
  EXPECT_EQ(game.plies(), 1);
  EXPECT_EQ(game.position().key(), before);
  EXPECT_EQ(game.position().fen(), game.current().fen);
  EXPECT_TRUE(game.undo());
  EXPECT_FALSE(game.undo());
  EXPECT_EQ(game.position().fen(), Position::StartFen);
}

TEST(Game, RefusalsLeaveTheGameAsItWas) {
  Game game;
  ASSERT_EQ(game.play("h2e2"), "");
  EXPECT_NE(game.reset("not a fen").find("invalid FEN: "), std::string::npos);
  EXPECT_NE(game.play("h2e2", " at ply 2").find("illegal move 'h2e2' at ply 2 in position"),
            std::string::npos);
  EXPECT_NE(game.play("zz").find("malformed move 'zz' (expected ICCS"), std::string::npos);
  EXPECT_EQ(game.moves(), std::vector<std::string>{"h2e2"});
  EXPECT_EQ(game.start_fen(), Position::StartFen);
}

TEST(Game, NamesReadBackInEveryNotation) {
  Game game;
  for (const char* move : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}) ASSERT_EQ(game.play(move), "");
  Game replay;
  for (int ply = 1; ply <= game.plies(); ++ply)
    for (Notation style : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
      EXPECT_EQ(parse_move_name(replay.position(), name_of(game.record(ply), style)),
                game.record(ply).move);
      if (style == Notation::CHINESE) replay.play(game.record(ply).move);
    }
}

}  // namespace
}  // namespace chuhan::test
