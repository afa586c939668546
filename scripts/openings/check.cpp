// chuhan-openings check: every game of the .pgn and .xqf files under a folder (any encoding the
// core reads, several games a file) played through its first plies against the explorer's data: a
// hit when the explorer lists the move played, a miss when it lists others or does not know the
// position. Games whose moves are those of a game of the master collection (--known games.tsv) are
// counted apart, since the explorer was built from them.
#include "check.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <unordered_set>

#include "../lib/options.h"
#include "book.h"
#include "explorer.h"
#include "formats/game_file.h"
#include "games.h"

namespace chuhan::openings {

namespace {

struct Tally {
  long positions = 0, hits = 0, unknown = 0;
  std::vector<long> by_ply_positions, by_ply_hits;
  explicit Tally(int plies) : by_ply_positions(size_t(plies)), by_ply_hits(size_t(plies)) {}
  void print(const char* what, long games) const {
    std::cout << what << ": " << games << " games, " << positions << " positions, " << hits
              << " hits (" << (positions ? 100.0 * double(hits) / double(positions) : 0.0)
              << " %), " << unknown << " positions not in the data\n  by ply:";
    for (size_t p = 0; p < by_ply_positions.size(); ++p)
      std::cout << " " << p << ":"
                << (by_ply_positions[p]
                        ? int(100.0 * double(by_ply_hits[p]) / double(by_ply_positions[p]) + 0.5)
                        : 0)
                << "%";
    std::cout << "\n";
  }
};

}  // namespace

int check_command(int argc, char** argv, const char* usage) {
  std::string data_path, folder, known_path;
  int plies = 10;
  if (const auto status = tools::read_options(
          argc, argv, usage, [&](const std::string& name, const std::string& value) {
            if (name == "--data") return data_path = value, true;
            if (name == "--games") return folder = value, true;
            if (name == "--known") return known_path = value, true;
            if (name == "--plies") return (plies = std::atoi(value.c_str())) > 0;
            return false;
          }))
    return *status;
  if (data_path.empty() || folder.empty())
    return std::cerr << "check needs --data FILE and --games DIR\n" << usage, 2;

  std::ifstream in(data_path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  explorer::Data data;
  if (const std::string e = data.load(bytes.str()); !e.empty())
    return std::cerr << data_path << ": " << e << "\n", 1;

  std::unordered_set<std::string> known;
  if (!known_path.empty()) {
    std::ifstream k(known_path);
    std::vector<MasterGame> games;
    read_games(k, games);
    for (const MasterGame& g : games) {
      std::string line;
      for (const std::string& m : g.moves) line += m;
      known.insert(line);
    }
  }

  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (entry.is_regular_file() && (ext == ".pgn" || ext == ".xqf")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());

  Tally fresh(plies), seen(plies);
  long fresh_games = 0, seen_games = 0, unread = 0, setup = 0, short_games = 0;
  for (const auto& path : files) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream b;
    b << f.rdbuf();
    for (formats::Loaded& loaded : formats::read_games(b.str())) {
      if (!loaded.game) {
        ++unread;
        continue;
      }
      const Record& record = loaded.game->record();
      if (record.start_fen() != Position::StartFen) {
        ++setup;
        continue;
      }
      std::vector<NodeId> line = record.main_line();
      if (int(line.size()) <= plies) {
        ++short_games;  // fewer moves than plies looked at: a fragment, not a game
        continue;
      }
      std::string moves;
      for (const NodeId id : line)
        if (id != RootNode) moves += record.node(id).at.iccs;
      const bool is_known = known.count(moves) > 0;
      Tally& t = is_known ? seen : fresh;
      ++(is_known ? seen_games : fresh_games);
      Game& game = *loaded.game;
      for (int ply = 0; ply < plies; ++ply) {
        game.go_to(line[size_t(ply)]);
        const Move played = record.node(line[size_t(ply) + 1]).at.move;
        const std::optional<explorer::Entry> e = data.probe(game.position());
        ++t.positions;
        ++t.by_ply_positions[size_t(ply)];
        if (!e) {
          ++t.unknown;
          continue;
        }
        const bool hit =
            std::any_of(e->moves.begin(), e->moves.end(),
                        [&](const explorer::MoveStats& m) { return m.move == played; });
        t.hits += hit;
        t.by_ply_hits[size_t(ply)] += hit;
      }
    }
  }
  std::cout << files.size() << " files; games not read " << unread << ", from a set-up position "
            << setup << ", of " << plies << " plies or fewer " << short_games << "\n";
  fresh.print("games not in the master collection", fresh_games);
  seen.print("games also in the master collection", seen_games);
  Tally all(plies);
  all.positions = fresh.positions + seen.positions;
  all.hits = fresh.hits + seen.hits;
  all.unknown = fresh.unknown + seen.unknown;
  for (int p = 0; p < plies; ++p) {
    all.by_ply_positions[size_t(p)] =
        fresh.by_ply_positions[size_t(p)] + seen.by_ply_positions[size_t(p)];
    all.by_ply_hits[size_t(p)] = fresh.by_ply_hits[size_t(p)] + seen.by_ply_hits[size_t(p)];
  }
  all.print("all", fresh_games + seen_games);
  return 0;
}

}  // namespace chuhan::openings

namespace chuhan::openings {

// chuhan-openings book-exits --pgn FILE: for each game of a PGN file (a match's games), the ply at
// which its line left the engine's book (the first move that is not a book move of its position,
// whoever played it), as a histogram, with how many of those exits were positions the book has no
// move for (the book ran out) rather than a move outside the book's (the other engine's choice),
// and the share of games still in book at each ply.
int book_exits_command(int argc, char** argv, const char* usage) {
  std::string pgn;
  if (const auto status = tools::read_options(
          argc, argv, usage, [&](const std::string& name, const std::string& value) {
            if (name == "--pgn") return pgn = value, true;
            return false;
          }))
    return *status;
  if (pgn.empty()) return std::cerr << "book-exits needs --pgn FILE\n" << usage, 2;
  std::ifstream in(pgn, std::ios::binary);
  std::stringstream b;
  b << in.rdbuf();
  std::map<int, int> exits, ran_out;
  int games = 0, total = 0;
  for (formats::Loaded& loaded : formats::read_games(b.str())) {
    if (!loaded.game) continue;
    const Record& record = loaded.game->record();
    Game& game = *loaded.game;
    const std::vector<NodeId> line = record.main_line();
    int ply = 0;
    for (; ply + 1 < int(line.size()); ++ply) {
      game.go_to(line[size_t(ply)]);
      const Move played = record.node(line[size_t(ply) + 1]).at.move;
      const std::vector<book::Candidate> offers = book::probe(game.position());
      if (std::none_of(offers.begin(), offers.end(),
                       [&](const book::Candidate& c) { return c.move == played; })) {
        if (offers.empty()) ++ran_out[ply];
        break;
      }
    }
    ++exits[ply];
    ++games;
    total += ply;
  }
  std::cout << games << " games; the line left the book at ply (games):";
  for (const auto& [ply, n] : exits) std::cout << " " << ply << ":" << n;
  std::cout << "\n  of which the book had no move there:";
  for (const auto& [ply, n] : ran_out) std::cout << " " << ply << ":" << n;
  std::cout << "\n  games still in book before ply:";
  int left = games;
  for (int ply = 0; games && ply <= (exits.empty() ? 0 : exits.rbegin()->first); ++ply) {
    std::cout << " " << ply << ":" << (100 * left + games / 2) / games << "%";
    left -= exits.count(ply) ? exits[ply] : 0;
  }
  std::cout << "\nmean " << (games ? double(total) / games : 0.0) << " plies in book\n";
  return 0;
}

}  // namespace chuhan::openings
