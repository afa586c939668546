// chuhan-openings read: every game file of a folder (recursively) through the core's reader
// (core/formats/game_file.h: encoding and format detected), its failures counted by cause, the same
// game filed under several folders merged, and the distinct games written as a TSV (games.h).
#include "read.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "formats/game_file.h"
#include "games.h"

namespace chuhan::openings {

namespace {

namespace fs = std::filesystem;

// Spaces (ASCII and ideographic) taken out of a name: "廣東呂  欽" and "廣東呂欽" are one player.
std::string squeeze(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 3, "\xE3\x80\x80") == 0) {
      i += 2;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(s[i]))) continue;
    out += s[i];
  }
  return out;
}

// The year of a game: the first 19xx or 20xx in its date, else a two-digit year leading a date
// written "86-4-25", else the first 19xx or 20xx in its event; 0 when none.
int year_of(const std::string& date, const std::string& event) {
  const auto four = [](const std::string& s) {
    for (size_t i = 0; i + 4 <= s.size(); ++i) {
      if (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1]))) continue;
      if (!std::all_of(s.begin() + long(i), s.begin() + long(i) + 4,
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        continue;
      if (i + 4 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 4]))) {
        // Eight digits: 20090829.
        const int y = std::atoi(s.substr(i, 4).c_str());
        if (y >= 1900 && y <= 2030) return y;
        continue;
      }
      const int y = std::atoi(s.substr(i, 4).c_str());
      if (y >= 1900 && y <= 2030) return y;
    }
    return 0;
  };
  if (const int y = four(date)) return y;
  if (date.size() >= 3 && std::isdigit(static_cast<unsigned char>(date[0])) &&
      std::isdigit(static_cast<unsigned char>(date[1])) && (date[2] == '-' || date[2] == '.')) {
    const int yy = std::atoi(date.substr(0, 2).c_str());
    return yy >= 40 ? 1900 + yy : 2000 + yy;
  }
  return four(event);
}

// The cause of a reading failure, for the report: the reader's message without its particulars.
std::string cause_of(const std::string& error) {
  if (error.find("is not a legal move") != std::string::npos) {
    // "line 20: '車二平三' is not a legal move for Red at move 14 (position ...)"
    const size_t q = error.find('\'');
    const size_t q2 = q == std::string::npos ? q : error.find('\'', q + 1);
    const std::string word = q2 == std::string::npos ? "" : error.substr(q + 1, q2 - q - 1);
    return "a move that is not legal or not understood (e.g. " + word + ")";
  }
  if (error.rfind("FEN tag", 0) == 0) return "a FEN tag that is not a position";
  if (error.find("no moves and no FEN") != std::string::npos) return "no moves";
  return error;
}

}  // namespace

ReadFigures read_collection(const std::string& folder, const std::string& exclude,
                            std::vector<MasterGame>& games, std::ostream& log) {
  ReadFigures figures;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    const std::string path = entry.path().string();
    if (!exclude.empty() && path.find(exclude) != std::string::npos) continue;
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".pgn") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());

  std::unordered_map<std::string, size_t> seen;  // a game's identity -> its index in `games`
  for (const fs::path& path : files) {
    ++figures.files;
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    formats::Loaded loaded = formats::read_game(bytes.str());
    if (!loaded.game) {
      ++figures.failures[cause_of(loaded.error)];
      if (figures.examples.size() < 40)
        figures.examples.push_back(fs::relative(path, folder).string() + ": " + loaded.error);
      continue;
    }
    ++figures.read;
    if (loaded.encoding != formats::Encoding::AUTO)
      ++figures.encodings[formats::name(loaded.encoding)];
    const Record& record = loaded.game->record();
    if (record.start_fen() != Position::StartFen) {
      ++figures.setup;
      continue;
    }
    MasterGame g;
    for (const NodeId id : record.main_line())
      if (id != RootNode) g.moves.push_back(record.node(id).at.iccs);
    if (g.moves.empty()) {
      ++figures.empty;
      continue;
    }
    const GameResult result = record.result();
    g.result = result.outcome == Outcome::RED_WINS     ? '1'
               : result.outcome == Outcome::BLACK_WINS ? '0'
               : result.outcome == Outcome::DRAW       ? '='
                                                       : '*';
    g.red = squeeze(record.tags.get("Red"));
    g.black = squeeze(record.tags.get("Black"));
    g.event = record.tags.get("Event");
    g.date = record.tags.get("Date");
    g.eco = record.tags.get("ECCO");
    if (g.eco.empty()) g.eco = record.tags.get("ECO");
    g.year = year_of(g.date, g.event);
    g.source = fs::relative(path, folder).string();

    // The same game filed twice has the same moves and result; a short game also needs the same
    // players' given names (the last two characters: files differ in the team put before them).
    std::string identity = std::string(1, g.result);
    for (const std::string& m : g.moves) identity += m;
    if (g.moves.size() < 30) {
      const auto last2 = [](const std::string& s) {
        return s.size() > 6 ? s.substr(s.size() - 6) : s;
      };
      identity += "|" + last2(g.red) + "|" + last2(g.black);
    }
    const auto [it, fresh] = seen.emplace(identity, games.size());
    if (fresh) {
      games.push_back(std::move(g));
      continue;
    }
    // A duplicate: keep the first file's record, filling what it lacks.
    MasterGame& kept = games[it->second];
    ++kept.files;
    ++figures.duplicates;
    for (auto [mine, theirs] : {std::pair{&kept.eco, &g.eco}, std::pair{&kept.red, &g.red},
                                std::pair{&kept.black, &g.black}, std::pair{&kept.date, &g.date}})
      if (mine->empty()) *mine = *theirs;
    if (!kept.year) kept.year = g.year;
    if (figures.files % 5000 == 0) log << figures.files << " files\n";
  }
  figures.distinct = games.size();
  return figures;
}

void write_report(std::ostream& out, const ReadFigures& f) {
  out << "files " << f.files << ", read " << f.read << " ("
      << (f.files ? 100.0 * double(f.read) / double(f.files) : 0.0) << " %), not read "
      << f.files - f.read << "\n";
  for (const auto& [enc, n] : f.encodings) out << "  encoding " << enc << ": " << n << "\n";
  out << "set-up positions (left out) " << f.setup << ", no moves " << f.empty
      << ", duplicates merged " << f.duplicates << ", distinct games " << f.distinct << "\n";
  std::vector<std::pair<int, std::string>> causes;
  for (const auto& [cause, n] : f.failures) causes.emplace_back(n, cause);
  std::sort(causes.rbegin(), causes.rend());
  for (const auto& [n, cause] : causes) out << "  not read, " << n << ": " << cause << "\n";
  for (const std::string& e : f.examples) out << "    " << e << "\n";
}

}  // namespace chuhan::openings
