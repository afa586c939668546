// Formatting search reports for the analysis panel. Pure functions: the text depends only on the
// report, the side to move of the searched position and the language (i18n.js).
import { t } from './i18n.js';

/**
 * The score from Red's point of view: {cp} -> "+0.35" (pawns) style "+35", {mate} -> "红 mate in 3".
 * `side` is the side to move of the searched position ('w' | 'b'); the engine reports from it.
 * `bound` ('lowerbound' | 'upperbound', from a search stopped while its window had failed) marks
 * the score as only a bound: "≥ +35" or "≤ +35", from Red's point of view.
 */
export function scoreText(score, side, bound) {
  if (!score) return '';
  const text = exactScoreText(score, side);
  if ((bound !== 'lowerbound' && bound !== 'upperbound') || typeof score.mate === 'number') return text;
  const redAtLeast = (bound === 'lowerbound') === (side !== 'b');
  return `${redAtLeast ? '≥' : '≤'} ${text}`;
}

function exactScoreText(score, side) {
  const sign = side === 'b' ? -1 : 1;
  if (typeof score.mate === 'number') {
    const winnerIsMover = score.mate > 0;
    const redWins = (side === 'w') === winnerIsMover;
    const n = Math.abs(score.mate);
    return `${redWins ? t('redWins') : t('blackWins')}: ${t('mateIn', { n })}`;
  }
  const cp = sign * score.cp;
  return cp > 0 ? `+${cp}` : String(cp);
}

/** Nodes per second as "850 k/s" or "1.2 M/s". */
export function npsText(nps) {
  if (!Number.isFinite(nps)) return '';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} M/s`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} k/s`;
  return `${nps}/s`;
}

/** The principal variation, at most `max` moves, in ICCS. */
export function pvText(pv, max = 12) {
  return (pv ?? []).slice(0, max).join(' ') + ((pv?.length ?? 0) > max ? ' …' : '');
}

/**
 * Red's share of the evaluation bar, 0-100: 50 when level, toward 100 as Red's advantage grows
 * (a rook up is about 90), 100 or 0 for a mate. `side` as for scoreText.
 */
export function redShare(score, side) {
  if (!score) return 50;
  const moverWins = typeof score.mate === 'number' ? score.mate > 0 : null;
  if (moverWins !== null) return (side === 'w') === moverWins ? 100 : 0;
  const cp = (side === 'b' ? -1 : 1) * score.cp;
  return Math.round(100 / (1 + Math.exp(-cp / 600)));
}
