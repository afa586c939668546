// Game results: who won and why. The one place that judges a game from its history; search,
// the protocol adapters and the JS API all call it.
//
// Rule text followed: the Asian Xiangqi Federation (AXF) rules as computer engines apply them
// (Pikafish's rule judge, Fairy-Stockfish's AXF chasing rule), with the simplifications listed
// in rules.cpp.
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
  INSUFFICIENT_MATERIAL,
  // Declared by the players or a file, not judged from the board (Record::declared):
  RESIGNATION,
  TIME,      // a flag fell
  AGREEMENT  // a draw agreed
};

struct GameResult {
  Outcome outcome = Outcome::ONGOING;
  ResultReason reason = ResultReason::NONE;

  bool over() const { return outcome != Outcome::ONGOING; }
  // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
  std::string result_string() const;
  // "checkmate", "stalemate", "perpetual check", "perpetual chase", "repetition",
  // "60-move rule", "insufficient material", "resignation", "time", "agreement", or "" while
  // the game goes on or when no reason is known.
  std::string reason_string() const;
};

// "1-0", "0-1", "1/2-1/2", or "*" for ONGOING.
std::string result_string(Outcome o);

constexpr Outcome win_for(Color c) { return c == RED ? Outcome::RED_WINS : Outcome::BLACK_WINS; }

// Plies without a capture after which the game is drawn (60 moves by each side).
constexpr int Rule60Plies = 120;
// Occurrences of a position that end a game (the third time it stands on the board). The
// search judges a repetition inside its tree at once, as if the cycle would go on (see
// search.cpp's repetition_value).
constexpr int GameRepetitions = 3;

// Plies back, within the reversible part of the history (since the last capture or null move),
// to the `earlier`-th earlier occurrence of the current position; 0 if there are fewer.
int repetition_distance(const Position& pos, int earlier);

// Judges the cycle of the last `span` plies, which leads back to the current position (span
// from repetition_distance): a side that checked with every move while the other did not loses
// (perpetual check); otherwise a side that chased the same piece with every move (checks
// allowed) while the other did not loses (perpetual chase); otherwise it is a draw by
// repetition. The position is the same on return.
GameResult judge_cycle(Position& pos, int span);

// judge_cycle over the moves since the `earlier`-th earlier occurrence of the current position,
// if there are that many; an ongoing result otherwise.
GameResult judge_repetition(Position& pos, int earlier);

// True if neither side has a piece that can attack (rook, horse, cannon or soldier).
bool insufficient_material(const Position& pos);

// Judges the game at the current position from its whole history (the StateInfo chain):
// checkmate or stalemate (the side to move loses), repetition (perpetual check and chase),
// the 60-move rule, insufficient material. The position is the same on return.
GameResult judge(Position& pos);

}  // namespace chuhan
