// Another engine as chuhan-datagen's opponent: a UCI engine (an anchor of
// scripts/match/README.md, e.g. Pikafish-HCE) run as a child process and asked for its move at a
// fixed node count. ICCS squares with ranks 0-9, as Chuhan and Pikafish write them.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace chuhan::tools {

// What went wrong with the opponent: it did not start, answered nonsense or exited.
struct OpponentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class UciOpponent {
 public:
  // Starts `command` (run by /bin/sh) with Threads 1 and Hash `hash_mb`, and waits for its
  // uciok and readyok. Throws OpponentError when it cannot.
  UciOpponent(const std::string& command, uint64_t nodes, int hash_mb);
  // Sends quit and waits for the child (ending it when it does not quit).
  ~UciOpponent();
  UciOpponent(const UciOpponent&) = delete;
  UciOpponent& operator=(const UciOpponent&) = delete;

  // The engine's `id name`, or the command when it gave none.
  const std::string& name() const { return name_; }

  // ucinewgame: the next position starts a new game (its hash cleared).
  void new_game();

  static constexpr int MateScore = 100000;

  struct Answer {
    std::string move;  // ICCS, e.g. "h2e2"; empty for "(none)" / "0000"
    // Its last score for the side to move, in centipawns; a mate is +MateScore (the side to move
    // mates) or -MateScore (it is mated), beyond any centipawn score.
    int score = 0;
  };
  // Its move in the position `fen` after `moves` (the game's moves since that position, so that
  // it sees repetitions). Throws OpponentError when it exits or never answers with bestmove.
  Answer best_move(const std::string& fen, const std::vector<std::string>& moves);

 private:
  void send(const std::string& line);
  std::string receive();  // the next line; throws OpponentError at end of output
  void wait_for(const std::string& first_word);
  void shut_down();  // quit, close the pipes, reap the child (idempotent)

  std::string name_;
  uint64_t nodes_;
  pid_t pid_ = -1;
  FILE* to_ = nullptr;    // its standard input
  FILE* from_ = nullptr;  // its standard output
};

}  // namespace chuhan::tools
