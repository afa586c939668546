// chuhan-openings: master games -> the explorer's data and the engine's book (README.md here).
//
//   chuhan-openings read  --games DIR [--exclude TEXT] [--out games.tsv] [--report FILE]
//   chuhan-openings build --from games.tsv [--names ecco.tsv] [--data openings.bin]
//                         [--book book.bin] [--min-games N] [--about TEXT]
//   chuhan-openings check --data openings.bin --games DIR [--plies N] [--known games.tsv]
//   chuhan-openings book-exits --pgn FILE
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>

#include "../lib/options.h"
#include "build.h"
#include "check.h"
#include "read.h"

using namespace chuhan::openings;

namespace {

const char* const Usage =
    "usage: chuhan-openings read  --games DIR [--exclude TEXT] [--out games.tsv] [--report FILE]\n"
    "         every .pgn under DIR (paths containing TEXT left out) read, duplicates merged\n"
    "       chuhan-openings build --from games.tsv [--names ecco.tsv] [--data openings.bin]\n"
    "                             [--book book.bin] [--min-games N] [--book-min-games N]\n"
    "                             [--top-games N] [--max-ply N] [--about TEXT]\n"
    "         the explorer's data file and the engine's book from the games\n"
    "       chuhan-openings check --data openings.bin --games DIR [--plies N] [--known games.tsv]\n"
    "         how often the explorer lists the move played in the first N plies of other games\n"
    "         (.pgn and .xqf files)\n"
    "       chuhan-openings book-exits --pgn FILE\n"
    "         the ply at which each game of FILE left the engine's book\n";

int read_command(int argc, char** argv) {
  std::string games, exclude, out = "games.tsv", report;
  if (const auto status = chuhan::tools::read_options(
          argc, argv, Usage, [&](const std::string& name, const std::string& value) {
            if (name == "--games") return games = value, true;
            if (name == "--exclude") return exclude = value, true;
            if (name == "--out") return out = value, true;
            if (name == "--report") return report = value, true;
            return false;
          }))
    return *status;
  if (games.empty()) return std::cerr << "read needs --games DIR\n" << Usage, 2;
  std::vector<MasterGame> distinct;
  const auto start = std::chrono::steady_clock::now();
  const ReadFigures figures = read_collection(games, exclude, distinct, std::cerr);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ofstream tsv(out);
  write_games(tsv, distinct);
  write_report(std::cout, figures);
  std::cout << "read in " << seconds << " s; " << distinct.size() << " games written to " << out
            << "\n";
  if (!report.empty()) {
    std::ofstream r(report);
    write_report(r, figures);
  }
  return tsv ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "read") return read_command(argc - 1, argv + 1);
  if (command == "build") return build_command(argc - 1, argv + 1, Usage);
  if (command == "check") return check_command(argc - 1, argv + 1, Usage);
  if (command == "book-exits") return book_exits_command(argc - 1, argv + 1, Usage);
  if (command == "--help" || command == "-h") return std::cout << Usage, 0;
  std::cerr << Usage;
  return 2;
}
