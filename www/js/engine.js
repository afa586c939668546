// The app's side of the engine: the package's createEngine (../../wasm/index.js) plus the few
// calls the app makes. Everything about rules — legal moves, FEN, check, results, move names,
// PGN — is asked of the engine here, one worker request per call: a move is one play(), a game
// (set, undone, read from PGN) one setPosition() or loadPgn().
import { createEngine } from '../../wasm/index.js';
import { FullSkill, skillFor, usesBook, usesThreads } from './levels.js';

// The package's worker must come from the page's origin. When this module is imported from
// another origin (a page embedding the board), start it through a same-origin blob that imports
// the real worker (which then needs CORS, as the module scripts do).
function workerOptions() {
  const workerUrl = new URL('../../wasm/worker.js', import.meta.url);
  if (!engineFromOtherOrigin()) return {};
  const blob = new Blob([`import ${JSON.stringify(workerUrl.href)};`], { type: 'text/javascript' });
  return { workerUrl: URL.createObjectURL(blob), wasmUrl: new URL('../../wasm/dist/chuhan.wasm', import.meta.url) };
}

function engineFromOtherOrigin() {
  return typeof location !== 'undefined' && new URL('../../wasm/worker.js', import.meta.url).origin !== location.origin;
}

// Threads for the strongest levels: all cores but one (the page's own), at most 8. Several threads
// need a cross-origin isolated page (scripts/dev/serve.mjs sends COOP/COEP), and engine files from the
// page's origin (a pthread is a Worker, whose script cannot come from another origin); else one.
export function appThreads() {
  if (globalThis.crossOriginIsolated !== true || engineFromOtherOrigin()) return 1;
  return Math.max(1, Math.min(8, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1));
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
  // The engine's options as last set (the engine's defaults to start with); a request failed
  // leaves null, so that the next call sets the option again.
  #options = { ownBook: false, threads: 1, skillLevel: FullSkill, multiPV: 1 };

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
   * Sets the game: resolves with the engine's GameRecord of it (every ply's record, the legal
   * moves).
   */
  load(startFen, moves) {
    return this.#client.setPosition(startFen, moves).then(lineOf);
  }

  /** Plays a legal move of the live position: resolves with its PlayRecord. */
  play(move) {
    return this.#client.play(move);
  }

  /** Chinese name of a legal move of the current position; rejects if it is not legal. */
  moveName(move) {
    return this.#client.moveName(move, 'chinese');
  }

  /**
   * Sets what depends on the level: book moves (ownBook), the skill of the engine's moves (so
   * that a move costs no extra request) and the number of threads.
   */
  forLevel(level) {
    this.#set('skillLevel', skillFor(level));
    this.#set('ownBook', usesBook(level));
    // A new count starts a new worker (with the same game), so it changes only with the level.
    this.#set('threads', usesThreads(level) ? appThreads() : 1);
  }

  /**
   * Searches the current position at Skill Level `skill` (levels.js; the engine's own moves are
   * weakened, hints are not), reporting `multiPV` lines; resolves with {bestmove (null if there
   * is none), book?}.
   */
  think(limits, onInfo, skill = FullSkill, multiPV = 1) {
    this.#set('skillLevel', skill);
    this.#set('multiPV', multiPV);
    return this.#client.go(limits, onInfo);
  }

  // Sets option `name` unless it has `value` already: one request only when something changes.
  #set(name, value) {
    if (this.#options[name] === value) return;
    this.#options[name] = value;
    this.#client.setOption(name, value).catch(() => (this.#options[name] = null));
  }

  /** Ends a running search (its think() resolves with the best move so far). */
  stop() {
    return this.#client.stop();
  }

  pgn(tags) {
    return this.#client.pgn(tags);
  }

  /** Reads a PGN game: resolves with its GameRecord; the engine is left at the game's end. */
  readPgn(text) {
    return this.#client.loadPgn(text).then(lineOf);
  }
}

// The line from the start to the engine's cursor, as the app's game state keeps it: {start,
// plies, moves, legalMoves} from a GameRecord's nodes.
function lineOf(record) {
  const [start, ...plies] = record.line.map((id) => record.nodes[id]);
  return { start, plies, moves: plies.map((p) => p.move), legalMoves: record.legalMoves };
}

/** The live position as the controller keeps it, from a line (lineOf) or a PlayRecord. */
export function statusOf(record) {
  const position = record.plies ? (record.plies.at(-1) ?? record.start) : record;
  return { fen: position.fen, turn: position.turn, check: position.check, result: position.result, legalMoves: record.legalMoves };
}
