// Input on the board: click a piece then a destination, drag a piece, or use the keyboard (arrow
// keys move a cursor, Enter/Space act like a click, Escape drops the selection). What may move
// where comes from `legalMoves()` (the engine's list, ICCS); a click elsewhere is refused.
import { moveSquares } from './fen.js';

const DragThresholdPx = 6;

/**
 * Connects `board` (a BoardView) to the person. `options`:
 *   legalMoves(): the ICCS moves the person may play now ([] when it is not their turn)
 *   onMove(move): called with a legal ICCS move
 *   onRefused(square): optional, called when a destination is refused
 *   onTouch(): optional, called when the board is touched; may return a promise that brings the
 *     legal moves (asked of the engine), after which the touch counts
 *   premove: optional {active(), from(square), to(from, square), set(move | null)}: while active()
 *     (the opponent thinks), a click or drag from a square from() allows to one to() allows sets a
 *     premove, and a click on any other point cancels it (no rules here: the engine judges the
 *     premove once the opponent has moved)
 * Returns {clear()} to drop the selection (after the position changed).
 */
export function attachInput(board, { legalMoves, onMove, onRefused = () => {}, onTouch = () => null, premove = null }) {
  let selected = null;
  let press = null; // {square, x, y, wasSelected, dragging, pointerId}
  let cursor = null;

  const destsFrom = (square) => legalMoves().filter((m) => m.startsWith(square)).map((m) => moveSquares(m)[1]);
  const movable = (square) => destsFrom(square).length > 0;

  function select(square) {
    selected = square;
    board.setSelection(square, square ? destsFrom(square) : []);
  }

  // A click (or Enter) on `square` while the opponent thinks: a premove.
  function actPremove(square) {
    if (selected && square !== selected && premove.to(selected, square)) {
      const move = selected + square;
      select(null);
      return premove.set(move);
    }
    if (square === selected) return select(null);
    if (premove.from(square)) {
      selected = square;
      return board.setSelection(square, []);
    }
    select(null);
    premove.set(null);
  }

  // A click (or Enter) on `square`: move there, pick a piece up, or refuse.
  function act(square) {
    if (premove?.active()) return actPremove(square);
    if (selected && square !== selected) {
      const move = selected + square;
      if (legalMoves().includes(move)) {
        select(null);
        onMove(move);
        return;
      }
      if (movable(square)) return select(square);
      board.flashRefused(square);
      onRefused(square);
      return select(null);
    }
    if (square === selected) return select(null);
    if (movable(square)) select(square);
  }

  const svg = board.svg;
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const square = board.squareAt(event.clientX, event.clientY);
    if (!square) return;
    event.preventDefault(); // no text selection or scrolling while moving a piece
    const fetching = onTouch();
    if (fetching) {
      fetching.then(() => !selected && movable(square) && select(square)).catch(() => {});
      return;
    }
    const wasSelected = selected === square;
    if (!wasSelected) act(square); // picks up, moves or refuses at once
    press = selected === square ? { square, x: event.clientX, y: event.clientY, wasSelected, dragging: false, pointerId: event.pointerId } : null;
    if (press) svg.setPointerCapture?.(event.pointerId);
  });

  svg.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) < DragThresholdPx) return;
    press.dragging = true;
    board.dragPiece(press.square, event.clientX, event.clientY);
  });

  const release = (event, cancelled) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const { square, dragging, wasSelected } = press;
    press = null;
    if (dragging) {
      board.endDrag(square);
      const target = cancelled ? null : board.squareAt(event.clientX, event.clientY);
      if (target && target !== square) act(target);
    } else if (wasSelected) {
      select(null); // a second click on the picked-up piece puts it down
    }
  };
  svg.addEventListener('pointerup', (event) => release(event, false));
  svg.addEventListener('pointercancel', (event) => release(event, true));

  svg.addEventListener('keydown', (event) => {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (steps[event.key]) {
      event.preventDefault();
      const [df, dr] = steps[event.key].map((d) => (board.flipped ? -d : d));
      const from = cursor ?? selected ?? (board.flipped ? 'e9' : 'e0');
      const file = Math.max(0, Math.min(8, 'abcdefghi'.indexOf(from[0]) + df));
      const rank = Math.max(0, Math.min(9, Number(from[1]) + dr));
      cursor = 'abcdefghi'[file] + rank;
      board.setCursor(cursor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const fetching = onTouch();
      if (fetching) return void fetching.then(() => cursor && act(cursor)).catch(() => {});
      if (!cursor) {
        cursor = board.flipped ? 'e9' : 'e0';
        board.setCursor(cursor);
      } else act(cursor);
    } else if (event.key === 'Escape') {
      select(null);
    }
  });
  svg.addEventListener('focus', () => cursor && board.setCursor(cursor));

  return {
    clear: () => {
      press = null;
      select(null);
    },
  };
}
