// Premoves: a move the person makes while the engine thinks, played the moment the engine's reply
// is on the board if it is still legal there (else dropped, with a notice). The page knows no
// rules, so a premove is any piece of the person's side to any point not holding one of their own
// pieces; the engine's legal moves after its reply decide.
import { pieceSide } from './fen.js';

/** Whether `from` -> `to` can be set as a premove for `side` on `placement` (square -> letter). */
export function canPremove(placement, side, from, to) {
  const piece = placement.get(from);
  if (!piece || pieceSide(piece) !== side || from === to) return false;
  const there = placement.get(to);
  return !there || pieceSide(there) !== side;
}

/**
 * What to do with `premove` (ICCS or null) once the engine has replied and `legalMoves` are the
 * person's: {play: the move to play now, or null; dropped: a premove that is not legal any more}.
 */
export function resolvePremove(premove, legalMoves) {
  if (!premove) return { play: null, dropped: false };
  return legalMoves.includes(premove) ? { play: premove, dropped: false } : { play: null, dropped: true };
}
