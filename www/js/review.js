// Game review: the engine's evaluation of every position of a line (PlayController.startReview())
// judged here, move by move: a move that loses much against the engine's best move there is
// marked, with that better move and its line; each side gets an accuracy figure. Pure functions,
// tested in Node.
//
//   evals[i]: {value (centipawns, Red's view), best (ICCS), line (names)} for the i-th position of
//   the line (i = 0: its first node), or null while not judged.

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
 * The marks of a reviewed line: `line` is the line's node numbers, `nodes` the cache's nodes by
 * number (tree.js), `evals` as above. Returns {node: {kind, sign, loss, best, line, mover}} for
 * every marked move, keyed by the node the move made.
 */
export function markMoves(evals, line, nodes) {
  const marks = {};
  for (let i = 1; i < line.length; i++) {
    const before = evals[i - 1];
    const after = evals[i];
    const node = nodes[line[i]];
    if (!before || !after || before.best === node.move) continue;
    const mover = nodes[line[i - 1]].turn;
    const loss = (mover === 'w' ? 1 : -1) * (before.value - after.value);
    const mark = Marks.find((m) => loss >= m.loss);
    if (mark) marks[line[i]] = { kind: mark.kind, sign: mark.sign, loss, best: before.best, line: before.line, mover };
  }
  return marks;
}

// Winning chances (0-100) of Red for a value in centipawns: a logistic curve on which a rook
// (about 900) is worth about 90 %.
const winChance = (value) => 100 / (1 + Math.exp(-value / 400));

/**
 * Each side's accuracy over a reviewed line, 0-100 (null for a side with no judged move): the
 * mean over its moves of 103.17·e^(−0.04354·drop) − 3.17, `drop` being the fall of its winning
 * chances in points (lichess's formula over this engine's scale).
 */
export function accuracy(evals, line, nodes) {
  const sums = { w: [0, 0], b: [0, 0] };
  for (let i = 1; i < line.length; i++) {
    const before = evals[i - 1];
    const after = evals[i];
    if (!before || !after) continue;
    const mover = nodes[line[i - 1]].turn;
    const sign = mover === 'w' ? 1 : -1;
    const drop = Math.max(0, winChance(sign * before.value) - winChance(sign * after.value));
    const score = Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
    sums[mover][0] += score;
    sums[mover][1]++;
  }
  const mean = ([sum, n]) => (n ? Math.round((sum / n) * 10) / 10 : null);
  return { w: mean(sums.w), b: mean(sums.b) };
}

/** Centipawns as pawns, signed: 385 -> "+3.9", -20 -> "−0.2". */
export function pawnsText(cp) {
  const p = (cp / 100).toFixed(1);
  return cp > 0 ? `+${p}` : cp < 0 ? `−${p.slice(1)}` : '0.0';
}

// The graph's vertical range: ± this many centipawns (5 pawns) fill it; more is drawn at its edge.
export const GraphClamp = 500;

/** The evaluation graph's height for `value` (Red's view): `height`/2 - value, clamped at ±`clamp`. */
export function graphY(value, height, clamp = GraphClamp) {
  return height / 2 - (Math.max(-clamp, Math.min(clamp, value)) / clamp) * (height / 2);
}

/**
 * The evaluation graph's shapes over `count` positions in `width` × `height`: `points` of the
 * curve (judged positions only), and the areas where Red is ahead (`red`, above the middle) and
 * where Black is (`black`, below), as SVG polygon points.
 */
export function graphShapes(evals, count, width, height, clamp = GraphClamp) {
  const n = Math.max(1, count - 1);
  const pts = [];
  evals.forEach((e, i) => e && pts.push([(i / n) * width, graphY(e.value, height, clamp)]));
  const mid = height / 2;
  const f = (x) => x.toFixed(1);
  const area = (side) => {
    if (!pts.length) return '';
    const keep = (y) => (side === 'red' ? Math.min(y, mid) : Math.max(y, mid));
    const out = [[pts[0][0], mid]];
    for (let i = 0; i < pts.length; i++) {
      const [x, y] = pts[i];
      if (i > 0) {
        // Where the curve crosses the middle, the area closes there.
        const [px, py] = pts[i - 1];
        if ((py - mid) * (y - mid) < 0) out.push([px + ((x - px) * (mid - py)) / (y - py), mid]);
      }
      out.push([x, keep(y)]);
    }
    out.push([pts.at(-1)[0], mid]);
    return out.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
  };
  return { points: pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' '), red: area('red'), black: area('black') };
}
