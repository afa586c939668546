#include "game_file.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "dhtmlxq.h"
#include "game_json.h"
#include "pgn.h"
#include "xqf.h"

namespace chuhan::formats {

namespace {

constexpr std::string_view XqfMagic = "XQ";

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The non-empty lines of a text, trimmed.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    const std::string_view line = trim(text.substr(0, eol));
    if (!line.empty()) lines.push_back(line);
    if (eol == std::string_view::npos) break;
    text.remove_prefix(eol + 1);
  }
  return lines;
}

// A FEN, or an EPD line (board and side, then operations such as `id "..."` kept as the game's
// comment), as a game of no moves; the error when the line is neither.
Loaded read_fen_line(std::string_view line) {
  Loaded out;
  out.format = Format::FEN;
  auto game = std::make_unique<Game>();
  std::string error = game->reset(std::string(line));
  if (!error.empty()) {
    std::istringstream in{std::string(line)};
    std::string board, side;
    in >> board >> side;
    std::string rest;
    std::getline(in, rest);
    std::string_view ops = trim(rest);
    while (ops.substr(0, 2) == "- ") ops = trim(ops.substr(2));  // EPD's castling and en passant
    if (game->reset(board + " " + side).empty()) {
      error.clear();
      if (!ops.empty() && ops != "-") game->set_comment(RootNode, std::string(ops));
    }
  }
  if (!error.empty()) {
    out.error = error;
    return out;
  }
  out.game = std::move(game);
  return out;
}

bool looks_like_fen(std::string_view line) {
  Position probe;
  StateInfo st;
  std::istringstream in{std::string(line)};
  std::string board, side;
  in >> board >> side;
  return std::count(board.begin(), board.end(), '/') == 9 &&
         (probe.set(std::string(line), &st).empty() || probe.set(board + " " + side, &st).empty());
}

// A PGN tag pair: [Name "value"].
bool is_pgn_tag(std::string_view line) {
  if (line.size() < 4 || line.front() != '[') return false;
  size_t k = 1;
  while (k < line.size() && (std::isalnum(static_cast<unsigned char>(line[k])) || line[k] == '_'))
    ++k;
  if (k == 1) return false;
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
  return k < line.size() && line[k] == '"';
}

}  // namespace

const char* name(Format f) {
  switch (f) {
    case Format::PGN:
      return "pgn";
    case Format::XQF:
      return "xqf";
    case Format::DHTMLXQ:
      return "dhtmlxq";
    case Format::FEN:
      return "fen";
    case Format::JSON:
      return "json";
    default:
      return "auto";
  }
}

bool parse_format(std::string_view text, Format& out) {
  const std::string l = lower(text);
  for (const Format f :
       {Format::AUTO, Format::PGN, Format::XQF, Format::DHTMLXQ, Format::FEN, Format::JSON})
    if (l == name(f)) return out = f, true;
  return false;
}

Format detect_format(std::string_view bytes) {
  // XQF: the magic, a version byte of 1.0-1.8 (10-18) and the zeros of a binary header (a text
  // starting "XQ" and a line break has none). A file cut short is still XQF, to be told so.
  if (bytes.substr(0, 2) == XqfMagic && bytes.size() > 2 && bytes[2] >= 10 && bytes[2] <= 18 &&
      bytes.substr(0, 1024).find('\0') != std::string_view::npos)
    return Format::XQF;
  // Text in UTF-16 is looked at in UTF-8.
  std::string utf8;
  if (bytes.substr(0, 2) == "\xFF\xFE" || bytes.substr(0, 2) == "\xFE\xFF") {
    utf8 = to_utf8(bytes);
    bytes = utf8;
  }
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  const std::vector<std::string_view> lines = lines_of(bytes.substr(0, 4096));
  // DhtmlXQ tags anywhere (a page may hold them far down), unless the text starts as PGN does.
  if ((lines.empty() || !is_pgn_tag(lines.front())) &&
      lower(bytes).find("[dhtmlxq") != std::string::npos)
    return Format::DHTMLXQ;
  if (!lines.empty() && lines.front().front() != '[' && looks_like_fen(lines.front()))
    return Format::FEN;
  return Format::PGN;
}

std::vector<Loaded> read_games(std::string_view bytes, const ReadOptions& options,
                               size_t max_games) {
  const Format format = options.format == Format::AUTO ? detect_format(bytes) : options.format;
  std::vector<Loaded> games;
  if (format == Format::XQF) {
    games.push_back(read_xqf(bytes, options.encoding));
    return games;
  }
  const Encoding encoding =
      options.encoding == Encoding::AUTO ? detect_encoding(bytes) : options.encoding;
  if (format == Format::PGN || format == Format::FEN || format == Format::DHTMLXQ) {
    const std::string text = to_utf8(bytes, encoding);
    if (format == Format::DHTMLXQ) {
      games = read_dhtmlxq(text, max_games);
    } else if (format == Format::PGN) {
      games = read_pgn(text, max_games);
    } else {
      for (const std::string_view line : lines_of(text)) {
        if (games.size() >= max_games) break;
        games.push_back(read_fen_line(line));
      }
      if (games.empty()) games.push_back(read_fen_line(""));
    }
  } else {
    games.emplace_back();
    games.back().error = std::string(name(format)) + " is written, not read";
  }
  for (Loaded& g : games) {
    g.format = format;
    g.encoding = encoding;
  }
  return games;
}

Loaded read_game(std::string_view bytes, const ReadOptions& options) {
  return std::move(read_games(bytes, options, 1).front());
}

std::string write_game(const Record& record, Format format, const WriteOptions& options,
                       NodeId at) {
  switch (format) {
    case Format::FEN:
      return record.node(record.valid(at) ? at : RootNode).at.fen + "\n";
    case Format::JSON:
      return record_json(record) + "\n";
    case Format::DHTMLXQ:
      return write_dhtmlxq(record, options);
    default:
      return write_pgn(record, options);
  }
}

}  // namespace chuhan::formats
