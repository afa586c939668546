#include "book.h"

#include <algorithm>
#include <cstring>

#include "opening_key.h"

namespace chuhan::book {

extern const unsigned char EmbeddedBookData[];
extern const size_t EmbeddedBookSize;

namespace {

constexpr char Magic[] = "CHUHANBK";

uint64_t read_le(const char* p, int bytes) {
  uint64_t v = 0;
  for (int k = 0; k < bytes; ++k) v |= uint64_t(uint8_t(p[k])) << (8 * k);
  return v;
}
void write_le(std::string& out, uint64_t v, int bytes) {
  for (int k = 0; k < bytes; ++k) out += char((v >> (8 * k)) & 0xFF);
}

bool before(const Entry& a, const Entry& b) {
  return a.key != b.key ? a.key < b.key : a.move < b.move;
}

}  // namespace

std::string serialize(std::vector<Entry> entries) {
  std::sort(entries.begin(), entries.end(), before);
  std::string body;
  uint32_t positions = 0;
  for (size_t i = 0; i < entries.size();) {
    size_t end = i;
    while (end < entries.size() && entries[end].key == entries[i].key && end - i < 255) ++end;
    write_le(body, entries[i].key, 8);
    write_le(body, end - i, 1);
    for (; i < end; ++i) write_le(body, entries[i].move, 2), write_le(body, entries[i].weight, 2);
    ++positions;
  }
  std::string out(Magic, 8);
  write_le(out, FormatVersion, 4);
  write_le(out, opening_key_check(), 8);
  write_le(out, positions, 4);
  return out + body;
}

bool parse(std::string_view bytes, std::vector<Entry>& out) {
  out.clear();
  size_t at = 8 + 4 + 8 + 4;
  if (bytes.size() < at || bytes.substr(0, 8) != std::string_view(Magic, 8) ||
      read_le(bytes.data() + 8, 4) != FormatVersion ||
      read_le(bytes.data() + 12, 8) != opening_key_check())
    return false;
  for (uint64_t positions = read_le(bytes.data() + 20, 4); positions > 0; --positions) {
    if (bytes.size() - at < 9) return out.clear(), false;
    const Key key = read_le(bytes.data() + at, 8);
    const size_t moves = size_t(uint8_t(bytes[at + 8]));
    at += 9;
    if (bytes.size() - at < 4 * moves) return out.clear(), false;
    for (size_t k = 0; k < moves; ++k, at += 4) {
      out.push_back(
          {key, Move(read_le(bytes.data() + at, 2)), uint16_t(read_le(bytes.data() + at + 2, 2))});
      if (out.size() > 1 && !before(out[out.size() - 2], out.back())) return out.clear(), false;
    }
  }
  if (at != bytes.size()) return out.clear(), false;
  return true;
}

const std::vector<Entry>& entries() {
  static const std::vector<Entry> embedded = [] {
    std::vector<Entry> e;
    parse(std::string_view(reinterpret_cast<const char*>(EmbeddedBookData), EmbeddedBookSize), e);
    return e;
  }();
  return embedded;
}

std::vector<Candidate> probe(const Position& pos) {
  const std::vector<Entry>& t = entries();
  const OpeningKey k = opening_key(pos);
  auto it = std::lower_bound(t.begin(), t.end(), Entry{k.key, MOVE_NONE, 0}, before);
  std::vector<Candidate> out;
  for (; it != t.end() && it->key == k.key; ++it) {
    const Move m = k.mirrored ? mirror_move(it->move) : it->move;
    if (is_ok(m) && pos.pseudo_legal(m) && pos.legal(m)) out.push_back({m, it->weight});
  }
  return out;
}

Move pick(const Position& pos, uint64_t random) {
  const std::vector<Candidate> candidates = probe(pos);
  int total = 0;
  for (const Candidate& c : candidates) total += c.weight;
  if (total == 0) return MOVE_NONE;
  int roll = int(random % uint64_t(total));
  for (const Candidate& c : candidates) {
    if (roll < c.weight) return c.move;
    roll -= c.weight;
  }
  return candidates.back().move;
}

}  // namespace chuhan::book
