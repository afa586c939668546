#include "rules.h"

#include <algorithm>
#include <vector>

#include "movegen.h"

// How Chuhan judges repetitions, and the simplifications it makes
// ---------------------------------------------------------------
// Rule text: AXF "Asian rules" for perpetual attacks, as engines apply them.
//  1. A repetition is judged from the moves played between the earlier occurrence of the
//     position and now (the cycle). In a game, the third occurrence ends the game; in search
//     the first repetition inside the tree is judged as if the cycle went on, one reaching
//     back to the root or before it at the third occurrence, as in the game.
//  2. Perpetual check: a side whose every move in the cycle gives check loses, unless the
//     other side also checked with every move (then it is a draw). Check beats chase: if one
//     side checks perpetually while the other chases perpetually, the checking side must
//     change, so it loses.
//  3. Perpetual chase: a side whose every move in the cycle either gives check or chases, and
//     whose chasing moves all chase one and the same enemy piece (followed as it moves), loses
//     unless the other side also chases perpetually (draw).
//  4. A move chases an enemy piece when, after the move, one of the mover's pieces chases it
//     and did not chase it before the move (Chinese rules: "from no chase to chase" is a chase,
//     "from chase to chase", a chaser moving on and still chasing the same piece, is idle).
//     A piece chases a target when it could legally capture it and either
//       - the attacker is worth less than the target (horse/cannon/advisor/elephant against a
//         rook; advisor/elephant against a horse or cannon): a chase even if the target is
//         protected; or
//       - the target is not protected: its side could not legally recapture on its square.
//     Not chases: attacks by the general or by a soldier (crossed or not: "the general and
//     the soldiers may chase perpetually"; Fairy-Stockfish and Pikafish judge so too), attacks
//     on a soldier that has not crossed the river (the rules treat these as "idle"), and an
//     attack on a piece of the attacker's own type that can take the attacker at once (an
//     offer to exchange, not a threat to win material).
//  5. Everything else that repeats is a draw.
// Simplifications (documented, as the AXF text has many special cases engines skip):
//  - "protected" is judged by any legal recapture, without asking whether the exchange pays
//    (AXF counts a protector that cannot really recapture, e.g. a pinned one, as no protector;
//    legality covers pins on the general only);
//  - a chase on alternating pieces, or of two pieces at once by a fork, counts only if one
//    piece is chased on every chasing move (AXF treats some of these as chases too);
//  - the sacrifice, "one piece chasing several" and "chasing with the general's help" cases
//    of the AXF appendix are not distinguished.
// 60-move rule: 60 moves by each side (120 plies) without a capture draw the game, but checks
// count only up to ten by each side: the Chinese rules' natural move limit (自然限着) is met when
// neither side captured in 60 moves and a side's checks in them were not more than ten, so each
// check after a side's tenth since the last capture, with the reply to it, is not counted
// (Position's StateInfo::rule60). Pikafish counts so (its check10) and Fairy-Stockfish under the
// AXF rules too (it subtracts the excess of the side that checked more, where Pikafish and
// Chuhan subtract both sides' excess: they differ only when both sides check more than ten
// times without a capture). Counting every ply instead let a lost side's long run of checks
// reach the limit that the opponent and the referee had not yet reached and lose to perpetual
// check a game it took for drawn. The checks before a FEN's position are not known: a FEN
// starts the count of checks at nought. Checkmate on the 120th counted ply still wins.

namespace chuhan {

namespace {

// Rough value classes for "a lesser piece attacks a greater one".
int chase_class(PieceType pt) {
  switch (pt) {
    case ROOK:
      return 4;
    case HORSE:
    case CANNON:
      return 3;
    default:
      return 2;
  }
}

bool crossed_river(Color c, Square s) { return !on_own_side(c, s); }

// The captures by which the side to move chases now (rule 4 but for "new"), as moves. A side
// in check threatens what it could take once out of check (the move about to be made answers
// the check), so in check the capture's own legality is not asked.
std::vector<Move> chasing_captures(Position& pos) {
  // Their captures, to recognise exchange offers.
  std::vector<Move> replies;
  StateInfo null_st;
  pos.do_null_move(null_st);
  for (Move c : MoveList<CAPTURES>(pos))
    if (pos.legal(c)) replies.push_back(c);
  pos.undo_null_move();

  const Color them = ~pos.side_to_move();
  std::vector<Move> chases;
  for (Move c : MoveList<CAPTURES>(pos)) {
    const Square attacker = from_sq(c), target = to_sq(c);
    const PieceType at = type_of(pos.piece_on(attacker)), tt = type_of(pos.piece_on(target));
    if (tt == GENERAL || at == GENERAL) continue;
    if (at == SOLDIER) continue;
    if (tt == SOLDIER && !crossed_river(them, target)) continue;
    if (at == tt &&
        std::find(replies.begin(), replies.end(), make_move(target, attacker)) != replies.end())
      continue;
    if (!pos.in_check() && !pos.legal(c)) continue;

    bool chase = chase_class(at) < chase_class(tt);
    if (!chase) {
      // Unprotected: after the capture, no legal recapture on the target square.
      StateInfo capture_st;
      pos.do_move(c, capture_st);
      bool protected_target = false;
      for (Move r : MoveList<CAPTURES>(pos))
        if (to_sq(r) == target && pos.legal(r)) protected_target = true;
      pos.undo_move(c);
      chase = !protected_target;
    }
    if (chase) chases.push_back(c);
  }
  return chases;
}

// With `pos` at the position before m, makes m (reusing `st`, the state the game history
// already has for it) and returns the squares of the enemy pieces m chases: those an attacker
// chases after m and did not chase before it ("from no chase to chase"; "from chase to chase"
// is idle). An attack that was there before becomes a chase when m takes the target's
// protection away (blocks a protector's line) or makes the capture legal.
SquareSet make_move_and_find_chases(Position& pos, Move m, StateInfo& st) {
  const std::vector<Move> before = chasing_captures(pos);
  pos.do_move(m, st);
  // Look at the board from our side again: what do we chase now?
  StateInfo null_st;
  pos.do_null_move(null_st);
  SquareSet chased{};
  for (Move c : chasing_captures(pos)) {
    const Square origin = from_sq(c) == to_sq(m) ? from_sq(m) : from_sq(c);
    if (std::find(before.begin(), before.end(), make_move(origin, to_sq(c))) == before.end())
      chased.add(to_sq(c));
  }
  pos.undo_null_move();
  return chased;
}

// Does `side` attack perpetually in the cycle? `checks_only` reports whether every one of its
// moves gave check. Targets of chases are followed as the other side moves them.
struct SideVerdict {
  bool perpetual_check = true;
  bool perpetual_attack = true;  // every move a check or a chase of one persistent target
};

SideVerdict judge_side(Color side, Color first_mover, const std::vector<Move>& moves,
                       const std::vector<bool>& checks, const std::vector<SquareSet>& chased) {
  SideVerdict v;
  SquareSet targets{};
  bool has_chase = false;
  for (size_t j = 0; j < moves.size(); ++j) {
    const bool ours = Color((first_mover + j) % 2) == side;
    if (!ours) {
      // Follow a target that moves away.
      const Square from = from_sq(moves[j]), to = to_sq(moves[j]);
      if (targets.has(from)) targets.remove(from), targets.add(to);
      continue;
    }
    if (!checks[j]) v.perpetual_check = false;
    if (checks[j]) continue;  // a check keeps an attack going
    targets = has_chase ? targets & chased[j] : chased[j];
    has_chase = true;
    if (targets.empty()) v.perpetual_attack = false;
  }
  if (!has_chase) v.perpetual_attack = v.perpetual_check;
  return v;
}

}  // namespace

std::string result_string(Outcome o) {
  switch (o) {
    case Outcome::RED_WINS:
      return "1-0";
    case Outcome::BLACK_WINS:
      return "0-1";
    case Outcome::DRAW:
      return "1/2-1/2";
    default:
      return "*";
  }
}

std::string GameResult::result_string() const { return chuhan::result_string(outcome); }

std::string GameResult::reason_string() const {
  switch (reason) {
    case ResultReason::CHECKMATE:
      return "checkmate";
    case ResultReason::STALEMATE:
      return "stalemate";
    case ResultReason::PERPETUAL_CHECK:
      return "perpetual check";
    case ResultReason::PERPETUAL_CHASE:
      return "perpetual chase";
    case ResultReason::REPETITION:
      return "repetition";
    case ResultReason::RULE_60:
      return "60-move rule";
    case ResultReason::INSUFFICIENT_MATERIAL:
      return "insufficient material";
    case ResultReason::RESIGNATION:
      return "resignation";
    case ResultReason::TIME:
      return "time";
    case ResultReason::AGREEMENT:
      return "agreement";
    default:
      return "";
  }
}

int repetition_distance(const Position& pos, int earlier) {
  const StateInfo* st = pos.state();
  const int end = std::min(st->plies_from_capture, st->plies_from_null);
  if (end < 4) return 0;
  int found = 0;
  const StateInfo* stp = st->previous->previous;
  for (int i = 4; i <= end; i += 2) {
    stp = stp->previous->previous;
    if (stp->key == st->key && ++found == earlier) return i;
  }
  return 0;
}

GameResult judge_repetition(Position& pos, int earlier) {
  const int span = repetition_distance(pos, earlier);
  return span ? judge_cycle(pos, span) : GameResult{};
}

GameResult judge_cycle(Position& pos, int span) {
  StateInfo* st = pos.state();
  // 1. The moves of the cycle, oldest first, with their states.
  std::vector<StateInfo*> states(span + 1);
  states[span] = st;
  for (int j = span; j > 0; --j) states[j - 1] = states[j]->previous;
  std::vector<Move> moves(span);
  std::vector<bool> checks(span);
  for (int j = 0; j < span; ++j)
    moves[j] = states[j + 1]->move, checks[j] = states[j + 1]->in_check;

  // The span is even: the side to move now also made the first move of the cycle.
  const Color first_mover = pos.side_to_move(), last_mover = ~first_mover;

  // 2. Perpetual check is decided by the check flags alone.
  auto all_checks = [&](Color side) {
    for (int j = 0; j < span; ++j)
      if (Color((first_mover + j) % 2) == side && !checks[j]) return false;
    return true;
  };
  const bool check_a = all_checks(last_mover), check_b = all_checks(~last_mover);
  if (check_a != check_b)
    return {win_for(check_a ? ~last_mover : last_mover), ResultReason::PERPETUAL_CHECK};
  if (check_a) return {Outcome::DRAW, ResultReason::REPETITION};

  // 3. Chases: replay the cycle from its start, computing (or reusing) each move's chases.
  bool all_known = true;
  for (int j = 0; j < span; ++j) all_known &= states[j + 1]->chase_known;
  if (!all_known) {
    for (int j = span - 1; j >= 0; --j) pos.undo_move(moves[j]);
    for (int j = 0; j < span; ++j) {
      StateInfo& next = *states[j + 1];
      const SquareSet chased = next.chase_known ? (pos.do_move(moves[j], next), next.chased)
                                                : make_move_and_find_chases(pos, moves[j], next);
      next.chased = chased;
      next.chase_known = true;
    }
  }
  std::vector<SquareSet> chased(span);
  for (int j = 0; j < span; ++j) chased[j] = states[j + 1]->chased;

  const SideVerdict a = judge_side(last_mover, first_mover, moves, checks, chased);
  const SideVerdict b = judge_side(~last_mover, first_mover, moves, checks, chased);
  if (a.perpetual_attack != b.perpetual_attack)
    return {win_for(a.perpetual_attack ? ~last_mover : last_mover), ResultReason::PERPETUAL_CHASE};
  return {Outcome::DRAW, ResultReason::REPETITION};
}

bool insufficient_material(const Position& pos) {
  for (Color c : {RED, BLACK})
    for (PieceType pt : {ROOK, HORSE, CANNON, SOLDIER})
      if (pos.count(c, pt)) return false;
  return true;
}

GameResult judge(Position& pos) {
  // A side with no legal move loses, whether it is in check (checkmate) or not (stalemate).
  if (!has_legal_move(pos))
    return {win_for(~pos.side_to_move()),
            pos.in_check() ? ResultReason::CHECKMATE : ResultReason::STALEMATE};
  if (const GameResult r = judge_repetition(pos, GameRepetitions - 1); r.over()) return r;
  if (pos.rule60() >= Rule60Plies) return {Outcome::DRAW, ResultReason::RULE_60};
  if (insufficient_material(pos)) return {Outcome::DRAW, ResultReason::INSUFFICIENT_MATERIAL};
  return {};
}

}  // namespace chuhan
