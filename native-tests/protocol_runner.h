// Runs the `chuhan` binary as a GUI would: commands on stdin, everything it prints read back.
#pragma once

#include <sys/types.h>

#include <string>

namespace chuhan::test {

// A running `chuhan` (no arguments) with pipes to its stdin and stdout (stderr joins stdout).
class EngineProcess {
 public:
  // `shell`, when given, runs first in the shell that then execs `chuhan` (e.g. "ulimit -v N").
  explicit EngineProcess(const std::string& shell = "");
  ~EngineProcess();  // kills the process if it still runs
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes `text` in one write.
  void send(const std::string& text);
  // Reads output until it contains `text` `count` times; false after `timeout_ms` without.
  bool wait_for(const std::string& text, int count = 1, int timeout_ms = 60000);
  // Closes stdin (end of input) and waits up to `timeout_ms` for the process to exit; returns
  // its exit status, or -1 if it had to be killed.
  int finish(int timeout_ms = 60000);
  // Everything printed so far.
  const std::string& output() const { return out_; }

 private:
  bool read_some(int timeout_ms);  // false on timeout or end of output
  pid_t pid_ = -1;
  int in_ = -1, from_ = -1;
  std::string out_;
};

// Pipes `input` into `chuhan`, keeping its stdin open until the output shows `until` (when
// given), then ends the input; returns all it printed. End of input acts as `quit`, so a test
// that wants a search's full output waits for "bestmove".
std::string run_engine(const std::string& input, const std::string& until = "");
// Runs `chuhan <args>` and returns its stdout and stderr; `status`, if given, gets the exit code.
std::string run_command_line(const std::string& args, int* status = nullptr);

// How often `what` occurs in `text`, and whether at all.
size_t count_of(const std::string& text, const std::string& what);
inline bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

}  // namespace chuhan::test
