#include "engine.h"

#include "movegen.h"

namespace chuhan {

Engine::Engine() { set_position("startpos"); }
Engine::~Engine() = default;

std::string Engine::set_position(const std::string& fen, const std::vector<std::string>& moves) {
  auto game = std::make_unique<Game>();
  game->states.emplace_back();
  const std::string error =
      game->pos.set(fen == "startpos" ? Position::StartFen : fen, &game->states.back());
  if (!error.empty()) return "invalid FEN: " + error;

  for (size_t i = 0; i < moves.size(); ++i) {
    const Move m = parse_move_text(moves[i]);
    const std::string where = " at ply " + std::to_string(i + 1);
    if (m == MOVE_NONE) return "malformed move '" + moves[i] + "'" + where + " (expected ICCS like h2e2)";
    if (!MoveList<LEGAL>(game->pos).contains(m))
      return "illegal move '" + moves[i] + "'" + where + " in position " + game->pos.fen();
    game->states.emplace_back();
    game->pos.do_move(m, game->states.back());
  }
  game_ = std::move(game);
  return "";
}

std::string Engine::fen() const { return game_->pos.fen(); }

std::vector<std::string> Engine::legal_moves() const {
  std::vector<std::string> out;
  for (Move m : MoveList<LEGAL>(game_->pos)) out.push_back(move_to_string(m));
  return out;
}

GameResult Engine::game_result() const { return judge(game_->pos); }

std::string Engine::describe() const {
  std::string s = game_->pos.pretty();
  const GameResult r = game_result();
  s += "Result: " + (r.over() ? r.result_string() + " (" + r.reason_string() + ")" : "game in progress") + "\n";
  return s;
}

uint64_t Engine::perft(int depth, const std::function<void(const std::string&, uint64_t)>& per_move) {
  Position& pos = game_->pos;
  if (depth <= 0) return 1;
  uint64_t total = 0;
  StateInfo st;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m, st);
    const uint64_t n = chuhan::perft(pos, depth - 1);
    pos.undo_move(m);
    if (per_move) per_move(move_to_string(m), n);
    total += n;
  }
  return total;
}

}  // namespace chuhan
