// The position editor on the page: a board of its own (a BoardView in `boardHost`) and, in
// `panelHost`, a tray of pieces to drag on (or pick and click), an eraser, Clear, Start position,
// Flip, the side to move, the FEN, what the engine says of the position (every problem, the points
// concerned ringed on the board), and Analyse / Play from here / Share.
//
// Pieces: drag from the tray onto a point, drag on the board to move, drag off the board to
// remove; or pick in the tray and click points (a second click with the same piece removes it);
// the keyboard works on the tray's buttons and, with a piece picked, on the board (arrows, Enter).
//
// Test hooks: tray buttons .tray-piece[data-piece] and .tray-erase; the board's points
// .point[data-square]; the panel's host carries data-fen and data-ok (the engine's verdict).
import { BoardView } from './board.js';
import * as E from './editor.js';
import { parsePlacement } from './fen.js';
import { pieceGlyph } from './pieces.js';
import { shareLink } from './share.js';

const DragThresholdPx = 5;
const SvgNs = 'http://www.w3.org/2000/svg';

export class EditorPanel {
  #board;
  #panel;
  #engine;
  #t;
  #state;
  #verdict = null;
  #pieceSet = 'traditional';
  #onAnalyse;
  #onPlay;
  #onNotice;
  #pageUrl;
  #judging = 0; // the latest judgement asked for: an older answer is dropped
  #els = {};
  #marks;
  #drag = null; // {from: square | null, letter, x, y, ghost, started}
  #cursor = null;

  /**
   * `engine`: anything with checkPosition(fen) (the app's engine session). `t(key, params)`: the
   * interface's words. `onAnalyse(fen)`, `onPlay(fen)`: the buttons, enabled for a legal position.
   * `onNotice(text)`: short messages (link copied). `pageUrl()`: the page's URL for share links.
   */
  constructor(boardHost, panelHost, { engine, t, onAnalyse, onPlay, onNotice = () => {}, pageUrl = () => location.href, fen, flipped = false, pieceSet = 'traditional', describeSquare } = {}) {
    this.#engine = engine;
    this.#t = t;
    this.#onAnalyse = onAnalyse;
    this.#onPlay = onPlay;
    this.#onNotice = onNotice;
    this.#pageUrl = pageUrl;
    this.#pieceSet = pieceSet;
    this.#panel = panelHost;
    this.#board = new BoardView(boardHost, { flipped, label: t('editor'), describeSquare, pieceSet });
    this.#marks = document.createElementNS(SvgNs, 'g');
    this.#marks.setAttribute('class', 'editor-marks');
    this.#board.svg.appendChild(this.#marks);
    this.#buildPanel();
    this.#attachBoard();
    this.#state = E.editorFrom(fen, { flipped });
    this.#show();
  }

  get state() {
    return this.#state;
  }
  get fen() {
    return E.editorFen(this.#state);
  }
  /** The engine's last verdict ({ok, problems, ...}), or null before the first. */
  get verdict() {
    return this.#verdict;
  }
  get board() {
    return this.#board;
  }

  /** Shows `fen` (its placement and side to move) in the editor. */
  load(fen) {
    this.#set(E.editorFrom(fen, { flipped: this.#state.flipped }));
  }

  /** Texts again in the current language. */
  retranslate() {
    for (const el of this.#panel.querySelectorAll('[data-editor-i18n]')) el.textContent = this.#t(el.dataset.editorI18n);
    for (const el of this.#panel.querySelectorAll('[data-editor-label]')) {
      el.setAttribute('aria-label', this.#t(el.dataset.editorLabel));
      el.title = this.#t(el.dataset.editorLabel);
    }
    this.#board.setLabel(this.#t('editor'));
    this.#showVerdict();
  }

  /** Draws the tray's and the board's pieces in `set` (pieces.js). */
  setPieceSet(set) {
    this.#pieceSet = set;
    this.#board.setPieceSet?.(set);
    for (const b of this.#panel.querySelectorAll('.tray-piece')) b.querySelector('.glyph').textContent = pieceGlyph(b.dataset.piece, set);
  }

  // ---- state ----

  #set(state) {
    this.#state = state;
    this.#show();
  }

  #show() {
    const fen = this.fen;
    this.#panel.dataset.fen = fen;
    this.#board.setPosition(fen);
    if (this.#board.flipped !== this.#state.flipped) this.#board.setFlipped(this.#state.flipped);
    this.#els.fen.value = fen;
    for (const input of this.#els.turn) input.checked = input.value === this.#state.turn;
    for (const b of this.#panel.querySelectorAll('.tray-piece, .tray-erase')) b.setAttribute('aria-pressed', String(this.#state.picked === (b.dataset.piece ?? E.Erase)));
    this.#panel.dataset.ok = 'pending';
    this.#judge();
  }

  async #judge() {
    const asked = ++this.#judging;
    let verdict;
    try {
      verdict = await E.judge(this.#engine, this.#state);
    } catch (e) {
      verdict = { fen: this.fen, ok: false, problems: [{ code: 'syntax', message: String(e?.message ?? e), squares: [] }], marked: [] };
    }
    if (asked !== this.#judging) return;
    this.#verdict = verdict;
    this.#showVerdict();
  }

  #showVerdict() {
    const v = this.#verdict;
    if (!v) return;
    const t = this.#t;
    this.#panel.dataset.ok = String(v.ok);
    const status = E.statusOf(v);
    const params = { ...status.params };
    if (params.reason) params.reason = t(params.reason);
    this.#els.status.textContent = t(status.key, params);
    this.#els.status.className = `editor-status ${v.ok ? 'ok' : 'bad'}`;
    this.#els.problems.textContent = '';
    for (const p of v.problems) {
      const li = document.createElement('li');
      li.textContent = E.problemText(p, t);
      li.dataset.code = p.code;
      this.#els.problems.appendChild(li);
    }
    this.#els.analyse.disabled = !v.ok;
    this.#els.play.disabled = !v.ok || !!v.result?.over;
    this.#drawMarks(v.marked);
  }

  #drawMarks(squares) {
    this.#marks.textContent = '';
    for (const square of squares ?? []) {
      const { x, y } = this.#board.center(square);
      const ring = document.createElementNS(SvgNs, 'circle');
      for (const [k, val] of Object.entries({ cx: x, cy: y, r: 31, class: 'editor-problem', 'data-square': square })) ring.setAttribute(k, String(val));
      this.#marks.appendChild(ring);
    }
  }

  // ---- the panel ----

  #buildPanel() {
    const t = this.#t;
    const host = this.#panel;
    host.textContent = '';
    host.classList.add('editor-panel');
    const make = (tag, attrs = {}, parent = host) => {
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) {
        if (k === 'text') el.textContent = v;
        else if (k === 'i18n') {
          el.dataset.editorI18n = v;
          el.textContent = t(v);
        } else if (k === 'label') {
          el.dataset.editorLabel = v;
          el.setAttribute('aria-label', t(v));
          el.title = t(v);
        } else el.setAttribute(k, v);
      }
      parent.appendChild(el);
      return el;
    };

    make('p', { class: 'editor-hint', i18n: 'editorTray' });
    const tray = make('div', { class: 'editor-tray', role: 'toolbar' });
    for (const side of ['w', 'b']) {
      const row = make('div', { class: `tray-row ${side === 'w' ? 'red' : 'black'}` }, tray);
      for (const letter of E.TrayPieces[side]) {
        const b = make('button', { type: 'button', class: `tray-piece ${side === 'w' ? 'red' : 'black'}`, 'data-piece': letter, 'aria-pressed': 'false' }, row);
        b.setAttribute('aria-label', `${t(side === 'w' ? 'red' : 'black')} ${t(`piece_${letter.toUpperCase()}`)}`);
        make('span', { class: 'glyph', text: pieceGlyph(letter, this.#pieceSet) }, b);
        this.#attachTrayPiece(b, letter);
      }
    }
    const erase = make('button', { type: 'button', class: 'tray-erase', i18n: 'editorErase', 'aria-pressed': 'false' }, tray);
    erase.addEventListener('click', () => this.#set(E.pick(this.#state, E.Erase)));

    const tools = make('div', { class: 'editor-tools' });
    make('button', { type: 'button', class: 'editor-start', i18n: 'editorStart' }, tools).addEventListener('click', () => this.#set(E.startPosition(this.#state)));
    make('button', { type: 'button', class: 'editor-clear', i18n: 'editorClear' }, tools).addEventListener('click', () => this.#set(E.clear(this.#state)));
    make('button', { type: 'button', class: 'editor-flip', i18n: 'editorFlip' }, tools).addEventListener('click', () => this.#set(E.flip(this.#state)));

    const turn = make('fieldset', { class: 'editor-turn' });
    make('legend', { i18n: 'editorTurn' }, turn);
    this.#els.turn = [];
    for (const side of ['w', 'b']) {
      const label = make('label', {}, turn);
      const input = make('input', { type: 'radio', name: 'editor-turn', value: side }, label);
      make('span', { i18n: side === 'w' ? 'red' : 'black' }, label);
      input.addEventListener('change', () => input.checked && this.#set(E.setTurn(this.#state, side)));
      this.#els.turn.push(input);
    }

    this.#els.status = make('p', { class: 'editor-status', role: 'status', 'aria-live': 'polite' });
    this.#els.problems = make('ul', { class: 'editor-problems' });

    const actions = make('div', { class: 'editor-actions' });
    this.#els.analyse = make('button', { type: 'button', class: 'editor-analyse', i18n: 'editorAnalyse' }, actions);
    this.#els.analyse.addEventListener('click', () => this.#verdict?.ok && this.#onAnalyse?.(this.fen));
    this.#els.play = make('button', { type: 'button', class: 'editor-play primary', i18n: 'editorPlay' }, actions);
    this.#els.play.addEventListener('click', () => this.#verdict?.ok && this.#onPlay?.(this.fen));
    make('button', { type: 'button', class: 'editor-share', i18n: 'editorShare' }, actions).addEventListener('click', () => this.#share());

    const fenRow = make('div', { class: 'editor-fen' });
    const fenLabel = make('label', {}, fenRow);
    make('span', { i18n: 'editorFen' }, fenLabel);
    this.#els.fen = make('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', class: 'editor-fen-input' }, fenLabel);
    make('button', { type: 'button', class: 'editor-load', i18n: 'editorLoadFen' }, fenRow).addEventListener('click', () => this.#loadTyped());
    this.#els.fen.addEventListener('keydown', (e) => e.key === 'Enter' && this.#loadTyped());
  }

  #loadTyped() {
    const text = this.#els.fen.value.trim();
    if (!text) return;
    // A placement the page can draw becomes the editor's; the engine then says what is wrong
    // with it. Text that is no placement at all gets the engine's own words.
    if (parsePlacement(text)) this.load(text);
    else this.#engine.checkPosition(text).then((v) => {
      this.#verdict = { ...v, fen: text, ok: v.problems.length === 0, marked: [] };
      this.#showVerdict();
    });
  }

  async #share() {
    const link = shareLink(this.#pageUrl(), this.fen, []);
    try {
      await navigator.clipboard.writeText(link);
      this.#onNotice(this.#t('linkCopied'));
    } catch {
      this.#onNotice(link);
    }
    this.#panel.dataset.shared = link;
  }

  // ---- pointer input ----

  #ghost(letter, x, y) {
    const ghost = document.createElement('div');
    ghost.className = `editor-ghost ${letter === letter.toUpperCase() ? 'red' : 'black'}`;
    ghost.textContent = pieceGlyph(letter, this.#pieceSet);
    ghost.style.left = `${x}px`;
    ghost.style.top = `${y}px`;
    document.body.appendChild(ghost);
    return ghost;
  }

  // A tray button: a click picks it (click-to-place), a drag carries a piece to the board.
  #attachTrayPiece(button, letter) {
    button.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      this.#drag = { from: null, letter, x: event.clientX, y: event.clientY, ghost: null, started: false, pointerId: event.pointerId, source: button };
      button.setPointerCapture?.(event.pointerId);
    });
    button.addEventListener('pointermove', (event) => this.#dragMove(event));
    button.addEventListener('pointerup', (event) => this.#dragEnd(event, false));
    button.addEventListener('pointercancel', (event) => this.#dragEnd(event, true));
    // Keyboard and clicks that did not drag (pointerup below decides for pointers).
    button.addEventListener('click', (event) => {
      if (event.detail === 0) this.#set(E.pick(this.#state, letter));
    });
  }

  #attachBoard() {
    const svg = this.#board.svg;
    svg.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      const square = this.#board.squareAt(event.clientX, event.clientY);
      if (!square) return;
      event.preventDefault();
      if (this.#state.picked) return this.#set(E.clickWithPick(this.#state, square));
      const letter = this.#state.board.get(square);
      if (!letter) return;
      this.#drag = { from: square, letter, x: event.clientX, y: event.clientY, ghost: null, started: false, pointerId: event.pointerId, source: svg };
      svg.setPointerCapture?.(event.pointerId);
    });
    svg.addEventListener('pointermove', (event) => this.#dragMove(event));
    svg.addEventListener('pointerup', (event) => this.#dragEnd(event, false));
    svg.addEventListener('pointercancel', (event) => this.#dragEnd(event, true));
    svg.addEventListener('keydown', (event) => this.#key(event));
  }

  #dragMove(event) {
    const d = this.#drag;
    if (!d || event.pointerId !== d.pointerId) return;
    if (!d.started && Math.hypot(event.clientX - d.x, event.clientY - d.y) < DragThresholdPx) return;
    d.started = true;
    if (d.from) this.#board.dragPiece(d.from, event.clientX, event.clientY);
    else {
      d.ghost ??= this.#ghost(d.letter, event.clientX, event.clientY);
      d.ghost.style.left = `${event.clientX}px`;
      d.ghost.style.top = `${event.clientY}px`;
    }
  }

  #dragEnd(event, cancelled) {
    const d = this.#drag;
    if (!d || event.pointerId !== d.pointerId) return;
    this.#drag = null;
    d.ghost?.remove();
    const target = cancelled ? undefined : this.#board.squareAt(event.clientX, event.clientY);
    if (d.from) {
      this.#board.endDrag(d.from);
      if (!d.started || cancelled) return;
      this.#set(E.drag(this.#state, d.from, target)); // null: dropped off the board
    } else if (!d.started) {
      this.#set(E.pick(this.#state, d.letter)); // a click on the tray
    } else if (target) {
      this.#set(E.place(this.#state, target, d.letter));
    }
  }

  // With a piece picked in the tray: arrows move a cursor on the board, Enter places.
  #key(event) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (steps[event.key]) {
      event.preventDefault();
      const [df, dr] = steps[event.key].map((v) => (this.#board.flipped ? -v : v));
      const from = this.#cursor ?? 'e4';
      const file = Math.max(0, Math.min(8, 'abcdefghi'.indexOf(from[0]) + df));
      const rank = Math.max(0, Math.min(9, Number(from[1]) + dr));
      this.#cursor = 'abcdefghi'[file] + rank;
      this.#board.setCursor(this.#cursor);
    } else if ((event.key === 'Enter' || event.key === ' ') && this.#cursor) {
      event.preventDefault();
      if (this.#state.picked) this.#set(E.clickWithPick(this.#state, this.#cursor));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      if (this.#cursor) this.#set(E.remove(this.#state, this.#cursor));
    }
  }
}

/** The editor's styles (tray, ghost, problem rings), for the page. */
export const EditorCss = `
.editor-panel { display: flex; flex-direction: column; gap: .5rem; }
.editor-hint { margin: 0; font-size: .85rem; opacity: .8; }
.editor-tray { display: flex; flex-direction: column; gap: .3rem; }
.tray-row { display: flex; flex-wrap: wrap; gap: .25rem; }
.tray-piece { width: 2.4rem; height: 2.4rem; border-radius: 50%; border: 2px solid #7b5327; background: radial-gradient(circle at 40% 35%, #fff8e6, #ecc98a); font: 700 1.25rem 'KaiTi', 'STKaiti', 'Noto Serif CJK SC', 'WenQuanYi Micro Hei', serif; cursor: grab; touch-action: none; padding: 0; }
.tray-piece.red { color: #b3261e; }
.tray-piece.black { color: #1d1d1d; }
.tray-piece[aria-pressed='true'], .tray-erase[aria-pressed='true'] { outline: 3px solid #1c7c2c; outline-offset: 1px; }
.tray-erase { align-self: flex-start; }
.editor-tools, .editor-actions, .editor-fen { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.editor-turn { display: flex; gap: .8rem; border: 0; padding: 0; margin: 0; }
.editor-turn legend { float: left; margin-right: .5rem; }
.editor-fen label { display: flex; gap: .35rem; align-items: center; flex: 1 1 14rem; min-width: 0; }
.editor-fen-input { flex: 1; min-width: 0; font: .8rem ui-monospace, monospace; }
.editor-status { margin: 0; font-weight: 600; }
.editor-status.ok { color: #1c6b2c; }
.editor-status.bad { color: #a11d16; }
.editor-problems { margin: 0; padding-left: 1.2rem; color: #a11d16; font-size: .9rem; }
.editor-ghost { position: fixed; z-index: 1000; width: 2.6rem; height: 2.6rem; margin: -1.3rem 0 0 -1.3rem; border-radius: 50%; border: 2px solid #7b5327; background: #f5deb0; display: grid; place-items: center; font: 700 1.3rem 'KaiTi', 'Noto Serif CJK SC', 'WenQuanYi Micro Hei', serif; pointer-events: none; box-shadow: 0 4px 8px rgba(0,0,0,.35); }
.editor-ghost.red { color: #b3261e; }
.editor-ghost.black { color: #1d1d1d; }
.xq-board .editor-problem { fill: rgba(220, 30, 30, 0.18); stroke: #d01010; stroke-width: 3; stroke-dasharray: 5 4; pointer-events: none; }
[data-piece-set='letters'] .tray-piece, [data-piece-set='letters'] .editor-ghost { font-family: 'Segoe UI', Arial, 'DejaVu Sans', sans-serif; font-weight: 800; }
`;
