#include "xqf.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "../movegen.h"
#include "board_fen.h"

namespace chuhan::formats {

namespace {

constexpr size_t HeaderSize = 0x400;
constexpr int FirstVersion = 10, LastVersion = 18;  // 1.0 .. 1.8
// The piece of each of the 32 slots of the start position (FEN letters).
constexpr char SlotPieces[] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";
// A point is one byte, file * 10 + rank (file 0..8 from Red's left, rank 0..9 from Red's side);
// any value from 90 on is off the board.
constexpr int OffBoard = 90;
// The keystream of versions 1.1 on is this text masked by four key bytes.
constexpr char KeyText[] = "[(C) Copyright Mr. Dong Shiwei.]";
static_assert(sizeof KeyText == 33);
// A comment longer than this is taken for a corrupt length rather than allocated.
constexpr uint32_t MaxComment = 1u << 20;

// Header strings: a length byte, then that many GBK bytes in a field of `capacity`.
struct StringField {
  size_t offset, capacity;
  const char* tag;
};
constexpr StringField StringFields[] = {
    {0x50, 127, "Title"},  // 63 by the format; writers spill into the reserved bytes after it
    {0xD0, 63, "Event"},    {0x110, 15, "Date"},      {0x120, 15, "Site"},
    {0x130, 15, "Red"},     {0x140, 15, "Black"},     {0x150, 63, "TimeControl"},
    {0x190, 15, "RedTime"}, {0x1A0, 15, "BlackTime"}, {0x1D0, 15, "Annotator"},
    {0x1E0, 15, "Author"},
};

// What the header's key bytes (0x03, 0x08..0x0F) give for versions 1.1 on; all zero for 1.0.
struct Keys {
  uint8_t pieces = 0;                // subtracted from each piece byte
  uint8_t from = 0;                  // subtracted from a move's from-byte
  uint8_t to = 0;                    // subtracted from a move's to-byte
  uint32_t comment = 0;              // subtracted from a comment length
  std::array<uint8_t, 32> stream{};  // byte p of the move tree loses stream[p % 32]
};

uint8_t byte_at(std::string_view b, size_t i) { return uint8_t(b[i]); }

// The mixing step of the three square keys: (54 s² + 221) · multiplier, modulo 256.
uint8_t mix(uint8_t seed, uint8_t multiplier) {
  const unsigned s = seed;
  return uint8_t((s * s * 54u + 221u) * multiplier);
}

Keys derive_keys(std::string_view b, int version) {
  Keys k;
  if (version == FirstVersion) return k;  // 1.0 is not encrypted
  const uint8_t sum = byte_at(b, 0x0C), xy = byte_at(b, 0x0D), xyf = byte_at(b, 0x0E),
                xyt = byte_at(b, 0x0F), mask = byte_at(b, 0x03);
  k.pieces = mix(xy, xy);
  k.from = mix(xyf, k.pieces);
  k.to = mix(xyt, k.from);
  k.comment = (uint32_t(sum) * 256u + xy) % 32000u + 767u;
  for (size_t i = 0; i < 32; ++i) {
    const uint8_t f = uint8_t((byte_at(b, 0x0C + i % 4) & mask) | byte_at(b, 0x08 + i % 4));
    k.stream[i] = uint8_t(f & uint8_t(KeyText[i]));
  }
  return k;
}

// Text of the file (header strings, comments; GBK unless told otherwise) in UTF-8: cut at a NUL,
// with a character that the writer cut in half at the end of its field dropped, and CR LF made LF.
std::string gbk_text(std::string_view raw, Encoding encoding) {
  raw = raw.substr(0, raw.find('\0'));
  std::string text = to_utf8(raw, encoding);
  static constexpr std::string_view Replacement = "\xEF\xBF\xBD";
  while (text.size() >= 3 && std::string_view(text).substr(text.size() - 3) == Replacement)
    text.resize(text.size() - 3);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i)
    if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
  // Leading and trailing ASCII white space carries nothing (PGN trims it too).
  const size_t first = out.find_first_not_of(" \t\n\v\f\r");
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(" \t\n\v\f\r") - first + 1);
}

std::string square_name(int point) {
  if (point < 0 || point >= OffBoard) return "off the board (" + std::to_string(point) + ")";
  return std::string(1, char('a' + point / 10)) + char('0' + point % 10);
}

// A move of the tree as the file has it, before it is played.
struct RawMove {
  int from = 0, to = 0;  // points
  int parent = -1;       // index of the move before it, -1 for the start
  bool main_line = false;
  std::string comment;
};

// The move tree: records from byte 0x400 on, decrypted byte by byte.
class TreeReader {
 public:
  TreeReader(std::string_view bytes, int version, const Keys& keys, Encoding encoding)
      : b_(bytes), version_(version), k_(keys), encoding_(encoding) {}

  // Reads the whole tree: the start's comment and the moves in file order (a parent before its
  // children). Returns "" or what is wrong.
  std::string read(std::string& start_comment, std::vector<RawMove>& moves) {
    Record root;
    if (std::string e = record(root); !e.empty()) return e;
    start_comment = std::move(root.comment);
    // Records are a pre-order walk: a move, its continuation's whole subtree (when it has
    // one), then its next alternative (when it has one). `pending` holds the parents whose
    // next alternative is still to come.
    std::vector<int> pending;
    std::vector<int> children(1, 0);  // moves seen so far under the start (0) and each move (i+1)
    int parent = -1;
    bool more = root.has_next;
    while (more) {
      Record r;
      if (std::string e = record(r); !e.empty()) return e;
      RawMove m;
      m.from = r.from;
      m.to = r.to;
      m.parent = parent;
      m.main_line =
          (parent < 0 || moves[size_t(parent)].main_line) && children[size_t(parent + 1)] == 0;
      m.comment = std::move(r.comment);
      ++children[size_t(parent + 1)];
      moves.push_back(std::move(m));
      children.push_back(0);
      const int id = int(moves.size()) - 1;
      if (r.has_next) {
        if (r.has_sibling) pending.push_back(parent);
        parent = id;
      } else if (!r.has_sibling) {
        // The line ends here: on to the alternative still owed, if any.
        if (pending.empty())
          more = false;
        else
          parent = pending.back(), pending.pop_back();
      }
    }
    return "";
  }

 private:
  struct Record {
    int from = 0, to = 0;
    bool has_next = false, has_sibling = false;
    std::string comment;
  };

  bool get(uint8_t& out) {
    if (pos_ >= b_.size()) return false;
    out = uint8_t(byte_at(b_, pos_) - k_.stream[pos_ % 32]);
    ++pos_;
    return true;
  }

  std::string truncated(size_t at, const char* what) const {
    return "the file is cut short: " + std::string(what) + " at byte " + std::to_string(at) +
           " ends with the file";
  }

  std::string record(Record& r) {
    const size_t at = pos_;
    uint8_t raw[4];
    for (uint8_t& x : raw)
      if (!get(x)) return truncated(at, "the move record");
    const bool v10 = version_ == FirstVersion;
    r.from = uint8_t(raw[0] - 24 - k_.from);
    r.to = uint8_t(raw[1] - 32 - k_.to);
    // 1.0: high nibble "a move follows", low nibble "an alternative follows", a comment length
    // always. 1.1 on: three flag bits; the low five bits are noise.
    r.has_next = v10 ? (raw[2] & 0xF0) != 0 : (raw[2] & 0x80) != 0;
    r.has_sibling = v10 ? (raw[2] & 0x0F) != 0 : (raw[2] & 0x40) != 0;
    if (!v10 && !(raw[2] & 0x20)) return "";
    uint8_t len[4];
    for (uint8_t& x : len)
      if (!get(x)) return truncated(at, "the comment length of the record");
    const uint32_t stored =
        uint32_t(len[0]) | uint32_t(len[1]) << 8 | uint32_t(len[2]) << 16 | uint32_t(len[3]) << 24;
    const int64_t length = int64_t(stored) - int64_t(k_.comment);
    if (length < 0 || length > int64_t(MaxComment))
      return "corrupt move tree: the record at byte " + std::to_string(at) +
             " has a comment length of " + std::to_string(length);
    if (uint64_t(length) > b_.size() - pos_) return truncated(at, "the comment of the record");
    std::string text(size_t(length), '\0');
    for (char& c : text) {
      uint8_t x = 0;
      get(x);
      c = char(x);
    }
    r.comment = gbk_text(text, encoding_);
    return "";
  }

  std::string_view b_;
  int version_;
  const Keys& k_;
  Encoding encoding_;
  size_t pos_ = HeaderSize;
};

// The start position's board part and side from the 32 piece bytes; "" or what is wrong.
std::string start_fen(std::string_view b, int version, const Keys& k,
                      const std::vector<RawMove>& moves, std::string& fen) {
  int slot_point[32];
  for (int i = 0; i < 32; ++i) {
    // 1.2 on also rotate the slots: stored byte i belongs to slot (key + 1 + i) mod 32.
    const int slot = version >= 12 ? (k.pieces + 1 + i) & 31 : i;
    slot_point[slot] = uint8_t(byte_at(b, 0x10 + size_t(i)) - k.pieces);
  }
  char board[OffBoard];
  std::fill(std::begin(board), std::end(board), '.');
  for (int slot = 0; slot < 32; ++slot) {
    const int p = slot_point[slot];
    if (p >= OffBoard) continue;  // not on the board
    if (board[p] != '.')
      return "the start position has two pieces on " + square_name(p) + " (" + board[p] + " and " +
             SlotPieces[slot] + ")";
    board[p] = SlotPieces[slot];
  }
  // The side to move: the colour of the first move's piece; without moves, the header's byte.
  char side = byte_at(b, 0x32) == 1 ? 'b' : 'w';
  if (!moves.empty() && moves[0].from < OffBoard && board[moves[0].from] != '.')
    side = std::isupper(static_cast<unsigned char>(board[moves[0].from])) ? 'w' : 'b';
  std::array<char, SQUARE_NB> squares;
  for (int file = 0; file < 9; ++file)
    for (int rank = 0; rank < 10; ++rank)
      squares[make_square(file, rank)] = board[file * 10 + rank];
  fen = fen_of(squares, side);
  return "";
}

// Appends `note` to the comment of `id`.
void add_note(Game& game, NodeId id, const std::string& note) {
  const std::string& old = game.record().node(id).comment;
  game.set_comment(id, old.empty() ? note : old + "\n" + note);
}

// Why `m` (squares as the file has them) cannot be played at the cursor, or "".
std::string refusal(const Game& game, const RawMove& m) {
  const PlyRecord& here = game.current();
  const std::string move = square_name(m.from) + "-" + square_name(m.to);
  const std::string number =
      std::to_string(here.move_number) + (here.side_to_move == RED ? "." : "...");
  bool legal = m.from < OffBoard && m.to < OffBoard;
  if (legal) {
    const Move mv =
        make_move(make_square(m.from / 10, m.from % 10), make_square(m.to / 10, m.to % 10));
    legal = game.position().pseudo_legal(mv) && game.position().legal(mv);
  }
  if (legal) return "";
  return "move " + number + " " + move + " is not legal (" +
         (here.side_to_move == RED ? "Red" : "Black") + " to move in " + here.fen + ")";
}

}  // namespace

int xqf_version(std::string_view bytes) {
  if (bytes.size() < HeaderSize || bytes.substr(0, 2) != "XQ") return 0;
  const int v = byte_at(bytes, 2);
  return v >= FirstVersion && v <= LastVersion ? v : 0;
}

Loaded read_xqf(std::string_view bytes, Encoding text) {
  Loaded out;
  out.format = Format::XQF;
  out.encoding = text == Encoding::AUTO ? Encoding::GB18030 : text;
  const auto fail = [&out](std::string message) {
    out.game.reset();
    out.error = std::move(message);
    return std::move(out);
  };

  // 1. Header: the magic, the version and the keys.
  if (bytes.substr(0, 2) != "XQ") return fail("not an XQF file (no \"XQ\" at its start)");
  if (bytes.size() < HeaderSize)
    return fail("the file is cut short: " + std::to_string(bytes.size()) +
                " bytes, less than the 1024 of the XQF header");
  const int version = xqf_version(bytes);
  if (!version)
    return fail("unknown XQF version byte " + std::to_string(byte_at(bytes, 2)) +
                " (1.0-1.8 are 10-18)");
  const Keys keys = derive_keys(bytes, version);

  // 2. The move tree, whole, before anything is played.
  std::string start_comment;
  std::vector<RawMove> moves;
  if (std::string e = TreeReader(bytes, version, keys, out.encoding).read(start_comment, moves);
      !e.empty())
    return fail(e);

  // 3. The start position.
  std::string fen;
  if (std::string e = start_fen(bytes, version, keys, moves, fen); !e.empty()) return fail(e);
  auto game = std::make_unique<Game>();
  if (std::string e = game->reset(fen); !e.empty()) return fail("the start position: " + e);
  if (!start_comment.empty()) game->set_comment(RootNode, start_comment);

  // 4. Tags and the result.
  for (const StringField& f : StringFields) {
    const size_t length = std::min<size_t>(byte_at(bytes, f.offset), f.capacity);
    std::string value = gbk_text(bytes.substr(f.offset + 1, length), out.encoding);
    for (char& c : value)
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';         // one line, as PGN holds a tag
    if (value != "?" && value != "*" && value != "????.??.??")  // "unknown", as PGN writes it
      game->tags().set(f.tag, std::move(value));
  }
  GameResult declared;
  switch (byte_at(bytes, 0x33)) {
    case 1:
      declared.outcome = Outcome::RED_WINS;
      break;
    case 2:
      declared.outcome = Outcome::BLACK_WINS;
      break;
    case 3:
      declared.outcome = Outcome::DRAW;
      break;
    default:
      break;
  }
  game->declare(declared);

  // 5. Every move, in file order: its parent is already played (or dropped). Going from one
  // record's parent to the next costs the moves between them, so the whole tree replays in time
  // proportional to its size.
  std::vector<NodeId> node(moves.size(), NoNode);  // NoNode: dropped
  for (size_t i = 0; i < moves.size(); ++i) {
    const RawMove& m = moves[i];
    const NodeId parent = m.parent < 0 ? RootNode : node[size_t(m.parent)];
    if (parent == NoNode) continue;  // in a dropped variation
    game->go_to(parent);
    if (const std::string why = refusal(*game, m); !why.empty()) {
      if (m.main_line) return fail(why + " on the main line");
      add_note(*game, parent, "[a variation was dropped here: " + why + "]");
      continue;
    }
    const NodeId id = game->play(
        make_move(make_square(m.from / 10, m.from % 10), make_square(m.to / 10, m.to % 10)));
    node[i] = id;
    if (!m.comment.empty()) {
      // The same move twice under one parent is one node with both comments.
      const std::string& old = game->record().node(id).comment;
      if (old.empty())
        game->set_comment(id, m.comment);
      else if (old != m.comment)
        add_note(*game, id, m.comment);
    }
  }
  game->go_to(RootNode);
  out.game = std::move(game);
  return out;
}

}  // namespace chuhan::formats
