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
// Games played elsewhere (e.g. matches against other engines, scripts/match/match.mjs --pgn): every
// game of a PGN file, positions with the game's result only.
//
//   chuhan-datagen --from-pgn games.pgn --out data.txt
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../lib/options.h"
#include "engine.h"
#include "formats/pgn.h"
#include "movegen.h"
#include "notation.h"
#include "packed.h"

using namespace chuhan;

namespace {

struct Options {
  std::string openings = "../shared/data/openings.txt";
  std::string out = "selfplay.txt";
  std::string from_pgn;
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

// One game; returns its result from Red's side (-1 if the opening is unusable) and appends the
// quiet positions seen.
double play_game(Engine& engine, const std::string& start, std::mt19937& rng, const Options& opt,
                 std::vector<Sample>& positions) {
  std::vector<std::string> moves;
  engine.new_game();
  if (!engine.set_position(start, moves).empty()) return -1;

  // Diversity: a few random legal moves after the opening.
  for (int i = 0; i < opt.random_plies; ++i) {
    const auto legal = engine.legal_moves();
    if (legal.empty()) break;
    moves.push_back(legal[rng() % legal.size()]);
    engine.set_position(start, moves);
  }

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

    // Adjudicate clearly decided games: a mate score, or a lead of 12 pawns for 8 plies.
    const int red_score = red_to_move ? last.score : -last.score;
    if (last.is_mate) return red_score > 0 ? 1.0 : 0.0;
    decisive_plies = std::abs(last.score) > 1200 ? decisive_plies + 1 : 0;
    if (decisive_plies >= 8) return red_score > 0 ? 1.0 : 0.0;

    const std::string fen = engine.fen();
    Position pos;
    StateInfo st;
    pos.set(fen, &st);
    if (!pos.in_check() && !pos.is_capture(parse_move_text(best.move)) && ply >= 2)
      positions.push_back({fen, red_score});

    moves.push_back(best.move);
    if (!engine.set_position(start, moves).empty()) break;
  }
  return 0.5;  // 300 plies: a draw
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
  const std::vector<std::string> openings = read_openings(opt.openings);
  if (openings.empty()) {
    std::cerr << "no openings in " << opt.openings << "\n";
    return 1;
  }

  // Resume: keep the games OUT.progress says were finished, drop any partial one after them.
  const std::string progress_path = opt.out + ".progress";
  int first_game = 0;
  uint64_t written = 0, bytes = 0;
  if (std::ifstream progress(progress_path); progress >> first_game >> written >> bytes) {
    std::error_code error;
    std::filesystem::resize_file(opt.out, bytes, error);
    if (error) first_game = 0, written = 0, bytes = 0;
  }
  if (first_game == 0) std::ofstream(opt.out, std::ios::trunc);
  std::ofstream out(opt.out, std::ios::binary | std::ios::app);

  Engine engine;
  engine.set_hash_size(16);
  engine.set_option(contract::Option::OWN_BOOK, 0, "OwnBook");
  engine.set_option(contract::Option::USE_NNUE, opt.use_nnue, "Use NNUE");
  for (int g = first_game; g < opt.games; ++g) {
    std::mt19937 rng(opt.seed * 1000003u + unsigned(g));
    std::vector<Sample> positions;
    const double result = play_game(engine, openings[rng() % openings.size()], rng, opt, positions);
    if (result < 0) continue;
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
    std::ofstream(progress_path, std::ios::trunc)
        << g + 1 << " " << written << " " << bytes << "\n";
    if ((g + 1) % 10 == 0) std::cerr << "games " << g + 1 << " positions " << written << "\n";
  }
  return 0;
}
