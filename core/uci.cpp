#include "uci.h"

#include "tune.h"

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <vector>

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
  if (searching_) engine_.stop();
  wait_for_search();
}

void ProtocolLoop::say(const std::string& text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text << std::endl;
}

void ProtocolLoop::error(const std::string& message) { say("info string error: " + message); }

void ProtocolLoop::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!execute(line)) return;
  wait_for_search();
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
    if (searching_) engine_.stop();
    wait_for_search();
    if (ucci_) say("bye");
    return false;
  }
  if (cmd == "stop") {
    if (searching_) engine_.stop();
    return true;
  }
  if (cmd == "ponderhit") {
    engine_.ponderhit();
    return true;
  }
  if (cmd == "isready") {
    say("readyok");
    return true;
  }
  if (cmd == "uci") return cmd_uci(), true;
  if (cmd == "ucci") return cmd_ucci(), true;

  const bool known = cmd == "position" || cmd == "go" || cmd == "setoption" || cmd == "ucinewgame" ||
                     cmd == "banmoves" || cmd == "d" || cmd == "bench" || cmd == "perft";
  if (!known) {
    error("unknown command '" + cmd + "'");
    return true;
  }
  // The rest change or read the position the search is using: refuse them until it ends.
  if (searching_) {
    error("'" + cmd + "' ignored while searching; send stop first");
    return true;
  }
  wait_for_search();  // reap the finished search thread

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
      return error("Hash must be 1.." + std::to_string(TranspositionTable::MaxSizeMB) + " (MB), got '" + value + "'");
    engine_.set_hash_size(int(n));
  } else if (key == "clear hash") {
    engine_.clear_hash();
  } else if (key == "multipv") {
    if (!parse_int(value, 1, 128, n)) return error("MultiPV must be 1..128, got '" + value + "'");
    engine_.set_multipv(int(n));
  } else if (key == "move overhead") {
    if (!parse_int(value, 0, 5000, n)) return error("Move Overhead must be 0..5000 (ms), got '" + value + "'");
    engine_.set_move_overhead(int(n));
  } else if (key == "ponder") {
    if (value != "true" && value != "false") return error("Ponder must be true or false");
  } else if (key == "ownbook") {
    if (value != "true" && value != "false") return error("OwnBook must be true or false");
    engine_.set_own_book(value == "true");
  } else if (!set_tunable(name, value)) {
    error("unknown option '" + name + "'");
  }
}

// In a tuning build, sets the search constant `name` (see tune.h); false if there is none.
bool ProtocolLoop::set_tunable([[maybe_unused]] const std::string& name, [[maybe_unused]] const std::string& value) {
#ifdef CHUHAN_TUNE
  for (const tune::Tunable& t : tune::tunables()) {
    if (name != t.name) continue;
    int64_t n;
    if (!parse_int(value, t.min, t.max, n))
      error(name + " must be " + std::to_string(t.min) + ".." + std::to_string(t.max) + ", got '" + value + "'");
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
    engine_.set_hash_size(int(n));
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
    error("unknown option '" + name + "'");
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
  if (!token.empty() && token != "moves") return error("unexpected '" + token + "' in position");
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
            (value.empty() ? "" : ", got '" + value + "'"));
      return false;
    }
    return true;
  };
  while (args >> token) {
    if (token == "perft") {
      if (!read("perft", 0, 20)) return;
      const uint64_t total = engine_.perft(int(n), [this](const std::string& move, uint64_t count) {
        std::lock_guard<std::mutex> lock(out_mutex_);
        out_ << move << ": " << count << "\n";
      });
      say("\nNodes searched: " + std::to_string(total) + "\n");
      return;
    }
    if (token == "wtime" || token == "btime") {
      // Some GUIs send a negative clock when flagging: treat it as no time left.
      if (!read(token.c_str(), -MaxTime, MaxTime)) return;
      limits.time[token == "wtime" ? RED : BLACK] = std::max<int64_t>(n, 1);
    } else if (token == "winc" || token == "binc") {
      if (!read(token.c_str(), 0, MaxTime)) return;
      limits.inc[token == "winc" ? RED : BLACK] = n;
    } else if (token == "movestogo") {
      if (!read("movestogo", 1, 10000)) return;
      limits.movestogo = int(n);
    } else if (token == "movetime") {
      if (!read("movetime", 1, MaxTime)) return;
      limits.movetime = n;
    } else if (token == "depth") {
      if (!read("depth", 1, MAX_PLY - 1)) return;
      limits.depth = int(n);
    } else if (token == "nodes") {
      if (!read("nodes", 1, int64_t(1) << 50)) return;
      limits.nodes = uint64_t(n);
    } else if (token == "mate") {
      if (!read("mate", 1, MAX_PLY / 2)) return;
      limits.mate = int(n);
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      for (std::string m; args >> m;) limits.searchmoves.push_back(m);
    } else {
      return error("unknown go parameter '" + token + "'");
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
      error(std::string("go ") + what + " needs a number in " + std::to_string(lo) + ".." + std::to_string(hi));
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
      if (value == "infinite") limits.infinite = true;
      else if (parse_int(value, 1, MAX_PLY - 1, n)) limits.depth = int(n);
      else return error("go depth needs 1.." + std::to_string(MAX_PLY - 1) + " or infinite");
    } else if (token == "nodes") {
      if (!read("nodes", 1, int64_t(1) << 50)) return;
      limits.nodes = uint64_t(n);
    } else if (token == "time" || token == "opptime") {
      if (!read(token.c_str(), 0, MaxTime / unit)) return;
      limits.time[token == "time" ? us : ~us] = std::max<int64_t>(n * unit, 1);
    } else if (token == "increment" || token == "oppincrement") {
      if (!read(token.c_str(), 0, MaxTime / unit)) return;
      limits.inc[token == "increment" ? us : ~us] = n * unit;
    } else if (token == "movestogo") {
      if (!read("movestogo", 1, 10000)) return;
      limits.movestogo = int(n);
    } else if (token == "oppmovestogo") {
      if (!read("oppmovestogo", 1, 10000)) return;
    } else {
      return error("unknown go parameter '" + token + "'");
    }
  }
  start_search(limits);
}

void ProtocolLoop::start_search(const SearchLimits& limits) {
  searching_ = true;
  engine_.set_pondering(limits.ponder);
  search_thread_ = std::thread([this, limits] {
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
    // Accept commands again before announcing the move: a GUI answers bestmove at once. They
    // first join this thread, so nothing is printed before the bestmove line.
    searching_ = false;
    if (best.book) say(ucci ? "info book move " + best.move : "info string book move " + best.move);
    if (best.move.empty())
      say(ucci ? "nobestmove" : "bestmove (none)");
    else
      say("bestmove " + best.move + (best.ponder.empty() ? "" : " ponder " + best.ponder));
  });
}

void ProtocolLoop::cmd_bench(std::istringstream& args) {
  int64_t depth = bench::DefaultDepth;
  std::string value;
  if (args >> value && !parse_int(value, 1, 30, depth)) return error("bench depth must be 1..30");
  const bench::Result r = engine_.bench(int(depth), [this](int index, const std::string& fen, const BestMove& best) {
    say("Position " + std::to_string(index) + ": " + fen + " bestmove " + (best.move.empty() ? "(none)" : best.move));
  });
  say("\nTotal time (ms): " + std::to_string(r.time_ms));
  say("Nodes searched: " + std::to_string(r.nodes));
  say("Nodes/second: " + std::to_string(r.nps()));
}

}  // namespace chuhan
