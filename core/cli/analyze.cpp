#include "analyze.h"

#include <map>
#include <sstream>

#include "contract.h"
#include "json.h"
#include "quote.h"

namespace chuhan::cli {

namespace {

constexpr int64_t DefaultMovetimeMs = 1000;

// `text` as a JSON string (core/json.h escapes everything).
std::string json_string(const std::string& text) {
  std::string out;
  json::append_string(out, text);
  return out;
}

std::string json_strings(const std::vector<std::string>& items) {
  std::string out;
  json::append_strings(out, items);
  return out;
}

// "+35", "-120", "mate in 2", "mated in 3".
std::string score_text(const SearchInfo& info) {
  if (info.is_mate)
    return (info.score > 0 ? "mate in " : "mated in ") + std::to_string(std::abs(info.score));
  return (info.score > 0 ? "+" : "") + std::to_string(info.score) +
         (info.bound.empty() ? "" : " (" + info.bound + ")");
}

}  // namespace

int analyze(Engine& engine, const std::vector<std::string>& args, const Streams& io) {
  std::string position;
  SearchLimits limits;
  int64_t lines = 1;
  Notation style = Notation::CHINESE;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0) {
      position += (position.empty() ? "" : " ") + arg;
      continue;
    }
    if (arg == "--json") {
      json = true;
      continue;
    }
    if (i + 1 == args.size()) return usage_error(io, arg + " needs a value");
    const std::string& value = args[++i];
    std::string problem;
    int64_t n = 0;
    if (arg == "--movetime" || arg == "--depth") {
      const contract::Limit id =
          arg == "--movetime" ? contract::Limit::MOVETIME : contract::Limit::DEPTH;
      problem = contract::read_whole(arg, value, contract::spec(id).range, n);
      if (problem.empty()) problem = contract::set_limit(limits, id, n);
    } else if (arg == "--lines") {
      problem =
          contract::read_whole(arg, value, contract::spec(contract::Option::MULTIPV).range, lines);
    } else if (arg == "--notation") {
      if (!parse_notation(value, style))
        problem = "--notation must be chinese, wxf or iccs, got " + quote(value);
    } else {
      problem = "unknown option " + quote(arg);
    }
    if (!problem.empty()) return usage_error(io, "analyze: " + problem);
  }
  if (position.empty())
    return usage_error(io, "analyze needs a position: a FEN or startpos, then moves ...");
  // The position as a `position` command has it, with "fen" optional.
  std::istringstream words(position.rfind("startpos", 0) == 0 || position.rfind("fen ", 0) == 0
                               ? position
                               : "fen " + position);
  if (const std::string problem = set_position(engine, words); !problem.empty())
    return usage_error(io, "analyze: " + problem);
  if (!limits.movetime && !limits.depth) limits.movetime = DefaultMovetimeMs;
  engine.set_option(contract::Option::MULTIPV, lines, "--lines");

  // The last report of each line: the engine reports its lines together, distinct, after each
  // iteration and once more when stopped (then a line may be only a bound, which is shown).
  std::map<int, SearchInfo> last;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  engine.set_pv_names(style);
  const BestMove best = engine.go(limits, [&](const SearchInfo& info) {
    nodes = info.nodes;
    time_ms = info.time_ms;
    if (!info.pv.empty()) last[info.multipv] = info;
  });
  const std::string fen = engine.fen();
  engine.set_pv_names(std::nullopt);
  const std::string best_name =
      best.move.empty() ? "" : engine.move_name(best.move, NotationNames[int(style)]);

  if (json) {
    std::string out = "{\"fen\":" + json_string(fen) +
                      ",\"notation\":" + json_string(NotationNames[int(style)]) +
                      ",\"bestmove\":" + (best.move.empty() ? "null" : json_string(best.move)) +
                      ",\"nodes\":" + std::to_string(nodes) +
                      ",\"time\":" + std::to_string(time_ms) + ",\"lines\":[";
    for (const auto& [index, info] : last) {
      out += std::string(index > 1 ? "," : "") + "{\"multipv\":" + std::to_string(index) +
             ",\"depth\":" + std::to_string(info.depth) + ",\"score\":{\"" +
             (info.is_mate ? "mate" : "cp") + "\":" + std::to_string(info.score) + "}" +
             (info.bound.empty() ? "" : ",\"bound\":" + json_string(info.bound)) +
             ",\"pv\":" + json_strings(info.pv) + ",\"names\":" + json_strings(info.pv_names) + "}";
    }
    io.out(out + "]}");
    return 0;
  }
  io.out("Position: " + fen);
  if (best.move.empty()) {
    const GameResult r = engine.game_result();
    io.out("No legal move: " + r.result_string() + " (" + r.reason_string() + ")");
    return 0;
  }
  const int depth = last.empty() ? 0 : last.begin()->second.depth;
  io.out("Depth " + std::to_string(depth) + ", " + std::to_string(nodes) + " nodes, " +
         std::to_string(time_ms) + " ms");
  for (const auto& [index, info] : last) {
    std::string line = std::to_string(index) + ". " + score_text(info);
    line.resize(std::max<size_t>(line.size() + 1, 16), ' ');
    for (const std::string& name : info.pv_names) line += name + " ";
    line.pop_back();
    io.out(line);
  }
  io.out("Best move: " + (best_name.empty() ? best.move : best_name + " (" + best.move + ")"));
  return 0;
}

}  // namespace chuhan::cli
