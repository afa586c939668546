// chuhan-openings build: the games of games.tsv walked move by move from the start; every position
// reached by at least --min-games distinct games (mirror images merged) becomes an entry of the
// explorer's data file with the moves played there, their results, the opening's ECCO code and name
// and the best-known games through it; the positions of at least --book-min-games games give the
// engine's book (README.md has the rules and the figures).
#include "build.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "../lib/options.h"
#include "book.h"
#include "explorer.h"
#include "games.h"
#include "json.h"
#include "movegen.h"
#include "opening_key.h"
#include "position.h"

namespace chuhan::openings {

namespace {

struct Options {
  std::string from, names = "scripts/openings/ecco.tsv", lines = "scripts/openings/lines.tsv";
  std::string data, book, about;
  int min_games = 5;        // a position is kept when this many distinct games reached it
  int book_min_games = 12;  // ... and is in the book when this many did
  int book_min_move = 3;    // a book move was played this many times at least
  int top_games = 3;        // master games listed per position
  int game_pool = 2000;     // the best-known games, those listed and kept whole
  int max_ply = 60;         // positions after more plies are not looked at
  double confident = 0.8;   // share of games an ECCO code or range needs to name a position
};

// ---- Names ----

struct Name {
  std::string eco, zh, en;
};

// ecco.tsv: "code<TAB>zh<TAB>en" for a family (C), a range (C4) or a code (C45).
std::map<std::string, Name> read_names(const std::string& path) {
  std::map<std::string, Name> names;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    Name n;
    std::string code;
    std::getline(f, code, '\t');
    std::getline(f, n.zh, '\t');
    std::getline(f, n.en, '\t');
    n.eco = code.size() == 1   ? code + "00-" + code + "99"
            : code.size() == 2 ? code + "0-" + code + "9"
                               : code;
    names[code] = n;
  }
  return names;
}

// lines.tsv: "ICCS moves<TAB>eco label<TAB>zh<TAB>en": names for the first moves, before the ECCO
// code of the games says more.
struct NamedLine {
  Key key;
  Name name;
};
std::vector<NamedLine> read_lines(const std::string& path) {
  std::vector<NamedLine> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string moves;
    Name n;
    std::getline(f, moves, '\t');
    std::getline(f, n.eco, '\t');
    std::getline(f, n.zh, '\t');
    std::getline(f, n.en, '\t');
    Game game;
    std::istringstream m(moves);
    bool ok = true;
    for (std::string move; m >> move;) ok = ok && game.play(move).empty();
    if (!ok) {
      std::cerr << "lines.tsv: not a line from the start: " << moves << "\n";
      continue;
    }
    lines.push_back({opening_key(game.position()).key, n});
  }
  return lines;
}

// ---- Players ----

size_t characters(const std::string& s) {
  return size_t(
      std::count_if(s.begin(), s.end(), [](char c) { return (uint8_t(c) & 0xC0) != 0x80; }));
}

// The last `n` characters of a UTF-8 string.
std::string last_characters(const std::string& s, size_t n) {
  size_t i = s.size();
  while (i > 0 && n > 0) {
    --i;
    if ((uint8_t(s[i]) & 0xC0) != 0x80) --n;
  }
  return s.substr(i);
}

// Players are written with their team or province before the name in some files ("廣東呂欽"):
// a name that ends with a name written alone at least 5 times, after two to four characters more,
// is that player.
std::unordered_map<std::string, std::string> player_names(const std::vector<MasterGame>& games) {
  std::unordered_map<std::string, int> count;
  for (const MasterGame& g : games) ++count[g.red], ++count[g.black];
  std::unordered_map<std::string, std::string> canonical;
  for (const auto& [name, n] : count) {
    const size_t chars = characters(name);
    std::string best = name;
    for (size_t keep = 2; keep + 2 <= chars && chars - keep <= 4; ++keep) {
      const std::string tail = last_characters(name, keep);
      const auto it = count.find(tail);
      if (it != count.end() && it->second >= 5) best = tail;
    }
    canonical[name] = best;
  }
  return canonical;
}

// ---- Positions ----

struct MoveCount {
  int games = 0, red = 0, draw = 0;
};

struct PositionStats {
  int games = 0, red = 0, draw = 0;
  int min_ply = 1000;
  std::map<uint16_t, MoveCount> moves;  // filed orientation
  std::map<std::string, int> ecco;
  std::vector<int> game_ids;   // every game through it
  std::map<Key, int> parents;  // positions before it, weighted by games
};

void add_result(int& red, int& draw, char result) {
  red += result == '1';
  draw += result == '=';
}

// ---- Output ----

class Bytes {
 public:
  std::string out;
  void fixed(uint64_t v, int bytes) {
    for (int k = 0; k < bytes; ++k) out += char((v >> (8 * k)) & 0xFF);
  }
  void varint(uint64_t v) {
    while (v >= 0x80) {
      out += char((v & 0x7F) | 0x80);
      v >>= 7;
    }
    out += char(v);
  }
  void string(const std::string& s) {
    varint(s.size());
    out += s;
  }
};

// Events are cut to this many characters (a few files put the whole game's story there).
constexpr size_t MaxEvent = 40;

int result_code(char r) { return r == '1' ? 1 : r == '=' ? 2 : r == '0' ? 3 : 0; }

std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

}  // namespace

int build_command(int argc, char** argv, const char* usage) {
  Options o;
  if (const auto status = tools::read_options(
          argc, argv, usage, [&](const std::string& name, const std::string& value) {
            const auto number = [&](int& out, int lo) {
              out = std::atoi(value.c_str());
              return out >= lo;
            };
            if (name == "--from") return o.from = value, true;
            if (name == "--names") return o.names = value, true;
            if (name == "--lines") return o.lines = value, true;
            if (name == "--data") return o.data = value, true;
            if (name == "--book") return o.book = value, true;
            if (name == "--about") return o.about = value, true;
            if (name == "--min-games") return number(o.min_games, 1);
            if (name == "--book-min-games") return number(o.book_min_games, 1);
            if (name == "--top-games") return number(o.top_games, 0);
            if (name == "--game-pool") return number(o.game_pool, 0);
            if (name == "--max-ply") return number(o.max_ply, 1);
            return false;
          }))
    return *status;
  if (o.from.empty()) return std::cerr << "build needs --from games.tsv\n" << usage, 2;

  std::vector<MasterGame> games;
  {
    std::ifstream in(o.from);
    if (!in || !read_games(in, games)) return std::cerr << "cannot read " << o.from << "\n", 1;
  }
  const std::map<std::string, Name> names = read_names(o.names);
  const std::vector<NamedLine> lines = read_lines(o.lines);
  const auto canonical = player_names(games);
  for (MasterGame& g : games) g.red = canonical.at(g.red), g.black = canonical.at(g.black);
  std::unordered_map<std::string, int> player_games;
  for (const MasterGame& g : games) ++player_games[g.red], ++player_games[g.black];

  // 1. Every game's positions with their filed moves (MOVE_NONE where the game ends).
  struct Step {
    Key key;
    uint16_t move;  // filed orientation
  };
  std::vector<std::vector<Step>> walks(games.size());
  std::unordered_map<Key, int> reach;
  int unplayable = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    Position pos;
    std::deque<StateInfo> states(1);
    pos.set(Position::StartFen, &states.back());
    std::vector<Step>& walk = walks[i];
    for (size_t ply = 0; ply <= games[i].moves.size() && int(ply) <= o.max_ply; ++ply) {
      const OpeningKey k = opening_key(pos);
      Move m = MOVE_NONE;
      if (ply < games[i].moves.size() && int(ply) < o.max_ply) {
        m = parse_move_text(games[i].moves[ply]);
        if (m == MOVE_NONE || !MoveList<LEGAL>(pos).contains(m)) {
          ++unplayable;
          break;
        }
      }
      // A position met twice in one game (a repetition) counts once.
      const bool again =
          std::any_of(walk.begin(), walk.end(), [&](const Step& s) { return s.key == k.key; });
      if (!again) {
        walk.push_back({k.key, uint16_t(k.mirrored ? mirror_move(m) : m)});
        ++reach[k.key];
      }
      if (m == MOVE_NONE) break;
      states.emplace_back();
      pos.do_move(m, states.back());
    }
  }

  // 2. The positions reached often enough, with their moves and games.
  std::unordered_map<Key, PositionStats> stats;
  for (size_t i = 0; i < games.size(); ++i) {
    const MasterGame& g = games[i];
    Key parent = 0;
    for (size_t ply = 0; ply < walks[i].size(); ++ply) {
      const Step& s = walks[i][ply];
      if (reach[s.key] < o.min_games) break;  // later positions were reached by fewer games
      PositionStats& p = stats[s.key];
      ++p.games;
      add_result(p.red, p.draw, g.result);
      p.min_ply = std::min(p.min_ply, int(ply));
      if (!g.eco.empty()) ++p.ecco[g.eco];
      p.game_ids.push_back(int(i));
      if (ply) p.parents[parent] += 1;
      parent = s.key;
      if (s.move != MOVE_NONE) {
        MoveCount& m = p.moves[s.move];
        ++m.games;
        add_result(m.red, m.draw, g.result);
      }
    }
  }

  // 3. Names: the ECCO code (or range, or family) that most of a position's games share, else the
  // named line it is on, else the name of the position most of its games came from.
  std::vector<Key> order;
  for (const auto& [key, p] : stats) order.push_back(key);
  std::sort(order.begin(), order.end(), [&](Key a, Key b) {
    return stats[a].min_ply != stats[b].min_ply ? stats[a].min_ply < stats[b].min_ply : a < b;
  });
  std::unordered_map<Key, std::string> label;  // position -> key of `names` or "=N" of `lines`
  int named_code = 0, named_range = 0, named_line = 0, named_family = 0, inherited = 0;
  for (const Key key : order) {
    const PositionStats& p = stats[key];
    int tagged = 0;
    std::map<std::string, int> by_range, by_family;
    std::pair<int, std::string> code{0, ""};
    for (const auto& [eco, n] : p.ecco) {
      if (eco.size() != 3) continue;
      tagged += n;
      by_range[eco.substr(0, 2)] += n;
      by_family[eco.substr(0, 1)] += n;
      code = std::max(code, {n, eco});
    }
    const auto best = [](const std::map<std::string, int>& m) {
      std::pair<int, std::string> b{0, ""};
      for (const auto& [k, n] : m) b = std::max(b, {n, k});
      return b;
    };
    const auto confident = [&](const std::pair<int, std::string>& b) {
      return tagged > 0 && b.first >= o.confident * tagged && names.count(b.second);
    };
    std::string chosen;
    const auto line =
        std::find_if(lines.begin(), lines.end(), [&](const NamedLine& l) { return l.key == key; });
    if (confident(code))
      chosen = code.second, ++named_code;
    else if (confident(best(by_range)))
      chosen = best(by_range).second, ++named_range;
    else if (line != lines.end())
      chosen = "=" + std::to_string(line - lines.begin()), ++named_line;
    else if (confident(best(by_family)))
      chosen = best(by_family).second, ++named_family;
    else {
      std::pair<int, Key> from{0, 0};
      for (const auto& [k, n] : p.parents) from = std::max(from, {n, k});
      if (from.first && label.count(from.second)) chosen = label[from.second], ++inherited;
    }
    if (!chosen.empty()) label[key] = chosen;
  }

  // 4. The best-known games: both players with many games in the collection, then the most recent.
  // The best --game-pool of them are kept whole, and each position lists those through it.
  const auto prominence = [&](int id) {
    const MasterGame& g = games[size_t(id)];
    // A game whose players are not named is not one to show.
    if (g.red.empty() || g.black.empty() || g.red == g.black) return std::tuple(0, 0, 0, -id);
    const int a = player_games[g.red], b = player_games[g.black];
    return std::tuple(std::min(a, b), std::max(a, b), g.year, -id);
  };
  std::vector<int> ranked(games.size());
  for (size_t i = 0; i < ranked.size(); ++i) ranked[i] = int(i);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](int a, int b) { return prominence(a) > prominence(b); });
  std::vector<int> rank_of(games.size(), -1);
  for (size_t r = 0; r < ranked.size() && int(r) < o.game_pool; ++r)
    rank_of[size_t(ranked[r])] = int(r);
  std::map<int, int> kept_games;  // index in `games` -> id in the file
  std::unordered_map<Key, std::vector<int>> top;
  for (const Key key : order) {
    std::vector<int> ids;
    for (const int id : stats[key].game_ids)
      if (rank_of[size_t(id)] >= 0) ids.push_back(id);
    std::sort(ids.begin(), ids.end(),
              [&](int a, int b) { return rank_of[size_t(a)] < rank_of[size_t(b)]; });
    // Different pairings first: the same two players at most once while others remain.
    std::vector<int> chosen, again;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const int id : ids) {
      const MasterGame& g = games[size_t(id)];
      (pairs.insert(std::minmax(g.red, g.black)).second ? chosen : again).push_back(id);
    }
    chosen.insert(chosen.end(), again.begin(), again.end());
    ids = chosen;
    if (ids.size() > size_t(o.top_games)) ids.resize(size_t(o.top_games));
    top[key] = ids;
    for (const int id : ids) kept_games.emplace(id, 0);
  }
  int next_id = 0;
  for (auto& [index, id] : kept_games) id = next_id++;

  // 5. The data file.
  std::vector<Name> openings;
  std::map<std::string, int> opening_index;
  const auto opening_of = [&](const std::string& l) -> int {
    if (l.empty()) return -1;
    Name n;
    if (l[0] == '=')
      n = lines[size_t(std::atoi(l.c_str() + 1))].name;
    else if (const auto it = names.find(l); it != names.end())
      n = it->second;
    else
      return -1;
    const std::string id = n.eco + "\t" + n.zh;
    const auto [it, fresh] = opening_index.emplace(id, int(openings.size()));
    if (fresh) openings.push_back(n);
    return it->second;
  };
  // A game's own code: its name, or its range's for a code the table lacks.
  const auto game_opening = [&](const std::string& eco) -> int {
    if (eco.size() != 3) return -1;
    if (names.count(eco)) return opening_of(eco);
    const auto range = names.find(eco.substr(0, 2));
    if (range == names.end()) return -1;
    Name n = range->second;
    n.eco = eco;
    const auto [it, fresh] = opening_index.emplace(n.eco + "\t" + n.zh, int(openings.size()));
    if (fresh) openings.push_back(n);
    return it->second;
  };
  std::vector<std::string> strings;
  std::unordered_map<std::string, int> string_index;
  const auto string_of = [&](const std::string& s) {
    const auto [it, fresh] = string_index.emplace(s, int(strings.size()));
    if (fresh) strings.push_back(s);
    return it->second;
  };

  Bytes games_part, positions_part;
  games_part.varint(kept_games.size());
  size_t move_bytes = 0;
  for (const auto& [index, id] : kept_games) {
    const MasterGame& g = games[size_t(index)];
    games_part.varint(uint64_t(string_of(g.red)));
    games_part.varint(uint64_t(string_of(g.black)));
    std::string event = g.event;
    if (characters(event) > MaxEvent)
      event = event.substr(
          0, event.size() - last_characters(event, characters(event) - MaxEvent).size());
    games_part.varint(uint64_t(string_of(event)));
    games_part.varint(uint64_t(g.year));
    games_part.fixed(uint64_t(result_code(g.result)), 1);
    games_part.varint(uint64_t(game_opening(g.eco) + 1));
    std::string encoded;
    Position pos;
    std::deque<StateInfo> states(1);
    pos.set(Position::StartFen, &states.back());
    for (const std::string& text : g.moves) {
      const std::vector<Move> legal = explorer::numbered_moves(pos);
      const Move m = parse_move_text(text);
      const auto it = std::find(legal.begin(), legal.end(), m);
      if (it == legal.end() || encoded.size() >= 4095) break;
      encoded += char(it - legal.begin());
      states.emplace_back();
      pos.do_move(m, states.back());
    }
    games_part.varint(encoded.size());
    games_part.out += encoded;
    move_bytes += encoded.size();
  }

  std::vector<Key> keys = order;
  std::sort(keys.begin(), keys.end());
  positions_part.varint(keys.size());
  size_t listed_moves = 0;
  for (const Key key : keys) {
    const PositionStats& p = stats[key];
    positions_part.fixed(key, 8);
    positions_part.varint(uint64_t(opening_of(label.count(key) ? label[key] : "") + 1));
    positions_part.varint(uint64_t(p.games));
    positions_part.varint(uint64_t(p.red));
    positions_part.varint(uint64_t(p.draw));
    std::vector<std::pair<uint16_t, MoveCount>> moves(p.moves.begin(), p.moves.end());
    std::stable_sort(moves.begin(), moves.end(),
                     [](const auto& a, const auto& b) { return a.second.games > b.second.games; });
    if (moves.size() > 255) moves.resize(255);
    positions_part.varint(moves.size());
    for (const auto& [move, c] : moves) {
      positions_part.fixed(move, 2);
      positions_part.varint(uint64_t(c.games));
      positions_part.varint(uint64_t(c.red));
      positions_part.varint(uint64_t(c.draw));
    }
    listed_moves += moves.size();
    positions_part.varint(top[key].size());
    for (const int id : top[key]) positions_part.varint(uint64_t(kept_games[id]));
  }

  std::string about;
  {
    json::Writer w(about);
    w.begin_object().key("built").string(today()).key("games").integer(int64_t(games.size()));
    w.key("positions").integer(int64_t(keys.size())).key("minGames").integer(o.min_games);
    w.key("maxPly").integer(o.max_ply).key("topGames").integer(o.top_games);
    w.key("source").string(o.about).end_object();
  }
  const std::string credit =
      "Master games from the Chinese Chess Practical Dataset (CCPD) by Yu-Han Tseng and Bo-Nian "
      "Chen (2026), https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset, licensed under "
      "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Changes by Chuhan: the games of "
      "Dataset/對局/大師對局 read and merged where filed more than once, team names taken out of "
      "players' names, reduced to the moves and results of positions reached by at least " +
      std::to_string(o.min_games) +
      " games (mirror images merged) and a few games kept whole per position; opening names "
      "written for Chuhan.";

  Bytes head, names_part, strings_part;
  head.out = std::string(explorer::Magic, 8);
  head.fixed(explorer::FormatVersion, 4);
  head.fixed(opening_key_check(), 8);
  head.string(credit);
  head.string(about);
  // Names and strings were collected while writing games and positions: written before them.
  names_part.varint(openings.size());
  for (const Name& n : openings)
    names_part.string(n.eco), names_part.string(n.zh), names_part.string(n.en);
  strings_part.varint(strings.size());
  for (const std::string& s : strings) strings_part.string(s);
  const std::string file =
      head.out + names_part.out + strings_part.out + games_part.out + positions_part.out;

  std::cout << games.size() << " games (" << unplayable << " stopped at a move not legal), "
            << reach.size() << " positions met, " << keys.size() << " reached by >= " << o.min_games
            << " games\n"
            << "names: " << named_code << " by code, " << named_range << " by range, " << named_line
            << " by line, " << named_family << " by family, " << inherited << " inherited, "
            << keys.size() - label.size() << " unnamed\n"
            << "data " << file.size() << " bytes: head " << head.out.size() << ", names "
            << names_part.out.size() << ", strings " << strings_part.out.size() << " ("
            << strings.size() << "), games " << games_part.out.size() << " (" << kept_games.size()
            << ", " << move_bytes << " bytes of moves), positions " << positions_part.out.size()
            << " (" << listed_moves << " moves)\n";
  if (!o.data.empty()) {
    std::ofstream out(o.data, std::ios::binary);
    out << file;
    if (!out) return std::cerr << "cannot write " << o.data << "\n", 1;
    explorer::Data check;
    if (const std::string e = check.load(file); !e.empty())
      return std::cerr << "the file written does not read back: " << e << "\n", 1;
  }

  // 6. The book: positions of enough games; moves played often enough that masters did not lose
  // with more often than not, weighted by the points they scored with them.
  std::vector<book::Entry> book_entries;
  int book_positions = 0;
  for (const Key key : keys) {
    const PositionStats& p = stats[key];
    if (p.games < o.book_min_games) continue;
    // The side to move: Red at an even ply from the start (min_ply has the same parity whatever
    // the move order).
    const bool red = p.min_ply % 2 == 0;
    bool any = false;
    for (const auto& [move, c] : p.moves) {
      const int black = c.games - c.red - c.draw;
      const int wins = red ? c.red : black, losses = red ? black : c.red;
      if (c.games < o.book_min_move || 2 * losses > c.games) continue;
      const int weight = std::min(2 * wins + c.draw, 65535);
      if (weight == 0) continue;
      book_entries.push_back({key, Move(move), uint16_t(weight)});
      any = true;
    }
    book_positions += any;
  }
  const std::string book_file = book::serialize(book_entries);
  std::cout << "book: " << book_positions << " positions, " << book_entries.size() << " moves, "
            << book_file.size() << " bytes\n";
  if (!o.book.empty()) {
    std::ofstream out(o.book, std::ios::binary);
    out << book_file;
    if (!out) return std::cerr << "cannot write " << o.book << "\n", 1;
  }
  return 0;
}

}  // namespace chuhan::openings
