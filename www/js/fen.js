// Reading a FEN for drawing: piece placement only. No rules live here — legal moves, the side to
// move, check and results come from the engine's records; this module only says which piece
// stands where, in a FEN as the engine writes it.
//
// Squares use ICCS names: files a–i from Red's left, ranks 0–9 from Red's back rank ("h2").

export const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
export const Files = 'abcdefghi';

/** "h2" for file 7, rank 2. */
export function squareName(file, rank) {
  return Files[file] + rank;
}

/** {file, rank} of a square name, or null. */
export function parseSquare(name) {
  if (typeof name !== 'string' || !/^[a-i][0-9]$/.test(name)) return null;
  return { file: Files.indexOf(name[0]), rank: Number(name[1]) };
}

/** Every square name, rank 9 (Black's back rank) first, each rank from file a. */
export const AllSquares = Array.from({ length: 90 }, (_, i) => squareName(i % 9, 9 - Math.floor(i / 9)));

/**
 * Map from square name to FEN letter (K A B N R C P, Red upper case) of the FEN's placement field,
 * or null when the field is not 10 ranks of 9 squares.
 */
export function parsePlacement(fen) {
  const rows = String(fen).trim().split(/\s+/)[0].split('/');
  if (rows.length !== 10) return null;
  const board = new Map();
  for (let i = 0; i < 10; i++) {
    const rank = 9 - i;
    let file = 0;
    for (const ch of rows[i]) {
      if (/[1-9]/.test(ch)) {
        file += Number(ch);
      } else {
        if (!'kabnrcpKABNRCP'.includes(ch) || file > 8) return null;
        board.set(squareName(file, rank), ch);
        file++;
      }
    }
    if (file !== 9) return null;
  }
  return board;
}

/** 'w' for a Red piece letter, 'b' for a Black one. */
export function pieceSide(letter) {
  return letter === letter.toUpperCase() ? 'w' : 'b';
}

/** The two squares of an ICCS move: "h2e2" -> ["h2", "e2"]. */
export function moveSquares(move) {
  return [move.slice(0, 2), move.slice(2, 4)];
}

/** Square of the general of `side` in a placement map, or null. */
export function generalSquare(board, side) {
  const general = side === 'w' ? 'K' : 'k';
  for (const [square, letter] of board) if (letter === general) return square;
  return null;
}

/**
 * The placement after `moves` (ICCS) from `board` (a placement map): each move takes the piece on
 * its first square to its second, replacing what stood there. For drawing a line the engine gave
 * (a preview); it judges nothing.
 */
export function placementAfter(board, moves) {
  const after = new Map(board);
  for (const move of moves) {
    const [from, to] = moveSquares(move);
    const piece = after.get(from);
    if (!piece) break;
    after.delete(from);
    after.set(to, piece);
  }
  return after;
}
