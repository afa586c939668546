// Lazy SMP: several workers search the same root at once, sharing only the transposition table.
// The main worker runs on the caller's thread, keeps the clock and reports; each helper runs on
// a thread of its own, started once and parked between searches. When the main worker stops,
// the helpers stop too, and the answer is the move the workers vote for, each vote weighted by
// the depth it finished and its score. With one thread nothing is started and the search is
// exactly the single-threaded one.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "search.h"

namespace chuhan::search {

class ThreadPool {
 public:
  explicit ThreadPool(TranspositionTable& tt);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Sets the number of search threads, the main one included (the contract's range is checked
  // by the caller). Not while a search runs. Returns "" or, when the platform cannot start that
  // many threads (a WebAssembly build without threads, a process limit), says so and keeps as
  // many as it could start.
  std::string set_count(int count);
  int count() const { return int(helpers_.size()) + 1; }

  // The main worker: its stop, pondering and external_stop flags are the search's.
  Worker& main() { return main_; }
  // Every worker forgets its histories before its next search.
  void clear();
  // Thread-safe: ends the running search on every thread.
  void stop();
  // Nodes searched by all threads in the current or last search.
  uint64_t nodes() const;

  // Searches as Worker::run does, with every thread (with a node limit, as many as get 1024
  // nodes each: the limit counts all threads' nodes); blocks until all threads have stopped.
  Result run(Position& pos, const SearchLimits& limits, const std::vector<Move>& root_moves,
             TimePoint move_overhead, const std::function<void(const InfoLine&)>& on_info);

 private:
  // A helper thread with its worker and the private copy of the position it searches.
  struct Helper {
    explicit Helper(TranspositionTable& tt, int index) : worker(tt, index) {}
    Worker worker;
    Position pos;
    std::vector<StateInfo> history;
    std::thread thread;
  };

  // A helper's thread: waits for a search later than `last_search`, joins it, and again.
  void helper_loop(Helper& h, uint64_t last_search);
  // The worker whose move has the most weighted votes (the main worker when alone).
  const Worker& vote() const;

  TranspositionTable& tt_;
  Worker main_;
  std::vector<std::unique_ptr<Helper>> helpers_;

  // Hand-over between run() and the parked helpers.
  std::mutex mutex_;
  std::condition_variable wake_;     // helpers wait here for a new search or the end
  std::condition_variable settled_;  // run() waits here for the helpers to finish
  uint64_t search_id_ = 0;           // incremented for each search the helpers must join
  int running_ = 0;                  // helpers still searching
  size_t active_ = 0;                // helpers taking part in the current search (the first ones)
  // The fewest nodes of a node limit each searching thread must get (see run()).
  static constexpr uint64_t MinNodesPerThread = 1024;
  bool quit_ = false;
  SearchLimits helper_limits_;
  std::vector<Move> root_moves_;
};

}  // namespace chuhan::search
