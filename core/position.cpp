#include "position.h"

#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include "quote.h"
#include "zobrist.h"

namespace chuhan {

using namespace attacks;

namespace {

constexpr const char* PieceChars = " KABNRCP kabnrcp";
constexpr const char* ColorNames[COLOR_NB] = {"Red", "Black"};
constexpr const char* PieceNames[PIECE_TYPE_NB] = {"",      "general", "advisor", "elephant",
                                                   "horse", "rook",    "cannon",  "soldier"};

// Piece letters accepted in FEN input: Pikafish/Fairy-Stockfish letters plus ElephantEye's and
// xqbase's E (elephant) and H (horse).
Piece piece_from_char(char c) {
  const Color color = (c >= 'a' && c <= 'z') ? BLACK : RED;
  switch (c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c) {
    case 'K':
      return make_piece(color, GENERAL);
    case 'A':
      return make_piece(color, ADVISOR);
    case 'B':
    case 'E':
      return make_piece(color, ELEPHANT);
    case 'N':
    case 'H':
      return make_piece(color, HORSE);
    case 'R':
      return make_piece(color, ROOK);
    case 'C':
      return make_piece(color, CANNON);
    case 'P':
      return make_piece(color, SOLDIER);
    default:
      return NO_PIECE;
  }
}

// Whether a piece of this kind can ever stand on s (pieces never leave their zones, and soldiers
// never move backward or sideways on their own side).
bool reachable(Piece p, Square s) {
  const Color c = color_of(p);
  const int f = file_of(s), r = relative_rank(c, rank_of(s));
  switch (type_of(p)) {
    case GENERAL:
      return in_palace(c, s);
    case ADVISOR:
      return in_palace(c, s) && (f + r) % 2 == 1;
    case ELEPHANT:
      return r <= 4 && f % 2 == 0 && r % 2 == 0 && (f / 2 + r / 2) % 2 == 1;
    case SOLDIER:
      return r >= 5 || ((r == 3 || r == 4) && f % 2 == 0);
    default:
      return true;
  }
}

// A FEN counter: up to 9 digits, so that twice the move number still fits in an int. The FEN
// writer stops counting there (a game started at the limit goes on), so every FEN this engine
// writes reads back.
constexpr int MaxCounter = 999'999'999;

bool parse_counter(const std::string& text, long& value) {
  if (text.empty() || text.size() > 9) return false;
  for (char ch : text)
    if (ch < '0' || ch > '9') return false;
  value = std::strtol(text.c_str(), nullptr, 10);
  return true;
}

std::string piece_description(Piece p) {
  return std::string(ColorNames[color_of(p)]) + " " + PieceNames[type_of(p)];
}

}  // namespace

char piece_to_char(Piece p) { return PieceChars[p]; }

std::string square_to_string(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

std::string move_to_string(Move m) {
  if (m == MOVE_NONE || m == MOVE_NULL) return "0000";
  return square_to_string(from_sq(m)) + square_to_string(to_sq(m));
}

Square parse_square(const std::string& s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9') return SQ_NONE;
  return make_square(s[0] - 'a', s[1] - '0');
}

Move parse_move_text(const std::string& s) {
  if (s.size() != 4) return MOVE_NONE;
  const Square from = parse_square(s.substr(0, 2)), to = parse_square(s.substr(2, 2));
  if (from == SQ_NONE || to == SQ_NONE || from == to) return MOVE_NONE;
  return make_move(from, to);
}

// Generic attack test on the board described by the occupancy words of s's rank and file and
// a piece_at(square) accessor, so that legal() can ask "what if this move were made" without
// making it.
template <typename PieceAt>
bool Position::attacked_on(Square s, Color by, uint16_t rank_occ, uint16_t file_occ,
                           const PieceAt& piece_at) const {
  const int f = file_of(s), r = rank_of(s);
  const Piece rook = make_piece(by, ROOK), cannon = make_piece(by, CANNON);
  const LineMoves& along_rank = RankLine[f][rank_occ];
  const LineMoves& along_file = FileLine[r][file_occ];

  for (uint32_t b = along_rank.first_blocker; b;)
    if (piece_at(rank_bit_square(r, pop_lsb(b))) == rook) return true;
  for (uint32_t b = along_file.first_blocker; b;) {
    const Piece p = piece_at(file_bit_square(f, pop_lsb(b)));
    if (p == rook || p == make_piece(by, GENERAL)) return true;  // flying general
  }
  for (uint32_t b = along_rank.second_blocker; b;)
    if (piece_at(rank_bit_square(r, pop_lsb(b))) == cannon) return true;
  for (uint32_t b = along_file.second_blocker; b;)
    if (piece_at(file_bit_square(f, pop_lsb(b))) == cannon) return true;

  // The piece list's horses, each still one unless the move took it.
  const Piece horse = make_piece(by, HORSE);
  for (int i = 0; i < piece_count_[horse]; ++i) {
    const Square h = piece_list_[horse][i], leg = Steps.horse_leg[h][s];
    if (leg != SQ_NONE && piece_at(h) == horse && piece_at(leg) == NO_PIECE) return true;
  }

  const Piece soldier = make_piece(by, SOLDIER);
  for (Square from : Steps.soldier_attackers[by][s])
    if (piece_at(from) == soldier) return true;
  return false;
}

bool Position::general_attacked(Square s, Color by) const {
  return attacked_on(s, by, rank_occ_[rank_of(s)], file_occ_[file_of(s)],
                     [this](Square sq) { return board_[sq]; });
}

bool Position::exposes_general(Move m) const {
  const Square from = from_sq(m), to = to_sq(m);
  const Square gsq = general_square(side_);
  const Square target = from == gsq ? to : gsq;
  const Piece moving = board_[from];
  uint16_t rank_occ = rank_occ_[rank_of(target)], file_occ = file_occ_[file_of(target)];
  if (rank_of(from) == rank_of(target)) rank_occ &= ~(1 << file_of(from));
  if (rank_of(to) == rank_of(target)) rank_occ |= 1 << file_of(to);
  if (file_of(from) == file_of(target)) file_occ &= ~(1 << rank_of(from));
  if (file_of(to) == file_of(target)) file_occ |= 1 << rank_of(to);
  return attacked_on(target, ~side_, rank_occ, file_occ, [&](Square sq) {
    return sq == to ? moving : sq == from ? NO_PIECE : board_[sq];
  });
}

void Position::evasion_squares(SquareSet& to, SquareSet& from) const {
  to = from = SquareSet{};
  const Color them = ~side_;
  const Square g = general_square(side_);
  const int f = file_of(g), r = rank_of(g);
  // The bits strictly between line positions i and j.
  auto between = [](int i, int j) {
    return ((1u << std::max(i, j)) - 1) & ~((2u << std::min(i, j)) - 1);
  };
  // Along the rank (positions are files) and the file (positions are ranks): a rook or the
  // flying general on the first blocker, a cannon on the second with its screen between.
  for (int along_file = 0; along_file < 2; ++along_file) {
    const uint16_t occ = along_file ? file_occ_[f] : rank_occ_[r];
    const int at = along_file ? r : f;
    const LineMoves& line = along_file ? FileLine[r][occ] : RankLine[f][occ];
    auto square = [&](int bit) {
      return along_file ? file_bit_square(f, bit) : rank_bit_square(r, bit);
    };
    for (uint32_t b = line.first_blocker; b;) {
      const int bit = pop_lsb(b);
      const Piece p = board_[square(bit)];
      if (p == make_piece(them, ROOK) || (along_file && p == make_piece(them, GENERAL))) {
        for (uint32_t m = between(at, bit) | 1u << bit; m;) to.add(square(pop_lsb(m)));
        return;
      }
    }
    for (uint32_t b = line.second_blocker; b;) {
      const int bit = pop_lsb(b);
      if (board_[square(bit)] != make_piece(them, CANNON)) continue;
      const uint32_t lane = between(at, bit);
      for (uint32_t m = lane | 1u << bit; m;) to.add(square(pop_lsb(m)));
      from.add(square(std::countr_zero(lane & occ)));  // the screen
      return;
    }
  }
  for (const BlockableStep& h : Steps.horse_attackers[g])
    if (board_[h.to] == make_piece(them, HORSE) && board_[h.block] == NO_PIECE) {
      to.add(h.to);
      to.add(h.block);
      return;
    }
  for (Square s : Steps.soldier_attackers[them][g])
    if (board_[s] == make_piece(them, SOLDIER)) {
      to.add(s);
      return;
    }
  // Not in check after all: nothing is ruled out.
  to.words[0] = to.words[1] = ~uint64_t(0);
}

bool Position::gives_check_near(Move m) const {
  const Square from = from_sq(m), to = to_sq(m);
  const Square target = general_square(~side_);
  const Piece moving = board_[from];
  const int tf = file_of(target), tr = rank_of(target);
  const bool from_on_rank = rank_of(from) == tr, from_on_file = file_of(from) == tf;
  const bool to_on_rank = rank_of(to) == tr, to_on_file = file_of(to) == tf;
  uint16_t rank_occ = rank_occ_[tr], file_occ = file_occ_[tf];
  if (from_on_rank) rank_occ &= ~(1 << file_of(from));
  if (to_on_rank) rank_occ |= 1 << file_of(to);
  if (from_on_file) file_occ &= ~(1 << rank_of(from));
  if (to_on_file) file_occ |= 1 << rank_of(to);

  // Along the general's rank (positions are files) or file (positions are ranks), with the
  // move made: is the first piece on the side of position `toward` our rook (on the file also
  // our general, facing it), or the second our cannon?
  auto checks_along = [&](bool along_rank, uint16_t occ, int toward) {
    const int at = along_rank ? tf : tr;
    const LineMoves& line = along_rank ? RankLine[at][occ] : FileLine[at][occ];
    const uint32_t side = toward > at ? ~((2u << at) - 1) : (1u << at) - 1;
    auto piece_at_bit = [&](uint32_t bits) {
      if (!bits) return NO_PIECE;
      const int bit = std::countr_zero(bits);
      const Square sq = along_rank ? rank_bit_square(tr, bit) : file_bit_square(tf, bit);
      return sq == to ? moving : board_[sq];  // `from` left occ
    };
    const Piece first = piece_at_bit(line.first_blocker & side);
    return first == make_piece(side_, ROOK) ||
           (!along_rank && first == make_piece(side_, GENERAL)) ||
           piece_at_bit(line.second_blocker & side) == make_piece(side_, CANNON);
  };
  // Nothing attacks the enemy general before the move (gives_check()'s premise), so a line
  // attack now comes from the side of the general that `from` left (a line opened) or `to`
  // entered (the moving piece, or a new screen).
  if ((from_on_rank && checks_along(true, rank_occ, file_of(from))) ||
      (to_on_rank && checks_along(true, rank_occ, file_of(to))) ||
      (from_on_file && checks_along(false, file_occ, rank_of(from))) ||
      (to_on_file && checks_along(false, file_occ, rank_of(to))))
    return true;
  // Else only the moving horse or soldier, or a horse whose leg `from` was. (A horse's leg is
  // beside the horse, so the leg of one landing on `to` is not `from`.)
  const PieceType type = type_of(moving);
  if (type == HORSE) {
    const Square leg = Steps.horse_leg[to][target];
    if (leg != SQ_NONE && board_[leg] == NO_PIECE) return true;
  }
  if (type == SOLDIER)
    for (Square s : Steps.soldier_attackers[side_][target])
      if (s == to) return true;
  if (Steps.diagonal_neighbours[target].has(from)) {
    const Piece horse = make_piece(side_, HORSE);
    for (int i = 0; i < piece_count_[horse]; ++i)
      if (Steps.horse_leg[piece_list_[horse][i]][target] == from) return true;
  }
  return false;
}

bool Position::pseudo_legal(Move m) const {
  if (!is_ok(m)) return false;
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = board_[from], captured = board_[to];
  if (pc == NO_PIECE || color_of(pc) != side_) return false;
  if (captured != NO_PIECE && color_of(captured) == side_) return false;

  auto in_list = [to](const auto& list) {
    for (Square s : list)
      if (s == to) return true;
    return false;
  };
  auto in_blockable = [&](const auto& list) {
    for (const BlockableStep& st : list)
      if (st.to == to) return board_[st.block] == NO_PIECE;
    return false;
  };

  switch (type_of(pc)) {
    case GENERAL:
      return in_list(Steps.general_moves[from]);
    case ADVISOR:
      return in_list(Steps.advisor_moves[from]);
    case ELEPHANT:
      return in_blockable(Steps.elephant_moves[from]);
    case HORSE:
      return in_blockable(Steps.horse_moves[from]);
    case SOLDIER:
      return in_list(Steps.soldier_moves[side_][from]);
    case ROOK:
    case CANNON: {
      LineMoves lm;
      int bit;
      if (rank_of(from) == rank_of(to))
        lm = RankLine[file_of(from)][rank_occ_[rank_of(from)]], bit = file_of(to);
      else if (file_of(from) == file_of(to))
        lm = FileLine[rank_of(from)][file_occ_[file_of(from)]], bit = rank_of(to);
      else
        return false;
      const uint16_t targets = captured == NO_PIECE  ? lm.quiet
                               : type_of(pc) == ROOK ? lm.first_blocker
                                                     : lm.second_blocker;
      return targets & (1 << bit);
    }
    default:
      return false;
  }
}

Key Position::key_after(Move m) const {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = board_[from], captured = board_[to];
  Key k =
      st_->key ^ zobrist::side() ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
  return captured != NO_PIECE ? k ^ zobrist::piece_square(captured, to) : k;
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  rank_occ_[rank_of(s)] |= 1 << file_of(s);
  file_occ_[file_of(s)] |= 1 << rank_of(s);
  piece_index_[s] = piece_count_[p]++;
  piece_list_[p][piece_index_[s]] = s;
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  board_[s] = NO_PIECE;
  rank_occ_[rank_of(s)] &= ~(1 << file_of(s));
  file_occ_[file_of(s)] &= ~(1 << rank_of(s));
  const Square last = piece_list_[p][--piece_count_[p]];
  piece_index_[last] = piece_index_[s];
  piece_list_[p][piece_index_[last]] = last;
}

void Position::restore_piece(Piece p, Square s, int index) {
  put_piece(p, s);
  // remove_piece moved the last entry into the gap: move it back to the end.
  const int last = piece_count_[p] - 1;
  if (index == last) return;
  const Square moved = piece_list_[p][index];
  piece_list_[p][index] = s, piece_index_[s] = uint8_t(index);
  piece_list_[p][last] = moved, piece_index_[moved] = uint8_t(last);
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  board_[from] = NO_PIECE;
  board_[to] = p;
  rank_occ_[rank_of(from)] &= ~(1 << file_of(from));
  file_occ_[file_of(from)] &= ~(1 << rank_of(from));
  rank_occ_[rank_of(to)] |= 1 << file_of(to);
  file_occ_[file_of(to)] |= 1 << rank_of(to);
  piece_index_[to] = piece_index_[from];
  piece_list_[p][piece_index_[to]] = to;
}

void Position::update_state_flags(bool in_check) {
  const Color them = ~side_;
  const Square gsq = general_square(side_);
  st_->in_check = in_check;
  assert(in_check == general_attacked(gsq, them));

  // Lines through the general on which an enemy rook or cannon stands are risky: moving off
  // them can open an attack, moving onto them can give a cannon its screen.
  bool rank_danger = false, file_danger = false;
  for (PieceType pt : {ROOK, CANNON}) {
    const Piece p = make_piece(them, pt);
    for (int i = 0; i < piece_count_[p]; ++i) {
      rank_danger |= rank_of(piece_list_[p][i]) == rank_of(gsq);
      file_danger |= file_of(piece_list_[p][i]) == file_of(gsq);
    }
  }
  SquareSet lines{};
  if (rank_danger) lines = lines | Steps.rank_squares[rank_of(gsq)];
  if (file_danger) lines = lines | Steps.file_squares[file_of(gsq)];
  st_->risky_to = lines;
  st_->risky_from = lines | Steps.diagonal_neighbours[gsq];

  // The enemy general on the same file: only the last piece between the generals is pinned.
  const Square other = general_square(them);
  if (!file_danger && file_of(other) == file_of(gsq)) {
    const int lo = std::min(rank_of(gsq), rank_of(other)),
              hi = std::max(rank_of(gsq), rank_of(other));
    const uint32_t between = file_occ_[file_of(gsq)] & ((1u << hi) - 1) & ~((2u << lo) - 1);
    if (std::has_single_bit(between))
      st_->risky_from.add(attacks::file_bit_square(file_of(gsq), std::countr_zero(between)));
  }
}

void Position::do_move(Move m, StateInfo& new_st) {
  move_pieces(m, new_st);
  update_state_flags(general_attacked(general_square(side_), ~side_));
  count_check_toward_rule60();
}

void Position::do_move(Move m, StateInfo& new_st, bool gives_check) {
  move_pieces(m, new_st);
  update_state_flags(gives_check);
  count_check_toward_rule60();
}

void Position::count_check_toward_rule60() {
  // A check beyond the mover's first ChecksCountedToward60 since the last capture is not counted,
  // and neither is the reply: 1 less now, and the reply adds its 1. A capture that checks starts
  // the count afresh without counting itself.
  if (!st_->in_check || st_->captured != NO_PIECE) return;
  uint8_t& checks = st_->checks_counted[~side_];
  if (checks == ChecksCountedToward60)
    st_->rule60 -= 2;
  else
    ++checks;
}

void Position::move_pieces(Move m, StateInfo& new_st) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = board_[from], captured = board_[to];

  new_st.key =
      st_->key ^ zobrist::side() ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
  if (captured != NO_PIECE) {
    new_st.rule60 = new_st.plies_from_capture = 0;
    new_st.checks_counted[RED] = new_st.checks_counted[BLACK] = 0;
  } else {
    new_st.rule60 = st_->rule60 + 1;
    new_st.plies_from_capture = st_->plies_from_capture + 1;
    new_st.checks_counted[RED] = st_->checks_counted[RED];
    new_st.checks_counted[BLACK] = st_->checks_counted[BLACK];
  }
  new_st.plies_from_null = st_->plies_from_null + 1;
  new_st.move = m;
  new_st.moved = pc;
  new_st.captured = captured;
  new_st.chase_known = false;
  new_st.previous = st_;
  st_ = &new_st;

  if (captured != NO_PIECE) {
    st_->key ^= zobrist::piece_square(captured, to);
    st_->captured_index = piece_index_[to];
    remove_piece(to);
  }
  move_piece(from, to);
  side_ = ~side_;
  ++game_ply_;
}

void Position::undo_move(Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  move_piece(to, from);
  if (st_->captured != NO_PIECE) restore_piece(st_->captured, to, st_->captured_index);
  side_ = ~side_;
  --game_ply_;
  st_ = st_->previous;
  assert(pos_is_ok());  // debug builds: what do_move changed incrementally is restored exactly
}

void Position::do_null_move(StateInfo& new_st) {
  new_st = *st_;
  new_st.key ^= zobrist::side();
  new_st.rule60 = st_->rule60 + 1;
  new_st.plies_from_capture = st_->plies_from_capture + 1;
  new_st.plies_from_null = 0;
  new_st.move = MOVE_NULL;
  new_st.moved = NO_PIECE;
  new_st.captured = NO_PIECE;
  new_st.chase_known = false;
  new_st.previous = st_;
  st_ = &new_st;
  side_ = ~side_;
  ++game_ply_;
  update_state_flags(general_attacked(general_square(side_), ~side_));
}

void Position::undo_null_move() {
  side_ = ~side_;
  --game_ply_;
  st_ = st_->previous;
  assert(pos_is_ok());
}

Key Position::compute_key() const {
  Key k = side_ == BLACK ? zobrist::side() : 0;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
  return k;
}

const char* fen_problem_name(FenProblemKind kind) {
  switch (kind) {
    case FenProblemKind::SYNTAX:
      return "syntax";
    case FenProblemKind::UNREACHABLE:
      return "unreachable";
    case FenProblemKind::NO_GENERAL:
      return "no_general";
    case FenProblemKind::TOO_MANY:
      return "too_many";
    case FenProblemKind::GENERALS_FACING:
      return "generals_facing";
    case FenProblemKind::NOT_TO_MOVE_IN_CHECK:
      return "not_to_move_in_check";
  }
  return "";
}

std::string Position::set(const std::string& fen, StateInfo* si) {
  FenFields f;
  const std::vector<FenProblem> problems = read_fen(fen, f);
  if (!problems.empty()) return problems.front().message;
  setup(f.board, f.side, int(f.rule60), int(f.move_number), si);
  return "";
}

std::vector<FenProblem> Position::check(const std::string& fen) {
  FenFields f;
  return read_fen(fen, f);
}

std::vector<FenProblem> Position::read_fen(const std::string& fen, FenFields& out) {
  std::vector<FenProblem> problems;
  const auto syntax = [&](std::string message) {
    FenProblem p;
    p.message = std::move(message);
    problems.push_back(std::move(p));
    return problems;
  };
  std::istringstream in(fen);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.empty()) return syntax("empty FEN");

  // 1. Board: ten ranks, rank 9 first, each with exactly nine files.
  Piece* board = out.board;
  int ranks_seen = 0;
  {
    std::vector<std::string> rows;
    std::string row;
    std::istringstream rows_in(fields[0]);
    while (std::getline(rows_in, row, '/')) rows.push_back(row);
    if (!fields[0].empty() && fields[0].back() == '/') rows.push_back("");
    if (rows.size() != RANK_NB)
      return syntax("the board has " + std::to_string(rows.size()) +
                    " ranks, expected 10 separated by '/'");
    for (const std::string& text : rows) {
      const int rank = 9 - ranks_seen++;
      int file = 0;
      for (char ch : text) {
        if (ch >= '1' && ch <= '9') {
          file += ch - '0';
        } else {
          const Piece p = piece_from_char(ch);
          if (p == NO_PIECE)
            return syntax("unknown piece letter " + quote(std::string_view(&ch, 1)) + " on rank " +
                          std::to_string(rank));
          if (file < FILE_NB) board[make_square(file, rank)] = p;
          ++file;
        }
        if (file > FILE_NB)
          return syntax("rank " + std::to_string(rank) + " has more than 9 files");
      }
      if (file != FILE_NB)
        return syntax("rank " + std::to_string(rank) + " has " + std::to_string(file) +
                      " files, expected 9");
    }
  }

  // 2. Side to move ('r' is ElephantEye's spelling of Red); missing fields take defaults.
  Color side = RED;
  if (fields.size() > 1) {
    const std::string& s = fields[1];
    if (s == "w" || s == "r" || s == "W" || s == "R")
      side = RED;
    else if (s == "b" || s == "B")
      side = BLACK;
    else
      return syntax("bad side to move " + quote(s) + ", expected w or b");
  }
  out.side = side;

  // 3. Castling and en-passant fields are always '-' in Xiangqi and may be omitted.
  size_t next = 2;
  while (next < fields.size() && next < 4 && fields[next] == "-") ++next;
  if (next < fields.size() && !parse_counter(fields[next], out.rule60))
    return syntax("bad 60-move rule counter " + quote(fields[next]) +
                  ", expected a number of plies");
  if (++next < fields.size()) {
    if (!parse_counter(fields[next], out.move_number))
      return syntax("bad move number " + quote(fields[next]));
    if (out.move_number == 0) out.move_number = 1;
  }
  if (++next < fields.size())
    return syntax("unexpected text after the move number: " + quote(fields[next]));

  // 4. Material and placement: every piece off its points, then each side's counts.
  int counts[PIECE_NB] = {};
  std::vector<Square> where[PIECE_NB];
  bool general_misplaced = false;
  for (int s = 0; s < SQUARE_NB; ++s) {
    const Piece p = board[s];
    if (p == NO_PIECE) continue;
    if (!reachable(p, Square(s))) {
      problems.push_back({FenProblemKind::UNREACHABLE,
                          piece_description(p) + " on " + square_to_string(Square(s)) + ": " +
                              PieceNames[type_of(p)] + "s can never stand there",
                          color_of(p),
                          p,
                          0,
                          0,
                          {Square(s)}});
      general_misplaced |= type_of(p) == GENERAL;
    }
    ++counts[p];
    where[p].push_back(Square(s));
  }
  bool counts_ok = true;
  for (Color c : {RED, BLACK}) {
    const Piece general = make_piece(c, GENERAL);
    const int generals = counts[general];
    if (generals == 0) {
      FenProblem p;
      p.kind = FenProblemKind::NO_GENERAL;
      p.message = std::string(ColorNames[c]) + " has no general";
      p.side = c;
      p.piece = general;
      problems.push_back(std::move(p));
      counts_ok = false;
    }
    for (PieceType pt = ADVISOR; pt <= SOLDIER; pt = PieceType(pt + 1)) {
      const Piece p = make_piece(c, pt);
      if (counts[p] <= max_count(pt)) continue;
      problems.push_back({FenProblemKind::TOO_MANY,
                          std::string(ColorNames[c]) + " has " + std::to_string(counts[p]) + " " +
                              PieceNames[pt] + "s, at most " + std::to_string(max_count(pt)) +
                              " are possible",
                          c, p, counts[p], max_count(pt), where[p]});
      counts_ok = false;
    }
    if (generals > 1) {
      problems.push_back(
          {FenProblemKind::TOO_MANY,
           std::string(ColorNames[c]) + " has " + std::to_string(generals) + " generals", c,
           general, generals, 1, where[general]});
      counts_ok = false;
    }
  }
  // The checks below need one general a side in its palace (and piece lists that hold them).
  if (!counts_ok || general_misplaced) return problems;

  // 5. The side that just moved cannot have left its general attacked.
  Position trial;
  StateInfo trial_st{};
  trial.setup(board, side, int(out.rule60), int(out.move_number), &trial_st);
  const Square other = trial.general_square(~side);
  const Square own = trial.general_square(side);
  if (file_of(own) == file_of(other)) {
    const uint16_t occ = trial.file_occ_[file_of(own)];
    const int lo = std::min(rank_of(own), rank_of(other)),
              hi = std::max(rank_of(own), rank_of(other));
    const uint16_t between = occ & ((1 << hi) - 1) & ~((2 << lo) - 1);
    if (between == 0) {
      problems.push_back({FenProblemKind::GENERALS_FACING,
                          std::string("the generals face each other on the open ") +
                              char('a' + file_of(own)) + "-file",
                          COLOR_NB,
                          NO_PIECE,
                          0,
                          0,
                          {own, other}});
      return problems;  // which is also a check: one reason is enough
    }
  }
  if (trial.general_attacked(other, side))
    problems.push_back({FenProblemKind::NOT_TO_MOVE_IN_CHECK,
                        std::string("the side not to move (") + ColorNames[~side] + ") is in check",
                        ~side,
                        make_piece(~side, GENERAL),
                        0,
                        0,
                        {other}});
  return problems;
}

void Position::copy_from(const Position& other, std::vector<StateInfo>& history) {
  size_t length = 0;
  for (const StateInfo* s = other.st_; s; s = s->previous) ++length;
  history.resize(length);
  const StateInfo* s = other.st_;
  for (size_t i = length; i-- > 0; s = s->previous) history[i] = *s;
  for (size_t i = 0; i < length; ++i) history[i].previous = i ? &history[i - 1] : nullptr;
  std::memcpy(board_, other.board_, sizeof(board_));
  std::memcpy(rank_occ_, other.rank_occ_, sizeof(rank_occ_));
  std::memcpy(file_occ_, other.file_occ_, sizeof(file_occ_));
  std::memcpy(piece_list_, other.piece_list_, sizeof(piece_list_));
  std::memcpy(piece_count_, other.piece_count_, sizeof(piece_count_));
  std::memcpy(piece_index_, other.piece_index_, sizeof(piece_index_));
  side_ = other.side_;
  game_ply_ = other.game_ply_;
  st_ = &history.back();
}

void Position::setup(const Piece* board, Color side, int rule60, int move_number, StateInfo* si) {
  std::memset(board_, 0, sizeof(board_));
  std::memset(rank_occ_, 0, sizeof(rank_occ_));
  std::memset(file_occ_, 0, sizeof(file_occ_));
  std::memset(piece_count_, 0, sizeof(piece_count_));
  for (auto& list : piece_list_)
    for (Square& s : list) s = SQ_NONE;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (board[s] != NO_PIECE) put_piece(board[s], Square(s));
  side_ = side;
  game_ply_ = 2 * (move_number - 1) + (side == BLACK);
  *si = StateInfo{};
  st_ = si;
  st_->key = compute_key();
  st_->rule60 = st_->plies_from_capture = rule60;  // the checks before the FEN are not known
  st_->move = MOVE_NONE;
  st_->captured = NO_PIECE;
  update_state_flags(general_attacked(general_square(side_), ~side_));
}

std::string Position::fen() const {
  std::string s;
  for (int r = RANK_9; r >= RANK_0; --r) {
    int empty_run = 0;
    for (int f = FILE_A; f <= FILE_I; ++f) {
      const Piece p = board_[make_square(f, r)];
      if (p == NO_PIECE) {
        ++empty_run;
        continue;
      }
      if (empty_run) s += char('0' + empty_run), empty_run = 0;
      s += piece_to_char(p);
    }
    if (empty_run) s += char('0' + empty_run);
    if (r > RANK_0) s += '/';
  }
  s += side_ == RED ? " w - - " : " b - - ";
  s += std::to_string(std::min(st_->rule60, MaxCounter)) + " " +
       std::to_string(std::min(1 + game_ply_ / 2, MaxCounter));
  return s;
}

std::string Position::pretty() const {
  std::ostringstream out;
  out << "\n";
  for (int r = RANK_9; r >= RANK_0; --r) {
    out << " " << r << "  ";
    for (int f = FILE_A; f <= FILE_I; ++f) {
      const Piece p = board_[make_square(f, r)];
      out << (p == NO_PIECE ? '.' : piece_to_char(p)) << (f < FILE_I ? " " : "");
    }
    out << "\n";
    if (r == RANK_5) out << "    ~~~~~~~~~~~~~~~~~\n";
  }
  out << "    a b c d e f g h i\n\n";
  out << "Fen: " << fen() << "\n";
  char key_text[20];
  std::snprintf(key_text, sizeof(key_text), "%016llX", static_cast<unsigned long long>(key()));
  out << "Key: " << key_text << "\n";
  out << "Side to move: " << ColorNames[side_] << (in_check() ? " (in check)" : "") << "\n";
  return out.str();
}

bool Position::pos_is_ok(std::string* failure) const {
  auto fail = [failure](const char* why) {
    if (failure) *failure = why;
    return false;
  };
  for (int p = 0; p < PIECE_NB; ++p)
    for (int i = 0; i < piece_count_[p]; ++i) {
      const Square s = piece_list_[p][i];
      if (!is_ok(s) || board_[s] != p || piece_index_[s] != i) return fail("piece list mismatch");
    }
  int pieces = 0, listed = 0;
  for (int s = 0; s < SQUARE_NB; ++s) {
    const bool occupied = board_[s] != NO_PIECE;
    pieces += occupied;
    if (bool(rank_occ_[rank_of(Square(s))] & (1 << file_of(Square(s)))) != occupied ||
        bool(file_occ_[file_of(Square(s))] & (1 << rank_of(Square(s)))) != occupied)
      return fail("occupancy words mismatch");
  }
  for (int p = 0; p < PIECE_NB; ++p) listed += piece_count_[p];
  if (pieces != listed) return fail("piece count mismatch");
  if (piece_count_[R_GENERAL] != 1 || piece_count_[B_GENERAL] != 1) return fail("missing general");
  if (compute_key() != st_->key) return fail("key mismatch");
  if (st_->in_check != general_attacked(general_square(side_), ~side_))
    return fail("in_check mismatch");
  return true;
}

}  // namespace chuhan
