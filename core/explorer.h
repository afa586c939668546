// The opening explorer: what masters played in a position, how it went for them, the opening's
// ECCO code and name, and the best-known master games through it. Its data is a file built by
// scripts/openings/ from a collection of master games and handed in as bytes by the caller (the
// CLI reads a file, the web worker receives it when the page first asks), so core does no I/O.
//
// Positions are filed under their opening key (opening_key.h: a position and its mirror image are
// one entry), so an entry is found whatever the move order that reached it.
//
// The file (all integers little-endian; a varint is LEB128, 7 bits a byte; a string is a varint
// length and that many bytes of UTF-8):
//   "CHUHANXO" (8 bytes), u32 version (FormatVersion), u64 opening_key_check()
//   string credit (the source, its authors, its licence and what was changed), string about (a
//   JSON object: how the file was built)
//   varint N, N openings: string eco, string zh, string en
//   varint N, N strings (players and events)
//   varint N, N games: varint red, black, event (strings), varint year (0: unknown), u8 result
//     (0 unknown, 1 Red won, 2 draw, 3 Black won), varint opening + 1 (0: none), varint plies,
//     then each move as one byte: its index among the legal moves of its position in ascending
//     order of the Move value (types.h)
//   varint N, N positions in ascending order of key: u64 key, varint opening + 1, varint games,
//     red, draw (Black won the rest), varint M, M moves (most played first): u16 move (filed
//     orientation), varint games, red, draw; varint T, T games (best known first)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "position.h"

namespace chuhan::explorer {

inline constexpr char Magic[] = "CHUHANXO";
inline constexpr uint32_t FormatVersion = 1;

struct Opening {
  std::string eco;  // "C45", or a range of codes ("C4x"), or a family ("C"); "" for none
  std::string zh, en;
};

struct MoveStats {
  Move move = MOVE_NONE;                        // legal in the position asked about
  std::string chinese, wxf;                     // its names in the position asked about
  int games = 0, red = 0, draw = 0, black = 0;  // games that went on with it and their results
};

// A master game through a position.
struct GameSummary {
  int id = 0;  // its number in the data (game())
  std::string red, black, event;
  int year = 0;                       // 0 when unknown
  Outcome result = Outcome::ONGOING;  // ONGOING when unknown
  std::string eco;                    // its ECCO code as the collection files it
  int plies = 0;
};

struct Entry {
  int games = 0, red = 0, draw = 0, black = 0;  // games through the position and their results
  Opening opening;                              // may be empty
  std::vector<MoveStats> moves;                 // most played first
  std::vector<GameSummary> top_games;           // best known first
};

// A master game whole: its summary and its moves from the start position.
struct MasterGame {
  GameSummary summary;
  std::vector<Move> moves;
};

struct Figures {
  int games = 0, positions = 0, openings = 0;
};

class Data {
 public:
  // Reads a data file. Returns "" or why it cannot be used (not an explorer file, another format
  // version, built with other position keys, damaged); on error the data is left empty.
  std::string load(std::string_view bytes);
  bool loaded() const { return !positions_.empty(); }

  // The masters' moves in `pos`, or nothing when no position of the data is `pos` or its mirror.
  std::optional<Entry> probe(const Position& pos) const;
  // As probe() at the game's cursor; when that position names no opening, the opening is the one
  // of the nearest position before it on the line that names one (the name as the game goes).
  // Nothing when neither the position nor any before it is in the data.
  std::optional<Entry> probe_line(const Game& game) const;
  // The opening of `pos` alone (empty when not in the data or unnamed).
  Opening opening(const Position& pos) const;

  // Game `id` (0 <= id < figures().games) with its moves; nothing for another id.
  std::optional<MasterGame> game(int id) const;

  const std::string& credit() const { return credit_; }
  const std::string& about() const { return about_; }
  Figures figures() const;

 private:
  struct PositionEntry {
    Key key;
    int opening;  // -1: none
    int games, red, draw;
    uint32_t moves_begin, moves_end, top_begin, top_end;  // ranges of moves_ and top_
  };
  struct StoredMove {
    Move move;
    int games, red, draw;
  };
  struct StoredGame {
    int red, black, event, year, opening;
    Outcome result;
    uint32_t moves_offset, plies;  // bytes of moves_bytes_
  };

  const PositionEntry* find(const Position& pos, bool& mirrored) const;
  GameSummary summary(int id) const;

  std::string credit_, about_;
  std::vector<Opening> openings_;
  std::vector<std::string> strings_;
  std::vector<StoredGame> games_;
  std::string moves_bytes_;
  std::vector<PositionEntry> positions_;
  std::vector<StoredMove> moves_;
  std::vector<int> top_;
};

// The legal moves of `pos` in the order the data file numbers them (ascending Move value).
std::vector<Move> numbered_moves(const Position& pos);

// `entry` as JSON: {games, red, draw, black, opening: {eco, zh, en} | null, moves: [{move (ICCS),
// chinese, wxf, games, red, draw, black}], topGames: [{id, red, black, year, result ("1-0", "0-1",
// "1/2-1/2" or
// "*"), event, eco, plies}]}.
std::string to_json(const Entry& entry);
// A master game as JSON: its summary's fields and moves (ICCS).
std::string to_json(const MasterGame& game);

}  // namespace chuhan::explorer
