// The engine's contract with its front ends: the range of every search limit and option, the one
// validation of each (returning what is wrong), the score convention, and the stable names of
// results and reasons. UCI, UCCI, the Embind binding and, through the binding's export, the JS
// client all read these facts from here; a front end only turns its own syntax into numbers.
#pragma once

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "rules.h"
#include "skill.h"
#include "timeman.h"
#include "tt.h"
#include "types.h"

namespace chuhan::contract {

// A closed range of whole numbers.
struct Range {
  int64_t min, max;
  constexpr bool contains(int64_t v) const { return v >= min && v <= max; }
};

// "<what> must be a whole number in min..max": the start of every range message.
std::string must_be(std::string_view what, Range range);
// "" when `value` lies in `range`; otherwise must_be(what, range) + ", got <value>".
std::string check(std::string_view what, int64_t value, Range range);
// Reads a whole decimal number that is the entire `text` (an optional '-', then digits, no
// overflow). False for anything else; `value` is then unchanged.
bool parse_whole(const std::string& text, int64_t& value);
// parse_whole, then check: "" with `value` set, or what is wrong (quoting the text if it is no
// number).
std::string read_whole(std::string_view what, const std::string& text, Range range, int64_t& value);

// ---- Search limits (SearchLimits, UCI `go`, the JS limits object) ----

constexpr int64_t MaxTimeMs = int64_t(1) << 40;  // about 35 years

enum class Limit : uint8_t {
  MOVETIME,
  DEPTH,
  NODES,
  MATE,
  WTIME,
  BTIME,
  WINC,
  BINC,
  MOVESTOGO,
  LIMIT_NB
};

struct LimitSpec {
  Limit id;
  const char* name;  // the UCI `go` token and the key of the JS limits object
  Range range;
  bool ends_search;  // a search with this limit ends by itself (see bounded())
};

inline constexpr LimitSpec Limits[] = {
    {Limit::MOVETIME, "movetime", {1, MaxTimeMs}, true},
    {Limit::DEPTH, "depth", {1, MAX_PLY - 1}, true},
    {Limit::NODES, "nodes", {1, int64_t(1) << 50}, true},
    // As in Pikafish and Stockfish, a mate search ends once it finds a mate in at most this many
    // moves; where there is none it goes on (to stop, or to another limit given with it).
    {Limit::MATE, "mate", {1, MAX_PLY / 2}, false},
    // A clock of 0 is "no time left" (searched as 1 ms, since SearchLimits reads 0 as not given).
    {Limit::WTIME, "wtime", {0, MaxTimeMs}, true},
    {Limit::BTIME, "btime", {0, MaxTimeMs}, true},
    {Limit::WINC, "winc", {0, MaxTimeMs}, false},
    {Limit::BINC, "binc", {0, MaxTimeMs}, false},
    {Limit::MOVESTOGO, "movestogo", {1, 10000}, false},
};
static_assert(std::size(Limits) == size_t(Limit::LIMIT_NB));

constexpr const LimitSpec& spec(Limit id) { return Limits[size_t(id)]; }
// The limit called `name`, or nullptr.
const LimitSpec* find_limit(std::string_view name);
// Validates `value` for limit `id` and sets it in `limits`. Returns "" or what is wrong (and
// `limits` is unchanged).
std::string set_limit(SearchLimits& limits, Limit id, int64_t value);
// True when `limits` ends a search by itself: infinite is not set and a limit that ends searches
// is (a clock, a move time, a depth or a node count).
bool bounded(const SearchLimits& limits);

// Perft and bench depths.
constexpr Range PerftDepth{0, 20};
constexpr Range BenchDepth{1, 30};

// ---- Options ----

enum class Option : uint8_t {
  HASH,
  MULTIPV,
  MOVE_OVERHEAD,
  OWN_BOOK,
  THREADS,
  SKILL_LEVEL,
  USE_NNUE,
  OPTION_NB
};

struct OptionSpec {
  Option id;
  const char* uci_name;  // UCI `setoption name ...` (UCCI names are the protocol's own)
  const char* js_name;   // setOption(name) of the JS API
  bool is_check;         // true/false (range 0..1) rather than a number
  int64_t default_value;
  Range range;
};

inline constexpr OptionSpec Options[] = {
    {Option::HASH,
     "Hash",
     "hashMB",
     false,
     TranspositionTable::DefaultSizeMB,
     {1, TranspositionTable::MaxSizeMB}},
    {Option::MULTIPV, "MultiPV", "multiPV", false, 1, {1, 128}},
    {Option::MOVE_OVERHEAD, "Move Overhead", "moveOverhead", false, 10, {0, 5000}},
    // With the book on, go() answers a position of the built-in opening book (core/book.h) at
    // once. Off by default: GUIs bring their own.
    {Option::OWN_BOOK, "OwnBook", "ownBook", true, 0, {0, 1}},
    // Search threads (Lazy SMP, core/threads.h); a build without threads accepts 1 only.
    {Option::THREADS, "Threads", "threads", false, 1, {1, 256}},
    // Below skill::MaxLevel the engine plays weaker, choosing among its good moves (skill.h).
    {Option::SKILL_LEVEL,
     "Skill Level",
     "skillLevel",
     false,
     skill::MaxLevel,
     {0, skill::MaxLevel}},
    // The learned evaluation (nnue.h); off: the hand-written one alone. On since the round-3
    // network beat the hand-written evaluation in games (scripts/nnue/README.md).
    {Option::USE_NNUE, "Use NNUE", "useNNUE", true, 1, {0, 1}},
};
static_assert(std::size(Options) == size_t(Option::OPTION_NB));

constexpr const OptionSpec& spec(Option id) { return Options[size_t(id)]; }
// Whether this build offers option `id`: a build without threads (the single-threaded
// WebAssembly module) has no Threads option.
constexpr bool available(Option id) {
#ifdef CHUHAN_NO_THREADS
  return id != Option::THREADS;
#else
  (void)id;
  return true;
#endif
}
// The option whose UCI name is `name` (in any case), or nullptr (also for one this build lacks).
const OptionSpec* find_uci_option(std::string_view name);
// The option whose JS name is `name`, or nullptr (also for one this build lacks).
const OptionSpec* find_js_option(std::string_view name);
// "" when `value` is valid for option `id`; otherwise what is wrong, named as `what` says.
std::string check(Option id, int64_t value, std::string_view what);

// ---- Scores ----

// Moves to mate (negative when being mated) of a mate score `v`, counted as UCI's `score mate`.
int mate_moves(Value v);
// The search's score of a mate in `moves` moves (negative: being mated); mate_moves inverts it.
Value mate_value(int moves);
// True when `v` is a mate score.
constexpr bool is_mate(Value v) {
  return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY;
}

// ---- Results and reasons: stable names (the enums' names in lower case) ----

// "ongoing", "red_wins", "black_wins", "draw".
const char* name(Outcome outcome);
// "" (none), "checkmate", "stalemate", "perpetual_check", "perpetual_chase", "repetition",
// "rule_60", "insufficient_material", "resignation", "time", "agreement".
const char* name(ResultReason reason);
inline constexpr ResultReason Reasons[] = {ResultReason::CHECKMATE,
                                           ResultReason::STALEMATE,
                                           ResultReason::PERPETUAL_CHECK,
                                           ResultReason::PERPETUAL_CHASE,
                                           ResultReason::REPETITION,
                                           ResultReason::RULE_60,
                                           ResultReason::INSUFFICIENT_MATERIAL,
                                           ResultReason::RESIGNATION,
                                           ResultReason::TIME,
                                           ResultReason::AGREEMENT};
// Reads a reason's stable name (one of Reasons); false for another.
bool parse_reason(std::string_view text, ResultReason& out);

}  // namespace chuhan::contract
