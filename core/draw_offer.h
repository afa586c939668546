// How the engine answers a draw offer: it accepts when it judges the position drawn (or a draw
// more than it can hope for) and says why. The judgement reads the position and a short search's
// score; it changes nothing in the search itself.
//
// The rule, in order; `asked` is the side the offer is made to, the score is from its side:
//  1. A decided game: no offer to answer (GAME_OVER, refused), except that
//  2. the rules' insufficient material (neither side has a piece that can attack, rules.h) is
//     a draw already: accepted (INSUFFICIENT_MATERIAL).
//  3. Neither side has material that can give mate (evaluate.h endgame_scale 0 for both: only
//     advisors, elephants and soldiers on the last rank, or a lone cannon with nothing to jump
//     over): accepted (NO_MATING_MATERIAL).
//  Then a short search at full strength (Engine::offer_draw):
//  4. A mate found: for the asked side refused (WINNING), against it accepted (LOSING).
//  5. Ahead by BetterMargin or more: refused (BETTER): it plays on for the win.
//  6. A known drawn ending: each side's winning chances a quarter or less of normal (a lone rook
//     against full defence, a lone horse against an elephant or two defenders, a lone cannon
//     against a defender, a lone soldier against two): accepted (DRAWN_ENDING).
//  7. Behind by WorseMargin or more: accepted (WORSE): a draw is more than it can expect.
//  8. Level (within LevelMargin) with little material left (at most FewMajors rooks, horses and
//     cannons on the board): accepted (LEVEL).
//  9. Otherwise refused (PLAY_ON): level, but with plenty left to play for.
#pragma once

#include <optional>

#include "position.h"

namespace chuhan::draw {

enum class Reason : uint8_t {
  GAME_OVER,
  INSUFFICIENT_MATERIAL,
  NO_MATING_MATERIAL,
  WINNING,
  LOSING,
  BETTER,
  DRAWN_ENDING,
  WORSE,
  LEVEL,
  PLAY_ON,
};

// "game_over", "insufficient_material", "no_mating_material", "winning", "losing", "better",
// "drawn_ending", "worse", "level", "play_on": stable names for front ends to translate.
const char* name(Reason r);

struct Decision {
  bool accepted = false;
  Reason reason = Reason::PLAY_ON;
  std::optional<Value> score;  // the search's score from the asked side (steps 4-9)
};

// Centipawns: ahead by this much, the engine plays on.
constexpr Value BetterMargin = 100;
// Behind by this much, it takes the draw.
constexpr Value WorseMargin = 200;
// Within this much either way, the position is level.
constexpr Value LevelMargin = 50;
// Rooks, horses and cannons (both sides together) at most on the board for a level position to
// count as drawn.
constexpr int FewMajors = 4;

// Steps 1-3, from the position alone (the game's history judges step 1: `pos` holds it). No
// answer when a search must decide.
std::optional<Decision> judge_without_search(Position& pos, Color asked);
// Steps 4-9, given the search's score from the side to move's point of view.
Decision judge_with_score(const Position& pos, Color asked, Value score);

}  // namespace chuhan::draw
