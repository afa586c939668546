// Engines the match runner can play with. Every engine, whatever it runs on, offers the same
// small interface to the game loop:
//
//   name                         display name (PGN Red/Black)
//   async start()                spawn / load and handshake; throws on failure
//   async newGame()              forget the previous game (ucinewgame / setoption newgame)
//   async go(fen, moves, limits) -> {move, info, error}
//       fen     the game's start position; moves: ICCS moves (ranks 0..9) played since
//       limits  {movetime} or {wtime, btime, winc, binc} in milliseconds, plus
//               {deadline}: ms after which the runner gives up on the answer (timeout)
//       move    ICCS bestmove, or null for "(none)" / "nobestmove"
//       info    {depth, score} from the last info line, when the engine sent one
//       error   'timeout' | 'crash' | 'protocol' with a detail string, when the engine failed
//   healthy                      false after a crash/timeout: the runner calls restart()
//   async restart(), async quit(), kill()
//
// Three implementations:
//   UciProcessEngine   an external process speaking UCI or UCCI (native chuhan, Pikafish,
//                      ElephantEye, the Fairy-Stockfish wasm wrapper ...), moves with ranks
//                      0..9 or 1..10 (`rankBase`);
//   InProcessEngine    an object living in this Node process (later: the chuhan wasm build),
//                      loaded from a module: `--engine-a module:path/to/adapter.mjs`. The module's
//                      default export is `async (options) => ({name, newGame(), go(fen, moves,
//                      limits) -> Promise<bestmove ICCS | null>, stop?(), quit?()})`;
//   the `fairy` preset: UciProcessEngine over scripts/match/fairy-engine.cjs;
//   the `wasm` preset: Chuhan's WebAssembly build in process (scripts/match/chuhan-wasm-engine.mjs).

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

import { iccsToRank1, rank1ToIccs, isIccs, START_FEN } from './referee.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');

const HANDSHAKE_MS = 30000;  // uci -> uciok (the wasm engine compiles its module first)
const READY_MS = 15000;      // isready -> readyok
const QUIT_MS = 1000;        // quit -> exit before SIGKILL

// Every child process, so that they can be killed however the runner ends.
const liveChildren = new Set();

/** Kills every engine process still running (synchronous; safe in an 'exit' handler). */
export function killAllEngines() {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch (_) {
      // already gone
    }
  }
}

/** Splits a command line into words, honouring single and double quotes. */
export function splitCommand(text) {
  const words = [];
  let word = '';
  let quote = null;
  let any = false;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      any = true;
    } else if (/\s/.test(ch)) {
      if (word || any) words.push(word);
      word = '';
      any = false;
    } else {
      word += ch;
    }
  }
  if (quote) throw new Error(`unbalanced quote in '${text}'`);
  if (word || any) words.push(word);
  return words;
}

class EngineExited extends Error {}

/** An engine process speaking UCI or UCCI on stdin/stdout. */
export class UciProcessEngine {
  /**
   * spec: {command, args, protocol: 'uci'|'ucci', rankBase: 0|1, options: [[name, value]],
   *        name?, cwd?, label?, log?: (line) => void, isFairy?: bool,
   *        warmupMs?: an untimed search of this length after the handshake (UCI only)}
   */
  constructor(spec) {
    this.spec = spec;
    this.name = spec.name || null;
    this.idName = null;
    this.healthy = false;
    this.child = null;
    this.stderrTail = [];
    this.waiters = [];
    this.exitInfo = null;
    this.evalNotes = new Set();  // "info string ... evaluation ..." lines seen
    this.complaints = 0;         // error lines the engine printed, and the first few
    this.complaintSamples = [];
    this.ucciOptions = new Set();
  }

  get protocol() {
    return this.spec.protocol;
  }

  _log(dir, line) {
    if (this.spec.log) this.spec.log(`${this.spec.label || this.name} ${dir} ${line}`);
  }

  _send(line) {
    if (!this.child || this.exitInfo) throw new EngineExited(this._exitText());
    this._log('<', line);
    this.child.stdin.write(line + '\n');
  }

  _exitText() {
    const e = this.exitInfo || {};
    const how = e.signal ? `signal ${e.signal}` : `exit code ${e.code}`;
    const tail = this.stderrTail.length ? `; stderr: ${this.stderrTail.slice(-3).join(' | ')}` : '';
    return `engine process ended (${how})${tail}`;
  }

  _onLine(line) {
    this._log('>', line);
    if (/^info string .*evaluation/i.test(line)) this.evalNotes.add(line.replace(/^info string /, ''));
    // Complaints about our commands (Chuhan: "info string error: ..."), e.g. a rejected position.
    if (/^info string (error|warning)|^(unknown command|error)\b/i.test(line)) {
      this.complaints += 1;
      if (this.complaintSamples.length < 3) this.complaintSamples.push(line);
    }
    for (const w of [...this.waiters]) {
      if (w.match(line)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        clearTimeout(w.timer);
        w.resolve(line);
      } else if (w.each) {
        w.each(line);
      }
    }
  }

  // Resolves with the first line for which match(line) holds; rejects on timeout or exit.
  _waitFor(match, timeoutMs, what, each = null) {
    return new Promise((resolveLine, reject) => {
      if (this.exitInfo) return reject(new EngineExited(this._exitText()));
      const w = { match, each, resolve: resolveLine, reject };
      // libuv runs expired timers before it polls for I/O: after a stall of this process the
      // timer would fire although the answer is already waiting in the pipe. setImmediate runs
      // after the next poll, so a line that arrived in time is read first.
      w.timer = setTimeout(() => setImmediate(() => {
        const at = this.waiters.indexOf(w);
        if (at < 0) return;  // answered meanwhile
        this.waiters.splice(at, 1);
        const err = new Error(`no '${what}' within ${timeoutMs} ms`);
        err.timeout = true;
        reject(err);
      }), timeoutMs);
      this.waiters.push(w);
    });
  }

  async start() {
    const { command, args = [], cwd } = this.spec;
    this.exitInfo = null;
    this.stderrTail = [];
    this.waiters = [];
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    liveChildren.add(child);
    child.stdin.on('error', () => {});  // EPIPE when the engine died: reported through 'exit'
    createInterface({ input: child.stdout }).on('line', (line) => this._onLine(line.trimEnd()));
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
    });
    const exited = new Promise((resolveExit) => {
      const onEnd = (code, signal) => {
        if (this.exitInfo) return;
        liveChildren.delete(child);
        this.exitInfo = { code, signal };
        this.healthy = false;
        for (const w of this.waiters.splice(0)) {
          clearTimeout(w.timer);
          w.reject(new EngineExited(this._exitText()));
        }
        resolveExit();
      };
      child.on('exit', onEnd);
      child.on('error', (err) => {
        this.stderrTail.push(String(err.message));
        onEnd(null, null);
      });
    });
    this.exited = exited;

    if (this.protocol === 'ucci') {
      const seen = this._waitFor((l) => l === 'ucciok', HANDSHAKE_MS, 'ucciok', (l) => {
        const m = /^id name (.+)$/.exec(l);
        if (m) this.idName = m[1].trim();
        const o = /^option (\S+)/.exec(l);
        if (o) this.ucciOptions.add(o[1].toLowerCase());
      });
      this._send('ucci');
      await seen;
      this.milliseconds = this.ucciOptions.has('usemillisec');
      if (this.milliseconds) this._send('setoption usemillisec true');
      for (const [name, value] of this.spec.options || []) this._send(`setoption ${name} ${value}`);
    } else {
      this.spinOptions = [];
      const seen = this._waitFor((l) => l === 'uciok', HANDSHAKE_MS, 'uciok', (l) => {
        const m = /^id name (.+)$/.exec(l);
        if (m) this.idName = m[1].trim();
        const o = /^option name (.+?) type spin default (-?\d+) min (-?\d+) max (-?\d+)$/.exec(l);
        if (o) this.spinOptions.push({ name: o[1], value: +o[2], min: +o[3], max: +o[4] });
      });
      this._send('uci');
      await seen;
      for (const [name, value] of this.spec.options || [])
        this._send(value === undefined || value === '' ? `setoption name ${name}` : `setoption name ${name} value ${value}`);
    }
    if (!this.name) this.name = this.idName || command;
    await this._ready();
    if (this.spec.warmupMs) {
      // A wasm engine runs slowly until V8 has optimised its code: its first searches overrun
      // short time limits. One untimed search from the initial position before any game.
      const done = this._waitFor((l) => l.startsWith('bestmove'), this.spec.warmupMs + HANDSHAKE_MS, 'bestmove');
      this._send(`position fen ${START_FEN}`);
      this._send(`go movetime ${this.spec.warmupMs}`);
      await done;
      await this._ready();
    }
    this.healthy = true;
  }

  /** UCI only: sets options ([[name, value]]) between games and waits until the engine is ready. */
  async setOptions(options) {
    for (const [name, value] of options) this._send(`setoption name ${name} value ${value}`);
    await this._ready();
  }

  async _ready() {
    const ok = this._waitFor((l) => l === 'readyok', READY_MS, 'readyok');
    this._send('isready');
    await ok;
  }

  async newGame() {
    if (this.protocol === 'ucci') {
      if (this.ucciOptions.has('newgame')) this._send('setoption newgame');
    } else {
      this._send('ucinewgame');
    }
    await this._ready();
  }

  _toEngine(move) {
    return this.spec.rankBase === 1 ? iccsToRank1(move) : move;
  }

  _fromEngine(move) {
    return this.spec.rankBase === 1 ? rank1ToIccs(move) : move;
  }

  _goCommand(fen, limits) {
    if (this.protocol === 'ucci') {
      const unit = this.milliseconds ? 1 : 1000;
      const t = (ms) => Math.max(this.milliseconds ? 1 : 0, Math.floor(ms / unit));
      if (limits.movetime) return `go time ${t(limits.movetime)} movestogo 1`;
      // The side to move comes with the limits (the game loop knows it).
      const [own, opp] = limits.sideToMove === 'w'
        ? [[limits.wtime, limits.winc], [limits.btime, limits.binc]]
        : [[limits.btime, limits.binc], [limits.wtime, limits.winc]];
      return `go time ${t(own[0])} increment ${t(own[1])} opptime ${t(opp[0])} oppincrement ${t(opp[1])}`;
    }
    if (limits.movetime) return `go movetime ${Math.round(limits.movetime)}`;
    const ms = (x) => Math.max(1, Math.round(x));
    return `go wtime ${ms(limits.wtime)} btime ${ms(limits.btime)} winc ${Math.round(limits.winc)} binc ${Math.round(limits.binc)}`;
  }

  async go(fen, moves, limits) {
    let lastInfo = null;
    const onInfo = (line) => {
      if (!line.startsWith('info ')) return;
      const depth = /\bdepth (\d+)/.exec(line);
      const score = /\bscore (cp|mate) (-?\d+)/.exec(line) || /\bscore (-?\d+)/.exec(line);
      if (depth && score) {
        lastInfo = score.length === 3
          ? { depth: +depth[1], kind: score[1], value: +score[2] }
          : { depth: +depth[1], kind: 'cp', value: +score[1] };
      }
    };
    const t0 = performance.now();
    try {
      const answer = this._waitFor((l) => /^(bestmove|nobestmove)\b/.test(l), limits.deadline, 'bestmove', onInfo);
      const engineMoves = moves.map((m) => this._toEngine(m));
      this._send(`position fen ${fen}` + (engineMoves.length ? ` moves ${engineMoves.join(' ')}` : ''));
      this._send(this._goCommand(fen, limits));
      const line = await answer;
      const elapsed = performance.now() - t0;
      const word = line.split(/\s+/)[1];
      if (line.startsWith('nobestmove') || !word || word === '(none)' || word === '0000' || word === 'none')
        return { move: null, info: lastInfo, elapsed, raw: line };
      const move = this._fromEngine(word);
      if (!move || !isIccs(move)) return { move: null, info: lastInfo, elapsed, raw: line, error: 'protocol', detail: `malformed move '${word}'` };
      return { move, info: lastInfo, elapsed, raw: line };
    } catch (err) {
      const elapsed = performance.now() - t0;
      this.healthy = false;
      if (err.timeout) {
        this.kill();  // free the CPU now; the runner restarts the engine before its next game
        return { move: null, elapsed, error: 'timeout', detail: err.message };
      }
      return { move: null, elapsed, error: 'crash', detail: err.message };
    }
  }

  async restart() {
    this.kill();
    if (this.exited) await this.exited;
    await this.start();
  }

  async quit() {
    if (!this.child || this.exitInfo) return;
    try {
      this._send('quit');
    } catch (_) {
      // gone already
    }
    const timer = setTimeout(() => this.kill(), QUIT_MS);
    await this.exited;
    clearTimeout(timer);
  }

  kill() {
    if (this.child && !this.exitInfo) {
      try {
        this.child.kill('SIGKILL');
      } catch (_) {
        // gone already
      }
    }
  }
}

/** Wraps an in-process engine object ({name, newGame, go, stop?, quit?}) for the game loop. */
export class InProcessEngine {
  constructor(factory, options, name) {
    this.factory = factory;
    this.options = options;
    this.name = name || null;
    this.healthy = false;
    this.impl = null;
  }

  async start() {
    this.impl = await this.factory(this.options);
    if (!this.impl || typeof this.impl.go !== 'function') throw new Error('in-process engine has no go()');
    if (!this.name) this.name = this.impl.name || 'in-process engine';
    this.healthy = true;
  }

  async newGame() {
    if (this.impl.newGame) await this.impl.newGame();
  }

  async go(fen, moves, limits) {
    const t0 = performance.now();
    let timer;
    const timeout = new Promise((resolveTimeout) => {
      timer = setTimeout(() => setImmediate(() => resolveTimeout({ timedOut: true })), limits.deadline);
    });
    const { deadline, ...publicLimits } = limits;
    try {
      const reply = await Promise.race([
        Promise.resolve(this.impl.go(fen, [...moves], publicLimits)).then((move) => ({ move })),
        timeout,
      ]);
      const elapsed = performance.now() - t0;
      if (reply.timedOut) {
        this.healthy = false;
        if (this.impl.stop) Promise.resolve(this.impl.stop()).catch(() => {});
        return { move: null, elapsed, error: 'timeout', detail: `no move within ${deadline} ms` };
      }
      const move = typeof reply.move === 'object' && reply.move ? reply.move.move : reply.move;
      if (!move || move === '(none)') return { move: null, elapsed };
      if (!isIccs(move)) return { move: null, elapsed, error: 'protocol', detail: `malformed move '${move}'` };
      const info = typeof reply.move === 'object' && reply.move ? reply.move.info || null : null;
      return { move, elapsed, info };
    } catch (err) {
      this.healthy = false;
      return { move: null, elapsed: performance.now() - t0, error: 'crash', detail: String(err && err.message) };
    } finally {
      clearTimeout(timer);
    }
  }

  async restart() {
    await this.quit();
    await this.start();
  }

  async quit() {
    if (this.impl && this.impl.quit) await this.impl.quit();
    this.impl = null;
  }

  kill() {
    if (this.impl && this.impl.quit) Promise.resolve(this.impl.quit()).catch(() => {});
  }
}

/**
 * Builds an engine from the command-line description:
 *   'fairy'                      Fairy-Stockfish wasm, UCI_Variant xiangqi, 1 thread, classical
 *   'module:PATH [args]'         an in-process engine module (see InProcessEngine)
 *   'wasm [book]'                Chuhan's WebAssembly build (the npm package under Node)
 *   'CMD [ARGS]'                 an engine process
 * opts: {protocol, rankBase, options: [[name, value]], name, hash, log, label}
 */
export async function createEngine(description, opts) {
  const words = splitCommand(description);
  if (words.length === 0) throw new Error('empty engine command');
  const hashOption = (protocol) => (opts.hash ? [[protocol === 'ucci' ? 'hashsize' : 'Hash', String(opts.hash)]] : []);

  if (words[0] === 'fairy' || words[0] === 'fairy-stockfish') {
    const options = [
      ['UCI_Variant', 'xiangqi'],
      ['Threads', '1'],
      ['Use NNUE', 'false'],  // no EvalFile is given either: classical evaluation
      ...hashOption('uci'),
      ...(opts.options || []),
    ];
    return new UciProcessEngine({
      command: process.execPath,
      args: [resolve(here, 'fairy-engine.cjs')],
      protocol: 'uci',
      rankBase: 1,
      options,
      name: opts.name || 'Fairy-Stockfish wasm',
      log: opts.log,
      label: opts.label,
      isFairy: true,
      warmupMs: 1000,
    });
  }

  if (words[0].startsWith('module:') || words[0] === 'wasm') {
    const path = words[0] === 'wasm' ? resolve(here, 'chuhan-wasm-engine.mjs') : resolve(words[0].slice('module:'.length));
    const mod = await import(pathToFileURL(path).href);
    const factory = mod.default || mod.createEngine;
    if (typeof factory !== 'function') throw new Error(`${path} has no default export (engine factory)`);
    return new InProcessEngine(factory, { args: words.slice(1), hash: opts.hash, options: opts.options }, opts.name);
  }

  let command = words[0];
  if (command.includes('/') && !isAbsolute(command)) command = resolve(command);
  if (command.includes('/') && !existsSync(command)) throw new Error(`engine not found: ${command}`);
  const protocol = opts.protocol || 'uci';
  return new UciProcessEngine({
    command,
    args: words.slice(1),
    protocol,
    rankBase: opts.rankBase ?? 0,
    options: [...hashOption(protocol), ...(opts.options || [])],
    name: opts.name,
    log: opts.log,
    label: opts.label,
  });
}
