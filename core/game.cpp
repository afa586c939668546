#include "game.h"

#include <algorithm>
#include <cassert>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "quote.h"

namespace chuhan {

Game::Game() : record_(PlyRecord{}) { reset("startpos"); }

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
  record_ = Record(describe_position(MOVE_NONE, "", "", NO_PIECE));
  path_ = {RootNode};
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

NodeId Game::play(Move m) {
  assert(MoveList<LEGAL>(pos_).contains(m));
  NodeId id = record_.child(cursor(), m);
  if (id == NoNode) {
    std::string chinese = move_name(pos_, m, Notation::CHINESE);
    std::string wxf = move_name(pos_, m, Notation::WXF);
    const Piece moved = pos_.piece_on(from_sq(m));
    states_.emplace_back();
    pos_.do_move(m, states_.back());
    id = record_.add(cursor(), describe_position(m, std::move(chinese), std::move(wxf), moved));
  } else {
    states_.emplace_back();
    pos_.do_move(m, states_.back());
  }
  path_.push_back(id);
  return id;
}

void Game::step_back() {
  pos_.undo_move(current().move);
  states_.pop_back();
  path_.pop_back();
}

bool Game::undo() {
  if (plies() == 0) return false;
  step_back();
  return true;
}

bool Game::go_to(NodeId id) {
  if (!record_.valid(id)) return false;
  const std::vector<NodeId> target = record_.path(id);
  // Back to the last node both lines share, then forward along the target's line.
  size_t shared = 0;
  while (shared < target.size() && shared < path_.size() && target[shared] == path_[shared])
    ++shared;
  while (path_.size() > shared) step_back();
  for (size_t i = shared; i < target.size(); ++i) {
    states_.emplace_back();
    pos_.do_move(record_.node(target[i]).at.move, states_.back());
    path_.push_back(target[i]);
  }
  return true;
}

bool Game::remove(NodeId id) {
  if (!record_.valid(id) || id == RootNode) return false;
  if (std::find(path_.begin(), path_.end(), id) != path_.end()) go_to(record_.node(id).parent);
  return record_.remove(id);
}

bool Game::set_comment(NodeId id, std::string text) {
  if (!record_.valid(id)) return false;
  record_.set_comment(id, std::move(text));
  return true;
}

bool Game::set_nag(NodeId id, int nag) {
  if (!record_.valid(id) || id == RootNode) return false;
  record_.set_nag(id, nag);
  return true;
}

std::vector<std::string> Game::moves() const {
  std::vector<std::string> out;
  out.reserve(path_.size() - 1);
  for (size_t i = 1; i < path_.size(); ++i) out.push_back(record_.node(path_[i]).at.iccs);
  return out;
}

PlyRecord Game::describe_position(Move m, std::string chinese, std::string wxf, Piece moved) {
  PlyRecord r;
  r.move = m;
  if (m != MOVE_NONE) {
    r.iccs = move_to_string(m);
    r.chinese = std::move(chinese);
    r.wxf = std::move(wxf);
    r.moved = moved;
    r.captured = pos_.state()->captured;
    r.ply = plies() + 1;  // the cursor has not moved yet
  }
  r.fen = pos_.fen();
  r.side_to_move = pos_.side_to_move();
  r.move_number = 1 + pos_.game_ply() / 2;
  r.in_check = pos_.in_check();
  r.result = judge(pos_);
  return r;
}

}  // namespace chuhan
