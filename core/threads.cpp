#include "threads.h"

#include <algorithm>
#include <system_error>

namespace chuhan::search {

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt), main_(tt, 0) {}

ThreadPool::~ThreadPool() { set_count(1); }

std::string ThreadPool::set_count(int count) {
  // Park-and-join every helper, then start the new number: histories start afresh.
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (auto& h : helpers_) h->thread.join();
  main_.set_helpers({});  // the main worker must not count the nodes of helpers that are gone
  helpers_.clear();
  quit_ = false;

#ifdef CHUHAN_NO_THREADS
  if (count > 1) return "this build searches with one thread only";
#endif
  helpers_.reserve(size_t(std::max(count - 1, 0)));
  for (int index = 1; index < count; ++index) {
    std::unique_ptr<Helper> helper;
    const uint64_t started_at = search_id_;
    auto start = [&] {
      helper = std::make_unique<Helper>(tt_, index);
      Helper& h = *helper;
      h.worker.set_network(network_);
      h.thread = std::thread([this, &h, started_at] { helper_loop(h, started_at); });
    };
#if defined(__cpp_exceptions)
    try {
      start();
    } catch (const std::exception&) {  // std::system_error (the thread), std::bad_alloc (helper)
      // Out of threads or address space: keep half of those started (as the protocol loop does
      // when a search cannot start), so that the search's own thread and what the helpers
      // allocate when they first search still fit.
      const int started = this->count();
      set_count(std::max(1, started / 2));
      return "cannot start more than " + std::to_string(started) + " search threads here; using " +
             std::to_string(this->count());
    }
#else
    start();  // without exceptions a refused thread aborts: the caller keeps within its limits
#endif
    helpers_.push_back(std::move(helper));
  }
  return "";
}

void ThreadPool::helper_loop(Helper& h, uint64_t last_search) {
  while (true) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || search_id_ != last_search; });
      if (quit_) return;
      last_search = search_id_;
      if (size_t(h.worker.index()) > active_) continue;  // not needed for this search
    }
    h.worker.run(h.pos, helper_limits_, root_moves_, 0, {});
    std::lock_guard lock(mutex_);
    if (--running_ == 0) settled_.notify_all();
  }
}

void ThreadPool::set_network(const nnue::Network* network) {
  network_ = network;
  main_.set_network(network);
  for (auto& h : helpers_) h->worker.set_network(network);
}

void ThreadPool::clear() {
  main_.clear();
  for (auto& h : helpers_) h->worker.clear();
}

void ThreadPool::stop() {
  main_.stop = true;
  for (auto& h : helpers_) h->worker.stop = true;
}

uint64_t ThreadPool::nodes() const {
  uint64_t n = main_.nodes();
  for (const auto& h : helpers_) n += h->worker.nodes();
  return n;
}

Result ThreadPool::run(Position& pos, const SearchLimits& limits,
                       const std::vector<Move>& root_moves, TimePoint move_overhead,
                       const std::function<void(const InfoLine&)>& on_info) {
  tt_.new_search();
  // A node limit counts every thread's nodes. A helper joins only when the limit leaves every
  // searching thread MinNodesPerThread of them, so that a small limit is not spent by helpers
  // before the main worker has finished an iteration (`go nodes 1000` searches alone).
  active_ = helpers_.size();
  if (const uint64_t shares = limits.nodes / MinNodesPerThread; limits.nodes)
    active_ = std::min<size_t>(active_, shares > 0 ? shares - 1 : 0);
  for (auto& h : helpers_) h->worker.reset_nodes();  // nodes() counts the idle ones too
  if (active_ == 0) {
    main_.set_helpers({});
    return main_.run(pos, limits, root_moves, move_overhead, on_info);
  }

  // Helpers search without a clock (the main worker's stop ends them) and one line only; every
  // thread checks the node limit against all threads' nodes.
  helper_limits_ = SearchLimits{};
  helper_limits_.depth = limits.depth;
  helper_limits_.mate = limits.mate;
  helper_limits_.nodes = limits.nodes;
  root_moves_ = root_moves;
  std::vector<Worker*> workers;
  for (size_t i = 0; i < active_; ++i) {
    Helper& h = *helpers_[i];
    h.pos.copy_from(pos, h.history);
    h.worker.stop = false;
    h.worker.follow(&main_);
    workers.push_back(&h.worker);
  }
  main_.set_helpers(std::move(workers));
  {
    std::lock_guard lock(mutex_);
    ++search_id_;
    running_ = int(active_);
  }
  wake_.notify_all();

  Result result = main_.run(pos, limits, root_moves, move_overhead, on_info);

  for (auto& h : helpers_) h->worker.stop = true;
  {
    std::unique_lock lock(mutex_);
    settled_.wait(lock, [this] { return running_ == 0; });
  }
  if (const Worker& best = vote(); &best != &main_ && limits.multipv <= 1) {
    result = best.result();
    if (on_info) on_info(best.best_line_info(nodes()));
  }
  result.nodes = nodes();
  return result;
}

const Worker& ThreadPool::vote() const {
  std::vector<const Worker*> voters{&main_};
  for (size_t i = 0; i < active_; ++i)
    if (const Worker& w = helpers_[i]->worker;
        w.completed_depth() > 0 && w.result().best != MOVE_NONE)
      voters.push_back(&w);

  Value min_score = VALUE_INFINITE;
  for (const Worker* w : voters) min_score = std::min(min_score, w->result().score);
  auto votes_for = [&](Move m) {
    int64_t votes = 0;
    for (const Worker* w : voters)
      if (w->result().best == m)
        votes += int64_t(w->result().score - min_score + 14) * w->completed_depth();
    return votes;
  };

  const Worker* best = voters[0];
  for (const Worker* w : voters) {
    const Value score = w->result().score, best_score = best->result().score;
    if (best_score >= VALUE_MATE_IN_MAX_PLY) {
      if (score > best_score) best = w;  // a shorter mate
    } else if (score >= VALUE_MATE_IN_MAX_PLY ||
               votes_for(w->result().best) > votes_for(best->result().best)) {
      best = w;
    }
  }
  return *best;
}

}  // namespace chuhan::search
