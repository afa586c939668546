// XQF, the binary game format of XQStudio (象棋演播室) and the programs that followed it
// (象棋巫师 and others): versions 1.0 to 1.8, the encrypted ones (1.1 on) included. A 1024-byte
// header (the keys, the 32 pieces of the start position, the result, GBK strings: title, event,
// date, site, players...) then the move tree in pre-order, each move with its comment.
//
// What is read: the start position from the 32 piece bytes (the header's "type" byte is not
// trusted), the side to move from the first move's piece, every move with its variations and
// comments (GBK, turned into UTF-8), the strings as tags (Title, Event, Date, Site, Red, Black,
// TimeControl, RedTime, BlackTime, Annotator, Author) and the result as declared.
//
// What is refused, with an error naming it: bytes that are not XQF (no "XQ" magic, a version
// outside 1.0-1.8, shorter than the header), a start position with two pieces on a point or that
// the rules do not allow, a truncated or corrupt move tree (a record or comment cut short, a
// comment length that cannot be), and an illegal move on the main line (its move number, squares
// and line are named). An illegal move inside a variation drops that variation (the move and
// everything after it) and leaves a note in the comment of the move it branched from: the author
// slipped, and the rest of the game is still worth having.
#pragma once

#include <string_view>

#include "game_file.h"

namespace chuhan::formats {

// The XQF game in `bytes`, its strings and comments read as `text` (AUTO: GBK, which XQF
// programs write; Big5 when told). A bad file is an error in the answer, never a crash, whatever
// the bytes. The tree is rebuilt and replayed without recursion, so a file of any depth
// or size reads in time proportional to its length.
Loaded read_xqf(std::string_view bytes, Encoding text = Encoding::AUTO);

// The version byte of an XQF file: 10 for 1.0 up to 18 for 1.8; 0 when `bytes` are not XQF.
int xqf_version(std::string_view bytes);

}  // namespace chuhan::formats
