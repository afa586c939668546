#include "notation.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <string_view>

#include "movegen.h"
#include "quote.h"

namespace chuhan {

namespace {

constexpr const char* ChineseRed[PIECE_TYPE_NB] = {"", "帅", "仕", "相", "马", "车", "炮", "兵"};
constexpr const char* ChineseBlack[PIECE_TYPE_NB] = {"", "将", "士", "象", "马", "车", "炮", "卒"};
constexpr const char* RedDigits[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr const char* BlackDigits[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr char WxfLetters[PIECE_TYPE_NB] = {' ', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};

// Files are numbered 1..9 from each player's right: Red's file i is 1, Black's file a is 1.
int file_number(Color c, int file) { return c == RED ? 9 - file : file + 1; }
// How far forward (positive) or back a move goes, seen from the mover.
int forward_steps(Color c, Square from, Square to) {
  const int d = rank_of(to) - rank_of(from);
  return c == RED ? d : -d;
}
bool moves_straight(PieceType pt) {
  return pt == ROOK || pt == CANNON || pt == GENERAL || pt == SOLDIER;
}

// Squares of c's pieces of type pt on `file`, frontmost first (as c sees the board).
std::vector<Square> same_file(const Position& pos, Color c, PieceType pt, int file) {
  std::vector<Square> v;
  const Piece p = make_piece(c, pt);
  for (int i = 0; i < pos.count(p); ++i)
    if (file_of(pos.squares(p)[i]) == file) v.push_back(pos.squares(p)[i]);
  std::sort(v.begin(), v.end(), [c](Square a, Square b) {
    return c == RED ? rank_of(a) > rank_of(b) : rank_of(a) < rank_of(b);
  });
  return v;
}

// Number of files holding two or more of c's soldiers.
int stacked_soldier_files(const Position& pos, Color c) {
  int files = 0;
  for (int f = 0; f < FILE_NB; ++f) files += same_file(pos, c, SOLDIER, f).size() >= 2;
  return files;
}

// `by_file`: the piece named by its file even when another of its kind stands on that file
// (炮七平四 for 后炮平四), as some game files write it.
std::string chinese_name(const Position& pos, Move m, bool by_file = false) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = pos.piece_on(from);
  const Color c = color_of(pc);
  const PieceType pt = type_of(pc);
  const char* const* digits = c == RED ? RedDigits : BlackDigits;
  const char* name = c == RED ? ChineseRed[pt] : ChineseBlack[pt];

  std::string s;
  const std::vector<Square> group = same_file(pos, c, pt, file_of(from));
  if (group.size() < 2 || pt == ADVISOR || pt == ELEPHANT || by_file) {
    // Advisors and elephants on one file are told apart by the direction of the move.
    s = std::string(name) + digits[file_number(c, file_of(from))];
  } else {
    const size_t index = size_t(std::find(group.begin(), group.end(), from) - group.begin());
    static const char* const Two[] = {"前", "后"};
    static const char* const Three[] = {"前", "中", "后"};
    static const char* const Many[] = {"一", "二", "三", "四", "五"};
    const char* order = group.size() == 2   ? Two[index]
                        : group.size() == 3 ? Three[index]
                                            : Many[index];
    if (pt == SOLDIER && stacked_soldier_files(pos, c) > 1)
      s = std::string(order) + digits[file_number(c, file_of(from))];  // e.g. 前七进一
    else
      s = std::string(order) + name;
  }

  const int steps = forward_steps(c, from, to);
  if (steps == 0) return s + "平" + digits[file_number(c, file_of(to))];
  s += steps > 0 ? "进" : "退";
  return s + (moves_straight(pt) ? digits[std::abs(steps)] : digits[file_number(c, file_of(to))]);
}

std::string wxf_name(const Position& pos, Move m, bool by_file = false) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = pos.piece_on(from);
  const Color c = color_of(pc);
  const PieceType pt = type_of(pc);

  std::string s;
  const std::vector<Square> group = same_file(pos, c, pt, file_of(from));
  // With stacked soldiers on two files, "+P" would name two pawns: the file number replaces the
  // letter, as in Chinese (前七进一 = +7+1).
  const char letter = pt == SOLDIER && group.size() >= 2 && stacked_soldier_files(pos, c) > 1
                          ? char('0' + file_number(c, file_of(from)))
                          : WxfLetters[pt];
  if (by_file) {
    s = std::string(1, WxfLetters[pt]) + char('0' + file_number(c, file_of(from)));
  } else if (group.size() == 2 && pt != ADVISOR && pt != ELEPHANT) {
    s = std::string(1, from == group[0] ? '+' : '-') + letter;
  } else if (group.size() > 2 && pt == SOLDIER) {
    // Three or more soldiers on a file: their order from the front, then the letter.
    s = std::to_string(std::find(group.begin(), group.end(), from) - group.begin() + 1) + letter;
  } else {
    s = std::string(1, WxfLetters[pt]) + char('0' + file_number(c, file_of(from)));
  }
  const int steps = forward_steps(c, from, to);
  if (steps == 0) return s + "=" + char('0' + file_number(c, file_of(to)));
  s += steps > 0 ? '+' : '-';
  return s + char('0' + (moves_straight(pt) ? std::abs(steps) : file_number(c, file_of(to))));
}

// Chinese names reduced to ASCII so that spelling variants compare equal: piece letters,
// + - = for 进退平, F M B for 前中后, digits 1..9.
std::string normalize_chinese(const std::string& text) {
  // Every character here is three bytes of UTF-8 (CJK and full-width digits).
  static const std::map<std::string_view, char> Map = {
      {"车", 'R'}, {"俥", 'R'}, {"車", 'R'}, {"马", 'H'}, {"傌", 'H'}, {"馬", 'H'}, {"相", 'E'},
      {"象", 'E'}, {"仕", 'A'}, {"士", 'A'}, {"帅", 'K'}, {"帥", 'K'}, {"将", 'K'}, {"將", 'K'},
      {"炮", 'C'}, {"砲", 'C'}, {"包", 'C'}, {"兵", 'P'}, {"卒", 'P'}, {"进", '+'}, {"進", '+'},
      {"退", '-'}, {"平", '='}, {"前", 'F'}, {"中", 'M'}, {"后", 'B'}, {"後", 'B'}, {"一", '1'},
      {"二", '2'}, {"三", '3'}, {"四", '4'}, {"五", '5'}, {"六", '6'}, {"七", '7'}, {"八", '8'},
      {"九", '9'}, {"上", '+'}, {"下", '-'}, {"１", '1'}, {"２", '2'}, {"３", '3'}, {"４", '4'},
      {"５", '5'}, {"６", '6'}, {"７", '7'}, {"８", '8'}, {"９", '9'}};
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (const auto it = Map.find(std::string_view(text).substr(i, 3)); it != Map.end()) {
      out += it->second;
      i += 3;
      continue;
    }
    const unsigned char ch = static_cast<unsigned char>(text[i++]);
    if (!std::isspace(ch)) out += char(std::toupper(ch));
  }
  return out;
}

std::string normalize_wxf(std::string text) {
  std::string out;
  for (char ch : text) {
    ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (ch == 'B') ch = 'E';  // bishop = elephant
    if (ch == 'N') ch = 'H';  // knight = horse
    if (ch == '.') ch = '=';
    if (!std::isspace(static_cast<unsigned char>(ch))) out += ch;
  }
  return out;
}

// A Chinese name read from its parts rather than matched whole, so that every convention of
// writing it reads (the board decides): `chinese` is normalize_chinese()'s form, e.g. "R4+4".
// A name is a prefix, a direction (+ - =) and a number. The prefix holds the piece (absent:
// a soldier, as in 前七进一), its file, 前/中/后 (F M B) and an ordinal (二兵, 二7), in any
// order the conventions use: a number before the piece letter is an ordinal when it can be one
// (1-5), two numbers are an ordinal then a file. The legal moves of the side to move are
// filtered by each part given; the move is found when exactly one remains. So a writer that
// names the file of one of two rooks on it (车４进４ for 前车进４) is read when only one of them
// can make the move, and 前兵, 中兵, 二兵, 前七, 兵七 all find their soldier.
Move parse_chinese_parts(const Position& pos, const MoveList<LEGAL>& legal,
                         const std::string& chinese) {
  const size_t n = chinese.size();
  if (n < 3 || !std::isdigit(static_cast<unsigned char>(chinese[n - 1])) || chinese[n - 1] == '0')
    return MOVE_NONE;
  const char direction = chinese[n - 2];
  if (direction != '+' && direction != '-' && direction != '=') return MOVE_NONE;
  const int target = chinese[n - 1] - '0';
  PieceType pt = NO_PIECE_TYPE;
  char place = 0;                             // F, M, B
  std::vector<std::pair<int, bool>> numbers;  // a number and whether it came before the piece
  for (size_t i = 0; i + 2 < n; ++i) {
    const char c = chinese[i];
    const size_t letter = std::string_view("?KAEHRCP").find(c);
    if (letter != std::string_view::npos && letter > 0) {
      if (pt != NO_PIECE_TYPE) return MOVE_NONE;
      pt = PieceType(letter);
    } else if (c == 'F' || c == 'M' || c == 'B') {
      if (place) return MOVE_NONE;
      place = c;
    } else if (c >= '1' && c <= '9') {
      numbers.emplace_back(c - '0', pt == NO_PIECE_TYPE);
    } else {
      return MOVE_NONE;
    }
  }
  int file = 0, ordinal = 0;
  if (numbers.size() == 2) {
    ordinal = numbers[0].first, file = numbers[1].first;
  } else if (numbers.size() == 1) {
    const bool before_piece = numbers[0].second && pt != NO_PIECE_TYPE;
    (before_piece && numbers[0].first <= 5 ? ordinal : file) = numbers[0].first;
  } else if (numbers.size() > 2) {
    return MOVE_NONE;
  }
  if (pt == NO_PIECE_TYPE) pt = SOLDIER;
  if (ordinal && place) return MOVE_NONE;

  const Color us = pos.side_to_move();
  Move found = MOVE_NONE;
  int matches = 0;
  for (const Move m : legal) {
    const Square from = from_sq(m), to = to_sq(m);
    if (type_of(pos.piece_on(from)) != pt) continue;
    if (file && file_number(us, file_of(from)) != file) continue;
    if (place || ordinal) {
      const std::vector<Square> group = same_file(pos, us, pt, file_of(from));
      const int index = int(std::find(group.begin(), group.end(), from) - group.begin());
      const int size = int(group.size());
      if (size < 2) continue;
      if (place == 'F' && index != 0) continue;
      if (place == 'B' && index != size - 1) continue;
      if (place == 'M' && (index == 0 || index == size - 1)) continue;
      if (ordinal && index != ordinal - 1) continue;
    }
    const int steps = forward_steps(us, from, to);
    const char dir = steps == 0 ? '=' : steps > 0 ? '+' : '-';
    const int number =
        steps != 0 && moves_straight(pt) ? std::abs(steps) : file_number(us, file_of(to));
    if (dir != direction || number != target) continue;
    found = m, ++matches;
  }
  return matches == 1 ? found : MOVE_NONE;
}

// "h2e2", "H2-E2", "h2-e2" as a move, or MOVE_NONE.
Move parse_iccs(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), '-'), text.end());
  for (char& ch : text) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return parse_move_text(text);
}

}  // namespace

bool parse_notation(std::string_view name, Notation& out) {
  for (int i = 0; i < 3; ++i)
    if (name == NotationNames[i]) return out = Notation(i), true;
  return false;
}

const std::string& name_of(const PlyRecord& record, Notation style) {
  return style == Notation::WXF       ? record.wxf
         : style == Notation::CHINESE ? record.chinese
                                      : record.iccs;
}

std::vector<std::string> line_names(Position& pos, const std::vector<Move>& line, Notation style) {
  std::vector<std::string> names;
  std::vector<StateInfo> states(line.size());
  for (Move m : line) {
    if (!MoveList<LEGAL>(pos).contains(m)) break;
    names.push_back(move_name(pos, m, style));
    pos.do_move(m, states[names.size() - 1]);
  }
  for (size_t i = names.size(); i-- > 0;) pos.undo_move(line[i]);
  return names;
}

std::string move_name(const Position& pos, Move m, Notation style) {
  switch (style) {
    case Notation::WXF:
      return wxf_name(pos, m);
    case Notation::CHINESE:
      return chinese_name(pos, m);
    default:
      return move_to_string(m);
  }
}

Move parse_move_name(const Position& pos, const std::string& text) {
  const MoveList<LEGAL> legal(pos);
  if (const Move m = parse_iccs(text); m != MOVE_NONE) return legal.contains(m) ? m : MOVE_NONE;
  const std::string chinese = normalize_chinese(text), wxf = normalize_wxf(text);
  Move found = MOVE_NONE;
  int matches = 0;
  for (Move m : legal)
    if (normalize_chinese(chinese_name(pos, m)) == chinese ||
        normalize_wxf(wxf_name(pos, m)) == wxf)
      found = m, ++matches;
  if (matches == 1) return found;
  if (matches == 0) {
    // Two pieces of a kind on one file named by the file (炮七平四, C7=4) rather than as front and
    // back: the move when only one of them can make it.
    for (Move m : legal)
      if (normalize_chinese(chinese_name(pos, m, true)) == chinese ||
          normalize_wxf(wxf_name(pos, m, true)) == wxf)
        found = m, ++matches;
    if (matches == 1) return found;
  }
  // A Chinese name (it has a character outside ASCII) that no move's own name matches: read it
  // part by part.
  if (std::any_of(text.begin(), text.end(), [](char c) { return uint8_t(c) >= 0x80; }))
    return parse_chinese_parts(pos, legal, chinese);
  return MOVE_NONE;
}

}  // namespace chuhan
