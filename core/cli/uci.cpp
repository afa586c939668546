#include "uci.h"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <system_error>
#include <utility>
#include <vector>

#include "contract.h"
#include "quote.h"
#include "tune.h"

namespace chuhan {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "true" -> 1, "false" -> 0; false for anything else.
bool parse_check(const std::string& value, int64_t& out) {
  if (value != "true" && value != "false") return false;
  out = value == "true";
  return true;
}

// Reads `value` (true or false for a check option, else a whole number) and sets option `id`,
// called `what` in messages. Returns "" or what is wrong.
std::string set_option(Engine& engine, contract::Option id, const std::string& what,
                       const std::string& value) {
  const contract::OptionSpec& o = contract::spec(id);
  int64_t n;
  if (o.is_check) {
    if (!parse_check(value, n)) return what + " must be true or false";
  } else if (std::string problem = contract::read_whole(what, value, o.range, n);
             !problem.empty()) {
    return problem;
  }
  return engine.set_option(id, n, what);
}

// The EvalFile value that means the network built into the binary.
constexpr const char* EmbeddedNetworkName = "<embedded>";

// EvalFile: loads the net file at `path` (or the embedded network for "<embedded>" or nothing),
// read through `read`. Returns "" or what is wrong; the engine then keeps its network.
std::string load_eval_file(Engine& engine, const std::string& path, const cli::FileReader& read) {
  if (path.empty() || path == EmbeddedNetworkName) {
    engine.use_embedded_network();
    return "";
  }
  std::string bytes;
  std::string problem = read(path, nnue::MaxFileSize, bytes);
  if (problem.empty()) problem = engine.load_network(bytes.data(), bytes.size());
  return problem.empty() ? "" : "EvalFile " + quote(path) + ": " + problem;
}

// `what` is "go <limit>" for UCI, with the text of a number; reads and sets it.
std::string read_limit(SearchLimits& limits, contract::Limit id, const std::string& what,
                       const std::string& text, int64_t scale = 1) {
  const contract::LimitSpec& spec = contract::spec(id);
  int64_t n;
  if (!contract::parse_whole(text, n)) return contract::read_whole(what, text, spec.range, n);
  // Some GUIs send a negative clock when flagging: no time left.
  if (id == contract::Limit::WTIME || id == contract::Limit::BTIME) n = std::max<int64_t>(n, 0);
  // Scaled (UCCI seconds), saturating past the range so that the check refuses it.
  if (scale > 1) n = n > spec.range.max / scale ? spec.range.max + 1 : n * scale;
  const std::string problem = contract::set_limit(limits, id, n);
  return problem.empty() ? "" : "go " + problem;
}

}  // namespace

ProtocolLoop::ProtocolLoop(Engine& engine, Output out) : engine_(engine), out_(std::move(out)) {}

ProtocolLoop::ProtocolLoop(Engine& engine, Output out, Input input)
    : engine_(engine), out_(std::move(out)), input_(std::move(input)) {}

ProtocolLoop::~ProtocolLoop() {
  stop_search();
  wait_for_search();
}

void ProtocolLoop::say(const std::string& text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_(text);
}

void ProtocolLoop::error(const std::string& message) {
  ++errors_;
  say("info string error: " + message);
}

void ProtocolLoop::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!execute(line)) return;
  execute("quit");
}

bool ProtocolLoop::execute(const std::string& line) {
  if (!finished_) dispatch(line);
  return !finished_;
}

void ProtocolLoop::quit() {
  stop_search();
  if (input_ && searching_) {
    quit_after_job_ = true;  // inline: the job ends at once and then quits
    return;
  }
  wait_for_search();
  if (ucci_) say("bye");
  finished_ = true;
}

void ProtocolLoop::stop_search() {
  // A search that ends between the test and stop() leaves a stale flag; start_job clears it.
  if (!searching_) return;
  stopping_ = true;
  engine_.stop();
}

void ProtocolLoop::wait_for_search() {
  if (search_thread_.joinable()) search_thread_.join();
}

void ProtocolLoop::dispatch(const std::string& line) {
  std::istringstream args(line);
  std::string cmd;
  if (!(args >> cmd)) return;  // blank line

  // Commands that make sense while a search runs.
  if (cmd == "quit") return quit();
  if (cmd == "stop") return stop_search();
  if (cmd == "ponderhit") {
    job_ends_ = job_ends_after_ponderhit_;
    return engine_.ponderhit();
  }
  if (cmd == "isready") {
    // During a search UCI wants an answer at once; after stop, "ready" means it has ended, and
    // the hash table is in memory, so that the next search's clock does not pay for it.
    if (!searching_ || stopping_) {
      wait_for_search();
      engine_.reserve_hash();
    }
    return say("readyok");
  }
  if (cmd == "uci") return cmd_uci();
  if (cmd == "ucci") return cmd_ucci();

  const bool known = cmd == "position" || cmd == "go" || cmd == "setoption" ||
                     cmd == "ucinewgame" || cmd == "banmoves" || cmd == "d" || cmd == "bench" ||
                     cmd == "perft";
  if (!known) return error("unknown command " + quote(cmd));
  // The rest change or read the position the search is using: they wait for the job to end when
  // it ends by itself (a bounded search, perft, bench) or has been stopped, in the order they
  // came; they are refused while a search without a limit of its own runs on.
  if (searching_ && !stopping_) {
    if (!job_ends_) return error(quote(cmd) + " ignored while searching; send stop first");
    if (input_) {
      pending_line_ = line;  // inline: run once the job has ended, before any later line
      return;
    }
  }
  wait_for_search();

  if (cmd == "position") {
    cmd_position(args);
  } else if (cmd == "go") {
    ucci_ ? cmd_ucci_go(args) : cmd_go(args);
  } else if (cmd == "setoption") {
    ucci_ ? cmd_ucci_setoption(args) : cmd_setoption(args);
  } else if (cmd == "ucinewgame") {
    engine_.new_game();
  } else if (cmd == "banmoves") {
    std::vector<std::string> moves;
    for (std::string m; args >> m;) moves.push_back(m);
    const std::string problem = engine_.set_banned_moves(moves);
    if (!problem.empty()) error("banmoves: " + problem);
  } else if (cmd == "d") {
    std::string text = engine_.describe();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    say(text);
  } else if (cmd == "bench") {
    cmd_bench(args);
  } else if (cmd == "perft") {
    std::istringstream rest("perft " + std::string(std::istreambuf_iterator<char>(args), {}));
    cmd_go(rest);
  }
}

void ProtocolLoop::cmd_uci() {
  ucci_ = false;
  say("id name Chuhan " CHUHAN_VERSION);
  say("id author the Chuhan developers");
  for (const contract::OptionSpec& o : contract::Options) {
    if (!contract::available(o.id)) continue;
    if (o.is_check)
      say(std::string("option name ") + o.uci_name + " type check default " +
          (o.default_value ? "true" : "false"));
    else
      say(std::string("option name ") + o.uci_name + " type spin default " +
          std::to_string(o.default_value) + " min " + std::to_string(o.range.min) + " max " +
          std::to_string(o.range.max));
    if (o.id == contract::Option::HASH) say("option name Clear Hash type button");
  }
  say("option name EvalFile type string default " + std::string(EmbeddedNetworkName));
  // The GUI's to know: Chuhan thinks on the opponent's time only when told `go ponder`.
  say("option name Ponder type check default false");
#ifdef CHUHAN_TUNE
  for (const tune::Tunable& t : tune::tunables())
    say(std::string("option name ") + t.name + " type spin default " + std::to_string(*t.value) +
        " min " + std::to_string(t.min) + " max " + std::to_string(t.max));
#endif
  say("uciok");
}

void ProtocolLoop::cmd_ucci() {
  ucci_ = true;
  say("id name Chuhan " CHUHAN_VERSION);
  say("id author the Chuhan developers");
  say("option usemillisec type check default false");
  const contract::OptionSpec& hash = contract::spec(contract::Option::HASH);
  say("option hashsize type spin min " + std::to_string(hash.range.min) + " max " +
      std::to_string(hash.range.max) + " default " + std::to_string(hash.default_value));
  say("option usebook type check default false");
  if (const contract::OptionSpec& threads = contract::spec(contract::Option::THREADS);
      contract::available(threads.id))
    say("option threads type spin min " + std::to_string(threads.range.min) + " max " +
        std::to_string(threads.range.max) + " default " + std::to_string(threads.default_value));
  say("option newgame type button");
  say("ucciok");
}

void ProtocolLoop::cmd_setoption(std::istringstream& args) {
  // setoption name <id with spaces> [value <x>]
  std::string token, name, value;
  args >> token;
  if (token != "name") return error("setoption needs 'name <option> [value <x>]'");
  while (args >> token && token != "value") name += (name.empty() ? "" : " ") + token;
  while (args >> token) value += (value.empty() ? "" : " ") + token;
  int64_t n;
  if (const contract::OptionSpec* o = contract::find_uci_option(name)) {
    if (const std::string problem = set_option(engine_, o->id, o->uci_name, value);
        !problem.empty())
      error(problem);
  } else if (lower(name) == "evalfile") {
    if (const std::string problem = load_eval_file(engine_, value, read_file_); !problem.empty())
      error(problem);
  } else if (lower(name) == "clear hash") {
    engine_.clear_hash();
  } else if (lower(name) == "ponder") {
    if (!parse_check(value, n)) return error("Ponder must be true or false");
  } else if (!set_tunable(name, value)) {
    error("unknown option " + quote(name));
  }
}

// In a tuning build, sets the search constant `name` (see tune.h); false if there is none.
bool ProtocolLoop::set_tunable([[maybe_unused]] const std::string& name,
                               [[maybe_unused]] const std::string& value) {
#ifdef CHUHAN_TUNE
  for (const tune::Tunable& t : tune::tunables()) {
    if (name != t.name) continue;
    int64_t n;
    if (const std::string problem = contract::read_whole(name, value, {t.min, t.max}, n);
        !problem.empty())
      error(problem);
    else
      *t.value = int(n);
    return true;
  }
#endif
  return false;
}

void ProtocolLoop::cmd_ucci_setoption(std::istringstream& args) {
  // setoption <name> [<value>]
  std::string name, value;
  args >> name >> value;
  name = lower(name);
  int64_t n;
  if (name == "usemillisec") {
    if (!parse_check(value, n)) return error("usemillisec must be true or false");
    ucci_milliseconds_ = n;
  } else if (name == "hashsize" || name == "usebook" ||
             (name == "threads" && contract::available(contract::Option::THREADS))) {
    const contract::Option id = name == "hashsize"  ? contract::Option::HASH
                                : name == "usebook" ? contract::Option::OWN_BOOK
                                                    : contract::Option::THREADS;
    if (const std::string problem = set_option(engine_, id, name, value); !problem.empty())
      error(problem);
  } else if (name == "newgame" || name == "clearhash") {
    engine_.new_game();
  } else if (name == "batch" || name == "debug" || name == "ponder" || name == "useegtb" ||
             name == "bookfiles" || name == "egtbpaths" || name == "evalapi" ||
             name == "promotion" || name == "idle" || name == "pruning" || name == "knowledge" ||
             name == "randomness" || name == "style" || name == "threads" || name == "drawmoves" ||
             name == "repetition") {
    // Options ElephantEye front ends send that have no effect on Chuhan.
  } else {
    error("unknown option " + quote(name));
  }
}

std::string set_position(Engine& engine, std::istream& args) {
  std::string token, fen;
  args >> token;
  if (token == "startpos") {
    fen = "startpos";
    if (!(args >> token)) token.clear();
  } else if (token == "fen") {
    token.clear();
    for (std::string w; args >> w;) {
      if (w == "moves") {
        token = w;
        break;
      }
      fen += (fen.empty() ? "" : " ") + w;
    }
  } else {
    return "position needs 'startpos' or 'fen <FEN>'";
  }
  if (!token.empty() && token != "moves") return "unexpected " + quote(token) + " in position";
  std::vector<std::string> moves;
  for (std::string m; args >> m;) moves.push_back(m);
  return engine.set_position(fen, moves);
}

void ProtocolLoop::cmd_position(std::istringstream& args) {
  if (const std::string problem = set_position(engine_, args); !problem.empty())
    error(problem + "; position unchanged");
}

void ProtocolLoop::cmd_go(std::istringstream& args) {
  SearchLimits limits;
  std::string token;
  bool have_token = false;  // `token` holds a word read past the moves of searchmoves
  while (have_token || args >> token) {
    have_token = false;
    std::string value;
    if (token == "perft") {
      int64_t depth;
      args >> value;
      if (const std::string problem =
              contract::read_whole("go perft", value, contract::PerftDepth, depth);
          !problem.empty())
        return error(problem);
      return cmd_perft(int(depth));
    }
    if (const contract::LimitSpec* spec = contract::find_limit(token)) {
      args >> value;
      if (const std::string problem = read_limit(limits, spec->id, "go " + token, value);
          !problem.empty()) {
        error(problem);
        return answer_at_once();
      }
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      // The moves run up to the first word that is not one: the next parameter.
      std::string m;
      while (args >> m && parse_move_text(m) != MOVE_NONE) limits.searchmoves.push_back(m);
      if (args) token = m, have_token = true;
    } else {
      error("unknown go parameter " + quote(token));
      return answer_at_once();
    }
  }
  start_search(limits);
}

void ProtocolLoop::cmd_ucci_go(std::istringstream& args) {
  // go [ponder|draw] depth <d> | nodes <n> | time <t> [movestogo <m> | increment <i>]
  //    [opptime <t> [oppmovestogo <m> | oppincrement <i>]]
  SearchLimits limits;
  const Color us = engine_.side_to_move();
  const int64_t unit = ucci_milliseconds_ ? 1 : 1000;
  using contract::Limit;
  std::string token;
  while (args >> token) {
    std::string value, problem;
    if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "draw") {
      // The opponent offers a draw; Chuhan plays on.
    } else if (token == "depth" && args >> value && value == "infinite") {
      limits.infinite = true;
    } else if (token == "depth" || token == "nodes" || token == "movestogo") {
      if (value.empty()) args >> value;
      problem = read_limit(limits, contract::find_limit(token)->id, "go " + token, value);
    } else if (token == "time" || token == "opptime") {
      args >> value;
      const Limit clock = (token == "time") == (us == RED) ? Limit::WTIME : Limit::BTIME;
      problem = read_limit(limits, clock, "go " + token, value, unit);
    } else if (token == "increment" || token == "oppincrement") {
      args >> value;
      const Limit inc = (token == "increment") == (us == RED) ? Limit::WINC : Limit::BINC;
      problem = read_limit(limits, inc, "go " + token, value, unit);
    } else if (token == "oppmovestogo") {
      SearchLimits ignored;  // checked, not used: the time manager plans for the side to move
      args >> value;
      problem = read_limit(ignored, Limit::MOVESTOGO, "go oppmovestogo", value);
    } else {
      problem = "unknown go parameter " + quote(token);
    }
    if (!problem.empty()) {
      error(problem);
      return answer_at_once();
    }
  }
  start_search(limits);
}

std::string ProtocolLoop::search(const SearchLimits& limits) {
  const bool ucci = ucci_;
  const BestMove best = engine_.go(limits, [this, ucci](const SearchInfo& info) {
    std::string line = "info depth " + std::to_string(info.depth);
    if (ucci) {
      // UCCI scores mates as the search does: the mate value less the plies to mate.
      line +=
          " score " + std::to_string(info.is_mate ? contract::mate_value(info.score) : info.score);
      line += " time " + std::to_string(info.time_ms) + " nodes " + std::to_string(info.nodes);
    } else {
      line += " seldepth " + std::to_string(info.seldepth) + " multipv " +
              std::to_string(info.multipv) + " score " + score_to_uci(info) +
              (info.bound.empty() ? "" : " " + info.bound) + " nodes " +
              std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " hashfull " +
              std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
    }
    if (!info.pv.empty()) {
      line += " pv";
      for (const std::string& m : info.pv) line += " " + m;
    }
    say(line);
  });
  std::string last;
  if (best.book) last = (ucci ? "info book move " : "info string book move ") + best.move + "\n";
  if (best.move.empty())
    last += ucci ? "nobestmove" : "bestmove (none)";
  else
    last += "bestmove " + best.move + (best.ponder.empty() ? "" : " ponder " + best.ponder);
  return last;
}

void ProtocolLoop::start_search(const SearchLimits& limits) {
  engine_.set_pondering(limits.ponder);
  start_job([this, limits] { return search(limits); }, contract::bounded(limits) && !limits.ponder,
            contract::bounded(limits), [this] { answer_at_once(); });
}

void ProtocolLoop::answer_at_once() {
  // On this thread: it takes microseconds, and the answer is out before the next command.
  SearchLimits limits;
  limits.depth = 1;
  engine_.clear_stop();
  engine_.set_pondering(false);
  say(search(limits));
}

void ProtocolLoop::cmd_perft(int depth) {
  start_job(
      [this, depth] {
        const Engine::PerftResult r =
            engine_.perft(depth, [this](const std::string& move, uint64_t count) {
              say(move + ": " + std::to_string(count));
            });
        return r.stopped ? "info string perft stopped after " + std::to_string(r.nodes) +
                               " leaves of finished root moves"
                         : "\nNodes searched: " + std::to_string(r.nodes) + "\n";
      },
      true, true, {});
}

void ProtocolLoop::start_job(std::function<std::string()> job, bool ends, bool ends_after_ponderhit,
                             const std::function<void()>& cannot_start) {
  wait_for_search();
  engine_.clear_stop();
  stopping_ = false;
  searching_ = true;
  job_ends_ = ends;
  job_ends_after_ponderhit_ = ends_after_ponderhit;
  if (input_) {
    // Inline: the engine polls its stop hook every thousand nodes or so, and the hook reads the
    // input (it replaces any hook the embedder set: inline loops own their engine).
    engine_.set_external_stop([this] {
      poll_input();
      return false;
    });
    const std::string last = job();
    engine_.set_external_stop({});
    searching_ = false;
    say(last);
    if (quit_after_job_) {
      quit_after_job_ = false;
      quit();
    } else if (!pending_line_.empty()) {
      dispatch(std::exchange(pending_line_, std::string()));
    }
    return;
  }
  const auto task = std::make_shared<std::function<std::string()>>(std::move(job));
  auto run = [this, task] {
    const std::string last = (*task)();
    // Accept commands again before the last line: a GUI answers bestmove at once. They first
    // join this thread, so nothing is printed before the last line.
    searching_ = false;
    say(last);
  };
#if defined(__cpp_exceptions)
  // A thread can fail to start (an address-space or process limit, each search helper holding a
  // stack): give back half the helpers and try again; with none left, answer on this thread.
  for (;;) {
    try {
      search_thread_ = std::thread(run);
      return;
    } catch (const std::system_error&) {
      const int64_t threads = engine_.option(contract::Option::THREADS);
      if (threads <= 1) break;
      engine_.set_option(contract::Option::THREADS, threads / 2, "Threads");
      say("info string cannot start a search thread here; Threads is now " +
          std::to_string(engine_.option(contract::Option::THREADS)));
    }
  }
  searching_ = false;
  error("cannot start a search thread here");
  if (cannot_start) cannot_start();
#else
  (void)cannot_start;
  search_thread_ = std::thread(run);
#endif
}

void ProtocolLoop::poll_input() {
  // After `stop` the lines wait: they run once the job has ended, as they would natively.
  // A line that waits for the job ends the polling too: later lines come after it.
  for (std::string line; !stopping_ && !quit_after_job_ && pending_line_.empty() && input_(line);)
    dispatch(line);
}

void ProtocolLoop::cmd_bench(std::istringstream& args) {
  // bench [DEPTH [THREADS]]: with more than one thread the node count varies from run to run.
  int64_t depth = bench::DefaultDepth;
  const int64_t saved_threads = engine_.option(contract::Option::THREADS);
  int64_t threads = saved_threads;
  std::string value;
  if (args >> value)
    if (const std::string problem =
            contract::read_whole("bench depth", value, contract::BenchDepth, depth);
        !problem.empty())
      return error(problem);
  if (args >> value)
    if (const std::string problem = contract::read_whole(
            "bench threads", value, contract::spec(contract::Option::THREADS).range, threads);
        !problem.empty())
      return error(problem);
  if (threads != saved_threads)
    if (const std::string problem =
            engine_.set_option(contract::Option::THREADS, threads, "bench threads");
        !problem.empty())
      return error(problem);
  start_job(
      [this, depth, threads, saved_threads] {
        const bench::Result r = engine_.bench(
            int(depth), [this](int index, const std::string& fen, const BestMove& best) {
              say("Position " + std::to_string(index) + ": " + fen + " bestmove " +
                  (best.move.empty() ? "(none)" : best.move));
            });
        if (threads != saved_threads)
          engine_.set_option(contract::Option::THREADS, saved_threads, "");
        if (r.stopped) return std::string("info string bench stopped");
        return "\nTotal time (ms): " + std::to_string(r.time_ms) +
               "\nNodes searched: " + std::to_string(r.nodes) +
               "\nNodes/second: " + std::to_string(r.nps());
      },
      true, true, {});
}

}  // namespace chuhan
