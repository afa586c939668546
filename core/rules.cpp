#include "rules.h"

#include "movegen.h"

namespace chuhan {

std::string GameResult::result_string() const {
  switch (outcome) {
    case Outcome::RED_WINS: return "1-0";
    case Outcome::BLACK_WINS: return "0-1";
    case Outcome::DRAW: return "1/2-1/2";
    default: return "*";
  }
}

std::string GameResult::reason_string() const {
  switch (reason) {
    case ResultReason::CHECKMATE: return "checkmate";
    case ResultReason::STALEMATE: return "stalemate";
    case ResultReason::PERPETUAL_CHECK: return "perpetual check";
    case ResultReason::PERPETUAL_CHASE: return "perpetual chase";
    case ResultReason::REPETITION: return "repetition";
    case ResultReason::RULE_60: return "60-move rule";
    case ResultReason::INSUFFICIENT_MATERIAL: return "insufficient material";
    default: return "";
  }
}

GameResult judge(const Position& pos) {
  // A side with no legal move loses, whether it is in check (checkmate) or not (stalemate).
  if (MoveList<LEGAL>(pos).size() == 0)
    return {win_for(~pos.side_to_move()),
            pos.in_check() ? ResultReason::CHECKMATE : ResultReason::STALEMATE};
  return {};
}

}  // namespace chuhan
