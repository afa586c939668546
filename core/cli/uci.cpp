#include "uci.h"

#include "tune.h"

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <utility>
#include <vector>

#include "quote.h"

namespace chuhan {

namespace {

// Whole-token integer parsing without exceptions (the WebAssembly build has none).
bool parse_int(const std::string& text, int64_t lo, int64_t hi, int64_t& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno || *end != '\0' || v < lo || v > hi) return false;
  value = v;
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

constexpr int64_t MaxTime = int64_t(1) << 40;  // about 35 years in milliseconds

}  // namespace

ProtocolLoop::ProtocolLoop(Engine& engine, std::ostream& out) : engine_(engine), out_(out) {}

ProtocolLoop::~ProtocolLoop() {
  stop_search();
  wait_for_search();
}

void ProtocolLoop::say(const std::string& text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text << std::endl;
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

void ProtocolLoop::stop_search() {
  // A search that ends between the test and stop() leaves a stale flag; start_job clears it.
  if (!searching_) return;
  stopping_ = true;
  engine_.stop();
}

void ProtocolLoop::wait_for_search() {
  if (search_thread_.joinable()) search_thread_.join();
}

bool ProtocolLoop::execute(const std::string& line) {
  std::istringstream args(line);
  std::string cmd;
  if (!(args >> cmd)) return true;  // blank line

  // Commands that make sense while a search runs.
  if (cmd == "quit") {
    stop_search();
    wait_for_search();
    if (ucci_) say("bye");
    return false;
  }
  if (cmd == "stop") {
    stop_search();
    return true;
  }
  if (cmd == "ponderhit") {
    engine_.ponderhit();
    return true;
  }
  if (cmd == "isready") {
    // During a search UCI wants an answer at once; after stop, "ready" means it has ended.
    if (!searching_ || stopping_) wait_for_search();
    say("readyok");
    return true;
  }
  if (cmd == "uci") return cmd_uci(), true;
  if (cmd == "ucci") return cmd_ucci(), true;

  const bool known = cmd == "position" || cmd == "go" || cmd == "setoption" || cmd == "ucinewgame" ||
                     cmd == "banmoves" || cmd == "d" || cmd == "bench" || cmd == "perft";
  if (!known) {
    error("unknown command " + quote(cmd));
    return true;
  }
  // The rest change or read the position the search is using: they wait for a stopped search
  // to end, and are refused while one runs on (it may have no limit of its own).
  if (searching_ && !stopping_) {
    error(quote(cmd) + " ignored while searching; send stop first");
    return true;
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
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << engine_.describe() << std::flush;
  } else if (cmd == "bench") {
    cmd_bench(args);
  } else if (cmd == "perft") {
    std::istringstream rest("perft " + std::string(std::istreambuf_iterator<char>(args), {}));
    cmd_go(rest);
  }
  return true;
}

void ProtocolLoop::cmd_uci() {
  ucci_ = false;
  say("id name Chuhan " CHUHAN_VERSION);
  say("id author the Chuhan developers");
  say("option name Hash type spin default " + std::to_string(TranspositionTable::DefaultSizeMB) +
      " min 1 max " + std::to_string(TranspositionTable::MaxSizeMB));
  say("option name Clear Hash type button");
  say("option name MultiPV type spin default 1 min 1 max 128");
  say("option name Move Overhead type spin default 10 min 0 max 5000");
  say("option name Ponder type check default false");
  say("option name OwnBook type check default false");
#ifdef CHUHAN_TUNE
  for (const tune::Tunable& t : tune::tunables())
    say(std::string("option name ") + t.name + " type spin default " + std::to_string(*t.value) + " min " +
        std::to_string(t.min) + " max " + std::to_string(t.max));
#endif
  say("uciok");
}

void ProtocolLoop::cmd_ucci() {
  ucci_ = true;
  say("id name Chuhan " CHUHAN_VERSION);
  say("id author the Chuhan developers");
  say("option usemillisec type check default false");
  say("option hashsize type spin min 1 max " + std::to_string(TranspositionTable::MaxSizeMB) +
      " default " + std::to_string(TranspositionTable::DefaultSizeMB));
  say("option usebook type check default false");
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
  const std::string key = lower(name);
  int64_t n;
  if (key == "hash") {
    if (!parse_int(value, 1, TranspositionTable::MaxSizeMB, n))
      return error("Hash must be 1.." + std::to_string(TranspositionTable::MaxSizeMB) + " (MB), got " + quote(value));
    if (const std::string problem = engine_.set_hash_size(int(n)); !problem.empty()) error(problem);
  } else if (key == "clear hash") {
    engine_.clear_hash();
  } else if (key == "multipv") {
    if (!parse_int(value, 1, 128, n)) return error("MultiPV must be 1..128, got " + quote(value));
    engine_.set_multipv(int(n));
  } else if (key == "move overhead") {
    if (!parse_int(value, 0, 5000, n)) return error("Move Overhead must be 0..5000 (ms), got " + quote(value));
    engine_.set_move_overhead(int(n));
  } else if (key == "ponder") {
    if (value != "true" && value != "false") return error("Ponder must be true or false");
  } else if (key == "ownbook") {
    if (value != "true" && value != "false") return error("OwnBook must be true or false");
    engine_.set_own_book(value == "true");
  } else if (!set_tunable(name, value)) {
    error("unknown option " + quote(name));
  }
}

// In a tuning build, sets the search constant `name` (see tune.h); false if there is none.
bool ProtocolLoop::set_tunable([[maybe_unused]] const std::string& name, [[maybe_unused]] const std::string& value) {
#ifdef CHUHAN_TUNE
  for (const tune::Tunable& t : tune::tunables()) {
    if (name != t.name) continue;
    int64_t n;
    if (!parse_int(value, t.min, t.max, n))
      error(name + " must be " + std::to_string(t.min) + ".." + std::to_string(t.max) + ", got " + quote(value));
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
    if (value != "true" && value != "false") return error("usemillisec must be true or false");
    ucci_milliseconds_ = value == "true";
  } else if (name == "hashsize") {
    if (!parse_int(value, 1, TranspositionTable::MaxSizeMB, n))
      return error("hashsize must be 1.." + std::to_string(TranspositionTable::MaxSizeMB) + " (MB)");
    if (const std::string problem = engine_.set_hash_size(int(n)); !problem.empty()) error(problem);
  } else if (name == "newgame" || name == "clearhash") {
    engine_.new_game();
  } else if (name == "usebook") {
    if (value != "true" && value != "false") return error("usebook must be true or false");
    engine_.set_own_book(value == "true");
  } else if (name == "batch" || name == "debug" || name == "ponder" ||
             name == "useegtb" || name == "bookfiles" || name == "egtbpaths" || name == "evalapi" ||
             name == "promotion" || name == "idle" || name == "pruning" || name == "knowledge" ||
             name == "randomness" || name == "style" || name == "threads" || name == "drawmoves" ||
             name == "repetition") {
    // Options ElephantEye front ends send that have no effect on Chuhan.
  } else {
    error("unknown option " + quote(name));
  }
}

void ProtocolLoop::cmd_position(std::istringstream& args) {
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
    return error("position needs 'startpos' or 'fen <FEN>'");
  }
  if (!token.empty() && token != "moves") return error("unexpected " + quote(token) + " in position");
  std::vector<std::string> moves;
  for (std::string m; args >> m;) moves.push_back(m);
  const std::string problem = engine_.set_position(fen, moves);
  if (!problem.empty()) error(problem + "; position unchanged");
}

void ProtocolLoop::cmd_go(std::istringstream& args) {
  SearchLimits limits;
  std::string token;
  int64_t n;
  auto read = [&](const char* what, int64_t lo, int64_t hi) {
    std::string value;
    if (!(args >> value) || !parse_int(value, lo, hi, n)) {
      error(std::string("go ") + what + " needs a number in " + std::to_string(lo) + ".." + std::to_string(hi) +
            (value.empty() ? "" : ", got " + quote(value)));
      return false;
    }
    return true;
  };
  while (args >> token) {
    if (token == "perft") {
      if (read("perft", 0, Engine::MaxPerftDepth)) cmd_perft(int(n));
      return;
    }
    if (token == "wtime" || token == "btime") {
      // Some GUIs send a negative clock when flagging: treat it as no time left.
      if (!read(token.c_str(), -MaxTime, MaxTime)) return answer_at_once();
      limits.time[token == "wtime" ? RED : BLACK] = std::max<int64_t>(n, 1);
    } else if (token == "winc" || token == "binc") {
      if (!read(token.c_str(), 0, MaxTime)) return answer_at_once();
      limits.inc[token == "winc" ? RED : BLACK] = n;
    } else if (token == "movestogo") {
      if (!read("movestogo", 1, 10000)) return answer_at_once();
      limits.movestogo = int(n);
    } else if (token == "movetime") {
      if (!read("movetime", 1, MaxTime)) return answer_at_once();
      limits.movetime = n;
    } else if (token == "depth") {
      if (!read("depth", 1, MAX_PLY - 1)) return answer_at_once();
      limits.depth = int(n);
    } else if (token == "nodes") {
      if (!read("nodes", 1, int64_t(1) << 50)) return answer_at_once();
      limits.nodes = uint64_t(n);
    } else if (token == "mate") {
      if (!read("mate", 1, MAX_PLY / 2)) return answer_at_once();
      limits.mate = int(n);
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      for (std::string m; args >> m;) limits.searchmoves.push_back(m);
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
  std::string token;
  int64_t n;
  const Color us = engine_.side_to_move();
  const int64_t unit = ucci_milliseconds_ ? 1 : 1000;
  auto read = [&](const char* what, int64_t lo, int64_t hi) {
    std::string value;
    if (!(args >> value) || !parse_int(value, lo, hi, n)) {
      error(std::string("go ") + what + " needs a number in " + std::to_string(lo) + ".." + std::to_string(hi) +
            (value.empty() ? "" : ", got " + quote(value)));
      return false;
    }
    return true;
  };
  while (args >> token) {
    if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "draw") {
      // The opponent offers a draw; Chuhan plays on.
    } else if (token == "depth") {
      std::string value;
      args >> value;
      if (value == "infinite") {
        limits.infinite = true;
      } else if (parse_int(value, 1, MAX_PLY - 1, n)) {
        limits.depth = int(n);
      } else {
        error("go depth needs 1.." + std::to_string(MAX_PLY - 1) + " or infinite");
        return answer_at_once();
      }
    } else if (token == "nodes") {
      if (!read("nodes", 1, int64_t(1) << 50)) return answer_at_once();
      limits.nodes = uint64_t(n);
    } else if (token == "time" || token == "opptime") {
      if (!read(token.c_str(), 0, MaxTime / unit)) return answer_at_once();
      limits.time[token == "time" ? us : ~us] = std::max<int64_t>(n * unit, 1);
    } else if (token == "increment" || token == "oppincrement") {
      if (!read(token.c_str(), 0, MaxTime / unit)) return answer_at_once();
      limits.inc[token == "increment" ? us : ~us] = n * unit;
    } else if (token == "movestogo") {
      if (!read("movestogo", 1, 10000)) return answer_at_once();
      limits.movestogo = int(n);
    } else if (token == "oppmovestogo") {
      if (!read("oppmovestogo", 1, 10000)) return answer_at_once();
    } else {
      error("unknown go parameter " + quote(token));
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
      line += " score " + std::to_string(info.is_mate ? (info.score > 0 ? 30000 - 2 * info.score + 1 : -30000 - 2 * info.score)
                                                      : info.score);
      line += " time " + std::to_string(info.time_ms) + " nodes " + std::to_string(info.nodes);
    } else {
      line += " seldepth " + std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
              " score " + score_to_uci(info) + (info.bound.empty() ? "" : " " + info.bound) +
              " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) +
              " hashfull " + std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
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
  start_job([this, limits] { return search(limits); });
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
  start_job([this, depth] {
    const Engine::PerftResult r = engine_.perft(depth, [this](const std::string& move, uint64_t count) {
      say(move + ": " + std::to_string(count));
    });
    return r.stopped ? "info string perft stopped after " + std::to_string(r.nodes) + " leaves of finished root moves"
                     : "\nNodes searched: " + std::to_string(r.nodes) + "\n";
  });
}

void ProtocolLoop::start_job(std::function<std::string()> job) {
  wait_for_search();
  engine_.clear_stop();
  stopping_ = false;
  searching_ = true;
  search_thread_ = std::thread([this, job = std::move(job)] {
    const std::string last = job();
    // Accept commands again before the last line: a GUI answers bestmove at once. They first
    // join this thread, so nothing is printed before the last line.
    searching_ = false;
    say(last);
  });
}

void ProtocolLoop::cmd_bench(std::istringstream& args) {
  int64_t depth = bench::DefaultDepth;
  std::string value;
  if (args >> value && !parse_int(value, 1, 30, depth)) return error("bench depth must be 1..30");
  engine_.clear_stop();  // a late stop must not cut the first position short
  const bench::Result r = engine_.bench(int(depth), [this](int index, const std::string& fen, const BestMove& best) {
    say("Position " + std::to_string(index) + ": " + fen + " bestmove " + (best.move.empty() ? "(none)" : best.move));
  });
  say("\nTotal time (ms): " + std::to_string(r.time_ms));
  say("Nodes searched: " + std::to_string(r.nodes));
  say("Nodes/second: " + std::to_string(r.nps()));
}

}  // namespace chuhan
