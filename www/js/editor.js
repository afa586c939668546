// The position editor's state: which piece stands where, the side to move, how the board is
// turned and what the tray has picked up. Plain immutable data (each edit returns a new state),
// tested in Node. It has no rules: whether a position can be played, and why not, is asked of the
// engine (Engine.checkPosition), which names every problem and the points concerned.
//
// A state: {board: Map(square -> FEN letter), turn: 'w' | 'b', flipped: boolean,
//           picked: null | FEN letter | 'erase'} (picked: the tray's choice for click-to-place).
import { AllSquares, StartFen, parsePlacement, parseSquare, squareName } from './fen.js';

/** The tray: each side's pieces in the order they are shown (general first). */
export const TrayPieces = { w: ['K', 'A', 'B', 'N', 'R', 'C', 'P'], b: ['k', 'a', 'b', 'n', 'r', 'c', 'p'] };
/** The tray's eraser: a click with it removes the piece clicked. */
export const Erase = 'erase';

const Letters = 'KABNRCPkabnrcp';
const isLetter = (x) => typeof x === 'string' && x.length === 1 && Letters.includes(x);
const isSquare = (x) => parseSquare(x) !== null;

function make(board, turn, flipped, picked = null) {
  return Object.freeze({ board, turn, flipped, picked });
}

/** An editor showing `fen` (its placement and side to move); the start position if it has none. */
export function editorFrom(fen = StartFen, { flipped = false } = {}) {
  const board = parsePlacement(fen) ?? parsePlacement(StartFen);
  const side = String(fen).trim().split(/\s+/)[1];
  return make(board, side === 'b' ? 'b' : 'w', !!flipped);
}

/** The FEN of the editor's position: placement, side to move, no counters run. */
export function editorFen(state) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const letter = state.board.get(squareName(file, rank));
      if (!letter) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += letter;
    }
    rows.push(row + (empty ? empty : ''));
  }
  return `${rows.join('/')} ${state.turn} - - 0 1`;
}

/** Puts `letter` on `square` (whatever stood there goes). */
export function place(state, square, letter) {
  if (!isSquare(square) || !isLetter(letter)) return state;
  const board = new Map(state.board);
  board.set(square, letter);
  return make(board, state.turn, state.flipped, state.picked);
}

/** Takes the piece off `square`. */
export function remove(state, square) {
  if (!state.board.has(square)) return state;
  const board = new Map(state.board);
  board.delete(square);
  return make(board, state.turn, state.flipped, state.picked);
}

/**
 * A drag on the board: the piece on `from` goes to `to` (taking its place), or off the board when
 * `to` is null (dropped outside). Dragging from the tray is place().
 */
export function drag(state, from, to) {
  const letter = state.board.get(from);
  if (!letter) return state;
  if (to === null || to === undefined) return remove(state, from);
  if (!isSquare(to) || to === from) return state;
  return place(remove(state, from), to, letter);
}

/** The tray's choice for click-to-place: a FEN letter, Erase, or null (none). */
export function pick(state, choice) {
  const picked = isLetter(choice) || choice === Erase ? (state.picked === choice ? null : choice) : null;
  return make(state.board, state.turn, state.flipped, picked);
}

/**
 * A click on `square` with the tray's choice: the picked piece is placed (a second click with the
 * same piece takes it off again), the eraser removes. Without a choice nothing changes (the page
 * then treats the click as the start of a move on the board).
 */
export function clickWithPick(state, square) {
  if (!state.picked || !isSquare(square)) return state;
  if (state.picked === Erase || state.board.get(square) === state.picked) return remove(state, square);
  return place(state, square, state.picked);
}

/** An empty board. */
export function clear(state) {
  return make(new Map(), state.turn, state.flipped, state.picked);
}

/** The start position, Red to move. */
export function startPosition(state) {
  return make(parsePlacement(StartFen), 'w', state.flipped, state.picked);
}

export function setTurn(state, turn) {
  return turn === 'w' || turn === 'b' ? make(state.board, turn, state.flipped, state.picked) : state;
}

export function flip(state) {
  return make(state.board, state.turn, !state.flipped, state.picked);
}

/** How many of each FEN letter stand on the board ({K: 1, ...}; absent: none). */
export function counts(state) {
  const out = {};
  for (const letter of state.board.values()) out[letter] = (out[letter] ?? 0) + 1;
  return out;
}

/** Every square of the board with its piece or undefined, rank 9 first (for drawing a grid). */
export function squares(state) {
  return AllSquares.map((square) => ({ square, piece: state.board.get(square) }));
}

/**
 * The engine's judgement of the editor's position (Engine.checkPosition): {fen, ok, problems,
 * check, result, legalMoves, marked}; `marked` is every point a problem names (to ring on the
 * board). `engine` is anything with checkPosition(fen), e.g. the app's engine session.
 */
export async function judge(engine, state) {
  const fen = editorFen(state);
  const verdict = await engine.checkPosition(fen);
  const marked = [...new Set(verdict.problems.flatMap((p) => p.squares))];
  return { fen, ok: verdict.problems.length === 0, ...verdict, marked };
}

/**
 * One problem in words, in the interface's language: `t(key, params)` is i18n.js's t; the keys are
 * editorProblem_<code>, with {side}, {piece} ({pieces}: the plural), {square}, {count}, {max}
 * (pieces and sides named by t('piece_<letter>'), t('piecePl_<letter>') and t('red' | 'black')).
 */
export function problemText(problem, t) {
  const params = {
    side: problem.side ? t(problem.side === 'w' ? 'red' : 'black') : '',
    piece: problem.piece ? t(`piece_${problem.piece.toUpperCase()}`) : '',
    pieces: problem.piece ? t(`piecePl_${problem.piece.toUpperCase()}`) : '',
    square: problem.squares[0] ?? '',
    squares: problem.squares.join(', '),
    count: problem.count ?? '',
    max: problem.max ?? '',
  };
  // A FEN typed by hand can be malformed: the engine's own words say where.
  if (problem.code === 'syntax') return t('editorProblem_syntax', { error: problem.message });
  return t(`editorProblem_${problem.code}`, params);
}

/**
 * What the editor says of a legal position, an i18n key and its parameters: the game is already
 * over (mate, stalemate, no material), the side to move is in check, or it is ready.
 */
export function statusOf(verdict) {
  if (!verdict.ok) return { key: 'editorInvalid', params: { n: verdict.problems.length } };
  if (verdict.result?.over) return { key: 'editorOver', params: { reason: verdict.result.reason } };
  if (verdict.check) return { key: 'editorInCheck', params: {} };
  return { key: 'editorReady', params: { n: verdict.legalMoves } };
}
