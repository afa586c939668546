#include "dhtmlxq.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include "board_fen.h"
#include "pgn.h"

namespace chuhan::formats {

namespace {

// The piece of each of binit's 32 slots (FEN letters): Red's, then Black's.
constexpr char SlotPieces[] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";
constexpr size_t Slots = 32;
constexpr std::string_view Prefix = "[dhtmlxq_", ClosePrefix = "[/dhtmlxq_";

// DhtmlXQ tags that are the record's tags, by their DhtmlXQ name (in lower case).
struct TagName {
  std::string_view dhtml, tag;
};
constexpr TagName TagNames[] = {
    {"title", "Title"},
    {"event", "Event"},
    {"date", "Date"},
    {"place", "Site"},
    {"round", "Round"},
    {"table", "Table"},
    {"red", "Red"},
    {"black", "Black"},
    {"redteam", "RedTeam"},
    {"blackteam", "BlackTeam"},
    {"timerule", "TimeControl"},
    {"redtime", "RedTime"},
    {"blacktime", "BlackTime"},
    {"remark", "Annotator"},
    {"author", "Author"},
};
// Tags that only a viewer or a site uses, or that hold the game itself: not kept as tags.
constexpr std::string_view NotTags[] = {
    "ver",    "init",     "pver",     "hits",    "price",    "owner",     "oldowner",  "sortid",
    "hidden", "length",   "firstnum", "adddate", "editdate", "generator", "viewurl",   "dpid",
    "binit",  "movelist", "result",   "open",    "fen",      "redname",   "blackname",
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The value of `n` hex digits at `s[i]`, or -1.
long hex_at(std::string_view s, size_t i, size_t n) {
  if (i + n > s.size()) return -1;
  long v = 0;
  for (size_t k = 0; k < n; ++k) {
    const int h = hex_value(s[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

// ---- Reading values ----

// HTML out of a value scraped from a page: <br> is a line break, other tags go, entities become
// their characters.
std::string strip_html(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '<' && i + 1 < s.size() &&
        (std::isalpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '/' ||
         s[i + 1] == '!')) {
      const size_t end = s.find('>', i);
      const size_t next = s.find('<', i + 1);
      if (end != std::string_view::npos && end < next) {
        if (lower(s.substr(i + 1, 2)) == "br") out += '\n';
        i = end + 1;
        continue;
      }
    }
    if (s[i] == '&') {
      const size_t end = s.find(';', i);
      if (end != std::string_view::npos && end - i <= 10) {
        const std::string name = lower(s.substr(i + 1, end - i - 1));
        long cp = -1;
        if (name == "lt")
          cp = '<';
        else if (name == "gt")
          cp = '>';
        else if (name == "amp")
          cp = '&';
        else if (name == "quot")
          cp = '"';
        else if (name == "apos")
          cp = '\'';
        else if (name == "nbsp")
          cp = 0xA0;
        else if (name.size() > 2 && name[0] == '#' && name[1] == 'x')
          cp = hex_at(name, 2, name.size() - 2);
        else if (name.size() > 1 && name[0] == '#' &&
                 std::all_of(name.begin() + 1, name.end(),
                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
          cp = std::stol(name.substr(1, 7));
        if (cp == 13) cp = '\n';  // &#13;, a page's line end
        if (cp > 0 && cp <= 0x10FFFF) {
          append_utf8(out, uint32_t(cp));
          i = end + 1;
          continue;
        }
      }
    }
    out += s[i++];
  }
  return out;
}

// JavaScript's escape() (%XX, %uXXXX) and \uXXXX undone; a run of %XX bytes that is UTF-8 is
// read as UTF-8 (encodeURIComponent), else byte by byte as code points.
std::string unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if ((s[i] == '%' || s[i] == '\\') && i + 1 < s.size() && s[i + 1] == 'u') {
      if (const long cp = hex_at(s, i + 2, 4); cp >= 0) {
        append_utf8(out, uint32_t(cp));
        i += 6;
        continue;
      }
    }
    if (s[i] == '%' && hex_at(s, i + 1, 2) >= 0) {
      std::string run;
      while (i < s.size() && s[i] == '%' && hex_at(s, i + 1, 2) >= 0) {
        run += char(hex_at(s, i + 1, 2));
        i += 3;
      }
      if (valid_utf8(run)) {
        out += run;
      } else {
        for (const char c : run) append_utf8(out, uint8_t(c));
      }
      continue;
    }
    out += s[i++];
  }
  return out;
}

// A tag's value or a comment as text: HTML read, `||` a line break, CR dropped, ASCII space
// trimmed at both ends, then escapes undone (so that an escaped space at an end stays).
std::string text_value(std::string_view raw) {
  std::string s = strip_html(raw);
  std::string t;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '|' && i + 1 < s.size() && s[i + 1] == '|') {
      t += '\n';
      ++i;
    } else if (s[i] != '\r') {
      t += s[i];
    }
  }
  size_t a = 0, b = t.size();
  while (a < b && is_space(t[a])) ++a;
  while (b > a && is_space(t[b - 1])) --b;
  return unescape(std::string_view(t).substr(a, b - a));
}

// A tag's value on one line, as PGN holds it: line breaks and tabs become spaces.
std::string tag_value(std::string_view raw) {
  std::string s = text_value(raw);
  for (char& c : s)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return s;
}

// A value that holds digits (binit, move lists): HTML and spaces out.
std::string code_value(std::string_view raw) {
  std::string out;
  for (const char c : strip_html(raw))
    if (!is_space(c)) out += c;
  return out;
}

// ---- Blocks and tags ----

struct Tag {
  std::string name;  // as written
  std::string_view value;
};

// The tags of a block: `[DhtmlXQ_name]value`, the value running to its closing tag, or to the
// next tag when a writer closed it wrongly ([DhtmlXQ_blacktime]...[/DhtmlXQ_time] occurs).
std::vector<Tag> tags_of(std::string_view block) {
  const std::string low = lower(block);
  std::vector<Tag> tags;
  for (size_t i = low.find(Prefix); i != std::string::npos; i = low.find(Prefix, i)) {
    const size_t name_at = i + Prefix.size();
    size_t k = name_at;
    while (k < low.size() && k - name_at < 64 &&
           (std::isalnum(static_cast<unsigned char>(low[k])) || low[k] == '_'))
      ++k;
    if (k == name_at || k >= low.size() || low[k] != ']') {
      i = name_at;
      continue;
    }
    const size_t value_at = k + 1;
    const size_t close = low.find(ClosePrefix, value_at);
    const size_t next = low.find(Prefix, value_at);
    const size_t end = std::min(close, next);
    tags.push_back({std::string(block.substr(name_at, k - name_at)),
                    block.substr(value_at, std::min(end, block.size()) - value_at)});
    if (end == std::string::npos) break;
    // Past the closing tag when it is there.
    i = end == close ? low.find(']', close) : end;
    if (i == std::string::npos) break;
  }
  return tags;
}

// The games of a text: [DhtmlXQ]...[/DhtmlXQ] (or iFrame) blocks; the whole text when it has
// none but has tags.
std::vector<std::string_view> blocks_of(std::string_view text) {
  const std::string low = lower(text);
  std::vector<std::string_view> blocks;
  size_t i = 0;
  for (;;) {
    const size_t a = low.find("[dhtmlxq]", i), b = low.find("[dhtmlxqiframe]", i);
    const size_t start = std::min(a, b);
    if (start == std::string::npos) break;
    const size_t body = start + (start == a ? 9 : 15);
    size_t end = std::min({low.find("[/dhtmlxq]", body), low.find("[/dhtmlxqiframe]", body),
                           low.find("[dhtmlxq]", body), low.find("[dhtmlxqiframe]", body)});
    if (end == std::string::npos) end = low.size();
    blocks.push_back(text.substr(body, end - body));
    i = end;
  }
  if (blocks.empty() && low.find(Prefix) != std::string::npos) blocks.push_back(text);
  return blocks;
}

// ---- Squares and moves ----

// A DhtmlXQ square (file x from Red's left, row y from the top) as a point of the board, or
// SQ_NONE when the two characters are not one.
Square square_of(char x, char y) {
  if (x < '0' || x > '8' || y < '0' || y > '9') return SQ_NONE;
  return make_square(x - '0', 9 - (y - '0'));
}

std::string square_text(Square s) {
  return std::string(1, char('0' + file_of(s))) + char('0' + 9 - rank_of(s));
}

struct RawMove {
  char chars[4];
  std::string text() const { return std::string(chars, 4); }
};

// The moves of a move list; "" or what is wrong.
std::string parse_moves(std::string_view raw, std::vector<RawMove>& moves) {
  const std::string s = code_value(raw);
  const auto digits = [&](size_t at, size_t n) {
    return at + n <= s.size() &&
           std::all_of(s.begin() + long(at), s.begin() + long(at + n),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  const auto unit = [&](size_t k) {  // ichinachess: move, four letters or digits, counter
    const size_t at = 12 * k;
    return digits(at, 4) && at + 12 <= s.size() &&
           std::all_of(s.begin() + long(at + 4), s.begin() + long(at + 8),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }) &&
           digits(at + 8, 4) && std::stoul(s.substr(at + 8, 4)) == k;
  };
  if (s.size() >= 12 && unit(0) && !(s.size() % 4 == 0 && digits(0, s.size()))) {
    for (size_t k = 0; unit(k); ++k)
      moves.push_back({{s[12 * k], s[12 * k + 1], s[12 * k + 2], s[12 * k + 3]}});
    return "";
  }
  std::string d;
  for (const char c : s)
    if (std::isdigit(static_cast<unsigned char>(c))) d += c;
  if (d.size() % 4) return "a move list of " + std::to_string(d.size()) + " digits (four a move)";
  for (size_t k = 0; k < d.size(); k += 4) moves.push_back({{d[k], d[k + 1], d[k + 2], d[k + 3]}});
  return "";
}

// ---- Results ----

GameResult result_of(const std::string& text) {
  GameResult r = parse_result(text);
  if (r.over()) return r;
  const auto has = [&](std::string_view w) { return text.find(w) != std::string::npos; };
  if (has("和")) {
    r.outcome = Outcome::DRAW;
    return r;
  }
  const size_t red = std::min(text.find("红"), text.find("紅")), black = text.find("黑");
  if (red == std::string::npos && black == std::string::npos) return r;
  const bool red_named = red < black;  // the side the result speaks of
  if (has("胜") || has("勝"))
    r.outcome = red_named ? Outcome::RED_WINS : Outcome::BLACK_WINS;
  else if (has("负") || has("負"))
    r.outcome = red_named ? Outcome::BLACK_WINS : Outcome::RED_WINS;
  return r;
}

const char* result_text(Outcome o) {
  switch (o) {
    case Outcome::RED_WINS:
      return "红胜";
    case Outcome::BLACK_WINS:
      return "黑胜";
    case Outcome::DRAW:
      return "和棋";
    default:
      return "未知";
  }
}

// ---- Building a game ----

// A branch: move_A_B_C (the main line is branch 0: parent -1, start 1).
struct Branch {
  int parent = -1;
  int start = 1;  // the ply of its first move
  std::vector<RawMove> moves;
  std::vector<NodeId> nodes;  // the nodes of the moves played
  bool built = false;
};

// The node at `ply` of branch `c`'s line (0: the start), or NoNode.
NodeId node_at(const std::map<int, Branch>& branches, int c, int ply) {
  if (ply == 0) return RootNode;
  for (;;) {
    const auto it = branches.find(c);
    if (it == branches.end() || !it->second.built) return NoNode;
    const Branch& b = it->second;
    if (ply >= b.start) {
      const size_t k = size_t(ply - b.start);
      return k < b.nodes.size() ? b.nodes[k] : NoNode;
    }
    if (b.parent < 0 || b.parent >= c) return NoNode;
    c = b.parent;
  }
}

void add_comment(Game& game, NodeId id, const std::string& text) {
  if (text.empty()) return;
  const std::string& old = game.record().node(id).comment;
  game.set_comment(id, old.empty() ? text : old + "\n" + text);
}

// Why `m` cannot be played at the cursor, or "" when it can (then `move` is set).
std::string refusal(const Game& game, const RawMove& m, Move& move) {
  const Square from = square_of(m.chars[0], m.chars[1]), to = square_of(m.chars[2], m.chars[3]);
  const PlyRecord& here = game.current();
  if (from != SQ_NONE && to != SQ_NONE && from != to) {
    move = make_move(from, to);
    if (game.position().pseudo_legal(move) && game.position().legal(move)) return "";
  }
  std::string name = m.text();
  if (from != SQ_NONE && to != SQ_NONE)
    name += " (" + square_to_string(from) + "-" + square_to_string(to) + ")";
  return "move " + std::to_string(here.move_number) + (here.side_to_move == RED ? ". " : "... ") +
         name + " is not legal (" + (here.side_to_move == RED ? "Red" : "Black") + " to move in " +
         here.fen + ")";
}

// Plays branch `c` from where it starts; false with `error` set when the main line cannot be.
bool build_branch(Game& game, std::map<int, Branch>& branches, int c, std::string& error) {
  Branch& b = branches[c];
  const std::string name =
      "move_" + std::to_string(b.parent) + "_" + std::to_string(b.start) + "_" + std::to_string(c);
  NodeId at = RootNode;
  if (c != 0) {
    at = b.parent >= 0 && b.parent < c && b.start >= 1 ? node_at(branches, b.parent, b.start - 1)
                                                       : NoNode;
    if (at == NoNode) {
      add_comment(game, RootNode,
                  "[branch " + name + " was dropped: its branch has no move " +
                      std::to_string(b.start - 1) + " to follow]");
      return true;
    }
  }
  b.built = true;
  game.go_to(at);
  for (const RawMove& m : b.moves) {
    Move move = MOVE_NONE;
    if (const std::string why = refusal(game, m, move); !why.empty()) {
      if (c == 0) {
        error = why + " on the main line";
        return false;
      }
      add_comment(game, game.cursor(), "[a variation was dropped here: " + why + "]");
      break;
    }
    b.nodes.push_back(game.play(move));
  }
  return true;
}

// The board of a binit (32 pairs; empty: the standard start) as 90 FEN letters ('.' empty);
// "" or what is wrong.
std::string board_of(const std::string& binit, std::array<char, SQUARE_NB>& board) {
  static constexpr std::string_view Standard =
      "8979695949392919097717866646260600102030405060708012720323436383";
  const std::string_view pairs = binit.empty() ? Standard : std::string_view(binit);
  if (pairs.size() != 2 * Slots)
    return "binit has " + std::to_string(pairs.size()) + " characters, not 64";
  board.fill('.');
  for (size_t slot = 0; slot < Slots; ++slot) {
    const Square s = square_of(pairs[2 * slot], pairs[2 * slot + 1]);
    if (s == SQ_NONE) continue;  // taken (99, nn)
    if (board[s] != '.') return "binit puts two pieces on " + square_to_string(s);
    board[s] = SlotPieces[slot];
  }
  return "";
}

// True for a board drawn with Red at the top (its general in the upper palace, or Black's in the
// lower one), as some viewers save it.
bool upside_down(const std::array<char, SQUARE_NB>& board) {
  for (int s = 0; s < SQUARE_NB; ++s) {
    if (board[size_t(s)] == 'K') return rank_of(Square(s)) >= 7;
    if (board[size_t(s)] == 'k' && rank_of(Square(s)) <= 2) return true;
  }
  return false;
}

// Turns a board drawn upside down, and every move on it, half a turn: the same game with Red at
// the bottom (Chinese names, counted from each player's right, do not change).
void turn_around(std::array<char, SQUARE_NB>& board, std::map<int, Branch>& branches) {
  std::reverse(board.begin(), board.end());  // square s becomes 89 - s: file 8 - f, rank 9 - r
  for (auto& [c, b] : branches)
    for (RawMove& m : b.moves)
      for (int k = 0; k < 4; ++k)
        if (std::isdigit(static_cast<unsigned char>(m.chars[k])))
          m.chars[k] = char('0' + (k % 2 == 0 ? 8 : 9) - (m.chars[k] - '0'));
}

// The side that makes `first` on `board` ('w' when it names no piece).
char side_of(const std::array<char, SQUARE_NB>& board, const std::vector<RawMove>& moves) {
  if (moves.empty()) return 'w';
  const Square from = square_of(moves[0].chars[0], moves[0].chars[1]);
  if (from == SQ_NONE || board[from] == '.') return 'w';
  return std::islower(static_cast<unsigned char>(board[from])) ? 'b' : 'w';
}

// Reads one block.
Loaded read_block(std::string_view block) {
  Loaded out;
  out.format = Format::DHTMLXQ;
  const auto fail = [&out](std::string message) {
    out.error = std::move(message);
    return std::move(out);
  };
  std::map<int, Branch> branches;
  std::vector<std::pair<std::string, std::string>> comments;  // "N" or "C_N", text
  std::string binit, fen, result, open, red_name, black_name;
  Tags tags;
  bool has_main = false;
  for (const Tag& t : tags_of(block)) {
    const std::string name = lower(t.name);
    if (name == "binit") {
      binit = code_value(t.value);
    } else if (name == "movelist" || name == "move_0_1_0") {
      if (has_main) continue;
      has_main = true;
      if (std::string e = parse_moves(t.value, branches[0].moves); !e.empty()) return fail(e);
    } else if (name.rfind("move_", 0) == 0) {
      int a = 0, b = 0, c = 0;
      char end = 0;
      if (std::sscanf(name.c_str(), "move_%d_%d_%d%c", &a, &b, &c, &end) != 3 || c <= 0 ||
          branches.count(c))
        continue;
      Branch& branch = branches[c];
      branch.parent = a;
      branch.start = b;
      if (std::string e = parse_moves(t.value, branch.moves); !e.empty())
        branch.moves.clear();  // built empty: a variation of no move
    } else if (name.rfind("comment", 0) == 0 && name.size() > 7 &&
               std::isdigit(static_cast<unsigned char>(name[7]))) {
      comments.emplace_back(name.substr(7), text_value(t.value));
    } else if (name == "fen") {
      fen = text_value(t.value);
    } else if (name == "result") {
      result = text_value(t.value);
    } else if (name == "open") {
      open = tag_value(t.value);
    } else if (name == "redname") {
      red_name = tag_value(t.value);
    } else if (name == "blackname") {
      black_name = tag_value(t.value);
    } else if (std::find(std::begin(NotTags), std::end(NotTags), name) == std::end(NotTags) &&
               name.rfind("comment", 0) != 0 && name.rfind("move", 0) != 0) {
      // Another tag (a malformed comment or move tag, such as comment_x, is none).
      const auto known = std::find_if(std::begin(TagNames), std::end(TagNames),
                                      [&](const TagName& n) { return n.dhtml == name; });
      std::string value = tag_value(t.value);
      // "?" and the like say "unknown", as in PGN: no tag.
      if (!value.empty() && value != "?" && value != "*" && value != "????.??.??")
        tags.set(known != std::end(TagNames) ? known->tag : std::string_view(t.name),
                 std::move(value));
    }
  }
  if (binit.empty() && fen.empty() && !has_main && branches.empty())
    return fail("a DhtmlXQ block with no binit and no move list: not a game");
  if (!red_name.empty()) tags.set("Red", red_name);
  if (!black_name.empty()) tags.set("Black", black_name);
  // "E14 仙人指路..." is an ECCO code and the opening's name.
  if (open.size() >= 3 && open[0] >= 'A' && open[0] <= 'E' &&
      std::isdigit(static_cast<unsigned char>(open[1])) &&
      std::isdigit(static_cast<unsigned char>(open[2])) && (open.size() == 3 || open[3] == ' ')) {
    tags.set("ECCO", open.substr(0, 3));
    // The value's markup and escapes are undone already; only spaces after the code go.
    const size_t name = open.find_first_not_of(' ', 3);
    open = name == std::string::npos ? "" : open.substr(name);
  }
  tags.set("Opening", open);

  // 1. The start position.
  auto game = std::make_unique<Game>();
  std::array<char, SQUARE_NB> board{};
  if (std::string e = board_of(binit, board); !e.empty()) return fail(e);
  if (fen.empty() && upside_down(board)) turn_around(board, branches);
  const std::string start = fen.empty() ? fen_of(board, side_of(board, branches[0].moves)) : fen;
  if (std::string e = game->reset(start); !e.empty())
    return fail(std::string(fen.empty() ? "the start position (binit)" : "the fen tag") + ": " + e);
  game->tags() = tags;
  game->declare(result_of(result));

  // 2. The main line, then each branch in the order of its number.
  std::string error;
  for (auto& [c, b] : branches)
    if (!build_branch(*game, branches, c, error)) return fail(error);

  // 3. Comments, on the nodes they follow.
  for (const auto& [where, text] : comments) {
    int c = 0, ply = 0;
    char end = 0;
    const bool ok = where.find('_') == std::string::npos
                        ? std::sscanf(where.c_str(), "%d%c", &ply, &end) == 1
                        : std::sscanf(where.c_str(), "%d_%d%c", &c, &ply, &end) == 2;
    if (!ok || ply < 0) continue;
    if (const NodeId id = node_at(branches, c, ply); id != NoNode) add_comment(*game, id, text);
  }
  game->go_to(RootNode);
  out.game = std::move(game);
  return out;
}

// ---- Writing ----

// Text as a value that reads back as itself, escaping only what the reader would take for
// markup (so that other viewers show the rest as it is): `[` before "DhtmlXQ" or "/DhtmlXQ", `|`
// before `|` or a line break, `%` and `\` before what would read as an escape, `<` before what
// would read as an HTML tag, `&` before what would read as an entity, CR, and spaces at either
// end; line breaks inside are `||`.
std::string escape(const std::string& text) {
  std::string out;
  static constexpr char Hex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const std::string_view rest = std::string_view(text).substr(i + 1);
    const char next = rest.empty() ? '\0' : rest[0];
    const bool end = i == 0 || i + 1 == text.size();
    bool markup = false;
    switch (c) {
      case '[':
        markup = lower(rest.substr(0, 8)).rfind("dhtmlxq", 0) == 0 ||
                 lower(rest.substr(0, 8)) == "/dhtmlxq";
        break;
      case '|':
        markup = next == '|' || next == '\n';
        break;
      case '%':
        markup = hex_value(next) >= 0 || next == 'u';
        break;
      case '\\':
        markup = next == 'u';
        break;
      case '<':
        markup = std::isalpha(static_cast<unsigned char>(next)) || next == '/' || next == '!';
        break;
      case '&':
        markup = rest.substr(0, 10).find(';') != std::string_view::npos;
        break;
      case '\r':
        markup = true;
        break;
      default:
        markup = end && is_space(c);
    }
    if (c == '\n' && !end) {
      out += "||";
    } else if (markup || (end && is_space(c))) {
      out += '%';
      out += Hex[uint8_t(c) >> 4];
      out += Hex[uint8_t(c) & 15];
    } else {
      out += c;
    }
  }
  return out;
}

void put(std::string& out, std::string_view name, const std::string& value) {
  out += "[DhtmlXQ_";
  out += name;
  out += "]" + value + "[/DhtmlXQ_";
  out += name;
  out += "]\n";
}

std::string binit_of(const std::string& fen) {
  Position pos;
  StateInfo st;
  pos.set(fen, &st);
  // The slots of each piece, filled from each side's right (as 东萍 writes the start).
  std::string pairs(2 * Slots, '9');
  for (const Color c : {RED, BLACK}) {
    std::vector<Square> squares[PIECE_TYPE_NB];
    for (int s = 0; s < SQUARE_NB; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (p != NO_PIECE && color_of(p) == c) squares[type_of(p)].push_back(Square(s));
    }
    for (auto& v : squares)
      std::stable_sort(v.begin(), v.end(), [c](Square a, Square b) {
        return c == RED ? file_of(a) > file_of(b) : file_of(a) < file_of(b);
      });
    for (size_t slot = 0; slot < 16; ++slot) {
      const char letter = char(std::toupper(static_cast<unsigned char>(SlotPieces[slot])));
      PieceType pt = NO_PIECE_TYPE;
      for (PieceType t : {GENERAL, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, SOLDIER})
        if (std::string_view("?KABNRCP")[t] == letter) pt = t;
      if (squares[pt].empty()) continue;
      const Square s = squares[pt].front();
      squares[pt].erase(squares[pt].begin());
      const size_t at = 2 * (slot + (c == RED ? 0 : 16));
      const std::string t = square_text(s);
      pairs[at] = t[0];
      pairs[at + 1] = t[1];
    }
  }
  return pairs;
}

}  // namespace

std::vector<Loaded> read_dhtmlxq(std::string_view text, size_t max_games) {
  std::vector<Loaded> games;
  for (const std::string_view block : blocks_of(text)) {
    if (games.size() >= max_games) break;
    games.push_back(read_block(block));
  }
  if (games.empty()) {
    games.emplace_back();
    games.back().format = Format::DHTMLXQ;
    games.back().error = "no [DhtmlXQ] block and no [DhtmlXQ_...] tag: not a DhtmlXQ game";
  }
  return games;
}

std::string write_dhtmlxq(const Record& record, const WriteOptions& options) {
  std::string out = "[DhtmlXQ]\n";
  // 1. Tags.
  const auto dhtml_name = [](const std::string& tag) -> std::string {
    for (const TagName& n : TagNames)
      if (n.tag == tag) return std::string(n.dhtml);
    return "";
  };
  const std::string ecco = record.tags.get("ECCO"), opening = record.tags.get("Opening");
  for (const auto& [k, v] : record.tags.all()) {
    if (k == "ECCO" || k == "Opening") continue;
    std::string name = dhtml_name(k);
    if (name.empty()) {
      // Another tag under its own name, when the reader will give it back under that name.
      const std::string low = lower(k);
      const bool plain =
          !k.empty() && k.size() <= 64 && std::all_of(k.begin(), k.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
          });
      const bool reserved =
          std::find(std::begin(NotTags), std::end(NotTags), low) != std::end(NotTags) ||
          std::any_of(std::begin(TagNames), std::end(TagNames),
                      [&](const TagName& n) { return n.dhtml == low; }) ||
          low.rfind("move", 0) == 0 || low.rfind("comment", 0) == 0;
      if (!plain || reserved) continue;
      name = k;
    }
    put(out, name, escape(v));
  }
  if (!ecco.empty() || !opening.empty())
    put(out, "open",
        escape(ecco.empty()      ? opening
               : opening.empty() ? ecco
                                 : ecco + " " + opening));
  put(out, "result", result_text(record.result().outcome));

  // 2. The start: binit, and the FEN when binit and the first move do not give it.
  const std::string binit = binit_of(record.start_fen());
  put(out, "binit", binit);
  const RecordNode& root = record.node(RootNode);
  std::array<char, SQUARE_NB> board{};
  board_of(binit, board);
  const char side = root.children.empty() ? 'w'
                    : record.node(root.children[0]).at.moved != NO_PIECE &&
                            color_of(record.node(root.children[0]).at.moved) == BLACK
                        ? 'b'
                        : 'w';
  {
    // Binit with that side may not even be a position (the side not to move in check).
    Position pos;
    StateInfo st;
    if (!pos.set(fen_of(board, side), &st).empty() || pos.fen() != record.start_fen())
      put(out, "fen", record.start_fen());
  }

  // 3. Branches: the main line is 0; each alternative to a move of branch A at ply B becomes
  // branch C, numbered in the order they are met, A's before its own (C > A), and the
  // alternatives of one move in the order of the record.
  struct Pending {
    NodeId first;
    int number, parent;
  };
  std::vector<Pending> queue;
  if (!root.children.empty()) queue.push_back({root.children[0], 0, -1});
  std::string moves_out, comments_out;
  if (options.comments && !root.comment.empty())
    put(comments_out, "comment0", escape(root.comment));
  int next = 0;
  for (size_t q = 0; q < queue.size(); ++q) {
    const auto [first, number, parent_branch] = queue[q];
    std::string moves;
    bool first_move = true;
    for (NodeId n = first;;) {
      const RecordNode& node = record.node(n);
      const RecordNode& parent = record.node(node.parent);
      if (options.variations && (!first_move || number == 0))
        for (size_t j = 1; j < parent.children.size(); ++j)
          queue.push_back({parent.children[j], ++next, number});
      first_move = false;
      moves += square_text(from_sq(node.at.move)) + square_text(to_sq(node.at.move));
      if (options.comments && !node.comment.empty())
        put(comments_out,
            "comment" + (number ? std::to_string(number) + "_" : "") + std::to_string(node.at.ply),
            escape(node.comment));
      if (node.children.empty()) break;
      n = node.children[0];
    }
    if (number == 0)
      put(moves_out, "movelist", moves);
    else
      put(moves_out,
          "move_" + std::to_string(parent_branch) + "_" +
              std::to_string(record.node(first).at.ply) + "_" + std::to_string(number),
          moves);
  }
  return out + moves_out + comments_out + "[/DhtmlXQ]\n";
}

}  // namespace chuhan::formats
