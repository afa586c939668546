// The Engine client: promises over the worker protocol (worker-core.js), shared by the browser
// entry (index.js) and the Node entry (index.node.js), which supply a `platform`: how to compile
// the .wasm, start a worker and tell whether memory can be shared.
//
// Contracts (also in index.d.ts and README.md):
// - Requests run one at a time in call order. go() is not queued behind another go(): while a
//   search is pending (from the call until its promise settles) a second go() rejects at once.
// - Bad arguments reject with a TypeError or RangeError before anything reaches the worker, judged
//   by the engine's contract (core/contract.h), which the worker sends when it starts; what only
//   the engine can judge (a bad FEN, an illegal move) rejects with its message.
// - stop() ends the pending search promptly and go() resolves with the best move so far. With
//   shared memory (Node, or a cross-origin isolated page) a flag in a SharedArrayBuffer that the
//   search polls; otherwise the worker is terminated, go() resolves with the best move of the last
//   report (the first legal move if there was none), and a fresh worker is started from the
//   compiled module with the same position and options (the hash table starts empty).
// - stop() also ends a perft, running or queued, the same way: its promise rejects with
//   "perft: stopped" and the requests behind it run.
// - A worker that crashes is restarted the same way; the request it was running rejects with
//   the reason, queued requests then run on the new worker.
// - Threads (createEngine({ threads }) or setOption('threads', n)): more than one needs shared
//   memory (Node, or a cross-origin isolated page); the threaded build (dist/chuhan-mt.*) is then
//   compiled and loaded, only then. Where memory cannot be shared the engine searches with one
//   thread and says so (engine.threadsWarning, a console warning), never failing. A change of
//   the thread count starts a new worker with the same position and options. Every search
//   report carries `threads`.
// - The opening explorer (explore(), masterGame(), openings()) needs its data file
//   (data/openings.bin beside this file, or createEngine({ openingsUrl })): it is fetched on the
//   first of those calls, once per URL for every engine of the page, handed to the worker once,
//   and handed again to a restarted worker. A failed fetch rejects that call; the next one retries.

const StopModes = ['auto', 'shared', 'terminate'];
// How long a shared-flag stop may take before the worker is terminated instead (the search
// polls the flag every 1024 nodes, i.e. well under a millisecond).
const SharedStopGraceMs = 2000;
// How long to wait for a search's first message ('moves') before stopping it by termination.
const FirstMessageGraceMs = 1000;
// A restarted worker that fails this many times in a row before it is ready ends the engine.
const MaxStartFailures = 3;

// A node number (or a count of plies): a whole number the engine can hold.
const isNode = (n) => Number.isInteger(n) && n >= 0 && n <= 0x7fffffff;
const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : typeof v === 'number' ? String(v) : typeof v);

// Runs `check` (argument checks that may call a caller's getter or Proxy, which may throw) and
// returns its result, or a promise rejected with what it threw: a method that returns a promise
// never throws.
function rejecting(check) {
  try {
    return check();
  } catch (e) {
    return Promise.reject(e);
  }
}

// `range` is {min, max} of the contract.
function checkWhole(what, value, { min, max }) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${what} must be a whole number in ${min}..${max}, got ${show(value)}`);
}

// Returns a copy of `limits` with undefined entries dropped, or throws saying what is wrong.
function checkLimits(limits, contract) {
  if (limits === null || typeof limits !== 'object' || Array.isArray(limits))
    throw new TypeError('go(limits): limits must be an object such as { movetime: 1000 } or { depth: 10 }');
  const out = {};
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (key === 'infinite') {
      if (typeof value !== 'boolean') throw new TypeError(`go(limits): infinite must be true or false, got ${show(value)}`);
      out.infinite = value;
    } else if (Object.hasOwn(contract.limits, key)) {
      checkWhole(`go(limits): ${key}`, value, contract.limits[key]);
      out[key] = value;
    } else {
      throw new TypeError(`go(limits): unknown limit '${key}' (known: ${Object.keys(contract.limits).join(', ')}, infinite)`);
    }
  }
  const ending = Object.keys(contract.limits).filter((key) => contract.limits[key].endsSearch);
  if (!out.infinite && !ending.some((k) => k in out))
    throw new TypeError(`go(limits): give a limit that ends the search (${ending.join(', ')}) or infinite: true`);
  return out;
}

function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw new TypeError('createEngine(options): options must be an object');
  const known = ['wasmUrl', 'threadedWasmUrl', 'workerUrl', 'openingsUrl', 'hashMB', 'stopMode', 'threads'];
  for (const key of Object.keys(options))
    if (!known.includes(key) && options[key] !== undefined)
      throw new TypeError(`createEngine(options): unknown option '${key}' (known: ${known.join(', ')})`);
  // Whole numbers before a worker starts; their ranges come with the contract the worker brings.
  if (options.hashMB !== undefined && (!Number.isInteger(options.hashMB) || options.hashMB < 1))
    throw new RangeError(`createEngine(options): hashMB must be a whole number from 1, got ${show(options.hashMB)}`);
  if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1))
    throw new RangeError(`createEngine(options): threads must be a whole number from 1, got ${show(options.threads)}`);
  for (const key of ['wasmUrl', 'threadedWasmUrl', 'workerUrl', 'openingsUrl'])
    if (options[key] !== undefined && typeof options[key] !== 'string' && !(options[key] instanceof URL))
      throw new TypeError(`createEngine(options): ${key} must be a string or a URL`);
  if (options.stopMode !== undefined && !StopModes.includes(options.stopMode))
    throw new TypeError(`createEngine(options): stopMode must be one of ${StopModes.join(', ')}, got ${show(options.stopMode)}`);
  return options;
}

// Compiles .wasm bytes, first checking that they are WebAssembly: a bundler or server that lost
// the file often answers with an HTML page, which would fail with "expected magic word 00 61 73 6d".
export async function compileBytes(bytes, url) {
  const head = new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, Math.min(4, bytes.byteLength));
  if (!(head[0] === 0 && head[1] === 0x61 && head[2] === 0x73 && head[3] === 0x6d)) {
    const start = new TextDecoder().decode(new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, Math.min(40, bytes.byteLength)));
    throw new Error(
      `chuhan: ${url} is not a WebAssembly file (it starts with ${JSON.stringify(start)}); ` +
        'the server or bundler did not deliver chuhan.wasm. Serve it next to the package files or pass createEngine({ wasmUrl })',
    );
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new Error(`chuhan: could not compile ${url}: ${e.message}` + cspHint(e));
  }
}

export function cspHint(error) {
  return /Content.Security.Policy|CSP|unsafe-eval/i.test(String(error?.message))
    ? " (the page's Content-Security-Policy must allow 'wasm-unsafe-eval' in script-src)"
    : '';
}

// One compilation per URL, shared by every engine (and every restarted worker) of the page.
const compiled = new Map();
function compileOnce(platform, url) {
  const key = String(url);
  if (!compiled.has(key)) {
    const promise = platform.compile(url);
    compiled.set(key, promise);
    promise.catch(() => compiled.delete(key));
  }
  return compiled.get(key);
}

// One download of the explorer's data per URL, shared by every engine of the page.
const fetched = new Map();
function readOnce(platform, url) {
  const key = String(url);
  if (!fetched.has(key)) {
    const promise = platform.readBytes(url);
    fetched.set(key, promise);
    promise.catch(() => fetched.delete(key));
  }
  return fetched.get(key);
}

export async function createEngineWith(platform, options) {
  const opts = checkOptions(options);
  const mode = opts.stopMode ?? 'auto';
  const canShare = platform.canShareMemory();
  if (mode === 'shared' && !canShare)
    throw new Error("createEngine: stopMode 'shared' needs SharedArrayBuffer (a cross-origin isolated page: COOP + COEP headers)");
  // The worker starts loading its script while the module compiles.
  const modules = {
    single: () => compileOnce(platform, opts.wasmUrl ?? platform.defaultWasmUrl(false)),
    threaded: () => compileOnce(platform, opts.threadedWasmUrl ?? platform.defaultWasmUrl(true)),
  };
  const sharedStop = mode !== 'terminate' && canShare ? new Int32Array(new SharedArrayBuffer(4)) : null;
  // The first worker is single-threaded: the thread count is judged by the contract it brings,
  // and only then does a threaded worker (with that many pthread workers) replace it.
  const engine = new Engine(platform, modules, opts.workerUrl, sharedStop, opts.hashMB, opts.openingsUrl);
  await Engine.started(engine);
  // The hash size and thread count are judged by the contract, which the first worker brought.
  if (opts.hashMB !== undefined || opts.threads !== undefined) {
    try {
      if (opts.hashMB !== undefined) checkWhole('createEngine(options): hashMB', opts.hashMB, engine.contract.options.hashMB);
      if (opts.threads !== undefined) checkWhole('createEngine(options): threads', opts.threads, engine.contract.options.threads);
    } catch (e) {
      engine.terminate();
      throw e;
    }
  }
  if (opts.threads !== undefined) await engine.setOption('threads', opts.threads);
  return engine;
}

class Engine {
  #platform;
  #modules; // {single, threaded}: each returns the Promise<WebAssembly.Module> of its build
  #threads = 1; // threads the current worker searches with
  #threadsWarning = null;
  #workerUrl;
  #sharedStop; // Int32Array over a SharedArrayBuffer, or null (stop by terminating)
  #worker = null; // {post, terminate, ref?, unref?}
  #generation = 0; // ignores events of workers already replaced
  #ready = false;
  #startFailures = 0;
  #everReady = false;
  #queue = [];
  #current = null; // the request the worker is running
  #search = null; // the pending go() request, queued or running
  #nextId = 1;
  #dead = null; // the Error every call rejects with after terminate() or a failed start
  #contract = null; // the engine's contract (core/contract.h), from the first worker's 'ready'
  // The requests that made the game as it is (a base — position, loadGame — then each edit and
  // the last move of the cursor): a new worker replays them, so the record and its node numbers
  // come back as they were.
  #log = [{ cmd: 'position', fen: 'startpos', moves: [] }];
  #settings = {}; // hashMB, multiPV, moveOverhead, ownBook, threads, skillLevel, useNNUE: restored in a new worker
  #started = {}; // {promise, resolve, reject}: the first worker is ready
  #openingsUrl; // where the explorer's data is (undefined: the platform's default)
  #openingsLoad = null; // Promise of the data's figures once the worker has it
  #openingsBytes = null; // the data, handed to a restarted worker

  constructor(platform, modules, workerUrl, sharedStop, hashMB, openingsUrl) {
    this.#platform = platform;
    this.#openingsUrl = openingsUrl;
    this.#modules = modules;
    this.#workerUrl = workerUrl;
    this.#sharedStop = sharedStop;
    if (hashMB !== undefined) this.#settings.hashMB = hashMB;
    this.#started.promise = new Promise((resolve, reject) => Object.assign(this.#started, { resolve, reject }));
    this.#startWorker();
  }

  static started(engine) {
    return engine.#started.promise;
  }

  /** The engine's contract: limit and option ranges, notations, result and reason names. */
  get contract() {
    return this.#contract;
  }

  /** The number of threads the engine searches with now. */
  get threads() {
    return this.#threads;
  }

  /** Why the engine searches with fewer threads than asked for, or null. */
  get threadsWarning() {
    return this.#threadsWarning;
  }

  // Records `requested` threads and decides how many the next worker gets.
  #useThreads(requested) {
    this.#settings.threads = requested;
    const possible = requested > 1 && !this.#platform.canShareMemory() ? 1 : requested;
    const warning =
      possible < requested
        ? `chuhan: ${requested} threads need shared memory (a cross-origin isolated page: COOP same-origin and COEP require-corp headers); searching with 1`
        : null;
    if (warning && warning !== this.#threadsWarning) console.warn(warning);
    this.#threadsWarning = warning;
    const changed = possible !== this.#threads;
    this.#threads = possible;
    return changed;
  }

  /** Sets the game: `fen` (or 'startpos') followed by `moves` in ICCS. Resolves with the game. */
  setPosition(fen, moves = []) {
    if (typeof fen !== 'string') return Promise.reject(new TypeError(`setPosition: fen must be a string, got ${show(fen)}`));
    return rejecting(() => {
      // Array.from visits holes ([, 'h9g7']) as undefined, where every() would skip them.
      const copy = Array.isArray(moves) ? Array.from(moves) : null;
      if (!copy?.every((m) => typeof m === 'string'))
        return Promise.reject(new TypeError('setPosition: moves must be an array of ICCS strings such as ["h2e2", "h9g7"]'));
      return this.#edit('setPosition', { cmd: 'position', fen, moves: copy });
    });
  }

  /**
   * Plays one legal move (ICCS, WXF or Chinese) at the cursor, or at node `from`: the node the
   * move already has, else a new one (a variation when that node has a continuation). Resolves
   * with the new cursor's record.
   */
  play(move, { from } = {}) {
    if (typeof move !== 'string') return Promise.reject(new TypeError(`play: move must be a string such as "h2e2", got ${show(move)}`));
    if (from !== undefined && !isNode(from)) return Promise.reject(new TypeError(`play: from must be a node number, got ${show(from)}`));
    return this.#edit('play', { cmd: 'play', move, ...(from !== undefined ? { from } : {}) });
  }

  /** Moves the cursor to node `node`; resolves with its record and legal moves. */
  goTo(node) {
    if (!isNode(node)) return Promise.reject(new TypeError(`goTo: node must be a node number, got ${show(node)}`));
    return this.#edit('goTo', { cmd: 'goTo', node });
  }

  /** Moves the cursor `plies` moves back along its line (the moves stay in the record). */
  undo(plies = 1) {
    if (!isNode(plies)) return Promise.reject(new TypeError(`undo: plies must be a whole number from 0, got ${show(plies)}`));
    return this.#edit('undo', { cmd: 'undo', plies });
  }

  /** Removes node `node` and everything after it. Resolves with {removed, parent, children, cursor}. */
  removeNode(node) {
    if (!isNode(node)) return Promise.reject(new TypeError(`removeNode: node must be a node number, got ${show(node)}`));
    return this.#edit('removeNode', { cmd: 'removeNode', node });
  }

  /** Moves the variation `node` starts one place up (toMain: to the main line). Resolves with {parent, children}. */
  promote(node, { toMain = false } = {}) {
    if (!isNode(node)) return Promise.reject(new TypeError(`promote: node must be a node number, got ${show(node)}`));
    if (typeof toMain !== 'boolean') return Promise.reject(new TypeError(`promote: toMain must be true or false, got ${show(toMain)}`));
    return this.#edit('promote', { cmd: 'promote', node, toMain });
  }

  /** Sets the comment of node `node` ('' removes it). */
  setComment(node, text) {
    if (!isNode(node)) return Promise.reject(new TypeError(`setComment: node must be a node number, got ${show(node)}`));
    if (typeof text !== 'string') return Promise.reject(new TypeError(`setComment: text must be a string, got ${show(text)}`));
    return this.#edit('setComment', { cmd: 'setComment', node, text });
  }

  /** Sets a tag of the game (Event, Red, Black, Date, ...; '' removes it). */
  setTag(name, value) {
    if (typeof name !== 'string' || typeof value !== 'string')
      return Promise.reject(new TypeError(`setTag: name and value must be strings, got ${show(name)} = ${show(value)}`));
    return this.#edit('setTag', { cmd: 'setTag', name, value });
  }

  /** Declares the result: '1-0', '0-1', '1/2-1/2' or '*', with a reason of contract.reasons (or ''). */
  setResult(result, reason = '') {
    if (!['1-0', '0-1', '1/2-1/2', '*'].includes(result))
      return Promise.reject(new TypeError(`setResult: result must be '1-0', '0-1', '1/2-1/2' or '*', got ${show(result)}`));
    if (reason !== '' && !this.#contract.reasons.includes(reason))
      return Promise.reject(new TypeError(`setResult: reason must be '' or one of ${this.#contract.reasons.join(', ')}, got ${show(reason)}`));
    return this.#edit('setResult', { cmd: 'setResult', result, reason });
  }

  /**
   * Replaces the game with the first game of a file: its text, or its bytes (Uint8Array or
   * ArrayBuffer: XQF, and text in GBK, Big5 or UTF-8). `format` and `encoding` default to 'auto'.
   */
  loadGame(data, { format = 'auto', encoding = 'auto' } = {}) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data.slice(0)) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) : null;
    if (typeof data !== 'string' && !bytes)
      return Promise.reject(new TypeError(`loadGame: data must be a string, a Uint8Array or an ArrayBuffer, got ${show(data)}`));
    const { read } = this.#contract.formats;
    if (!read.includes(format)) return Promise.reject(new TypeError(`loadGame: format must be one of ${read.join(', ')}, got ${show(format)}`));
    if (typeof encoding !== 'string') return Promise.reject(new TypeError(`loadGame: encoding must be a string, got ${show(encoding)}`));
    return this.#edit('loadGame', { cmd: 'loadGame', data: bytes ?? data, format, encoding });
  }

  /** The game as a file: format 'pgn', 'dhtmlxq', 'fen' (the cursor's position) or 'json'. */
  saveGame(format = 'pgn', { notation = 'chinese', comments = true, variations = true } = {}) {
    const { write } = this.#contract.formats;
    if (!write.includes(format)) return Promise.reject(new TypeError(`saveGame: format must be one of ${write.join(', ')}, got ${show(format)}`));
    if (!this.#contract.notations.includes(notation))
      return Promise.reject(new TypeError(`saveGame: notation must be one of ${this.#contract.notations.join(', ')}, got ${show(notation)}`));
    if (typeof comments !== 'boolean' || typeof variations !== 'boolean')
      return Promise.reject(new TypeError('saveGame: comments and variations must be true or false'));
    return this.#request('saveGame', { cmd: 'saveGame', format, notation, comments, variations });
  }

  /**
   * Every game of a file (text or bytes, as loadGame), at most `max`: an array with, per game,
   * {tags, startFen, result, declared, plies, text} (text: the game as PGN, moves in `notation`)
   * or {error}. The engine's game is not touched.
   */
  readGames(data, { format = 'auto', encoding = 'auto', notation = 'chinese', max = 100000 } = {}) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data.slice(0)) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) : null;
    if (typeof data !== 'string' && !bytes)
      return Promise.reject(new TypeError(`readGames: data must be a string, a Uint8Array or an ArrayBuffer, got ${show(data)}`));
    const { read } = this.#contract.formats;
    if (!read.includes(format)) return Promise.reject(new TypeError(`readGames: format must be one of ${read.join(', ')}, got ${show(format)}`));
    if (typeof encoding !== 'string') return Promise.reject(new TypeError(`readGames: encoding must be a string, got ${show(encoding)}`));
    if (!this.#contract.notations.includes(notation))
      return Promise.reject(new TypeError(`readGames: notation must be one of ${this.#contract.notations.join(', ')}, got ${show(notation)}`));
    if (!Number.isInteger(max) || max < 1) return Promise.reject(new RangeError(`readGames: max must be a whole number from 1, got ${show(max)}`));
    return this.#request('readGames', { cmd: 'readGames', data: bytes ?? data, format, encoding, notation, max });
  }

  /**
   * Judges a FEN for a position editor without touching the game: {problems, check, result,
   * legalMoves}. `problems` lists everything that keeps it from being played (empty: legal).
   */
  checkPosition(fen) {
    if (typeof fen !== 'string') return Promise.reject(new TypeError(`checkPosition: fen must be a string, got ${show(fen)}`));
    return this.#request('checkPosition', { cmd: 'checkPosition', fen });
  }

  /**
   * A draw offer to `side` ('w' | 'b'; default the side to move) in the cursor's position:
   * {accepted, reason, score?}. A short search may run; the game is not changed (declare the
   * draw with setResult('1/2-1/2', 'agreement')).
   */
  offerDraw({ side = '' } = {}) {
    if (!['', 'w', 'b'].includes(side)) return Promise.reject(new TypeError(`offerDraw: side must be 'w' or 'b', got ${show(side)}`));
    return this.#request('offerDraw', { cmd: 'offerDraw', side });
  }

  // A request that changes the game: on success it joins the log a new worker replays.
  #edit(method, msg) {
    return this.#request(method, msg, { onSuccess: (value) => this.#logEdit(msg, value) });
  }

  #logEdit(msg, value) {
    const goTo = (node) => {
      if (this.#log.at(-1).cmd === 'goTo') this.#log.pop(); // only the cursor's last place counts
      this.#log.push({ cmd: 'goTo', node });
    };
    switch (msg.cmd) {
      case 'position':
      case 'loadGame':
      case 'loadPgn':
        this.#log = [msg];
        return;
      case 'play':
        return value.created ? this.#log.push({ cmd: 'play', move: value.move, from: value.parent }) : goTo(value.id);
      case 'goTo':
      case 'undo':
        return goTo(value.id);
      default:
        this.#log.push(msg);
    }
  }

  fen() {
    return this.#request('fen', { cmd: 'fen' });
  }

  // Hands the explorer's data to the worker (fetching it first, once): resolves with its figures.
  #loadOpenings() {
    if (!this.#openingsLoad) {
      const url = this.#openingsUrl ?? this.#platform.defaultOpeningsUrl();
      const load = readOnce(this.#platform, url).then((bytes) =>
        this.#request('openings', { cmd: 'openings', data: bytes }).then((info) => {
          this.#openingsBytes = bytes;
          return info;
        }),
      );
      load.catch(() => this.#openingsLoad === load && (this.#openingsLoad = null));
      this.#openingsLoad = load;
    }
    return this.#openingsLoad;
  }

  /** The opening explorer's data: {games, positions, openings, credit, about} (loads it if needed). */
  openings() {
    return this.#loadOpenings();
  }

  /**
   * What masters played: at the cursor (no fen; the opening is named as the game goes, from the
   * last named position of its line) or in `fen` ('startpos' or a FEN). Resolves with
   * {games, red, draw, black, opening, moves, topGames}, or null for a position no master game
   * reached often enough.
   */
  explore(fen) {
    if (fen !== undefined && typeof fen !== 'string') return Promise.reject(new TypeError(`explore: fen must be a string or omitted, got ${show(fen)}`));
    return this.#loadOpenings().then(() => this.#request('explore', { cmd: 'explore', ...(fen !== undefined ? { fen } : {}) }));
  }

  /** Master game `id` (from explore()'s topGames) with its moves in ICCS from the start. */
  masterGame(id) {
    if (!isNode(id)) return Promise.reject(new TypeError(`masterGame: id must be a game number, got ${show(id)}`));
    return this.#loadOpenings().then(() => this.#request('masterGame', { cmd: 'masterGame', game: id }));
  }

  legalMoves() {
    return this.#request('legalMoves', { cmd: 'legalMoves' });
  }

  go(limits, onInfo) {
    let checked;
    try {
      checked = checkLimits(limits, this.#contract);
      if (onInfo !== undefined && typeof onInfo !== 'function') throw new TypeError('go: onInfo must be a function');
    } catch (e) {
      return Promise.reject(e);
    }
    if (this.#search)
      return Promise.reject(new Error('go: a search is already running; await it (or call stop() first) before starting another'));
    return this.#request('go', { cmd: 'go', limits: checked }, { onInfo, isSearch: true });
  }

  stop() {
    const perfts = [this.#current, ...this.#queue].filter((req) => req?.msg.cmd === 'perft').map((req) => this.#stopPerft(req));
    return Promise.all([...perfts, this.#stopSearch()]).then(() => {});
  }

  #stopSearch() {
    const req = this.#search;
    if (!req) return Promise.resolve();
    const settled = req.promise.then(
      () => {},
      () => {},
    );
    if (req.stopping) return settled;
    req.stopping = true;
    if (this.#current !== req) return settled; // not started yet: it will search to depth 1 only
    if (this.#sharedStop) {
      Atomics.store(this.#sharedStop, 0, 1);
      req.timer = setTimeout(() => this.#current === req && this.#abortSearch(req), SharedStopGraceMs);
    } else if (req.moves) {
      this.#abortSearch(req);
    } else {
      req.stopOnMoves = true;
      req.timer = setTimeout(() => this.#current === req && this.#abortSearch(req), FirstMessageGraceMs);
    }
    return settled;
  }

  // Ends a perft: a queued one at once, a running one through the shared flag (terminating the
  // worker if the flag goes unheard) or by terminating the worker.
  #stopPerft(req) {
    const settled = req.promise.then(
      () => {},
      () => {},
    );
    if (req.stopping) return settled;
    req.stopping = true;
    const stopped = () => req.reject(new Error('perft: stopped'));
    if (this.#current !== req) {
      this.#queue.splice(this.#queue.indexOf(req), 1);
      stopped();
      this.#updateRef();
    } else if (this.#sharedStop) {
      Atomics.store(this.#sharedStop, 0, 1);
      req.timer = setTimeout(() => this.#current === req && this.#abort(req, stopped), SharedStopGraceMs);
    } else {
      this.#abort(req, stopped);
    }
    return settled;
  }

  perft(depth) {
    try {
      checkWhole('perft: depth', depth, this.#contract.perftDepth);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.#request('perft', { cmd: 'perft', depth });
  }

  bench() {
    return this.#request('bench', { cmd: 'bench' });
  }

  gameResult() {
    return this.#request('gameResult', { cmd: 'gameResult' });
  }

  /** The game: its record (tags, start, result, every node), the cursor and its legal moves. */
  game() {
    return this.#request('game', { cmd: 'game' });
  }

  /** The game's moves named in `style`: 'iccs', 'wxf' or 'chinese' (炮二平五). */
  moveNames(style = 'chinese') {
    if (!this.#contract.notations.includes(style))
      return Promise.reject(new TypeError(`moveNames: style must be one of ${this.#contract.notations.join(', ')}, got ${show(style)}`));
    return this.#request('moveNames', { cmd: 'moveNames', style });
  }

  /** A legal move of the current position named in `style`; rejects if the move is not legal. */
  moveName(iccs, style = 'chinese') {
    if (typeof iccs !== 'string') return Promise.reject(new TypeError(`moveName: iccs must be a string such as "h2e2", got ${show(iccs)}`));
    if (!this.#contract.notations.includes(style))
      return Promise.reject(new TypeError(`moveName: style must be one of ${this.#contract.notations.join(', ')}, got ${show(style)}`));
    return this.#request('moveName', { cmd: 'moveName', iccs, style });
  }

  /** The game as xqbase-style PGN; `tags` ({Event: '...', Red: '...'}) adds or overrides headers. */
  pgn(tags = {}) {
    return rejecting(() => {
      // One read of each value (a getter runs once), checked and sent.
      const copy = tags !== null && typeof tags === 'object' && !Array.isArray(tags) ? Object.fromEntries(Object.entries(tags)) : null;
      if (!copy || !Object.values(copy).every((v) => typeof v === 'string'))
        return Promise.reject(new TypeError('pgn: tags must be an object of strings such as { Red: "Chuhan" }'));
      for (const [key, value] of Object.entries(copy))
        if (!/^[A-Za-z0-9_]+$/.test(key) || /["\\\n\r]/.test(value))
          return Promise.reject(new TypeError(`pgn: bad tag ${show(key)} = ${show(value)} (names are letters, digits, _; values have no quote, backslash or line break)`));
      return this.#request('pgn', { cmd: 'pgn', tags: copy });
    });
  }

  /**
   * Replaces the game with the first game of a PGN text (moves in ICCS, WXF or Chinese). Resolves
   * with the game; rejects with the engine's message (the previous game stays).
   */
  loadPgn(text) {
    if (typeof text !== 'string') return Promise.reject(new TypeError(`loadPgn: text must be a string, got ${show(text)}`));
    return this.#edit('loadPgn', { cmd: 'loadPgn', text });
  }

  /** True when the side to move is in check. */
  inCheck() {
    return this.#request('inCheck', { cmd: 'inCheck' });
  }

  newGame() {
    return this.#request('newGame', { cmd: 'newGame' });
  }

  seedRandom(seed) {
    if (!Number.isSafeInteger(seed) || seed < 0) return Promise.reject(new RangeError(`seedRandom: seed must be a whole number from 0, got ${show(seed)}`));
    return this.#request('seedRandom', { cmd: 'seedRandom', seed });
  }

  setOption(name, value) {
    const options = this.#contract.options;
    if (typeof name !== 'string' || !Object.hasOwn(options, name))
      return Promise.reject(new TypeError(`setOption: unknown option ${show(name)} (known: ${Object.keys(options).join(', ')})`));
    if (options[name].type === 'check') {
      if (typeof value !== 'boolean') return Promise.reject(new TypeError(`setOption: ${name} must be true or false, got ${show(value)}`));
    } else {
      try {
        checkWhole(`setOption: ${name}`, value, options[name]);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // The thread count picks the build: the client applies it by starting a new worker.
    if (name === 'threads') return this.#request('setOption', { cmd: 'threads', value });
    return this.#request('setOption', { cmd: 'setOption', name, value }, {
      onSuccess: () => (this.#settings[name] = value),
    });
  }

  terminate() {
    this.#die(new Error('chuhan: the engine was terminated'));
  }

  // Test hooks (not part of the public API): any worker request without the JS checks, the
  // worker's state, and a worker crash on demand.
  _raw(msg) {
    return this.#request(msg.cmd, msg, { isSearch: msg.cmd === 'go' });
  }
  _state() {
    return this._raw({ cmd: 'state' });
  }
  _crash(how) {
    return this._raw({ cmd: 'crash', how });
  }
  get _sharedStop() {
    return this.#sharedStop !== null;
  }

  // ---- requests ----

  #request(method, msg, extra = {}) {
    if (this.#dead) return Promise.reject(this.#dead);
    const req = { method, msg: { ...msg, id: this.#nextId++ }, ...extra };
    req.promise = new Promise((resolve, reject) => {
      req.resolve = resolve;
      req.reject = reject;
    });
    if (req.isSearch) this.#search = req;
    this.#queue.push(req);
    this.#pump();
    return req.promise;
  }

  #pump() {
    if (!this.#dead && !this.#current && this.#ready && this.#queue.length) {
      const req = (this.#current = this.#queue.shift());
      if (req.msg.cmd === 'threads') {
        // The same count: nothing to do; another: a new worker, ready before this resolves.
        if (!this.#useThreads(req.msg.value)) return this.#settle(req, () => req.resolve());
        req.restarting = true;
        this.#killWorker();
        return this.#startWorker();
      }
      if (req.msg.cmd === 'go' || req.msg.cmd === 'bench' || req.msg.cmd === 'perft') {
        if (this.#sharedStop) Atomics.store(this.#sharedStop, 0, 0);
        if (req.stopping) req.msg.limits = { depth: 1 }; // stopped before it began: any legal move
      }
      this.#worker.post(req.msg);
    }
    this.#updateRef();
  }

  // Finishes the running request: the next one may start.
  #settle(req, fn) {
    clearTimeout(req.timer);
    if (this.#current === req) this.#current = null;
    if (this.#search === req) this.#search = null;
    fn();
    this.#pump();
  }

  #onMessage(generation, data) {
    if (generation !== this.#generation || this.#dead) return;
    if (data?.id === 0) return this.#onInit(data);
    const req = this.#current;
    if (!req || data?.id !== req.msg.id) return;
    switch (data.type) {
      case 'info':
        return this.#onInfo(req, data.info);
      case 'moves':
        if (req.isSearch) {
          req.moves = data.moves;
          if (req.stopOnMoves) this.#abortSearch(req);
          return;
        }
        return this.#settle(req, () => req.resolve(data.moves));
      case 'bestmove':
        return this.#settle(req, () =>
          req.resolve({ bestmove: data.bestmove, ...(data.ponder ? { ponder: data.ponder } : {}), ...(data.book ? { book: true } : {}) }),
        );
      case 'result':
        return this.#settle(req, () => {
          req.onSuccess?.(data.value);
          req.resolve(data.value);
        });
      case 'error':
        // A fatal error leaves the module in an unknown state: replace the worker before the
        // next request can reach it.
        if (data.fatal) this.#killWorker();
        this.#settle(req, () => req.reject(new Error(`${req.method}: ${data.message}`)));
        if (data.fatal) this.#startWorker();
        return;
    }
  }

  #onInfo(req, info) {
    info.threads = this.#threads;
    if (info.multipv === 1 && info.pv.length && info.bound !== 'upperbound')
      req.best = info.pv.length > 1 ? { bestmove: info.pv[0], ponder: info.pv[1] } : { bestmove: info.pv[0] };
    if (req.onInfo) {
      try {
        req.onInfo(info);
      } catch (e) {
        console.error('chuhan: the onInfo callback threw', e);
      }
    }
  }

  // Stops a search without shared memory: end the worker, answer with the best move so far.
  #abortSearch(req) {
    const best = req.best ?? (req.moves ? { bestmove: req.moves[0] ?? null } : null);
    this.#abort(req, () =>
      best ? req.resolve(best) : req.reject(new Error('go: the search was stopped before it reported anything')),
    );
  }

  // Ends the running request `req` by terminating its worker: `answer` settles it, and a new
  // worker with the same position and options takes the queue.
  #abort(req, answer) {
    this.#killWorker();
    this.#settle(req, answer);
    this.#startWorker();
  }

  // ---- workers ----

  #startWorker() {
    const generation = ++this.#generation;
    this.#ready = false;
    const threads = this.#threads;
    let worker;
    try {
      worker = this.#platform.createWorker(
        this.#workerUrl,
        {
          message: (data) => this.#onMessage(generation, data),
          failure: (reason) => this.#onFailure(generation, reason),
        },
        threads > 1,
      );
    } catch (e) {
      return this.#onFailure(generation, `could not start the worker: ${e.message}`);
    }
    this.#worker = worker;
    this.#updateRef();
    (threads > 1 ? this.#modules.threaded() : this.#modules.single()).then(
      (module) => {
        if (generation !== this.#generation || this.#dead) return;
        worker.post({
          id: 0,
          cmd: 'init',
          module,
          stopBuffer: this.#sharedStop?.buffer,
          ...this.#settings,
          threads,
          restore: this.#log,
          ...(this.#openingsBytes ? { openings: this.#openingsBytes } : {}),
        });
      },
      (error) => (threads > 1 ? this.#onFailure(generation, error.message) : this.#die(error)),
    );
  }

  #onInit(data) {
    if (data.type !== 'ready') return this.#onFailure(this.#generation, data.message ?? 'bad init reply');
    this.#ready = true;
    this.#everReady = true;
    this.#contract = data.contract;
    this.#startFailures = 0;
    this.#started.resolve();
    const req = this.#current;
    if (req?.restarting) return this.#settle(req, () => req.resolve());
    this.#pump();
  }

  #onFailure(generation, reason) {
    if (generation !== this.#generation || this.#dead) return;
    const wasReady = this.#ready;
    this.#killWorker();
    if (!wasReady && this.#threads > 1) {
      // The threaded build did not start (a bundle without its files, a browser without nested
      // workers): search with one thread rather than fail.
      this.#threads = 1;
      this.#threadsWarning = `chuhan: the threaded engine could not start (${reason}); searching with 1 thread`;
      console.warn(this.#threadsWarning);
      return this.#startWorker();
    }
    const req = this.#current;
    if (req) this.#settle(req, () => req.reject(new Error(`${req.method}: the engine worker crashed (${reason}); it was restarted`)));
    if (!wasReady && (!this.#everReady || ++this.#startFailures >= MaxStartFailures))
      return this.#die(new Error(`chuhan: the engine worker could not start: ${reason}`));
    this.#startWorker();
  }

  #killWorker() {
    this.#generation++;
    this.#ready = false;
    const worker = this.#worker;
    this.#worker = null;
    worker?.terminate();
  }

  #die(error) {
    if (this.#dead) return;
    this.#dead = error;
    this.#killWorker();
    const pending = [...(this.#current ? [this.#current] : []), ...this.#queue];
    this.#current = null;
    this.#search = null;
    this.#queue = [];
    for (const req of pending) {
      clearTimeout(req.timer);
      req.reject(error);
    }
    this.#started.reject(error);
  }

  // Under Node, a worker keeps the process alive only while it has work.
  #updateRef() {
    const busy = this.#current || this.#queue.length || !this.#ready;
    if (busy) this.#worker?.ref?.();
    else this.#worker?.unref?.();
  }
}
