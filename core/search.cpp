#include "search.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "evaluate.h"
#include "movegen.h"
#include "rules.h"
#include "see.h"
#include "tune.h"

namespace chuhan::search {

namespace {

// ln(i) * 256 for i < 64, computed at compile time with plain IEEE arithmetic (an atanh
// series) so that reductions, and therefore the bench signature, are the same everywhere.
constexpr auto Ln256 = [] {
  std::array<int, 64> t{};
  for (int i = 1; i < 64; ++i) {
    const double y = double(i - 1) / double(i + 1), y2 = y * y;
    double term = y, sum = 0;
    for (int k = 1; k < 200; k += 2) sum += term / k, term *= y2;
    t[i] = int(2 * sum * 256 + 0.5);
  }
  return t;
}();

// Pruning margins, reductions and limits. TUNABLE (tune.h): constants that scripts/tune/spsa.mjs
// can tune in a CHUHAN_TUNE build, with the range it may try.
TUNABLE(ReverseFutilityMargin, 150, 50, 300);  // per ply of depth
TUNABLE(ReverseFutilityDepth, 4, 2, 8);
TUNABLE(FutilityBase, 120, 0, 300);
TUNABLE(FutilityPerDepth, 100, 40, 250);
TUNABLE(FutilityDepth, 5, 2, 9);
TUNABLE(LateMovePruningDepth, 7, 3, 10);
TUNABLE(QuietSeeMargin, 25, 5, 80);      // times depth^2
TUNABLE(CaptureSeeMargin, 90, 20, 250);  // times depth
TUNABLE(CaptureSeeDepth, 7, 3, 10);
TUNABLE(QsFutilityMargin, 150, 50, 400);
TUNABLE(NullMoveMinDepth, 3, 2, 6);
TUNABLE(NullMoveBaseReduction, 3, 2, 5);
TUNABLE(NullMoveDepthDivisor, 4, 2, 8);      // the reduction grows by depth / this
TUNABLE(NullMoveEvalDivisor, 200, 80, 500);  // ... and by (eval - beta) / this, at most 3
TUNABLE(NullVerifyDepth, 10, 6, 16);         // verify null-move cutoffs from this depth
// ... and always when the side has this few rooks, horses and cannons (zugzwang-prone endings).
constexpr int NullVerifyMajorPieces = 2;
TUNABLE(IidDepthPv, 4, 2, 8);
TUNABLE(IidDepthCut, 7, 4, 12);
TUNABLE(EtcMinDepth, 6, 3, 12);
TUNABLE(SingularMinDepth, 8, 4, 12);
TUNABLE(SingularMargin, 48, 8, 96);  // the singular window lies this / 8 per ply below the TT value
TUNABLE(AspirationMinDepth, 4, 2, 8);
TUNABLE(AspirationDelta, 20, 8, 60);
constexpr int AspirationScoreDivisor = 64;  // the window also widens by |score| / this
TUNABLE(LmrBase, 768, 0, 1536);             // reduction = (LmrBase + ln d * ln n * LmrScale) / 1024
TUNABLE(LmrScale, 455, 200, 800);
TUNABLE(LmrHistoryDivisor, 9000, 3000,
        20000);  // quiet history that changes the reduction by one ply
// Quiet moves a node remembers for its history malus (the rest go unpunished).
constexpr int MaxQuietsRemembered = 64;

int late_move_count_limit(Depth depth, bool improving) {
  return improving ? 6 + depth * depth : 4 + depth * depth / 2;
}

// Score of a repetition found in the search, judged by the rules (perpetual check or chase
// loses, anything else draws), from the side to move's point of view; VALUE_NONE if the
// position does not repeat. A cycle inside the tree (its first position after the root) is
// judged at once, as if it would go on: the side that chose it can choose it again. One that
// reaches back to the root or the game before it is judged only when the position stands for
// the game's third time, as the game itself judges it: one pass through the game's history
// commits nobody, and judging it at once made the search report a perpetual checker as mated
// while it could still play another move.
Value repetition_value(Position& pos, int ply) {
  int span = repetition_distance(pos, 1);
  if (span >= ply) span = repetition_distance(pos, GameRepetitions - 1);
  if (!span) return VALUE_NONE;
  const GameResult r = judge_cycle(pos, span);
  if (r.outcome == Outcome::DRAW) return VALUE_DRAW;
  return r.outcome == win_for(pos.side_to_move()) ? mate_in(ply) : mated_in(ply);
}

// The 60-move rule draws unless the side to move is checkmated on the last ply.
bool rule60_draw(const Position& pos) {
  return pos.rule60() >= Rule60Plies && (!pos.in_check() || has_legal_move(pos));
}

void update_pv(Move* pv, Move m, const Move* child_pv) {
  for (*pv++ = m; child_pv && *child_pv != MOVE_NONE;) *pv++ = *child_pv++;
  *pv = MOVE_NONE;
}

// The history bonus of a move that caused a cutoff at `depth`: it grows with the square of the
// depth, up to a cap that keeps one deep cutoff from drowning every other move's record.
constexpr int HistoryBonusPerDepth2 = 16, HistoryBonusMax = 4000;
int history_bonus(Depth depth) {
  return std::min(depth * depth * HistoryBonusPerDepth2, HistoryBonusMax);
}

}  // namespace

int reduction(Depth depth, int move_count) {
  const int d = std::min(depth, 63), m = std::min(move_count, 63);
  return (LmrBase + Ln256[d] * Ln256[m] / 64 * LmrScale / 1024) / 1024;
}

void Worker::clear_now() {
  if (!cont_history_) std::abort();  // out of memory when the worker was made
  history_ = History{};
  std::memset(cont_history_.get(), 0, sizeof(ContinuationHistory));
  std::fill_n(eval_cache_.get(), EvalCacheSize, EvalCacheEntry{0, int16_t(VALUE_NONE)});
  clear_pending_ = false;
}

Value Worker::static_eval(Position& pos) {
  // The cache is indexed by the low key bits and verified by the high ones.
  EvalCacheEntry& e = eval_cache_[pos.key() & (EvalCacheSize - 1)];
  const uint32_t check = uint32_t(pos.key() >> 32);
  if (e.key == check && e.value != VALUE_NONE) return e.value;
  const Value v = evaluate(pos, network_);
  e = {check, int16_t(v)};
  return v;
}

void Worker::make_move(Position& pos, Stack* ss, Move m, bool gives_check, StateInfo& st) {
  ss->current_move = m;
  ss->cont_hist = &cont_history_->table[pos.piece_on(from_sq(m))][to_sq(m)];
  tt_.prefetch(pos.key_after(m));
  pos.do_move(m, st, gives_check);
  st.accumulator = accumulators_.fresh(ss->ply + 1);
  count_node();
  if ((nodes() & check_mask_) == 0) check_limits();
  if (limits_.nodes && nodes() >= limits_.nodes && helpers_.empty() && !main_) stop = true;
}

void Worker::make_null_move(Position& pos, Stack* ss, StateInfo& st) {
  ss->current_move = MOVE_NULL;
  ss->cont_hist = &cont_history_->table[NO_PIECE][0];
  pos.do_null_move(st);
  st.accumulator = accumulators_.fresh(ss->ply + 1);
  count_node();
}

uint64_t Worker::team_nodes() const {
  uint64_t n = nodes();
  for (const Worker* h : helpers_) n += h->nodes();
  return n;
}

void Worker::check_limits() {
  if (main_ && main_->stop.load(std::memory_order_relaxed)) stop = true;
  if (external_stop && external_stop()) stop = true;
  // With helpers the node limit counts every thread's nodes (checked less often than alone).
  const Worker& team = main_ ? *main_ : *this;
  if (limits_.nodes && !team.helpers_.empty() && team.team_nodes() >= limits_.nodes) stop = true;
  if (pondering || !time_.maximum()) return;
  if (now() - start_time_ >= time_.maximum()) stop = true;
}

// Null move is unsafe in zugzwang, common in Xiangqi endgames: the side to move needs at least
// one rook, horse or cannon.
bool Worker::null_move_allowed(const Position& pos) const {
  const Color us = pos.side_to_move();
  return pos.major_count(us) > 0;
}

Result Worker::run(Position& pos, const SearchLimits& limits, const std::vector<Move>& root_moves,
                   TimePoint move_overhead, const std::function<void(const InfoLine&)>& on_info) {
  start_time_ = now();
  if (clear_pending_) clear_now();
  limits_ = limits;
  limits_.multipv = std::max(1, limits.multipv);
  if (const uint32_t network = network_ ? network_->id : 0; network != eval_cache_network_) {
    std::fill_n(eval_cache_.get(), EvalCacheSize, EvalCacheEntry{0, int16_t(VALUE_NONE)});
    eval_cache_network_ = network;
  }
  nodes_ = 0;
  // With helpers a node limit counts every thread's nodes, each thread checking the total every
  // `interval` of its own: about an eighth of the limit over all threads at most, 1024 at most.
  const uint64_t team = main_ ? main_->helpers_.size() + 1 : helpers_.size() + 1;
  uint64_t interval = 1024;
  if (limits.nodes && team > 1)
    while (interval > 1 && interval * 8 * team > limits.nodes) interval /= 2;
  check_mask_ = interval - 1;
  sel_depth_ = 0;
  completed_depth_ = 0;
  null_move_min_ply_ = 0;
  time_.init(limits_, pos.side_to_move(), pos.game_ply(), move_overhead);
  history_.age();

  root_moves_.clear();
  for (Move m : MoveList<LEGAL>(pos))
    if (root_moves.empty() ||
        std::find(root_moves.begin(), root_moves.end(), m) != root_moves.end())
      root_moves_.emplace_back(m);

  Result result;
  if (root_moves_.empty()) {
    // No legal move: checkmated or stalemated, which both lose.
    InfoLine info;
    info.score = -VALUE_MATE;
    if (on_info) on_info(info);
  } else {
    // While the search runs, the root's accumulator is the stack's first entry, from which
    // every state below is brought forward; the caller gets its root state back as it was.
    StateInfo* const root = pos.state();
    nnue::Accumulator* const callers = root->accumulator;
    root->accumulator = accumulators_.fresh(0);
    iterative_deepening(pos, on_info);
    root->accumulator = callers;
    const RootMove& best = root_moves_[0];
    result.best = best.pv[0];
    result.score = best.score != -VALUE_INFINITE ? best.score : best.previous_score;
    if (best.pv.size() > 1) {
      result.ponder = best.pv[1];
    } else {
      // Guess the reply from the transposition table.
      StateInfo st;
      pos.do_move(result.best, st);
      bool found;
      TTData data;
      tt_.probe(pos.key(), found, data);
      if (found && data.move() != MOVE_NONE && MoveList<LEGAL>(pos).contains(data.move()))
        result.ponder = data.move();
      pos.undo_move(result.best);
    }
  }
  // In infinite or ponder mode the answer waits for `stop` (or ponderhit).
  while (!stop && (limits_.infinite || pondering)) {
    if (external_stop && external_stop()) stop = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  result.depth = root_depth_;
  result.nodes = nodes();
  return result_ = result;
}

InfoLine Worker::best_line_info(uint64_t nodes) const {
  InfoLine info = make_info(0, std::max(completed_depth_, 1));
  info.nodes = nodes;
  return info;
}

InfoLine Worker::make_info(size_t index, Depth depth) const {
  const RootMove& rm = root_moves_[index];
  const bool updated = rm.score != -VALUE_INFINITE;
  InfoLine info;
  info.depth = updated ? depth : std::max(1, depth - 1);
  info.seldepth = rm.sel_depth;
  info.multipv = int(index) + 1;
  info.score = updated ? rm.score : rm.previous_score;
  info.bound = updated ? rm.score_bound : BOUND_EXACT;
  info.nodes = team_nodes();
  info.time = now() - start_time_;
  info.hashfull = tt_.hashfull();
  info.pv = rm.pv;
  return info;
}

void Worker::iterative_deepening(Position& pos,
                                 const std::function<void(const InfoLine&)>& on_info) {
  Stack stack[MAX_PLY + 10] = {};
  Stack* ss = stack + 7;  // room for (ss - 7) look-backs
  Move pv[MAX_PLY + 1];
  for (int i = 0; i < MAX_PLY + 3; ++i) (ss + i)->ply = i;
  for (int i = -7; i < 0; ++i) {
    (ss + i)->static_eval = VALUE_NONE;
    (ss + i)->cont_hist = &cont_history_->table[NO_PIECE][0];
  }
  ss->pv = pv;

  const size_t multipv = std::min<size_t>(limits_.multipv, root_moves_.size());
  const Depth max_depth = limits_.depth ? std::min(limits_.depth, MAX_PLY - 1) : MAX_PLY - 1;
  Move last_best = MOVE_NONE;
  int best_move_changes = 0;
  Value last_score = VALUE_NONE;

  for (root_depth_ = 1; root_depth_ <= max_depth && !stop; ++root_depth_) {
    // Depth staggering: odd-numbered helpers search odd depths only, so that they run an
    // iteration ahead of the main worker and fill the table with deeper entries.
    if (index_ % 2 == 1 && root_depth_ % 2 == 0) continue;
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;

    for (pv_index_ = 0; pv_index_ < multipv && !stop; ++pv_index_) {
      sel_depth_ = 0;
      // Aspiration window around the previous score of this line.
      Value prev = root_moves_[pv_index_].previous_score;
      Value delta = AspirationDelta + std::abs(prev) / AspirationScoreDivisor;
      Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (root_depth_ >= AspirationMinDepth && std::abs(prev) < VALUE_MATE_IN_MAX_PLY) {
        alpha = std::max(prev - delta, -VALUE_INFINITE);
        beta = std::min(prev + delta, VALUE_INFINITE);
      }
      while (true) {
        const Value value = search<ROOT>(pos, ss, alpha, beta, root_depth_, false);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end());
        if (stop) break;
        if (value <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(value - delta, -VALUE_INFINITE);
        } else if (value >= beta) {
          beta = std::min(value + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1);
    }
    // Report the lines once they are all searched and sorted, best first.
    if (on_info && !stop)
      for (size_t i = 0; i < multipv; ++i) on_info(make_info(i, root_depth_));
    if (stop) {
      // Report the lines the interrupted iteration left, so the GUI sees the final best move
      // and a set of distinct lines (the ones not searched again keep their previous score).
      if (on_info && root_depth_ > 1)
        for (size_t i = 0; i < multipv; ++i) on_info(make_info(i, root_depth_));
      break;
    }

    completed_depth_ = root_depth_;
    const RootMove& best = root_moves_[0];
    if (best.pv[0] != last_best) ++best_move_changes, last_best = best.pv[0];

    // Mate found within the requested number of moves.
    if (limits_.mate && best.score >= VALUE_MATE_IN_MAX_PLY &&
        VALUE_MATE - best.score <= 2 * limits_.mate - 1)
      stop = true;

    // Time: stop when another iteration is unlikely to finish in the budget, which the time
    // manager stretches while the best move is unstable or the score falls.
    if (!pondering &&
        time_.stop_after_iteration(now() - start_time_, best_move_changes,
                                   last_score == VALUE_NONE ? 0 : last_score - best.score))
      stop = true;
    best_move_changes = best_move_changes * 3 / 4;
    // A fixed move time is used in full: the interrupted iteration's best move counts once its
    // first move is searched, so the last fraction of the time is not wasted.
    last_score = best.score;
  }
  root_depth_ = std::min(root_depth_, max_depth);
}

template <Worker::NodeType NT>
Value Worker::search(Position& pos, Stack* ss, Value alpha, Value beta, Depth depth,
                     bool cut_node) {
  constexpr bool PvNode = NT != NON_PV;
  constexpr bool Root = NT == ROOT;
  constexpr NodeType SameType = PvNode ? PV : NON_PV;  // this position searched again, not as root

  // Step 1. Quiescence search at the horizon.
  if (depth <= 0) return qsearch<SameType>(pos, ss, alpha, beta);

  Move pv[MAX_PLY + 1];
  ss->in_check = pos.in_check();
  ss->move_count = 0;
  ss->mate_threat = false;
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = MOVE_NONE;
  if (PvNode) sel_depth_ = std::max(sel_depth_, ss->ply + 1);

  if (!Root) {
    // Step 2. Aborted search, maximum ply, draws by repetition or the 60-move rule.
    if (stop || ss->ply >= MAX_PLY - 1)
      return ss->ply >= MAX_PLY - 1 && !ss->in_check ? static_eval(pos) : VALUE_DRAW;
    if (const Value v = repetition_value(pos, ss->ply); v != VALUE_NONE) return v;
    if (rule60_draw(pos)) return VALUE_DRAW;

    // Step 3. Mate distance pruning: no line can beat a mate already found closer to the root.
    alpha = std::max(mated_in(ss->ply), alpha);
    beta = std::min(mate_in(ss->ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  // Step 4. Transposition table lookup. The singular-extension search of a node (one move left
  // out) keeps its own entry, under a key of the position and that move.
  const Move excluded = ss->excluded_move;
  const Key key = excluded ? pos.key() ^ (Key(excluded) * 0x9E3779B97F4A7C15ULL) : pos.key();
  bool tt_hit;
  TTData ttd;
  TTEntry* tte = tt_.probe(key, tt_hit, ttd);
  const Value tt_value =
      tt_hit ? value_from_tt(ttd.value(), ss->ply, Rule60Plies - pos.rule60()) : VALUE_NONE;
  Move tt_move = Root ? root_moves_[pv_index_].pv[0] : tt_hit ? ttd.move() : MOVE_NONE;
  if (!PvNode && tt_hit && ttd.depth() >= depth && tt_value != VALUE_NONE &&
      (ttd.bound() & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;

  // Step 5. Static evaluation; whether it improved on two plies ago.
  Value eval;
  bool improving = false;
  if (ss->in_check) {
    ss->static_eval = eval = VALUE_NONE;
  } else {
    ss->static_eval = eval = tt_hit && ttd.eval() != VALUE_NONE ? ttd.eval() : static_eval(pos);
    // The stored search value is a better estimate when its bound allows.
    if (tt_value != VALUE_NONE && (ttd.bound() & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
      eval = tt_value;
    improving = (ss - 2)->static_eval == VALUE_NONE || ss->static_eval > (ss - 2)->static_eval;
  }

  if (!PvNode && !ss->in_check) {
    // Step 6. Reverse futility pruning: far above beta at low depth, assume a cutoff.
    // Not near mate scores: a static eval cannot refute a mate the window already expects.
    if (depth < ReverseFutilityDepth &&
        eval - ReverseFutilityMargin * (depth - improving) >= beta &&
        eval < VALUE_MATE_IN_MAX_PLY && beta > VALUE_MATED_IN_MAX_PLY)
      return eval;

    // Step 7. Null move pruning: if passing still beats beta, a real move will too. Guarded
    // against zugzwang, and verified by a reduced normal search at high depth.
    if (depth >= NullMoveMinDepth && !excluded && eval >= beta && ss->static_eval >= beta &&
        (ss - 1)->current_move != MOVE_NULL && beta > VALUE_MATED_IN_MAX_PLY &&
        (ss->ply >= null_move_min_ply_ || pos.side_to_move() != null_move_color_) &&
        null_move_allowed(pos)) {
      const Depth r = NullMoveBaseReduction + depth / NullMoveDepthDivisor +
                      std::min((eval - beta) / NullMoveEvalDivisor, 3);
      StateInfo st;
      make_null_move(pos, ss, st);
      Value null_value = -search<NON_PV>(pos, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
      pos.undo_null_move();
      if (stop) return VALUE_ZERO;
      // Passing gets us mated: the opponent threatens mate, so the moves that parry it must
      // be neither pruned nor reduced below.
      if (null_value <= VALUE_MATED_IN_MAX_PLY) ss->mate_threat = true;
      if (null_value >= beta) {
        if (null_value >= VALUE_MATE_IN_MAX_PLY) null_value = beta;
        const bool few_pieces = pos.major_count(pos.side_to_move()) <= NullVerifyMajorPieces;
        if (depth < NullVerifyDepth && !few_pieces) return null_value;
        // Verification: search again without null move for this side near the root.
        null_move_min_ply_ = ss->ply + 3 * (depth - r) / 4;
        null_move_color_ = pos.side_to_move();
        const Value v = search<NON_PV>(pos, ss, beta - 1, beta, depth - r, false);
        null_move_min_ply_ = 0;
        if (v >= beta) return null_value;
      }
    }
  }

  // Step 8. Internal iterative deepening with the enlarged window: without a hash move, a
  // shallower search finds one; if it fails low, search again with alpha at -infinity so the
  // move it proposes is a real best move rather than an arbitrary fail-low move.
  // Only for positions not searched before, so that nested IIDs stay a chain, not a tree.
  if (!tt_hit && !excluded && (PvNode ? depth >= IidDepthPv : (cut_node && depth >= IidDepthCut))) {
    const Value v = search<SameType>(pos, ss, alpha, beta, depth - 2, cut_node);
    if (v <= alpha && !stop) search<SameType>(pos, ss, -VALUE_INFINITE, beta, depth - 2, cut_node);
    if (stop) return VALUE_ZERO;
    tte = tt_.probe(key, tt_hit, ttd);
    tt_move = tt_hit ? ttd.move() : MOVE_NONE;
    ss->in_check = pos.in_check();
  }

  // Step 9. Enhanced transposition cutoff: a child already known to fail low for the
  // opponent at sufficient depth gives a cutoff here without searching anything.
  if (!PvNode && depth >= EtcMinDepth && !ss->in_check && !excluded) {
    for (Move m : MoveList<PSEUDO_LEGAL>(pos)) {
      bool hit;
      TTData child;
      tt_.probe(pos.key_after(m), hit, child);
      if (!hit || child.depth() < depth - 1 || !(child.bound() & BOUND_UPPER)) continue;
      const int child_plies_left = pos.is_capture(m) ? Rule60Plies : Rule60Plies - pos.rule60() - 1;
      const Value v = value_from_tt(child.value(), ss->ply + 1, child_plies_left);
      if (v != VALUE_NONE && -v >= beta && pos.legal(m)) {
        tt_.store(tte, key, value_to_tt(-v, ss->ply), BOUND_LOWER, depth, m, ss->static_eval);
        return -v;
      }
    }
  }

  // Step 10. Loop through the moves.
  const PieceToHistory* cont[] = {(ss - 1)->cont_hist, (ss - 2)->cont_hist};
  MovePicker picker(pos, tt_move, ss->killers, history_, cont);
  const Color us = pos.side_to_move();
  Value best_value = -VALUE_INFINITE, value = -VALUE_INFINITE;
  Move best_move = MOVE_NONE, quiets[MaxQuietsRemembered];
  int move_count = 0, quiet_count = 0;
  bool skip_quiets = false;
  // Single-reply extension: an evasion that is the only legal move.
  const bool single_reply = ss->in_check && picker.evasion_count() == 1;

  for (Move m; (m = picker.next(skip_quiets)) != MOVE_NONE;) {
    if (Root &&
        std::find(root_moves_.begin() + pv_index_, root_moves_.end(), m) == root_moves_.end())
      continue;
    if (m == excluded || !pos.legal(m)) continue;
    ss->move_count = ++move_count;
    if (PvNode) (ss + 1)->pv = nullptr;

    const bool capture = pos.is_capture(m);
    const bool gives_check = pos.gives_check(m);
    Depth new_depth = depth - 1;

    // Step 11. Shallow-depth pruning of moves that look hopeless. Checks are never pruned:
    // sacrificial checks are how most Xiangqi mates begin. Nor is anything pruned under a
    // mate threat, where the parrying move may look worthless.
    if (!Root && best_value > VALUE_MATED_IN_MAX_PLY && !gives_check && !ss->mate_threat) {
      const int lmr_depth = std::max(new_depth - reduction(depth, move_count), 0);
      if (!capture) {
        if (!ss->in_check && depth <= LateMovePruningDepth &&
            move_count >= late_move_count_limit(depth, improving))
          skip_quiets = true;
        // Futility: a quiet move far below alpha at low depth is unlikely to matter (but a
        // mate score in alpha says nothing about what quiet moves can do).
        if (!ss->in_check && depth <= FutilityDepth && alpha < VALUE_MATE_IN_MAX_PLY &&
            ss->static_eval + FutilityBase + FutilityPerDepth * lmr_depth <= alpha)
          continue;
        if (!see_ge(pos, m, -QuietSeeMargin * lmr_depth * lmr_depth)) continue;
      } else if (depth < CaptureSeeDepth && !see_ge(pos, m, -CaptureSeeMargin * depth)) {
        continue;
      }
    }

    // Step 12. Extensions, bounded so that no line grows beyond twice the iteration depth.
    // Singular extension: the TT move, when every other move fails well below its value in a
    // half-depth search, is extended; when another move also beats beta (multi-cut) the node
    // is cut, and when the TT move alone beats beta it is searched a ply shallower. Otherwise
    // checks that do not lose material and forced replies are extended.
    if (ss->ply < 2 * root_depth_) {
      int extension = 0;
      if (!Root && m == tt_move && !excluded && depth >= SingularMinDepth &&
          tt_value != VALUE_NONE && std::abs(tt_value) < VALUE_MATE_IN_MAX_PLY &&
          (ttd.bound() & BOUND_LOWER) && ttd.depth() >= depth - 3) {
        const Value singular_beta = tt_value - SingularMargin * depth / 8;
        const int count = ss->move_count;
        const bool threat = ss->mate_threat;
        ss->excluded_move = m;
        const Value v =
            search<NON_PV>(pos, ss, singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node);
        ss->excluded_move = MOVE_NONE;
        ss->move_count = count;
        ss->mate_threat = threat;
        if (stop) return VALUE_ZERO;
        if (v < singular_beta)
          extension = 1;
        else if (singular_beta >= beta)
          return singular_beta;
        else if (tt_value >= beta)
          extension = -1;
      }
      if (extension == 0 && (single_reply || (gives_check && see_ge(pos, m, 0)))) extension = 1;
      new_depth += extension;
    }

    // Step 13. Make the move.
    StateInfo st;
    make_move(pos, ss, m, gives_check, st);

    // Step 14. Late move reductions, then a null-window search, then a full re-search for PV.
    if (depth >= 2 && move_count > 1 + Root && (!capture || !PvNode)) {
      int r = reduction(depth, move_count);
      r += cut_node;
      r -= PvNode;
      r += !improving;
      r -= gives_check;
      r -= 2 * ss->mate_threat;
      r -= m == ss->killers[0] || m == ss->killers[1];
      if (!capture)
        r -= std::clamp(
            quiet_move_score(history_, cont, us, pos.piece_on(to_sq(m)), m) / LmrHistoryDivisor, -2,
            2);
      const Depth d = std::clamp(new_depth - r, 1, new_depth + 1);
      value = -search<NON_PV>(pos, ss + 1, -(alpha + 1), -alpha, d, true);
      if (value > alpha && d < new_depth)
        value = -search<NON_PV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
    } else if (!PvNode || move_count > 1) {
      value = -search<NON_PV>(pos, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
    }
    if (PvNode && (move_count == 1 || (value > alpha && (Root || value < beta)))) {
      (ss + 1)->pv = pv;
      pv[0] = MOVE_NONE;
      value = -search<PV>(pos, ss + 1, -beta, -alpha, new_depth, false);
    }

    pos.undo_move(m);
    if (stop) return VALUE_ZERO;

    // Step 15. Root bookkeeping: the score and PV of each root move.
    if (Root) {
      RootMove& rm = *std::find(root_moves_.begin(), root_moves_.end(), m);
      if (move_count == 1 || value > alpha) {
        rm.score = value;
        rm.score_bound = value >= beta ? BOUND_LOWER : value <= alpha ? BOUND_UPPER : BOUND_EXACT;
        rm.sel_depth = sel_depth_;
        rm.pv.resize(1);
        for (Move* p = (ss + 1)->pv; p && *p != MOVE_NONE; ++p) rm.pv.push_back(*p);
      } else {
        rm.score = -VALUE_INFINITE;
      }
    }

    // Step 16. New best move.
    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if (PvNode && !Root) update_pv(ss->pv, m, (ss + 1)->pv);
        if (value >= beta) break;
        alpha = value;
      }
    }
    if (m != best_move && !capture && quiet_count < MaxQuietsRemembered) quiets[quiet_count++] = m;
  }

  // Step 17. No legal move: checkmate or stalemate, both lost for the side to move. The
  // verdict holds at any depth. With a move left out (the singular-extension search), no other
  // move means only that nothing else was found.
  if (move_count == 0 && excluded) return alpha;
  if (move_count == 0) {
    tt_.store(tte, key, value_to_tt(mated_in(ss->ply), ss->ply), BOUND_EXACT, MAX_PLY - 1,
              MOVE_NONE, VALUE_NONE);
    return mated_in(ss->ply);
  }

  if (best_move != MOVE_NONE && !pos.is_capture(best_move))
    update_quiet_stats(pos, ss, best_move, quiets, quiet_count, depth);

  // Step 18. Store in the transposition table.
  const Bound bound = best_value >= beta    ? BOUND_LOWER
                      : PvNode && best_move ? BOUND_EXACT
                                            : BOUND_UPPER;
  tt_.store(tte, key, value_to_tt(best_value, ss->ply), bound, depth, best_move, ss->static_eval);
  return best_value;
}

// Killers, history (depth^2 bonus, ElephantEye style) and continuation history for the quiet
// move that was best, a matching penalty for the quiet moves tried before it.
void Worker::update_quiet_stats(const Position& pos, Stack* ss, Move best, const Move* quiets,
                                int quiet_count, Depth depth) {
  const Color us = pos.side_to_move();
  if (ss->killers[0] != best) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = best;
  }
  const int bonus = history_bonus(depth);
  auto update = [&](Move m, int b) {
    history_.update(us, m, b);
    const Piece pc = pos.piece_on(from_sq(m));
    apply_history_bonus((*(ss - 1)->cont_hist)[pc][to_sq(m)], b);
    apply_history_bonus((*(ss - 2)->cont_hist)[pc][to_sq(m)], b);
  };
  update(best, bonus);
  for (int i = 0; i < quiet_count; ++i) update(quiets[i], -bonus);
}

template <Worker::NodeType NT>
Value Worker::qsearch(Position& pos, Stack* ss, Value alpha, Value beta, Depth depth) {
  constexpr bool PvNode = NT == PV;
  Move pv[MAX_PLY + 1];
  if (PvNode) {
    (ss + 1)->pv = pv;
    ss->pv[0] = MOVE_NONE;
    sel_depth_ = std::max(sel_depth_, ss->ply + 1);
  }
  ss->in_check = pos.in_check();

  // Step 1. Aborted search and maximum ply; in check, repetitions (a checking cycle is judged
  // here, where the evasions are searched).
  if (stop || ss->ply >= MAX_PLY - 1)
    return ss->ply >= MAX_PLY - 1 && !ss->in_check ? static_eval(pos) : VALUE_DRAW;
  if (ss->in_check)
    if (const Value v = repetition_value(pos, ss->ply); v != VALUE_NONE) return v;

  // Step 2. Transposition table lookup: quiescence entries have depth 0, so any entry cuts a
  // non-PV node when its bound allows.
  const Key key = pos.key();
  bool tt_hit;
  TTData ttd;
  TTEntry* tte = tt_.probe(key, tt_hit, ttd);
  const Value tt_value =
      tt_hit ? value_from_tt(ttd.value(), ss->ply, Rule60Plies - pos.rule60()) : VALUE_NONE;
  const Move tt_move = tt_hit ? ttd.move() : MOVE_NONE;
  if (!PvNode && tt_hit && tt_value != VALUE_NONE &&
      (ttd.bound() & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;

  // Step 3. Stand pat: out of check the side to move may decline every capture, so the static
  // evaluation (or a tighter bound from the table) is a lower bound; at beta it cuts. But a side
  // with no legal move loses (Xiangqi has no stalemate draw: a standard way to mate a bare
  // general, and the end of many composed mates, where the last rook, horse or cannon is
  // pinned), so where standing pat would raise alpha a side with at most one of those, the only
  // kind likely to be stuck, is first asked for a legal move. Below alpha the bound holds anyway.
  Value best_value, futility_base;
  if (ss->in_check) {
    ss->static_eval = VALUE_NONE;
    best_value = futility_base = -VALUE_INFINITE;
  } else {
    ss->static_eval = best_value =
        tt_hit && ttd.eval() != VALUE_NONE ? ttd.eval() : static_eval(pos);
    if (tt_value != VALUE_NONE &&
        (ttd.bound() & (tt_value > best_value ? BOUND_LOWER : BOUND_UPPER)))
      best_value = tt_value;
    if (best_value > alpha && pos.major_count(pos.side_to_move()) <= 1 && !has_legal_move(pos))
      return mated_in(ss->ply);
    if (best_value >= beta) {
      if (!tt_hit)
        tt_.store(tte, key, value_to_tt(best_value, ss->ply), BOUND_LOWER, 0, MOVE_NONE,
                  ss->static_eval);
      return best_value;
    }
    if (PvNode && best_value > alpha) alpha = best_value;
    futility_base = ss->static_eval + QsFutilityMargin;
  }

  // Step 4. Loop through the captures (all evasions in check). The first ply also tries quiet
  // checks: a mate that begins with a quiet check just past the horizon is what a captures-only
  // quiescence misses most often.
  MovePicker picker(pos, tt_move, history_, depth == 0 && !ss->in_check);
  Move best_move = MOVE_NONE;
  int move_count = 0;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (!pos.legal(m)) continue;
    ++move_count;
    const bool gives_check = pos.gives_check(m);

    // Step 5. Futility and SEE pruning of captures that cannot raise alpha. Quiet checks (only
    // at the first ply) are all tried: the sacrificial ones are the point.
    if (!ss->in_check && best_value > VALUE_MATED_IN_MAX_PLY && pos.is_capture(m)) {
      if (!gives_check) {
        const Value futility = futility_base + SeeValue[type_of(pos.piece_on(to_sq(m)))];
        if (futility <= alpha) {
          best_value = std::max(best_value, futility);
          continue;
        }
      }
      if (!see_ge(pos, m, 0)) continue;
    }

    // Step 6. Make the move and search it.
    StateInfo st;
    make_move(pos, ss, m, gives_check, st);
    const Value value = -qsearch<NT>(pos, ss + 1, -beta, -alpha, depth - 1);
    pos.undo_move(m);
    if (stop) return VALUE_ZERO;

    // Step 7. New best move.
    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if (PvNode) update_pv(ss->pv, m, (ss + 1)->pv);
        if (value >= beta) break;
        alpha = value;
      }
    }
  }

  // Step 8. In check with no legal move: mated (stalemate cannot arise here: we were in check).
  if (ss->in_check && move_count == 0) return mated_in(ss->ply);

  // Step 9. Store in the transposition table, at depth 0.
  tt_.store(tte, key, value_to_tt(best_value, ss->ply),
            best_value >= beta ? BOUND_LOWER : BOUND_UPPER, 0, best_move, ss->static_eval);
  return best_value;
}

}  // namespace chuhan::search
