#include "skill.h"

#include <algorithm>

namespace chuhan::skill {

namespace {

// splitmix64: independent bonuses for each line from one random number.
uint64_t mix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

Plan plan(int level) {
  // Each ply counts for a few hundred Elo at the shallow end (measured: depth 1 against 2 and 2
  // against 4 with the margins below scored 90 % and 96 %), so depth grows slowly there and
  // faster once a ply is worth less.
  static constexpr Depth Depths[MaxLevel] = {1, 1, 2, 2, 2, 3,  3,  4,  5,  5,
                                             6, 7, 7, 8, 9, 11, 12, 14, 16, 20};
  level = std::clamp(level, 0, MaxLevel - 1);
  const int weakness = MaxLevel - level;  // 1..20
  // Margins against a rook of about 1350 and a horse of about 530: level 0 may give up a
  // soldier or two now and then, never a horse; level 19 only picks among near-equal moves.
  return {level < 10 ? 6 : 4, Depths[level], 10 + weakness * weakness};
}

size_t choose(const std::vector<Candidate>& lines, int level, uint64_t random) {
  const Value best = lines.front().score;
  if (level >= MaxLevel || lines.size() == 1 || best >= VALUE_MATE_IN_MAX_PLY) return 0;
  const int margin = plan(level).margin;
  size_t chosen = 0;
  int64_t chosen_total = INT64_MIN;
  for (size_t i = 0; i < lines.size(); ++i) {
    const int64_t bonus = int64_t(mix(random) % uint64_t(margin + 1));
    if (lines[i].score < best - margin) continue;
    if (const int64_t total = int64_t(lines[i].score) + bonus; total > chosen_total)
      chosen = i, chosen_total = total;
  }
  return chosen;
}

TimePoint vary_time(TimePoint movetime, int level, uint64_t random) {
  if (level >= MaxLevel || movetime <= 1) return movetime;
  return std::max<TimePoint>(1, movetime * TimePoint(60 + mix(random) % 41) / 100);
}

}  // namespace chuhan::skill
