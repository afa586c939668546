#include "draw_offer.h"

#include <cstdlib>

#include "evaluate.h"
#include "rules.h"

namespace chuhan::draw {

const char* name(Reason r) {
  switch (r) {
    case Reason::GAME_OVER:
      return "game_over";
    case Reason::INSUFFICIENT_MATERIAL:
      return "insufficient_material";
    case Reason::NO_MATING_MATERIAL:
      return "no_mating_material";
    case Reason::WINNING:
      return "winning";
    case Reason::LOSING:
      return "losing";
    case Reason::BETTER:
      return "better";
    case Reason::DRAWN_ENDING:
      return "drawn_ending";
    case Reason::WORSE:
      return "worse";
    case Reason::LEVEL:
      return "level";
    case Reason::PLAY_ON:
      return "play_on";
  }
  return "";
}

std::optional<Decision> judge_without_search(Position& pos, Color /*asked*/) {
  // 1. Nothing to offer in a decided game, 2. unless the rules' own draw decided it.
  if (const GameResult r = judge(pos); r.over())
    return r.reason == ResultReason::INSUFFICIENT_MATERIAL
               ? Decision{true, Reason::INSUFFICIENT_MATERIAL, {}}
               : Decision{false, Reason::GAME_OVER, {}};
  // 3. Pieces that can attack, but none that can give mate.
  if (eval::endgame_scale(pos, RED) == 0 && eval::endgame_scale(pos, BLACK) == 0)
    return Decision{true, Reason::NO_MATING_MATERIAL, {}};
  return std::nullopt;
}

Decision judge_with_score(const Position& pos, Color asked, Value score) {
  const Value s = asked == pos.side_to_move() ? score : Value(-score);
  // 4. A mate settles it.
  if (s >= VALUE_MATE_IN_MAX_PLY) return {false, Reason::WINNING, s};
  if (s <= VALUE_MATED_IN_MAX_PLY) return {true, Reason::LOSING, s};
  // 5. Ahead: play on.
  if (s >= BetterMargin) return {false, Reason::BETTER, s};
  // 6. Material the books call drawn on both sides.
  const auto drawish = [&](Color c) {
    return eval::endgame_scale(pos, c) <= eval::ScaleNormal / 4;
  };
  if (drawish(RED) && drawish(BLACK)) return {true, Reason::DRAWN_ENDING, s};
  // 7. Behind: a draw is welcome.
  if (s <= -WorseMargin) return {true, Reason::WORSE, s};
  // 8. Level with little left.
  if (std::abs(s) <= LevelMargin && pos.major_count(RED) + pos.major_count(BLACK) <= FewMajors)
    return {true, Reason::LEVEL, s};
  // 9. Level or slightly either way, with plenty to play for.
  return {false, Reason::PLAY_ON, s};
}

}  // namespace chuhan::draw
