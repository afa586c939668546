#include "contract.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "quote.h"

namespace chuhan::contract {

std::string must_be(std::string_view what, Range range) {
  return std::string(what) + " must be a whole number in " + std::to_string(range.min) + ".." +
         std::to_string(range.max);
}

std::string check(std::string_view what, int64_t value, Range range) {
  return range.contains(value) ? "" : must_be(what, range) + ", got " + std::to_string(value);
}

bool parse_whole(const std::string& text, int64_t& value) {
  const size_t digits = text.size() - (!text.empty() && text[0] == '-');
  if (digits == 0 ||
      text.find_first_not_of("0123456789", text.size() - digits) != std::string::npos)
    return false;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), nullptr, 10);
  if (errno) return false;
  value = v;
  return true;
}

std::string read_whole(std::string_view what, const std::string& text, Range range,
                       int64_t& value) {
  int64_t v;
  if (!parse_whole(text, v))
    return must_be(what, range) + ", got " + (text.empty() ? "nothing" : quote(text));
  if (std::string problem = check(what, v, range); !problem.empty()) return problem;
  value = v;
  return "";
}

const LimitSpec* find_limit(std::string_view name) {
  for (const LimitSpec& s : Limits)
    if (name == s.name) return &s;
  return nullptr;
}

std::string set_limit(SearchLimits& limits, Limit id, int64_t value) {
  const LimitSpec& s = spec(id);
  if (std::string problem = check(s.name, value, s.range); !problem.empty()) return problem;
  switch (id) {
    case Limit::MOVETIME:
      limits.movetime = value;
      break;
    case Limit::DEPTH:
      limits.depth = Depth(value);
      break;
    case Limit::NODES:
      limits.nodes = uint64_t(value);
      break;
    case Limit::MATE:
      limits.mate = int(value);
      break;
    case Limit::WTIME:
      limits.time[RED] = std::max<int64_t>(value, 1);
      break;
    case Limit::BTIME:
      limits.time[BLACK] = std::max<int64_t>(value, 1);
      break;
    case Limit::WINC:
      limits.inc[RED] = value;
      break;
    case Limit::BINC:
      limits.inc[BLACK] = value;
      break;
    case Limit::MOVESTOGO:
      limits.movestogo = int(value);
      break;
    case Limit::LIMIT_NB:
      break;
  }
  return "";
}

bool bounded(const SearchLimits& l) {
  return !l.infinite && (l.movetime || l.depth || l.nodes || l.use_time_management());
}

const OptionSpec* find_uci_option(std::string_view name) {
  const auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  };
  for (const OptionSpec& s : Options)
    if (available(s.id) && std::equal(name.begin(), name.end(), s.uci_name,
                                      s.uci_name + std::strlen(s.uci_name), same))
      return &s;
  return nullptr;
}

const OptionSpec* find_js_option(std::string_view name) {
  for (const OptionSpec& s : Options)
    if (available(s.id) && name == s.js_name) return &s;
  return nullptr;
}

std::string check(Option id, int64_t value, std::string_view what) {
  const OptionSpec& s = spec(id);
  if (s.is_check)
    return s.range.contains(value) ? "" : std::string(what) + " must be true or false";
  return check(what, value, s.range);
}

int mate_moves(Value v) { return v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2; }

Value mate_value(int moves) {
  return moves > 0 ? VALUE_MATE - 2 * moves + 1 : -VALUE_MATE - 2 * moves;
}

const char* name(Outcome outcome) {
  switch (outcome) {
    case Outcome::RED_WINS:
      return "red_wins";
    case Outcome::BLACK_WINS:
      return "black_wins";
    case Outcome::DRAW:
      return "draw";
    default:
      return "ongoing";
  }
}

const char* name(ResultReason reason) {
  switch (reason) {
    case ResultReason::CHECKMATE:
      return "checkmate";
    case ResultReason::STALEMATE:
      return "stalemate";
    case ResultReason::PERPETUAL_CHECK:
      return "perpetual_check";
    case ResultReason::PERPETUAL_CHASE:
      return "perpetual_chase";
    case ResultReason::REPETITION:
      return "repetition";
    case ResultReason::RULE_60:
      return "rule_60";
    case ResultReason::INSUFFICIENT_MATERIAL:
      return "insufficient_material";
    case ResultReason::RESIGNATION:
      return "resignation";
    case ResultReason::TIME:
      return "time";
    case ResultReason::AGREEMENT:
      return "agreement";
    default:
      return "";
  }
}

bool parse_reason(std::string_view text, ResultReason& out) {
  for (const ResultReason r : Reasons)
    if (text == name(r)) return out = r, true;
  return false;
}

}  // namespace chuhan::contract
