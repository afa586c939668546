#include "evaluate.h"

#include <algorithm>
#include <array>
#include <bit>

#include "nnue/nnue.h"

namespace chuhan {

using namespace attacks;
using eval::Params;
using eval::Score;

namespace {

// Phase weight of each piece: rooks, horses and cannons decide how much middlegame is left.
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 0, 0, 1, 2, 1, 0};

// Attack units a piece adds to the pressure on the enemy palace, and to the opponent's
// "attacking force" that advisors and elephants are valued against.
constexpr int AttackUnits[PIECE_TYPE_NB] = {0, 0, 0, 0, 2, 3, 2, 1};

constexpr bool cheaper(PieceType attacker, PieceType target) {
  return SeeValue[attacker] < SeeValue[target];
}

// The squares of a rank word's bits (bit i = file i): a shift of the word into place.
constexpr SquareSet rank_set(int rank, uint32_t bits) {
  const int start = rank * FILE_NB;
  SquareSet set{};
  if (start < 64) set.words[0] = uint64_t(bits) << start;
  if (start + FILE_NB > 64)
    set.words[1] = start >= 64 ? uint64_t(bits) << (start - 64) : uint64_t(bits) >> (64 - start);
  return set;
}

// Each 5-bit group of a file word spread nine squares apart: bit i -> bit 9 * i.
constexpr auto FileSpread = [] {
  std::array<uint64_t, 32> t{};
  for (int bits = 0; bits < 32; ++bits)
    for (int i = 0; i < 5; ++i)
      if (bits & (1 << i)) t[bits] |= uint64_t(1) << (9 * i);
  return t;
}();

// The squares of a file word's bits (bit i = rank i): ranks 0-4 lie in the first word; ranks
// 5-9 start at square 45 and cross into the second.
constexpr SquareSet file_set(int file, uint32_t bits) {
  const uint64_t low = FileSpread[bits & 31], high = FileSpread[(bits >> 5) & 31];
  SquareSet set{};
  set.words[0] = low << file | high << (45 + file);
  set.words[1] = high >> (19 - file);
  return set;
}

// Where advisors, generals and soldiers strike from each square, as sets.
struct StepSets {
  SquareSet advisor[SQUARE_NB], general[SQUARE_NB], soldier[COLOR_NB][SQUARE_NB];
};
constexpr StepSets make_step_sets() {
  StepSets t{};
  for (int s = 0; s < SQUARE_NB; ++s) {
    for (Square to : Steps.advisor_moves[s]) t.advisor[s].add(to);
    for (Square to : Steps.general_moves[s]) t.general[s].add(to);
    for (Color c : {RED, BLACK})
      for (Square to : Steps.soldier_moves[c][s]) t.soldier[c][s].add(to);
  }
  return t;
}
constexpr StepSets StepSet = make_step_sets();

constexpr SquareSet palace_set(Color c) {
  SquareSet set{};
  for (int s = 0; s < SQUARE_NB; ++s)
    if (in_palace(c, Square(s))) set.add(Square(s));
  return set;
}
constexpr SquareSet PalaceSet[COLOR_NB] = {palace_set(RED), palace_set(BLACK)};

// Material plus piece-square value of every piece on every square, summed once from Params
// (which are constants) so that evaluate() adds one entry per piece.
struct PieceSquareTable {
  Score at[PIECE_NB][SQUARE_NB];
};
const PieceSquareTable PieceSquare = [] {
  PieceSquareTable t{};
  for (Color c : {RED, BLACK})
    for (PieceType pt = GENERAL; pt <= SOLDIER; pt = PieceType(pt + 1))
      for (int s = 0; s < SQUARE_NB; ++s)
        t.at[make_piece(c, pt)][s] =
            Params[eval::typed(eval::MATERIAL, pt)] + Params[eval::pst_param(c, pt, Square(s))];
  return t;
}();

template <bool Tracing>
class Evaluator {
 public:
  Evaluator(const Position& pos, eval::Trace* trace) : pos_(pos), trace_(trace) {}

  // Before the endgame scale.
  Value value() {
    compute_attacks(RED);
    compute_attacks(BLACK);
    for (Color c : {RED, BLACK}) {
      material_and_squares(c);
      mobility(c);
      defenders(c);
      pins(c);
      cannons(c);
      palace_pressure(c);
      soldiers(c);
      threats(c);
    }
    add(pos_.side_to_move(), eval::TEMPO);

    const Color us = pos_.side_to_move();
    const Score s = score_[us] - score_[~us];
    const int phase = std::min(phase_, eval::MaxPhase);
    const int v = (s.mg * phase + s.eg * (eval::MaxPhase - phase)) / eval::MaxPhase;
    if constexpr (Tracing) {
      trace_->phase = phase;
      trace_->scale[us] = endgame_scale(us);
      trace_->scale[~us] = endgame_scale(~us);
    }
    return v;
  }

 private:
  void add(Color c, int param, int count = 1) {
    score_[c] += Params[param] * count;
    if constexpr (Tracing) trace_->coefficient[c][param] += count;
  }

  Piece piece(Color c, PieceType pt) const { return make_piece(c, pt); }

  // Attack sets: every square each side's pieces could capture on (or defend), by type. Sets
  // every attacked_by_[c][GENERAL..SOLDIER], attacked_[c] and rook_reach_[c][i] for each rook
  // (the members start uninitialised); the sets are built in locals and stored once.
  void compute_attacks(Color c) {
    SquareSet rooks{}, cannons{};
    for (PieceType pt : {ROOK, CANNON}) {
      SquareSet& by_type = pt == ROOK ? rooks : cannons;
      const Piece p = piece(c, pt);
      for (int i = 0; i < pos_.count(p); ++i) {
        const Square s = pos_.squares(p)[i];
        const int f = file_of(s), r = rank_of(s);
        const LineMoves& rl = RankLine[f][pos_.rank_occupancy(r)];
        const LineMoves& fl = FileLine[r][pos_.file_occupancy(f)];
        const uint32_t rank_hits = pt == ROOK ? rl.first_blocker | rl.quiet : rl.second_blocker;
        const uint32_t file_hits = pt == ROOK ? fl.first_blocker | fl.quiet : fl.second_blocker;
        const SquareSet hits = rank_set(r, rank_hits) | file_set(f, file_hits);
        by_type = by_type | hits;
        if (pt == ROOK) rook_reach_[c][i] = hits;
      }
    }
    SquareSet horses{}, elephants{}, advisors{}, soldiers{};
    const Piece horse = piece(c, HORSE);
    for (int i = 0; i < pos_.count(horse); ++i)
      for (const BlockableStep& st : Steps.horse_moves[pos_.squares(horse)[i]])
        if (pos_.empty(st.block)) horses.add(st.to);
    const Piece elephant = piece(c, ELEPHANT);
    for (int i = 0; i < pos_.count(elephant); ++i)
      for (const BlockableStep& st : Steps.elephant_moves[pos_.squares(elephant)[i]])
        if (pos_.empty(st.block)) elephants.add(st.to);
    const Piece advisor = piece(c, ADVISOR);
    for (int i = 0; i < pos_.count(advisor); ++i)
      advisors = advisors | StepSet.advisor[pos_.squares(advisor)[i]];
    const Piece soldier = piece(c, SOLDIER);
    for (int i = 0; i < pos_.count(soldier); ++i)
      soldiers = soldiers | StepSet.soldier[c][pos_.squares(soldier)[i]];
    const SquareSet general = StepSet.general[pos_.general_square(c)];

    attacked_by_[c][GENERAL] = general;
    attacked_by_[c][ADVISOR] = advisors;
    attacked_by_[c][ELEPHANT] = elephants;
    attacked_by_[c][HORSE] = horses;
    attacked_by_[c][ROOK] = rooks;
    attacked_by_[c][CANNON] = cannons;
    attacked_by_[c][SOLDIER] = soldiers;
    attacked_[c] = general | advisors | elephants | horses | rooks | cannons | soldiers;
  }

  void material_and_squares(Color c) {
    Score sum;
    for (PieceType pt = GENERAL; pt <= SOLDIER; pt = PieceType(pt + 1)) {
      const Piece p = piece(c, pt);
      for (int i = 0; i < pos_.count(p); ++i) {
        if constexpr (Tracing) {
          add(c, eval::typed(eval::MATERIAL, pt));
          add(c, eval::pst_param(c, pt, pos_.squares(p)[i]));
        } else {
          sum += PieceSquare.at[p][pos_.squares(p)[i]];
        }
      }
      phase_ += PhaseWeight[pt] * pos_.count(p);
    }
    score_[c] += sum;
  }

  // Rook and cannon mobility (thesis 2.3.4), and horses hemmed in by legs and guarded squares.
  void mobility(Color c) {
    const Color them = ~c;
    for (PieceType pt : {ROOK, CANNON}) {
      const Piece p = piece(c, pt);
      for (int i = 0; i < pos_.count(p); ++i) {
        const Square s = pos_.squares(p)[i];
        const LineMoves& rl = RankLine[file_of(s)][pos_.rank_occupancy(rank_of(s))];
        const LineMoves& fl = FileLine[rank_of(s)][pos_.file_occupancy(file_of(s))];
        const int squares = std::popcount(uint32_t(rl.quiet)) + std::popcount(uint32_t(fl.quiet));
        add(c, pt == ROOK ? eval::ROOK_MOBILITY : eval::CANNON_MOBILITY, squares);
      }
    }
    const Piece horse = piece(c, HORSE);
    for (int i = 0; i < pos_.count(horse); ++i) {
      int safe = 0;
      for (const BlockableStep& st : Steps.horse_moves[pos_.squares(horse)[i]]) {
        const Piece target = pos_.piece_on(st.to);
        if (!pos_.empty(st.block) || (target != NO_PIECE && color_of(target) == c)) continue;
        // A square guarded by an enemy soldier, advisor or elephant is no place for a horse.
        if (attacked_by_[them][SOLDIER].has(st.to) || attacked_by_[them][ADVISOR].has(st.to) ||
            attacked_by_[them][ELEPHANT].has(st.to))
          continue;
        ++safe;
      }
      add(c, eval::HORSE_MOBILITY, safe);
      if (safe == 0) add(c, eval::HORSE_TRAPPED);
      if (safe == 1) add(c, eval::HORSE_ONE_EXIT);
    }
  }

  int attack_force(Color c) const {
    int units = 0;
    for (PieceType pt : {HORSE, ROOK, CANNON}) units += AttackUnits[pt] * pos_.count(c, pt);
    const Piece soldier = piece(c, SOLDIER);
    for (int i = 0; i < pos_.count(soldier); ++i)
      units += !on_own_side(c, pos_.squares(soldier)[i]);
    return units;
  }

  // Advisors and elephants are worth more the more the opponent can attack with (2.3.2), and
  // their absence hurts against two rooks or two cannons (2.3.3).
  void defenders(Color c) {
    const Color them = ~c;
    const int force = attack_force(them);
    add(c, eval::ADVISOR_VS_ATTACK, pos_.count(c, ADVISOR) * force);
    add(c, eval::ELEPHANT_VS_ATTACK, pos_.count(c, ELEPHANT) * force);
    if (pos_.count(them, ROOK) == 2)
      add(c, eval::MISSING_ADVISOR_VS_ROOKS, 2 - pos_.count(c, ADVISOR));
    if (pos_.count(them, CANNON) == 2)
      add(c, eval::MISSING_ELEPHANT_VS_CANNONS, 2 - pos_.count(c, ELEPHANT));
  }

  // Pieces pinned to their own general (2.3.3): by a rook or the flying general behind one
  // piece, or two screens in front of an enemy cannon (moving either gives check).
  void pins(Color c) {
    const Color them = ~c;
    const Square g = pos_.general_square(c);
    const int f = file_of(g), r = rank_of(g);
    scan_line(
        c, them, pos_.file_occupancy(f), r, RANK_NB, [f](int b) { return file_bit_square(f, b); },
        true);
    scan_line(
        c, them, pos_.rank_occupancy(r), f, FILE_NB, [r](int b) { return rank_bit_square(r, b); },
        false);
  }

  template <typename ToSquare>
  void scan_line(Color c, Color them, uint16_t occ, int at, int len, ToSquare sq, bool is_file) {
    const uint32_t beyond[2] = {occ & ((1u << at) - 1),
                                occ & ~((2u << at) - 1) & ((1u << len) - 1)};
    for (int up = 0; up < 2; ++up) {
      // The pieces seen from the general in this direction, nearest first.
      Square seen[3];
      int n = 0;
      for (uint32_t bits = beyond[up]; bits && n < 3; ++n) {
        const int i = up ? std::countr_zero(bits) : 31 - std::countl_zero(bits);
        bits &= ~(1u << i);
        seen[n] = sq(i);
      }
      if (n < 2) continue;
      const Piece first = pos_.piece_on(seen[0]), second = pos_.piece_on(seen[1]);
      if (color_of(first) != c) continue;
      if (second == make_piece(them, ROOK) || (is_file && second == make_piece(them, GENERAL)))
        add(c, eval::typed(eval::PINNED, type_of(first)));
      else if (n == 3 && color_of(second) == c &&
               pos_.piece_on(seen[2]) == make_piece(them, CANNON))
        add(c, eval::CANNON_SCREENS);
    }
  }

  // Cannon patterns against the enemy general: 空头炮, pressure through two screens, 沉底炮,
  // batteries with a rook or cannon on a palace file, and cannons short of screens.
  void cannons(Color c) {
    const Color them = ~c;
    const Square g = pos_.general_square(them);
    const Piece cannon = piece(c, CANNON);
    const int pieces_on_board = total_pieces();
    for (int i = 0; i < pos_.count(cannon); ++i) {
      const Square s = pos_.squares(cannon)[i];
      if (file_of(s) == file_of(g)) {
        const int between = pieces_between_on_file(file_of(s), rank_of(s), rank_of(g));
        if (between == 0) add(c, eval::HOLLOW_CANNON);
        if (between == 2) add(c, eval::CANNON_PRESSURE);
      }
      if (rank_of(s) == rank_of(g) && relative_rank(them, rank_of(s)) == 0)
        add(c, eval::BOTTOM_CANNON);
      if (file_of(s) >= FILE_D && file_of(s) <= FILE_F && has_battery_partner(c, s))
        add(c, eval::CANNON_BATTERY);
      if (pieces_on_board < 12) add(c, eval::CANNON_FEW_SCREENS, 12 - pieces_on_board);
    }
  }

  // The nearest piece in front of a cannon on its file (toward the enemy) is an own rook or
  // cannon: a doubled battery aiming at the palace.
  bool has_battery_partner(Color c, Square s) const {
    const int f = file_of(s), step = c == RED ? 1 : -1;
    for (int r = rank_of(s) + step; r >= 0 && r < RANK_NB; r += step) {
      const Piece p = pos_.piece_on(make_square(f, r));
      if (p == NO_PIECE) continue;
      return p == make_piece(c, ROOK) || p == make_piece(c, CANNON);
    }
    return false;
  }

  int pieces_between_on_file(int f, int r1, int r2) const {
    const int lo = std::min(r1, r2), hi = std::max(r1, r2);
    const uint32_t between = pos_.file_occupancy(f) & ((1u << hi) - 1) & ~((2u << lo) - 1);
    return std::popcount(between);
  }

  int total_pieces() const {
    int n = 0;
    for (int p = 0; p < PIECE_NB; ++p) n += pos_.count(Piece(p));
    return n;
  }

  // Pressure on c's palace: attack units of enemy pieces that reach into it.
  void palace_pressure(Color c) {
    const Color them = ~c;
    int units = 0;
    for (PieceType pt : {ROOK, HORSE, CANNON, SOLDIER}) {
      const Piece p = piece(them, pt);
      for (int i = 0; i < pos_.count(p); ++i) {
        const Square s = pos_.squares(p)[i];
        if (reaches_palace(c, them, pt, s, i)) units += AttackUnits[pt];
      }
    }
    add(c, eval::KING_ZONE + std::min(units, eval::KingZoneSlots - 1));
  }

  // `index` is the piece's index in the position's list of its kind.
  bool reaches_palace(Color c, Color them, PieceType pt, Square s, int index) const {
    if (pt == CANNON) {
      // A cannon threatens along any line through the palace, screens or not.
      const bool palace_file = file_of(s) >= FILE_D && file_of(s) <= FILE_F;
      const bool palace_rank = relative_rank(c, rank_of(s)) <= 2;
      return palace_file || palace_rank;
    }
    if (pt == SOLDIER && on_own_side(them, s)) return false;
    // Does this piece attack a palace square? Its attack set is shared with same-type pieces,
    // so test the squares around it instead for short-range pieces.
    if (pt == ROOK) return !(rook_reach_[them][index] & PalaceSet[c]).empty();
    if (pt == HORSE) {
      for (const BlockableStep& st : Steps.horse_moves[s])
        if (pos_.empty(st.block) && in_palace(c, st.to)) return true;
      return false;
    }
    for (Square to : Steps.soldier_moves[them][s])
      if (in_palace(c, to)) return true;
    return false;
  }

  void soldiers(Color c) {
    const Piece soldier = piece(c, SOLDIER);
    for (int i = 0; i < pos_.count(soldier); ++i) {
      const Square s = pos_.squares(soldier)[i];
      if (on_own_side(c, s) || file_of(s) == FILE_I) continue;
      if (pos_.piece_on(Square(s + 1)) == soldier) add(c, eval::CONNECTED_SOLDIERS);
    }
  }

  // Pieces attacked and not defended, and pieces attacked by something cheaper (the report's
  // threat and protection terms). The side to move can still save one; the other cannot.
  void threats(Color c) {
    const Color them = ~c;
    const bool to_move = pos_.side_to_move() == c;
    for (PieceType pt = ADVISOR; pt <= SOLDIER; pt = PieceType(pt + 1)) {
      const Piece p = piece(c, pt);
      for (int i = 0; i < pos_.count(p); ++i) {
        const Square s = pos_.squares(p)[i];
        if (!attacked_[them].has(s)) continue;
        if (!attacked_[c].has(s))
          add(c, eval::typed(to_move ? eval::HANGING_US : eval::HANGING_THEM, pt));
        for (PieceType by = ADVISOR; by <= SOLDIER; by = PieceType(by + 1))
          if (cheaper(by, pt) && attacked_by_[them][by].has(s)) {
            add(c, eval::typed(eval::THREAT_BY_LESSER, pt));
            break;
          }
      }
    }
  }

  int endgame_scale(Color strong) const { return eval::endgame_scale(pos_, strong); }

  const Position& pos_;
  eval::Trace* trace_;
  Score score_[COLOR_NB];
  int phase_ = 0;
  // Filled by compute_attacks() before any term reads them.
  SquareSet attacked_[COLOR_NB];
  SquareSet attacked_by_[COLOR_NB][PIECE_TYPE_NB];  // [NO_PIECE_TYPE] unused
  SquareSet rook_reach_[COLOR_NB][2];  // each rook's squares, in the order of the piece list
};

// Won-looking material that cannot win is scaled toward a draw, whichever evaluation says it leads
// (a network learns such endings from too few positions to be trusted with them).
int64_t scaled(const Position& pos, int64_t v) {
  const Color leader = v > 0 ? pos.side_to_move() : ~pos.side_to_move();
  return v * eval::endgame_scale(pos, leader) / eval::ScaleNormal;
}

}  // namespace

Value evaluate(const Position& pos) { return Value(scaled(pos, eval::unscaled(pos))); }

Value evaluate(const Position& pos, const nnue::Network* network) {
  if (!network) return evaluate(pos);
  int64_t v = nnue::output(*network, pos);
  if (network->corrects_hand_written) v += eval::unscaled(pos);
  return Value(
      std::clamp<int64_t>(scaled(pos, v), VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1));
}

namespace eval {

namespace {
int pieces_besides_general(const Position& pos, Color c) {
  int n = 0;
  for (PieceType pt : {ROOK, HORSE, CANNON, ADVISOR, ELEPHANT, SOLDIER}) n += pos.count(c, pt);
  return n;
}
}  // namespace

int endgame_scale(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const int rooks = pos.count(strong, ROOK), horses = pos.count(strong, HORSE);
  const int cannons = pos.count(strong, CANNON);
  int soldiers = 0;  // soldiers that can still reach the enemy general's zone
  const Piece soldier = make_piece(strong, SOLDIER);
  for (int i = 0; i < pos.count(soldier); ++i)
    soldiers += relative_rank(strong, rank_of(pos.squares(soldier)[i])) < 9;
  const bool base_line_soldier = pos.count(soldier) > soldiers;  // 底兵: it can only step sideways
  const int advisors = pos.count(weak, ADVISOR), elephants = pos.count(weak, ELEPHANT);
  const int defenders = advisors + elephants;
  const int attackers = rooks + horses + cannons + soldiers;

  if (attackers == 0) return 0;  // nothing that can give mate
  if (attackers == 1) {
    if (rooks == 1 && defenders == 4) return ScaleNormal / 4;  // 单车难胜士象全
    // 单马胜单士: a general with one advisor and nothing else cannot hold a horse off; with an
    // elephant or two defenders it can.
    const bool lone_advisor = advisors == 1 && pieces_besides_general(pos, weak) == 1;
    // 马底兵: a soldier on the base line still guards the squares beside the general, so with a
    // horse it mates a general with advisors only or a lone elephant, and wins about half the
    // time against an advisor and an elephant; two elephants, or two advisors and an elephant,
    // hold (Pikafish-HCE against itself from random such positions, scripts/bench/PERFORMANCE.md).
    // A cannon with a base-line soldier draws even against one defender: the cannon rule below.
    if (horses == 1 && base_line_soldier) {
      if (elephants == 0 || (elephants == 1 && advisors == 0)) return ScaleNormal;
      if (elephants == 1 && advisors == 1) return ScaleNormal / 2;
    }
    if (horses == 1 && defenders >= 1 && !lone_advisor) return ScaleNormal / 8;
    // A cannon gives check only over a screen: with nothing else on the board to jump over it
    // can never mate.
    if (cannons == 1 && pieces_besides_general(pos, strong) == 1 &&
        pieces_besides_general(pos, weak) == 0)
      return 0;
    if (cannons == 1 && defenders >= 1) return ScaleNormal / 8;
    if (soldiers == 1 && defenders >= 2) return ScaleNormal / 8;  // 单兵难胜士象
  }
  // 马兵、炮兵难胜士象全: one horse or cannon and one soldier against full defence; a cannon
  // and a soldier rarely beat three defenders either (Pikafish-HCE against itself from random
  // such positions won 3 of 12 against two advisors and an elephant, none of 12 against an
  // advisor and two elephants; scripts/bench/PERFORMANCE.md, "Cannon and soldier, and the lone
  // soldier").
  if (attackers == 2 && soldiers == 1 &&
      ((horses == 1 && defenders == 4) || (cannons == 1 && defenders >= 3)))
    return ScaleNormal / 4;
  return ScaleNormal;
}

Value unscaled(const Position& pos) { return Evaluator<false>(pos, nullptr).value(); }

Value evaluate_traced(const Position& pos, Trace& trace) {
  trace = Trace{};
  return Value(scaled(pos, Evaluator<true>(pos, &trace).value()));
}
}  // namespace eval

}  // namespace chuhan
