// The one facade every front end uses: the UCI/UCCI text loop, the WebAssembly binding and the
// tests. Holds the game (start position plus moves), and later the search and its options.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "position.h"
#include "rules.h"

namespace chuhan {

class Engine {
 public:
  Engine();
  ~Engine();

  // Sets the game to `fen` (or the start position for "startpos") followed by `moves` in ICCS.
  // Returns "" on success; otherwise says what is wrong (bad FEN, malformed or illegal move
  // and at which ply) and keeps the previous game.
  std::string set_position(const std::string& fen, const std::vector<std::string>& moves = {});

  std::string fen() const;
  // Legal moves of the current position in ICCS, in generation order.
  std::vector<std::string> legal_moves() const;
  GameResult game_result() const;
  // Board diagram, FEN, key and the game's verdict, for the `d` command.
  std::string describe() const;

  // Leaf count at `depth`; `per_move`, if given, receives each root move's count (divide).
  uint64_t perft(int depth, const std::function<void(const std::string&, uint64_t)>& per_move = {});

 private:
  // The game: the position after all moves and the StateInfo chain from its start.
  struct Game {
    Position pos;
    std::deque<StateInfo> states;  // elements never move, so the chain stays valid
  };
  std::unique_ptr<Game> game_;
};

}  // namespace chuhan
