// `chuhan convert`: a game file in any format Chuhan reads (detected from its bytes) written in
// another, on standard output; and `--check`, which reads files and says for each game whether
// it reads into a legal game (the measure of a collection).
//
//   chuhan convert FILE [--to pgn|dhtmlxq|json|fen] [--notation iccs|wxf|chinese]
//                  [--encoding auto|gbk|big5|utf-8] [--all]
//   chuhan convert --check FILE...
//
// FILE "-" is standard input. Without --all the first game of a file of many is converted; with
// it every game, PGN games and DhtmlXQ blocks one after another, JSON one object per line, FEN
// one line per game. --check prints one line per game read: the path, the game's number (from
// 1), the format ("xqf-1.8" with the XQF version), "ok" and its moves, or "error" and why.
#pragma once

#include <string>
#include <vector>

#include "command_line.h"

namespace chuhan::cli {

// Runs `convert` with `args` (the words after it). Returns the exit status: 0; 1 when a file
// cannot be read or a game in it cannot (its error, one line, on `io.err`; with --check, when a
// game is not read); 2 for arguments not understood (the problem and the usage on `io.err`).
int convert(const std::vector<std::string>& args, const Streams& io);

}  // namespace chuhan::cli
