// The master games as the openings pipeline keeps them between its steps (scripts/openings/
// README.md): one distinct game a line of a TSV file, with its players, year, result, ECCO code,
// event and main line in ICCS.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace chuhan::openings {

struct MasterGame {
  std::string red, black, event, eco, date;
  int year = 0;
  char result = '*';               // '1' Red won, '=' draw, '0' Black won, '*' unknown
  int files = 1;                   // how many files of the collection hold this game
  std::string source;              // the first of them, relative to the collection's folder
  std::vector<std::string> moves;  // the main line in ICCS, from the start position
};

// Tabs and line breaks would break the file: they become spaces.
inline std::string tsv_field(std::string s) {
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return s;
}

inline void write_games(std::ostream& out, const std::vector<MasterGame>& games) {
  out << "#red\tblack\tyear\tresult\teco\tevent\tdate\tfiles\tsource\tmoves\n";
  for (const MasterGame& g : games) {
    out << tsv_field(g.red) << '\t' << tsv_field(g.black) << '\t' << g.year << '\t' << g.result
        << '\t' << tsv_field(g.eco) << '\t' << tsv_field(g.event) << '\t' << tsv_field(g.date)
        << '\t' << g.files << '\t' << tsv_field(g.source) << '\t';
    for (size_t i = 0; i < g.moves.size(); ++i) out << (i ? " " : "") << g.moves[i];
    out << '\n';
  }
}

// Reads what write_games wrote; false when a line does not have its ten fields.
inline bool read_games(std::istream& in, std::vector<MasterGame>& games) {
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::string field;
    std::istringstream fields(line);
    while (std::getline(fields, field, '\t')) f.push_back(field);
    if (f.size() == 9) f.emplace_back();  // a game of no moves
    if (f.size() != 10) return false;
    MasterGame g;
    g.red = f[0], g.black = f[1], g.year = std::atoi(f[2].c_str());
    g.result = f[3].empty() ? '*' : f[3][0];
    g.eco = f[4], g.event = f[5], g.date = f[6], g.files = std::atoi(f[7].c_str());
    g.source = f[8];
    std::istringstream moves(f[9]);
    for (std::string m; moves >> m;) g.moves.push_back(m);
    games.push_back(std::move(g));
  }
  return true;
}

}  // namespace chuhan::openings
