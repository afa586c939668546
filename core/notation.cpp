#include "notation.h"

#include <algorithm>
#include <cctype>
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

std::string chinese_name(const Position& pos, Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = pos.piece_on(from);
  const Color c = color_of(pc);
  const PieceType pt = type_of(pc);
  const char* const* digits = c == RED ? RedDigits : BlackDigits;
  const char* name = c == RED ? ChineseRed[pt] : ChineseBlack[pt];

  std::string s;
  const std::vector<Square> group = same_file(pos, c, pt, file_of(from));
  if (group.size() < 2 || pt == ADVISOR || pt == ELEPHANT) {
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

std::string wxf_name(const Position& pos, Move m) {
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
  if (group.size() == 2 && pt != ADVISOR && pt != ELEPHANT) {
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
      {"九", '9'}, {"１", '1'}, {"２", '2'}, {"３", '3'}, {"４", '4'}, {"５", '5'}, {"６", '6'},
      {"７", '7'}, {"８", '8'}, {"９", '9'}};
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
  return matches == 1 ? found : MOVE_NONE;
}

PgnGame parse_pgn(const std::string& text) {
  PgnGame pgn;
  const auto fail = [&pgn](std::string message) {
    pgn.error = std::move(message);
    return std::move(pgn);  // captured by reference: moved out explicitly
  };
  size_t i = 0;
  const size_t n = text.size();

  // 1. Tag pairs: [Name "value"].
  while (i < n) {
    while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= n || text[i] != '[') break;
    const size_t close = text.find(']', i);
    if (close == std::string::npos) return fail("unterminated tag at offset " + std::to_string(i));
    const std::string tag = text.substr(i + 1, close - i - 1);
    const size_t space = tag.find(' ');
    const size_t q1 = tag.find('"'), q2 = tag.rfind('"');
    if (space != std::string::npos && q1 != std::string::npos && q2 > q1)
      pgn.tags[tag.substr(0, space)] = tag.substr(q1 + 1, q2 - q1 - 1);
    i = close + 1;
  }
  const auto fen_tag = pgn.tags.find("FEN");
  const bool has_fen = fen_tag != pgn.tags.end() && !fen_tag->second.empty();
  auto game = std::make_unique<Game>();
  if (has_fen)
    if (const std::string e = game->reset(fen_tag->second); !e.empty())
      return fail("FEN tag: " + e);

  // 2. Movetext: skip comments, variations, NAGs, move numbers and the result.
  int depth = 0;
  std::string token;
  auto flush = [&]() -> bool {
    if (token.empty()) return true;
    std::string t = token;
    token.clear();
    // Strip a leading move number ("12." / "12..." / "12.h2e2") and trailing annotations.
    size_t k = 0;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
    if (k > 0 && k < t.size() && t[k] == '.') {
      while (k < t.size() && t[k] == '.') ++k;
      t = t.substr(k);
    } else if (k == t.size()) {
      return true;  // a bare number
    }
    while (!t.empty() &&
           (t.back() == '!' || t.back() == '?' || t.back() == '+' || t.back() == '#') &&
           t.size() > 4)
      t.pop_back();
    if (t.empty() || t[0] == '$' || t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*")
      return true;
    const Move m = parse_move_name(game->position(), t);
    if (m == MOVE_NONE) {
      pgn.error = "move " + std::to_string(game->plies() + 1) + " " + quote(t) +
                  " is not legal in " + game->current().fen;
      return false;
    }
    game->play(m);
    return true;
  };
  for (; i < n; ++i) {
    const char ch = text[i];
    if (ch == '{') {
      const size_t close = text.find('}', i);
      i = close == std::string::npos ? n : close;
      if (!flush()) return pgn;
      continue;
    }
    if (ch == ';') {
      if (!flush()) return pgn;
      const size_t eol = text.find('\n', i);
      i = eol == std::string::npos ? n : eol;
      continue;
    }
    if (ch == '(') ++depth;
    if (ch == ')') depth = std::max(0, depth - 1);
    if (ch == '(' || ch == ')' || std::isspace(static_cast<unsigned char>(ch))) {
      if (!flush()) return pgn;
      continue;
    }
    if (depth == 0) token += ch;
  }
  if (!flush()) return pgn;
  if (game->plies() == 0 && !has_fen) return fail("no moves and no FEN tag: not a game");
  pgn.fen = has_fen ? fen_tag->second : "startpos";
  pgn.moves = game->moves();
  pgn.game = std::move(game);
  return pgn;
}

std::string write_pgn(const Game& game, const std::map<std::string, std::string>& tags) {
  std::map<std::string, std::string> all = {{"Game", "Chinese Chess"},
                                            {"Event", "?"},
                                            {"Site", "?"},
                                            {"Date", "????.??.??"},
                                            {"Round", "?"},
                                            {"Red", "?"},
                                            {"Black", "?"},
                                            {"Result", "*"}};
  for (const auto& [k, v] : tags) all[k] = v;
  const std::string& fen = game.record(0).fen;
  // A game without moves names its position even at the start: the reader refuses a PGN with
  // neither moves nor a FEN tag, and what is written here must read back.
  if (fen != Position::StartFen || game.plies() == 0) all["FEN"] = fen;
  all["Format"] = "ICCS";

  std::ostringstream out;
  // The seven-tag roster first, in the customary order, then the rest.
  const char* const Roster[] = {"Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result"};
  for (const char* key : Roster) out << "[" << key << " \"" << all[key] << "\"]\n";
  for (const auto& [k, v] : all)
    if (std::find(std::begin(Roster), std::end(Roster), k) == std::end(Roster))
      out << "[" << k << " \"" << v << "\"]\n";
  out << "\n";

  // Move numbers count full moves from the FEN; a game starting with Black begins "1. ...".
  int number = game.record(0).move_number;
  bool black = game.record(0).side_to_move == BLACK;
  std::string line;
  auto emit = [&](const std::string& word) {
    if (line.size() + word.size() + 1 > 79) out << line << "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
  };
  if (black && game.plies() > 0) emit(std::to_string(number) + "...");
  for (int ply = 1; ply <= game.plies(); ++ply) {
    if (!black) emit(std::to_string(number) + ".");
    std::string upper = game.record(ply).iccs;
    for (char& ch : upper) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    emit(upper.substr(0, 2) + "-" + upper.substr(2, 2));
    if (black) ++number;
    black = !black;
  }
  emit(all["Result"]);
  out << line << "\n";
  return out.str();
}

}  // namespace chuhan
