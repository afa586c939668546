// DhtmlXQ, also called UBB: the text that 东萍 (dpxq.com), ichinachess and Chinese forums paste for
// their board viewer. A game is a block `[DhtmlXQ] ... [/DhtmlXQ]` (or `[DhtmlXQiFrame]`) of tags
// `[DhtmlXQ_name]value[/DhtmlXQ_name]`; a text of bare `[DhtmlXQ_...]` tags is one game.
//
// Squares are two digits, file 0-8 from Red's left and row 0-9 from the top (Black's back rank):
// `7747` is h2-e2. Read:
//   binit         the start position: 32 pairs, one per piece (Red's R N B A K A B N R C C P P P P
//                 P, then Black's); a pair that is not on the board (99, nn) is a piece taken.
//                 Absent: the standard start. The side to move is the first move's.
//   movelist      the main line, four digits a move (also move_0_1_0; ichinachess's 12-character
//                 units, a move, a code and a counter, are read too)
//   move_A_B_C    branch C: an alternative to ply B of branch A (plies counted from the start),
//                 its moves then on; branches are built in the order of C
//   commentN      the comment after ply N of the main line (0: the start's); commentC_N after
//                 ply N of branch C. `||` is a line break.
//   title event date place round table red black redteam blackteam (redname, blackname) open
//   timerule redtime blacktime remark author: the tags Title Event Date Site Round Table Red
//   Black RedTeam BlackTeam Opening (and ECCO, from open's code) TimeControl RedTime BlackTime
//   Annotator Author; other tags are kept under their own name, except what only a viewer
//   uses (ver, init, hits...).
//   result        红胜 / 黑胜 / 和棋 and their variants, or a PGN result.
//   fen           Chuhan's own: the start FEN, written when binit and the first move cannot say
//                 it (Black to move in a position without moves, move counters); others ignore it.
// Values may carry HTML line breaks and entities (forum pages), JavaScript escapes (%XX, %uXXXX,
// \uXXXX); they are read as text.
//
// An illegal move on the main line is an error (its number, squares and line named); an illegal
// move in a branch, or a branch that starts where its parent has no move, drops the branch from
// there with a note in the comment of the move it would have followed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game_file.h"

namespace chuhan::formats {

// The DhtmlXQ games of `text` (UTF-8), at most `max_games`, one per block. Never throws.
std::vector<Loaded> read_dhtmlxq(std::string_view text, size_t max_games = 1);

// Writes `record` as one [DhtmlXQ] block: its tags, binit, the main line, every variation as a
// branch and every comment (unless turned off in `options`). Reading it back gives the same
// game (Record::same_game), annotations ($n) aside: DhtmlXQ has none, so they are not written.
std::string write_dhtmlxq(const Record& record, const WriteOptions& options = {});

}  // namespace chuhan::formats
