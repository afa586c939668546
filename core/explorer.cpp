#include "explorer.h"

#include <algorithm>
#include <cstring>
#include <deque>

#include "json.h"
#include "movegen.h"
#include "notation.h"
#include "opening_key.h"

namespace chuhan::explorer {

namespace {

// Reads the file's parts in order; any read past the end or value out of range marks it bad, and
// every later read returns zero, so a damaged file is refused as a whole.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : s_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return i_ == s_.size(); }
  void fail() { ok_ = false; }

  uint64_t fixed(int bytes) {
    if (!need(size_t(bytes))) return 0;
    uint64_t v = 0;
    for (int k = 0; k < bytes; ++k) v |= uint64_t(uint8_t(s_[i_ + size_t(k)])) << (8 * k);
    i_ += size_t(bytes);
    return v;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!need(1)) return 0;
      const uint8_t b = uint8_t(s_[i_++]);
      v |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    fail();
    return 0;
  }
  // A varint that must be below `limit` (a count or an index).
  int index(uint64_t limit) {
    const uint64_t v = varint();
    if (v >= limit) fail();
    return ok_ ? int(v) : 0;
  }
  std::string_view bytes(size_t n) {
    if (!need(n)) return {};
    const std::string_view v = s_.substr(i_, n);
    i_ += n;
    return v;
  }
  std::string string() { return std::string(bytes(size_t(index(s_.size() + 1)))); }

 private:
  bool need(size_t n) {
    if (ok_ && s_.size() - i_ >= n) return true;
    ok_ = false;
    return false;
  }
  std::string_view s_;
  size_t i_ = 0;
  bool ok_ = true;
};

// A sanity bound on counts, far above any real collection: a damaged count fails fast instead of
// asking for gigabytes.
constexpr uint64_t MaxCount = 1u << 24;

Outcome outcome_of(int code) {
  return code == 1   ? Outcome::RED_WINS
         : code == 2 ? Outcome::DRAW
         : code == 3 ? Outcome::BLACK_WINS
                     : Outcome::ONGOING;
}

}  // namespace

std::vector<Move> numbered_moves(const Position& pos) {
  std::vector<Move> moves;
  for (const Move m : MoveList<LEGAL>(pos)) moves.push_back(m);
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::string Data::load(std::string_view bytes) {
  *this = Data{};
  Reader r(bytes);
  if (r.bytes(8) != std::string_view(Magic, 8)) return "not an opening explorer file";
  if (const uint64_t v = r.fixed(4); v != FormatVersion)
    return "explorer file of format " + std::to_string(v) + ", this engine reads format " +
           std::to_string(FormatVersion);
  if (r.fixed(8) != opening_key_check())
    return "explorer file built with other position keys: rebuild it (scripts/openings/)";

  Data d;
  d.credit_ = r.string();
  d.about_ = r.string();
  d.openings_.resize(size_t(r.index(MaxCount)));
  for (Opening& o : d.openings_) {
    o.eco = r.string();
    o.zh = r.string();
    o.en = r.string();
  }
  d.strings_.resize(size_t(r.index(MaxCount)));
  for (std::string& s : d.strings_) s = r.string();

  const uint64_t strings = d.strings_.size(), openings = d.openings_.size();
  d.games_.resize(size_t(r.index(MaxCount)));
  for (StoredGame& g : d.games_) {
    g.red = r.index(strings);
    g.black = r.index(strings);
    g.event = r.index(strings);
    g.year = r.index(10000);
    g.result = outcome_of(int(r.fixed(1)));
    g.opening = r.index(openings + 1) - 1;
    g.plies = uint32_t(r.index(4096));
    g.moves_offset = uint32_t(d.moves_bytes_.size());
    d.moves_bytes_ += r.bytes(g.plies);
  }
  const uint64_t games = d.games_.size();
  d.positions_.resize(size_t(r.index(MaxCount)));
  for (PositionEntry& p : d.positions_) {
    p.key = r.fixed(8);
    p.opening = r.index(openings + 1) - 1;
    p.games = r.index(MaxCount);
    p.red = r.index(uint64_t(p.games) + 1);
    p.draw = r.index(uint64_t(p.games - p.red) + 1);
    p.moves_begin = uint32_t(d.moves_.size());
    for (int n = r.index(256); n > 0 && r.ok(); --n) {
      StoredMove m;
      m.move = Move(r.fixed(2));
      m.games = r.index(uint64_t(p.games) + 1);
      m.red = r.index(uint64_t(m.games) + 1);
      m.draw = r.index(uint64_t(m.games - m.red) + 1);
      d.moves_.push_back(m);
    }
    p.moves_end = uint32_t(d.moves_.size());
    p.top_begin = uint32_t(d.top_.size());
    for (int n = r.index(256); n > 0 && r.ok(); --n) d.top_.push_back(r.index(games));
    p.top_end = uint32_t(d.top_.size());
    if (&p != &d.positions_.front() && (&p - 1)->key >= p.key) r.fail();  // keys ascend
  }
  if (!r.ok() || !r.at_end() || d.positions_.empty()) return "explorer file damaged or truncated";
  *this = std::move(d);
  return "";
}

Figures Data::figures() const {
  return {int(games_.size()), int(positions_.size()), int(openings_.size())};
}

const Data::PositionEntry* Data::find(const Position& pos, bool& mirrored) const {
  const OpeningKey k = opening_key(pos);
  mirrored = k.mirrored;
  const auto it = std::lower_bound(positions_.begin(), positions_.end(), k.key,
                                   [](const PositionEntry& p, Key key) { return p.key < key; });
  return it != positions_.end() && it->key == k.key ? &*it : nullptr;
}

GameSummary Data::summary(int id) const {
  const StoredGame& g = games_[size_t(id)];
  GameSummary s;
  s.id = id;
  s.red = strings_[size_t(g.red)];
  s.black = strings_[size_t(g.black)];
  s.event = strings_[size_t(g.event)];
  s.year = g.year;
  s.result = g.result;
  s.eco = g.opening >= 0 ? openings_[size_t(g.opening)].eco : "";
  s.plies = int(g.plies);
  return s;
}

std::optional<Entry> Data::probe(const Position& pos) const {
  bool mirrored = false;
  const PositionEntry* p = find(pos, mirrored);
  if (!p) return std::nullopt;
  Entry e;
  e.games = p->games, e.red = p->red, e.draw = p->draw;
  e.black = p->games - p->red - p->draw;
  if (p->opening >= 0) e.opening = openings_[size_t(p->opening)];
  for (uint32_t i = p->moves_begin; i < p->moves_end; ++i) {
    const StoredMove& s = moves_[i];
    const Move m = mirrored ? mirror_move(s.move) : s.move;
    // A key shared by another position (a collision) shows no moves that are not legal here.
    if (!is_ok(m) || !pos.pseudo_legal(m) || !pos.legal(m)) continue;
    e.moves.push_back({m, move_name(pos, m, Notation::CHINESE), move_name(pos, m, Notation::WXF),
                       s.games, s.red, s.draw, s.games - s.red - s.draw});
  }
  for (uint32_t i = p->top_begin; i < p->top_end; ++i) e.top_games.push_back(summary(top_[i]));
  return e;
}

Opening Data::opening(const Position& pos) const {
  bool mirrored = false;
  const PositionEntry* p = find(pos, mirrored);
  return p && p->opening >= 0 ? openings_[size_t(p->opening)] : Opening{};
}

std::optional<Entry> Data::probe_line(const Game& game) const {
  std::optional<Entry> here = probe(game.position());
  if (here && !here->opening.eco.empty()) return here;
  for (int ply = game.plies() - 1; ply >= 0; --ply) {
    Position pos;
    StateInfo st;
    if (!pos.set(game.record(ply).fen, &st).empty()) continue;
    Opening o = opening(pos);
    if (o.eco.empty()) continue;
    if (!here) here = Entry{};
    here->opening = std::move(o);
    return here;
  }
  return here;
}

std::optional<MasterGame> Data::game(int id) const {
  if (id < 0 || id >= int(games_.size())) return std::nullopt;
  MasterGame g;
  g.summary = summary(id);
  const StoredGame& stored = games_[size_t(id)];
  Position pos;
  std::deque<StateInfo> states(1);
  pos.set(Position::StartFen, &states.back());
  for (uint32_t i = 0; i < stored.plies; ++i) {
    const std::vector<Move> legal = numbered_moves(pos);
    const size_t index = uint8_t(moves_bytes_[stored.moves_offset + i]);
    if (index >= legal.size()) break;  // cannot happen in a file built by scripts/openings
    g.moves.push_back(legal[index]);
    states.emplace_back();
    pos.do_move(legal[index], states.back());
  }
  return g;
}

namespace {

void write_summary(json::Writer& w, const GameSummary& g) {
  w.key("id").integer(g.id).key("red").string(g.red).key("black").string(g.black);
  w.key("year").integer(g.year).key("result").string(result_string(g.result));
  w.key("event").string(g.event).key("eco").string(g.eco).key("plies").integer(g.plies);
}

}  // namespace

std::string to_json(const Entry& e) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  w.key("games").integer(e.games).key("red").integer(e.red).key("draw").integer(e.draw);
  w.key("black").integer(e.black).key("opening");
  if (e.opening.eco.empty())
    w.null();
  else
    w.begin_object()
        .key("eco")
        .string(e.opening.eco)
        .key("zh")
        .string(e.opening.zh)
        .key("en")
        .string(e.opening.en)
        .end_object();
  w.key("moves").begin_array();
  for (const MoveStats& m : e.moves) {
    w.begin_object().key("move").string(move_to_string(m.move)).key("chinese").string(m.chinese);
    w.key("wxf").string(m.wxf).key("games").integer(m.games);
    w.key("red").integer(m.red).key("draw").integer(m.draw).key("black").integer(m.black);
    w.end_object();
  }
  w.end_array().key("topGames").begin_array();
  for (const GameSummary& g : e.top_games) {
    w.begin_object();
    write_summary(w, g);
    w.end_object();
  }
  w.end_array().end_object();
  return out;
}

std::string to_json(const MasterGame& g) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  write_summary(w, g.summary);
  std::vector<std::string> moves;
  for (const Move m : g.moves) moves.push_back(move_to_string(m));
  w.key("moves").strings(moves).end_object();
  return out;
}

}  // namespace chuhan::explorer
