// Playing levels, beginner to full strength: search limits per engine move. The lowest levels
// also cap depth or nodes so that a beginner can win; every level caps the time. From level 3 up
// the engine opens from its book (varied, sound openings at once); the two beginner levels do not,
// so that their openings are as weak as the rest of their play.

export const Levels = [
  { level: 1, limits: { depth: 1, movetime: 300 }, name: { zh: '入门', en: 'Beginner' } },
  { level: 2, limits: { depth: 2, movetime: 300 }, name: { zh: '新手', en: 'Novice' } },
  { level: 3, limits: { depth: 3, nodes: 20000, movetime: 500 }, name: { zh: '初级', en: 'Casual' } },
  { level: 4, limits: { nodes: 150000, movetime: 500 }, name: { zh: '中级', en: 'Club' } },
  { level: 5, limits: { movetime: 1000 }, name: { zh: '高级', en: 'Strong' } },
  { level: 6, limits: { movetime: 2000 }, name: { zh: '大师', en: 'Expert' } },
  { level: 7, limits: { movetime: 5000 }, name: { zh: '特级大师', en: 'Master' } },
  { level: 8, limits: { movetime: 10000 }, name: { zh: '全力', en: 'Full strength' } },
];

export const DefaultLevel = 4;
export const MinLevel = 1;
export const MaxLevel = Levels.length;

/** Limits of `level`, for Engine.go(); the default level's for anything unknown. */
export function limitsFor(level) {
  return { ...(Levels.find((l) => l.level === Number(level)) ?? Levels[DefaultLevel - 1]).limits };
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

// From this level up the engine searches with every core the page may use (engine.js).
const FirstThreadedLevel = 5;

/** Whether the engine searches with several threads at `level`. */
export function usesThreads(level) {
  return normalLevel(level) >= FirstThreadedLevel;
}

/** The search behind a hint: a fixed, short think whatever the level. */
export const HintLimits = { movetime: 800 };
