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
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "contract.h"
#include "engine.h"
#include "formats/game_json.h"
#include "json.h"

using emscripten::val;

namespace {

// Reads the shared stop flag: Module.stopFlag is an Int32Array over a SharedArrayBuffer that the
// page sets to 1 from its own thread while this worker is blocked in a search. Called by the
// search every 1024 nodes; one load, no allocation.
EM_JS(int, chuhan_poll_stop_flag, (), {
  var flag = Module["stopFlag"];
  return flag ? Atomics.load(flag, 0) : 0;
});

namespace contract = chuhan::contract;
namespace json = chuhan::json;

// A JavaScript number that is a whole number and a valid int64 (checked before converting: a
// float-to-int conversion of NaN or an out-of-range value traps in WebAssembly).
bool whole_number(const val& v, int64_t& out) {
  const double d = v.isNumber() ? v.as<double>() : NAN;
  if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9007199254740992.0) return false;
  out = int64_t(d);
  return true;
}

std::vector<std::string> keys_of(const val& obj) {
  return emscripten::vecFromJSArray<std::string>(val::global("Object").call<val>("keys", obj));
}

// Converts a JavaScript limits object (keys: the contract's limit names, and `infinite`) to
// SearchLimits through the contract. Returns "" or what is wrong.
std::string to_limits(const val& obj, chuhan::SearchLimits& limits) {
  if (obj.typeOf().as<std::string>() != "object" || obj.isNull()) return "limits must be an object";
  for (const std::string& key : keys_of(obj)) {
    const val v = obj[key];
    if (key == "infinite") {
      if (!v.isTrue() && !v.isFalse()) return "limits.infinite must be true or false";
      limits.infinite = v.isTrue();
      continue;
    }
    const contract::LimitSpec* spec = contract::find_limit(key);
    if (!spec) return "unknown limit '" + key + "'";
    int64_t n;
    if (!whole_number(v, n)) return "limits." + contract::must_be(key, spec->range);
    if (const std::string problem = contract::set_limit(limits, spec->id, n); !problem.empty())
      return "limits." + problem;
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

val range_to_js(contract::Range r) {
  val o = val::object();
  o.set("min", double(r.min));
  o.set("max", double(r.max));
  return o;
}

// Each search thread of the threaded module is a Web Worker (a Node worker thread) with its own
// instance of the module: far fewer than the native 256 make sense.
constexpr int64_t MaxThreads = 32;

// The contract as JavaScript sees it (the client validates arguments from it): limits by name
// with their ranges, options by their JS names, the perft and bench depths (and the bench's
// default), the notations, the result and reason names.
val contract_to_js() {
  val limits = val::object();
  for (const contract::LimitSpec& l : contract::Limits) {
    val spec = range_to_js(l.range);
    spec.set("endsSearch", l.ends_search);
    limits.set(l.name, spec);
  }
  val options = val::object();
  for (const contract::OptionSpec& o : contract::Options) {
    contract::Range range = o.range;
    if (o.id == contract::Option::THREADS) range.max = std::min(range.max, MaxThreads);
    val spec = o.is_check ? val::object() : range_to_js(range);
    spec.set("type", o.is_check ? "check" : "spin");
    spec.set("default", o.is_check ? val(o.default_value != 0) : val(double(o.default_value)));
    options.set(o.js_name, spec);
  }
  std::vector<std::string> reasons;
  for (chuhan::ResultReason r : contract::Reasons) reasons.push_back(contract::name(r));
  val c = val::object();
  c.set("limits", limits);
  c.set("options", options);
  c.set("perftDepth", range_to_js(contract::PerftDepth));
  val bench_depth = range_to_js(contract::BenchDepth);
  bench_depth.set("default", chuhan::bench::DefaultDepth);
  c.set("benchDepth", bench_depth);
  c.set("notations",
        string_array({std::begin(chuhan::NotationNames), std::end(chuhan::NotationNames)}));
  c.set("results", string_array({"1-0", "0-1", "1/2-1/2"}));
  val formats = val::object();
  std::vector<std::string> read, write;
  for (const auto f : chuhan::formats::ReadFormats) read.push_back(chuhan::formats::name(f));
  for (const auto f : chuhan::formats::WriteFormats) write.push_back(chuhan::formats::name(f));
  formats.set("read", string_array(read));
  formats.set("write", string_array(write));
  c.set("formats", formats);
  c.set("reasons", string_array(reasons));
  return c;
}

// Game records cross as JSON text (core/formats/game_json.h), parsed on the JavaScript side: one
// crossing per call rather than one per field (a long game's nodes are tens of thousands of
// fields).
val parse_json(const std::string& text) { return val::global("JSON").call<val>("parse", text); }

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
  o.set("pvNames", string_array(info.pv_names));
  return o;
}

// The class JavaScript sees as `Engine`.
class EngineBinding {
 public:
  // Search reports name their lines in Chinese (SearchInfo.pvNames).
  EngineBinding() { engine_.set_pv_names(chuhan::Notation::CHINESE); }

  // Sets a new game: `fen` followed by `moves` (an array of ICCS strings). Returns the game (see
  // game()) or {error}; on error the previous game stays.
  val set_position(const std::string& fen, const val& moves) {
    if (const std::string problem =
            engine_.set_position(fen, emscripten::vecFromJSArray<std::string>(moves));
        !problem.empty())
      return error_object(problem);
    return game();
  }
  std::string fen() const { return engine_.fen(); }
  val legal_moves() const { return string_array(engine_.legal_moves()); }
  val game_result() const {
    std::string out;
    json::Writer w(out);
    chuhan::formats::write_result(w, engine_.game_result());
    return parse_json(out);
  }

  // Plays one legal move (any notation) at node `from` (a number; -1: the cursor). Returns the
  // new cursor's record (cursor()) with `created` (false when the move was already there), or
  // {error}.
  val play(const std::string& move, int from) {
    if (from != chuhan::NoNode)
      if (const std::string problem = engine_.go_to(from); !problem.empty())
        return error_object(problem);
    const int before = engine_.game().record().size();
    if (const std::string problem = engine_.play(move); !problem.empty())
      return error_object(problem);
    return cursor_json([&](json::Writer& w) {
      w.key("created").boolean(engine_.game().record().size() > before);
    });
  }
  // Moves the cursor: to node `id`, or `plies` moves back. Returns the cursor's record or {error}.
  val go_to(int id) { return edit(engine_.go_to(id)); }
  val undo(int plies) { return edit(engine_.undo(plies)); }
  // Removes node `id` and what follows it: {removed: [numbers], parent, children (the parent's
  // now), cursor: the cursor's record} or {error}.
  val remove_node(int id) {
    const chuhan::Record& r = engine_.game().record();
    if (!r.valid(id) || id == chuhan::RootNode) return error_object(engine_.remove_node(id));
    std::vector<int> removed;
    for (std::vector<int> pending = {id}; !pending.empty();) {
      const int n = pending.back();
      pending.pop_back();
      removed.push_back(n);
      pending.insert(pending.end(), r.node(n).children.begin(), r.node(n).children.end());
    }
    const int parent = r.node(id).parent;
    engine_.remove_node(id);
    std::string out;
    json::Writer w(out);
    w.begin_object().key("removed").begin_array();
    for (const int n : removed) w.integer(n);
    w.end_array();
    write_children(w, parent);
    w.key("cursor");
    write_cursor(w, {});
    w.end_object();
    return parse_json(out);
  }
  // Moves the variation `id` starts up among its siblings (to the first place when `to_main`):
  // {parent, children} or {error}.
  val promote(int id, bool to_main) {
    if (const std::string problem = engine_.promote(id, to_main); !problem.empty())
      return error_object(problem);
    std::string out;
    json::Writer w(out);
    w.begin_object();
    write_children(w, engine_.game().record().node(id).parent);
    w.end_object();
    return parse_json(out);
  }
  // Returns "" or what is wrong.
  std::string set_comment(int id, const std::string& text) { return engine_.set_comment(id, text); }
  std::string set_tag(const std::string& name, const std::string& value) {
    return engine_.set_tag(name, value);
  }
  std::string set_result(const std::string& result, const std::string& reason) {
    return engine_.declare_result(result, reason);
  }

  // The whole game: the record's fields (game_json.h) with the cursor, the line from the start to
  // the cursor (node numbers) and the cursor's legal moves.
  val game() const {
    std::string out;
    json::Writer w(out);
    w.begin_object();
    chuhan::formats::write_record_fields(w, engine_.game().record());
    w.key("cursor").integer(engine_.game().cursor());
    w.key("line").begin_array();
    for (const int id : engine_.game().record().path(engine_.game().cursor())) w.integer(id);
    w.end_array();
    w.key("legalMoves").strings(engine_.legal_moves());
    w.end_object();
    return parse_json(out);
  }

  // Replaces the game with the first game of a file: `data` a string or a Uint8Array of its bytes,
  // `format` and `encoding` names ("auto" to detect). Returns the game or {error}.
  val load_game(const std::string& data, const std::string& format, const std::string& encoding) {
    chuhan::formats::ReadOptions options;
    if (!chuhan::formats::parse_format(format, options.format))
      return error_object("unknown format '" + format + "'");
    if (!chuhan::formats::parse_encoding(encoding, options.encoding))
      return error_object("unknown encoding '" + encoding + "'");
    if (const std::string problem = engine_.load_game(data, options); !problem.empty())
      return error_object(problem);
    return game();
  }
  // The game in `format` ("pgn", "dhtmlxq", "fen", "json") with PGN moves in `notation`:
  // {text} or {error}.
  val save_game(const std::string& format, const std::string& notation, bool comments,
                bool variations) const {
    chuhan::formats::Format f;
    chuhan::formats::WriteOptions options;
    if (!chuhan::formats::parse_format(format, f) || f == chuhan::formats::Format::AUTO ||
        f == chuhan::formats::Format::XQF)
      return error_object("cannot write format '" + format + "' (pgn, dhtmlxq, fen or json)");
    if (!chuhan::parse_notation(notation, options.notation))
      return error_object("unknown notation '" + notation + "'");
    options.comments = comments;
    options.variations = variations;
    val o = val::object();
    o.set("text", engine_.save_game(f, options));
    return o;
  }

  // Judges a FEN for a position editor (Engine::check_position): {problems: [{code, message,
  // side?, piece?, count?, max?, squares}], check, result, legalMoves (how many)}. `code` is
  // fen_problem_name's; side "w"/"b"; piece a FEN letter; squares ICCS points.
  val check_position(const std::string& fen) const {
    const chuhan::PositionCheck c = chuhan::Engine::check_position(fen);
    std::string out;
    json::Writer w(out);
    w.begin_object().key("problems").begin_array();
    for (const chuhan::FenProblem& p : c.problems) {
      w.begin_object().key("code").string(chuhan::fen_problem_name(p.kind));
      w.key("message").string(p.message);
      if (p.side != chuhan::COLOR_NB) w.key("side").string(p.side == chuhan::RED ? "w" : "b");
      if (p.piece != chuhan::NO_PIECE)
        w.key("piece").string(std::string(1, chuhan::piece_to_char(p.piece)));
      if (p.kind == chuhan::FenProblemKind::TOO_MANY)
        w.key("count").integer(p.count).key("max").integer(p.limit);
      w.key("squares").begin_array();
      for (const chuhan::Square sq : p.squares) w.string(chuhan::square_to_string(sq));
      w.end_array().end_object();
    }
    w.end_array();
    w.key("check").boolean(c.in_check);
    w.key("result");
    chuhan::formats::write_result(w, c.result);
    w.key("legalMoves").integer(c.legal_moves);
    w.end_object();
    return parse_json(out);
  }

  // Answers a draw offer made to `side` ("w" or "b"; "" the side to move) in the cursor's position
  // (Engine::offer_draw): {accepted, reason, score?} (score: {cp} or {mate} from that side).
  val offer_draw(const std::string& side) {
    if (side != "" && side != "w" && side != "b")
      return error_object("side must be 'w', 'b' or '' (the side to move)");
    const chuhan::Color asked = side == "w"   ? chuhan::RED
                                : side == "b" ? chuhan::BLACK
                                              : engine_.side_to_move();
    const chuhan::draw::Decision d = engine_.offer_draw(asked);
    val o = val::object();
    o.set("accepted", d.accepted);
    o.set("reason", std::string(chuhan::draw::name(d.reason)));
    if (d.score) {
      val score = val::object();
      const int v = *d.score;
      score.set(contract::is_mate(v) ? "mate" : "cp",
                contract::is_mate(v) ? contract::mate_moves(v) : v);
      o.set("score", score);
    }
    return o;
  }

  // Every game of a file (Engine::read_games), at most `max_games`: an array of
  // {tags, startFen, result, declared, plies (of the main line), text (the game as PGN with
  // moves in `notation`)} or {error} for a game that could not be read; or {error} for bad
  // arguments. The engine's game is not touched.
  val read_games(const std::string& data, const std::string& format, const std::string& encoding,
                 const std::string& notation, double max_games) const {
    chuhan::formats::ReadOptions options;
    if (!chuhan::formats::parse_format(format, options.format))
      return error_object("unknown format '" + format + "'");
    if (!chuhan::formats::parse_encoding(encoding, options.encoding))
      return error_object("unknown encoding '" + encoding + "'");
    chuhan::formats::WriteOptions write;
    if (!chuhan::parse_notation(notation, write.notation))
      return error_object("unknown notation '" + notation + "'");
    if (!(max_games >= 1)) return error_object("max must be at least 1");
    const auto games = chuhan::Engine::read_games(data, options, size_t(std::min(max_games, 1e9)));
    std::string out;
    json::Writer w(out);
    w.begin_array();
    for (const chuhan::formats::Loaded& g : games) {
      w.begin_object();
      if (!g.game) {
        w.key("error").string(g.error);
      } else {
        const chuhan::Record& r = g.game->record();
        w.key("tags").begin_object();
        for (const auto& [k, v] : r.tags.all()) w.key(k).string(v);
        w.end_object();
        w.key("startFen").string(r.start_fen());
        w.key("result");
        chuhan::formats::write_result(w, r.result());
        w.key("declared");
        chuhan::formats::write_result(w, r.declared);
        w.key("plies").integer(int(r.main_line().size()) - 1);
        w.key("text").string(chuhan::formats::write_game(r, chuhan::formats::Format::PGN, write));
      }
      w.end_object();
    }
    w.end_array();
    return parse_json(out);
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

  // The game's moves named in `style` ("iccs" | "wxf" | "chinese"); [] for another style.
  val move_names(const std::string& style) const {
    return string_array(engine_.game_move_names(style));
  }
  // A legal move of the current position named in `style`; "" if not legal or a bad style.
  std::string move_name(const std::string& iccs, const std::string& style) const {
    return engine_.move_name(iccs, style);
  }
  // The game as xqbase-style PGN; `tags` is an object of string headers (added or overriding).
  std::string pgn(const val& tags) const {
    std::map<std::string, std::string> headers;
    if (tags.typeOf().as<std::string>() == "object" && !tags.isNull())
      for (const std::string& key : keys_of(tags)) headers[key] = tags[key].as<std::string>();
    return engine_.pgn(headers);
  }
  // Board diagram, FEN, key, side to move ("(in check)") and verdict, as the `d` command prints.
  std::string describe() const { return engine_.describe(); }
  bool in_check() const { return engine_.in_check(); }

  // Leaf count at `depth` (contract::PerftDepth): {nodes}, {stopped: true} when the shared stop
  // flag ended it, or {error}.
  val perft(int depth) {
    if (const std::string problem = contract::check("perft depth", depth, contract::PerftDepth);
        !problem.empty())
      return error_object(problem);
    const chuhan::Engine::PerftResult r = engine_.perft(depth);
    val o = val::object();
    if (r.stopped)
      o.set("stopped", true);
    else
      o.set("nodes", double(r.nodes));
    return o;
  }

  // The bench at `depth` (contract::BenchDepth): {nodes, nps, time}. Keeps the game and the
  // hash size.
  val bench(int depth) {
    if (const std::string problem = contract::check("bench depth", depth, contract::BenchDepth);
        !problem.empty())
      return error_object(problem);
    const chuhan::bench::Result r = engine_.bench(depth);
    val o = val::object();
    o.set("nodes", double(r.nodes));
    o.set("nps", double(r.nps()));
    o.set("time", double(r.time_ms));
    return o;
  }

  void new_game() { engine_.new_game(); }
  // Makes the book's and the skill level's random choices repeatable (a whole number seed).
  void seed_random(double seed) { engine_.seed_random(uint64_t(seed)); }
  void clear_hash() { engine_.clear_hash(); }
  int hash_size() const { return engine_.hash_size(); }
  // Sets the option with JS name `name` (contract::Options: a whole number, or true/false for a
  // check option). Returns "" or what is wrong; a hash the page's memory cannot hold is refused
  // and the previous table stays.
  std::string set_option(const std::string& name, const val& value) {
    const contract::OptionSpec* spec = contract::find_js_option(name);
    if (!spec) return "unknown option '" + name + "'";
    int64_t n;
    if (spec->is_check) {
      if (!value.isTrue() && !value.isFalse()) return name + " must be true or false";
      n = value.isTrue();
    } else if (!whole_number(value, n)) {
      return contract::must_be(name, spec->range);
    }
    if (spec->id == contract::Option::THREADS && n > MaxThreads)
      return contract::must_be(name, {spec->range.min, MaxThreads});
    return engine_.set_option(spec->id, n, name);
  }

  // The opening explorer (core/explorer.h): the bytes of its data file (a Uint8Array). Returns
  // what openings() returns, or {error}; on error the previous data stays.
  val load_openings(const std::string& bytes) {
    if (const std::string problem = engine_.load_explorer(bytes); !problem.empty())
      return error_object(problem);
    return openings();
  }
  // {games, positions, openings, credit, about} of the explorer's data ({error} when none).
  val openings() const {
    const chuhan::explorer::Data& d = engine_.explorer();
    if (!d.loaded()) return error_object("no opening data loaded");
    const chuhan::explorer::Figures f = d.figures();
    std::string out;
    json::Writer w(out);
    w.begin_object().key("games").integer(f.games).key("positions").integer(f.positions);
    w.key("openings").integer(f.openings).key("credit").string(d.credit());
    w.key("about").string(d.about()).end_object();
    return parse_json(out);
  }
  // What masters played: at the cursor (`fen` empty; the opening named as the game goes) or in
  // the position `fen` ("startpos" or a FEN). The entry as explorer::to_json writes it, null when
  // the data does not know the position, or {error}.
  val explore(const std::string& fen) const {
    const chuhan::explorer::Data& d = engine_.explorer();
    if (!d.loaded()) return error_object("no opening data loaded");
    std::optional<chuhan::explorer::Entry> e;
    if (fen.empty()) {
      e = engine_.explore();
    } else {
      chuhan::Position pos;
      chuhan::StateInfo st;
      if (const std::string problem =
              pos.set(fen == "startpos" ? chuhan::Position::StartFen : fen, &st);
          !problem.empty())
        return error_object("invalid FEN: " + problem);
      e = d.probe(pos);
    }
    return e ? parse_json(chuhan::explorer::to_json(*e)) : val::null();
  }
  // Master game `id` of the explorer's data with its moves, or {error}.
  val master_game(int id) const {
    const std::optional<chuhan::explorer::MasterGame> g = engine_.explorer().game(id);
    if (!g) return error_object("no master game " + std::to_string(id));
    return parse_json(chuhan::explorer::to_json(*g));
  }

  // Turns polling of Module.stopFlag on or off (on only when the page gave the worker a
  // SharedArrayBuffer; off costs nothing during search).
  void use_stop_flag(bool on) {
    if (on)
      engine_.set_external_stop([] { return chuhan_poll_stop_flag() != 0; });
    else
      engine_.set_external_stop({});
  }

 private:
  // The cursor's node record with its legal moves, and whatever `extra` adds.
  void write_cursor(json::Writer& w, const std::function<void(json::Writer&)>& extra) const {
    w.begin_object();
    chuhan::formats::write_node_fields(w, engine_.game().record(), engine_.game().cursor());
    w.key("legalMoves").strings(engine_.legal_moves());
    if (extra) extra(w);
    w.end_object();
  }
  val cursor_json(const std::function<void(json::Writer&)>& extra) const {
    std::string out;
    json::Writer w(out);
    write_cursor(w, extra);
    return parse_json(out);
  }
  val edit(const std::string& problem) const {
    return problem.empty() ? cursor_json({}) : error_object(problem);
  }
  void write_children(json::Writer& w, int parent) const {
    w.key("parent").integer(parent).key("children").begin_array();
    for (const int c : engine_.game().record().node(parent).children) w.integer(c);
    w.end_array();
  }

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
      .function("play", &EngineBinding::play)
      .function("goTo", &EngineBinding::go_to)
      .function("undo", &EngineBinding::undo)
      .function("removeNode", &EngineBinding::remove_node)
      .function("promote", &EngineBinding::promote)
      .function("setComment", &EngineBinding::set_comment)
      .function("setTag", &EngineBinding::set_tag)
      .function("setResult", &EngineBinding::set_result)
      .function("game", &EngineBinding::game)
      .function("loadGame", &EngineBinding::load_game)
      .function("saveGame", &EngineBinding::save_game)
      .function("checkPosition", &EngineBinding::check_position)
      .function("offerDraw", &EngineBinding::offer_draw)
      .function("readGames", &EngineBinding::read_games)
      .function("moveNames", &EngineBinding::move_names)
      .function("moveName", &EngineBinding::move_name)
      .function("pgn", &EngineBinding::pgn)
      .function("describe", &EngineBinding::describe)
      .function("inCheck", &EngineBinding::in_check)
      .function("perft", &EngineBinding::perft)
      .function("bench", &EngineBinding::bench)
      .function("newGame", &EngineBinding::new_game)
      .function("seedRandom", &EngineBinding::seed_random)
      .function("clearHash", &EngineBinding::clear_hash)
      .function("setOption", &EngineBinding::set_option)
      .function("hashSize", &EngineBinding::hash_size)
      .function("useStopFlag", &EngineBinding::use_stop_flag)
      .function("loadOpenings", &EngineBinding::load_openings)
      .function("openings", &EngineBinding::openings)
      .function("explore", &EngineBinding::explore)
      .function("masterGame", &EngineBinding::master_game);
  emscripten::function(
      "version", +[]() { return std::string(CHUHAN_VERSION); });
  emscripten::function("contract", &contract_to_js);
}
