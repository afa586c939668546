#include "explore.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "explorer.h"
#include "json.h"
#include "notation.h"
#include "quote.h"

namespace chuhan::cli {

namespace {

namespace fs = std::filesystem;

// Where the data file is when --data does not say.
std::vector<fs::path> default_paths() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path dir = exe.parent_path();
  return {dir / "openings.bin", dir / ".." / ".." / "wasm" / "data" / "openings.bin"};
}

std::string percent(int part, int whole) {
  return whole ? std::to_string((200 * part + whole) / (2 * whole)) + "%" : "-";
}

}  // namespace

int explore(Engine& engine, const std::vector<std::string>& args, const Streams& io) {
  std::string position, data_path;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--json") {
      json = true;
    } else if (arg == "--data") {
      if (i + 1 == args.size()) return usage_error(io, "explore: --data needs a file");
      data_path = args[++i];
    } else if (arg.rfind("--", 0) == 0) {
      return usage_error(io, "explore: unknown option " + quote(arg));
    } else {
      position += (position.empty() ? "" : " ") + arg;
    }
  }
  if (position.empty())
    return usage_error(io, "explore needs a position: a FEN or startpos, then moves ...");
  std::istringstream words(position.rfind("startpos", 0) == 0 || position.rfind("fen ", 0) == 0
                               ? position
                               : "fen " + position);
  if (const std::string problem = set_position(engine, words); !problem.empty())
    return usage_error(io, "explore: " + problem);

  std::vector<fs::path> candidates;
  if (!data_path.empty())
    candidates.push_back(data_path);
  else
    candidates = default_paths();
  std::string bytes, tried;
  for (const fs::path& path : candidates) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      tried += (tried.empty() ? "" : ", ") + path.string();
      continue;
    }
    std::stringstream b;
    b << in.rdbuf();
    bytes = b.str();
    data_path = path.string();
    break;
  }
  if (bytes.empty()) {
    io.err("chuhan: explore: no opening data (tried " + (tried.empty() ? "nothing" : tried) +
           "); give --data FILE (wasm/data/openings.bin)");
    return 1;
  }
  if (const std::string problem = engine.load_explorer(bytes); !problem.empty()) {
    io.err("chuhan: explore: " + data_path + ": " + problem);
    return 1;
  }

  const std::optional<explorer::Entry> found = engine.explore();
  const explorer::Entry entry = found.value_or(explorer::Entry{});
  if (json) {
    io.out(explorer::to_json(entry));
    return 0;
  }
  io.out("Position: " + engine.fen());
  if (!entry.opening.eco.empty())
    io.out("Opening: " + entry.opening.eco + " " + entry.opening.zh + " (" + entry.opening.en +
           ")");
  const explorer::Figures all = engine.explorer().figures();
  if (!entry.games) {
    io.out("Not in the master games (" + std::to_string(all.positions) + " positions of " +
           std::to_string(all.games) + " kept games)");
    return 0;
  }
  io.out("Games: " + std::to_string(entry.games) + " (Red wins " + percent(entry.red, entry.games) +
         ", draws " + percent(entry.draw, entry.games) + ", Black wins " +
         percent(entry.black, entry.games) + ")");
  io.out("Move  Name           Games  Red  Draw Black");
  const Position& pos = engine.game().position();
  for (const explorer::MoveStats& m : entry.moves) {
    std::string line = move_to_string(m.move) + "  " + move_name(pos, m.move, Notation::CHINESE);
    line.resize(line.size() + 2, ' ');  // a Chinese name is 4 characters of 3 bytes, 2 columns each
    std::string games = std::to_string(m.games);
    line += std::string(games.size() < 7 ? 7 - games.size() : 0, ' ') + games;
    for (const int part : {m.red, m.draw, m.black}) {
      const std::string p = percent(part, m.games);
      line += std::string(p.size() < 5 ? 6 - p.size() : 1, ' ') + p;
    }
    io.out(line);
  }
  if (!entry.top_games.empty()) io.out("Master games:");
  for (const explorer::GameSummary& g : entry.top_games)
    io.out("  " + (g.year ? std::to_string(g.year) : std::string("????")) + "  " + g.red + " - " +
           g.black + "  " + result_string(g.result) + "  " + g.event + "  (game " +
           std::to_string(g.id) + ")");
  io.out("Source: " + engine.explorer().credit());
  return 0;
}

}  // namespace chuhan::cli
