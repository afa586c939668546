// The text protocol adapter over Engine: UCI as Pikafish speaks it, and UCCI (ElephantEye's
// protocol) when the first command is `ucci`. Limits and options are read into the engine's
// contract (core/contract.h), which validates them.
//
// Contract with a GUI:
// - A malformed or unknown command gets `info string error: ...` (quoting at most a short,
//   cleaned prefix of the input) and is otherwise ignored.
// - Every `go` is answered by one `bestmove` (UCCI: `bestmove` or `nobestmove`). A `go` with a
//   bad parameter gets its error and then a depth-1 search, i.e. a legal move at once.
// - While a search runs, `stop`, `ponderhit`, `isready` (answered at once) and `quit` act. Other
//   commands wait for the job to end and then run, in the order they came, when it ends by
//   itself (a search with a limit that ends it, perft, bench) or has been stopped: so every `go`
//   gets its `bestmove`. While a search without such a limit runs (infinite, ponder before
//   ponderhit, a mate search with nothing else) they are refused ("send stop first"), since
//   they would never run. After `stop` every command, `isready` included, waits for the search
//   to end: `readyok` after `stop` means the bestmove has been printed.
// - `go mate N` ends once it finds a mate in N moves or fewer, as in Pikafish; without one it
//   searches until `stop` or another limit given with it.
// - If no thread can be started for a job, helpers are given back (Threads halves) until one
//   can; with one thread and still none, a `go` is answered at once from this thread.
// - End of input acts as `quit`: a running search is stopped and answers, and the loop ends.
//
// Searches and perft run as jobs, so that the commands above are heard while they run:
// - on a thread of their own (the native binary), while the caller goes on reading; or
// - inline, on the calling thread, for a build without threads (the wasm command line): the job
//   polls the input itself (ProtocolLoop::Input) and hands each line to the loop, which treats it
//   as above. Lines after `stop` stay unread until the job has ended, and `quit` ends the loop
//   once the job's last line is out.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "engine.h"
#include "files.h"

namespace chuhan {

// Reads the rest of a `position` command ("startpos [moves m1 ...]" or "fen <FEN> [moves m1
// ...]") from `args` and sets it. Returns "" or what is wrong (the engine's game then stays).
std::string set_position(Engine& engine, std::istream& args);

class ProtocolLoop {
 public:
  // Where the loop prints: one call per line, without its newline.
  using Output = std::function<void(const std::string&)>;
  // For inline jobs: gives the next input line if one has arrived, without waiting.
  using Input = std::function<bool(std::string&)>;

  // Jobs on their own thread.
  ProtocolLoop(Engine& engine, Output out);
  // Jobs inline, polling `input` while they run.
  ProtocolLoop(Engine& engine, Output out, Input input);
  ~ProtocolLoop();

  // Reads commands until `quit` or end of input (which acts as `quit`).
  void run(std::istream& in);
  // Handles one command line; returns false once the loop has ended (after `quit`).
  bool execute(const std::string& line);
  // Blocks until the running search or perft, if any, has printed its last line.
  void wait_for_search();
  // How many commands were refused with an error so far (the command line exits non-zero).
  int errors() const { return errors_; }
  // How EvalFile reads its file (cli::read_file unless set).
  void set_file_reader(cli::FileReader read) { read_file_ = std::move(read); }

 private:
  void dispatch(const std::string& line);
  void quit();
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
  // Runs `job` as a job; the text it returns is printed after `searching_` clears. `ends`: the
  // job ends by itself (then commands wait for it), or does after ponderhit. `cannot_start` runs
  // when no thread can be started for it (after an error), e.g. to answer a go at once.
  void start_job(std::function<std::string()> job, bool ends, bool ends_after_ponderhit,
                 const std::function<void()>& cannot_start);
  // Inline jobs: hands the lines that have arrived to the loop, until `stop`.
  void poll_input();
  void stop_search();
  void say(const std::string& text);
  void error(const std::string& message);

  Engine& engine_;
  Output out_;
  Input input_;  // set: jobs run inline
  cli::FileReader read_file_ = cli::read_file;
  std::mutex out_mutex_;
  std::thread search_thread_;
  std::atomic<bool> searching_{false};  // a search or perft runs (cleared before its last line)
  bool stopping_ = false;        // `stop` was sent to the running search (reader thread only)
  bool quit_after_job_ = false;  // inline: `quit` came while a job ran
  bool job_ends_ = false;        // the running job ends by itself (reader thread only)
  bool job_ends_after_ponderhit_ = false;
  std::string pending_line_;  // inline: a line that waits for the running job to end
  bool finished_ = false;     // `quit` has run
  int errors_ = 0;
  bool ucci_ = false;
  bool ucci_milliseconds_ = false;  // UCCI times are in seconds unless `usemillisec` is on
};

}  // namespace chuhan
