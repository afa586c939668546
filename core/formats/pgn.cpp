#include "pgn.h"

#include <algorithm>
#include <cctype>

#include "../movegen.h"
#include "../quote.h"

namespace chuhan::formats {

namespace {

// ---- Reading ----

// Full-width and ideographic forms a Chinese editor puts where PGN has ASCII.
constexpr std::string_view IdeographicSpace = "\xE3\x80\x80";    // U+3000
constexpr std::string_view NoBreakSpace = "\xC2\xA0";            // U+00A0
constexpr std::string_view FullStop = "\xEF\xBC\x8E";            // U+FF0E ．
constexpr std::string_view IdeographicComma = "\xE3\x80\x81";    // U+3001 、
constexpr std::string_view FullWidthDigitZero = "\xEF\xBC\x90";  // U+FF10 ０

// The game tags the writer adds or fills with a placeholder: not kept, so that a game read and
// written and read again has the tags it had.
bool placeholder_tag(const std::string& name, const std::string& value) {
  return name == "Game" || name == "Format" || value.empty() || value == "?" ||
         value == "????.??.??" || value == "*";
}

}  // namespace

GameResult parse_result(std::string_view text) {
  GameResult r;
  if (text == "1-0")
    r.outcome = Outcome::RED_WINS;
  else if (text == "0-1")
    r.outcome = Outcome::BLACK_WINS;
  else if (text == "1/2-1/2" || text == "1/2" || text == "\xC2\xBD-\xC2\xBD")
    r.outcome = Outcome::DRAW;
  return r;
}

namespace {

// What a '}' inside a comment becomes: PGN has no escape for it.
constexpr std::string_view FullWidthClosingBrace = "\xEF\xBD\x9D";

bool is_result_token(std::string_view t) { return t == "*" || parse_result(t).over(); }

struct Token {
  enum Kind { END, TAG, COMMENT, OPEN, CLOSE, NAG, WORD } kind = END;
  std::string text;  // a word, a comment, a tag's value
  std::string name;  // a tag's name
  int line = 1;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : s_(text) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") s_.remove_prefix(3);
  }

  Token next() {
    skip_space();
    Token t;
    t.line = line_;
    if (i_ >= s_.size()) return t;
    const char c = s_[i_];
    if (c == '[') return tag(t);
    if (c == '{') return comment(t, '}');
    if (c == ';') return comment(t, '\n');
    if (c == '(' || c == ')') {
      ++i_;
      t.kind = c == '(' ? Token::OPEN : Token::CLOSE;
      return t;
    }
    t.kind = c == '$' ? Token::NAG : Token::WORD;
    if (c == '$') ++i_;
    while (i_ < s_.size() && !space_at(i_) &&
           std::string_view("{}();[").find(s_[i_]) == std::string_view::npos)
      t.text += s_[i_++];
    // A '}' that closes no comment is a word of its own (and no move): every token takes at
    // least one character, so a reader skipping a bad game always gets on.
    if (c == '}') t.text += s_[i_++];
    return t;
  }

  // Looks at the next token's kind without taking it.
  Token::Kind peek() {
    const size_t i = i_;
    const int line = line_;
    const Token t = next();
    i_ = i, line_ = line;
    return t.kind;
  }

 private:
  // The width of a space at `k` (ASCII, no-break or ideographic), or 0.
  size_t space_at(size_t k) const {
    if (std::isspace(static_cast<unsigned char>(s_[k]))) return 1;
    const std::string_view rest = s_.substr(k);
    if (rest.substr(0, 3) == IdeographicSpace) return 3;
    if (rest.substr(0, 2) == NoBreakSpace) return 2;
    return 0;
  }

  void skip_space() {
    while (i_ < s_.size()) {
      // A line starting with '%' is PGN's escape: skipped whole.
      if (s_[i_] == '%' && (i_ == 0 || s_[i_ - 1] == '\n')) {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
        continue;
      }
      const size_t w = space_at(i_);
      if (!w) break;
      if (s_[i_] == '\n') ++line_;
      i_ += w;
    }
  }

  // [Name "value"], the value's \" and \\ unescaped. The value ends at the last quote before the
  // ']' that ends the line or the tag, so an unescaped quote or ']' inside it is kept.
  Token tag(Token& t) {
    size_t end = s_.find('\n', i_);
    if (end == std::string_view::npos) end = s_.size();
    const std::string_view body = s_.substr(i_ + 1, end - i_ - 1);
    size_t close = body.rfind(']');
    const size_t q1 = body.find('"');
    size_t q2 = close == std::string_view::npos ? std::string_view::npos : body.rfind('"', close);
    if (close == std::string_view::npos || q1 == std::string_view::npos || q2 <= q1) {
      // Not a well-formed tag line: take the name and whatever follows as best we can.
      close = std::min(body.find(']'), body.size());
      q2 = close;
    }
    std::string_view name = body.substr(0, std::min(q1, close));
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
      name.remove_suffix(1);
    t.kind = Token::TAG;
    t.name = std::string(name);
    if (q1 != std::string_view::npos && q1 < q2) {
      const std::string_view raw = body.substr(q1 + 1, q2 - q1 - 1);
      for (size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) ++k;
        // A tab or a carriage return is a space, as the writer makes it (tag_value).
        t.text += raw[k] == '\t' || raw[k] == '\r' ? ' ' : raw[k];
      }
    }
    i_ += 1 + std::min(close + 1, body.size());
    return t;
  }

  Token comment(Token& t, char close) {
    const size_t end = s_.find(close, i_ + 1);
    const size_t stop = end == std::string_view::npos ? s_.size() : end;
    t.kind = Token::COMMENT;
    t.text = std::string(s_.substr(i_ + 1, stop - i_ - 1));
    line_ += int(std::count(t.text.begin(), t.text.end(), '\n'));
    // A ';' comment may hold '}', which a {comment} cannot: it becomes the full-width one, as the
    // writer writes it, so that the game reads back the same.
    if (close == '\n')
      for (size_t k = 0; (k = t.text.find('}', k)) != std::string::npos;)
        t.text.replace(k, 1, FullWidthClosingBrace);
    i_ = close == '}' ? std::min(stop + 1, s_.size()) : stop;
    return t;
  }

  std::string_view s_;
  size_t i_ = 0;
  int line_ = 1;
};

// Strips a leading move number ("12.", "12...", "12．", "１２、") from `word`.
std::string_view strip_move_number(std::string_view word) {
  size_t k = 0;
  while (k < word.size()) {
    if (std::isdigit(static_cast<unsigned char>(word[k])))
      ++k;
    else if (word.substr(k, 2) == "\xEF\xBC" && k + 2 < word.size() &&
             uint8_t(word[k + 2]) >= uint8_t(FullWidthDigitZero[2]) &&
             uint8_t(word[k + 2]) <= uint8_t(FullWidthDigitZero[2]) + 9)
      k += 3;  // a full-width digit
    else
      break;
  }
  if (k == 0) return word;
  size_t dots = k;
  while (dots < word.size()) {
    if (word[dots] == '.')
      ++dots;
    else if (word.substr(dots, 3) == FullStop || word.substr(dots, 3) == IdeographicComma)
      dots += 3;
    else
      break;
  }
  return dots > k || k == word.size() ? word.substr(dots) : word;
}

// Splits a trailing annotation (!, ?, !!, ??, !?, ?!) and check or mate marks off `word`; returns
// its NAG (0 for none).
int strip_annotation(std::string& word) {
  std::string marks;
  while (word.size() > 4 && std::string_view("!?+#").find(word.back()) != std::string_view::npos) {
    if (word.back() == '!' || word.back() == '?') marks.insert(marks.begin(), word.back());
    word.pop_back();
  }
  static const char* const Glyphs[] = {"", "!", "?", "!!", "??", "!?", "?!"};
  for (int n = 1; n <= 6; ++n)
    if (marks == Glyphs[n]) return n;
  return 0;
}

// Characters in a UTF-8 string.
size_t characters(std::string_view s) {
  return size_t(
      std::count_if(s.begin(), s.end(), [](char c) { return (uint8_t(c) & 0xC0) != 0x80; }));
}

class Reader {
 public:
  explicit Reader(std::string_view text) : lex_(text) {}

  // Reads the next game; false when the text has no more. Text after a game that has no tags and
  // does not start with a move (a site's banner after the result) is not a game: false too.
  bool next(Loaded& out) {
    out = Loaded{};
    out.format = Format::PGN;
    if (lex_.peek() == Token::END) return false;
    if (games_read_ > 0 && lex_.peek() == Token::WORD && !starts_with_a_move()) return false;
    ++games_read_;
    auto game = std::make_unique<Game>();
    Tags tags;
    std::string fen;
    GameResult declared;
    bool tag_result = false;

    // 1. Tag pairs.
    while (lex_.peek() == Token::TAG) {
      const Token t = lex_.next();
      if (t.name == "FEN")
        fen = t.text;
      else if (t.name == "Result")
        declared = parse_result(t.text), tag_result = true;
      else if (!placeholder_tag(t.name, t.text))
        tags.set(t.name, t.text);
    }
    if (!fen.empty())
      if (const std::string e = game->reset(fen); !e.empty()) return fail(out, "FEN tag: " + e);
    game->tags() = tags;
    game->declare(declared);

    // 2. Movetext, up to the result or the next game's tags.
    std::vector<NodeId> returns;  // where each open variation goes back to
    bool moves = false;
    std::string error;
    for (;;) {
      const Token::Kind kind = lex_.peek();
      if (kind == Token::END || (kind == Token::TAG && returns.empty())) break;
      Token t = lex_.next();
      if (t.kind == Token::TAG) continue;  // tags inside a variation: ignored
      if (t.kind == Token::COMMENT) {
        add_comment(*game, t.text);
      } else if (t.kind == Token::NAG) {
        int n = 0;  // capped: a NAG above 255 is ignored, however many digits it has
        for (const char c : t.text)
          n = std::isdigit(static_cast<unsigned char>(c)) ? std::min(n * 10 + (c - '0'), 1000) : n;
        if (game->cursor() != RootNode && n > 0 && n < 256) game->set_nag(game->cursor(), n);
      } else if (t.kind == Token::OPEN) {
        // An alternative to the move just played: from the position before it.
        if (game->cursor() == RootNode) return fail(out, at(t) + "a variation before any move");
        returns.push_back(game->cursor());
        game->go_to(game->record().node(game->cursor()).parent);
      } else if (t.kind == Token::CLOSE) {
        if (returns.empty()) return fail(out, at(t) + "')' closes no variation");
        game->go_to(returns.back());
        returns.pop_back();
      } else if (is_result_token(t.text)) {
        if (returns.empty()) {
          if (!tag_result) game->declare(parse_result(t.text));
          break;
        }
      } else if (!play_word(*game, t, error)) {
        return fail(out, error);
      } else {
        moves = true;
      }
    }
    if (!returns.empty()) return fail(out, "a variation is not closed: ')' missing");
    if (!moves && fen.empty()) return fail(out, "no moves and no FEN tag: not a game");
    game->go_to(RootNode);
    out.game = std::move(game);
    return true;
  }

 private:
  static std::string at(const Token& t) { return "line " + std::to_string(t.line) + ": "; }

  // Whether the next word is a move from the start position, a move number or a result: what a
  // game written without tags begins with.
  bool starts_with_a_move() {
    Lexer probe = lex_;
    const Token t = probe.next();
    std::string word(strip_move_number(t.text));
    if (word.empty() || is_result_token(word) || std::all_of(word.begin(), word.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
        }))
      return true;
    strip_annotation(word);
    const Game start;
    if (parse_move_name(start.position(), word) != MOVE_NONE) return true;
    // Black's first move of a game written from move 1 with Red's omitted is not a game start.
    return characters(word) > 4 && characters(word) % 4 == 0 &&
           parse_move_name(start.position(), word.substr(0, 12)) != MOVE_NONE;
  }

  bool fail(Loaded& out, std::string message) {
    out.error = std::move(message);
    // Skip to the next game, so that one bad game does not hide the rest of a file.
    int depth = 0;
    for (;;) {
      const Token::Kind kind = lex_.peek();
      if (kind == Token::END || (kind == Token::TAG && depth == 0)) break;
      const Token t = lex_.next();
      depth += t.kind == Token::OPEN ? 1 : t.kind == Token::CLOSE && depth > 0 ? -1 : 0;
    }
    return true;
  }

  static void add_comment(Game& game, std::string text) {
    const auto trim = [](std::string& s) {
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
      size_t k = 0;
      while (k < s.size() && std::isspace(static_cast<unsigned char>(s[k]))) ++k;
      s.erase(0, k);
    };
    trim(text);
    if (text.empty()) return;
    const std::string& old = game.record().node(game.cursor()).comment;
    game.set_comment(game.cursor(), old.empty() ? text : old + "\n" + text);
  }

  // Plays the move `t` names (after any move number, with any annotation), or a run of Chinese
  // moves written without spaces. False with `error` set when a move is not legal.
  bool play_word(Game& game, const Token& t, std::string& error) {
    std::string word(strip_move_number(t.text));
    if (word.empty()) return true;
    if (std::all_of(word.begin(), word.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }))
      return true;  // a move number alone
    const int nag = strip_annotation(word);
    Move m = parse_move_name(game.position(), word);
    if (m != MOVE_NONE) {
      const NodeId id = game.play(m);
      if (nag) game.set_nag(id, nag);
      return true;
    }
    // Chinese moves run together: four characters each.
    const size_t chars = characters(word);
    if (chars > 4 && chars % 4 == 0 && word.size() == chars * 3) {
      for (size_t k = 0; k < word.size(); k += 12) {
        m = parse_move_name(game.position(), word.substr(k, 12));
        if (m == MOVE_NONE) return not_legal(game, t, word.substr(k, 12), error);
        game.play(m);
      }
      return true;
    }
    return not_legal(game, t, word, error);
  }

  static bool not_legal(const Game& game, const Token& t, const std::string& word,
                        std::string& error) {
    const PlyRecord& here = game.current();
    error = at(t) + quote(word) + " is not a legal move for " +
            (here.side_to_move == RED ? "Red" : "Black") + " at move " +
            std::to_string(here.move_number) + " (position " + here.fen + ")";
    return false;
  }

  Lexer lex_;
  int games_read_ = 0;
};

// ---- Writing ----

const char* notation_tag(Notation n) {
  return n == Notation::WXF ? "WXF" : n == Notation::CHINESE ? "Chinese" : "ICCS";
}

// A tag value with its quotes and backslashes escaped and line breaks made spaces.
std::string tag_value(const std::string& v) {
  std::string out;
  for (const char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
  }
  return out;
}

class Writer {
 public:
  Writer(const Record& record, const WriteOptions& options) : r_(record), o_(options) {}

  std::string write() {
    std::string head;
    const GameResult result = r_.result();
    const std::string result_text = result.result_string();
    static const char* const Roster[] = {"Event", "Site", "Date", "Round", "Red", "Black"};
    head += "[Game \"Chinese Chess\"]\n";
    for (const char* key : Roster) {
      const std::string& v = r_.tags.get(key);
      head += std::string("[") + key + " \"" +
              (v.empty() ? std::string(std::string_view(key) == "Date" ? "????.??.??" : "?")
                         : tag_value(v)) +
              "\"]\n";
    }
    head += "[Result \"" + result_text + "\"]\n";
    for (const auto& [k, v] : r_.tags.all())
      if (std::find(std::begin(Roster), std::end(Roster), k) == std::end(Roster))
        head += "[" + k + " \"" + tag_value(v) + "\"]\n";
    const RecordNode& root = r_.node(RootNode);
    if (r_.start_fen() != Position::StartFen || root.children.empty())
      head += "[FEN \"" + r_.start_fen() + "\"]\n";
    head += std::string("[Format \"") + notation_tag(o_.notation) + "\"]\n\n";

    if (o_.comments && !root.comment.empty()) emit_comment(root.comment);
    write_line(RootNode, true);
    emit(result_text);
    flush();
    return head + body_;
  }

 private:
  // Writes what follows `n`: its main continuation, each of that move's variations in
  // parentheses, then on along the main continuation.
  void write_line(NodeId n, bool number) {
    while (!r_.node(n).children.empty()) {
      const std::vector<NodeId>& children = r_.node(n).children;
      write_move(children[0], number);
      number = false;
      if (o_.variations)
        for (size_t i = 1; i < children.size(); ++i) {
          open_ = true;
          write_move(children[i], true);
          write_line(children[i], false);
          ++closes_;
          number = true;
        }
      n = children[0];
      if (o_.comments && !r_.node(n).comment.empty()) number = true;
    }
  }

  void write_move(NodeId id, bool number) {
    const RecordNode& node = r_.node(id);
    const PlyRecord& before = r_.node(node.parent).at;
    if (before.side_to_move == RED)
      emit(std::to_string(before.move_number) + ".");
    else if (number)
      emit(std::to_string(before.move_number) + "...");
    emit(move_text(node.at));
    if (node.nag) emit("$" + std::to_string(node.nag));
    if (o_.comments && !node.comment.empty()) emit_comment(node.comment);
  }

  std::string move_text(const PlyRecord& at) const {
    if (o_.notation == Notation::CHINESE) return at.chinese;
    if (o_.notation == Notation::WXF) return at.wxf;
    std::string upper = at.iccs;
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    return upper.substr(0, 2) + "-" + upper.substr(2, 2);
  }

  void emit_comment(const std::string& text) {
    std::string safe;
    for (const char c : text)
      safe += c == '}' ? std::string(FullWidthClosingBrace) : std::string(1, c);
    emit("{" + safe + "}");
  }

  // Adds a word, wrapping lines near 80 columns; '(' and ')' stick to their words.
  void emit(const std::string& word) {
    std::string w = (open_ ? "(" : "") + word;
    open_ = false;
    line_ += std::string(size_t(closes_), ')');
    closes_ = 0;
    if (!line_.empty() && characters(line_) + characters(w) + 1 > 79) flush();
    line_ += (line_.empty() ? "" : " ") + w;
  }

  void flush() {
    line_ += std::string(size_t(closes_), ')');
    closes_ = 0;
    if (!line_.empty()) body_ += line_ + "\n";
    line_.clear();
  }

  const Record& r_;
  const WriteOptions& o_;
  std::string body_, line_;
  bool open_ = false;
  int closes_ = 0;
};

}  // namespace

std::vector<Loaded> read_pgn(std::string_view text, size_t max_games) {
  std::vector<Loaded> games;
  Reader reader(text);
  Loaded game;
  while (games.size() < max_games && reader.next(game)) games.push_back(std::move(game));
  if (games.empty()) {
    games.emplace_back();
    games.back().format = Format::PGN;
    games.back().error = "no moves and no FEN tag: not a game";
  }
  return games;
}

std::string write_pgn(const Record& record, const WriteOptions& options) {
  return Writer(record, options).write();
}

}  // namespace chuhan::formats
