// A deliberately plain Xiangqi perft, the baseline that scripts/bench/perft-bench.sh times against
// `chuhan perft`. It shares no code with core/: a 16x16 padded mailbox, pseudo-legal generation
// by scanning the board, and legality by making each move and asking whether the mover's general
// is attacked. No piece lists, no attack tables, no bulk counting: the last ply is counted by
// make / test / unmake like every other ply, which is the textbook approach.
//
//   mailbox_perft DEPTH [FEN]    (also accepted: mailbox_perft FEN DEPTH)
//
// Prints `Nodes searched: N` and `Time: T ms` (the perft alone, parsing excluded). FEN as
// Pikafish writes it; the start position when omitted. Exit status 1 on bad arguments.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// ---------------------------------------------------------------------------------------------
// Board geometry. Square index = row * 16 + column, with the 9x10 board at columns 3..11 and
// rows 3..12 (the offset ElephantEye uses), so every horse or elephant jump from a board square
// lands inside the 256 entries and off-board squares are caught by one table lookup. Row 3 is
// Red's back rank (ICCS rank 0), so Red advances by +16.

constexpr int BoardSize = 256;
constexpr int FileLeft = 3;  // column of file a
constexpr int RankLow = 3;   // row of rank 0 (Red's back rank)

constexpr int square_of(int file, int rank) { return (rank + RankLow) * 16 + file + FileLeft; }
constexpr int file_of(int sq) { return (sq & 15) - FileLeft; }
constexpr int rank_of(int sq) { return (sq >> 4) - RankLow; }

constexpr int Up = 16, Down = -16, Left = -1, Right = 1;
constexpr int Orthogonal[4] = {Up, Down, Left, Right};
constexpr int Diagonal[4] = {Up + Left, Up + Right, Down + Left, Down + Right};

// A horse moves two steps one way and one step sideways; it is blocked by a piece on the "leg",
// the square one step the long way. Pairs {jump, leg} for all eight moves.
struct HorseStep {
  int jump, leg;
};
constexpr HorseStep HorseSteps[8] = {
    {2 * Up + Left, Up},      {2 * Up + Right, Up},      {2 * Down + Left, Down},
    {2 * Down + Right, Down}, {2 * Left + Up, Left},     {2 * Left + Down, Left},
    {2 * Right + Up, Right},  {2 * Right + Down, Right},
};

// ---------------------------------------------------------------------------------------------
// Pieces: colour in bit 3, type in bits 0-2; 0 is an empty square.

enum Color { RED = 0, BLACK = 1 };
enum Type { EMPTY = 0, GENERAL, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, SOLDIER };

constexpr int ColorBit = 8;
constexpr int make_piece(int color, int type) { return color * ColorBit + type; }
constexpr int type_of(int piece) { return piece & 7; }
constexpr int color_of(int piece) { return piece >> 3; }

// Region tables, built once at start-up (constant afterwards).
struct Regions {
  bool on_board[BoardSize] = {};
  bool palace[2][BoardSize] = {};    // the nine points of each side's palace
  bool own_half[2][BoardSize] = {};  // each side's half of the board, up to the river

  Regions() {
    for (int rank = 0; rank < 10; ++rank)
      for (int file = 0; file < 9; ++file) {
        const int sq = square_of(file, rank);
        on_board[sq] = true;
        own_half[RED][sq] = rank <= 4;
        own_half[BLACK][sq] = rank >= 5;
        const bool palace_file = file >= 3 && file <= 5;
        palace[RED][sq] = palace_file && rank <= 2;
        palace[BLACK][sq] = palace_file && rank >= 7;
      }
  }
};
const Regions regions;

struct Move {
  uint8_t from, to;
};

// Pseudo-legal moves in a Xiangqi position are at most a little over 100; this leaves room.
constexpr int MaxMoves = 256;

// ---------------------------------------------------------------------------------------------
// The position: the mailbox, the side to move, and where each general stands (kept so the
// legality test does not have to search for it).

class Board {
 public:
  // Sets the board from a Pikafish FEN. Returns "" on success, otherwise the reason.
  std::string set(const std::string& fen);

  // Appends every pseudo-legal move of the side to move to `list`; returns the new end.
  Move* generate(Move* list) const;

  // Makes m and returns the captured piece (0 if none), which unmake needs.
  int make(Move m) {
    const int moved = squares_[m.from], captured = squares_[m.to];
    squares_[m.to] = moved;
    squares_[m.from] = EMPTY;
    if (type_of(moved) == GENERAL) general_[color_of(moved)] = m.to;
    side_ ^= 1;
    return captured;
  }

  void unmake(Move m, int captured) {
    const int moved = squares_[m.to];
    squares_[m.from] = moved;
    squares_[m.to] = captured;
    if (type_of(moved) == GENERAL) general_[color_of(moved)] = m.from;
    side_ ^= 1;
  }

  // True if the general of colour `color` is attacked by the other side, counting generals that
  // face each other on an open file.
  bool general_attacked(int color) const;

  int side_to_move() const { return side_; }

 private:
  void add_if_target(Move*& list, int from, int to) const {
    const int target = squares_[to];
    if (target == EMPTY || color_of(target) != side_) *list++ = Move{uint8_t(from), uint8_t(to)};
  }

  int squares_[BoardSize] = {};
  int side_ = RED;
  int general_[2] = {0, 0};
};

// Piece type of a lower-case FEN letter (Pikafish's k a b n r c p, plus e and h, which some
// tools write for elephant and horse); EMPTY if it is not one.
int type_from_letter(char lower) {
  struct Letter {
    char letter;
    int type;
  };
  constexpr Letter Letters[] = {{'k', GENERAL},  {'a', ADVISOR}, {'b', ELEPHANT},
                                {'e', ELEPHANT}, {'n', HORSE},   {'h', HORSE},
                                {'r', ROOK},     {'c', CANNON},  {'p', SOLDIER}};
  for (const Letter& l : Letters)
    if (l.letter == lower) return l.type;
  return EMPTY;
}

std::string Board::set(const std::string& fen) {
  for (int& sq : squares_) sq = EMPTY;
  general_[RED] = general_[BLACK] = 0;
  int file = 0, rank = 9;
  size_t i = 0;
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    const char c = fen[i];
    if (c == '/') {
      if (file != 9 || rank == 0) return "bad rank separator";
      file = 0;
      --rank;
    } else if (c >= '1' && c <= '9') {
      file += c - '0';
      if (file > 9) return "rank too long";
    } else {
      const int type = type_from_letter(char(c | 0x20));
      if (type == EMPTY) return std::string("unknown piece letter '") + c + "'";
      if (file >= 9) return "rank too long";
      const int color = (c >= 'a') ? BLACK : RED;
      const int sq = square_of(file++, rank);
      squares_[sq] = make_piece(color, type);
      if (type == GENERAL) {
        if (general_[color] != 0) return "two generals of one colour";
        general_[color] = sq;
      }
    }
  }
  if (rank != 0 || file != 9) return "board does not have 10 ranks of 9 files";
  if (general_[RED] == 0 || general_[BLACK] == 0) return "a general is missing";
  while (i < fen.size() && fen[i] == ' ') ++i;
  if (i == fen.size() || fen[i] == 'w' || fen[i] == 'r')
    side_ = RED;
  else if (fen[i] == 'b')
    side_ = BLACK;
  else
    return "side to move must be w or b";
  return "";
}

Move* Board::generate(Move* list) const {
  const int us = side_;
  const int forward = us == RED ? Up : Down;
  for (int rank = 0; rank < 10; ++rank)
    for (int file = 0; file < 9; ++file) {
      const int from = square_of(file, rank);
      const int piece = squares_[from];
      if (piece == EMPTY || color_of(piece) != us) continue;
      switch (type_of(piece)) {
        case GENERAL:  // one step orthogonally, inside the palace
          for (int d : Orthogonal)
            if (regions.palace[us][from + d]) add_if_target(list, from, from + d);
          break;
        case ADVISOR:  // one step diagonally, inside the palace
          for (int d : Diagonal)
            if (regions.palace[us][from + d]) add_if_target(list, from, from + d);
          break;
        case ELEPHANT:  // two steps diagonally, not across the river, the "eye" square empty
          for (int d : Diagonal) {
            const int to = from + 2 * d;
            if (regions.own_half[us][to] && squares_[from + d] == EMPTY)
              add_if_target(list, from, to);
          }
          break;
        case HORSE:
          for (const HorseStep& h : HorseSteps) {
            const int to = from + h.jump;
            if (regions.on_board[to] && squares_[from + h.leg] == EMPTY)
              add_if_target(list, from, to);
          }
          break;
        case ROOK:  // slides; captures the first piece met if it is the opponent's
          for (int d : Orthogonal)
            for (int to = from + d; regions.on_board[to]; to += d) {
              add_if_target(list, from, to);
              if (squares_[to] != EMPTY) break;
            }
          break;
        case CANNON:  // slides to empty squares; captures by jumping exactly one piece (the screen)
          for (int d : Orthogonal) {
            int to = from + d;
            for (; regions.on_board[to] && squares_[to] == EMPTY; to += d)
              add_if_target(list, from, to);
            if (!regions.on_board[to]) continue;
            for (to += d; regions.on_board[to]; to += d)
              if (squares_[to] != EMPTY) {
                add_if_target(list, from, to);
                break;
              }
          }
          break;
        case SOLDIER:  // forward; also sideways once across the river; never back
          if (regions.on_board[from + forward]) add_if_target(list, from, from + forward);
          if (!regions.own_half[us][from]) {
            if (regions.on_board[from + Left]) add_if_target(list, from, from + Left);
            if (regions.on_board[from + Right]) add_if_target(list, from, from + Right);
          }
          break;
      }
    }
  return list;
}

bool Board::general_attacked(int color) const {
  const int them = color ^ 1;
  const int g = general_[color];

  // Rooks, cannons and the enemy general along the four lines. Generals are confined to their
  // palaces, so an enemy general can only be met first on the general's own file: that is the
  // flying-general rule, the generals may not face each other with nothing between.
  for (int d : Orthogonal) {
    int sq = g + d;
    while (regions.on_board[sq] && squares_[sq] == EMPTY) sq += d;
    if (!regions.on_board[sq]) continue;
    const int first = squares_[sq];
    if (color_of(first) == them && (type_of(first) == ROOK || type_of(first) == GENERAL))
      return true;
    for (sq += d; regions.on_board[sq]; sq += d)  // `first` is a screen for an enemy cannon
      if (squares_[sq] != EMPTY) {
        if (squares_[sq] == make_piece(them, CANNON)) return true;
        break;
      }
  }

  // Horses: a horse on g - jump would reach g unless its leg, g - jump + leg, is occupied.
  for (const HorseStep& h : HorseSteps) {
    const int sq = g - h.jump;
    if (regions.on_board[sq] && squares_[sq] == make_piece(them, HORSE) &&
        squares_[sq + h.leg] == EMPTY)
      return true;
  }

  // Soldiers: an enemy soldier ahead of the general (it moves toward our back rank), or beside
  // it (any enemy soldier next to a general in its palace has crossed the river). Advisors and
  // elephants never leave their own half, so they cannot reach the other general.
  const int toward_them = color == RED ? Up : Down;
  const int soldier = make_piece(them, SOLDIER);
  return squares_[g + toward_them] == soldier || squares_[g + Left] == soldier ||
         squares_[g + Right] == soldier;
}

// Leaf positions `depth` plies below the current one, counting only legal moves: each
// pseudo-legal move is made, kept if the mover's general is then not attacked, and unmade.
uint64_t perft(Board& board, int depth) {
  if (depth == 0) return 1;
  Move moves[MaxMoves];
  Move* const end = board.generate(moves);
  const int us = board.side_to_move();
  uint64_t nodes = 0;
  for (Move* m = moves; m != end; ++m) {
    const int captured = board.make(*m);
    if (!board.general_attacked(us)) nodes += depth == 1 ? 1 : perft(board, depth - 1);
    board.unmake(*m, captured);
  }
  return nodes;
}

bool parse_depth(const std::string& s, int& depth) {
  if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  depth = std::stoi(s);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  // The depth is the first or the last argument; everything else is the FEN, in pieces or quoted.
  int depth = -1;
  std::string fen;
  if (argc >= 2) {
    int first = 1, last = argc - 1;
    if (parse_depth(argv[1], depth))
      first = 2;
    else if (parse_depth(argv[argc - 1], depth))
      last = argc - 2;
    for (int i = first; i <= last; ++i) fen += (fen.empty() ? "" : " ") + std::string(argv[i]);
  }
  if (depth < 0) {
    std::fprintf(stderr, "usage: %s DEPTH [FEN]\n", argv[0]);
    return 1;
  }
  if (fen.empty()) fen = start;

  Board board;
  const std::string problem = board.set(fen);
  if (!problem.empty()) {
    std::fprintf(stderr, "error: %s: %s\n", problem.c_str(), fen.c_str());
    return 1;
  }

  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t nodes = perft(board, depth);
  const auto t1 = std::chrono::steady_clock::now();
  const long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(t1 - t0).count();
  std::printf("Nodes searched: %llu\nTime: %lld ms\n", static_cast<unsigned long long>(nodes), ms);
  return 0;
}
