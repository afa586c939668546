// The game being played or studied: a record (record.h) and a cursor into it, with the position
// at the cursor and the StateInfo chain of the moves that led there (the history the rules and
// the search read). Playing, going to a node, undoing and editing the tree all happen here, and
// each describes only the nodes it makes: nothing is replayed from the start.
//
// The Engine, the file readers, the opening book and the tests keep their games here. A game is as
// long as memory allows.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "position.h"
#include "record.h"
#include "rules.h"

namespace chuhan {

class Game {
 public:
  // A game at the start position.
  Game();
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // Starts a new record at `fen` ("startpos" for the start position). Returns "" or "invalid FEN:
  // ..."; on error the game is unchanged.
  std::string reset(const std::string& fen);

  // Plays the move `iccs` (ICCS, e.g. "h2e2") at the cursor if it is legal there. Returns "" or
  // what is wrong ("malformed move 'x'<where> (expected ...)" or "illegal move 'x'<where> in
  // position FEN", where `where` is e.g. " at ply 3"); on error the game is unchanged.
  std::string play(const std::string& iccs, const std::string& where = "");
  // Plays `m`, which must be legal at the cursor, and moves the cursor to its node: the existing
  // child for that move, else a new one (the continuation when the cursor's node has none, a
  // variation otherwise). Returns the node.
  NodeId play(Move m);
  // Moves the cursor to its node's parent; false at the root.
  bool undo();
  // Moves the cursor to node `id` (any node of any line); false, and nothing moves, for a node
  // that does not exist or was removed. Costs the moves between the two nodes, not the game.
  bool go_to(NodeId id);

  // Edits of the tree (record.h); each returns false, changing nothing, for an invalid node.
  // Removing the node at or above the cursor moves the cursor to the removed node's parent.
  bool remove(NodeId id);
  bool promote(NodeId id, bool to_main) { return record_.promote(id, to_main); }
  bool set_comment(NodeId id, std::string text);
  bool set_nag(NodeId id, int nag);
  Tags& tags() { return record_.tags; }
  void declare(GameResult result) { record_.declared = result; }

  const Record& record() const { return record_; }
  NodeId cursor() const { return path_.back(); }
  // The current position. A caller that makes moves on it (search, perft) takes them back.
  const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  // The start FEN as given to reset() ("startpos" read as Position::StartFen).
  const std::string& start_fen() const { return record_.start_fen(); }

  // The line from the start to the cursor: its length in plies, the record of each of its
  // positions (0 is the start, n follows the n-th move), the cursor's, and its moves in ICCS.
  int plies() const { return int(path_.size()) - 1; }
  const PlyRecord& record(int ply) const { return record_.node(path_[size_t(ply)]).at; }
  const PlyRecord& current() const { return record_.node(cursor()).at; }
  std::vector<std::string> moves() const;

 private:
  // The record of the current position after `m` (MOVE_NONE at the start) was played from the
  // position before it (the caller names the move before making it).
  PlyRecord describe_position(Move m, std::string chinese, std::string wxf, Piece moved);
  // Takes back the cursor's move.
  void step_back();

  Record record_;
  Position pos_;
  std::deque<StateInfo> states_;  // one per node of path_; elements never move
  std::vector<NodeId> path_;      // the root .. the cursor
};

}  // namespace chuhan
