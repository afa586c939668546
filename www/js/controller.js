// Playing a game: the game state (game.js), the board (board.js + input.js) and the engine
// (engine.js) put together. Used by the app (app.js) and the embeddable element
// (chuhan-board.js), which add their own controls and listen for events:
//   'change'  anything shown changed (the game, the engine's status, thinking, the hint, ...)
//   'info'    a search report while the engine thinks or analyses (detail: SearchInfo)
//   'move'    a move was played (detail: {move, name, by: 'human' | 'engine'})
//   'gameover' the game ended (detail: {result, reason})
//   'puzzle'  the puzzle's state changed (detail: the puzzle, see startPuzzle())
//   'clock'   a game with a clock: a few times a second while a side thinks (see clocks())
//   'review'  the game review advanced, ended or was stopped (see startReview())
//
// Concurrency: actions run one at a time (a queue). Each action first halts any search — the
// engine's own move, a hint or the analysis — and invalidates its result with a token, so a
// move from an abandoned search is never played.
import * as G from './game.js';
import { BoardView } from './board.js';
import { attachInput } from './input.js';
import { statusOf } from './engine.js';
import { HintLimits, limitsFor, skillFor, thinkPause } from './levels.js';
import * as C from './clock.js';
import { markMoves, redValue } from './review.js';

// How often a running clock is shown and judged.
const ClockTickMs = 100;
// A crash while thinking is retried this many times in a row before giving up on that move.
const MaxEngineRetries = 2;
// The engine's searches in a puzzle (its defence, which also judges the person's move, and hints):
// long enough for the mates of the puzzle set in the browser's engine.
const PuzzleSearchMs = 5000;
// The engine's look at each position of a game under review.
const ReviewMs = 300;

export class PlayController extends EventTarget {
  game;
  board;
  status = null; // the engine's view of the live position: {fen, turn, check, result, legalMoves}
  ready = false; // the engine answered once
  thinking = null; // null | 'move' | 'hint'
  analysing = false;
  info = null; // the latest search report (of the first line)
  lines = []; // the latest report of each line of the current search (MultiPV), best first
  analysisLines = 1; // lines the analysis shows (MultiPV 1-5)
  suggestion = null; // the hint: {move, name}
  message = null; // {key, params} of the latest notice (i18n keys)
  // The puzzle being solved, or null: {id, mate (a mate puzzle) or best (a tactic), state:
  // 'solving' | 'solved', wrong, hinted}.
  puzzle = null;
  // The game review: {moves, evals, marks, done, total, running} (review.js), or null.
  review = null;
  #engine = null;
  #input;
  #queue = Promise.resolve();
  #token = 0;
  #search = null; // the running go() promise
  #analysis = false; // analysis mode wanted
  #engineOnView = false; // the engine holds an earlier position (analysed), not the live game
  #retries = 0;
  #reportedOver = false;
  #turnStart = performance.now(); // when the side to move of the live position began its turn
  #reviewRun = 0; // the running review's number; a review ends when it changes

  /** Shows `game` on a board in `boardHost` at once; the engine joins with connect(). */
  constructor(boardHost, { game = G.createGame(), flipped = false, label, describeSquare } = {}) {
    super();
    this.game = game;
    this.board = new BoardView(boardHost, { flipped, label, describeSquare });
    this.#input = attachInput(this.board, {
      legalMoves: () => (this.canMove ? this.status.legalMoves : []),
      onMove: (move) => this.humanMove(move).catch((e) => this.#notify({ key: 'engineRestarted' }, e)),
      onRefused: () => this.#notify({ key: 'illegalMove' }),
    });
    // On an earlier position the board takes no moves: say how to get back rather than ignore.
    boardHost.addEventListener('click', () => {
      if (this.ready && !G.isLive(this.game)) this.#notify({ key: 'viewingNoMoves', params: { n: G.shownPlies(this.game) } });
    });
    this.#render(false);
    setInterval(() => this.#tick(), ClockTickMs);
  }

  /** Starts using the engine session (a promise of EngineSession); loads the game into it. */
  connect(sessionPromise) {
    return this.#enqueue(async () => {
      this.#engine = await sessionPromise;
      try {
        this.#setGame(this.game, await this.#engine.load(this.game.startFen, G.moves(this.game)));
      } catch (e) {
        // A saved game the engine does not accept (damaged storage): start afresh and say so
        // (the page keeps the saved copy, see app.js).
        const game = G.createGame({ human: this.game.human, level: this.game.level });
        this.#setGame(game, await this.#engine.load(game.startFen, []));
        this.#notify({ key: 'savedGameDamaged' }, e);
      }
      this.#engine.forLevel(this.game.level);
      this.ready = true;
      this.#render(false);
      this.#continue();
    });
  }

  // ---- what the UI reads ----

  /** The game's end ({result, reason}) or null. */
  get outcome() {
    return this.status ? G.outcome(this.game, this.status.result) : this.game.resigned ? G.outcome(this.game, null) : null;
  }

  /** Whether the person can move on the board now. */
  get canMove() {
    return this.ready && !this.thinking && !this.review?.running && G.isLive(this.game) && G.isHumanTurn(this.game) && !this.outcome;
  }

  // ---- actions ----

  humanMove(move) {
    return this.#enqueue(async () => {
      if (!this.canMove || !this.status.legalMoves.includes(move)) return this.#notify({ key: 'illegalMove' });
      await this.#halt();
      await this.#play(move, 'human');
    });
  }

  /**
   * A new game; `human` 'w' | 'b' | 'both', `startFen` defaults to the start position, `clock` a
   * time control ({base, inc} ms or "600+5" in seconds; none by default).
   */
  newGame({ human = this.game.human, level = this.game.level, startFen, clock = null } = {}) {
    return this.#enqueue(async () => {
      await this.#halt();
      const game = G.createGame({ human, level, startFen, clock });
      this.#endPuzzle();
      await this.#engine.client.newGame();
      this.#setGame(game, await this.#engine.load(game.startFen, []));
      this.#engine.forLevel(level);
      this.#afterChange(false);
    });
  }

  /** A new game from a FEN (the engine judges it); rejects with the engine's message. */
  loadFen(fen) {
    return this.#enqueue(async () => {
      await this.#halt();
      const record = await this.#engine.load(fen.trim(), []).catch(async (e) => {
        await this.#reload();
        throw e;
      });
      this.#endPuzzle();
      this.#setGame(G.createGame({ human: this.game.human, level: this.game.level }), record);
      this.#afterChange(false);
    });
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
      const record = await this.#engine.load(fen, []).catch(async (e) => {
        await this.#reload();
        throw e;
      });
      await this.#engine.client.newGame();
      this.#setGame(G.createGame({ human: statusOf(record).turn, level: this.game.level }), record);
      this.puzzle = { id, mate, best, state: 'solving', wrong: false, hinted: false };
      this.#emit('puzzle', this.puzzle);
      this.#afterChange(false);
    });
  }

  /** The person's moves still allowed to mate in the current puzzle (it starts on their move). */
  get puzzleMovesLeft() {
    return this.puzzle ? this.puzzle.mate - Math.ceil(this.game.plies.length / 2) : 0;
  }

  #endPuzzle() {
    if (!this.puzzle) return;
    this.puzzle = null;
    this.#emit('puzzle', null);
  }

  /**
   * Replaces the game with a PGN game, to study: both sides are then played by the person (the
   * engine does not jump in). Rejects with the engine's message; the game stays.
   */
  loadPgn(text) {
    return this.#study(() => this.#engine.readPgn(text));
  }

  /** As loadPgn, for a game given as its start FEN and ICCS moves (a shared link). */
  loadMoves(startFen, moves) {
    return this.#study(() => this.#engine.load(startFen, moves));
  }

  // Replaces the game with the one `read` gives the engine, for both sides to play.
  #study(read) {
    return this.#enqueue(async () => {
      await this.#halt();
      let record;
      try {
        record = await read();
      } catch (e) {
        await this.#reload();
        throw e;
      }
      this.#endPuzzle();
      this.#setGame(G.createGame({ human: 'both', level: this.game.level }), record);
      this.#afterChange(false);
    });
  }

  /** The game as PGN text (xqbase style), with player names and the date. */
  exportPgn() {
    return this.#enqueue(async () => {
      const engineName = 'Chuhan';
      const person = 'Player';
      const d = new Date();
      const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
      const tags = { Event: 'Chuhan', Date: date, Red: this.game.human === 'b' ? engineName : person, Black: this.game.human === 'w' ? engineName : person };
      if (this.game.resigned) tags.Result = this.game.resigned === 'w' ? '0-1' : '1-0';
      return this.#engine.pgn(tags);
    });
  }

  undo() {
    return this.#replace(G.undo);
  }

  redo() {
    return this.#replace(G.redo);
  }

  /** Plays on from the position shown (an earlier one): see G.branchAt. */
  playFromHere() {
    return this.#replace((game) => G.branchAt(game, G.shownPlies(game)));
  }

  resign() {
    return this.#enqueue(async () => {
      if (!this.ready || this.outcome) return;
      await this.#halt();
      this.game = G.resign(this.game);
      this.#afterChange(false);
    });
  }

  /**
   * Shows the position after `n` plies. The engine keeps thinking its own move on the live one;
   * in analysis mode it analyses the position shown, and goes back to the live one with the view.
   */
  view(n) {
    this.game = G.view(this.game, n);
    this.#input.clear();
    this.#render(false);
    if ((this.#analysis || this.#engineOnView) && this.thinking !== 'move') this.#enqueue(() => this.#analyseShown());
  }

  // Puts the engine on the position shown (an earlier one, or the live game) and analyses it.
  async #analyseShown() {
    if (!this.ready || this.thinking === 'move') return;
    if (G.isLive(this.game)) {
      if (!this.#engineOnView) return;
      await this.#halt();
      await this.#reload();
      return this.#continue();
    }
    if (!this.#analysis) return;
    await this.#halt();
    const n = G.shownPlies(this.game);
    await this.#engine.load(this.game.startFen, G.moves(this.game).slice(0, n));
    this.#engineOnView = true;
    this.#analyse();
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
      if (!this.canMove) return;
      await this.#halt();
      const token = this.#token;
      this.thinking = 'hint';
      this.#emit('change');
      try {
        const limits = this.puzzle ? { mate: Math.max(1, this.puzzleMovesLeft), movetime: PuzzleSearchMs } : HintLimits;
        if (this.puzzle) this.puzzle = { ...this.puzzle, hinted: true };
        // A tactic's hint is its answer; a mate's, the engine's mating move.
        const { bestmove: move } = this.puzzle?.best ? { bestmove: this.puzzle.best } : await this.#searchWith(limits, token);
        if (token !== this.#token || !move) return;
        this.suggestion = { move, name: await this.#engine.moveName(move) };
      } finally {
        if (token === this.#token) this.thinking = null;
      }
      this.board.setHint(this.suggestion.move);
      this.#emit('change');
      this.#continue();
    });
  }

  /** Analysis mode: the engine keeps searching the live position while it is the person's turn. */
  setAnalysis(on) {
    this.#analysis = !!on;
    return this.#enqueue(async () => {
      if (!this.#analysis) await this.#halt();
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

  // ---- internals ----

  #enqueue(fn) {
    // Anything the person does next ends a review (which holds the queue while it runs).
    if (this.review?.running) this.stopReview();
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  #replace(change) {
    return this.#enqueue(async () => {
      const next = change(this.game);
      if (next === this.game || !this.ready) return;
      await this.#halt();
      this.#setGame(next, await this.#engine.load(next.startFen, G.moves(next)));
      this.#afterChange(false);
    });
  }

  // Stops any search and makes its result stale.
  async #halt() {
    this.#token++;
    this.suggestion = null;
    this.board.setHint(null);
    if (this.#search) {
      const search = this.#search;
      await this.#engine.stop();
      await search.catch(() => {});
    }
    this.thinking = null;
    this.analysing = false;
  }

  // The game `game` as the engine has it (`record`, a GameRecord), and its live position.
  #setGame(game, record) {
    this.#engineOnView = false;
    this.#turnStart = performance.now();
    // A review stays while the game still begins with the moves it reviewed.
    if (this.review && !this.review.running && this.review.moves.some((m, i) => record.moves[i] !== m)) {
      this.review = null;
      this.#emit('review', null);
    }
    this.game = G.fromRecord(game, record);
    this.status = statusOf(record);
  }

  // Puts the engine back on the live game (after a refused load, or an earlier position analysed).
  async #reload() {
    this.#setGame(this.game, await this.#engine.load(this.game.startFen, G.moves(this.game)));
  }

  // Plays a legal move of the live position (the engine is on it): one request.
  async #play(move, by) {
    const mover = this.status.turn;
    const elapsed = performance.now() - this.#turnStart;
    const record = await this.#engine.play(move);
    this.game = G.play(this.game, G.plyOf(record));
    if (this.game.clock) this.game = { ...this.game, clock: C.afterMove(this.game.clock, mover, elapsed) };
    this.#turnStart = performance.now();
    this.status = statusOf(record);
    this.#emit('move', { move, name: record.chinese, by });
    this.#afterChange(true);
  }

  #afterChange(animate) {
    this.#input.clear();
    this.#reportedOver = this.#reportedOver && !!this.outcome;
    this.#render(animate);
    this.#continue();
  }

  // What happens next: the engine's move, the analysis, or nothing.
  #continue() {
    if (!this.ready || this.#search || this.outcome) return this.#reportOutcome();
    if (!G.isHumanTurn(this.game)) return this.puzzle ? this.#puzzleReply() : this.#engineMove();
    if (this.#analysis) this.#analyse();
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

  // Runs go() with a token, at full strength unless `skill` says otherwise: reports reach the UI
  // only while the token is current. Resolves with {bestmove, book?}.
  #searchWith(limits, token, skill, multiPV = 1) {
    // Reports score from the searched position's side to move, which the engine's own move then
    // changes: keep that side with each report.
    const side = this.#engineOnView ? G.shown(this.game).turn : (this.status?.turn ?? this.game.startTurn);
    const lines = [];
    this.lines = lines;
    const search = this.#engine.think(
      limits,
      (info) => {
        if (token !== this.#token) return;
        const line = (info.multipv ?? 1) - 1;
        lines[line] = { ...info, side };
        if (line === 0) this.info = lines[0];
        this.#emit('info', info);
      },
      skill,
      multiPV,
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
    this.#engineTurn(
      (token) => this.#searchWith(limits, token, skillFor(level)).then(paused),
      async ({ bestmove: move, book }) => {
        this.#retries = 0;
        if (book) this.info = { book: true, pv: [move] };
        if (move) await this.#play(move, 'engine');
        else this.#emit('change');
      },
      async (error) => {
        // The worker died and was restarted by the client, which restored the game.
        this.#notify({ key: 'engineRestarted' }, error);
        if (++this.#retries <= MaxEngineRetries) {
          await this.#reload();
          this.#continue();
        } else this.#emit('change');
      },
    );
  }

  // The engine's defence in a puzzle, which also judges the person's last move: right when the
  // engine finds itself mated within the moves the person has left, else taken back.
  #puzzleReply() {
    if (this.puzzle.best) return this.#judgeTactic();
    const left = this.puzzleMovesLeft;
    const limits = { depth: Math.min(2 * left + 6, 60), movetime: PuzzleSearchMs };
    this.#engineTurn(
      (token) => this.#searchWith(limits, token),
      async ({ bestmove: move }) => {
        const mate = this.info?.score?.mate;
        if (move && mate !== undefined && mate < 0 && -mate <= left) return this.#play(move, 'engine');
        await this.#takeBackWrongMove();
      },
      async (error) => {
        this.#notify({ key: 'engineRestarted' }, error);
        await this.#reload();
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

  // A tactic: the person's move is right when it is the winning one; the position then stays.
  #judgeTactic() {
    if (this.puzzle.state === 'solved') return;
    this.#enqueue(async () => {
      if (G.moves(this.game).at(-1) === this.puzzle.best) {
        this.puzzle = { ...this.puzzle, state: 'solved' };
        this.#emit('puzzle', this.puzzle);
        return this.#emit('change');
      }
      await this.#takeBackWrongMove();
    });
  }

  // A puzzle move that does not solve it: taken back, and said to be wrong.
  async #takeBackWrongMove() {
    this.puzzle = { ...this.puzzle, wrong: true };
    const back = G.undo(this.game);
    this.#setGame(back, await this.#engine.load(back.startFen, G.moves(back)));
    this.#notify({ key: 'puzzleWrong' });
    this.#emit('puzzle', this.puzzle);
    this.#afterChange(false);
  }

  /**
   * Reviews the game: the engine looks at every position (`movetime` ms each, at full strength),
   * then the moves that lost most are marked with the better move and its line (review.js).
   * Emits 'review' as it goes; stopReview() or any other action ends it early, keeping what was
   * reviewed. The board takes no moves meanwhile.
   */
  startReview({ movetime = ReviewMs } = {}) {
    const run = ++this.#reviewRun;
    const queued = this.#queue.then(async () => {
      await this.#halt();
      const { startFen, startTurn, plies } = this.game;
      const moves = G.moves(this.game);
      this.review = { moves, evals: [], marks: {}, done: 0, total: plies.length + 1, running: true };
      this.#emit('review', this.review);
      for (let n = 0; n <= plies.length && run === this.#reviewRun; n++) {
        await this.#engine.load(startFen, moves.slice(0, n));
        let first = null;
        const search = this.#engine.think({ movetime }, (info) => ((info.multipv ?? 1) === 1 ? (first = info) : null));
        this.#search = search;
        const { bestmove } = await search.finally(() => (this.#search = null));
        const side = n === 0 ? startTurn : plies[n - 1].turn;
        // A finished game's last position has no move: its value is the result.
        const value = bestmove ? (first ? redValue(first.score, side) : null) : redValue({ mate: 0 }, side);
        this.review.evals[n] = value === null ? null : { value, best: bestmove, line: first?.pvNames ?? [] };
        this.review.done = n + 1;
        this.review.marks = markMoves(this.review.evals, plies, startTurn);
        this.#emit('review', this.review);
      }
      this.review = { ...this.review, running: false };
      await this.#reload();
      this.#emit('review', this.review);
      this.#afterChange(false);
    });
    this.#queue = queued.catch(() => {});
    return queued;
  }

  /** Ends a running review at once, keeping what it has judged. */
  stopReview() {
    if (!this.review?.running) return;
    this.#reviewRun++;
    this.#engine?.stop();
  }

  /**
   * A game with a clock: each side's time left now ({w, b} ms) and whose clock runs; null
   * without a clock.
   */
  clocks() {
    const clock = this.game.clock;
    if (!clock) return null;
    const running = this.ready && !this.outcome && !clock.flagged ? this.status?.turn : null;
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
      this.#afterChange(false);
    });
  }

  #analyse() {
    const token = this.#token;
    this.analysing = true;
    this.info = null;
    this.#emit('change');
    this.#searchWith({ infinite: true }, token, undefined, this.analysisLines).catch((error) => {
      if (token === this.#token) this.#notify({ key: 'engineRestarted' }, error);
    });
  }

  #render(animate) {
    const shown = G.shown(this.game);
    // The live position's check comes from the engine (also for a start position from a FEN).
    const check = G.isLive(this.game) && this.status ? this.status.check : shown.check;
    this.board.setPosition(shown.fen, { lastMove: shown.lastMove, check: check ? shown.turn : null, animate });
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
