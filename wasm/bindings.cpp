// Embind over chuhan::Engine: the one C++ file of the WebAssembly module. It converts between
// JavaScript values (strings, numbers, arrays, plain objects) and the Engine's types and holds no
// engine logic: FEN, moves, rules and search all stay in core/. Names are camelCase.
//
// Errors are returned, not thrown (the module is built without C++ exceptions): calls that can
// fail return "" / an object on success and an error string / {error} otherwise. A JavaScript
// exception escaping a call (a trap, a callback that throws) leaves the engine in an unknown state;
// wasm/worker-core.js then reports the worker as broken and the client starts a new one.
//
// Node counts are returned as doubles (exact up to 2^53 nodes), so no -sWASM_BIGINT is needed and
// JavaScript sees plain numbers.
#include <emscripten.h>  // EM_JS (em_js.h alone does not compile in 3.1.6)
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "engine.h"

using emscripten::val;

namespace {

// Reads the shared stop flag: Module.stopFlag is an Int32Array over a SharedArrayBuffer that the
// page sets to 1 from its own thread while this worker is blocked in a search. Called by the
// search every 1024 nodes; one load, no allocation.
EM_JS(int, chuhan_poll_stop_flag, (), {
  var flag = Module["stopFlag"];
  return flag ? Atomics.load(flag, 0) : 0;
});

// Upper bounds of the search limits, the same as the UCI adapter accepts (core/cli/uci.cpp).
constexpr double MaxTimeMs = 1099511627776.0;  // 2^40 ms, about 35 years
constexpr double MaxNodes = 1125899906842624.0;  // 2^50
constexpr double MaxMovesToGo = 10000;

// Reads obj[key] into `out` when present: it must be a whole number in [lo, hi]. Returns "" or
// what is wrong. Checks before converting, since a float-to-int conversion of NaN or an
// out-of-range value traps in WebAssembly.
std::string read_whole(const val& obj, const char* key, double lo, double hi, double& out, bool& given) {
  const val v = obj[key];
  given = !v.isUndefined();
  if (!given) return "";
  const double d = v.isNumber() ? v.as<double>() : NAN;
  if (!std::isfinite(d) || d != std::floor(d) || d < lo || d > hi)
    return std::string("limits.") + key + " must be a whole number in " + std::to_string(int64_t(lo)) + ".." +
           std::to_string(int64_t(hi));
  out = d;
  return "";
}

// Converts a JavaScript limits object ({movetime, depth, nodes, wtime, btime, winc, binc,
// movestogo, infinite}) to SearchLimits. Returns "" or what is wrong.
std::string to_limits(const val& obj, chuhan::SearchLimits& limits) {
  using chuhan::BLACK;
  using chuhan::RED;
  if (obj.typeOf().as<std::string>() != "object" || obj.isNull()) return "limits must be an object";
  const std::vector<std::string> keys = emscripten::vecFromJSArray<std::string>(val::global("Object").call<val>("keys", obj));
  for (const std::string& key : keys)
    if (key != "movetime" && key != "depth" && key != "nodes" && key != "wtime" && key != "btime" && key != "winc" &&
        key != "binc" && key != "movestogo" && key != "infinite")
      return "unknown limit '" + key + "'";

  double d = 0;
  bool given = false;
  std::string error;
  if (!(error = read_whole(obj, "movetime", 1, MaxTimeMs, d, given)).empty()) return error;
  if (given) limits.movetime = chuhan::TimePoint(d);
  if (!(error = read_whole(obj, "depth", 1, chuhan::MAX_PLY - 1, d, given)).empty()) return error;
  if (given) limits.depth = chuhan::Depth(d);
  if (!(error = read_whole(obj, "nodes", 1, MaxNodes, d, given)).empty()) return error;
  if (given) limits.nodes = uint64_t(d);
  // A clock of 0 means "no time left": SearchLimits reads 0 as "not given", so it becomes 1 ms.
  if (!(error = read_whole(obj, "wtime", 0, MaxTimeMs, d, given)).empty()) return error;
  if (given) limits.time[RED] = std::max<chuhan::TimePoint>(1, chuhan::TimePoint(d));
  if (!(error = read_whole(obj, "btime", 0, MaxTimeMs, d, given)).empty()) return error;
  if (given) limits.time[BLACK] = std::max<chuhan::TimePoint>(1, chuhan::TimePoint(d));
  if (!(error = read_whole(obj, "winc", 0, MaxTimeMs, d, given)).empty()) return error;
  if (given) limits.inc[RED] = chuhan::TimePoint(d);
  if (!(error = read_whole(obj, "binc", 0, MaxTimeMs, d, given)).empty()) return error;
  if (given) limits.inc[BLACK] = chuhan::TimePoint(d);
  if (!(error = read_whole(obj, "movestogo", 1, MaxMovesToGo, d, given)).empty()) return error;
  if (given) limits.movestogo = int(d);
  const val infinite = obj["infinite"];
  if (!infinite.isUndefined()) {
    if (!infinite.isTrue() && !infinite.isFalse()) return "limits.infinite must be true or false";
    limits.infinite = infinite.isTrue();
  }
  return "";
}

val error_object(const std::string& message) {
  val o = val::object();
  o.set("error", message);
  return o;
}

val string_array(const std::vector<std::string>& items) {
  val a = val::array();
  for (int i = 0; i < int(items.size()); ++i) a.set(i, items[i]);
  return a;
}

// One search report as the JS API shows it: score as {cp} or {mate}, node counts as numbers.
val to_js(const chuhan::SearchInfo& info) {
  val o = val::object();
  o.set("depth", info.depth);
  o.set("seldepth", info.seldepth);
  o.set("multipv", info.multipv);
  val score = val::object();
  score.set(info.is_mate ? "mate" : "cp", info.score);
  o.set("score", score);
  if (!info.bound.empty()) o.set("bound", info.bound);
  o.set("nodes", double(info.nodes));
  o.set("nps", double(info.nps));
  o.set("time", double(info.time_ms));
  o.set("hashfull", info.hashfull);
  o.set("pv", string_array(info.pv));
  return o;
}

// The class JavaScript sees as `Engine`.
class EngineBinding {
 public:
  // Returns "" or what is wrong with the FEN or which move is malformed or illegal; on error the
  // previous game stays. `moves` is an array of ICCS strings.
  std::string set_position(const std::string& fen, const val& moves) {
    return engine_.set_position(fen, emscripten::vecFromJSArray<std::string>(moves));
  }
  std::string fen() const { return engine_.fen(); }
  val legal_moves() const { return string_array(engine_.legal_moves()); }

  // {over: false} or {over: true, result: '1-0' | '0-1' | '1/2-1/2', reason}.
  val game_result() const {
    const chuhan::GameResult r = engine_.game_result();
    val o = val::object();
    o.set("over", r.over());
    if (r.over()) {
      o.set("result", r.result_string());
      o.set("reason", r.reason_string());
    }
    return o;
  }

  // Searches within `limits`, calling `on_info` (a function, or undefined) after each iteration.
  // Returns {bestmove: string | null, ponder?: string, book?: true} or {error} for bad limits.
  val go(const val& limits, const val& on_info) {
    chuhan::SearchLimits l;
    const std::string error = to_limits(limits, l);
    if (!error.empty()) return error_object(error);
    const bool report = on_info.typeOf().as<std::string>() == "function";
    const chuhan::BestMove best = engine_.go(l, [&](const chuhan::SearchInfo& info) {
      if (report) on_info(to_js(info));
    });
    val o = val::object();
    o.set("bestmove", best.move.empty() ? val::null() : val(best.move));
    if (!best.ponder.empty()) o.set("ponder", best.ponder);
    if (best.book) o.set("book", true);
    return o;
  }

  // The game as set: its start FEN and its moves in ICCS.
  std::string start_fen() const { return engine_.start_fen(); }
  val moves() const { return string_array(engine_.moves()); }
  // The game's moves named in `style` ("iccs" | "wxf" | "chinese"); [] for another style.
  val move_names(const std::string& style) const { return string_array(engine_.game_move_names(style)); }
  // A legal move of the current position named in `style`; "" if not legal or a bad style.
  std::string move_name(const std::string& iccs, const std::string& style) const { return engine_.move_name(iccs, style); }
  // The game as xqbase-style PGN; `tags` is an object of string headers (added or overriding).
  std::string pgn(const val& tags) const {
    std::map<std::string, std::string> headers;
    if (tags.typeOf().as<std::string>() == "object" && !tags.isNull())
      for (const std::string& key : emscripten::vecFromJSArray<std::string>(val::global("Object").call<val>("keys", tags)))
        headers[key] = tags[key].as<std::string>();
    return engine_.pgn(headers);
  }
  // Replaces the game with the first game of a PGN text. Returns "" or what is wrong.
  std::string load_pgn(const std::string& text) { return engine_.load_pgn(text); }
  // Board diagram, FEN, key, side to move ("(in check)") and verdict, as the `d` command prints.
  std::string describe() const { return engine_.describe(); }
  bool in_check() const { return engine_.in_check(); }

  // Leaf count at `depth` (0..MaxPerftDepth): {nodes}, {stopped: true} when the shared stop
  // flag ended it, or {error}.
  val perft(int depth) {
    if (depth < 0 || depth > chuhan::Engine::MaxPerftDepth)
      return error_object("perft depth must be 0.." + std::to_string(chuhan::Engine::MaxPerftDepth));
    const chuhan::Engine::PerftResult r = engine_.perft(depth);
    val o = val::object();
    if (r.stopped) o.set("stopped", true);
    else o.set("nodes", double(r.nodes));
    return o;
  }

  // The bench at `depth` (1..30): {nodes, nps, time}. Keeps the game and the hash size.
  val bench(int depth) {
    if (depth < 1 || depth > 30) return error_object("bench depth must be 1..30");
    const chuhan::bench::Result r = engine_.bench(depth);
    val o = val::object();
    o.set("nodes", double(r.nodes));
    o.set("nps", double(r.nps()));
    o.set("time", double(r.time_ms));
    return o;
  }

  void new_game() { engine_.new_game(); }
  void clear_hash() { engine_.clear_hash(); }
  // "" or why not (out of range, or memory the page cannot get: the previous table stays).
  std::string set_hash_size(int mb) { return engine_.set_hash_size(mb); }
  int hash_size() const { return engine_.hash_size(); }
  void set_multipv(int lines) { engine_.set_multipv(lines); }
  void set_move_overhead(int ms) { engine_.set_move_overhead(ms); }
  void set_own_book(bool on) { engine_.set_own_book(on); }

  // Turns polling of Module.stopFlag on or off (on only when the page gave the worker a
  // SharedArrayBuffer; off costs nothing during search).
  void use_stop_flag(bool on) {
    if (on)
      engine_.set_external_stop([] { return chuhan_poll_stop_flag() != 0; });
    else
      engine_.set_external_stop({});
  }

 private:
  chuhan::Engine engine_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(chuhan) {
  emscripten::class_<EngineBinding>("Engine")
      .constructor<>()
      .function("setPosition", &EngineBinding::set_position)
      .function("fen", &EngineBinding::fen)
      .function("legalMoves", &EngineBinding::legal_moves)
      .function("gameResult", &EngineBinding::game_result)
      .function("go", &EngineBinding::go)
      .function("startFen", &EngineBinding::start_fen)
      .function("moves", &EngineBinding::moves)
      .function("moveNames", &EngineBinding::move_names)
      .function("moveName", &EngineBinding::move_name)
      .function("pgn", &EngineBinding::pgn)
      .function("loadPgn", &EngineBinding::load_pgn)
      .function("describe", &EngineBinding::describe)
      .function("inCheck", &EngineBinding::in_check)
      .function("perft", &EngineBinding::perft)
      .function("bench", &EngineBinding::bench)
      .function("newGame", &EngineBinding::new_game)
      .function("clearHash", &EngineBinding::clear_hash)
      .function("setHashSize", &EngineBinding::set_hash_size)
      .function("hashSize", &EngineBinding::hash_size)
      .function("setMultiPV", &EngineBinding::set_multipv)
      .function("setMoveOverhead", &EngineBinding::set_move_overhead)
      .function("setOwnBook", &EngineBinding::set_own_book)
      .function("useStopFlag", &EngineBinding::use_stop_flag);
  emscripten::function("version", +[]() { return std::string(CHUHAN_VERSION); });
}
