// Drawing the board: one SVG that scales to its container. It draws what it is told — a FEN's
// placement, the last move, a general in check, a selection with its destinations, arrows (a
// hint, the analysis lines, a threat, a review's better move), a previewed line — and has no
// rules of its own. Input (pointer, keyboard) is in input.js.
//
// Test and accessibility hooks: every point is a <rect class="point" data-square="a0"…"i9">
// (the click targets, on top); every piece is a <g class="piece" data-piece="R" data-square="a0">;
// the host element carries data-fen (the FEN shown) and data-flipped.
import { AllSquares, parsePlacement, parseSquare, moveSquares, generalSquare, pieceSide, placementAfter } from './fen.js';
import { DefaultPieceSet, PieceSets, pieceGlyph, pieceSet } from './pieces.js';

const SvgNs = 'http://www.w3.org/2000/svg';
const Cell = 60; // distance between lines
const MarginX = 56;
const MarginY = 66;
export const Width = 8 * Cell + 2 * MarginX;
export const Height = 9 * Cell + 2 * MarginY;
const PieceRadius = 27;
const AnimationMs = 180;
const ArrowKinds = ['hint', 'best', 'line', 'threat', 'review', 'preview', 'premove'];

// The traditional set (pieces.js holds every set): Red 帅仕相傌俥炮兵, Black 将士象馬車砲卒.
export const PieceChars = PieceSets.traditional.chars;
const RedNumerals = ['九', '八', '七', '六', '五', '四', '三', '二', '一']; // Red's files, a..i
const FontFamily = "'KaiTi', 'STKaiti', 'Kaiti SC', 'AR PL UKai CN', 'Noto Serif CJK SC', 'Source Han Serif SC', 'WenQuanYi Micro Hei', serif";

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SvgNs, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

// Each board's SVG ids (its gradient, its arrow heads) carry a number of their own: two boards on
// one page (the game's and the editor's) must not share them, for a url(#id) finds the first in the
// page, which draws nothing while its board is hidden.
let boards = 0;

export class BoardView {
  #host;
  #flipped = false;
  #fen = '';
  #placement = new Map();
  #lastMove = null;
  #check = null; // the side in check: 'w' | 'b' | null
  #selected = null;
  #dests = [];
  #arrows = []; // [{move, kind: 'hint'|'best'|'line'|'threat'|'review'|'preview'|'premove', label?}]
  #cursor = null;
  #layers = {};
  #pieces = new Map(); // square -> piece element

  #describe;
  #spoken;
  #pieceSet = DefaultPieceSet;
  #id = ++boards;

  /**
   * Draws an empty board in `host` (its contents are replaced). `describeSquare(square, piece)`
   * names a point for screen readers ("e2, red cannon"; piece: a FEN letter or undefined), read
   * out when the keyboard cursor reaches it. `pieceSet`: the glyphs (pieces.js: 'traditional',
   * 'letters').
   */
  constructor(host, { flipped = false, label = 'Xiangqi board', describeSquare = (square, piece) => `${square} ${piece ?? ''}`, pieceSet: set = DefaultPieceSet } = {}) {
    this.#host = host;
    this.#flipped = flipped;
    this.#pieceSet = pieceSet(set);
    this.#describe = describeSquare;
    host.textContent = '';
    this.svg = el('svg', {
      viewBox: `0 0 ${Width} ${Height}`,
      class: 'xq-board',
      role: 'application',
      tabindex: 0,
      'aria-label': label,
    });
    host.appendChild(this.svg);
    this.#spoken = document.createElement('div');
    this.#spoken.className = 'xq-sr';
    this.#spoken.setAttribute('aria-live', 'polite');
    host.appendChild(this.#spoken);
    this.#drawDefs();
    for (const name of ['grid', 'under', 'pieces', 'over', 'points']) this.#layers[name] = el('g', { class: `layer-${name}` }, this.svg);
    this.#drawGrid();
    this.#drawPoints();
    host.dataset.flipped = String(flipped);
  }

  get flipped() {
    return this.#flipped;
  }
  /** Whether a line is previewed (setPreview) rather than the position set. */
  get previewing() {
    return 'preview' in this.#host.dataset;
  }
  get fen() {
    return this.#fen;
  }

  /** The FEN letter on `square`, or undefined. */
  pieceAt(square) {
    return this.#placement.get(square);
  }

  setLabel(label) {
    this.svg.setAttribute('aria-label', label);
  }

  /** Draws the pieces in piece set `set` (pieces.js); the host carries it as data-piece-set. */
  setPieceSet(set) {
    this.#pieceSet = pieceSet(set);
    this.#host.dataset.pieceSet = this.#pieceSet;
    this.#drawPieces(null);
  }

  /**
   * Shows a position. `lastMove` (ICCS) is marked; `check` ('w' | 'b' | null) rings that side's
   * general; `animate` slides the piece of lastMove from its origin.
   */
  setPosition(fen, { lastMove = null, check = null, animate = false } = {}) {
    const placement = parsePlacement(fen);
    if (!placement) return;
    this.#fen = fen;
    this.#placement = placement;
    this.#lastMove = lastMove;
    this.#check = check;
    this.#host.dataset.fen = fen;
    delete this.#host.dataset.preview;
    this.#drawPieces(animate ? lastMove : null);
    this.#drawUnder();
  }

  setFlipped(flipped) {
    this.#flipped = !!flipped;
    this.#host.dataset.flipped = String(this.#flipped);
    this.#drawGrid();
    this.#drawPoints();
    this.#drawPieces(null);
    this.#drawUnder();
    this.#drawOver();
  }

  /** Marks `square` as picked up and its legal destinations (squares). */
  setSelection(square, dests = []) {
    this.#selected = square;
    this.#dests = dests;
    this.#drawOver();
  }

  /** Shows a suggested move (ICCS) as an arrow, or nothing. */
  setHint(move) {
    this.setArrows(move ? [{ move, kind: 'hint' }] : []);
  }

  /**
   * Shows arrows, each {move (ICCS), kind: 'hint' | 'best' | 'line' | 'threat' | 'review' |
   * 'preview', label?} (kinds differ in colour and weight; a label is drawn at the arrow's head).
   */
  setArrows(arrows) {
    this.#arrows = arrows.filter((a) => /^[a-i][0-9][a-i][0-9]$/.test(a.move ?? ''));
    this.#drawOver();
  }

  /**
   * Previews a line: the pieces of `fen` moved along `moves` (ICCS), each taking its piece from one
   * point to the other (what a move does to the placement; legality is the engine's, which gave the
   * line), the moves numbered as arrows. The host's data-fen stays the position shown; its
   * data-preview holds the moves previewed.
   */
  setPreview(fen, moves) {
    const placement = parsePlacement(fen);
    if (!placement) return;
    this.#placement = placementAfter(placement, moves);
    this.#lastMove = moves.at(-1) ?? null;
    this.#check = null;
    this.#host.dataset.preview = moves.join(' ');
    this.#drawPieces(null);
    this.#drawUnder();
    this.#arrows = moves.map((move, i) => ({ move, kind: 'preview', label: String(i + 1) }));
    this.#drawOver();
  }

  /** The keyboard cursor's square, or null to hide it; a screen reader hears the square's name. */
  setCursor(square) {
    this.#cursor = square;
    this.#drawOver();
    if (square) this.#spoken.textContent = this.#describe(square, this.pieceAt(square));
  }

  /** What the keyboard cursor's square is called for a screen reader ('' when there is none). */
  get spoken() {
    return this.#spoken.textContent;
  }

  /** Briefly marks `square` as refused (an illegal destination). */
  flashRefused(square) {
    const { x, y } = this.center(square);
    const mark = el('circle', { cx: x, cy: y, r: PieceRadius, class: 'refused' }, this.#layers.over);
    mark.animate([{ opacity: 0.9 }, { opacity: 0 }], { duration: 500 }).finished.then(() => mark.remove(), () => mark.remove());
  }

  /** SVG coordinates of a square's intersection. */
  center(square) {
    const { file, rank } = parseSquare(square);
    const col = this.#flipped ? 8 - file : file;
    const row = this.#flipped ? rank : 9 - rank;
    return { x: MarginX + col * Cell, y: MarginY + row * Cell };
  }

  /** The square nearest to a client (screen) point, or null when off the board. */
  squareAt(clientX, clientY) {
    const p = this.toSvgPoint(clientX, clientY);
    const col = Math.round((p.x - MarginX) / Cell);
    const row = Math.round((p.y - MarginY) / Cell);
    if (col < 0 || col > 8 || row < 0 || row > 9) return null;
    const file = this.#flipped ? 8 - col : col;
    const rank = this.#flipped ? row : 9 - row;
    return 'abcdefghi'[file] + rank;
  }

  toSvgPoint(clientX, clientY) {
    const box = this.svg.getBoundingClientRect();
    // viewBox is scaled uniformly (xMidYMid meet): find the scale and the letterbox offset.
    const scale = Math.min(box.width / Width, box.height / Height);
    const offsetX = (box.width - Width * scale) / 2;
    const offsetY = (box.height - Height * scale) / 2;
    return { x: (clientX - box.left - offsetX) / scale, y: (clientY - box.top - offsetY) / scale };
  }

  /** Moves the piece on `square` with the pointer (dragging); null square ends the drag. */
  dragPiece(square, clientX, clientY) {
    const piece = this.#pieces.get(square);
    if (!piece) return;
    const p = this.toSvgPoint(clientX, clientY);
    piece.setAttribute('transform', `translate(${p.x},${p.y}) scale(1.08)`);
    piece.classList.add('dragging');
    this.#layers.pieces.appendChild(piece); // on top of the others
  }

  /** Puts a dragged piece back on its square. */
  endDrag(square) {
    const piece = this.#pieces.get(square);
    if (!piece) return;
    const { x, y } = this.center(square);
    piece.setAttribute('transform', `translate(${x},${y})`);
    piece.classList.remove('dragging');
  }

  // ---- drawing ----

  #drawDefs() {
    const defs = el('defs', {}, this.svg);
    const wood = el('radialGradient', { id: `xq-piece-face-${this.#id}`, cx: '40%', cy: '35%', r: '75%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#fff8e6' }, wood);
    el('stop', { offset: '100%', 'stop-color': '#ecc98a' }, wood);
    for (const kind of ArrowKinds) {
      const marker = el('marker', { id: `xq-arrow-${kind}-${this.#id}`, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrow-head ${kind}` }, marker);
    }
  }

  #drawGrid() {
    const g = this.#layers.grid;
    g.textContent = '';
    const left = MarginX;
    const top = MarginY;
    const right = MarginX + 8 * Cell;
    const bottom = MarginY + 9 * Cell;
    el('rect', { x: 0, y: 0, width: Width, height: Height, rx: 10, class: 'wood' }, g);
    el('rect', { x: left - 7, y: top - 7, width: right - left + 14, height: bottom - top + 14, class: 'frame' }, g);
    const line = (x1, y1, x2, y2) => el('line', { x1, y1, x2, y2, class: 'line' }, g);
    for (let row = 0; row <= 9; row++) line(left, top + row * Cell, right, top + row * Cell);
    for (let col = 0; col <= 8; col++) {
      const x = left + col * Cell;
      if (col === 0 || col === 8) line(x, top, x, bottom);
      else {
        line(x, top, x, top + 4 * Cell); // the river cuts the inner files
        line(x, top + 5 * Cell, x, bottom);
      }
    }
    // Palaces: the diagonals of the 3x3 squares around each general's file.
    for (const row of [0, 7]) {
      const y1 = top + row * Cell;
      const y2 = y1 + 2 * Cell;
      line(left + 3 * Cell, y1, left + 5 * Cell, y2);
      line(left + 5 * Cell, y1, left + 3 * Cell, y2);
    }
    // Position marks of the cannons and soldiers.
    for (const [col, row] of [[1, 2], [7, 2], [1, 7], [7, 7], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3], [0, 6], [2, 6], [4, 6], [6, 6], [8, 6]])
      this.#drawMark(g, left + col * Cell, top + row * Cell, col > 0, col < 8);
    // River.
    const riverY = top + 4.5 * Cell;
    const river = (text, x) => {
      const t = el('text', { x, y: riverY, class: 'river', 'font-family': FontFamily }, g);
      t.textContent = text;
    };
    river('楚 河', left + 2 * Cell);
    river('汉 界', left + 6 * Cell);
    // Coordinates: traditional file numbers (Black's 1–9 and Red's 九–一 on their own sides) and
    // the ICCS letters and ranks.
    for (let file = 0; file < 9; file++) {
      const col = this.#flipped ? 8 - file : file;
      const x = left + col * Cell;
      const redY = this.#flipped ? top - 38 : bottom + 40;
      const blackY = this.#flipped ? bottom + 40 : top - 38;
      this.#label(g, x, redY, RedNumerals[file], 'numeral');
      this.#label(g, x, blackY, String(file + 1), 'numeral');
      this.#label(g, x, bottom + 58, 'abcdefghi'[file], 'iccs');
    }
    for (let rank = 0; rank <= 9; rank++) {
      const row = this.#flipped ? rank : 9 - rank;
      this.#label(g, left - 44, top + row * Cell, String(rank), 'iccs');
    }
  }

  #label(g, x, y, text, cls) {
    const t = el('text', { x, y, class: `label ${cls}`, 'font-family': FontFamily }, g);
    t.textContent = text;
  }

  // The little corner marks around a cannon or soldier point (only on the sides inside the board).
  #drawMark(g, x, y, leftSide, rightSide) {
    const gap = 5;
    const len = 10;
    const d = [];
    for (const sx of [-1, 1]) {
      if ((sx < 0 && !leftSide) || (sx > 0 && !rightSide)) continue;
      for (const sy of [-1, 1]) {
        const cx = x + sx * gap;
        const cy = y + sy * gap;
        d.push(`M${cx + sx * len},${cy} L${cx},${cy} L${cx},${cy + sy * len}`);
      }
    }
    el('path', { d: d.join(' '), class: 'mark' }, g);
  }

  #drawPoints() {
    const g = this.#layers.points;
    g.textContent = '';
    for (const square of AllSquares) {
      const { x, y } = this.center(square);
      el('rect', { x: x - Cell / 2, y: y - Cell / 2, width: Cell, height: Cell, class: 'point', 'data-square': square }, g);
    }
  }

  #drawPieces(animatedMove) {
    const g = this.#layers.pieces;
    g.textContent = '';
    this.#pieces.clear();
    for (const [square, letter] of this.#placement) {
      const { x, y } = this.center(square);
      const piece = el('g', {
        class: `piece ${pieceSide(letter) === 'w' ? 'red' : 'black'}`,
        'data-piece': letter,
        'data-square': square,
        transform: `translate(${x},${y})`,
      }, g);
      el('circle', { r: PieceRadius, cx: 1.5, cy: 2.5, class: 'shadow' }, piece);
      el('circle', { r: PieceRadius, class: 'face', fill: `url(#xq-piece-face-${this.#id})` }, piece);
      el('circle', { r: PieceRadius - 4.5, class: 'ring' }, piece);
      const text = el('text', { class: 'char', 'font-family': FontFamily }, piece);
      text.textContent = pieceGlyph(letter, this.#pieceSet);
      this.#pieces.set(square, piece);
    }
    if (animatedMove && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
      const [from, to] = moveSquares(animatedMove);
      const piece = this.#pieces.get(to);
      if (piece) {
        const a = this.center(from);
        const b = this.center(to);
        // A CSS transform on an SVG element is in user units.
        piece.animate([{ transform: `translate(${a.x}px,${a.y}px)` }, { transform: `translate(${b.x}px,${b.y}px)` }], {
          duration: AnimationMs,
          easing: 'ease-out',
        });
      }
    }
  }

  #drawUnder() {
    const g = this.#layers.under;
    g.textContent = '';
    if (this.#lastMove) {
      for (const square of moveSquares(this.#lastMove)) {
        const { x, y } = this.center(square);
        el('rect', { x: x - Cell / 2 + 3, y: y - Cell / 2 + 3, width: Cell - 6, height: Cell - 6, rx: 6, class: 'last-move' }, g);
      }
    }
    if (this.#check) {
      const general = generalSquare(this.#placement, this.#check);
      if (general) {
        const { x, y } = this.center(general);
        el('circle', { cx: x, cy: y, r: PieceRadius + 5, class: 'check' }, g);
      }
    }
  }

  #drawArrow(g, { move, kind, label }) {
    const [from, to] = moveSquares(move);
    const a = this.center(from);
    const b = this.center(to);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const shorten = 14 / len;
    const x2 = b.x - (b.x - a.x) * shorten;
    const y2 = b.y - (b.y - a.y) * shorten;
    el('line', { x1: a.x, y1: a.y, x2, y2, class: `arrow ${kind}`, 'data-move': move, 'marker-end': `url(#xq-arrow-${kind}-${this.#id})` }, g);
    if (label) {
      // At the middle of the arrow, leaving the pieces at its ends readable.
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      el('circle', { cx: mx, cy: my, r: 10, class: `arrow-label ${kind}` }, g);
      const t = el('text', { x: mx, y: my, class: 'arrow-label-text' }, g);
      t.textContent = label;
    }
  }

  #drawOver() {
    const g = this.#layers.over;
    g.textContent = '';
    if (this.#selected) {
      const { x, y } = this.center(this.#selected);
      el('circle', { cx: x, cy: y, r: PieceRadius + 2, class: 'selected' }, g);
      for (const square of this.#dests) {
        const c = this.center(square);
        if (this.#placement.has(square)) el('circle', { cx: c.x, cy: c.y, r: PieceRadius + 1, class: 'dest capture' }, g);
        else el('circle', { cx: c.x, cy: c.y, r: 8, class: 'dest' }, g);
      }
    }
    for (const arrow of this.#arrows) this.#drawArrow(g, arrow);
    if (this.#cursor) {
      const { x, y } = this.center(this.#cursor);
      el('rect', { x: x - Cell / 2 + 2, y: y - Cell / 2 + 2, width: Cell - 4, height: Cell - 4, rx: 8, class: 'cursor' }, g);
    }
  }
}

/** The board's styles, for pages (app.css imports nothing) and shadow roots alike. */
export const BoardCss = `
.xq-board { display: block; width: 100%; height: auto; max-height: 100%; touch-action: none; user-select: none; -webkit-user-select: none; outline: none; }
.xq-board .wood { fill: #e9c68f; }
.xq-board .frame { fill: none; stroke: #5b3a1c; stroke-width: 3; }
.xq-board .line { stroke: #5b3a1c; stroke-width: 1.6; }
.xq-board .mark { fill: none; stroke: #5b3a1c; stroke-width: 1.4; }
.xq-board .river { font-size: 34px; fill: #7a5230; text-anchor: middle; dominant-baseline: central; letter-spacing: 6px; }
.xq-board .label { text-anchor: middle; dominant-baseline: central; fill: #6b4a2b; }
.xq-board .numeral { font-size: 17px; }
.xq-board .iccs { font-size: 12px; font-family: ui-monospace, monospace; fill: #5c3d1e; }
.xq-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.xq-board .piece .shadow { fill: rgba(60, 30, 0, 0.35); }
.xq-board .piece .face { stroke: #7b5327; stroke-width: 1.5; }
.xq-board .piece .ring { fill: none; stroke-width: 1.4; }
.xq-board .piece.red .ring { stroke: #b3261e; }
.xq-board .piece.black .ring { stroke: #222; }
.xq-board .piece .char { font-size: 31px; font-weight: 700; text-anchor: middle; dominant-baseline: central; }
.xq-board .piece.red .char { fill: #b3261e; }
.xq-board .piece.black .char { fill: #1d1d1d; }
.xq-board .piece.dragging { filter: drop-shadow(0 4px 4px rgba(0,0,0,.35)); }
.xq-board .piece { pointer-events: none; }
.xq-board .point { fill: transparent; cursor: pointer; }
.xq-board .last-move { fill: rgba(40, 120, 220, 0.22); stroke: rgba(30, 90, 190, 0.55); stroke-width: 2; }
.xq-board .check { fill: rgba(230, 30, 30, 0.35); stroke: #d01010; stroke-width: 3; }
.xq-board .selected { fill: none; stroke: #1c7c2c; stroke-width: 3.5; pointer-events: none; }
.xq-board .dest { fill: rgba(28, 124, 44, 0.75); pointer-events: none; }
.xq-board .dest.capture { fill: none; stroke: rgba(28, 124, 44, 0.85); stroke-width: 4; stroke-dasharray: 7 5; }
.xq-board .refused { fill: rgba(220, 20, 20, 0.45); pointer-events: none; }
.xq-board .arrow { stroke-width: 9; stroke-linecap: round; pointer-events: none; opacity: 0.85; }
.xq-board .arrow.hint { stroke: rgb(230, 120, 0); }
.xq-board .arrow.best { stroke: rgb(20, 110, 200); }
.xq-board .arrow.line { stroke: rgb(20, 110, 200); stroke-width: 5; opacity: 0.5; }
.xq-board .arrow.threat { stroke: rgb(210, 30, 30); stroke-dasharray: 14 8; }
.xq-board .arrow.review { stroke: rgb(30, 150, 60); }
.xq-board .arrow.preview { stroke: rgb(110, 60, 170); stroke-width: 6; opacity: 0.7; }
.xq-board .arrow.premove { stroke: rgb(90, 90, 90); stroke-dasharray: 12 7; opacity: 0.75; }
.xq-board .arrow-head.premove { fill: rgb(90, 90, 90); }
.xq-board .arrow-head.hint { fill: rgb(230, 120, 0); }
.xq-board .arrow-head.best, .xq-board .arrow-head.line { fill: rgb(20, 110, 200); }
.xq-board .arrow-head.threat { fill: rgb(210, 30, 30); }
.xq-board .arrow-head.review { fill: rgb(30, 150, 60); }
.xq-board .arrow-head.preview { fill: rgb(110, 60, 170); }
.xq-board .arrow-label { fill: #fff; stroke: rgb(110, 60, 170); stroke-width: 2; }
.xq-board .arrow-label.best, .xq-board .arrow-label.line { stroke: rgb(20, 110, 200); }
.xq-board .arrow-label-text { font: 700 13px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; fill: #222; }
.xq-board .cursor { fill: none; stroke: #1a5fd0; stroke-width: 3; stroke-dasharray: 6 4; pointer-events: none; }
.xq-board:not(:focus-visible) .cursor { display: none; }
.xq-board .layer-under, .xq-board .layer-over, .xq-board .layer-grid { pointer-events: none; }
`;
