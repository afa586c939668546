// Game results: who won and why. One place that judges a game, used by search, the protocol
// adapters and the JS API.
#pragma once

#include <string>

#include "position.h"

namespace chuhan {

enum class Outcome : uint8_t { ONGOING, RED_WINS, BLACK_WINS, DRAW };

enum class ResultReason : uint8_t {
  NONE,
  CHECKMATE,
  STALEMATE,
  PERPETUAL_CHECK,
  PERPETUAL_CHASE,
  REPETITION,
  RULE_60,
  INSUFFICIENT_MATERIAL
};

struct GameResult {
  Outcome outcome = Outcome::ONGOING;
  ResultReason reason = ResultReason::NONE;

  bool over() const { return outcome != Outcome::ONGOING; }
  // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
  std::string result_string() const;
  // "checkmate", "stalemate", "perpetual check", "perpetual chase", "repetition",
  // "60-move rule", "insufficient material", or "" while the game goes on.
  std::string reason_string() const;
};

constexpr Outcome win_for(Color c) { return c == RED ? Outcome::RED_WINS : Outcome::BLACK_WINS; }

// Judges the game at the current position from its whole move history (the StateInfo chain).
GameResult judge(const Position& pos);

}  // namespace chuhan
