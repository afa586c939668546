// Playing and studying a game: the view (game.js), the board (board.js + input.js) and the engine
// session (engine.js, the one door to the engine, which holds the page's cache of the record) put
// together. Used by the app (app.js) and the embeddable element (chuhan-board.js), which add their
// own controls and listen for events:
//   'change'  anything shown changed (the game, the engine's status, thinking, the hint, ...)
//   'info'    a search report while the engine thinks or analyses (detail: SearchInfo)
//   'move'    a move was played (detail: {move, name, node, by: 'human' | 'engine'})
//   'gameover' the game ended (detail: {result, reason})
//   'puzzle'  the puzzle's state changed (detail: the puzzle, see startPuzzle())
//   'clock'   a game with a clock: a few times a second while a side thinks (see clocks())
//   'review'  the game review advanced, ended or was stopped (see startReview())
//   'learn'   "learn from your mistakes" advanced (see learn)
//
// While the engine thinks its move the person may set a premove (premove.js): any of their pieces
// to a point without one of their own, played the moment the engine's reply is on the board if
// the engine then lists it among the legal moves, else dropped with a notice.
//
// The record lives in the engine: stepping through it costs no request, a move is one play() (from
// any node: a move from an earlier one opens a variation), the engine's reply one go() and one
// play(); the engine goes to a node (one goTo()) only to search it or to learn its legal moves.
//
// Concurrency: actions run one at a time (a queue). Each action first halts any search — the
// engine's own move, a hint or the analysis — and invalidates its result with a token, so a
// move from an abandoned search is never played.
import * as G from './game.js';
import * as T from './tree.js';
import { BoardView } from './board.js';
import { attachInput } from './input.js';
import { HintLimits, limitsFor, thinkPause } from './levels.js';
import * as C from './clock.js';
import { Coach } from './coach.js';
import { parsePlacement, pieceSide } from './fen.js';
import { canPremove, resolvePremove } from './premove.js';

// How often a running clock is shown and judged.
const ClockTickMs = 100;
// A crash while thinking is retried this many times in a row before giving up on that move.
const MaxEngineRetries = 2;
// The engine's searches in a puzzle (its defence, which also judges the person's move, and hints):
// long enough for the mates of the puzzle set in the browser's engine.
const PuzzleSearchMs = 5000;
/** The review's choices: a time per position or a depth. The first is the default. */
export const ReviewLimits = [{ movetime: 300 }, { movetime: 1000 }, { movetime: 3000 }, { depth: 10 }, { depth: 14 }, { depth: 18 }];

export class PlayController extends EventTarget {
  game;
  board;
  ready = false; // the engine answered once
  thinking = null; // null | 'move' | 'hint'
  analysing = false;
  info = null; // the latest search report (of the first line), with the searched node and its side
  lines = []; // the latest report of each line of the current search (MultiPV), best first
  analysisLines = 1; // lines the analysis shows (MultiPV 1-5)
  suggestion = null; // the hint: {move, name}
  message = null; // {key, params} of the latest notice (i18n keys)
  // The puzzle being solved, or null: {id, mate (a mate puzzle) or best (a tactic), state:
  // 'solving' | 'solved', wrong, hinted, line (a solved tactic's winning line)}.
  puzzle = null;
  threat = null; // the threat shown: {bestmove, line, node} or null
  arrowsOn = true; // the analysis lines' first moves as arrows
  premove = null; // the person's move set while the engine thinks (ICCS), or null
  drawOffered = false; // a draw offer the engine is weighing
  serial = 0; // counts the games shown: a new game, a file, a puzzle each take the next number
  #engine = null;
  #input;
  #queue = Promise.resolve();
  #token = 0;
  #search = null; // the running go() promise
  #analysis = false; // analysis mode wanted
  #threatWanted = false;
  #retries = 0;
  #reportedOver = false;
  #turnStart = performance.now(); // when the side to move of the live position began its turn
  #coach; // the review and "learn from your mistakes" (coach.js)
  #preview = null; // a line previewed on the board: {node, moves}

  /** Shows an empty board in `boardHost` at once; the engine joins with connect(). */
  constructor(boardHost, { game = G.createGame(), flipped = false, label, describeSquare } = {}) {
    super();
    this.game = game;
    this.board = new BoardView(boardHost, { flipped, label, describeSquare });
    this.#input = attachInput(this.board, {
      legalMoves: () => (this.canMove ? (this.#engine.legalMoves(this.game.shown) ?? []) : []),
      onMove: (move) => this.humanMove(move).catch((e) => this.#notify({ key: 'engineRestarted' }, e)),
      onRefused: () => this.#notify({ key: 'illegalMove' }),
      onTouch: () => this.#fetchLegalMoves(),
      premove: {
        active: () => this.#premoveActive,
        from: (square) => {
          const piece = parsePlacement(this.liveNode.fen).get(square);
          return !!piece && pieceSide(piece) === this.game.human;
        },
        to: (from, to) => canPremove(parsePlacement(this.liveNode.fen), this.game.human, from, to),
        set: (move) => this.setPremove(move),
      },
    });
    // Where the board takes no moves (an earlier position of a game on a clock or a puzzle, or the
    // other side's move): say how to get back rather than ignore the click.
    boardHost.addEventListener('click', () => {
      if (this.ready && !G.isLive(this.game) && !this.canMove && !this.learn) this.#notify({ key: 'viewingNoMoves', params: this.moveParams(this.game.shown) });
    });
    this.#coach = new Coach({
      session: () => this.#engine,
      tree: () => this.tree,
      game: () => this.game,
      setGame: (game) => (this.game = game),
      halt: () => this.#halt(),
      runQueued: (fn) => {
        const run = this.#queue.then(fn);
        this.#queue = run.catch(() => {});
        return run;
      },
      track: (search) => {
        this.#search = search;
        const clear = () => this.#search === search && (this.#search = null);
        search.then(clear, clear);
      },
      searchWith: (id, limits, onFirst) => this.#searchWith(id, limits, this.#token, 1, onFirst),
      emit: (type, detail) => this.#emit(type, detail),
      afterChange: (animate) => this.#afterChange(animate),
      render: (animate) => this.#render(animate),
    });
    setInterval(() => this.#tick(), ClockTickMs);
  }

  /**
   * Starts using the engine session (a promise of EngineSession) with the game rebuilt from
   * `recipe` (recipe.js), or a new game from `startFen`.
   */
  connect(sessionPromise, { recipe = null, startFen = 'startpos' } = {}) {
    return this.#enqueue(async () => {
      this.#engine = await sessionPromise;
      try {
        if (!recipe) throw null;
        await this.#engine.restore(recipe);
        const ok = (n) => this.tree.nodes[n];
        if (!ok(this.game.live) || !ok(this.game.shown)) this.game = G.atNode(this.game, this.#engine.at);
        this.game = { ...this.game, redo: this.game.redo.filter(ok) };
        // The time the side to move had used before the reload still counts.
        if (this.game.clock?.since) this.#turnStart = performance.now() - Math.max(0, Date.now() - this.game.clock.since);
      } catch (e) {
        // A saved game the engine does not accept (damaged storage): start afresh and say so
        // (the page keeps the saved copy, see app.js).
        await this.#engine.setGame(recipe ? 'startpos' : startFen, []);
        this.game = G.atNode(G.createGame({ human: this.game.human, level: this.game.level }), this.#engine.at);
        if (recipe) this.#notify({ key: 'savedGameDamaged' }, e);
      }
      this.#engine.forLevel(this.game.level);
      this.ready = true;
      this.#render(false);
      this.#continue();
    });
  }

  // ---- what the UI reads ----

  /** The page's cache of the engine's record (tree.js). */
  get tree() {
    return this.#engine?.tree ?? null;
  }

  /** The engine session (for the panels: its contract, saving files). */
  get session() {
    return this.#engine;
  }

  /** The node shown and the live node (NodeRecord), or null before the engine answered. */
  get shownNode() {
    return this.tree?.nodes[this.game.shown] ?? null;
  }
  get liveNode() {
    return this.tree?.nodes[this.game.live] ?? null;
  }

  /** The live position as the engine described it: {fen, turn, check, result, legalMoves}. */
  get status() {
    const node = this.liveNode;
    return node && { fen: node.fen, turn: node.turn, check: node.check, result: node.result, legalMoves: this.#engine.legalMoves(node.id) ?? [] };
  }

  /** The game's end ({result, reason}) or null. */
  get outcome() {
    return G.outcome(this.game, this.tree);
  }

  /** The recipe that rebuilds the record (recipe.js), to save with the game. */
  get recipe() {
    return this.#engine?.recipe ?? null;
  }

  /** {number, side} of the move into node `id` and its name, for texts ("move 3, Black"). */
  moveParams(id) {
    const node = this.tree?.nodes[id];
    if (!node || node.parent === null) return { number: 0, name: '', side: '' };
    const { number, side } = T.moveLabel(this.tree, id);
    return { number, name: node.chinese, side };
  }

  // Whether a move may be played from a node other than the live one (it then opens a variation
  // and the game goes on from it): not in a puzzle nor on a clock.
  get #mayBranch() {
    return !this.puzzle && !this.game.clock;
  }

  /** Whether the person can move on the board now (at the node shown). */
  get canMove() {
    if (!this.ready || this.thinking || this.review?.running || !this.tree) return false;
    const shown = this.shownNode;
    if (!shown || shown.result.over) return false;
    if (this.learn && this.learn.state !== 'done') return this.learn.state !== 'solved' && shown.id === this.#coach.learnNode() && shown.turn === this.learn.side;
    if (G.isLive(this.game)) return G.isHumanTurn(this.game, this.tree) && !this.outcome;
    return this.#mayBranch && (this.game.human === 'both' || shown.turn === this.game.human);
  }

  // ---- actions ----

  /** The person's move at the node shown (ICCS). */
  humanMove(move) {
    return this.#enqueue(async () => {
      if (!this.canMove) return this.#notify({ key: 'illegalMove' });
      await this.#halt();
      const from = this.game.shown;
      const legal = this.#engine.legalMoves(from) ?? (await this.#engine.goTo(from), this.#engine.legalMoves(from));
      if (!legal.includes(move)) return this.#notify({ key: 'illegalMove' });
      if (this.learn) return this.#coach.learnMove(move);
      await this.#play(move, from, 'human');
    });
  }

  /**
   * A new game; `human` 'w' | 'b' | 'both', `startFen` defaults to the start position, `clock` a
   * time control ({base, inc} ms or "600+5" in seconds; none by default).
   */
  newGame({ human = this.game.human, level = this.game.level, startFen = 'startpos', clock = null } = {}) {
    return this.#enqueue(async () => {
      await this.#halt();
      this.#endModes();
      await this.#engine.setGame(startFen, [], { fresh: true });
      this.game = G.atNode(G.createGame({ human, level, clock }), this.#engine.at);
      this.#engine.forLevel(level);
      this.#afterChange(false);
    });
  }

  /** A new game from a FEN (the engine judges it); rejects with the engine's message. */
  loadFen(fen) {
    return this.#replaceGame(() => this.#engine.setGame(fen.trim(), []), { human: this.game.human });
  }

  /**
   * Starts a puzzle: the person plays the side to move. A mate puzzle `{id, fen, mate}` asks for
   * a mate in `mate` moves; the engine defends at full strength, holding out longest, and a move
   * after which it is not mated within the moves left is taken back ('wrong'). A tactic `{id,
   * fen, best}` asks for the one move that wins (best): any other is taken back. The person tries
   * again after a wrong move. Emits 'puzzle' on every change of state.
   */
  startPuzzle({ id, fen, mate, best }) {
    return this.#enqueue(async () => {
      await this.#halt();
      await this.#load(() => this.#engine.setGame(fen, [], { fresh: true }));
      this.puzzle = null; // replaced below: no 'puzzle' event for its end
      this.#endModes();
      this.game = G.atNode(G.createGame({ human: this.tree.nodes[this.#engine.at].turn, level: this.game.level }), this.#engine.at);
      this.puzzle = { id, mate, best, state: 'solving', wrong: false, hinted: false, line: null };
      this.#emit('puzzle', this.puzzle);
      this.#afterChange(false);
    });
  }

  /** The person's moves still allowed to mate in the current puzzle (it starts on their move). */
  get puzzleMovesLeft() {
    return this.puzzle ? this.puzzle.mate - Math.ceil((this.liveNode.ply - this.tree.nodes[0].ply) / 2) : 0;
  }

  /**
   * Replaces the game with the first game of a file (text or bytes: PGN, XQF, DhtmlXQ, FEN), to
   * study: both sides are then played by the person (the engine does not jump in). Rejects with
   * the engine's message; the game stays.
   */
  loadFile(data, options) {
    return this.#replaceGame(() => this.#engine.loadFile(data, options), { human: 'both' });
  }

  /** loadFile() for a PGN text. */
  loadPgn(text) {
    return this.loadFile(text, { format: 'pgn' });
  }

  /** As loadFile, for a game given as its start FEN and ICCS moves (a shared link). */
  loadMoves(startFen, moves) {
    return this.#replaceGame(() => this.#engine.setGame(startFen, moves), { human: 'both' });
  }

  // Replaces the game with the one `read` gives the engine.
  #replaceGame(read, { human }) {
    return this.#enqueue(async () => {
      await this.#halt();
      await this.#load(read);
      this.#endModes();
      this.game = G.atNode(G.createGame({ human, level: this.game.level }), this.#engine.at);
      this.#afterChange(false);
    });
  }

  // Runs `read` (a whole-game request); when the engine refuses it, its game is the one before,
  // and the page's view of it stays.
  async #load(read) {
    const before = this.#engine.tree;
    try {
      await read();
    } catch (e) {
      if (this.#engine.tree !== before) await this.#engine.restore(this.#engine.recipe);
      throw e;
    }
  }

  /**
   * The game as a file: 'pgn' (moves in `notation`: 'chinese', 'wxf' or 'iccs'; tags, comments and
   * variations kept), 'dhtmlxq' or 'fen' (the position shown). Player names and the date go into
   * the record first when it has none.
   */
  saveFile(format = 'pgn', options = {}) {
    return this.#enqueue(async () => {
      if (format === 'fen') return this.shownNode.fen;
      // A search holds the worker (an analysis never ends by itself): stopped for the file, then
      // taken up again.
      await this.#halt();
      try {
        return await this.#writeFile(format, options);
      } finally {
        this.#continue();
      }
    });
  }

  // The game as a file, player names and the date written into the record first when it has none.
  async #writeFile(format, options) {
    const tags = this.tree.tags;
    const wanted = {};
    if (!tags.Date) {
      const d = new Date();
      wanted.Date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
    }
    // The engine named with its level (the file is read in any language: the number, not the title).
    const engine = `Chuhan (level ${this.game.level})`;
    if (!tags.Red && this.game.human !== 'both') wanted.Red = this.game.human === 'b' ? engine : 'Player';
    if (!tags.Black && this.game.human !== 'both') wanted.Black = this.game.human === 'w' ? engine : 'Player';
    for (const [name, value] of Object.entries(wanted)) await this.#engine.setTag(name, value);
    return this.#engine.saveFile(format, options);
  }

  /** Takes back the person's last move and the engine's reply (no request: the nodes stay). */
  undo() {
    return this.#change((game) => G.undo(game, this.tree));
  }

  redo() {
    return this.#change((game) => G.redo(game, this.tree));
  }

  /** Whether Undo can take a move back now (never after the game ended). */
  get canUndo() {
    return this.ready && !this.outcome && !this.puzzle && G.undoTarget(this.game, this.tree) !== null;
  }
  get canRedo() {
    return this.ready && !this.outcome && !this.puzzle && G.canRedo(this.game, this.tree);
  }

  /** Plays on from the position shown (an earlier one): the game goes on there. */
  playFromHere() {
    return this.#change((game) => (G.isLive(game) ? game : G.playFromHere(game, this.tree)));
  }

  #change(change) {
    return this.#enqueue(async () => {
      if (!this.ready) return;
      const next = change(this.game);
      if (next === this.game) return;
      await this.#halt();
      this.game = next;
      this.#turnStart = performance.now();
      this.#afterChange(false);
    });
  }

  /** Whether the person may offer a draw now: a game against the engine, going on, shown live. */
  get canOfferDraw() {
    return this.ready && !this.outcome && this.game.human !== 'both' && !this.puzzle && !this.learn && !this.drawOffered && G.isLive(this.game);
  }

  /**
   * The person offers the engine a draw: the engine judges the live position (Engine.offerDraw)
   * and, when it accepts, the record declares the draw by agreement. Says why either way (message
   * drawAccepted / drawRefused with the reason's key drawWhy_<reason>). Resolves with the answer
   * ({accepted, reason}) or null when no offer could be made.
   */
  offerDraw() {
    return this.#enqueue(async () => {
      if (!this.canOfferDraw) return null;
      await this.#halt();
      this.drawOffered = true;
      this.#emit('change');
      let answer;
      try {
        await this.#engine.goTo(this.game.live);
        answer = await this.#engine.offerDraw(this.game.human === 'w' ? 'b' : 'w');
        if (answer.accepted) await this.#engine.setResult('1/2-1/2', 'agreement');
      } finally {
        this.drawOffered = false;
      }
      this.#notify({ key: answer.accepted ? 'drawAccepted' : 'drawRefused', params: { why: `drawWhy_${answer.reason}` }, keys: ['why'] });
      this.#afterChange(false);
      return answer;
    });
  }

  // Premoves are taken while the engine thinks its own move in a game against it, at the live node.
  get #premoveActive() {
    return this.ready && this.thinking === 'move' && !this.puzzle && !this.learn && this.game.human !== 'both' && G.isLive(this.game);
  }

  /** Sets (ICCS) or cancels (null) the premove; see the top of this file. */
  setPremove(move) {
    if (move === this.premove) return;
    const had = this.premove;
    this.premove = move && this.#premoveActive ? move : null;
    this.#drawArrows();
    if (this.premove) this.#notify({ key: 'premoveSet', params: { move: this.premove } });
    else if (had) this.#notify({ key: 'premoveCancelled' });
  }

  // After the engine's reply: the premove is played when the engine lists it as legal, else dropped.
  async #playPremove() {
    const premove = this.premove;
    this.premove = null;
    if (!premove) return;
    const live = this.game.live;
    if (this.outcome || !G.isHumanTurn(this.game, this.tree)) return this.#drawArrows();
    const legal = this.#engine.legalMoves(live) ?? (await this.#engine.goTo(live), this.#engine.legalMoves(live));
    const { play, dropped } = resolvePremove(premove, legal);
    if (play) {
      await this.#halt();
      await this.#play(play, live, 'human');
    } else if (dropped) {
      this.#drawArrows();
      this.#notify({ key: 'premoveDropped', params: { move: premove } });
    }
  }

  /** The person resigns (in a two-player game, the side to move): the record declares it. */
  resign() {
    return this.#enqueue(async () => {
      if (!this.ready || this.outcome) return;
      await this.#halt();
      const side = this.game.human === 'both' ? this.liveNode.turn : this.game.human;
      await this.#engine.setResult(side === 'w' ? '0-1' : '1-0', 'resignation');
      this.game = { ...this.game, shown: this.game.live };
      this.#afterChange(false);
    });
  }

  /**
   * Shows node `id` (no request). The engine keeps thinking its own move on the live one; in
   * analysis mode it analyses the node shown.
   */
  view(id) {
    if (!this.tree?.nodes[id] || id === this.game.shown) return;
    this.game = G.view(this.game, id);
    this.threat = null;
    this.#preview = null;
    this.#input.clear();
    this.#render(false);
    if (this.#analysis && this.thinking !== 'move' && !this.review?.running) this.#enqueue(() => this.#reanalyse());
  }

  /**
   * The node `delta` moves from the one shown along its line: back to the parent, forward along the
   * line to the live node when it is ahead, else along the first continuation.
   */
  stepFrom(delta) {
    const tree = this.tree;
    let id = this.game.shown;
    for (let i = 0; i < Math.abs(delta) && tree; i++) {
      const node = tree.nodes[id];
      if (delta < 0) {
        if (node.parent === null) break;
        id = node.parent;
      } else {
        const ahead = T.isAncestor(tree, id, this.game.live) && id !== this.game.live ? T.pathTo(tree, this.game.live)[node.ply - tree.nodes[0].ply + 1] : null;
        const next = ahead ?? node.children[0];
        if (next === undefined) break;
        id = next;
      }
    }
    return id;
  }

  /** The last node of the line through the node shown (toward the live node when it is ahead). */
  lineEnd() {
    const tree = this.tree;
    if (T.isAncestor(tree, this.game.shown, this.game.live)) return this.game.live;
    return T.lineThrough(tree, this.game.shown).at(-1);
  }

  // ---- editing the record (study) ----

  /** Sets the comment after node `id`'s move ('' removes it). */
  comment(id, text) {
    return this.#enqueue(async () => {
      await this.#engine.setComment(id, text.trim());
      this.#emit('change');
    });
  }

  /** Moves the variation starting at node `id` one place up, or to the main line. */
  promote(id, toMain = false) {
    return this.#enqueue(async () => {
      await this.#engine.promote(id, toMain);
      this.#emit('change');
    });
  }

  /** Deletes node `id` and every move after it; the view leaves a deleted line for its parent. */
  remove(id) {
    return this.#enqueue(async () => {
      const node = this.tree.nodes[id];
      if (!node || node.parent === null) return;
      await this.#halt();
      await this.#engine.removeNode(id);
      const gone = (n) => !this.tree.nodes[n];
      this.game = {
        ...this.game,
        live: gone(this.game.live) ? node.parent : this.game.live,
        shown: gone(this.game.shown) ? node.parent : this.game.shown,
        redo: this.game.redo.filter((n) => !gone(n)),
      };
      this.#afterChange(false);
    });
  }

  setLevel(level) {
    this.game = G.setLevel(this.game, level);
    this.#engine?.forLevel(this.game.level);
    this.#emit('change');
  }

  flip(flipped = !this.board.flipped) {
    this.board.setFlipped(flipped);
    this.#emit('change');
  }

  /** Shows the engine's best move for the person as an arrow. */
  hint() {
    return this.#enqueue(async () => {
      if (!this.canMove || !G.isLive(this.game)) return;
      await this.#halt();
      const token = this.#token;
      this.thinking = 'hint';
      this.#emit('change');
      let name = null;
      let move = null;
      try {
        const limits = this.puzzle ? { mate: Math.max(1, this.puzzleMovesLeft), movetime: PuzzleSearchMs } : this.#engine.searchLimits(HintLimits);
        if (this.puzzle) this.puzzle = { ...this.puzzle, hinted: true };
        let first = null;
        // A tactic's hint is its answer; a mate's, the engine's mating move.
        ({ bestmove: move } = this.puzzle?.best
          ? { bestmove: this.puzzle.best }
          : await this.#searchWith(this.game.live, limits, token, 1, (info) => (first ??= info)));
        name = this.lines[0]?.pv[0] === move ? this.lines[0].pvNames[0] : null;
        if (token !== this.#token || !move) return;
      } finally {
        if (token === this.#token) this.thinking = null;
      }
      this.suggestion = { move, name: name ?? move };
      this.#drawArrows();
      this.#emit('change');
      this.#continue();
    });
  }

  /** Analysis mode: the engine keeps searching the position shown while the person may move. */
  setAnalysis(on) {
    this.#analysis = !!on;
    return this.#enqueue(async () => {
      if (!this.#analysis) {
        await this.#halt();
        this.info = null;
        this.lines = [];
      }
      this.#drawArrows();
      this.#continue();
      this.#emit('change');
    });
  }

  /** Sets the number of lines the analysis shows (1-5); a running analysis starts again with them. */
  setAnalysisLines(n) {
    this.analysisLines = Math.max(1, Math.min(5, Math.trunc(n) || 1));
    return this.#enqueue(async () => {
      if (!this.analysing) return;
      await this.#halt();
      this.#continue();
    });
  }

  get analysisMode() {
    return this.#analysis;
  }

  /**
   * Shows (on) or hides the threat of the position shown: what the other side would play if it
   * could move now, found by a second engine.
   */
  setThreat(on) {
    this.#threatWanted = !!on;
    this.threat = null;
    this.#drawArrows();
    this.#emit('change');
    if (!on) return Promise.resolve();
    const node = this.shownNode;
    return this.#engine.threat(node.fen, this.#engine.searchLimits({ movetime: 800 })).then((threat) => {
      if (!this.#threatWanted || this.game.shown !== node.id) return;
      this.threat = threat ? { ...threat, node: node.id } : { none: true, node: node.id };
      this.#drawArrows();
      this.#emit('change');
    });
  }

  get threatMode() {
    return this.#threatWanted;
  }

  /**
   * Previews a line on the board: the position after the first `count` moves of `moves` (ICCS)
   * from the node shown, drawn from the pieces' squares (no rules: a move takes its piece from one
   * point to another); null goes back to the node shown.
   */
  previewLine(moves, count = moves?.length ?? 0) {
    this.#preview = moves ? { node: this.game.shown, moves: moves.slice(0, count) } : null;
    this.#render(false);
  }

  /**
   * Goes to the `count`-th move of a line of the analysis (`moves`, ICCS, from the node shown):
   * its moves are played into the record (a variation where they are new), one play() each.
   */
  playLine(moves, count = moves.length) {
    return this.#enqueue(async () => {
      if (!this.ready || this.review?.running || this.puzzle || this.learn) return;
      const start = this.game.shown;
      if (!this.#mayBranch && !G.isLive(this.game)) return;
      await this.#halt();
      this.#preview = null;
      let at = start;
      for (const move of moves.slice(0, count)) at = (await this.#engine.play(move, at)).id;
      // A study goes on from there; a game against the engine stays where it stands (Play from
      // here, or a move on the board, continues it from the line).
      this.game = this.game.human === 'both' ? G.afterMove(this.game, at) : G.view(this.game, at);
      this.#afterChange(false);
    });
  }

  // ---- internals ----

  #enqueue(fn) {
    // Anything the person does next ends a review (which holds the queue while it runs).
    if (this.review?.running) this.stopReview();
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  // Stops any search and makes its result stale.
  async #halt() {
    this.#token++;
    this.suggestion = null;
    this.premove = null;
    if (this.#search) {
      const search = this.#search;
      await this.#engine.stop();
      await search.catch(() => {});
    }
    this.thinking = null;
    this.analysing = false;
    this.#drawArrows();
  }

  #endModes() {
    this.serial++;
    this.#coach.clear();
    this.threat = null;
    this.#preview = null;
    this.#turnStart = performance.now();
    this.info = null;
    this.lines = [];
    if (!this.puzzle) return;
    this.puzzle = null;
    this.#emit('puzzle', null);
  }

  // Plays a legal move at node `from` (one request): the game goes on from the new node. A move
  // that opens a variation in a game against the engine leads the record's main line, which is the
  // game.
  async #play(move, from, by) {
    const mover = this.tree.nodes[from].turn;
    const elapsed = performance.now() - this.#turnStart;
    const liveBefore = this.game.live;
    const record = await this.#engine.play(move, from);
    if (record.created && this.game.human !== 'both' && !this.puzzle && this.tree.nodes[from].children[0] !== record.id && T.onMainLine(this.tree, from))
      await this.#engine.promote(record.id, true);
    this.game = G.afterMove(this.game, record.id);
    if (this.game.clock && from === liveBefore) this.game = { ...this.game, clock: C.afterMove(this.game.clock, mover, elapsed) };
    this.#turnStart = performance.now();
    this.#emit('move', { move, name: record.chinese, node: record, by });
    this.#afterChange(true);
  }

  #afterChange(animate) {
    // The clock keeps when the side to move began its turn, saved with the game (a reload does
    // not give the time back).
    const clock = this.game.clock;
    if (clock && !clock.flagged) this.game = { ...this.game, clock: C.turnBegan(clock, Date.now() - (performance.now() - this.#turnStart)) };
    this.#input.clear();
    this.#reportedOver = this.#reportedOver && !!this.outcome;
    this.#drawArrows();
    this.#render(animate);
    this.#continue();
  }

  // What happens next: the engine's move, the analysis, or nothing.
  #continue() {
    if (!this.ready || this.#search || this.review?.running) return;
    if (this.outcome) return this.#reportOutcome();
    if (!G.isHumanTurn(this.game, this.tree) && !this.learn) return this.puzzle ? this.#puzzleReply() : this.#engineMove();
    if (this.#analysis && !this.shownNode.result.over) this.#analyse();
  }

  #reportOutcome() {
    const outcome = this.outcome;
    if (outcome && !this.#reportedOver) {
      this.#reportedOver = true;
      if (this.puzzle?.state === 'solving' && outcome.result === (this.game.human === 'w' ? '1-0' : '0-1')) {
        this.puzzle = { ...this.puzzle, state: 'solved' };
        this.#emit('puzzle', this.puzzle);
      }
      this.#emit('gameover', outcome);
    }
  }

  // Runs go() on node `id` with a token: reports reach the UI only while the token is current.
  // Resolves with {bestmove, book?}.
  #searchWith(id, limits, token, multiPV = 1, onFirst = null) {
    // Reports score from the searched position's side to move: keep that side and the node with
    // each report.
    const node = this.tree.nodes[id];
    const lines = [];
    this.lines = lines;
    const search = this.#engine.think(
      id,
      limits,
      (info) => {
        if (token !== this.#token) return;
        const line = (info.multipv ?? 1) - 1;
        lines[line] = { ...info, side: node.turn, node: id };
        if (line === 0) {
          this.info = lines[0];
          onFirst?.(info);
        }
        if (this.#analysis) this.#drawArrows();
        this.#emit('info', info);
      },
      { multiPV },
    );
    this.#search = search;
    const clear = () => this.#search === search && (this.#search = null);
    search.then(clear, clear);
    return search;
  }

  #engineMove() {
    const level = this.game.level;
    const limits = this.game.clock ? this.#clockLimits() : limitsFor(level);
    // Not inside the queue: what the person does meanwhile comes first and discards this move.
    const until = performance.now() + (this.game.clock ? 0 : thinkPause(level));
    const paused = (result) => new Promise((resolve) => setTimeout(() => resolve(result), until - performance.now()));
    const from = this.game.live;
    this.#engineTurn(
      (token) => this.#searchWith(from, limits, token).then(paused),
      async ({ bestmove: move, book }) => {
        this.#retries = 0;
        // The engine's own search is not the analysis: what it saw shows only in analysis mode.
        if (!this.#analysis) (this.info = null), (this.lines = []);
        else if (book) this.info = { book: true, pv: [move], side: this.tree.nodes[from].turn, node: from };
        if (move) {
          await this.#play(move, from, 'engine');
          await this.#playPremove();
        } else this.#emit('change');
      },
      async (error) => {
        // The worker died and was restarted by the client, which restored the game.
        this.#notify({ key: 'engineRestarted' }, error);
        if (++this.#retries <= MaxEngineRetries) this.#continue();
        else this.#emit('change');
      },
    );
  }

  // The engine's defence in a puzzle, which also judges the person's last move: right when the
  // engine finds itself mated within the moves the person has left, else taken back.
  #puzzleReply() {
    if (this.puzzle.best) return this.#judgeTactic();
    const left = this.puzzleMovesLeft;
    const limits = { depth: Math.min(2 * left + 6, this.#engine.maxDepth), movetime: PuzzleSearchMs };
    const from = this.game.live;
    this.#engineTurn(
      (token) => this.#searchWith(from, limits, token),
      async ({ bestmove: move }) => {
        const mate = this.info?.score?.mate;
        if (move && mate !== undefined && mate < 0 && -mate <= left) return this.#play(move, from, 'engine');
        await this.#takeBackWrongMove();
      },
      async (error) => {
        this.#notify({ key: 'engineRestarted' }, error);
        this.#emit('change');
      },
    );
  }

  // The engine's turn: `search(token)` runs while "thinking" shows; then `answer(result)` or
  // `failure(error)` runs in the queue, unless something the person did since made it stale.
  #engineTurn(search, answer, failure) {
    const token = this.#token;
    this.thinking = 'move';
    this.#emit('change');
    const failed = (error) => this.#notify({ key: 'engineRestarted' }, error);
    const whileCurrent = (then) => (value) =>
      this.#enqueue(async () => {
        if (token !== this.#token) return;
        this.thinking = null;
        await then(value);
      }).catch(failed);
    search(token).then(whileCurrent(answer), whileCurrent(failure));
  }

  // A tactic: the person's move is right when it is the winning one; the position then stays, and
  // the engine's line after it shows why it wins.
  #judgeTactic() {
    if (this.puzzle.state === 'solved') return;
    this.#enqueue(async () => {
      if (this.liveNode.move !== this.puzzle.best) return this.#takeBackWrongMove();
      this.puzzle = { ...this.puzzle, state: 'solved' };
      this.#emit('puzzle', this.puzzle);
      this.#emit('change');
      const token = this.#token;
      let line = null;
      await this.#searchWith(this.game.live, this.#engine.searchLimits({ movetime: 1000 }), token, 1, (info) => (line = info)).catch(() => {});
      if (token !== this.#token || !this.puzzle) return;
      this.puzzle = { ...this.puzzle, line: line ? { score: line.score, side: this.liveNode.turn, names: line.pvNames } : null };
      this.#emit('puzzle', this.puzzle);
    });
  }

  // A puzzle move that does not solve it: removed from the record (one request), and said to be
  // wrong.
  async #takeBackWrongMove() {
    this.puzzle = { ...this.puzzle, wrong: true };
    const wrong = this.game.live;
    const back = T.pathTo(this.tree, wrong).at(-2);
    await this.#engine.removeNode(wrong);
    this.game = G.atNode(this.game, back);
    this.#notify({ key: 'puzzleWrong' });
    this.#emit('puzzle', this.puzzle);
    this.#afterChange(false);
  }

  /**
   * Reviews the game's line (from the start to the live node): see Coach.startReview(). Emits
   * 'review' as it goes; stopReview() or any other action ends it early, keeping what was
   * reviewed. The board takes no moves meanwhile.
   */
  startReview(limits = ReviewLimits[0]) {
    return this.#coach.startReview(limits);
  }

  /** Ends a running review at once, keeping what it has judged. */
  stopReview() {
    this.#coach.stopReview();
  }

  /** "Learn from your mistakes" for `side` ('w' | 'b'): see Coach.startLearning(). */
  startLearning(side) {
    return this.#enqueue(() => this.#coach.startLearning(side));
  }

  /** The next mistake to learn from (after one is solved, or to skip it). */
  nextMistake() {
    return this.#enqueue(() => this.#coach.nextMistake());
  }

  /** Ends "learn from your mistakes". */
  stopLearning() {
    return this.#enqueue(() => this.#coach.stopLearning());
  }

  /** The game review (Coach), or null: {line, evals, marks (by node), done, total, running, limits, accuracy}. */
  get review() {
    return this.#coach.review;
  }

  /** "Learn from your mistakes" (Coach), or null: {side, nodes, index, state, tried}. */
  get learn() {
    return this.#coach.learn;
  }

  // The board is touched where the person may move but the engine has not told the legal moves
  // (a node of a file, or of a restored game): one goTo() brings them. Resolves once they are
  // known (or at once when nothing is asked).
  #fetchLegalMoves() {
    const id = this.game.shown;
    if (!this.canMove || this.#engine.legalMoves(id) || this.#search) return null;
    return this.#enqueue(async () => {
      if (this.#search || this.game.shown !== id) return;
      await this.#engine.goTo(id);
    });
  }

  /**
   * A game with a clock: each side's time left now ({w, b} ms) and whose clock runs; null
   * without a clock.
   */
  clocks() {
    const clock = this.game.clock;
    if (!clock) return null;
    const running = this.ready && !this.outcome && !clock.flagged ? this.liveNode?.turn : null;
    const elapsed = performance.now() - this.#turnStart;
    return { w: C.timeLeft(clock, 'w', running === 'w' ? elapsed : 0), b: C.timeLeft(clock, 'b', running === 'b' ? elapsed : 0), running };
  }

  // The engine thinks on its clock: the UCI clock limits, its own time running since its turn began.
  #clockLimits() {
    const { w, b } = this.clocks();
    return { wtime: Math.round(w), btime: Math.round(b), winc: this.game.clock.inc, binc: this.game.clock.inc };
  }

  // Shows a running clock, and ends the game when the side to move has no time left (whoever it
  // is: the engine too loses on time).
  #tick() {
    const clocks = this.clocks();
    if (!clocks?.running) return;
    if (clocks[clocks.running] > 0) return this.#emit('clock', clocks);
    const side = clocks.running;
    this.#enqueue(async () => {
      if (this.clocks()?.running !== side || this.clocks()[side] > 0) return;
      await this.#halt();
      this.game = { ...this.game, clock: C.flag(this.game.clock, side) };
      await this.#engine.setResult(side === 'w' ? '0-1' : '1-0', 'time');
      this.#afterChange(false);
    });
  }

  #analyse() {
    const token = this.#token;
    this.analysing = true;
    this.info = null;
    this.#emit('change');
    this.#searchWith(this.game.shown, { infinite: true }, token, this.analysisLines).catch((error) => {
      if (token === this.#token) this.#notify({ key: 'engineRestarted' }, error);
    });
  }

  // The node shown changed in analysis mode: analyse it instead.
  async #reanalyse() {
    if (!this.#analysis || this.thinking === 'move' || this.review?.running) return;
    await this.#halt();
    this.info = null;
    this.lines = [];
    this.#continue();
  }

  // The arrows on the board: the hint, each analysis line's first move (the best one strongest),
  // the threat, and in a review the better move at a marked move.
  #drawArrows() {
    if (this.#preview) return; // a previewed line shows its own numbered arrows
    const arrows = [];
    const shown = this.game.shown;
    if (this.suggestion) arrows.push({ move: this.suggestion.move, kind: 'hint' });
    if (this.premove) arrows.push({ move: this.premove, kind: 'premove' });
    if (this.#analysis && this.arrowsOn)
      this.lines.forEach((line, i) => line?.node === shown && line.pv?.[0] && arrows.push({ move: line.pv[0], kind: i === 0 ? 'best' : 'line' }));
    if (this.threat?.bestmove && this.threat.node === shown) arrows.push({ move: this.threat.bestmove, kind: 'threat' });
    // At a marked move, the move that was better in the position before it.
    const mark = this.review?.marks[shown];
    if (mark && !this.learn) arrows.push({ move: mark.best, kind: 'review' });
    this.board.setArrows(arrows);
  }

  /** Turns the analysis arrows on or off. */
  setArrows(on) {
    this.arrowsOn = !!on;
    this.#drawArrows();
    this.#emit('change');
  }

  #render(animate) {
    const tree = this.tree;
    const node = this.shownNode;
    if (!tree || !node) return this.#emit('change');
    if (this.#preview?.node === node.id && this.#preview.moves.length) {
      const moves = this.#preview.moves;
      this.board.setPreview(node.fen, moves);
    } else {
      const wasPreview = this.#preview !== null || this.board.previewing;
      this.#preview = null;
      this.board.setPosition(node.fen, { lastMove: node.move ?? null, check: node.check ? node.turn : null, animate });
      if (wasPreview) this.#drawArrows();
    }
    this.#emit('change');
  }

  #notify(message, error) {
    if (error) console.warn('chuhan:', error.message);
    this.message = { ...message, at: Date.now() };
    this.#emit('change');
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
