// The text protocol adapter over Engine: UCI as Pikafish speaks it, and UCCI (ElephantEye's
// protocol) when the first command is `ucci`. Searches run on their own thread so that
// `stop`, `ponderhit` and `isready` are answered while the engine thinks. A malformed or
// unknown command gets `info string error: ...` and is otherwise ignored.
#pragma once

#include <atomic>
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

  // Reads commands until `quit` or end of input; a search still running at end of input is
  // allowed to finish (so `echo "go depth 8" | chuhan` prints its bestmove).
  void run(std::istream& in);
  // Handles one command line; returns false after `quit`.
  bool execute(const std::string& line);
  // Blocks until the running search, if any, has printed its bestmove.
  void wait_for_search();

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
  void start_search(const SearchLimits& limits);
  void say(const std::string& text);
  void error(const std::string& message);

  Engine& engine_;
  std::ostream& out_;
  std::mutex out_mutex_;
  std::thread search_thread_;
  std::atomic<bool> searching_{false};
  bool ucci_ = false;
  bool ucci_milliseconds_ = false;  // UCCI times are in seconds unless `usemillisec` is on
};

}  // namespace chuhan
