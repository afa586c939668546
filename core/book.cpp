#include "book.h"

#include <algorithm>
#include <sstream>

#include "game.h"

namespace chuhan::book {

namespace {

// Main lines of opening theory, 4-9 plies, with how often to play them. Every line is played
// from the start position; a test checks that each move is legal. Red's first moves come out
// about 60 % central cannon, 20 % pawn opening, the rest horse, elephant and palace cannons.
const std::vector<Line> Lines = {
    // 中炮对屏风马: central cannon against screen horses
    {24, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5"},      // 直车七路兵 / 两头蛇
    {12, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5"},      // 过河车 / 卒3进1
    {8, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0a2 g6g5 b2c2"},  // 五七炮
    {6, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 g3g4 c6c5 b0c2"},  // 进三兵
    {6, "h2e2 h9g7 h0g2 h7i7 i0h0 i9h9"},                 // 左三步虎
    {6, "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7"},                 // 反宫马
    // 顺炮 and 列炮: same- and opposite-side central cannons
    {8, "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7"},  // 顺炮直车
    {5, "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9"},            // 顺炮横车
    {4, "h2e2 b7e7 h0g2 b9c7 i0h0 a9b9"},            // 列炮
    // 仙人指路: the pawn opening
    {8, "c3c4 b7c7 h2e2 c9e7 h0g2 b9a7"},  // 卒底炮
    {6, "c3c4 g6g5 b0c2 h9g7 h0g2 b9c7"},  // 对兵转屏风马
    {4, "c3c4 c6c5 b0c2 b9c7"},            // 对兵局
    {5, "c3c4 h9g7 h0g2 i9h9 i0h0 g6g5"},
    {4, "c3c4 h7e7 b0c2 h9g7 h0g2 i9h9"},  // 仙人指路对中炮
    // 起马局, 飞相局, 过宫炮, 士角炮
    {6, "h0g2 g6g5 c3c4 h9g7"},
    {6, "g0e2 g6g5 h0g2 h9g7"},
    {3, "g0e2 h7f7 h0g2 h9g7"},
    {3, "h2d2 h9g7 h0g2 i9h9"},
    {2, "h2f2 h9g7 h0g2 i9h9"},
};

// The mirror image of a line (files a-i reversed) is just as sound; it is played a quarter as
// often, so the engine mostly opens the way players write the openings.
constexpr int MirrorDivisor = 4;

std::string mirrored(const std::string& moves) {
  std::string out = moves;
  for (char& ch : out)
    if (ch >= 'a' && ch <= 'i') ch = char('a' + ('i' - ch));
  return out;
}

struct Entry {
  Key key;
  Move move;
  int weight;
  bool operator<(const Entry& o) const { return key != o.key ? key < o.key : move < o.move; }
};

// Every position of every line with its next move, sorted by key; the weights of a move that
// several lines share add up.
std::vector<Entry> build() {
  std::vector<Entry> entries;
  auto add_line = [&](const std::string& moves, int weight) {
    Game game;
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
      const Key key = game.position().key();
      if (!game.play(text).empty()) return;  // the test of lines() reports it
      entries.push_back({key, game.current().move, weight});
    }
  };
  for (const Line& line : Lines) {
    add_line(line.moves, line.weight * MirrorDivisor);
    add_line(mirrored(line.moves), line.weight);
  }
  std::sort(entries.begin(), entries.end());
  std::vector<Entry> merged;
  for (const Entry& e : entries) {
    if (!merged.empty() && merged.back().key == e.key && merged.back().move == e.move)
      merged.back().weight += e.weight;
    else
      merged.push_back(e);
  }
  return merged;
}

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = build();
  return entries;
}

}  // namespace

const std::vector<Line>& lines() { return Lines; }

std::vector<Candidate> probe(const Position& pos) {
  const auto& t = table();
  auto it = std::lower_bound(t.begin(), t.end(), Entry{pos.key(), MOVE_NONE, 0});
  std::vector<Candidate> out;
  for (; it != t.end() && it->key == pos.key(); ++it)
    if (pos.pseudo_legal(it->move) && pos.legal(it->move)) out.push_back({it->move, it->weight});
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
