// The game state: plain data, changed only through the pure functions below (each returns a new
// state), so it can be saved as JSON and tested without a browser or an engine.
//
//   {
//     version: 2,
//     startFen,              FEN the game started from
//     startTurn: 'w'|'b',    the side to move there, and the FEN's move number (startMoveNumber)
//     human: 'w'|'b'|'both', the side the person plays; 'both': two players, the engine never moves
//     level,                 engine level (levels.js)
//     plies: [Ply],          moves played, in order
//     redo: [Ply],           moves taken back, the next one to replay last
//     view: null|number,     null: showing the live position; n: showing the position after n plies
//     resigned: null|'w'|'b' the side that resigned
//     clock: null|Clock      the time control and each side's time left (clock.js)
//   }
//   Ply = { move: 'h2e2' (ICCS), name: '炮二平五', fen: FEN after the move, turn: 'w'|'b' to move
//           after it, check: that side is in check }
//
// Everything the state holds about positions comes from the engine's records (the package's
// GameRecord and PlayRecord): this module never reads a FEN and never judges a move.
import { StartFen } from './fen.js';
import { DefaultLevel, normalLevel } from './levels.js';
import { newClock, readClock } from './clock.js';

export const Version = 2;
const Sides = ['w', 'b', 'both'];
const Turns = ['w', 'b'];

/**
 * A new game from `startFen` (the side to move there `startTurn`, its move number
 * `startMoveNumber`), the person playing `human`, against `level`. fromRecord() puts the engine's
 * view of a start position in.
 */
export function createGame({ startFen = StartFen, startTurn = 'w', startMoveNumber = 1, human = 'w', level = DefaultLevel, clock = null } = {}) {
  return {
    version: Version,
    startFen,
    startTurn: Turns.includes(startTurn) ? startTurn : 'w',
    startMoveNumber: Number.isInteger(startMoveNumber) && startMoveNumber > 0 ? startMoveNumber : 1,
    human: Sides.includes(human) ? human : 'w',
    level: normalLevel(level),
    plies: [],
    redo: [],
    view: null,
    resigned: null,
    clock: newClock(clock),
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
  return game.plies.length ? game.plies[game.plies.length - 1].turn : game.startTurn;
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

/** What the board shows: {fen, turn, lastMove, check} of the viewed position. */
export function shown(game) {
  const n = shownPlies(game);
  const ply = n > 0 ? game.plies[n - 1] : null;
  return { fen: fenAfter(game, n), turn: ply?.turn ?? game.startTurn, lastMove: ply?.move ?? null, check: ply?.check ?? false };
}

/** The ply of the engine's record of a move (a PlayRecord or an entry of GameRecord.plies). */
export function plyOf(record) {
  return { move: record.move, name: record.chinese, fen: record.fen, turn: record.turn, check: record.check };
}

/** The game with `ply` played in the live position; the redo list is dropped. */
export function play(game, ply) {
  return { ...game, plies: [...game.plies, { ...ply }], redo: [], view: null, resigned: null };
}

/**
 * The game as the engine has it (`record`: the package's GameRecord): its start and every ply from
 * the engine's records; the person's side, level, redo list and resignation stay.
 */
export function fromRecord(game, record) {
  return {
    ...game,
    startFen: record.start.fen,
    startTurn: record.start.turn,
    startMoveNumber: record.start.moveNumber,
    plies: record.plies.map(plyOf),
    view: game.view !== null && game.view < record.plies.length ? game.view : null,
  };
}

// Side that made the n-th ply (1-based).
const moverOf = (game, n) => (n === 1 ? game.startTurn : game.plies[n - 2].turn);

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

/**
 * Plays on from the position after `n` plies: it becomes the live one, and the moves after it go
 * to the redo list (Redo brings the old line back until a new move replaces it). Unchanged when
 * `n` is the live position.
 */
export function branchAt(game, n) {
  if (!(n >= 0 && n < game.plies.length)) return game;
  const tail = game.plies.slice(n).reverse();
  return { ...game, plies: game.plies.slice(0, n), redo: [...game.redo, ...tail], view: null, resigned: null };
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
 * resigned or, the game not over on the board, ran out of time (reason 'time'). Returns null while the game goes on, else {result: '1-0'|'0-1'|'1/2-1/2', reason}.
 */
export function outcome(game, engineResult) {
  if (game.resigned) return { result: game.resigned === 'w' ? '0-1' : '1-0', reason: 'resignation' };
  if (game.clock?.flagged && !engineResult?.over) return { result: game.clock.flagged === 'w' ? '0-1' : '1-0', reason: 'time' };
  if (engineResult?.over) return { result: engineResult.result, reason: engineResult.reason };
  return null;
}

/**
 * The move list as numbered rows, Red's move then Black's: [{number, red, black}], each cell
 * {ply (1-based), move, name} or null (a game starting with Black to move has no first Red move).
 */
export function moveRows(game) {
  const rows = [];
  let number = game.startMoveNumber;
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
const copyPly = (p) => ({ move: p.move, name: p.name, fen: p.fen, turn: Turns.includes(p.turn) ? p.turn : null, check: !!p.check });

/**
 * A game from serialize()'s text, or null if the text is not one (damaged). A version 1 game
 * (before the turn was recorded) reads with turns unknown: the engine's record of it fills them
 * in when the app loads it (fromRecord).
 */
export function deserialize(text) {
  let g;
  try {
    g = JSON.parse(text);
  } catch {
    return null;
  }
  if (!g || (g.version !== Version && g.version !== 1) || typeof g.startFen !== 'string' || !Sides.includes(g.human)) return null;
  if (!Array.isArray(g.plies) || !Array.isArray(g.redo) || !g.plies.every(isPly) || !g.redo.every(isPly)) return null;
  return {
    ...createGame({ startFen: g.startFen, startTurn: g.startTurn, startMoveNumber: g.startMoveNumber, human: g.human, level: g.level }),
    plies: g.plies.map(copyPly),
    redo: g.redo.map(copyPly),
    resigned: g.resigned === 'w' || g.resigned === 'b' ? g.resigned : null,
    clock: readClock(g.clock),
  };
}
