// PGN as Xiangqi programs write it (xqbase, XQStudio, the Chinese sites): tag pairs, then moves in
// ICCS ("H2-E2", "h2e2"), WXF ("C2=5") or Chinese ("炮二平五", traditional characters and any
// digit width), mixed freely, with comments in braces or after ';', variations in parentheses,
// NAGs ($2) and move annotations (?, !), and the result. Text is UTF-8 here (game_file.h turns
// GBK and Big5 into it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game_file.h"

namespace chuhan::formats {

// Reads the games of a PGN text, at most `max_games`. A game is its tags and its movetext; a new
// tag section after movetext starts the next game. Tags FEN and Result become the record's start
// position and declared result; the others are kept in order. An illegal or unreadable move is an
// error naming the line, the move number and the position. A game with neither a move nor a FEN
// tag is an error too (an empty text, tags only, a bare result).
std::vector<Loaded> read_pgn(std::string_view text, size_t max_games = 1);

// A PGN result ("1-0", "0-1", "1/2-1/2"; anything else, "*" included, reads as ONGOING), with no
// reason.
GameResult parse_result(std::string_view text);

// Writes `record` as PGN: the seven-tag roster (Game, Event, Site, Date, Round, Red, Black,
// Result) first, then the other tags in order, FEN when the game does not start at the start
// position, Format naming the notation; moves in `options.notation` (ICCS as "H2-E2"), with
// comments, NAGs and variations unless turned off.
std::string write_pgn(const Record& record, const WriteOptions& options = {});

}  // namespace chuhan::formats
