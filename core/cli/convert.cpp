#include "convert.h"

#include <iostream>

#include "files.h"
#include "formats/game_file.h"
#include "formats/xqf.h"
#include "quote.h"

namespace chuhan::cli {

namespace {

// Game files larger than this are refused rather than read (the largest XQF known is about a
// megabyte; a PGN of a million games is a few hundred).
constexpr size_t MaxFileBytes = size_t(512) << 20;

// The bytes of `path` ("-": standard input): "" or why they cannot be read.
std::string file_bytes(const std::string& path, std::string& bytes) {
  if (path != "-") return read_file(path, MaxFileBytes, bytes);
  bytes.clear();
  char buffer[65536];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    bytes.append(buffer, size_t(std::cin.gcount()));
    if (bytes.size() > MaxFileBytes)
      return "too large: more than " + std::to_string(MaxFileBytes) + " bytes";
  }
  return std::cin.bad() ? "cannot read standard input" : "";
}

// Prints `text` (lines, maybe ending in a line break) as lines.
void print(const Streams& io, std::string text) {
  if (!text.empty() && text.back() == '\n') text.pop_back();
  io.out(text);
}

// "pgn", or "xqf-1.8" with an XQF file's version.
std::string format_label(const formats::Loaded& game, std::string_view bytes) {
  std::string label = formats::name(game.format);
  if (game.format == formats::Format::XQF) {
    const int v = formats::xqf_version(bytes);
    label += v ? "-" + std::to_string(v / 10) + "." + std::to_string(v % 10) : "-?";
  }
  return label;
}

// One line per game of each file: path, game number, format, ok (and its size) or error (and
// why). Returns 0 when every game of every file was read, else 1.
int check(const std::vector<std::string>& paths, const formats::ReadOptions& options,
          const Streams& io) {
  int status = 0;
  for (const std::string& path : paths) {
    std::string bytes;
    if (const std::string problem = file_bytes(path, bytes); !problem.empty()) {
      io.out(path + "\t0\t-\terror\tcannot read the file: " + problem);
      status = 1;
      continue;
    }
    const std::vector<formats::Loaded> games = formats::read_games(bytes, options);
    for (size_t i = 0; i < games.size(); ++i) {
      const formats::Loaded& g = games[i];
      std::string line = path;
      for (const std::string& field : {std::to_string(i + 1), format_label(g, bytes)})
        line.append("\t").append(field);
      line += '\t';
      if (g.game) {
        const Record& r = g.game->record();
        int nodes = 0, comments = 0;
        for (NodeId id = 0; id < r.size(); ++id) {
          nodes += r.valid(id) && id != RootNode;
          comments += r.valid(id) && !r.node(id).comment.empty();
        }
        line += "ok\t" + std::to_string(r.main_line().size() - 1) + " moves, " +
                std::to_string(nodes) + " nodes, " + std::to_string(comments) + " comments";
      } else {
        status = 1;
        std::string error = g.error;
        for (char& c : error)
          if (c == '\n' || c == '\t') c = ' ';
        line += "error\t" + error;
      }
      io.out(line);
    }
  }
  return status;
}

}  // namespace

int convert(const std::vector<std::string>& args, const Streams& io) {
  formats::ReadOptions read;
  formats::WriteOptions write;
  formats::Format to = formats::Format::PGN;
  bool all = false, checking = false;
  std::vector<std::string> paths;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--all") {
      all = true;
      continue;
    }
    if (arg == "--check") {
      checking = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0 || arg == "-") {
      paths.push_back(arg);
      continue;
    }
    if (i + 1 == args.size()) return usage_error(io, "convert: " + arg + " needs a value");
    const std::string& value = args[++i];
    if (arg == "--to") {
      if (!formats::parse_format(value, to) || to == formats::Format::AUTO ||
          to == formats::Format::XQF)
        return usage_error(io, "convert: --to " + quote(value) +
                                   " is not a format written (pgn, dhtmlxq, json, fen)");
    } else if (arg == "--notation") {
      if (!parse_notation(value, write.notation))
        return usage_error(
            io, "convert: --notation " + quote(value) + " is not a notation (iccs, wxf, chinese)");
    } else if (arg == "--encoding") {
      if (!formats::parse_encoding(value, read.encoding))
        return usage_error(io, "convert: --encoding " + quote(value) +
                                   " is not an encoding (auto, gbk, big5, utf-8)");
    } else {
      return usage_error(io, "convert: unknown option " + quote(arg));
    }
  }
  if (checking) {
    if (paths.empty()) return usage_error(io, "convert --check needs files");
    return check(paths, read, io);
  }
  if (paths.size() != 1) return usage_error(io, "convert needs one file");

  const std::string& path = paths.front();
  std::string bytes;
  if (const std::string problem = file_bytes(path, bytes); !problem.empty()) {
    io.err("chuhan: convert: cannot read " + quote(path) + ": " + problem);
    return 1;
  }
  const std::vector<formats::Loaded> games = formats::read_games(bytes, read, all ? 100000 : 1);
  int status = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    const formats::Loaded& g = games[i];
    if (!g.game) {
      std::string where = path + ": " + formats::name(g.format);
      if (games.size() > 1) where += " game " + std::to_string(i + 1);
      std::string error = g.error;
      for (char& c : error)
        if (c == '\n') c = ' ';
      io.err("chuhan: convert: " + where + ": " + error);
      status = 1;
      continue;
    }
    std::string text = formats::write_game(g.game->record(), to, write);
    // Games of a text format one after another: PGN games and DhtmlXQ blocks apart by a line.
    if (all && i + 1 < games.size() &&
        (to == formats::Format::PGN || to == formats::Format::DHTMLXQ))
      text += "\n";
    print(io, text);
  }
  return status;
}

}  // namespace chuhan::cli
