// What the web app's position editor, draw offer and game library ask of the engine:
// Position::check / Engine::check_position (every problem of a FEN, each with its kind and points),
// Engine::offer_draw (draw_offer.h's rule) and Engine::read_games (every game of a file).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "draw_offer.h"
#include "engine.h"
#include "position.h"

using namespace chuhan;

namespace {

std::vector<std::string> kinds(const std::vector<FenProblem>& problems) {
  std::vector<std::string> out;
  for (const FenProblem& p : problems) out.push_back(fen_problem_name(p.kind));
  return out;
}

std::vector<std::string> squares(const FenProblem& p) {
  std::vector<std::string> out;
  for (const Square s : p.squares) out.push_back(square_to_string(s));
  return out;
}

}  // namespace

TEST(PositionCheck, LegalPositionsHaveNoProblems) {
  EXPECT_TRUE(Position::check(Position::StartFen).empty());
  EXPECT_TRUE(Position::check("3k5/9/9/9/9/9/9/9/9/4K4 w").empty());
}

TEST(PositionCheck, SetReportsTheFirstProblemOfCheck) {
  for (const char* fen :
       {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "3k5/9/9/9/9/9/3K5/9/9/9 w - - 0 1",
        "RRRk5/9/9/9/9/9/9/9/9/4K4 w", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
        "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"}) {
    const std::vector<FenProblem> problems = Position::check(fen);
    ASSERT_FALSE(problems.empty()) << fen;
    Position pos;
    StateInfo st;
    EXPECT_EQ(pos.set(fen, &st), problems.front().message) << fen;
  }
}

TEST(PositionCheck, SyntaxIsOneProblem) {
  const std::vector<FenProblem> problems = Position::check("rnbakabnr/9/9 w");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].kind, FenProblemKind::SYNTAX);
  EXPECT_NE(problems[0].message.find("3 ranks"), std::string::npos);
}

TEST(PositionCheck, ListsEveryBoardProblemWithItsPoints) {
  // Red: an elephant across the river (c5), an advisor off its points (e0), three rooks; Black:
  // no general.
  const std::vector<FenProblem> problems = Position::check("9/9/9/9/2B6/9/9/9/R8/RR2AK3 w - - 0 1");
  EXPECT_EQ(kinds(problems),
            (std::vector<std::string>{"unreachable", "unreachable", "too_many", "no_general"}));
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(squares(problems[0]), std::vector<std::string>{"e0"});
  EXPECT_EQ(problems[0].piece, make_piece(RED, ADVISOR));
  EXPECT_EQ(squares(problems[1]), std::vector<std::string>{"c5"});
  EXPECT_EQ(problems[1].piece, make_piece(RED, ELEPHANT));
  EXPECT_EQ(problems[2].piece, make_piece(RED, ROOK));
  EXPECT_EQ(problems[2].count, 3);
  EXPECT_EQ(problems[2].limit, 2);
  EXPECT_EQ(squares(problems[2]), (std::vector<std::string>{"a0", "b0", "a1"}));
  EXPECT_EQ(problems[3].side, BLACK);
  EXPECT_EQ(problems[3].message, "Black has no general");
}

TEST(PositionCheck, TwoGeneralsAreTooMany) {
  const std::vector<FenProblem> problems = Position::check("3k5/9/9/9/9/9/9/9/4K4/3K5 w");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].kind, FenProblemKind::TOO_MANY);
  EXPECT_EQ(problems[0].piece, make_piece(RED, GENERAL));
  EXPECT_EQ(problems[0].count, 2);
  EXPECT_EQ(problems[0].message, "Red has 2 generals");
}

TEST(PositionCheck, GeneralsFacingAndTheSideNotToMoveInCheck) {
  std::vector<FenProblem> problems = Position::check("4k4/9/9/9/9/9/9/9/9/4K4 w");
  ASSERT_EQ(kinds(problems), std::vector<std::string>{"generals_facing"});
  EXPECT_EQ(squares(problems[0]), (std::vector<std::string>{"e0", "e9"}));

  // Red to move while Black's general is attacked by a red rook: Black just moved into check.
  problems = Position::check("3k5/9/9/9/9/9/9/9/9/3RK4 w");
  ASSERT_EQ(kinds(problems), std::vector<std::string>{"not_to_move_in_check"});
  EXPECT_EQ(problems[0].side, BLACK);
  EXPECT_EQ(squares(problems[0]), std::vector<std::string>{"d9"});
  // The same board with Black to move is legal: Black is in check and must answer it.
  EXPECT_TRUE(Position::check("3k5/9/9/9/9/9/9/9/9/3RK4 b").empty());
}

TEST(PositionCheck, EngineJudgesALegalPosition) {
  PositionCheck c = Engine::check_position("3k5/9/9/9/9/9/9/9/9/3R1K3 b");
  EXPECT_TRUE(c.problems.empty());
  EXPECT_TRUE(c.in_check);
  EXPECT_GT(c.legal_moves, 0);
  EXPECT_FALSE(c.result.over());
  // Black mated: a rook on the d-file with the red general covering e9 from e0.
  c = Engine::check_position("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b");
  EXPECT_TRUE(c.problems.empty());
  EXPECT_EQ(c.legal_moves, 0);
  EXPECT_EQ(c.result.reason, ResultReason::CHECKMATE);
  // Generals and defenders only: drawn by the rules.
  c = Engine::check_position("3k1a3/9/9/9/9/9/9/9/9/3AKA3 w");
  EXPECT_EQ(c.result.reason, ResultReason::INSUFFICIENT_MATERIAL);
  // A bad FEN is not judged further.
  c = Engine::check_position("4k4/9/9/9/9/9/9/9/9/4K4 w");
  EXPECT_EQ(c.problems.size(), 1u);
  EXPECT_EQ(c.legal_moves, 0);
}

TEST(DrawOffer, AcceptedInDeadDrawnEndings) {
  Engine e;
  // Advisors and elephants only: the rules' insufficient material.
  ASSERT_EQ(e.set_position("2ba1k3/9/9/9/9/9/9/9/9/3AKA3 w"), "");
  draw::Decision d = e.offer_draw(BLACK);
  EXPECT_TRUE(d.accepted);
  EXPECT_EQ(d.reason, draw::Reason::INSUFFICIENT_MATERIAL);
  // Soldiers on the last rank cannot give mate.
  ASSERT_EQ(e.set_position("P2a1k3/9/9/9/9/9/9/9/9/4K3p w"), "");
  d = e.offer_draw(RED);
  EXPECT_TRUE(d.accepted);
  EXPECT_EQ(d.reason, draw::Reason::NO_MATING_MATERIAL);
  // A lone cannon against a bare general has nothing to jump over.
  ASSERT_EQ(e.set_position("3k5/9/9/9/9/6C2/9/9/9/4K4 b"), "");
  d = e.offer_draw(RED);
  EXPECT_TRUE(d.accepted);
  EXPECT_EQ(d.reason, draw::Reason::NO_MATING_MATERIAL);
  // A lone horse against an advisor, and a lone cannon against an elephant: drawn endings.
  ASSERT_EQ(e.set_position("3k5/4a4/9/9/9/6N2/9/9/2c6/4K1B2 w"), "");
  d = e.offer_draw(RED);
  EXPECT_TRUE(d.accepted) << draw::name(d.reason);
  EXPECT_EQ(d.reason, draw::Reason::DRAWN_ENDING);
  ASSERT_TRUE(d.score.has_value());
}

TEST(DrawOffer, RefusedWhenWinningAndInTheOpening) {
  Engine e;
  // Red has a rook and a horse against a bare general: Red refuses, Black accepts.
  ASSERT_EQ(e.set_position("4k4/9/9/9/9/9/9/9/4N4/R3K4 w"), "");
  draw::Decision d = e.offer_draw(RED);
  EXPECT_FALSE(d.accepted);
  EXPECT_TRUE(d.reason == draw::Reason::WINNING || d.reason == draw::Reason::BETTER)
      << draw::name(d.reason);
  d = e.offer_draw(BLACK);
  EXPECT_TRUE(d.accepted);
  EXPECT_TRUE(d.reason == draw::Reason::LOSING || d.reason == draw::Reason::WORSE)
      << draw::name(d.reason);
  // The start position: level, but everything to play for.
  ASSERT_EQ(e.set_position("startpos"), "");
  d = e.offer_draw(BLACK);
  EXPECT_FALSE(d.accepted);
  EXPECT_EQ(d.reason, draw::Reason::PLAY_ON);
  // The game stays where it was.
  EXPECT_EQ(e.fen(), Position::StartFen);
}

TEST(DrawOffer, NoOfferInADecidedGame) {
  Engine e;
  ASSERT_EQ(e.set_position("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b"), "");
  const draw::Decision d = e.offer_draw(BLACK);
  EXPECT_FALSE(d.accepted);
  EXPECT_EQ(d.reason, draw::Reason::GAME_OVER);
}

TEST(DrawOffer, TheRuleOnScores) {
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set("2ba1k3/9/9/9/9/9/9/9/R8/3AK4 w", &st), "");  // Red to move, a rook up
  EXPECT_EQ(draw::judge_with_score(pos, RED, 500).reason, draw::Reason::BETTER);
  EXPECT_EQ(draw::judge_with_score(pos, BLACK, 500).reason, draw::Reason::WORSE);
  EXPECT_TRUE(draw::judge_with_score(pos, BLACK, 500).accepted);
  EXPECT_EQ(draw::judge_with_score(pos, RED, 0).reason, draw::Reason::LEVEL);
  EXPECT_EQ(draw::judge_with_score(pos, RED, VALUE_MATE - 5).reason, draw::Reason::WINNING);
  EXPECT_EQ(draw::judge_with_score(pos, BLACK, VALUE_MATE - 5).reason, draw::Reason::LOSING);
  // The score is from the side to move: Black asked with Black ahead.
  ASSERT_EQ(pos.set("2ba1k3/9/9/9/9/9/9/9/R8/3AK4 b", &st), "");
  EXPECT_EQ(draw::judge_with_score(pos, BLACK, 300).reason, draw::Reason::BETTER);
}

TEST(ReadGames, EveryGameOfAFile) {
  const std::string pgn =
      "[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n\n"
      "[Red \"C\"]\n[Black \"D\"]\n\n1. c3c4 *\n\n"
      "[Red \"E\"]\n\n1. h2e2 h2e2 *\n";
  const std::vector<formats::Loaded> games = Engine::read_games(pgn);
  ASSERT_EQ(games.size(), 3u);
  ASSERT_TRUE(games[0].game);
  EXPECT_EQ(games[0].game->record().tags.get("Red"), "A");
  EXPECT_EQ(games[0].game->record().main_line().size(), 4u);
  ASSERT_TRUE(games[1].game);
  EXPECT_EQ(games[1].game->record().tags.get("Black"), "D");
  EXPECT_FALSE(games[2].game);
  EXPECT_FALSE(games[2].error.empty());
  EXPECT_EQ(Engine::read_games(pgn, {}, 2).size(), 2u);
}
