// Puzzles: the sets the app ships (puzzles/shiqingyaqu.json, classic mates of 《适情雅趣》 each
// checked by the engine with scripts/puzzles/build.mjs; puzzles/tactics.json, mined from the
// engine's games by scripts/puzzles/mine-tactics.mjs) and the rules of the person's progress. The board side of a puzzle (the engine defending, wrong moves taken back) is
// PlayController.startPuzzle().

export const Grades = ['easy', 'medium', 'hard'];

export const Kinds = ['mate', 'tactic'];

/**
 * The puzzles: the mates of 《适情雅趣》 (easiest first) then the tactics mined from the engine's
 * games (scripts/puzzles/mine-tactics.mjs), each {id, kind, title, fen, grade, solution} with
 * `mate` (moves to mate) or `best` (the winning move).
 */
export async function loadPuzzles(base = new URL('../puzzles/', import.meta.url)) {
  const read = async (name) => {
    const url = new URL(name, base);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`puzzles: ${url} answered ${response.status}`);
    return (await response.json()).puzzles;
  };
  const [mates, tactics] = await Promise.all([read('shiqingyaqu.json'), read('tactics.json')]);
  return [...mates.map((p) => ({ kind: 'mate', ...p })), ...tactics];
}

/** The side the person plays in `puzzle`: its side to move, 'w' or 'b'. */
export function solverSide(puzzle) {
  return puzzle.fen.split(' ')[1] === 'b' ? 'b' : 'w';
}

/**
 * Progress after `puzzle` was solved: counted as solved; the streak grows only for a solution
 * found at the first try without a hint, and starts again otherwise.
 */
export function afterSolved(progress, puzzle, { wrong, hinted }) {
  const clean = !wrong && !hinted;
  const streak = clean ? progress.streak + 1 : 0;
  return { ...progress, solved: { ...progress.solved, [puzzle.id]: true }, streak, best: Math.max(progress.best, streak) };
}

/**
 * The puzzle to offer after the one with id `afterId` (or from the start): the next unsolved one
 * of `grade` ('all' or one of Grades) and `kind` ('all' or one of Kinds), wrapping around; the next one of the grade when all are
 * solved; null when the grade has none.
 */
export function nextPuzzle(puzzles, progress, grade, afterId, kind = 'all') {
  const pool = puzzles.filter((p) => (grade === 'all' || p.grade === grade) && (kind === 'all' || p.kind === kind));
  if (!pool.length) return null;
  const start = pool.findIndex((p) => p.id === afterId) + 1;
  const ordered = [...pool.slice(start), ...pool.slice(0, start)];
  return ordered.find((p) => !progress.solved[p.id]) ?? ordered[0];
}

/** {solved, total} over `puzzles`. */
export function tally(puzzles, progress) {
  return { solved: puzzles.filter((p) => progress.solved[p.id]).length, total: puzzles.length };
}
