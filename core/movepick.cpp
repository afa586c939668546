#include "movepick.h"

#include "evaluate.h"
#include "movegen.h"
#include "see.h"

namespace chuhan {

namespace {

// Three stage sequences (main search, evasions, quiescence), grouped one per line.
// clang-format off
enum Stage {
  MAIN_TT, CAPTURE_INIT, GOOD_CAPTURES, KILLER_1, KILLER_2, QUIET_INIT, QUIET_MOVES, BAD_CAPTURES,
  EVASION_TT, EVASION_INIT, EVASIONS,
  QSEARCH_TT, QCAPTURE_INIT, QCAPTURES, QCHECK_INIT, QCHECKS,
  DONE
};
// clang-format on

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const Move* killers,
                       const History& history, const PieceToHistory* const* cont)
    : pos_(pos), history_(history), cont_(cont), tt_move_(tt_move) {
  killers_[0] = killers[0];
  killers_[1] = killers[1];
  stage_ = pos.in_check() ? EVASION_TT : MAIN_TT;
  if (tt_move_ != MOVE_NONE && !pos.pseudo_legal(tt_move_)) tt_move_ = MOVE_NONE;
  if (tt_move_ == MOVE_NONE) ++stage_;
  if (pos.in_check()) generate_evasions();
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const History& history, bool with_checks)
    : pos_(pos), history_(history), tt_move_(tt_move), with_checks_(with_checks) {
  stage_ = pos.in_check() ? EVASION_TT : QSEARCH_TT;
  if (tt_move_ != MOVE_NONE &&
      (!pos.pseudo_legal(tt_move_) || (!pos.in_check() && !pos.is_capture(tt_move_))))
    tt_move_ = MOVE_NONE;
  if (tt_move_ == MOVE_NONE) ++stage_;
}

// Every legal move, unscored: the main search's picker makes them when it is made, for the count
// (evasion_count()), the quiescence picker only when their stage comes (a hash-move cutoff
// needs none). Either scores them at that stage, after the hash move's search has updated the
// histories.
void MovePicker::generate_evasions() {
  Move buffer[MAX_MOVES];
  Move* last = generate<LEGAL>(pos_, buffer);
  evasions_generated_ = true;
  cur_ = end_ = moves_;
  for (Move* m = buffer; m != last; ++m) *end_++ = {*m, 0};
}

// Most valuable victim first, least valuable attacker breaking ties.
void MovePicker::score_captures() {
  for (ScoredMove* m = cur_; m != end_; ++m)
    m->score = SeeValue[type_of(pos_.piece_on(to_sq(m->move)))] * 16 -
               SeeValue[type_of(pos_.piece_on(from_sq(m->move)))] / 64;
}

void MovePicker::score_quiets() {
  const Color us = pos_.side_to_move();
  for (ScoredMove* m = cur_; m != end_; ++m)
    m->score = quiet_move_score(history_, cont_, us, pos_.piece_on(from_sq(m->move)), m->move);
}

void MovePicker::score_evasions() {
  const Color us = pos_.side_to_move();
  for (ScoredMove* m = cur_; m != end_; ++m)
    m->score = pos_.is_capture(m->move)
                   ? (1 << 20) + SeeValue[type_of(pos_.piece_on(to_sq(m->move)))] * 16 -
                         SeeValue[type_of(pos_.piece_on(from_sq(m->move)))] / 64
                   : history_.get(us, m->move);
}

// Selection of the best remaining move: lists are short and usually cut off early. The best
// score so far is kept in a local: reading it back through `best` makes every step wait for
// the previous one's load (V8 compiles it that way: several percent of the wasm build's time).
Move MovePicker::pick_best(ScoredMove*& cur, ScoredMove* end) {
  ScoredMove* best = cur;
  int best_score = cur->score;
  for (ScoredMove* m = cur + 1; m < end; ++m)
    if (m->score > best_score) best = m, best_score = m->score;
  std::swap(*best, *cur);
  return (cur++)->move;
}

Move MovePicker::next(bool skip_quiets) {
  while (true) switch (stage_) {
      case MAIN_TT:
      case EVASION_TT:
      case QSEARCH_TT:
        ++stage_;
        return tt_move_;

      case CAPTURE_INIT:
      case QCAPTURE_INIT: {
        Move buffer[MAX_MOVES];
        Move* last = generate<CAPTURES>(pos_, buffer);
        cur_ = bad_captures_end_ = moves_;
        end_ = moves_;
        for (Move* m = buffer; m != last; ++m) *end_++ = {*m, 0};
        score_captures();
        ++stage_;
        break;
      }

      case GOOD_CAPTURES:
        while (cur_ < end_) {
          const Move m = pick_best(cur_, end_);
          if (m == tt_move_) continue;
          // Losing captures wait until after the quiet moves.
          if (see_ge(pos_, m, 0)) return m;
          *bad_captures_end_++ = {m, 0};
        }
        ++stage_;
        break;

      case KILLER_1:
      case KILLER_2: {
        const Move k = killers_[stage_ - KILLER_1];
        ++stage_;
        if (k != MOVE_NONE && k != tt_move_ && pos_.pseudo_legal(k) && !pos_.is_capture(k) &&
            (!skip_quiets || pos_.gives_check(k)))
          return k;
        break;
      }

      case QUIET_INIT: {
        // Quiet moves go after the bad captures kept at the front of moves_.
        cur_ = bad_captures_end_;
        end_ = cur_;
        Move buffer[MAX_MOVES];
        Move* last = generate<QUIETS>(pos_, buffer);
        for (Move* m = buffer; m != last; ++m) *end_++ = {*m, 0};
        if (!skip_quiets) score_quiets();
        ++stage_;
        break;
      }

      case QUIET_MOVES:
        while (cur_ < end_) {
          // Once quiet moves are skipped, the rest are scanned in list order for checks only.
          const Move m = skip_quiets ? (cur_++)->move : pick_best(cur_, end_);
          if (m == tt_move_ || m == killers_[0] || m == killers_[1]) continue;
          if (!skip_quiets || pos_.gives_check(m)) return m;
        }
        cur_ = moves_;
        end_ = bad_captures_end_;
        ++stage_;
        break;

      case BAD_CAPTURES:
        if (cur_ < end_) return (cur_++)->move;
        stage_ = DONE;
        break;

      case EVASION_INIT:
        if (!evasions_generated_) generate_evasions();
        score_evasions();
        ++stage_;
        break;

      case EVASIONS:
      case QCAPTURES:
        while (cur_ < end_) {
          const Move m = pick_best(cur_, end_);
          if (m != tt_move_) return m;
        }
        stage_ = stage_ == QCAPTURES && with_checks_ ? QCHECK_INIT : DONE;
        break;

      case QCHECK_INIT: {
        Move buffer[MAX_MOVES];
        Move* last = generate<QUIET_CHECKS>(pos_, buffer);
        cur_ = end_ = moves_;
        for (Move* m = buffer; m != last; ++m)
          if (*m != tt_move_) *end_++ = {*m, 0};
        ++stage_;
        break;
      }

      case QCHECKS:
        if (cur_ < end_) return (cur_++)->move;
        stage_ = DONE;
        break;

      default:
        return MOVE_NONE;
    }
}

}  // namespace chuhan
