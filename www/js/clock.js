// Game clocks: a time control ({base, inc} in ms, e.g. 10 min + 5 s) and the time each side has
// left. Plain data and pure functions, saved with the game. The controller measures how long a
// turn took and ticks; a side whose time runs out loses ("flag fall"), whoever it is.
//
//   Clock = { base, inc, remaining: {w, b}, flagged: null | 'w' | 'b', since: epoch ms | null }
//   since: when the side to move began its turn (Date.now()), saved with the game so that a reload
//   does not give back the time thought before it

/** The time controls the app offers: seconds base + seconds increment. */
export const TimeControls = ['180+2', '300+3', '600+5', '900+10', '1800+20'];

/** A clock for `control` ({base, inc} ms, or text "600+5" in seconds); null for none. */
export function newClock(control) {
  if (!control) return null;
  if (typeof control === 'string') {
    const m = /^(\d+)\+(\d+)$/.exec(control);
    if (!m) return null;
    control = { base: Number(m[1]) * 1000, inc: Number(m[2]) * 1000 };
  }
  const { base, inc = 0 } = control;
  if (!(base > 0) || !(inc >= 0)) return null;
  return { base, inc, remaining: { w: base, b: base }, flagged: null, since: null };
}

/** The clock after `side` moved, having thought `elapsed` ms: its time falls, the increment is added. */
export function afterMove(clock, side, elapsed) {
  if (!clock || clock.flagged) return clock;
  const left = Math.max(0, clock.remaining[side] - elapsed);
  return { ...clock, remaining: { ...clock.remaining, [side]: left + clock.inc } };
}

/** The clock with the side to move's turn begun at `epochMs` (Date.now()). */
export function turnBegan(clock, epochMs) {
  return clock && { ...clock, since: epochMs };
}

/** Time `side` has left after thinking `elapsed` ms of its turn (never below 0). */
export function timeLeft(clock, side, elapsed = 0) {
  return Math.max(0, clock.remaining[side] - elapsed);
}

/** The clock with `side` out of time. */
export function flag(clock, side) {
  return { ...clock, remaining: { ...clock.remaining, [side]: 0 }, flagged: side };
}

/** "9:58", "1:02:03", and tenths in the last ten seconds: "7.4". */
export function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  if (ms < 10000) return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  const s = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}` : `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** A saved clock checked field by field, or null. */
export function readClock(c) {
  if (!c || typeof c !== 'object' || !(c.base > 0) || !(c.inc >= 0) || !c.remaining) return null;
  const { w, b } = c.remaining;
  if (!(w >= 0) || !(b >= 0)) return null;
  return { base: c.base, inc: c.inc, remaining: { w, b }, flagged: c.flagged === 'w' || c.flagged === 'b' ? c.flagged : null, since: Number.isFinite(c.since) ? c.since : null };
}
