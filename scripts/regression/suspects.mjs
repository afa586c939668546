// Which of an engine's moves in a lost game may have lost it (collect-blunders.mjs verifies them).

const SANE_SCORE = -100;  // the engine still thought it was not losing
const LOST_SCORE = -300;  // ... and then saw it was
const LOOKAHEAD = 5;      // moves within which the second follows the first

/**
 * `own`: the engine's moves of one game in order, each with its reported `score` (centipawns
 * from its side, mates as +-100000). The suspects are the last move scored SANE_SCORE or better
 * with a score of LOST_SCORE or below among the LOOKAHEAD moves after it, and the moves scored
 * SANE_SCORE or better among the LOOKAHEAD - 1 before that one: the move that lost the game may
 * come some moves before the score shows it (a search that sees a repetition draw where the
 * opponent has a winning way out scores 0.00 until it meets that way). Returns them in order.
 */
export function blunderSuspects(own) {
  const last = own.findLastIndex((p, i) =>
    p.score >= SANE_SCORE && own.slice(i + 1, i + 1 + LOOKAHEAD).some((q) => q.score <= LOST_SCORE));
  if (last < 0) return [];
  return own.slice(Math.max(0, last + 1 - LOOKAHEAD), last + 1).filter((p) => p.score >= SANE_SCORE);
}
