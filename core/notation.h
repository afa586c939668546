// Move notation: ICCS (h2e2), WXF (C2=5) and traditional Chinese (炮二平五, 马８进７). Reading
// accepts any of the three, since a name can be matched against the names of the legal moves.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "record.h"

namespace chuhan {

enum class Notation { ICCS, WXF, CHINESE };

// The notations by name: "iccs", "wxf", "chinese" (the JS API's style names).
inline constexpr const char* NotationNames[] = {"iccs", "wxf", "chinese"};
// Reads a notation's name; false for another.
bool parse_notation(std::string_view name, Notation& out);
// The name of the move of `record` (a record after a move) in `style`.
const std::string& name_of(const PlyRecord& record, Notation style);

// Name of legal move m in `pos` (before it is made). Chinese uses 一..九 for Red's files and
// full-width １..９ for Black's, 前/中/后 (and 二/三/四) for pieces sharing a file.
std::string move_name(const Position& pos, Move m, Notation style);

// Names of the moves of `line` (a principal variation) played one after another from `pos`, up
// to the first that is not legal there; `pos` is left as it was.
std::vector<std::string> line_names(Position& pos, const std::vector<Move>& line, Notation style);

// Finds the legal move of `pos` that `text` names in any notation (ICCS with or without a
// dash and in either case, WXF, Chinese in simplified or traditional characters with any
// digit style). MOVE_NONE if none or ambiguous.
Move parse_move_name(const Position& pos, const std::string& text);

}  // namespace chuhan
