// The text protocol adapter over Engine: UCI as Pikafish speaks it, and UCCI (ElephantEye's
// protocol) when the first command is `ucci`. Searches and perft run on their own thread so
// that `stop`, `ponderhit`, `isready` and `quit` are answered while the engine works.
//
// Contract with a GUI:
// - A malformed or unknown command gets `info string error: ...` (quoting at most a short,
//   cleaned prefix of the input) and is otherwise ignored.
// - Every `go` is answered by one `bestmove` (UCCI: `bestmove` or `nobestmove`). A `go` with a
//   bad parameter gets its error and then a depth-1 search, i.e. a legal move at once.
// - While a search runs, `stop`, `ponderhit`, `isready` (answered at once) and `quit` act; any
//   other command is refused ("send stop first"), since a search without its own limit would
//   never let it run. After `stop` every command, `isready` included, waits for the search to
//   end and then runs: `readyok` after `stop` means the bestmove has been printed.
// - End of input acts as `quit`: a running search is stopped and answers, and the loop ends.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "engine.h"

namespace chuhan {

class ProtocolLoop {
 public:
  ProtocolLoop(Engine& engine, std::ostream& out);
  ~ProtocolLoop();

  // Reads commands until `quit` or end of input (which acts as `quit`).
  void run(std::istream& in);
  // Handles one command line; returns false after `quit`.
  bool execute(const std::string& line);
  // Blocks until the running search or perft, if any, has printed its last line.
  void wait_for_search();
  // How many commands were refused with an error so far (the command line exits non-zero).
  int errors() const { return errors_; }

 private:
  void cmd_uci();
  void cmd_ucci();
  void cmd_setoption(std::istringstream& args);
  void cmd_ucci_setoption(std::istringstream& args);
  bool set_tunable(const std::string& name, const std::string& value);
  void cmd_position(std::istringstream& args);
  void cmd_go(std::istringstream& args);
  void cmd_ucci_go(std::istringstream& args);
  void cmd_bench(std::istringstream& args);
  void cmd_perft(int depth);
  // Runs a search on the calling thread, printing its info lines; returns the bestmove line.
  std::string search(const SearchLimits& limits);
  void start_search(const SearchLimits& limits);
  // Answers a refused go at once with a depth-1 search, so the GUI still gets a legal move.
  void answer_at_once();
  // Runs `job` on the search thread; the text it returns is printed after `searching_` clears.
  void start_job(std::function<std::string()> job);
  void stop_search();
  void say(const std::string& text);
  void error(const std::string& message);

  Engine& engine_;
  std::ostream& out_;
  std::mutex out_mutex_;
  std::thread search_thread_;
  std::atomic<bool> searching_{false};  // a search or perft runs (cleared before its last line)
  bool stopping_ = false;               // `stop` was sent to the running search (reader thread only)
  int errors_ = 0;
  bool ucci_ = false;
  bool ucci_milliseconds_ = false;  // UCCI times are in seconds unless `usemillisec` is on
};

}  // namespace chuhan
