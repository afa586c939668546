#include "engine.h"

#include <algorithm>
#include <cstdlib>

#include "book.h"
#include "formats/pgn.h"
#include "movegen.h"
#include "quote.h"

namespace chuhan {

Engine::Engine() : explorer_(std::make_unique<explorer::Data>()), threads_(tt_) {
  set_position("startpos");
  configure_evaluation();
}
Engine::~Engine() = default;

std::string Engine::set_position(const std::string& fen, const std::vector<std::string>& moves) {
  auto game = std::make_unique<Game>();
  if (std::string error = game->reset(fen); !error.empty()) return error;
  for (size_t i = 0; i < moves.size(); ++i)
    if (std::string error = game->play(moves[i], " at ply " + std::to_string(i + 1));
        !error.empty())
      return error;
  game_ = std::move(game);
  banned_.clear();
  return "";
}

std::string Engine::play(const std::string& move) {
  const Move m = parse_move_name(game_->position(), move);
  if (m == MOVE_NONE) return quote(move) + " is not a legal move in position " + fen();
  if (const GameResult r = game_result(); r.over())
    return "the game is over (" + r.result_string() + ", " + r.reason_string() + "): no more moves";
  game_->play(m);
  banned_.clear();
  return "";
}

uint64_t Engine::random_draw() {
  if (!random_seeded_) seed_random(std::random_device{}());
  return random_();
}

std::vector<std::string> Engine::legal_moves() const {
  std::vector<std::string> out;
  for (Move m : MoveList<LEGAL>(game_->position())) out.push_back(move_to_string(m));
  return out;
}

std::string Engine::describe() const {
  std::string s = game_->position().pretty();
  const GameResult r = game_result();
  s += "Result: " +
       (r.over() ? r.result_string() + " (" + r.reason_string() + ")" : "game in progress") + "\n";
  return s;
}

std::vector<std::string> Engine::game_move_names(const std::string& style) const {
  Notation notation;
  if (!parse_notation(style, notation)) return {};
  std::vector<std::string> names;
  for (int ply = 1; ply <= game_->plies(); ++ply)
    names.push_back(name_of(game_->record(ply), notation));
  return names;
}

std::string Engine::move_name(const std::string& iccs, const std::string& style) const {
  Notation notation;
  const Move m = parse_move_text(iccs);
  if (!parse_notation(style, notation) || m == MOVE_NONE ||
      !MoveList<LEGAL>(game_->position()).contains(m))
    return "";
  return chuhan::move_name(game_->position(), m, notation);
}

namespace {
std::string no_node(NodeId node) { return "no node " + std::to_string(node) + " in this game"; }
}  // namespace

std::string Engine::go_to(NodeId node) {
  if (!game_->go_to(node)) return no_node(node);
  banned_.clear();
  return "";
}

std::string Engine::undo(int plies) {
  if (plies < 0 || plies > game_->plies())
    return contract::check("undo plies", plies, {0, game_->plies()});
  for (int i = 0; i < plies; ++i) game_->undo();
  if (plies) banned_.clear();
  return "";
}

std::string Engine::remove_node(NodeId node) {
  if (node == RootNode) return "the start of the game cannot be removed";
  const NodeId cursor = game_->cursor();
  if (!game_->remove(node)) return no_node(node);
  if (game_->cursor() != cursor) banned_.clear();
  return "";
}

std::string Engine::promote(NodeId node, bool to_main) {
  if (!game_->record().valid(node)) return no_node(node);
  game_->promote(node, to_main);  // already first: nothing to do
  return "";
}

std::string Engine::set_comment(NodeId node, const std::string& text) {
  return game_->set_comment(node, text) ? "" : no_node(node);
}

std::string Engine::set_tag(const std::string& name, const std::string& value) {
  if (name.empty() || name == "FEN" || name == "Result" ||
      name.find_first_of(" \t\r\n\"[]") != std::string::npos)
    return "bad tag name " + quote(name) + " (FEN and Result have their own calls)";
  game_->tags().set(name, value);
  return "";
}

std::string Engine::declare_result(const std::string& result, const std::string& reason) {
  GameResult r = formats::parse_result(result);
  if (!r.over() && result != "*")
    return "bad result " + quote(result) + " (expected 1-0, 0-1, 1/2-1/2 or *)";
  if (!reason.empty() && !contract::parse_reason(reason, r.reason))
    return "unknown reason " + quote(reason);
  if (!r.over()) r.reason = ResultReason::NONE;
  game_->declare(r);
  return "";
}

std::string Engine::load_game(std::string_view bytes, const formats::ReadOptions& options) {
  formats::Loaded loaded = formats::read_game(bytes, options);
  if (!loaded.game) return std::string(formats::name(loaded.format)) + ": " + loaded.error;
  const std::vector<NodeId> main = loaded.game->record().main_line();
  loaded.game->go_to(main.back());
  game_ = std::move(loaded.game);
  banned_.clear();
  return "";
}

std::string Engine::save_game(formats::Format format, const formats::WriteOptions& options) const {
  return formats::write_game(game_->record(), format, options, game_->cursor());
}

std::string Engine::pgn(const std::map<std::string, std::string>& tags) const {
  Record copy = game_->record();  // the extra tags go on a copy
  for (const auto& [k, v] : tags) {
    if (k != "Result") copy.tags.set(k, v);
  }
  if (const auto it = tags.find("Result"); it != tags.end())
    copy.declared = formats::parse_result(it->second);
  return formats::write_pgn(copy, {Notation::ICCS});
}

std::string Engine::load_pgn(const std::string& text) {
  return load_game(text, {formats::Format::PGN});
}

std::string Engine::set_banned_moves(const std::vector<std::string>& moves) {
  std::vector<Move> banned;
  const MoveList<LEGAL> legal(game_->position());
  for (const std::string& text : moves) {
    const Move m = parse_move_text(text);
    if (m == MOVE_NONE) return "malformed move " + quote(text);
    if (!legal.contains(m)) return quote(text) + " is not a legal move here";
    banned.push_back(m);
  }
  banned_ = banned;
  return "";
}

SearchInfo Engine::to_info(const search::InfoLine& line) const {
  SearchInfo info;
  info.depth = line.depth;
  info.seldepth = line.seldepth;
  info.multipv = line.multipv;
  info.is_mate = contract::is_mate(line.score);
  info.score = info.is_mate ? contract::mate_moves(line.score) : line.score;
  info.bound = line.bound == BOUND_LOWER   ? "lowerbound"
               : line.bound == BOUND_UPPER ? "upperbound"
                                           : "";
  info.nodes = line.nodes;
  info.time_ms = line.time;
  info.nps = line.time > 0 ? line.nodes * 1000 / uint64_t(line.time) : line.nodes * 1000;
  info.hashfull = line.hashfull;
  for (Move m : line.pv) info.pv.push_back(move_to_string(m));
  // Reports come between iterations, with the searched position back at the root.
  if (pv_style_) info.pv_names = line_names(game_->position(), line.pv, *pv_style_);
  return info;
}

BestMove Engine::go(const SearchLimits& limits,
                    const std::function<void(const SearchInfo&)>& on_info) {
  SearchLimits l = limits;
  l.multipv = multipv_;

  // Root moves: the legal moves (only those in `searchmoves` when given) minus the banned
  // ones. If that leaves nothing, all legal moves are searched.
  std::vector<Move> root;
  if (!banned_.empty() || !limits.searchmoves.empty()) {
    std::vector<Move> wanted;
    for (const std::string& text : limits.searchmoves) wanted.push_back(parse_move_text(text));
    for (Move m : MoveList<LEGAL>(game_->position()))
      if (std::find(banned_.begin(), banned_.end(), m) == banned_.end() &&
          (wanted.empty() || std::find(wanted.begin(), wanted.end(), m) != wanted.end()))
        root.push_back(m);
  }

  if (own_book_ && !limits.infinite && !limits.ponder && !limits.mate && multipv_ == 1 &&
      banned_.empty() && limits.searchmoves.empty()) {
    if (const Move m = book::pick(game_->position(), random_draw()); m != MOVE_NONE) {
      threads_.main().stop = false;
      threads_.main().pondering = false;
      return {move_to_string(m), "", true};
    }
  }

  const bool weakened = skill_level_ < skill::MaxLevel && !limits.infinite && !limits.mate;
  if (weakened) {
    const skill::Plan plan = skill::plan(skill_level_);
    l.multipv = std::max(l.multipv, plan.multipv);
    l.depth = l.depth ? std::min(l.depth, plan.depth) : plan.depth;
    if (l.movetime) l.movetime = skill::vary_time(l.movetime, skill_level_, random_draw());
  }

  // The lines of the last iteration reported (each iteration reports line 1 first).
  std::vector<search::InfoLine> last_lines;
  const search::Result r =
      threads_.run(game_->position(), l, root, move_overhead_, [&](const search::InfoLine& line) {
        if (line.multipv == 1) last_lines.clear();
        last_lines.push_back(line);
        if (on_info && line.multipv <= multipv_) on_info(to_info(line));
      });
  threads_.main().stop = false;
  threads_.main().pondering = false;
  BestMove best;
  if (r.best != MOVE_NONE) best.move = move_to_string(r.best);
  if (r.ponder != MOVE_NONE) best.ponder = move_to_string(r.ponder);
  // Root lines always start with their move (search.h RootMove).
  if (weakened && last_lines.size() > 1) {
    std::vector<skill::Candidate> candidates;
    for (const search::InfoLine& line : last_lines) candidates.push_back({line.pv[0], line.score});
    const size_t chosen = skill::choose(candidates, skill_level_, random_draw());
    const std::vector<Move>& pv = last_lines[chosen].pv;
    best.move = move_to_string(pv[0]);
    best.ponder = pv.size() > 1 ? move_to_string(pv[1]) : "";
  }
  return best;
}

std::string Engine::load_explorer(std::string_view bytes) {
  auto data = std::make_unique<explorer::Data>();
  if (std::string problem = data->load(bytes); !problem.empty()) return problem;
  explorer_ = std::move(data);
  return "";
}

PositionCheck Engine::check_position(const std::string& fen) {
  PositionCheck c;
  c.problems = Position::check(fen);
  if (!c.problems.empty()) return c;
  Position pos;
  StateInfo st;
  pos.set(fen, &st);
  c.in_check = pos.in_check();
  c.legal_moves = int(MoveList<LEGAL>(pos).size());
  c.result = judge(pos);
  return c;
}

draw::Decision Engine::offer_draw(Color asked) {
  Position& pos = game_->position();
  if (const std::optional<draw::Decision> d = draw::judge_without_search(pos, asked)) return *d;
  SearchLimits l;
  l.depth = DrawSearchDepth;
  l.nodes = DrawSearchNodes;
  const search::Result r = threads_.run(pos, l, {}, move_overhead_, {});
  threads_.main().stop = false;
  threads_.main().pondering = false;
  return draw::judge_with_score(pos, asked, r.score);
}

std::vector<formats::Loaded> Engine::read_games(std::string_view bytes,
                                                const formats::ReadOptions& options,
                                                size_t max_games) {
  return formats::read_games(bytes, options, max_games);
}

std::string Engine::load_network(const void* data, size_t size) {
  auto net = std::make_shared<nnue::Network>();
  if (std::string problem = nnue::parse(data, size, *net); !problem.empty())
    return problem + "; keeping " + quote(network().description);
  network_ = std::move(net);
  if (use_nnue_) tt_.clear();
  configure_evaluation();
  return "";
}

void Engine::use_embedded_network() {
  network_.reset();
  if (use_nnue_) tt_.clear();
  configure_evaluation();
}

void Engine::configure_evaluation() { threads_.set_network(use_nnue_ ? &network() : nullptr); }

const nnue::Network& Engine::network() const {
  return network_ ? *network_ : nnue::embedded_network();
}

void Engine::new_game() {
  tt_.clear();
  threads_.clear();
}

std::string Engine::set_option(contract::Option id, int64_t value, std::string_view what) {
  if (std::string problem = contract::check(id, value, what); !problem.empty()) return problem;
  switch (id) {
    case contract::Option::HASH:
      return resize_hash(int(value));
    case contract::Option::MULTIPV:
      multipv_ = int(value);
      break;
    case contract::Option::MOVE_OVERHEAD:
      move_overhead_ = int(value);
      break;
    case contract::Option::OWN_BOOK:
      own_book_ = value;
      break;
    case contract::Option::THREADS:
      return threads_.set_count(int(value));
    case contract::Option::SKILL_LEVEL:
      skill_level_ = int(value);
      break;
    case contract::Option::USE_NNUE:
      if (use_nnue_ != bool(value)) tt_.clear();  // its entries hold the other evaluation's scores
      use_nnue_ = value;
      configure_evaluation();
      break;
    case contract::Option::OPTION_NB:
      break;
  }
  return "";
}

int64_t Engine::option(contract::Option id) const {
  switch (id) {
    case contract::Option::HASH:
      return hash_mb_;
    case contract::Option::MULTIPV:
      return multipv_;
    case contract::Option::MOVE_OVERHEAD:
      return move_overhead_;
    case contract::Option::OWN_BOOK:
      return own_book_;
    case contract::Option::THREADS:
      return threads_.count();
    case contract::Option::SKILL_LEVEL:
      return skill_level_;
    case contract::Option::USE_NNUE:
      return use_nnue_;
    default:
      return 0;
  }
}

std::string Engine::resize_hash(int mb) {
  // The table itself is allocated at the next search, which would shrink it to what it can
  // get. Asking now, while the old table is still held, keeps the old one when the memory is
  // not there (a browser tab or a phone gives far less than a desktop).
  // (volatile: a compiler may drop an unused malloc/free pair and assume it succeeded.)
  if (void* volatile probe = std::malloc(size_t(mb) << 20)) {
    std::free(probe);
  } else {
    return "not enough memory for a " + std::to_string(mb) + " MB hash table; keeping " +
           std::to_string(hash_mb_) + " MB";
  }
  hash_mb_ = mb;
  tt_.resize(hash_mb_);
  return "";
}

void Engine::clear_hash() { tt_.clear(); }

namespace {

// Leaf count below `pos`, polling `stopped` at every node three or more plies from the leaves
// (each one a few thousand leaves, so the poll costs nothing measurable). Once it returns true
// the count is partial and `halted` is set.
uint64_t stoppable_perft(Position& pos, int depth, const std::function<bool()>& stopped,
                         bool& halted) {
  if (depth < 3) return chuhan::perft(pos, depth);
  if (halted || (halted = stopped())) return 0;
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m, st);
    nodes += stoppable_perft(pos, depth - 1, stopped, halted);
    pos.undo_move(m);
    if (halted) break;
  }
  return nodes;
}

}  // namespace

Engine::PerftResult Engine::perft(
    int depth, const std::function<void(const std::string&, uint64_t)>& per_move) {
  Position& pos = game_->position();
  PerftResult result;
  if (depth <= 0) return result.nodes = 1, result;
  const auto stopped = [this] {
    return threads_.main().stop ||
           (threads_.main().external_stop && threads_.main().external_stop());
  };
  StateInfo st;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m, st);
    const uint64_t n = stoppable_perft(pos, depth - 1, stopped, result.stopped);
    pos.undo_move(m);
    if (result.stopped) break;
    if (per_move) per_move(move_to_string(m), n);
    result.nodes += n;
  }
  threads_.main().stop = false;
  return result;
}

bench::Result Engine::bench(
    int depth, const std::function<void(int, const std::string&, const BestMove&)>& per_position) {
  // Keep the user's game and settings; the bench runs with its own fixed ones.
  std::unique_ptr<Game> saved = std::move(game_);
  const int saved_multipv = multipv_, saved_skill_level = skill_level_;
  tt_.resize(bench::HashMB);
  multipv_ = 1;
  skill_level_ = skill::MaxLevel;

  bench::Result result;
  const TimePoint start = now();
  int index = 0;
  for (const std::string& fen : bench::positions()) {
    if (stop_requested_) break;
    set_position(fen);
    new_game();
    SearchLimits limits;
    limits.depth = depth;
    const BestMove best = go(limits);
    result.nodes += threads_.nodes();
    if (per_position) per_position(++index, fen, best);
  }
  result.time_ms = now() - start;
  result.stopped = stop_requested_;

  game_ = std::move(saved);
  multipv_ = saved_multipv;
  skill_level_ = saved_skill_level;
  tt_.resize(hash_mb_);
  return result;
}

std::string score_to_uci(const SearchInfo& info) {
  return (info.is_mate ? "mate " : "cp ") + std::to_string(info.score);
}

}  // namespace chuhan
