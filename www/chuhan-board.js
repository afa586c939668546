// <chuhan-board>: a Xiangqi board playing against Chuhan, for any page, with one script import:
//
//   <script type="module" src="https://example.org/chuhan/chuhan-board.js"></script>
//   <chuhan-board fen="…" level="3" side="red" lang="zh"></chuhan-board>
//
// or from script: import { mount } from '…/chuhan-board.js'; mount(element, { level: 3 }).
//
// Attributes: fen (start position; default the usual start), level (1–8, default 4), side
// ('red' | 'black' | 'both': who the person plays; the engine moves first when the person takes
// Black; 'both' is two players with no engine moves), flipped (present: Black at the bottom), lang
// ('zh' | 'en'), puzzle (a puzzle instead of a game: the id of one of the app's puzzles, a mate
// like "sqyq-013" or a tactic like "tactic-001", or empty with `fen` and `mate`="N" for a problem of your own: the person mates in N
// against the engine's longest defence, a wrong move is taken back; hint() helps).
// Events (bubbling, composed): 'move' {move, name, by}, 'gameover' {result, reason}, 'puzzle'
// {id, mate, state: 'solving' | 'solved', wrong, hinted}.
// Properties and methods: fen (the FEN shown), outcome, newGame(), undo(), hint(), controller.
//
// The engine runs in a Web Worker started from this script's origin; from another origin the
// server must allow CORS for these files (scripts/dev/serve.mjs does).
import * as G from './js/game.js';
import { BoardCss } from './js/board.js';
import { PlayController } from './js/controller.js';
import { EngineSession } from './js/engine.js';
import { outcomeText, setLanguage, squareText, t } from './js/i18n.js';
import { normalLevel } from './js/levels.js';
import { loadPuzzles, solverSide } from './js/puzzles.js';
import { StartFen } from './js/fen.js';

const Sides = { red: 'w', black: 'b', both: 'both' };

const Css = `
:host { display: block; max-width: 640px; font: 14px/1.4 system-ui, sans-serif; color: #2b1d12; }
.status { min-height: 22px; padding: 2px 4px; display: flex; gap: 8px; align-items: center; }
.result { font-weight: 700; color: #8b1a1a; }
.thinking::before { content: ''; display: inline-block; width: 10px; height: 10px; margin-right: 4px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.board:focus-within svg { outline: 2px solid #1a5fd0; }
${BoardCss}`;

export class ChuhanBoard extends HTMLElement {
  static observedAttributes = ['level', 'flipped', 'fen', 'side'];
  controller = null;
  #status;
  #puzzle = null; // the puzzle of the `puzzle` attribute, once started

  connectedCallback() {
    if (this.controller) return;
    if (this.hasAttribute('lang')) setLanguage(this.getAttribute('lang'));
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${Css}</style><div class="board" part="board"></div><div class="status" part="status" aria-live="polite"></div>`;
    this.#status = root.querySelector('.status');
    const game = G.createGame({
      human: Sides[this.getAttribute('side') ?? 'red'] ?? 'w',
      level: normalLevel(this.getAttribute('level') ?? undefined),
    });
    this.controller = new PlayController(root.querySelector('.board'), { game, flipped: this.hasAttribute('flipped'), label: t('board'), describeSquare: squareText });
    for (const type of ['move', 'gameover', 'puzzle'])
      this.controller.addEventListener(type, (e) => this.dispatchEvent(new CustomEvent(type, { detail: e.detail, bubbles: true, composed: true })));
    for (const type of ['change', 'puzzle']) this.controller.addEventListener(type, () => this.#render());
    this.controller
      .connect(EngineSession.start(), { startFen: this.getAttribute('fen') || 'startpos' })
      .then(() => this.hasAttribute('puzzle') && this.#startPuzzle())
      .then(
        () => this.setAttribute('data-ready', 'true'),
        (e) => (this.#status.textContent = e.message),
      );
  }

  // The puzzle the attributes name: one of the app's by id, or `fen` with `mate`.
  async #startPuzzle() {
    const id = this.getAttribute('puzzle');
    let puzzle;
    if (id) {
      puzzle = (await loadPuzzles()).find((p) => p.id === id);
      if (!puzzle) throw new Error(`<chuhan-board>: no puzzle '${id}'`);
    } else {
      const mate = Number(this.getAttribute('mate'));
      if (!this.getAttribute('fen') || !Number.isInteger(mate) || mate < 1)
        throw new Error('<chuhan-board puzzle>: give a puzzle id, or fen and mate="N"');
      puzzle = { id: 'custom', fen: this.getAttribute('fen'), mate };
    }
    this.#puzzle = puzzle;
    await this.controller.startPuzzle(puzzle);
    if (!this.hasAttribute('flipped')) this.controller.flip(solverSide(puzzle) === 'b');
  }

  attributeChangedCallback(name, old, value) {
    const c = this.controller;
    if (!c || old === value) return;
    if (name === 'level') c.setLevel(normalLevel(value));
    else if (name === 'flipped') c.flip(value !== null);
    else if (name === 'fen' && value) c.loadFen(value).catch((e) => (this.#status.textContent = e.message));
    else if (name === 'side') c.newGame({ human: Sides[value] ?? 'w', startFen: c.tree?.startFen ?? StartFen });
  }

  get fen() {
    return this.controller?.board.fen ?? '';
  }
  get outcome() {
    return this.controller?.outcome ?? null;
  }
  newGame(options) {
    return this.controller.newGame(options);
  }
  undo() {
    return this.controller.undo();
  }
  hint() {
    return this.controller.hint();
  }

  #render() {
    const c = this.controller;
    const outcome = c.outcome;
    const puzzle = c.puzzle;
    if (!c.ready) this.#status.textContent = t('loading');
    else if (puzzle && this.#puzzle)
      this.#status.textContent =
        puzzle.state === 'solved'
          ? t('puzzleSolved')
          : t(puzzle.best ? 'puzzleTacticTask' : 'puzzleMate', { side: t(solverSide(this.#puzzle) === 'b' ? 'playBlack' : 'playRed'), mate: puzzle.mate }) +
            (puzzle.wrong ? ` — ${t('puzzleWrong')}` : '');
    else if (outcome) this.#status.innerHTML = `<span class="result"></span>`, (this.#status.firstChild.textContent = outcomeText(outcome));
    else if (c.thinking) this.#status.innerHTML = `<span class="thinking"></span>`, (this.#status.firstChild.textContent = t('thinking'));
    else this.#status.textContent = c.liveNode?.turn === 'b' ? t('blackToMove') : t('redToMove');
  }
}

if (!customElements.get('chuhan-board')) customElements.define('chuhan-board', ChuhanBoard);

/**
 * Puts a <chuhan-board> into `element` (its contents are replaced) and returns it. `options`:
 * {fen, level, side, flipped, lang, puzzle, mate} as the attributes.
 */
export function mount(element, options = {}) {
  const board = document.createElement('chuhan-board');
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === false) continue;
    board.setAttribute(key, value === true ? '' : String(value));
  }
  element.replaceChildren(board);
  return board;
}
