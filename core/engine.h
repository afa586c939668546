// The one facade every front end uses: the UCI/UCCI text loop, the WebAssembly binding and the
// tests. It holds the game (start position plus moves), the transposition table and the
// search worker, and speaks in strings (FEN, ICCS moves) so adapters need nothing else.
#pragma once

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench.h"
#include "notation.h"
#include "position.h"
#include "rules.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

namespace chuhan {

// One search report, ready to print or to hand to JavaScript.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  bool is_mate = false;
  int score = 0;      // centipawns, or moves to mate (negative when being mated)
  std::string bound;  // "", "lowerbound" or "upperbound"
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<std::string> pv;
};

struct BestMove {
  std::string move;    // ICCS, empty when the side to move has no legal move
  std::string ponder;  // expected reply, may be empty
  bool book = false;   // chosen from the opening book, without a search
};

class Engine {
 public:
  Engine();
  ~Engine();

  // Sets the game to `fen` (or the start position for "startpos") followed by `moves` in ICCS
  // (at most MaxGamePlies). Returns "" on success; otherwise says what is wrong (bad FEN,
  // malformed or illegal move and at which ply) and keeps the previous game. Clears banned moves.
  std::string set_position(const std::string& fen, const std::vector<std::string>& moves = {});

  std::string fen() const;
  Color side_to_move() const { return game_->pos.side_to_move(); }
  // True when the side to move is in check (generals facing count).
  bool in_check() const { return game_->pos.in_check(); }
  // Legal moves of the current position in ICCS, in generation order.
  std::vector<std::string> legal_moves() const;
  GameResult game_result() const;
  // Board diagram, FEN, key and the game's verdict, for the `d` command.
  std::string describe() const;

  // The game as given to set_position: its start FEN and its moves in ICCS.
  const std::string& start_fen() const { return game_->start_fen; }
  const std::vector<std::string>& moves() const { return game_->moves; }
  // The game's moves named in `style` ("iccs", "wxf" or "chinese"); empty for another style.
  std::vector<std::string> game_move_names(const std::string& style) const;
  // Name of a legal ICCS move of the current position in `style`; "" if not legal.
  std::string move_name(const std::string& iccs, const std::string& style) const;
  // The game as xqbase-style PGN; `tags` adds or overrides headers (Result defaults to the
  // game's verdict).
  std::string pgn(const std::map<std::string, std::string>& tags = {}) const;
  // Replaces the game with the first game of a PGN text (moves in ICCS, WXF or Chinese).
  // Returns "" or what is wrong; on error the previous game stays.
  std::string load_pgn(const std::string& text);

  // Moves the next search must not play (UCCI `banmoves`). Returns "" or what is wrong.
  std::string set_banned_moves(const std::vector<std::string>& moves);

  // Searches the current position within `limits`, calling `on_info` after each iteration.
  // Blocks until done; stop() from another thread (or the external stop hook) ends it early.
  // Always returns a legal move when one exists.
  BestMove go(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& on_info = {});
  // Thread-safe: ends the running search or perft (or one about to start) promptly.
  void stop() { worker_.stop = true; }
  // Forgets a stop() that came after the last search or perft had already ended, so that it
  // cannot end the next one at once. Call it from the thread that starts searches, before one.
  void clear_stop() { worker_.stop = false; }
  // Thread-safe. A search started with limits.ponder ignores the clock until ponderhit();
  // callers that start go() on another thread call set_pondering(true) before, so that a
  // ponderhit arriving first is not lost.
  void set_pondering(bool on) { worker_.pondering = on; }
  void ponderhit() { worker_.pondering = false; }
  // Polled during search; returning true stops it (used for a shared stop flag in browsers).
  void set_external_stop(std::function<bool()> poll) { worker_.external_stop = std::move(poll); }

  // A new game: clears the hash and the search histories.
  void new_game();
  // Sets the hash table to `mb` megabytes (1..TranspositionTable::MaxSizeMB), dropping its
  // entries. Returns "" or why not: a size out of range, or memory the system cannot give
  // (then the previous table stays, entries and all, rather than an abort later).
  std::string set_hash_size(int mb);
  void clear_hash();
  void set_multipv(int lines) { multipv_ = std::max(1, std::min(lines, 128)); }
  void set_move_overhead(int ms) { move_overhead_ = std::max(0, std::min(ms, 5000)); }
  // With the book on, go() answers a position of the opening book (core/book.h) at once with
  // a weighted random book move, unless the search is infinite, pondering, a mate search,
  // MultiPV, or restricted by banned or search moves. Off by default: GUIs bring their own.
  void set_own_book(bool on) { own_book_ = on; }
  bool own_book() const { return own_book_; }
  // Makes the book's random choices repeatable (tests).
  void seed_book(uint64_t seed) {
    book_random_.seed(seed);
    book_seeded_ = true;
  }
  int hash_size() const { return hash_mb_; }

  // Deepest perft the front ends accept (a depth far past any that ends; stop() ends it).
  static constexpr int MaxPerftDepth = 20;
  struct PerftResult {
    uint64_t nodes = 0;
    bool stopped = false;  // stop() or the external stop hook ended it: `nodes` is partial
  };
  // Leaf count at `depth`; `per_move`, if given, receives each finished root move's count
  // (divide). Stoppable like a search: stop() ends it within a few thousand leaves.
  PerftResult perft(int depth, const std::function<void(const std::string&, uint64_t)>& per_move = {});
  // Runs the bench (hash and histories cleared before each position) and reports each
  // position's best move through `per_position`. Keeps the current game and hash size.
  bench::Result bench(int depth = bench::DefaultDepth,
                      const std::function<void(int, const std::string&, const BestMove&)>& per_position = {});

 private:
  // The game: the position after all moves and the StateInfo chain from its start.
  struct Game {
    Position pos;
    std::deque<StateInfo> states;  // elements never move, so the chain stays valid
    std::string start_fen;
    std::vector<std::string> moves;
  };
  SearchInfo to_info(const search::InfoLine& line) const;
  uint64_t book_draw();

  std::unique_ptr<Game> game_;
  std::vector<Move> banned_;
  TranspositionTable tt_;
  search::Worker worker_;
  int hash_mb_ = TranspositionTable::DefaultSizeMB;
  int multipv_ = 1;
  int move_overhead_ = 10;
  bool own_book_ = false;
  // Seeded from std::random_device at the first book move, not at construction: in
  // WebAssembly under Node the first random_device read loads Node's WebCrypto (milliseconds).
  std::mt19937_64 book_random_;
  bool book_seeded_ = false;
};

// UCI-style score text: "cp 35" or "mate -3".
std::string score_to_uci(const SearchInfo& info);

}  // namespace chuhan
