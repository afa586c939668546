// A game: its start position, the moves played, the StateInfo chain they made and a record of
// every ply (the move's names and what the position it led to is). The one owner of a game's
// history: the Engine, the PGN reader, the opening book and the tests all keep their games here.
// A game is as long as memory allows.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "position.h"
#include "rules.h"

namespace chuhan {

// One ply of a game: the move that was played and the position it led to. Record 0 is the start
// position, with no move.
struct PlyRecord {
  Move move = MOVE_NONE;
  std::string iccs, chinese, wxf;  // the move's names (notation.h); "" for record 0
  std::string fen;
  Color side_to_move = RED;
  int move_number = 1;    // the FEN's full-move number
  bool in_check = false;  // the side to move is in check
  GameResult result;      // the game's verdict here, from its whole history (rules.h)
};

class Game {
 public:
  // A game at the start position.
  Game();
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // Starts over at `fen` ("startpos" for the start position). Returns "" or "invalid FEN: ...";
  // on error the game is unchanged.
  std::string reset(const std::string& fen);
  // Plays the move `iccs` (ICCS, e.g. "h2e2") if it is legal here. Returns "" or what is wrong
  // ("malformed move 'x'<where> (expected ...)" or "illegal move 'x'<where> in position FEN",
  // where `where` is e.g. " at ply 3"); on error the game is unchanged.
  std::string play(const std::string& iccs, const std::string& where = "");
  // Plays `m`, which must be legal in the current position.
  void play(Move m);
  // Takes the last move back; false when there is none.
  bool undo();

  // The current position. A caller that makes moves on it (search, perft) takes them back.
  const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  // The start FEN as given to reset() ("startpos" read as Position::StartFen).
  const std::string& start_fen() const { return start_fen_; }
  // Number of moves played.
  int plies() const { return int(records_.size()) - 1; }
  // Record `ply` (0..plies()): record 0 is the start, record n follows the n-th move.
  const PlyRecord& record(int ply) const { return records_[size_t(ply)]; }
  const PlyRecord& current() const { return records_.back(); }
  // The moves played, in ICCS.
  std::vector<std::string> moves() const;

 private:
  // The record of the current position; `move` and its names are the caller's to set.
  PlyRecord describe_position();

  Position pos_;
  std::deque<StateInfo> states_;  // elements never move, so the chain stays valid
  std::vector<PlyRecord> records_;
  std::string start_fen_;
};

}  // namespace chuhan
