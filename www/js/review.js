// Game review: the engine's evaluation of every position of a game (PlayController.startReview())
// judged here, ply by ply: a move that loses much against the engine's best move there is marked,
// with that better move and its line. Pure functions, tested in Node.

// Centipawns lost (from the mover's point of view) that mark a move.
export const Marks = [
  { kind: 'blunder', loss: 300, sign: '??' },
  { kind: 'mistake', loss: 150, sign: '?' },
  { kind: 'inaccuracy', loss: 70, sign: '?!' },
];
// A mate counts as this many centipawns, less one per move to it.
const MateValue = 3000;

/** An engine score ({cp} or {mate}, from `side` to move) as centipawns from Red's point of view. */
export function redValue(score, side) {
  const mover = typeof score.mate === 'number' ? Math.sign(score.mate || -1) * (MateValue - Math.abs(score.mate)) : score.cp;
  return side === 'b' ? -mover : mover;
}

/**
 * The marks of a reviewed game: `evals[n]` is {value (Red's view), best, line} for the position
 * after n plies (or null, not reviewed), `plies` the game's plies, `startTurn` the side to move at
 * the start. Returns {ply: {kind, sign, loss, best, line}} for every marked ply (1-based).
 */
export function markMoves(evals, plies, startTurn) {
  const marks = {};
  for (let n = 1; n <= plies.length; n++) {
    const before = evals[n - 1];
    const after = evals[n];
    if (!before || !after || before.best === plies[n - 1].move) continue;
    const mover = n === 1 ? startTurn : plies[n - 2].turn;
    const sign = mover === 'w' ? 1 : -1;
    const loss = sign * (before.value - after.value);
    const mark = Marks.find((m) => loss >= m.loss);
    if (mark) marks[n] = { kind: mark.kind, sign: mark.sign, loss, best: before.best, line: before.line };
  }
  return marks;
}

/** The evaluation graph's height for `value` (Red's view): `height`/2 - value, clamped at ±`clamp`. */
export function graphY(value, height, clamp = 1000) {
  return height / 2 - (Math.max(-clamp, Math.min(clamp, value)) / clamp) * (height / 2 - 2);
}

/** The evaluation graph's points: x from 0 to `width` by ply, y by graphY. */
export function graphPoints(evals, width, height, clamp = 1000) {
  const n = Math.max(1, evals.length - 1);
  return evals
    .map((e, i) => (e ? `${((i / n) * width).toFixed(1)},${graphY(e.value, height, clamp).toFixed(1)}` : null))
    .filter(Boolean)
    .join(' ');
}
