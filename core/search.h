// The search: iterative deepening with aspiration windows over a principal variation search
// (NegaScout) with a transposition table, null move, IID with the enlarged window, singular,
// check and single-reply extensions, ETC, LMR, futility and SEE pruning, and quiescence search.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <new>
#include <vector>

#include "movepick.h"
#include "nnue/accumulator.h"
#include "position.h"
#include "timeman.h"
#include "tt.h"

namespace chuhan::search {

// A finished iteration for one PV line, as the protocols report it.
struct InfoLine {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  Value score = VALUE_ZERO;
  Bound bound = BOUND_EXACT;  // BOUND_LOWER / BOUND_UPPER when an aspiration window failed
  uint64_t nodes = 0;
  TimePoint time = 0;  // milliseconds since the search started
  int hashfull = 0;
  std::vector<Move> pv;
};

struct Result {
  Move best = MOVE_NONE;    // MOVE_NONE only when there is no legal move
  Move ponder = MOVE_NONE;  // expected reply, if known
  Value score = VALUE_ZERO;
  int depth = 0;
  uint64_t nodes = 0;
};

struct RootMove {
  explicit RootMove(Move m) : pv(1, m) {}
  bool operator==(Move m) const { return pv[0] == m; }
  // Sort order: best score first; ties keep the previous iteration's order.
  bool operator<(const RootMove& o) const {
    return o.score != score ? o.score < score : o.previous_score < previous_score;
  }
  Value score = -VALUE_INFINITE;
  Value previous_score = -VALUE_INFINITE;
  // Only a bound when the window failed: what a search stopped during a re-search reports.
  Bound score_bound = BOUND_EXACT;
  int sel_depth = 0;
  std::vector<Move> pv;
};

// Per-ply search state.
struct Stack {
  Move* pv;
  int ply;
  Move current_move;
  PieceToHistory* cont_hist;  // continuation history of current_move (a dummy for a null move)
  Move killers[2];
  Value static_eval;
  bool in_check;
  bool mate_threat;  // the null-move search found that passing here gets this side mated
  int move_count;
  Move excluded_move;  // the singular-extension search of this node leaves this move out
};

// Everything one search thread owns: stack, histories, killers, node count and limits. The
// transposition table is shared by reference; stop flags are set from other threads. Several
// workers searching the same root make a Lazy SMP search (threads.h): the main worker (index 0)
// keeps the time and reports; helpers search silently and follow the main worker's stop flag.
class Worker {
 public:
  explicit Worker(TranspositionTable& tt, int index = 0) : tt_(tt), index_(index) {}

  // Forgets histories and killers (new game, bench), when the next search starts: a new worker
  // and a new game cost nothing until then.
  void clear() { clear_pending_ = true; }
  // Searches `pos` (whose StateInfo chain is the game history) within `limits`. Only moves in
  // `root_moves` are considered when it is non-empty. Returns a legal move whenever one exists.
  // The caller has called tt.new_search() for this search (once for all its workers).
  Result run(Position& pos, const SearchLimits& limits, const std::vector<Move>& root_moves,
             TimePoint move_overhead, const std::function<void(const InfoLine&)>& on_info);

  // The evaluation this worker searches with (evaluate.h): a network, or the hand-written one
  // when null. Configuration kept from search to search; not while a search runs. The network
  // must outlive its use (the Engine keeps it).
  void set_network(const nnue::Network* network) { network_ = network; }
  const nnue::Network* network() const { return network_; }

  // Set from any thread: end the search as soon as possible.
  std::atomic<bool> stop{false};
  // While true the search is pondering: it ignores the clock until ponderhit clears it.
  std::atomic<bool> pondering{false};
  // Optional hook polled every few thousand nodes (e.g. a shared stop flag in a browser).
  std::function<bool()> external_stop;

  // Nodes of this worker's current (or last) search; safe to read from any thread.
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

  // Lazy SMP wiring (threads.h). A helper polls the main worker's stop flag and the node limit
  // over all threads every few thousand nodes; the main worker counts its helpers' nodes in
  // reports and in the node limit.
  void follow(const Worker* main) { main_ = main; }
  // Zeroes the node count before a search (the pool does it before waking a helper, so that the
  // main worker never counts a helper's previous search against this one's node limit).
  void reset_nodes() { nodes_.store(0, std::memory_order_relaxed); }
  void set_helpers(std::vector<Worker*> helpers) { helpers_ = std::move(helpers); }
  int index() const { return index_; }
  // The deepest iteration this worker finished in its last search (0 if none).
  int completed_depth() const { return completed_depth_; }
  // The last search's result (what run() returned).
  const Result& result() const { return result_; }
  // The report of this worker's best line as it stands, counting `nodes` searched in all.
  InfoLine best_line_info(uint64_t nodes) const;

 private:
  enum NodeType { NON_PV, PV, ROOT };

  template <NodeType NT>
  Value search(Position& pos, Stack* ss, Value alpha, Value beta, Depth depth, bool cut_node);
  // depth 0 is the first quiescence ply, which also tries quiet checks; deeper plies are < 0.
  template <NodeType NT>
  Value qsearch(Position& pos, Stack* ss, Value alpha, Value beta, Depth depth = 0);

  void clear_now();
  void iterative_deepening(Position& pos, const std::function<void(const InfoLine&)>& on_info);
  void check_limits();
  bool null_move_allowed(const Position& pos) const;
  void update_quiet_stats(const Position& pos, Stack* ss, Move best, const Move* quiets,
                          int quiet_count, Depth depth);
  InfoLine make_info(size_t pv_index, Depth depth) const;
  // Makes m (gives_check: what pos.gives_check(m) answers), recording it (and its continuation
  // history) in ss; counts the node.
  void make_move(Position& pos, Stack* ss, Move m, bool gives_check, StateInfo& st);
  void make_null_move(Position& pos, Stack* ss, StateInfo& st);
  // evaluate() through a small cache keyed by the position key.
  Value static_eval(Position& pos);

  TranspositionTable& tt_;
  // The history tables (and the evaluation cache below) are left uninitialised by the
  // constructor (start-up stays cheap, also in WebAssembly where zeroing memory costs page
  // commits): clear_now() fills them before the first search, as clear_pending_ starts true.
  History history_;
  std::unique_ptr<ContinuationHistory> cont_history_{new (std::nothrow) ContinuationHistory};
  bool clear_pending_ = true;
  SearchLimits limits_;
  const nnue::Network* network_ = nullptr;
  // The network's first layer of the states this worker makes, one per ply (nnue/accumulator.h).
  nnue::AccumulatorStack accumulators_;
  TimeManager time_;
  TimePoint start_time_ = 0;
  uint64_t team_nodes() const;
  void count_node() {
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  const int index_;
  // The limits are checked when the node count has these bits clear: every 1024 nodes, more
  // often when several threads share a small node limit (each then overshoots it by less).
  uint64_t check_mask_ = 1023;
  const Worker* main_ = nullptr;  // a helper's main worker
  std::vector<Worker*> helpers_;  // the main worker's helpers
  // Written only by this worker's thread; atomic so that the main worker can sum it.
  std::atomic<uint64_t> nodes_{0};
  int completed_depth_ = 0;
  Result result_;
  int sel_depth_ = 0;
  int root_depth_ = 0;
  size_t pv_index_ = 0;
  int null_move_min_ply_ = 0;  // null move is off for the verifying side below this ply
  Color null_move_color_ = RED;
  std::vector<RootMove> root_moves_;

  struct EvalCacheEntry {
    uint32_t key;
    int16_t value;
  };
  static constexpr size_t EvalCacheSize = 1 << 16;
  std::unique_ptr<EvalCacheEntry[]> eval_cache_{new EvalCacheEntry[EvalCacheSize]};
  uint32_t eval_cache_network_ = 0;  // id of the network the cache holds, 0: hand-written
};

// Reduction (in plies) for a late move; integer-only so that it is the same on every platform.
int reduction(Depth depth, int move_count);

}  // namespace chuhan::search
