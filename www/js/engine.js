// The app's one door to the engine: the package's createEngine (../../wasm/index.js) behind the
// calls the app makes. The game record lives in the engine; this session keeps the page's cache of
// it (tree.js), filled from the engine's answers and never computed, the node the engine's cursor
// is at, and the recipe that rebuilds the record after a reload (recipe.js). Every call is one
// worker request at most: a move is one play(), a jump one goTo() (none when the engine is there
// already), a search one go(); the level's options are sent only when they change. Everything
// about rules — legal moves, FEN, check, results, names, files — comes from the engine.
import { createEngine } from '../../wasm/index.js';
import { skillFor, usesBook, usesThreads } from './levels.js';
import * as T from './tree.js';
import * as R from './recipe.js';

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

// The most threads the app gives a search: beyond this the page's other work suffers more than
// the search gains on the machines people use.
const MaxAppThreads = 8;
// Openings are named within the first moves: openingName() looks no deeper than this ply.
const MaxNamedPly = 40;

/**
 * Threads for the strongest levels: all cores but one (the page's own), at most MaxAppThreads and
 * the contract's maximum. Several threads need a cross-origin isolated page (scripts/dev/serve.mjs
 * sends COOP/COEP), and engine files from the page's origin (a pthread is a Worker, whose script
 * cannot come from another origin); else one.
 */
export function appThreads(contract) {
  if (globalThis.crossOriginIsolated !== true || engineFromOtherOrigin()) return 1;
  const cores = (globalThis.navigator?.hardwareConcurrency ?? 2) - 1;
  return Math.max(1, Math.min(MaxAppThreads, contract.options.threads.max, cores));
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

export class EngineSession extends EventTarget {
  #client;
  #threat = null; // a second engine for threats, started when first asked
  #side = null; // an engine for side jobs (explorer, file imports, the editor), started when first asked
  // The engine's options as last set; a request that failed leaves null, so that the next call
  // sets the option again.
  #options;
  /** The page's cache of the record (tree.js), after the engine's last answer. */
  tree = null;
  /** The node the engine's cursor is at. */
  at = 0;
  /** How to rebuild the record (recipe.js). */
  recipe = R.fromPosition('startpos');

  constructor(client) {
    super();
    this.#client = client;
    const { options } = client.contract;
    this.#options = { ownBook: options.ownBook.default, threads: options.threads.default, skillLevel: options.skillLevel.default, multiPV: options.multiPV.default };
  }

  /** Starts an engine (compiling the .wasm once per page). */
  static async start() {
    return new EngineSession(await createEngine({ hashMB: 16, ...workerOptions() }));
  }

  /** The engine's contract (ranges of limits and options, notations, formats, reasons). */
  get contract() {
    return this.#client.contract;
  }

  /** Full strength: the contract's highest skill level. */
  get fullSkill() {
    return this.contract.options.skillLevel.max;
  }

  // ---- whole games: one request, answered with every node ----

  /** A game from `fen` (or 'startpos') and ICCS `moves`; `fresh` also clears the hash (a new game). */
  async setGame(fen, moves = [], { fresh = false } = {}) {
    const record = await this.#client.setPosition(fen, moves);
    if (fresh) await this.#client.newGame();
    this.recipe = R.fromPosition(fen, moves);
    return this.#whole(record);
  }

  /** The first game of a file (text or bytes; format and encoding detected unless given). */
  async loadFile(data, { format = 'auto', encoding = 'auto' } = {}) {
    const record = await this.#client.loadGame(data, { format, encoding });
    this.recipe = R.fromFile(data, format);
    return this.#whole(record);
  }

  /**
   * Rebuilds a saved record from its recipe (recipe.js): the base, then each edit. Rejects (the
   * engine's message) when the engine refuses any of it; the session then holds what was rebuilt.
   */
  async restore(recipe) {
    const { base, edits } = recipe;
    if (base.moves) await this.setGame(base.fen, base.moves);
    else await this.loadFile(base.file ?? R.fileBytes(base), { format: base.format });
    for (const e of edits) {
      if ('play' in e) await this.play(e.play, e.from);
      else if ('remove' in e) await this.removeNode(e.remove);
      else if ('promote' in e) await this.promote(e.promote, e.toMain);
      else if ('comment' in e) await this.setComment(...e.comment);
      else if ('tag' in e) await this.setTag(...e.tag);
      else if ('result' in e) await this.setResult(...e.result);
    }
    return this.tree;
  }

  /** The game as a file: 'pgn' (notation, comments, variations), 'dhtmlxq', 'fen' (of node `at`). */
  async saveFile(format, options = {}) {
    return this.#client.saveGame(format, options);
  }

  #whole(record) {
    this.tree = T.fromGame(record);
    this.at = record.cursor;
    return this.tree;
  }

  // ---- edits: one request each, answered with what changed ----

  /** Plays a legal move at node `from`: resolves with the new node (the cursor goes there). */
  async play(move, from) {
    const record = await this.#client.play(move, { from });
    this.tree = T.withCursor(this.tree, record);
    this.at = record.id;
    this.recipe = R.withPlay(this.recipe, record.move, from, record.created);
    return record;
  }

  /** Puts the engine's cursor on node `id`: no request when it is there and its moves are known. */
  async goTo(id) {
    if (this.at === id && this.tree.legal[id]) return this.tree.nodes[id];
    const record = await this.#client.goTo(id);
    this.tree = T.withCursor(this.tree, record);
    this.at = id;
    return this.tree.nodes[id];
  }

  /** The legal moves of node `id` when the engine has told them, else null (see goTo). */
  legalMoves(id) {
    return this.tree?.legal[id] ?? null;
  }

  /** Removes node `id` and every node after it; the engine's cursor leaves a removed line. */
  async removeNode(id) {
    const answer = await this.#client.removeNode(id);
    this.tree = T.withRemoved(this.tree, answer);
    this.at = answer.cursor.id;
    this.recipe = R.withEdit(this.recipe, { remove: id });
    return answer;
  }

  /** Moves the variation node `id` starts one place up, or to the main line. */
  async promote(id, toMain = false) {
    const answer = await this.#client.promote(id, { toMain });
    this.tree = T.withChildren(this.tree, answer);
    this.recipe = R.withEdit(this.recipe, { promote: id, toMain });
    return answer;
  }

  async setComment(id, text) {
    await this.#client.setComment(id, text);
    this.tree = T.withComment(this.tree, id, text);
    this.recipe = R.withEdit(this.recipe, { comment: [id, text] });
  }

  async setTag(name, value) {
    await this.#client.setTag(name, value);
    this.tree = T.withTag(this.tree, name, value);
    this.recipe = R.withEdit(this.recipe, { tag: [name, value] });
  }

  /** Declares the result ('1-0' | '0-1' | '1/2-1/2', or '*' for none) with a reason or ''. */
  async setResult(result, reason = '') {
    await this.#client.setResult(result, reason);
    this.tree = T.withDeclared(this.tree, result, reason);
    this.recipe = R.withEdit(this.recipe, { result: [result, reason] });
  }

  // ---- searches ----

  /**
   * Sets what depends on the level: book moves (ownBook), the skill of the engine's own moves and
   * the number of threads. The page's other searches (analysis: infinite; hints, puzzles and the
   * review: a mate limit, see searchLimits) are at full strength and leave the book whatever these
   * are, so no option changes between them.
   */
  forLevel(level) {
    this.#set('skillLevel', skillFor(level, this.fullSkill));
    this.#set('ownBook', usesBook(level));
    // A new count starts a new worker (with the same game), so it changes only with the level.
    this.#set('threads', usesThreads(level) ? appThreads(this.contract) : 1);
  }

  /**
   * Limits for a search at full strength that the book never answers: `limits` with a mate limit
   * (the contract's longest), which the engine honours that way, and which ends the search only
   * when a mate is proved.
   */
  searchLimits(limits) {
    return { ...limits, mate: this.contract.limits.mate.max };
  }

  /** The longest depth the contract allows. */
  get maxDepth() {
    return this.contract.limits.depth.max;
  }

  /**
   * Searches node `id` (the engine goes there first if it is elsewhere), reporting `multiPV` lines;
   * resolves with {bestmove (null if there is none), book?}.
   */
  async think(id, limits, onInfo, { multiPV = 1 } = {}) {
    await this.goTo(id);
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
    return Promise.all([this.#client.stop(), this.#threat?.then((e) => e.stop())]);
  }

  /**
   * The threat in `fen`: what the other side would play if it could move now. A second engine
   * (started on the first call, so that the game's engine keeps its record) searches `fen` with
   * the other side to move; the engine judges whether that is a position at all (it refuses one
   * where the side that just moved could take a general). Resolves with {bestmove, line} or null.
   */
  async threat(fen, limits, onInfo) {
    this.#threat ??= createEngine({ hashMB: 8, ...workerOptions() });
    const engine = await this.#threat;
    const [placement, side] = fen.split(' ');
    try {
      await engine.setPosition(`${placement} ${side === 'w' ? 'b' : 'w'} - - 0 1`);
    } catch {
      return null;
    }
    let last = null;
    const { bestmove } = await engine.go(limits, (info) => ((last = info), onInfo?.(info)));
    return bestmove ? { bestmove, line: last?.pvNames ?? [], pv: last?.pv ?? [bestmove], score: last?.score } : null;
  }

  /**
   * What masters played in `fen` ('startpos' or a FEN): {games, red, draw, black, opening, moves,
   * topGames} or null (the package's explore()), answered by the side engine.
   */
  async explore(fen) {
    return (await this.sideEngine()).explore(fen);
  }

  /** Master game `id` (from explore()'s topGames) with its moves in ICCS from the start. */
  async masterGame(id) {
    return (await this.sideEngine()).masterGame(id);
  }

  /**
   * The opening played up to node `id` ("C45 中炮对屏风马"), or '' when none is known: the name
   * of the nearest position on its line that the explorer names (a game that left the masters'
   * games keeps its line's name).
   */
  async openingName(id) {
    const path = T.pathTo(this.tree, id);
    for (let i = Math.min(path.length - 1, MaxNamedPly); i >= 0; i--) {
      const opening = (await this.explore(this.tree.nodes[path[i]].fen))?.opening;
      if (opening) return `${opening.eco} ${opening.zh}`;
    }
    return '';
  }

  /**
   * An engine of its own for the page's side jobs: the opening explorer (its data is fetched on
   * the first explore), reading files of many games (Library.importFile calls its readGames) and
   * judging the position editor's positions (checkPosition), so that none of them waits for this
   * one's searches (an analysis holds its worker) or touches the game's record.
   */
  sideEngine() {
    if (!this.#side) {
      const started = createEngine({ hashMB: 1, ...workerOptions() });
      started.catch(() => this.#side === started && (this.#side = null));
      this.#side = started;
    }
    return this.#side;
  }

  // ---- judgements that change nothing ----

  /**
   * A draw offered to `side` ('w' | 'b') in the position at the engine's cursor (goTo first):
   * {accepted, reason} (Engine.offerDraw). The record is not changed.
   */
  offerDraw(side) {
    return this.#client.offerDraw({ side });
  }

  /** Test hook: crashes the worker (the client restarts it with the same game). */
  crash(how) {
    return this.#client._crash(how);
  }
}
