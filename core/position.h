// The Xiangqi position: board, piece lists, rank/file occupancy words, Zobrist key, FEN in and
// out with validation, making and unmaking moves, check detection (flying general included).
#pragma once

#include <string>
#include <vector>

#include "attacks.h"
#include "types.h"

namespace chuhan {

namespace nnue {
struct Accumulator;
}

// What can make a FEN unusable, as a position editor shows it: a stable name for each kind
// (fen_problem_name) so that front ends can say it in their own words.
enum class FenProblemKind : uint8_t {
  SYNTAX,                // the text is not a FEN (ranks, files, letters, side, counters)
  UNREACHABLE,           // a piece on a point it may never stand on (an elephant across the river)
  NO_GENERAL,            // a side without its general
  TOO_MANY,              // more pieces of a kind than a side has (two generals, three rooks, ...)
  GENERALS_FACING,       // the two generals face each other on an open file
  NOT_TO_MOVE_IN_CHECK,  // the side that just moved left its general attacked
};

// One thing wrong with a FEN. `message` is what Position::set() says for it.
struct FenProblem {
  FenProblemKind kind = FenProblemKind::SYNTAX;
  std::string message;
  Color side = COLOR_NB;        // the side concerned (COLOR_NB: none, e.g. SYNTAX)
  Piece piece = NO_PIECE;       // UNREACHABLE, TOO_MANY: the kind of piece
  int count = 0, limit = 0;     // TOO_MANY: how many there are and the most a side can have
  std::vector<Square> squares;  // the points concerned (the pieces, the generals, ...)
};

// "syntax", "unreachable", "no_general", "too_many", "generals_facing", "not_to_move_in_check".
const char* fen_problem_name(FenProblemKind kind);

// Checks by one side since the last capture that count toward the 60-move rule (rules.cpp).
constexpr int ChecksCountedToward60 = 10;

// What do_move needs to undo a move, plus facts about the position it leads to. The caller owns
// it; each StateInfo points to the one before, so the chain is the game's history.
struct StateInfo {
  // Copied from the previous state, then updated by do_move.
  Key key;
  // Plies counted toward the 60-move rule (rules.h Rule60Plies; the FEN's fifth field): those
  // since the last capture, except that once a side has given ChecksCountedToward60 checks
  // since then, each further check of its and the reply to it do not count (rules.cpp).
  int rule60;
  int plies_from_capture;  // every ply since the last capture (repetition search stops there)
  int plies_from_null;     // plies since the last null move (repetition search stops there too)
  uint8_t checks_counted[COLOR_NB];  // each side's checks since the last capture, up to the limit

  // Set by do_move.
  Move move;       // the move that led here (MOVE_NONE at the root)
  Piece moved;     // the piece that made it (NO_PIECE at the root and after a null move)
  Piece captured;  // the piece that move captured
  // Its place in its piece list: undo_move puts it back there, so that a search leaves the
  // lists (and with them the move generation order) exactly as it found them.
  uint8_t captured_index;
  bool in_check;  // the side to move is in check
  // Only a move from a square in risky_from or to a square in risky_to can expose the side to
  // move's general (unless it is in check or the general moves): the general's rank and file
  // when an enemy rook, cannon or general stands on them, and the horse-leg squares next to it.
  SquareSet risky_from, risky_to;
  // Pieces the move that led here chases (see rules.cpp), computed on demand and cached:
  // chase_known says whether `chased` is valid. Squares are those of the chased pieces now.
  bool chase_known;
  SquareSet chased;
  StateInfo* previous;
  // Where a search keeps the network's first layer for this position (nnue/accumulator.h), or
  // null (the evaluation then computes it from the board). Set by the search, not by do_move;
  // a null move's state starts with its parent's.
  nnue::Accumulator* accumulator = nullptr;
};

class Position {
 public:
  static constexpr const char* StartFen =
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

  Position() = default;
  Position(const Position&) = delete;
  Position& operator=(const Position&) = delete;

  // Sets the position from a FEN string. Returns "" on success; otherwise a human-readable
  // reason, and the position is left as it was. `si` becomes the root of the state chain.
  std::string set(const std::string& fen, StateInfo* si);
  // Every problem of `fen`, in the order set() would meet them (set() reports the first): none
  // for a FEN that set() takes. Text that is not a FEN gives one SYNTAX problem; the board's
  // problems are all listed (a position editor shows them together).
  static std::vector<FenProblem> check(const std::string& fen);
  // Becomes a copy of `other` with a private copy of its whole StateInfo chain in `history`
  // (oldest first), so that another thread can search it while `other` is searched too: the
  // states cache facts computed on demand (chases), so no two threads may share them.
  void copy_from(const Position& other, std::vector<StateInfo>& history);
  std::string fen() const;
  // Board diagram (rank 9 at the top), the FEN and the key, for the `d` command.
  std::string pretty() const;

  Piece piece_on(Square s) const { return board_[s]; }
  const Piece* board() const { return board_; }  // all SQUARE_NB squares, for whole-board scans
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Color side_to_move() const { return side_; }
  Square general_square(Color c) const { return piece_list_[make_piece(c, GENERAL)][0]; }
  int count(Piece p) const { return piece_count_[p]; }
  int count(Color c, PieceType pt) const { return piece_count_[make_piece(c, pt)]; }
  // c's rooks, horses and cannons: the pieces that attack from afar and make threats (the
  // material that null move, mate detection and endgame rules ask about).
  int major_count(Color c) const { return count(c, ROOK) + count(c, HORSE) + count(c, CANNON); }
  // Squares of all pieces p; count(p) of them.
  const Square* squares(Piece p) const { return piece_list_[p]; }
  uint16_t rank_occupancy(int rank) const { return rank_occ_[rank]; }
  uint16_t file_occupancy(int file) const { return file_occ_[file]; }

  Key key() const { return st_->key; }
  // Key of the position after move m, without making it (for prefetching and ETC).
  Key key_after(Move m) const;
  bool in_check() const { return st_->in_check; }
  int rule60() const { return st_->rule60; }
  int game_ply() const { return game_ply_; }
  const StateInfo* state() const { return st_; }
  StateInfo* state() { return st_; }

  // True if colour `by` attacks square s (s being where a general of the other side stands or
  // would stand; generals facing each other count as an attack).
  bool general_attacked(Square s, Color by) const;
  // A pseudo-legal move is legal if it does not leave the mover's general attacked.
  bool legal(Move m) const {
    const Square from = from_sq(m);
    if (!st_->in_check && !st_->risky_from.has(from) && !st_->risky_to.has(to_sq(m)) &&
        from != general_square(side_))
      return true;
    return !exposes_general(m);
  }
  // The full test behind legal(): would the mover's general be attacked after m?
  bool exposes_general(Move m) const;
  // In check: squares that a move of any piece but the general must land on (`to`) or leave
  // (`from`) to answer one of the checks (capture the checker, block its line or its horse's
  // leg, take a cannon's screen away). A move touching neither is illegal; one touching them
  // still needs legal().
  void evasion_squares(SquareSet& to, SquareSet& from) const;
  // True if m is a move the side to move's piece could make on this board (used to check hash
  // and killer moves, which may come from other positions). Does not test legality.
  bool pseudo_legal(Move m) const;
  bool is_capture(Move m) const { return board_[to_sq(m)] != NO_PIECE; }
  // Would m (pseudo-legal) check the enemy general? Premise: the enemy general is not in check
  // now (true of every position set from a FEN or reached by moves; not after a null move of
  // the side in check, which the repetition rules make to look for chases). A move from off the
  // general's rank, file and horse legs that lands off them too, and not as a horse where a
  // horse would hit it, cannot: the common case, answered here (the move picker asks this of
  // every quiet move it scans for checks once the late ones are skipped; generate<QUIET_CHECKS>
  // sifts its moves more finely first); the rest are looked at where the move changes
  // something (gives_check_near).
  bool gives_check(Move m) const {
    using attacks::Steps;
    const Square g = general_square(~side_), from = from_sq(m), to = to_sq(m);
    if (!Steps.lines_and_legs[g].has(from) && !Steps.lines[g].has(to) &&
        !(type_of(board_[from]) == HORSE && Steps.horse_leg[to][g] != SQ_NONE))
      return false;
    return gives_check_near(m);
  }

  void do_move(Move m, StateInfo& new_st);
  // The same, told what gives_check(m) answers (the search has asked already): that is the
  // new position's in_check, so do_move need not look for attackers. Only under gives_check()'s
  // premise, which the search keeps (it makes null moves only when not in check).
  void do_move(Move m, StateInfo& new_st, bool gives_check);
  void undo_move(Move m);
  void do_null_move(StateInfo& new_st);
  void undo_null_move();

  // Recomputes from scratch what is kept incrementally; used by tests and debug checks.
  Key compute_key() const;
  bool pos_is_ok(std::string* failure = nullptr) const;

 private:
  // A FEN's fields as read: the board, the side to move and the counters.
  struct FenFields {
    Piece board[SQUARE_NB] = {};
    Color side = RED;
    long rule60 = 0, move_number = 1;
  };
  // Reads `fen` into `out` and returns its problems (check()); `out` is usable when there are none.
  static std::vector<FenProblem> read_fen(const std::string& fen, FenFields& out);
  void setup(const Piece* board, Color side, int rule60, int move_number, StateInfo* si);
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  // Undoes remove_piece(s) when the piece had place `index` in its list.
  void restore_piece(Piece p, Square s, int index);
  // do_move's last step: the 60-move rule's count after a check (StateInfo::rule60).
  void count_check_toward_rule60();
  void move_piece(Square from, Square to);
  // Sets the StateInfo's facts about the position: in_check as given, the risky squares.
  void update_state_flags(bool in_check);
  // do_move() but for the state flags.
  void move_pieces(Move m, StateInfo& new_st);
  // gives_check() for the moves its quick test cannot rule out: the general's lines on the sides
  // `from` left and `to` entered, the moving horse or soldier, a horse whose leg `from` was.
  bool gives_check_near(Move m) const;
  // piece_at(): the board with a move in mind, which may take `by`'s pieces away but never adds
  // one (its horses are looked up in the piece list).
  template <typename PieceAt>
  bool attacked_on(Square s, Color by, uint16_t rank_occ, uint16_t file_occ,
                   const PieceAt& piece_at) const;

  Piece board_[SQUARE_NB];
  uint16_t rank_occ_[RANK_NB];  // bit f set: square (f, rank) occupied
  uint16_t file_occ_[FILE_NB];  // bit r set: square (file, r) occupied
  Square piece_list_[PIECE_NB][5];
  uint8_t piece_count_[PIECE_NB];
  uint8_t piece_index_[SQUARE_NB];  // index of the piece on s in its piece list
  Color side_;
  int game_ply_;
  StateInfo* st_;
};

// Maximum number of pieces of a type one side can have.
constexpr int max_count(PieceType pt) { return pt == GENERAL ? 1 : pt == SOLDIER ? 5 : 2; }

char piece_to_char(Piece p);                 // FEN letter, upper case for Red
std::string square_to_string(Square s);      // "a0".."i9"
std::string move_to_string(Move m);          // ICCS "h2e2", "0000" for none/null
Square parse_square(const std::string& s);   // SQ_NONE if malformed
Move parse_move_text(const std::string& s);  // MOVE_NONE if malformed (not checked for legality)

}  // namespace chuhan
