// The app's side of the engine: the package's createEngine (../../wasm/index.js) plus the few
// combined calls the app makes. Everything about rules — legal moves, FEN, check, results, move
// names, PGN — is asked of the engine here.
import { createEngine } from '../../wasm/index.js';

// The package's worker must come from the page's origin. When this module is imported from
// another origin (a page embedding the board), start it through a same-origin blob that imports
// the real worker (which then needs CORS, as the module scripts do).
function workerOptions() {
  const workerUrl = new URL('../../wasm/worker.js', import.meta.url);
  if (typeof location === 'undefined' || workerUrl.origin === location.origin) return {};
  const blob = new Blob([`import ${JSON.stringify(workerUrl.href)};`], { type: 'text/javascript' });
  return { workerUrl: URL.createObjectURL(blob), wasmUrl: new URL('../../wasm/dist/chuhan.wasm', import.meta.url) };
}

let first = null;

/**
 * The page's first engine session, started on the first call: index.html calls this from a tiny
 * module that loads before the app, so the worker and the .wasm load while the app's modules do.
 */
export function firstSession() {
  first ??= EngineSession.start();
  return first;
}

export class EngineSession {
  #client;
  #book = false; // the engine's ownBook option as last set

  constructor(client) {
    this.#client = client;
  }

  /** Starts an engine (compiling the .wasm once per page). */
  static async start() {
    return new EngineSession(await createEngine({ hashMB: 16, ...workerOptions() }));
  }

  /** The package's Engine client, for anything not wrapped here. */
  get client() {
    return this.#client;
  }

  /**
   * Sets the game and describes its live position:
   * {fen, legalMoves, result: {over, result?, reason?}, check}.
   */
  async load(startFen, moves) {
    await this.#client.setPosition(startFen, moves);
    return this.status();
  }

  async status() {
    const c = this.#client;
    const [fen, legalMoves, result, check] = await Promise.all([c.fen(), c.legalMoves(), c.gameResult(), c.inCheck()]);
    return { fen, legalMoves, result, check };
  }

  /** Chinese name of a legal move of the current position; rejects if it is not legal. */
  moveName(move) {
    return this.#client.moveName(move, 'chinese');
  }

  /**
   * Searches the current position; resolves with {bestmove (null if there is none), book?}. With
   * `book`, a position of the engine's opening book is answered at once with a book move.
   */
  think(limits, onInfo, { book = false } = {}) {
    // Queued before the go() in the same turn, so a stop() can never fall between the two.
    if (book !== this.#book) {
      this.#book = book;
      this.#client.setOption('ownBook', book).catch(() => (this.#book = null));
    }
    return this.#client.go(limits, onInfo);
  }

  /** Ends a running search (its think() resolves with the best move so far). */
  stop() {
    return this.#client.stop();
  }

  pgn(tags) {
    return this.#client.pgn(tags);
  }

  /**
   * Reads a PGN game: {startFen, moves, names, fens, checks} (names in Chinese, the FEN and the
   * in-check flag after each move). The engine is left at the game's end.
   */
  async readPgn(text) {
    const { startFen, moves } = await this.#client.loadPgn(text);
    const names = await this.#client.moveNames('chinese');
    const { fens, checks } = await this.#replay(startFen, moves);
    return { startFen, moves, names, fens, checks };
  }

  /** FEN and check after each move of a game; the engine is left at its end. */
  async #replay(startFen, moves) {
    const fens = [];
    const checks = [];
    for (let i = 1; i <= moves.length; i++) {
      await this.#client.setPosition(startFen, moves.slice(0, i));
      fens.push(await this.#client.fen());
      checks.push(await this.#client.inCheck());
    }
    return { fens, checks };
  }
}
