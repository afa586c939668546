// Match statistics: score, Elo with a 95 % confidence interval, pentanomial counts and the
// GSPRT log-likelihood ratio. Everything is from engine A's point of view.
//
// Elo model: logistic, E(elo) = 1 / (1 + 10^(-elo / 400)); its inverse is
// elo(s) = -400 * log10(1 / s - 1).
//
// Confidence interval ("normal approximation", as cutechess-cli and fastchess report it):
//   trinomial   each game scores x in {0, 1/2, 1}; s = mean(x), var = mean((x - s)^2) over games;
//               s ± 1.959964 * sqrt(var / N)  with N = games
//   pentanomial the two games of an opening (A red, A black) form a pair scoring
//               x in {0, 1/4, 1/2, 3/4, 1} (pair points / 2); s = mean(x), var over pairs;
//               s ± 1.959964 * sqrt(var / N)  with N = pairs. Pairs remove most of the
//               opening bias, so this interval is the tighter, more honest one.
// The Elo interval is [elo(s_lo), elo(s_hi)] (not symmetric); "±" prints half its width.
//
// SPRT: the generalised SPRT (GSPRT) of fishtest / fastchess (Michel Van den Bergh, "A practical
// introduction to the GSPRT"), on pentanomial pair scores (default; N = pairs) or trinomial game
// scores (N = games), with logistic Elo bounds s0 = E(elo0), s1 = E(elo1):
//   p̂_i = n_i / N                 observed frequencies of the scores x_i
//   p_s,i = p̂_i / (1 + λ_s (x_i - s))   the maximum-likelihood distribution whose mean is s;
//                                   λ_s solves  Σ p̂_i (x_i - s) / (1 + λ_s (x_i - s)) = 0
//   LLR = Σ n_i ln(p_s1,i / p_s0,i)
//       = Σ n_i [ln(1 + λ_s0 (x_i - s0)) - ln(1 + λ_s1 (x_i - s1))]
// For large N this equals the normal approximation N (s1 - s0)(2 s̄ - s0 - s1) / (2 σ²)
// (sprtLLRNormal), but unlike it stays sensible after a handful of games. Empty buckets get a
// count of 1e-3 first (fishtest's regularisation) so the constrained MLE always exists.
// Bounds: lower = ln(beta / (1 - alpha)) (accept H0: elo <= elo0),
//         upper = ln((1 - beta) / alpha) (accept H1: elo >= elo1).

export const Z95 = 1.959963984540054;

/** Logistic expected score for an Elo difference. */
export function expectedScore(elo) {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** Elo difference for an expected score in (0, 1); ±Infinity at the ends. */
export function eloFromScore(s) {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return -400 * Math.log10(1 / s - 1);
}

// Mean and per-sample variance of a distribution given as counts over values.
function meanVar(values, counts) {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n: 0, mean: NaN, variance: NaN };
  const mean = values.reduce((acc, v, i) => acc + v * counts[i], 0) / n;
  const variance = values.reduce((acc, v, i) => acc + counts[i] * (v - mean) ** 2, 0) / n;
  return { n, mean, variance };
}

const TRI_VALUES = [0, 0.5, 1];                 // loss, draw, win
const PENTA_VALUES = [0, 0.25, 0.5, 0.75, 1];  // LL, LD, DD+WL, WD, WW (pair points / 2)

/** Score and Elo interval for counts over `values` (trinomial or pentanomial). */
function eloInterval(values, counts) {
  const { n, mean, variance } = meanVar(values, counts);
  if (n === 0) return null;
  const half = Z95 * Math.sqrt(variance / n);
  const lo = eloFromScore(mean - half);
  const hi = eloFromScore(mean + half);
  return { n, score: mean, elo: eloFromScore(mean), lo, hi, pm: (hi - lo) / 2 };
}

/** {wins, draws, losses} → score and Elo with a 95 % interval (trinomial). */
export function trinomialElo({ wins, draws, losses }) {
  return eloInterval(TRI_VALUES, [losses, draws, wins]);
}

/** Pentanomial counts [LL, LD, DD+WL, WD, WW] → score and Elo with a 95 % interval. */
export function pentanomialElo(penta) {
  return eloInterval(PENTA_VALUES, penta);
}

/** Pentanomial bucket (0..4) of a pair of game scores (each 0, 0.5 or 1) for A. */
export function pentaIndex(scoreA1, scoreA2) {
  return Math.round((scoreA1 + scoreA2) * 2);
}

/** SPRT bounds for error rates alpha, beta. */
export function sprtBounds(alpha, beta) {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

// λ with Σ p_i (x_i - s) / (1 + λ (x_i - s)) = 0, by bisection on the interval where every
// denominator stays positive (the function decreases in λ there).
function mleLambda(values, probs, s) {
  const xmin = Math.min(...values);
  const xmax = Math.max(...values);
  if (!(s > xmin && s < xmax)) return NaN;
  let lo = -1 / (xmax - s) + 1e-12;
  let hi = 1 / (s - xmin) - 1e-12;
  const f = (lambda) => values.reduce((acc, x, i) => acc + (probs[i] * (x - s)) / (1 + lambda * (x - s)), 0);
  for (let iter = 0; iter < 200; iter++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0), logistic Elo.
 * `model` is 'pentanomial' (counts [LL, LD, DD+WL, WD, WW]) or 'trinomial' (counts [L, D, W]).
 */
export function sprtLLR(model, counts, elo0, elo1) {
  const values = model === 'pentanomial' ? PENTA_VALUES : TRI_VALUES;
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const n = counts.map((c) => (c === 0 ? 1e-3 : c));
  const total = n.reduce((a, b) => a + b, 0);
  const probs = n.map((c) => c / total);
  const s0 = expectedScore(elo0);
  const s1 = expectedScore(elo1);
  const l0 = mleLambda(values, probs, s0);
  const l1 = mleLambda(values, probs, s1);
  return values.reduce((acc, x, i) => acc + n[i] * (Math.log(1 + l0 * (x - s0)) - Math.log(1 + l1 * (x - s1))), 0);
}

/** The normal approximation of the same LLR (fishtest's LLR_logistic), for comparison. */
export function sprtLLRNormal(model, counts, elo0, elo1) {
  const values = model === 'pentanomial' ? PENTA_VALUES : TRI_VALUES;
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const { n, mean, variance } = meanVar(values, counts.map((c) => (c === 0 ? 1e-3 : c)));
  const s0 = expectedScore(elo0);
  const s1 = expectedScore(elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Formats an Elo value with a sign; infinities as ±inf. */
export function formatElo(x, digits = 1) {
  if (x === Infinity) return '+inf';
  if (x === -Infinity) return '-inf';
  if (Number.isNaN(x)) return 'nan';
  return (x >= 0 ? '+' : '') + x.toFixed(digits);
}

/** One-line summary of an Elo interval object. */
export function describeElo(e) {
  if (!e) return 'n/a';
  const pm = Number.isFinite(e.pm) ? e.pm.toFixed(1) : 'inf';
  return `${formatElo(e.elo)} ± ${pm} (95 % CI ${formatElo(e.lo)} .. ${formatElo(e.hi)})`;
}
