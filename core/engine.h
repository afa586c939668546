// The one facade every front end uses: the UCI/UCCI text loop, the WebAssembly binding and the
// tests. It holds the game (core/game.h), the transposition table and the search worker, and
// speaks in strings (FEN, ICCS moves) and the contract's types (core/contract.h), so adapters
// need nothing else.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bench.h"
#include "contract.h"
#include "draw_offer.h"
#include "explorer.h"
#include "formats/game_file.h"
#include "game.h"
#include "nnue/network.h"
#include "notation.h"
#include "position.h"
#include "rules.h"
#include "search.h"
#include "threads.h"
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
  std::vector<std::string> pv_names;  // the PV named in the style set_pv_names() chose, or empty
};

struct BestMove {
  std::string move;    // ICCS, empty when the side to move has no legal move
  std::string ponder;  // expected reply, may be empty
  bool book = false;   // chosen from the opening book, without a search
};

// A position as a position editor needs it judged (Engine::check_position).
struct PositionCheck {
  std::vector<FenProblem> problems;  // everything that keeps the FEN from being played; none: legal
  // For a legal position: whether the side to move is in check, the rules' verdict on it as it
  // stands (checkmate, stalemate, insufficient material) and its number of legal moves.
  bool in_check = false;
  GameResult result;
  int legal_moves = 0;
};

class Engine {
 public:
  Engine();
  ~Engine();

  // Sets the game to a new record at `fen` (or the start position for "startpos") followed by
  // `moves` in ICCS. Returns "" on success; otherwise says what is wrong (bad FEN, malformed or
  // illegal move and at which ply) and keeps the previous game. Clears banned moves.
  std::string set_position(const std::string& fen, const std::vector<std::string>& moves = {});
  // Plays one legal move of the cursor's position, named in any notation (ICCS, WXF, Chinese;
  // notation.h): the node the move already has, else a new one (a variation when the cursor's
  // node has a continuation). Refuses a move after a decided position (checkmate, a repetition
  // lost or drawn, the 60-move rule): a decided game stays decided. Returns "" or why not (the
  // game is then unchanged). Clears banned moves.
  std::string play(const std::string& move);

  // The game: its record (tags, the tree of moves, comments, result) and the cursor.
  const Game& game() const { return *game_; }
  std::string fen() const { return game_->current().fen; }
  Color side_to_move() const { return game_->position().side_to_move(); }
  // True when the side to move is in check (generals facing count).
  bool in_check() const { return game_->current().in_check; }
  // Legal moves of the current position in ICCS, in generation order.
  std::vector<std::string> legal_moves() const;
  GameResult game_result() const { return game_->current().result; }
  // Board diagram, FEN, key and the game's verdict, for the `d` command.
  std::string describe() const;

  // The line from the start to the cursor: its start FEN and its moves in ICCS.
  const std::string& start_fen() const { return game_->start_fen(); }
  std::vector<std::string> moves() const { return game_->moves(); }
  // The line's moves named in `style` ("iccs", "wxf" or "chinese"); empty for another style.
  std::vector<std::string> game_move_names(const std::string& style) const;
  // Name of a legal ICCS move of the current position in `style`; "" if not legal.
  std::string move_name(const std::string& iccs, const std::string& style) const;

  // Edits of the record and moves of its cursor (game.h). Each returns "" or what is wrong (a
  // node that does not exist, ...), changing nothing then; those that move the cursor clear
  // banned moves. Node numbers are those of the record (record.h).
  std::string go_to(NodeId node);
  // Takes back `plies` moves of the line (the cursor goes up; the moves stay in the record).
  std::string undo(int plies);
  std::string remove_node(NodeId node);
  std::string promote(NodeId node, bool to_main);
  std::string set_comment(NodeId node, const std::string& text);
  // Sets a tag (an empty value removes it; the start FEN and the result have their own calls).
  std::string set_tag(const std::string& name, const std::string& value);
  // Declares the game's result: "1-0", "0-1", "1/2-1/2" or "*" (none), with a reason's stable
  // name (contract.h: "resignation", "agreement", "time", ... or "" for none).
  std::string declare_result(const std::string& result, const std::string& reason);

  // Replaces the game with the first game of a file's bytes (game_file.h: PGN in any notation and
  // encoding, XQF, DhtmlXQ, FEN), the cursor at the end of its main line. Returns "" or what is
  // wrong (naming the format); on error the previous game stays.
  std::string load_game(std::string_view bytes, const formats::ReadOptions& options = {});
  // The game in `format` (PGN, DHTMLXQ, FEN: the cursor's position).
  std::string save_game(formats::Format format, const formats::WriteOptions& options = {}) const;
  // The game as xqbase-style PGN with ICCS moves; `tags` adds or overrides headers.
  std::string pgn(const std::map<std::string, std::string>& tags = {}) const;
  // load_game for a PGN text.
  std::string load_pgn(const std::string& text);

  // Judges `fen` for a position editor: every problem Position::check() finds, else the check, the
  // verdict and the legal moves of the position. The engine's game is not touched.
  static PositionCheck check_position(const std::string& fen);
  // Answers a draw offer made to `asked` in the cursor's position (draw_offer.h gives the rule).
  // When the material does not decide, a short search at full strength (DrawSearchDepth plies or
  // DrawSearchNodes nodes, the skill level and the book set aside) judges it; the game stays, and
  // the search leaves its entries in the hash table as any search does.
  draw::Decision offer_draw(Color asked);
  static constexpr int DrawSearchDepth = 12;
  static constexpr uint64_t DrawSearchNodes = 400000;
  // Every game of a file's bytes (formats::read_games: a PGN of many games, an EPD of many
  // positions), at most `max_games`; a game that cannot be read is an entry with its error. The
  // engine's game is not touched.
  static std::vector<formats::Loaded> read_games(std::string_view bytes,
                                                 const formats::ReadOptions& options = {},
                                                 size_t max_games = 100000);

  // Moves the next search must not play (UCCI `banmoves`). Returns "" or what is wrong.
  std::string set_banned_moves(const std::vector<std::string>& moves);

  // Searches the current position within `limits`, calling `on_info` after each iteration.
  // Blocks until done; stop() from another thread (or the external stop hook) ends it early.
  // Always returns a legal move when one exists.
  BestMove go(const SearchLimits& limits,
              const std::function<void(const SearchInfo&)>& on_info = {});
  // Thread-safe: ends the running search, perft or bench (or one about to start) promptly.
  void stop() {
    stop_requested_ = true;
    threads_.stop();
  }
  // Forgets a stop() that came after the last search or perft had already ended, so that it
  // cannot end the next one at once. Call it from the thread that starts searches, before one.
  void clear_stop() {
    stop_requested_ = false;
    threads_.main().stop = false;
  }
  // Thread-safe. A search started with limits.ponder ignores the clock until ponderhit();
  // callers that start go() on another thread call set_pondering(true) before, so that a
  // ponderhit arriving first is not lost.
  void set_pondering(bool on) { threads_.main().pondering = on; }
  void ponderhit() { threads_.main().pondering = false; }
  // Polled during search; returning true stops it (used for a shared stop flag in browsers).
  void set_external_stop(std::function<bool()> poll) {
    threads_.main().external_stop = std::move(poll);
  }

  // Names the moves of each report's PV in `style` (the JS API shows 炮二平五 ...); none by default
  // (UCI prints ICCS only, and naming a PV costs a move generation per move).
  void set_pv_names(std::optional<Notation> style) { pv_style_ = style; }

  // A new game: clears the hash and the search histories.
  void new_game();
  // Sets option `id` (contract.h: Hash, MultiPV, Move Overhead, OwnBook, Threads, Skill Level, Use
  // NNUE; a check option is 0 or 1) after the contract's validation. Returns "" or what is wrong,
  // naming the option as `what` (the caller's name for it); the option is then unchanged.
  std::string set_option(contract::Option id, int64_t value, std::string_view what);
  // The current value of option `id`.
  int64_t option(contract::Option id) const;
  // The Hash option: the table becomes `mb` megabytes, its entries dropped. Besides a size out of
  // range, refuses memory the system cannot give (the previous table then stays, entries and all,
  // rather than an abort later).
  std::string set_hash_size(int mb) { return set_option(contract::Option::HASH, mb, "Hash"); }
  void clear_hash();
  // Allocates the hash table now and maps its memory, which the first search would otherwise do
  // on its own clock (tt.h, reserve): for a protocol's "ready?" question, asked before a game.
  void reserve_hash() { tt_.reserve(); }
  // With the OwnBook option on, go() answers a position of the opening book (core/book.h) at
  // once with a weighted random book move, unless the search is infinite, pondering, a mate
  // search, MultiPV, or restricted by banned or search moves.
  // With Skill Level below skill::MaxLevel, go() plays weaker (skill.h): a shallower search of
  // several lines, one of the good moves chosen at random, a fixed move time varied below its
  // value. Infinite and mate searches (analysis) keep full strength. Only the lines MultiPV asks
  // for are reported.
  // Makes the book's and the skill level's random choices repeatable (tests, reproducible games).
  void seed_random(uint64_t seed) {
    random_.seed(seed);
    random_seeded_ = true;
  }
  int hash_size() const { return hash_mb_; }

  // The network the Use NNUE option evaluates with: the embedded one unless load_network()
  // gave another. load_network() reads a net file's bytes (nnue.h; core reads no files) and
  // returns "" or what is wrong with them, keeping the current network.
  std::string load_network(const void* data, size_t size);
  void use_embedded_network();
  const nnue::Network& network() const;

  // The opening explorer (explorer.h) over the bytes of its data file, which the caller reads
  // (core does no I/O). Returns "" or why the bytes cannot be used (the previous data then stays).
  std::string load_explorer(std::string_view bytes);
  // The explorer's data (empty until load_explorer succeeds).
  const explorer::Data& explorer() const { return *explorer_; }
  // What masters played at the game's cursor, the opening named as the game goes
  // (explorer::Data::probe_line); nothing when the line never met the data.
  std::optional<explorer::Entry> explore() const { return explorer_->probe_line(*game_); }

  struct PerftResult {
    uint64_t nodes = 0;
    bool stopped = false;  // stop() or the external stop hook ended it: `nodes` is partial
  };
  // Leaf count at `depth` (contract::PerftDepth: the front ends accept depths far past any that
  // ends); `per_move`, if given, receives each finished root move's count (divide). Stoppable
  // like a search: stop() ends it within a few thousand leaves.
  PerftResult perft(int depth,
                    const std::function<void(const std::string&, uint64_t)>& per_move = {});
  // Runs the bench (hash and histories cleared before each position) and reports each
  // position's best move through `per_position`. Keeps the current game and hash size. stop()
  // ends it (Result::stopped).
  bench::Result bench(
      int depth = bench::DefaultDepth,
      const std::function<void(int, const std::string&, const BestMove&)>& per_position = {});

 private:
  std::string resize_hash(int mb);
  // Hands the evaluation the options ask for (Use NNUE, the network) to the search threads.
  void configure_evaluation();
  SearchInfo to_info(const search::InfoLine& line) const;
  uint64_t random_draw();

  std::unique_ptr<Game> game_;
  std::unique_ptr<explorer::Data> explorer_;
  std::vector<Move> banned_;
  TranspositionTable tt_;
  search::ThreadPool threads_;
  int hash_mb_ = int(contract::spec(contract::Option::HASH).default_value);
  int multipv_ = int(contract::spec(contract::Option::MULTIPV).default_value);
  int move_overhead_ = int(contract::spec(contract::Option::MOVE_OVERHEAD).default_value);
  bool own_book_ = contract::spec(contract::Option::OWN_BOOK).default_value;
  int skill_level_ = int(contract::spec(contract::Option::SKILL_LEVEL).default_value);
  bool use_nnue_ = contract::spec(contract::Option::USE_NNUE).default_value;
  std::shared_ptr<const nnue::Network> network_;  // null: the embedded network
  std::optional<Notation> pv_style_;
  std::atomic<bool> stop_requested_{false};  // stop() since the last clear_stop()
  // Seeded from std::random_device at the first random choice, not at construction: in
  // WebAssembly under Node the first random_device read loads Node's WebCrypto (milliseconds).
  std::mt19937_64 random_;
  bool random_seeded_ = false;
};

// UCI-style score text: "cp 35" or "mate -3".
std::string score_to_uci(const SearchInfo& info);

}  // namespace chuhan
