// Training data: for the Texel tuner, "FEN ; result [; score]" lines (result 1 / 0.5 / 0 and
// the search score in centipawns, both from Red's side); for the network (--format nnue), the
// 48-byte records of scripts/nnue/packed.h. Only quiet positions are kept: not in check, and
// the move the search chose is not a capture (so no winning capture is pending).
//
// Self-play: games of Chuhan against itself at a fixed node count, each starting from an
// opening of ../shared/data/openings.txt followed by a few random moves; each position carries
// the score of the search that chose its move. Game g depends only on (--seed, g), so a run is
// deterministic, and OUT.progress records the games finished: run the same command again to
// resume an interrupted run (OUT is cut back to the last finished game).
//
//   chuhan-datagen --openings ../shared/data/openings.txt --games 2000 --nodes 6000
//                  --seed 1 --out data.txt [--format text|nnue] [--random-plies N]
//                  [--nnue on|off]
//
// The players are the engine with its defaults (book off): `--nnue off` plays with the
// hand-written evaluation alone, as every run before the network became the default did.
//
// Against another engine (--opponent CMD, a UCI engine such as Pikafish-HCE, at --opponent-nodes
// a move; issue 34's "positions from matches against the anchors"): the same games, but the
// opponent chooses the moves of one side (Black in even games, Red in odd ones). Chuhan still
// searches every position, for its score and to judge quietness by its own choice; a game is
// adjudicated on a lead of 12 pawns only when the opponent's last score agrees (a mate Chuhan's
// search proves ends it at once). A move the opponent gives that Chuhan's rules refuse (or none)
// drops the game. An opponent that exits stops the run with an error; rerun it to resume.
//
//   chuhan-datagen --openings ../shared/data/openings.txt --games 2000 --nodes 24000 --seed 1201
//                  --opponent /path/to/pikafish --opponent-nodes 120000 --format nnue --out a.bin
//
// Master games rescored (--from-games, the games.tsv that `chuhan-openings read` writes from the
// master games of scripts/openings/README.md): every position of every game with a result, once
// (a position met again, in the same game or another, is skipped), searched at --nodes; the quiet
// ones are kept with that search's score and the game's result. --part I/N takes the games whose
// line number is I modulo N, so that N processes share the games; resumable like self-play.
// --first-game K starts a new file at the part's game K, the games before it only marking their
// positions as met: the games an earlier round already rescored are left out, and no position of
// theirs comes back.
//
//   chuhan-datagen --from-games games.tsv --nodes 6000 --part 0/2 --format nnue --out data.bin
//
// Games played elsewhere (e.g. matches against other engines, scripts/match/match.mjs --pgn): every
// game of a PGN file, positions with the game's result only.
//
//   chuhan-datagen --from-pgn games.pgn --out data.txt
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "../lib/options.h"
#include "engine.h"
#include "formats/pgn.h"
#include "movegen.h"
#include "notation.h"
#include "packed.h"
#include "uci_opponent.h"

using namespace chuhan;

namespace {

struct Options {
  std::string openings = "../shared/data/openings.txt";
  std::string out = "selfplay.txt";
  std::string from_pgn;
  std::string from_games;
  std::string opponent;  // --opponent CMD: a UCI engine plays one side of each game
  uint64_t opponent_nodes = 24000;
  int part = 0, parts = 1;  // --part I/N
  int first_game = 0;       // --first-game K: where a new file starts
  int games = 100;
  uint64_t nodes = 6000;
  int random_plies = 4;
  unsigned seed = 1;
  bool nnue_format = false;
  bool use_nnue = true;  // the players evaluate with the embedded network (Use NNUE)
};

struct Sample {
  std::string fen;
  int red_score;
};

std::vector<std::string> read_openings(const std::string& path) {
  std::vector<std::string> fens;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const size_t sep = line.find(" ; ");
    if (!line.empty()) fens.push_back(line.substr(0, sep));
  }
  return fens;
}

// One game; returns its result from Red's side (-1 if the opening is unusable, or the opponent
// gave a move Chuhan's rules refuse) and appends the quiet positions seen. With an opponent, it
// plays `opponent_side`.
double play_game(Engine& engine, const std::string& start, std::mt19937& rng, const Options& opt,
                 tools::UciOpponent* opponent, Color opponent_side,
                 std::vector<Sample>& positions) {
  engine.new_game();
  if (!engine.set_position(start).empty()) return -1;

  // Diversity: a few random legal moves after the opening. Moves are played onto the engine's
  // game, not replayed from the start each ply: at 300 nodes a move the replays took a sixth of
  // the time.
  for (int i = 0; i < opt.random_plies; ++i) {
    const auto legal = engine.legal_moves();
    if (legal.empty() || !engine.play(legal[rng() % legal.size()]).empty()) break;
  }
  // The opponent is told the game from here on, so that it sees its repetitions.
  const std::string opponent_start = engine.fen();
  std::vector<std::string> moves;
  if (opponent) opponent->new_game();
  int opponent_red_score = 0;  // its last score, from Red's side

  int decisive_plies = 0;
  for (int ply = 0; ply < 300; ++ply) {
    const GameResult verdict = engine.game_result();
    if (verdict.over())
      return verdict.outcome == Outcome::RED_WINS     ? 1.0
             : verdict.outcome == Outcome::BLACK_WINS ? 0.0
                                                      : 0.5;

    SearchLimits limits;
    limits.nodes = opt.nodes;
    SearchInfo last;
    const BestMove best = engine.go(limits, [&](const SearchInfo& info) { last = info; });
    if (best.move.empty()) break;
    const bool red_to_move = engine.side_to_move() == RED;
    std::string move = best.move;
    if (opponent && engine.side_to_move() == opponent_side) {
      const tools::UciOpponent::Answer answer = opponent->best_move(opponent_start, moves);
      if (answer.move.empty()) return -1;
      move = answer.move;
      opponent_red_score = red_to_move ? answer.score : -answer.score;
    }

    // Adjudicate clearly decided games: a mate score, or a lead of 12 pawns for 8 plies (that
    // the opponent, if any, also sees).
    const int red_score = red_to_move ? last.score : -last.score;
    if (last.is_mate) return red_score > 0 ? 1.0 : 0.0;
    const bool opponent_agrees =
        !opponent || (red_score > 0 ? opponent_red_score > 1200 : opponent_red_score < -1200);
    decisive_plies = std::abs(last.score) > 1200 && opponent_agrees ? decisive_plies + 1 : 0;
    if (decisive_plies >= 8) return red_score > 0 ? 1.0 : 0.0;

    const std::string fen = engine.fen();
    Position pos;
    StateInfo st;
    pos.set(fen, &st);
    if (!pos.in_check() && !pos.is_capture(parse_move_text(best.move)) && ply >= 2)
      positions.push_back({fen, red_score});

    if (!engine.play(move).empty()) {
      if (move != best.move) return -1;
      break;
    }
    moves.push_back(move);
  }
  return 0.5;  // 300 plies: a draw
}

// A master game of games.tsv: its result for Red (-1 when it has none) and its moves in ICCS.
struct MasterGame {
  double result = -1;
  std::vector<std::string> moves;
};

std::vector<MasterGame> read_master_games(const std::string& path) {
  std::vector<MasterGame> games;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> columns;
    std::istringstream fields(line);
    for (std::string column; std::getline(fields, column, '\t');) columns.push_back(column);
    if (columns.size() < 10) continue;
    MasterGame game;
    const std::string& result = columns[3];
    game.result = result == "1" ? 1.0 : result == "0" ? 0.0 : result == "=" ? 0.5 : -1;
    std::istringstream moves(columns[9]);
    for (std::string move; moves >> move;) game.moves.push_back(move);
    games.push_back(std::move(game));
  }
  return games;
}

// Searches each position of a master game not met before (`seen` holds the keys of those that
// were), appending the quiet ones; with `search` false only marks them seen (rebuilding `seen`
// when a run resumes).
void rescore_game(Engine& engine, const MasterGame& game, const Options& opt,
                  std::unordered_set<Key>& seen, bool search, std::vector<Sample>& positions) {
  engine.new_game();
  engine.set_position("startpos");
  for (size_t ply = 0; ply <= game.moves.size(); ++ply) {
    if (engine.game_result().over()) break;
    const std::string fen = engine.fen();
    Position pos;
    StateInfo st;
    pos.set(fen, &st);
    if (seen.insert(pos.key()).second && search && !pos.in_check()) {
      SearchLimits limits;
      limits.nodes = opt.nodes;
      SearchInfo last;
      const BestMove best = engine.go(limits, [&](const SearchInfo& info) { last = info; });
      if (!best.move.empty() && !last.is_mate && !pos.is_capture(parse_move_text(best.move)))
        positions.push_back({fen, pos.side_to_move() == RED ? last.score : -last.score});
    }
    if (ply == game.moves.size() || !engine.play(game.moves[ply]).empty()) break;
  }
}

// Replaces OUT.progress whole (written beside it, then renamed over it), so that a run killed at
// any moment leaves the old or the new record, never an empty one.
void save_progress(const std::string& path, int games, uint64_t written, uint64_t bytes) {
  const std::string part = path + ".part";
  std::ofstream(part, std::ios::trunc) << games << " " << written << " " << bytes << "\n";
  std::filesystem::rename(part, path);
}

// Converts every game of a PGN file with a decisive or drawn result; returns positions written.
size_t convert_pgn(const std::string& path, std::ofstream& out) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  size_t written = 0, games = 0;
  for (const formats::Loaded& game : formats::read_pgn(text, SIZE_MAX)) {
    if (!game.game) continue;
    const GameResult declared = game.game->record().declared;
    const std::string result = declared.outcome == Outcome::RED_WINS     ? "1"
                               : declared.outcome == Outcome::BLACK_WINS ? "0"
                               : declared.outcome == Outcome::DRAW       ? "0.5"
                                                                         : "";
    if (result.empty()) continue;
    ++games;
    for (const NodeId id : game.game->record().main_line()) {
      const RecordNode& node = game.game->record().node(id);
      if (node.children.empty()) break;
      // The position before the next move: quiet when not in check and that move takes nothing.
      const PlyRecord& next = game.game->record().node(node.children.front()).at;
      if (!node.at.in_check && next.captured == NO_PIECE)
        out << node.at.fen << " ; " << result << "\n", ++written;
    }
  }
  std::cerr << games << " games, " << written << " positions\n";
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  const char* usage =
      "usage: chuhan-datagen --openings FILE --games N --nodes N --seed N --out FILE\n"
      "                      [--format text|nnue] [--random-plies N] [--nnue on|off]\n"
      "                      [--opponent CMD [--opponent-nodes N]]\n"
      "       chuhan-datagen --from-games games.tsv --nodes N --out FILE [--part I/N]\n"
      "                      [--first-game K] [--format text|nnue] [--nnue on|off]\n"
      "       chuhan-datagen --from-pgn FILE --out FILE\n";
  if (argc < 2) {
    std::cerr << usage;
    return 2;
  }
  const auto status =
      tools::read_options(argc, argv, usage, [&](const std::string& key, const std::string& value) {
        if (key == "--openings")
          opt.openings = value;
        else if (key == "--out")
          opt.out = value;
        else if (key == "--games")
          opt.games = std::atoi(value.c_str());
        else if (key == "--nodes")
          opt.nodes = std::strtoull(value.c_str(), nullptr, 10);
        else if (key == "--random-plies")
          opt.random_plies = std::atoi(value.c_str());
        else if (key == "--seed")
          opt.seed = unsigned(std::atoi(value.c_str()));
        else if (key == "--from-pgn")
          opt.from_pgn = value;
        else if (key == "--from-games")
          opt.from_games = value;
        else if (key == "--opponent")
          opt.opponent = value;
        else if (key == "--opponent-nodes")
          return (opt.opponent_nodes = std::strtoull(value.c_str(), nullptr, 10)) > 0;
        else if (key == "--first-game")
          return (opt.first_game = std::atoi(value.c_str())) >= 0;
        else if (key == "--part")
          return std::sscanf(value.c_str(), "%d/%d", &opt.part, &opt.parts) == 2 &&
                 opt.parts >= 1 && opt.part >= 0 && opt.part < opt.parts;
        else if (key == "--nnue" && (value == "on" || value == "off"))
          opt.use_nnue = value == "on";
        else if (key == "--format" && (value == "text" || value == "nnue"))
          opt.nnue_format = value == "nnue";
        else
          return false;
        return true;
      });
  if (status) return *status;
  if (!opt.from_pgn.empty()) {
    std::ofstream out(opt.out, std::ios::app);
    return convert_pgn(opt.from_pgn, out) > 0 ? 0 : 1;
  }
  std::vector<std::string> openings;
  std::vector<MasterGame> master_games;
  if (!opt.from_games.empty()) {
    const std::vector<MasterGame> all = read_master_games(opt.from_games);
    for (size_t i = opt.part; i < all.size(); i += opt.parts)
      if (all[i].result >= 0) master_games.push_back(all[i]);
    if (master_games.empty()) {
      std::cerr << "no games with a result in " << opt.from_games << "\n";
      return 1;
    }
    opt.games = int(master_games.size());
  } else {
    openings = read_openings(opt.openings);
    if (openings.empty()) {
      std::cerr << "no openings in " << opt.openings << "\n";
      return 1;
    }
  }

  // The opponent starts before the output is touched: one that cannot start leaves it as it was.
  std::unique_ptr<tools::UciOpponent> opponent;
  if (!opt.opponent.empty()) {
    if (!master_games.empty()) {
      std::cerr << "--opponent plays games; it does not go with --from-games\n";
      return 2;
    }
    try {
      opponent = std::make_unique<tools::UciOpponent>(opt.opponent, opt.opponent_nodes, 16);
    } catch (const tools::OpponentError& e) {
      std::cerr << "chuhan-datagen: " << e.what() << "\n";
      return 1;
    }
  }

  // Resume: keep the games OUT.progress says were finished, drop any partial one after them.
  // Otherwise a new file, from --first-game on; but never over data whose progress is unknown.
  const std::string progress_path = opt.out + ".progress";
  int first_game = 0;
  uint64_t written = 0, bytes = 0;
  bool resumed = false;
  if (std::ifstream progress(progress_path); progress >> first_game >> written >> bytes) {
    std::error_code error;
    std::filesystem::resize_file(opt.out, bytes, error);
    resumed = !error;
  }
  std::error_code no_file;
  if (!resumed && std::filesystem::file_size(opt.out, no_file) > 0 && !no_file) {
    std::cerr << "chuhan-datagen: " << opt.out << " holds data but " << progress_path
              << " does not say how much of it is finished; move the file away to start afresh\n";
    return 1;
  }
  if (!resumed) {
    first_game = std::min(opt.first_game, opt.games), written = 0, bytes = 0;
    std::ofstream(opt.out, std::ios::trunc);
  }
  std::ofstream out(opt.out, std::ios::binary | std::ios::app);

  Engine engine;
  engine.set_hash_size(16);
  engine.set_option(contract::Option::OWN_BOOK, 0, "OwnBook");
  engine.set_option(contract::Option::USE_NNUE, opt.use_nnue, "Use NNUE");
  std::unordered_set<Key> seen;  // master games: the positions met so far
  for (int g = 0; g < first_game && !master_games.empty(); ++g) {
    std::vector<Sample> none;
    rescore_game(engine, master_games[g], opt, seen, false, none);
  }
  struct {
    int wins = 0, draws = 0, losses = 0;
  } score;  // Chuhan's, against the opponent
  for (int g = first_game; g < opt.games; ++g) {
    std::vector<Sample> positions;
    double result;
    if (!master_games.empty()) {
      result = master_games[g].result;
      rescore_game(engine, master_games[g], opt, seen, true, positions);
    } else {
      std::mt19937 rng(opt.seed * 1000003u + unsigned(g));
      const Color opponent_side = g % 2 == 0 ? BLACK : RED;
      try {
        result = play_game(engine, openings[rng() % openings.size()], rng, opt, opponent.get(),
                           opponent_side, positions);
      } catch (const tools::OpponentError& e) {
        std::cerr << "chuhan-datagen: game " << g << ": " << e.what() << "\n";
        return 1;
      }
      if (result < 0) continue;
    }
    for (const Sample& sample : positions) {
      if (opt.nnue_format) {
        Position pos;
        StateInfo st;
        pos.set(sample.fen, &st);
        const auto record = nnue_data::pack(pos, int(result * 2), sample.red_score);
        out.write(reinterpret_cast<const char*>(&record), sizeof record);
      } else {
        std::ostringstream result_text;
        result_text << result;
        out << sample.fen << " ; " << result_text.str() << " ; " << sample.red_score << "\n";
      }
    }
    written += positions.size();
    out.flush();
    bytes = uint64_t(out.tellp());
    save_progress(progress_path, g + 1, written, bytes);
    if (opponent) {
      const double chuhan =
          g % 2 == 0 ? result : 1 - result;  // the opponent plays Black in even games
      (chuhan == 1 ? score.wins : chuhan == 0 ? score.losses : score.draws)++;
    }
    if ((g + 1) % 10 == 0) {
      std::cerr << "games " << g + 1 << " positions " << written;
      if (opponent)
        std::cerr << " (this run against " << opponent->name() << ": W " << score.wins << " D "
                  << score.draws << " L " << score.losses << ")";
      std::cerr << "\n";
    }
  }
  return 0;
}
