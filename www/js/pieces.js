// Board themes and piece sets: what the person can choose for the look of the board. The colours
// are in www/themes/themes.css (a theme is a data-board-theme attribute on the board's host, a piece
// set a data-piece-set attribute); the glyphs of each piece set are here, for board.js to draw.
//
// Piece sets: 'traditional' (the Chinese characters, Red 帅仕相傌俥炮兵, Black 将士象馬車砲卒) and
// 'letters', readable without Chinese: the WXF letters K (king/general), A (advisor), E (elephant),
// H (horse), R (rook/chariot), C (cannon), P (pawn/soldier), the same for both sides (the colour
// tells them apart), as WXF notation names them (C2=5).

export const BoardThemes = ['wood', 'paper', 'slate'];
export const DefaultBoardTheme = 'wood';

export const PieceSets = {
  traditional: {
    chars: { K: '帅', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '将', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' },
  },
  letters: {
    chars: { K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P', k: 'K', a: 'A', b: 'E', n: 'H', r: 'R', c: 'C', p: 'P' },
  },
};
export const DefaultPieceSet = 'traditional';

/** `name` if it is a board theme, else the default. */
export function boardTheme(name) {
  return BoardThemes.includes(name) ? name : DefaultBoardTheme;
}

/** `name` if it is a piece set, else the default. */
export function pieceSet(name) {
  return Object.hasOwn(PieceSets, name) ? name : DefaultPieceSet;
}

/** The glyph of FEN letter `letter` in piece set `set`. */
export function pieceGlyph(letter, set = DefaultPieceSet) {
  return PieceSets[pieceSet(set)].chars[letter];
}

/**
 * Shows `theme` and `set` on a board's host element (the attributes themes.css reads). The glyphs
 * change when the board draws its pieces with pieceGlyph.
 */
export function applyLook(host, { theme = DefaultBoardTheme, set = DefaultPieceSet } = {}) {
  host.dataset.boardTheme = boardTheme(theme);
  host.dataset.pieceSet = pieceSet(set);
}
