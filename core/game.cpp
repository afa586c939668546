#include "game.h"

#include <cassert>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "quote.h"

namespace chuhan {

Game::Game() { reset("startpos"); }

namespace {

// `text` with every run of white space (tab, CR, LF included) made one space, none at the ends:
// a FEN read from a file keeps no line end in the record.
std::string single_spaced(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string word; in >> word;) out += (out.empty() ? "" : " ") + word;
  return out;
}

}  // namespace

std::string Game::reset(const std::string& fen) {
  const std::string start = fen == "startpos" ? Position::StartFen : single_spaced(fen);
  std::deque<StateInfo> states(1);
  Position probe;  // read first, so that a bad FEN leaves the game as it was
  if (const std::string error = probe.set(start, &states.back()); !error.empty())
    return "invalid FEN: " + error;
  states_ = std::move(states);  // a moved deque keeps its elements where they are
  pos_.set(start, &states_.back());
  start_fen_ = start;
  records_.clear();
  records_.push_back(describe_position());
  return "";
}

std::string Game::play(const std::string& iccs, const std::string& where) {
  const Move m = parse_move_text(iccs);
  if (m == MOVE_NONE) return "malformed move " + quote(iccs) + where + " (expected ICCS like h2e2)";
  if (!pos_.pseudo_legal(m) || !pos_.legal(m))
    return "illegal move " + quote(iccs) + where + " in position " + current().fen;
  play(m);
  return "";
}

void Game::play(Move m) {
  assert(MoveList<LEGAL>(pos_).contains(m));
  std::string chinese = move_name(pos_, m, Notation::CHINESE);
  std::string wxf = move_name(pos_, m, Notation::WXF);
  states_.emplace_back();
  pos_.do_move(m, states_.back());
  PlyRecord record = describe_position();
  record.move = m;
  record.iccs = move_to_string(m);
  record.chinese = std::move(chinese);
  record.wxf = std::move(wxf);
  records_.push_back(std::move(record));
}

bool Game::undo() {
  if (plies() == 0) return false;
  pos_.undo_move(current().move);
  states_.pop_back();
  records_.pop_back();
  return true;
}

std::vector<std::string> Game::moves() const {
  std::vector<std::string> out;
  out.reserve(records_.size() - 1);
  for (size_t i = 1; i < records_.size(); ++i) out.push_back(records_[i].iccs);
  return out;
}

PlyRecord Game::describe_position() {
  PlyRecord r;
  r.fen = pos_.fen();
  r.side_to_move = pos_.side_to_move();
  r.move_number = 1 + pos_.game_ply() / 2;
  r.in_check = pos_.in_check();
  r.result = judge(pos_);
  return r;
}

}  // namespace chuhan
