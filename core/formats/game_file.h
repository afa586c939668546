// Game files in and out: bytes in, a game (a record with its cursor) out, and back. The one door
// every front end uses (the CLI's `convert`, the Engine's load_game/save_game and through it the JS
// API); the format is detected from the bytes unless told. No I/O: callers read and write files.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../game.h"
#include "../notation.h"
#include "encoding.h"

namespace chuhan::formats {

// JSON is written only (game_json.h), for programs.
enum class Format : uint8_t { AUTO, PGN, XQF, DHTMLXQ, FEN, JSON };

// The formats read (AUTO: detected) and written.
inline constexpr Format ReadFormats[] = {Format::AUTO, Format::PGN, Format::XQF, Format::DHTMLXQ,
                                         Format::FEN};
inline constexpr Format WriteFormats[] = {Format::PGN, Format::DHTMLXQ, Format::FEN, Format::JSON};

// "auto", "pgn", "xqf", "dhtmlxq", "fen", "json".
const char* name(Format f);
// Reads a format's name in any case; false for another.
bool parse_format(std::string_view text, Format& out);

// A game read from a file, or why it could not be.
struct Loaded {
  std::unique_ptr<Game> game;  // null when the bytes could not be read; its cursor at the start
  std::string error;           // then what is wrong and where
  Format format = Format::AUTO;
  Encoding encoding = Encoding::AUTO;  // the text's encoding (XQF: its strings')
};

struct ReadOptions {
  Format format = Format::AUTO;
  Encoding encoding = Encoding::AUTO;
};

// The format `bytes` are in (never AUTO): XQF by its magic and version byte, DhtmlXQ by its tags
// anywhere in a text that does not start with a PGN tag pair, FEN for a text whose first line is
// a FEN or EPD, else PGN (which also reads a bare list of moves).
Format detect_format(std::string_view bytes);

// The first game of `bytes`.
Loaded read_game(std::string_view bytes, const ReadOptions& options = {});
// Every game of `bytes` (a PGN file of many games, an EPD file of many positions; other formats
// hold one), at most `max_games`; a game that cannot be read is an entry with its error.
std::vector<Loaded> read_games(std::string_view bytes, const ReadOptions& options = {},
                               size_t max_games = 100000);

struct WriteOptions {
  Notation notation = Notation::CHINESE;  // PGN's moves
  bool comments = true;
  bool variations = true;
};

// `record` in `format` (PGN, DHTMLXQ, JSON, or FEN: the FEN of `at`), as UTF-8 text.
std::string write_game(const Record& record, Format format, const WriteOptions& options = {},
                       NodeId at = RootNode);

}  // namespace chuhan::formats
