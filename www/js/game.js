// The game state: plain data, changed only through the pure functions below (each returns a new
// state), so it can be saved as JSON and tested without a browser or an engine.
//
//   {
//     version: 1,
//     startFen,              FEN the game started from
//     human: 'w'|'b'|'both', the side the person plays; 'both': two players, the engine never moves
//     level,                 engine level (levels.js)
//     plies: [Ply],          moves played, in order
//     redo: [Ply],           moves taken back, the next one to replay last
//     view: null|number,     null: showing the live position; n: showing the position after n plies
//     resigned: null|'w'|'b' the side that resigned
//   }
//   Ply = { move: 'h2e2' (ICCS), name: '炮二平五', fen: FEN after the move, check: side to move in check }
//
// Everything a ply holds comes from the engine when it is played (name, FEN, check); this module
// never judges a move.
import { StartFen, moveNumber, sideToMove as fenSide } from './fen.js';
import { DefaultLevel, normalLevel } from './levels.js';

export const Version = 1;
const Sides = ['w', 'b', 'both'];

/** A new game from `startFen`, the person playing `human`, against `level`. */
export function createGame({ startFen = StartFen, human = 'w', level = DefaultLevel } = {}) {
  return {
    version: Version,
    startFen,
    human: Sides.includes(human) ? human : 'w',
    level: normalLevel(level),
    plies: [],
    redo: [],
    view: null,
    resigned: null,
  };
}

/** FEN of the live position (after every ply). */
export function currentFen(game) {
  return fenAfter(game, game.plies.length);
}

/** FEN after the first `n` plies. */
export function fenAfter(game, n) {
  return n === 0 ? game.startFen : game.plies[n - 1].fen;
}

/** The side to move in the live position. */
export function sideToMove(game) {
  return fenSide(currentFen(game));
}

/** The moves played, in ICCS. */
export function moves(game) {
  return game.plies.map((p) => p.move);
}

/** Whether the person (rather than the engine) moves next in the live position. */
export function isHumanTurn(game) {
  return game.human === 'both' || sideToMove(game) === game.human;
}

/** Number of plies in the shown position. */
export function shownPlies(game) {
  return game.view ?? game.plies.length;
}

/** Whether the live position is shown (the person can move). */
export function isLive(game) {
  return game.view === null;
}

/** What the board shows: {fen, lastMove, check} of the viewed position. */
export function shown(game) {
  const n = shownPlies(game);
  const ply = n > 0 ? game.plies[n - 1] : null;
  return { fen: fenAfter(game, n), lastMove: ply?.move ?? null, check: ply?.check ?? false };
}

/** The game with `ply` played in the live position; the redo list is dropped. */
export function play(game, ply) {
  return { ...game, plies: [...game.plies, { ...ply }], redo: [], view: null, resigned: null };
}

// Side that made the n-th ply (1-based).
const moverOf = (game, n) => fenSide(fenAfter(game, n - 1));

/**
 * Takes back the person's last move and the engine's reply to it, so that the person is to move
 * again; in a two-player game, one ply. Unchanged when the person has made no move.
 */
export function undo(game) {
  const plies = [...game.plies];
  const redo = [...game.redo];
  let removedHuman = false;
  while (plies.length) {
    const n = plies.length;
    const mover = moverOf(game, n);
    redo.push(plies.pop());
    if (game.human === 'both' || mover === game.human) removedHuman = true;
    const next = { ...game, plies };
    if (removedHuman && isHumanTurn(next)) break;
  }
  if (!removedHuman) return game;
  return { ...game, plies, redo, view: null, resigned: null };
}

export function canUndo(game) {
  return undo(game) !== game;
}

/** Replays what undo() took back: one ply, then more until the person is to move again. */
export function redo(game) {
  if (!game.redo.length) return game;
  const plies = [...game.plies];
  const redoList = [...game.redo];
  do plies.push(redoList.pop());
  while (redoList.length && !isHumanTurn({ ...game, plies }));
  return { ...game, plies, redo: redoList, view: null };
}

export function canRedo(game) {
  return game.redo.length > 0;
}

/** Shows the position after `n` plies (clamped); the last one is the live position. */
export function view(game, n) {
  const clamped = Math.max(0, Math.min(game.plies.length, Math.trunc(Number(n)) || 0));
  return { ...game, view: clamped === game.plies.length ? null : clamped };
}

/** The person resigns (in a two-player game, the side to move). */
export function resign(game) {
  return { ...game, resigned: game.human === 'both' ? sideToMove(game) : game.human, view: null };
}

export function setLevel(game, level) {
  return { ...game, level: normalLevel(level) };
}

/**
 * The result to show: the engine's verdict `engineResult` ({over, result, reason}) unless a side
 * resigned. Returns null while the game goes on, else {result: '1-0'|'0-1'|'1/2-1/2', reason}.
 */
export function outcome(game, engineResult) {
  if (game.resigned) return { result: game.resigned === 'w' ? '0-1' : '1-0', reason: 'resignation' };
  if (engineResult?.over) return { result: engineResult.result, reason: engineResult.reason };
  return null;
}

/**
 * The move list as numbered rows, Red's move then Black's: [{number, red, black}], each cell
 * {ply (1-based), move, name} or null (a game starting with Black to move has no first Red move).
 */
export function moveRows(game) {
  const rows = [];
  let number = moveNumber(game.startFen);
  let row = null;
  game.plies.forEach((ply, i) => {
    const side = moverOf(game, i + 1);
    if (!row || side === 'w') {
      if (row) number++;
      row = { number, red: null, black: null };
      rows.push(row);
    }
    row[side === 'w' ? 'red' : 'black'] = { ply: i + 1, move: ply.move, name: ply.name };
  });
  return rows;
}

/** The game as JSON text for storage. */
export function serialize(game) {
  return JSON.stringify(game);
}

const isPly = (p) =>
  p && typeof p.move === 'string' && /^[a-i][0-9][a-i][0-9]$/.test(p.move) && typeof p.name === 'string' && typeof p.fen === 'string';

/** A game from serialize()'s text, or null if the text is not one (old version, damaged). */
export function deserialize(text) {
  let g;
  try {
    g = JSON.parse(text);
  } catch {
    return null;
  }
  if (!g || g.version !== Version || typeof g.startFen !== 'string' || !Sides.includes(g.human)) return null;
  if (!Array.isArray(g.plies) || !Array.isArray(g.redo) || !g.plies.every(isPly) || !g.redo.every(isPly)) return null;
  return {
    ...createGame({ startFen: g.startFen, human: g.human, level: g.level }),
    plies: g.plies.map((p) => ({ move: p.move, name: p.name, fen: p.fen, check: !!p.check })),
    redo: g.redo.map((p) => ({ move: p.move, name: p.name, fen: p.fen, check: !!p.check })),
    resigned: g.resigned === 'w' || g.resigned === 'b' ? g.resigned : null,
  };
}
