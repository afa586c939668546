// do_move / undo_move: incremental state equals state computed from scratch, and undo restores
// the position exactly.
#include "position.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "data_files.h"
#include "movegen.h"
#include "repetition_cases.h"

namespace chuhan::test {
namespace {

struct Snapshot {
  std::string fen;
  Key key;
  bool in_check;
  std::vector<Piece> board;
  std::vector<uint16_t> ranks, files;
};

Snapshot snapshot(const Position& pos) {
  Snapshot s{pos.fen(), pos.key(), pos.in_check(), {}, {}, {}};
  for (int sq = 0; sq < SQUARE_NB; ++sq) s.board.push_back(pos.piece_on(Square(sq)));
  for (int r = 0; r < RANK_NB; ++r) s.ranks.push_back(pos.rank_occupancy(r));
  for (int f = 0; f < FILE_NB; ++f) s.files.push_back(pos.file_occupancy(f));
  return s;
}

void expect_same(const Snapshot& a, const Snapshot& b) {
  EXPECT_EQ(a.fen, b.fen);
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.in_check, b.in_check);
  EXPECT_EQ(a.board, b.board);
  EXPECT_EQ(a.ranks, b.ranks);
  EXPECT_EQ(a.files, b.files);
}

TEST(Position, RandomGamesKeepKeysAndUndoExact) {
  std::mt19937 rng(20261122);
  int plies = 0;
  for (const std::string& fen : all_data_fens()) {
    Position pos;
    std::vector<StateInfo> states(64);
    ASSERT_EQ(pos.set(fen, &states[0]), "") << fen;
    std::vector<Snapshot> before;
    std::vector<Move> played;
    for (int ply = 1; ply < 40; ++ply) {
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      const Move m = moves.moves[rng() % moves.size()];
      before.push_back(snapshot(pos));
      played.push_back(m);
      pos.do_move(m, states[ply]);
      ++plies;
      std::string failure;
      ASSERT_TRUE(pos.pos_is_ok(&failure)) << failure << " after " << move_to_string(m);
      ASSERT_EQ(pos.key(), pos.compute_key());
      // The position reached equals the same position read from its FEN (key, check flag).
      Position fresh;
      StateInfo fresh_st;
      ASSERT_EQ(fresh.set(pos.fen(), &fresh_st), "") << pos.fen();
      EXPECT_EQ(fresh.key(), pos.key());
      EXPECT_EQ(fresh.in_check(), pos.in_check());
    }
    while (!played.empty()) {
      pos.undo_move(played.back());
      played.pop_back();
      ASSERT_TRUE(pos.pos_is_ok());
      expect_same(snapshot(pos), before.back());
      before.pop_back();
    }
  }
  EXPECT_GT(plies, 5000);
}

// Red's rook checks on every move (a line without a repeated position): the first ten checks and
// their replies count toward the 60-move rule, each later check takes one off and its reply puts
// it back, so the count stops growing; every ply still counts for the repetition search.
TEST(Position, ChecksAfterASidesTenthDoNotCountTowardTheSixtyMoveRule) {
  // Red's rook checks on every move, from 99 plies without a capture.
  const RepetitionCase line = repetition_case("rule60-eleventh-check");
  ASSERT_EQ(line.moves.size(), 22u);
  Position pos;
  std::vector<StateInfo> states(line.moves.size() + 1);
  ASSERT_EQ(pos.set(line.fen, &states[0]), "");
  ASSERT_EQ(pos.rule60(), 99);
  for (size_t i = 0; i < line.moves.size(); ++i) {
    const int ply = int(i) + 1;
    pos.do_move(parse_move_text(line.moves[i]), states[ply]);
    ASSERT_EQ(pos.in_check(), ply % 2 == 1) << line.moves[i];
    // Plies 1-20 count; from then on a check is 1 less and its reply 1 more.
    EXPECT_EQ(pos.rule60(), ply <= 20 ? 99 + ply : (ply % 2 ? 118 : 119)) << "ply " << ply;
    EXPECT_EQ(pos.state()->plies_from_capture, 99 + ply);
  }
  EXPECT_EQ(pos.fen(), "5R3/4k4/9/9/9/9/9/9/9/3K5 w - - 119 91");
  for (size_t i = line.moves.size(); i-- > 0;) pos.undo_move(parse_move_text(line.moves[i]));
  EXPECT_EQ(pos.rule60(), 99);

  // A capture starts both counts afresh: ten more checks count again.
  ASSERT_EQ(pos.set("4k4/9/9/9/9/9/9/9/R7p/3K5 w - - 100 80", &states[0]), "");
  pos.do_move(parse_move_text("a1i1"), states[1]);
  EXPECT_EQ(pos.rule60(), 0);
  EXPECT_EQ(pos.state()->plies_from_capture, 0);
}

TEST(Position, NullMoveFlipsSideAndRestores) {
  Position pos;
  StateInfo st, null_st;
  ASSERT_EQ(pos.set(Position::StartFen, &st), "");
  const Snapshot s = snapshot(pos);
  pos.do_null_move(null_st);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_null_move();
  expect_same(snapshot(pos), s);
}

TEST(Position, LegalAgreesWithMakeAndTest) {
  // The fast legality filter must agree with the plain "make it and look for attacks" rule.
  int tested = 0;
  for_each_random_game_position(7, 23, [&](Position& pos) {
    for (Move m : MoveList<PSEUDO_LEGAL>(pos)) {
      StateInfo st;
      const Color us = pos.side_to_move();
      pos.do_move(m, st);
      const bool exposed = pos.general_attacked(pos.general_square(us), ~us);
      pos.undo_move(m);
      ASSERT_EQ(pos.legal(m), !exposed) << pos.fen() << " " << move_to_string(m);
      ASSERT_TRUE(pos.pseudo_legal(m)) << pos.fen() << " " << move_to_string(m);
      ++tested;
    }
  });
  EXPECT_GT(tested, 100000);
}

TEST(Position, PseudoLegalRejectsMovesFromElsewhere) {
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set(Position::StartFen, &st), "");
  const MoveList<PSEUDO_LEGAL> legal(pos);
  int rejected = 0;
  for (int from = 0; from < SQUARE_NB; ++from)
    for (int to = 0; to < SQUARE_NB; ++to) {
      const Move m = make_move(Square(from), Square(to));
      if (from == to) continue;
      EXPECT_EQ(pos.pseudo_legal(m), legal.contains(m)) << move_to_string(m);
      rejected += !legal.contains(m);
    }
  EXPECT_GT(rejected, 7000);
}

TEST(Position, GivesCheckMatchesTheResultingPosition) {
  // Every pseudo-legal move (the move picker asks before the legality test) of the data's
  // positions and of random games from them. gives_check() answers moves from off the enemy
  // general's rank and file without the full attack test; the checks among those are counted
  // (landing off the lines: horses; on them: rooks, cannons, screens, the facing general) so
  // that the test exercises both shortcuts.
  int off_line_checks = 0, onto_line_checks = 0;
  for_each_random_game_position(20261127, 31, [&](Position& pos) {
    const Square general = pos.general_square(~pos.side_to_move());
    for (Move m : MoveList<PSEUDO_LEGAL>(pos)) {
      StateInfo next;
      const bool predicted = pos.gives_check(m);
      pos.do_move(m, next);
      // Not in_check(), which do_move takes from gives_check().
      const bool checked =
          pos.general_attacked(pos.general_square(pos.side_to_move()), ~pos.side_to_move());
      EXPECT_EQ(predicted, checked) << pos.fen() << " after " << move_to_string(m);
      pos.undo_move(m);
      const auto on_a_line = [&](Square sq) {
        return rank_of(sq) == rank_of(general) || file_of(sq) == file_of(general);
      };
      off_line_checks += predicted && !on_a_line(to_sq(m));
      onto_line_checks += predicted && !on_a_line(from_sq(m)) && on_a_line(to_sq(m));
    }
  });
  EXPECT_GT(off_line_checks, 500);
  EXPECT_GT(onto_line_checks, 500);
}

TEST(Position, EvasionSquaresRuleOutOnlyIllegalMoves) {
  // In check, a move of another piece that touches none of evasion_squares() must leave the
  // general attacked; and the squares must rule most moves out (else they save nothing).
  int positions = 0, ruled_out = 0, pseudo = 0;
  for_each_random_game_position(20261128, 47, [&](Position& pos) {
    if (!pos.in_check()) return;
    ++positions;
    SquareSet to, from;
    pos.evasion_squares(to, from);
    const Square general = pos.general_square(pos.side_to_move());
    for (Move m : MoveList<PSEUDO_LEGAL>(pos)) {
      ++pseudo;
      if (from_sq(m) == general || to.has(to_sq(m)) || from.has(from_sq(m))) continue;
      ++ruled_out;
      EXPECT_TRUE(pos.exposes_general(m)) << pos.fen() << " " << move_to_string(m);
    }
  });
  EXPECT_GT(positions, 200);
  EXPECT_GT(ruled_out, pseudo * 3 / 4);
}

}  // namespace
}  // namespace chuhan::test
