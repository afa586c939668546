#include "xqf_encoder.h"

#include <algorithm>
#include <map>
#include <vector>

#include "formats/encoding.h"
#include "position.h"

namespace chuhan::test {

namespace {

// The slots of the start position, Red's then Black's (FEN letters, upper case for both).
constexpr char SlotTypes[] = "RNBAKABNRCCPPPPP";

uint8_t square_byte(Square s) { return uint8_t(file_of(s) * 10 + rank_of(s)); }

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out += char(v >> (8 * i) & 0xFF);
}

struct Derived {
  uint8_t pieces = 0, from = 0, to = 0;
  uint32_t comment = 0;
  std::array<uint8_t, 32> stream{};
};

// The keys, as the format's description gives them.
Derived derive(int version, const XqfKeys& k) {
  Derived d;
  if (version == 10) return d;
  const auto square_key = [](unsigned seed, unsigned times) {
    return uint8_t(((seed * seed * 54 + 221) & 0xFF) * times);
  };
  d.pieces = square_key(k.seeds[1], k.seeds[1]);
  d.from = square_key(k.seeds[2], d.pieces);
  d.to = square_key(k.seeds[3], d.from);
  d.comment = (k.seeds[0] * 256u + k.seeds[1]) % 32000u + 767u;
  static const char Text[] = "[(C) Copyright Mr. Dong Shiwei.]";
  for (int i = 0; i < 32; ++i)
    d.stream[size_t(i)] =
        uint8_t(((k.seeds[size_t(i % 4)] & k.mask) | k.ors[size_t(i % 4)]) & uint8_t(Text[i]));
  return d;
}

struct Field {
  const char* tag;
  size_t offset, capacity;
};
constexpr Field Fields[] = {
    {"Title", 0x50, 63},        {"Event", 0xD0, 63},    {"Date", 0x110, 15},
    {"Site", 0x120, 15},        {"Red", 0x130, 15},     {"Black", 0x140, 15},
    {"TimeControl", 0x150, 63}, {"RedTime", 0x190, 15}, {"BlackTime", 0x1A0, 15},
    {"Annotator", 0x1D0, 15},   {"Author", 0x1E0, 15},
};

}  // namespace

std::string gbk(const std::string& text) {
  static const std::map<std::string, std::string> table = [] {
    std::map<std::string, std::string> t;
    for (int a = 0x81; a <= 0xFE; ++a)
      for (int b = 0x40; b <= 0xFE; ++b) {
        const std::string code{char(a), char(b)};
        t.emplace(formats::to_utf8(code, formats::Encoding::GB18030), code);
      }
    return t;
  }();
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const uint8_t c = uint8_t(text[i]);
    const size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    const std::string ch = text.substr(i, n);
    if (n == 1)
      out += ch;
    else if (const auto it = table.find(ch); it != table.end())
      out += it->second;
    else
      out += '?';
    i += n;
  }
  return out;
}

std::string encode_xqf(const Record& record, int version, const XqfKeys& keys) {
  const Derived k = derive(version, keys);
  std::string out(0x400, '\0');
  out[0] = 'X', out[1] = 'Q', out[2] = char(version);
  if (version > 10) {
    out[3] = char(keys.mask);
    for (int i = 0; i < 4; ++i) out[size_t(8 + i)] = char(keys.ors[size_t(i)]);
    for (int i = 0; i < 4; ++i) out[size_t(12 + i)] = char(keys.seeds[size_t(i)]);
  }

  // The pieces, each in a slot of its type: stored as point + key; 1.2 on, byte i holds slot
  // (key + 1 + i) mod 32.
  Position pos;
  StateInfo st;
  pos.set(record.start_fen(), &st);
  uint8_t slot_point[32];
  std::fill(std::begin(slot_point), std::end(slot_point), uint8_t(0xFF));
  for (int s = 0; s < SQUARE_NB; ++s) {
    const Piece p = pos.piece_on(Square(s));
    if (p == NO_PIECE) continue;
    const char letter = "?KABNRCP"[type_of(p)];
    const int base = color_of(p) == RED ? 0 : 16;
    for (int slot = 0; slot < 16; ++slot)
      if (SlotTypes[slot] == letter && slot_point[base + slot] == 0xFF) {
        slot_point[base + slot] = square_byte(Square(s));
        break;
      }
  }
  for (int i = 0; i < 32; ++i) {
    const int slot = version >= 12 ? (k.pieces + 1 + i) & 31 : i;
    out[size_t(0x10 + i)] = char(uint8_t(slot_point[slot] + k.pieces));
  }
  out[0x32] = record.node(RootNode).at.side_to_move == BLACK ? 1 : 0;
  const Outcome o = record.declared.outcome;
  out[0x33] = char(o == Outcome::RED_WINS     ? 1
                   : o == Outcome::BLACK_WINS ? 2
                   : o == Outcome::DRAW       ? 3
                                              : 0);
  for (const Field& f : Fields) {
    const std::string value = gbk(record.tags.get(f.tag)).substr(0, f.capacity);
    out[f.offset] = char(value.size());
    std::copy(value.begin(), value.end(), out.begin() + long(f.offset) + 1);
  }

  // The tree in pre-order: each child, then its continuation's subtree, then the next child.
  const auto put_record = [&](uint8_t from, uint8_t to, bool next, bool sibling,
                              const std::string& comment) {
    const std::string text = gbk(comment);
    if (version == 10) {
      out += char(from + 24), out += char(to + 32);
      out += char((next ? 0xF0 : 0) | (sibling ? 0x0F : 0));
      out += '\0';
      put_u32(out, uint32_t(text.size()));
    } else {
      out += char(from + 24 + k.from), out += char(to + 32 + k.to);
      out += char((next ? 0x80 : 0) | (sibling ? 0x40 : 0) | (text.empty() ? 0 : 0x20));
      out += '\0';
      if (!text.empty()) put_u32(out, uint32_t(text.size()) + k.comment);
    }
    out += text;
  };
  const RecordNode& root = record.node(RootNode);
  put_record(0, 0, !root.children.empty(), false, root.comment);   // the start: no move
  std::vector<std::pair<NodeId, size_t>> stack = {{RootNode, 0}};  // a node and its next child
  while (!stack.empty()) {
    auto& [parent, i] = stack.back();
    const std::vector<NodeId>& children = record.node(parent).children;
    if (i == children.size()) {
      stack.pop_back();
      continue;
    }
    const NodeId id = children[i++];
    const RecordNode& n = record.node(id);
    put_record(square_byte(from_sq(n.at.move)), square_byte(to_sq(n.at.move)), !n.children.empty(),
               i < children.size(), n.comment);
    stack.emplace_back(id, 0);
  }

  // Encryption: from byte 0x400 on, each byte plus the stream's byte for its offset.
  for (size_t p = 0x400; p < out.size(); ++p) out[p] = char(uint8_t(out[p]) + k.stream[p % 32]);
  return out;
}

}  // namespace chuhan::test
