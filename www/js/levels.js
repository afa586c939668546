// Playing levels, beginner to full strength. Below level 7 the engine plays at a Skill Level
// (core/skill.h): a shallower search of several lines and a choice among the good moves within a
// margin that widens as the level falls, so a weak level neither blunders at random nor plays
// perfect short tactics. Every level caps the time (a skill level varies it, 60-100 %). From
// level 3 up the engine opens from its book (varied, sound openings at once); the two beginner
// levels do not, so that their openings are as weak as the rest of their play.
//
// `elo`: each level's strength measured against the level below (scripts/match/level-ladder.sh: games
// from the shared openings, native engine, both colours; 95 % error bars): 2-1 +382 ± 202,
// 3-2 +407 ± 356, 4-3 +338 ± 156, 5-4 +470 ± 469, 6-5 +241 ± 121 (40 games each), 7-6 +708
// (30 games, W29 D1: at least +516), 8-7 +301 ± 324 (20 games, level 8 at level 7's second; it
// has 3 s in the app). Anchored at level 1 = 1000 and rounded to tens. `skill` is the engine's
// skillLevel option; null: full strength (the contract's highest skill level). Their names are
// level-titles.js's titles (one per level, the same in every language) on a human rating scale.

export const Levels = [
  { level: 1, skill: 0, limits: { movetime: 300 }, elo: 1000 },
  { level: 2, skill: 3, limits: { movetime: 300 }, elo: 1380 },
  { level: 3, skill: 7, limits: { movetime: 500 }, elo: 1790 },
  { level: 4, skill: 9, limits: { movetime: 500 }, elo: 2130 },
  { level: 5, skill: 11, limits: { movetime: 1000 }, elo: 2600 },
  { level: 6, skill: 14, limits: { movetime: 1000 }, elo: 2840 },
  { level: 7, skill: 17, limits: { movetime: 1000 }, elo: 3550 },
  { level: 8, skill: null, limits: { movetime: 3000 }, elo: 3850 },
];

export const DefaultLevel = 4;
export const MinLevel = 1;
export const MaxLevel = Levels.length;

/** Limits of `level`, for Engine.go(); the default level's for anything unknown. */
export function limitsFor(level) {
  return { ...Levels[normalLevel(level) - 1].limits };
}

/**
 * How long the engine's move at `level` takes at least, in ms: below full strength a search often
 * ends in milliseconds, and an answer that fast feels like a machine, not an opponent: 0.4-1.2 s,
 * varied. Full strength and games on a clock (the engine's own time) get no pause.
 */
export function thinkPause(level, random = Math.random) {
  return Levels[normalLevel(level) - 1].skill !== null ? 400 + Math.round(random() * 800) : 0;
}

/** The engine's skillLevel option at `level`; `fullSkill` (the contract's maximum) at full strength. */
export function skillFor(level, fullSkill) {
  return Levels[normalLevel(level) - 1].skill ?? fullSkill;
}

const FirstBookLevel = 3;

/** Whether the engine plays book moves at `level`. */
export function usesBook(level) {
  return normalLevel(level) >= FirstBookLevel;
}

/** `level` as a whole number in range, else the default. */
export function normalLevel(level) {
  const n = Number(level);
  return Number.isInteger(n) && n >= MinLevel && n <= MaxLevel ? n : DefaultLevel;
}

// At full strength the engine searches with every core the page may use (engine.js); the
// weaker levels stop at their depth long before more threads would help.
const FirstThreadedLevel = 8;

/** Whether the engine searches with several threads at `level`. */
export function usesThreads(level) {
  return normalLevel(level) >= FirstThreadedLevel;
}

/** The search behind a hint: a fixed, short think whatever the level. */
export const HintLimits = { movetime: 800 };
