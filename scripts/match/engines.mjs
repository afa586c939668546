// The one engine driver of scripts/: every tool that talks to an engine gets it here. The match
// runner, SPSA, the search benchmark, the puzzle builders and the blunder collector use
// UciProcessEngine (a child process speaking UCI or UCCI) through createEngine(). Every engine,
// whatever it runs on, offers the same small interface to the game loop (match/game.mjs):
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
// UciProcessEngine adds, for analysis tools:
//   send(line)                   one command line
//   async collect(commands, isLast, timeoutMs, what) -> {found, lines, error?, timeout?}
//                                sends the commands and gathers the answer up to the first line
//                                for which isLast(line) holds
//   async search(position, go, {timeoutMs}) -> {lines, infos, bestmove, ponder, timedOut, error,
//                                restarted}: one independent search (ucinewgame, `position ...`,
//                                `go ...`), stopped after timeoutMs; infos are parseInfo()'s
//   spinOptions                  the `type spin` options the engine listed (UCI), for SPSA
//   ready(), setOptions([[name, value]])
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
const GRACE_MS = 5000;       // stop -> bestmove of a search that overran, before a restart

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

/**
 * An `info` line (not `info string`) as an object: depth, seldepth, multipv, nodes, nps, hashfull,
 * time, score {kind: 'cp'|'mate', value} (UCCI's bare `score N` is cp), bound ('lowerbound' |
 * 'upperbound') and pv (an array, maybe empty). null for any other line.
 */
export function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info' || t[1] === 'string') return null;
  const info = { pv: [] };
  for (let i = 1; i < t.length; i++) {
    const key = t[i];
    if (key === 'pv') {
      info.pv = t.slice(i + 1);
      break;
    }
    if (key === 'score') {
      if (t[i + 1] === 'cp' || t[i + 1] === 'mate') info.score = { kind: t[i + 1], value: Number(t[(i += 2)]) };
      else info.score = { kind: 'cp', value: Number(t[++i]) };
    } else if (key === 'lowerbound' || key === 'upperbound') info.bound = key;
    else if (['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'hashfull', 'time'].includes(key)) info[key] = Number(t[++i]);
  }
  return info;
}

/**
 * Among parsed infos, the exact lines (no bound) with a score and a PV: the last of each MultiPV
 * line (lines[k - 1]) and every one of line 1 in order (history: when the best move settled).
 */
export function exactLines(infos) {
  const exact = infos.filter((i) => i.depth !== undefined && i.score && !i.bound && i.pv.length);
  const lines = [];
  for (const info of exact) lines[(info.multipv ?? 1) - 1] = info;
  return { lines, history: exact.filter((i) => (i.multipv ?? 1) === 1) };
}

/** An engine process speaking UCI or UCCI on stdin/stdout. */
export class UciProcessEngine {
  /**
   * spec: {command, args, protocol: 'uci'|'ucci', rankBase: 0|1, options: [[name, value]],
   *        name?, cwd?, label?, log?: (line) => void, isFairy?: bool,
   *        onStderr?: (line) => void (each line the engine writes to stderr),
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
    this.refusals = 0;           // ucinewgame refused right after a bestmove, and sent again
  }

  get protocol() {
    return this.spec.protocol;
  }

  _log(dir, line) {
    if (this.spec.log) this.spec.log(`${this.spec.label || this.name} ${dir} ${line}`);
  }

  /** Sends one command line; throws when the engine is gone. */
  send(line) {
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
      if (Number.isFinite(timeoutMs)) w.timer = setTimeout(() => setImmediate(() => {
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
      if (this.spec.onStderr) this.spec.onStderr(line);
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
      this.send('ucci');
      await seen;
      this.milliseconds = this.ucciOptions.has('usemillisec');
      if (this.milliseconds) this.send('setoption usemillisec true');
      for (const [name, value] of this.spec.options || []) this.send(`setoption ${name} ${value}`);
    } else {
      this.spinOptions = [];
      const seen = this._waitFor((l) => l === 'uciok', HANDSHAKE_MS, 'uciok', (l) => {
        const m = /^id name (.+)$/.exec(l);
        if (m) this.idName = m[1].trim();
        const o = /^option name (.+?) type spin default (-?\d+) min (-?\d+) max (-?\d+)$/.exec(l);
        if (o) this.spinOptions.push({ name: o[1], value: +o[2], min: +o[3], max: +o[4] });
      });
      this.send('uci');
      await seen;
      for (const [name, value] of this.spec.options || [])
        this.send(value === undefined || value === '' ? `setoption name ${name}` : `setoption name ${name} value ${value}`);
    }
    if (!this.name) this.name = this.idName || command;
    await this.ready();
    if (this.spec.warmupMs) {
      // A wasm engine runs slowly until V8 has optimised its code: its first searches overrun
      // short time limits. One untimed search from the initial position before any game.
      const done = this._waitFor((l) => l.startsWith('bestmove'), this.spec.warmupMs + HANDSHAKE_MS, 'bestmove');
      this.send(`position fen ${START_FEN}`);
      this.send(`go movetime ${this.spec.warmupMs}`);
      await done;
      await this.ready();
    }
    this.healthy = true;
  }

  /** UCI only: sets options ([[name, value]]) between games and waits until the engine is ready. */
  async setOptions(options) {
    for (const [name, value] of options) this.send(`setoption name ${name} value ${value}`);
    await this.ready();
  }

  /** isready -> readyok; throws on a timeout or when the engine is gone. Resolves with the lines. */
  async ready(commands = []) {
    const { found, lines, error } = await this.collect([...commands, 'isready'], (l) => l === 'readyok', READY_MS, 'readyok');
    if (!found) throw new Error(error);
    return lines;
  }

  /**
   * Sends `commands` (one line or several) and gathers what the engine answers, up to and including
   * the first line for which isLast(line) holds. Never throws: found is false after timeoutMs
   * (timeout: true) or when the engine ended (error says how).
   */
  async collect(commands, isLast, timeoutMs = Infinity, what = 'answer') {
    const lines = [];
    const last = this._waitFor(isLast, timeoutMs, what, (l) => lines.push(l));
    last.catch(() => {});  // observed below, also when send() throws first
    try {
      for (const c of [].concat(commands)) this.send(c);
      lines.push(await last);
      return { found: true, lines };
    } catch (err) {
      return { found: false, lines, error: err.message, timeout: !!err.timeout };
    }
  }

  // A new game, confirmed by isready. Chuhan can print `bestmove` a moment before it accepts new
  // commands and then refuses them ("ignored while searching"): the command is sent again.
  async newGame() {
    const command = this.protocol !== 'ucci' ? ['ucinewgame'] : this.ucciOptions.has('newgame') ? ['setoption newgame'] : [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const lines = await this.ready(command);
      if (!lines.some((l) => l.includes('ignored while searching'))) return;
      this.refusals++;
      await new Promise((resolveLater) => setTimeout(resolveLater, 10));
    }
    throw new Error('engine keeps refusing ucinewgame');
  }

  /**
   * One independent search for analysis tools (UCI): a new game, `position POSITION` (the text
   * after `position`, e.g. 'fen FEN moves ...', in the engine's own coordinates), `go GO`. A search
   * still running after timeoutMs is stopped, and an engine that then stays silent (or died) is
   * restarted. An `info string error` (a rejected FEN, say) is the result's error.
   * Returns {lines, infos, bestmove, ponder, timedOut, error, restarted (why, when it was)}.
   */
  async search(position, go, { timeoutMs = Infinity } = {}) {
    const result = { lines: [], infos: [], bestmove: null, ponder: null, timedOut: false, error: null, restarted: null };
    const restart = async (why) => {
      result.restarted = why || 'unknown reason';
      await this.restart();
    };
    try {
      if (!this.healthy) await restart(this.exitInfo ? this._exitText() : 'engine not running');
      await this.newGame();
      const done = (l) => l.startsWith('bestmove') || l.includes('ignored while searching');
      const answer = await this.collect([`position ${position}`, `go ${go}`], done, timeoutMs, 'bestmove');
      const lines = answer.lines;
      if (answer.timeout) {
        result.timedOut = true;
        const rest = await this.collect('stop', (l) => l.startsWith('bestmove'), GRACE_MS, 'bestmove');
        lines.push(...rest.lines);
        if (!rest.found) await restart('no bestmove after stop');
      }
      const last = lines.at(-1)?.split(/\s+/) ?? [];
      Object.assign(result, {
        lines,
        infos: lines.map(parseInfo).filter(Boolean),
        bestmove: last[0] === 'bestmove' ? last[1] : null,
        ponder: last[2] === 'ponder' ? last[3] : null,
        error: lines.find((l) => l.startsWith('info string error'))?.replace(/^info string /, '') ?? null,
      });
      if (this.exitInfo) {
        result.error = this._exitText();
        await restart(result.error);
      }
    } catch (err) {
      result.error = err.message;
      await restart(err.message).catch(() => {});
    }
    return result;
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
      const info = parseInfo(line);
      if (info && info.depth !== undefined && info.score) lastInfo = { depth: info.depth, kind: info.score.kind, value: info.score.value };
    };
    const t0 = performance.now();
    try {
      const answer = this._waitFor((l) => /^(bestmove|nobestmove)\b/.test(l), limits.deadline, 'bestmove', onInfo);
      const engineMoves = moves.map((m) => this._toEngine(m));
      this.send(`position fen ${fen}` + (engineMoves.length ? ` moves ${engineMoves.join(' ')}` : ''));
      this.send(this._goCommand(fen, limits));
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
    this.healthy = false;
    if (!this.child || this.exitInfo) return;
    try {
      this.send('quit');
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
 * How Chuhan's rules judge the game `fen` + `moves` (ICCS): the text of the "Result: ..." line
 * its `d` command prints last, e.g. "0-1 (perpetual chase)" or "game in progress". `engine` is a
 * started native Chuhan.
 */
export async function chuhanResult(engine, fen, moves) {
  const { found, lines, error } = await engine.collect(
    [`position fen ${fen} moves ${moves.join(' ')}`, 'd'],
    (l) => l.startsWith('Result:'),
    10000,
    'Result line',
  );
  if (!found) throw new Error(error);
  return lines[lines.length - 1].replace(/^Result: /, '');
}

/**
 * Builds an engine from the command-line description:
 *   'fairy'                      Fairy-Stockfish wasm, UCI_Variant xiangqi, 1 thread, classical
 *   'module:PATH [args]'         an in-process engine module (see InProcessEngine)
 *   'wasm [book]'                Chuhan's WebAssembly build (the npm package under Node)
 *   'CMD [ARGS]'                 an engine process
 * opts: {protocol, rankBase, options: [[name, value]], name, hash, log, label, onStderr}
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
    onStderr: opts.onStderr,
  });
}
