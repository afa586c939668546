#!/usr/bin/env node
// Search benchmark for the native engine: drives one long-lived `chuhan` process over UCI and
// reports how well the search does on the shared test data (../shared/data):
//   --mates    mates.txt: solved when the last info before bestmove says `score mate K`, 1 <= K <= N
//   --tactics  tactics.txt: solved when bestmove equals the `bm` move
//   --blunders scripts/regression/blunders.txt (moves Chuhan lost games with, collected by
//              scripts/regression/collect-blunders.mjs): solved when bestmove is not the `am` move
//   --depth    openings.txt + the first 20 tactics: completed depth and nodes/s in 1 s, and the
//              nodes needed to complete depth 9 and 10 (`go depth 10`)
// With no section flag all four run. Every position starts with `ucinewgame` + `isready`.
//
//   node scripts/bench/search-bench.mjs [--mates] [--tactics] [--blunders] [--depth] [--movetime MS]
//                                 [--engine PATH] [--hash MB] [--option NAME=VALUE]...
//
// --movetime sets the time per position for mates and tactics (default 500); the depth section
// always searches 1000 ms. --option sends a `setoption` (repeatable), e.g. --option
// 'Use NNUE=false' for the hand-written evaluation. CHUHAN_DATA_DIR overrides the data
// directory. A position that does not finish within its time limit plus 5 s (60 s for
// `go depth 10`) counts as failed. This is a benchmark: it exits 0 whatever the results (2 only
// for a bad command line).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { dataDir as sharedDataDir } from '../dev/data-dir.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const GRACE_MS = 5000;           // extra time a search may take before it counts as hung
const DEPTH_MOVETIME_MS = 1000;  // "depth in 1 s"
const DEPTH_TARGET = 10;         // go depth 10, measuring depth 9 and 10
const DEPTH_TIMEOUT_MS = 60000;  // for `go depth 10`
const DEPTH_TACTICS = 20;        // tactics positions added to the depth section

// ---------------------------------------------------------------------------------------------
// Command line

function usage(message) {
  if (message) console.error(`search-bench: ${message}`);
  console.error('usage: node scripts/bench/search-bench.mjs [--mates] [--tactics] [--blunders] [--depth] ' +
                '[--movetime MS] [--engine PATH] [--hash MB] [--option NAME=VALUE]...');
  process.exit(message ? 2 : 0);
}

function parseArgs(argv) {
  const opts = { sections: new Set(), movetime: 500, engine: resolve(repoRoot, 'build/native/chuhan'), hash: null, options: [] };
  const positiveInt = (flag, value) => {
    if (!/^\d+$/.test(value ?? '') || Number(value) < 1) usage(`${flag} needs a positive integer`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (['--mates', '--tactics', '--blunders', '--depth'].includes(arg)) opts.sections.add(arg.slice(2));
    else if (arg === '--movetime') opts.movetime = positiveInt(arg, argv[++i]);
    else if (arg === '--hash') opts.hash = positiveInt(arg, argv[++i]);
    else if (arg === '--option') {
      const match = /^([^=]+)=(.*)$/.exec(argv[++i] ?? '');
      if (!match) usage('--option needs NAME=VALUE');
      opts.options.push({ name: match[1].trim(), value: match[2].trim() });
    }
    else if (arg === '--engine') {
      if (!argv[i + 1]) usage('--engine needs a path');
      opts.engine = resolve(argv[++i]);
    } else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument '${arg}'`);
  }
  if (opts.sections.size === 0) opts.sections = new Set(['mates', 'tactics', 'blunders', 'depth']);
  return opts;
}


// Lines of a data file split into ` ; ` fields; blank lines and # comments skipped.
function readData(dataDir, name) {
  return readFileSync(resolve(dataDir, name), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+;\s+/));
}

// ---------------------------------------------------------------------------------------------
// The engine process

class Engine {
  constructor(path, hash, options) {
    this.path = path;
    this.hash = hash;
    this.options = options;  // [{name, value}] sent after uciok
    this.child = null;
    this.lines = [];      // output not yet consumed
    this.waiter = null;   // { take, finish, timer } of the pending waitFor
    this.refusals = 0;    // commands the engine refused right after bestmove (see newGame)
  }

  async start() {
    this.exited = null;  // why the engine is gone, once it is
    const child = spawn(this.path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    // Events of a process that was since replaced by restart() are ignored.
    const current = (fn) => (...args) => { if (this.child === child) fn(...args); };
    child.on('error', current((err) => this.#onExit(`cannot run ${this.path}: ${err.message}`)));
    child.on('exit', current((code, signal) => this.#onExit(`engine exited (${signal ?? code})`)));
    child.stdin.on('error', () => {});  // EPIPE after a crash is reported by 'exit'
    child.stderr.on('data', (chunk) => process.stderr.write(`[engine stderr] ${chunk}`));
    createInterface({ input: child.stdout }).on('line', current((line) => this.#onLine(line)));
    this.send('uci');
    if (!(await this.waitFor((l) => l === 'uciok', 10000)).found) throw new Error(this.exited ?? 'no uciok from engine');
    if (this.hash) this.send(`setoption name Hash value ${this.hash}`);
    for (const { name, value } of this.options) this.send(`setoption name ${name} value ${value}`);
    await this.ready();
  }

  send(command) {
    if (this.child && !this.exited) this.child.stdin.write(command + '\n');
  }

  // Collects output lines up to and including the first one that passes `test`.
  // Resolves { found, lines }; found is false on timeout or when the engine died.
  waitFor(test, timeoutMs) {
    return new Promise((resolvePromise) => {
      const collected = [];
      const finish = (found) => {
        clearTimeout(this.waiter?.timer);
        this.waiter = null;
        resolvePromise({ found, lines: collected });
      };
      const take = (line) => {
        collected.push(line);
        if (test(line)) finish(true);
      };
      this.waiter = { take, finish, timer: setTimeout(() => finish(false), timeoutMs) };
      while (this.lines.length && this.waiter) take(this.lines.shift());
      if (this.waiter && this.exited) finish(false);
    });
  }

  async ready(timeoutMs = 10000) {
    this.send('isready');
    const { found, lines } = await this.waitFor((l) => l === 'readyok', timeoutMs);
    if (!found) throw new Error(this.exited ?? 'engine did not answer isready');
    return lines;
  }

  // ucinewgame, confirmed by isready. The engine can print `bestmove` a moment before it accepts
  // new commands and then refuses them ("ignored while searching"), so a refusal is retried.
  async newGame() {
    for (let attempt = 0; attempt < 50; attempt++) {
      this.send('ucinewgame');
      const lines = await this.ready();
      if (!lines.some((l) => l.includes('ignored while searching'))) return;
      this.refusals++;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('engine keeps refusing ucinewgame');
  }

  // One independent search: ucinewgame, position, go. On timeout sends stop; an engine that then
  // stays silent (or died) is restarted. An `info string error` (a rejected FEN, say) fails the
  // position. Returns { infos, bestmove, ponder, timedOut, error }.
  async search(fen, go, timeoutMs) {
    try {
      if (this.exited) await this.restart();
      await this.newGame();
      this.send(`position fen ${fen}`);
      this.send(`go ${go}`);
      const done = (l) => l.startsWith('bestmove') || l.includes('ignored while searching');
      let { found, lines } = await this.waitFor(done, timeoutMs);
      let timedOut = false;
      if (!found && !this.exited) {
        timedOut = true;
        this.send('stop');
        const rest = await this.waitFor((l) => l.startsWith('bestmove'), GRACE_MS);
        lines = lines.concat(rest.lines);
        if (!rest.found) await this.restart('no bestmove after stop');
      }
      const last = lines.at(-1)?.split(/\s+/) ?? [];
      const result = {
        infos: parseInfos(lines),
        bestmove: last[0] === 'bestmove' ? last[1] : null,
        ponder: last[2] === 'ponder' ? last[3] : null,
        timedOut,
        error: lines.find((l) => l.startsWith('info string error'))?.replace(/^info string /, '') ?? null,
      };
      if (this.exited) {
        result.error = this.exited;
        await this.restart();
      }
      return result;
    } catch (err) {
      await this.restart(err.message).catch(() => {});
      return { infos: [], bestmove: null, timedOut: false, error: err.message };
    }
  }

  async restart(reason = this.exited) {
    console.log(`  (restarting the engine: ${reason ?? 'unknown reason'})`);
    this.kill();
    this.lines = [];
    await this.start();
  }

  kill() {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  async quit() {
    if (!this.child || this.exited) return;
    const child = this.child;
    const gone = new Promise((r) => child.once('exit', r));
    this.send('quit');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }

  #onLine(line) {
    if (this.waiter) this.waiter.take(line);
    else this.lines.push(line);
  }

  #onExit(reason) {
    this.exited ??= reason;
    this.waiter?.finish(false);
  }
}

// `info ...` lines (not `info string`) as objects: depth, seldepth, score {kind, value}, bound,
// nodes, nps, time, pv.
function parseInfos(lines) {
  const infos = [];
  for (const line of lines) {
    const t = line.trim().split(/\s+/);
    if (t[0] !== 'info' || t[1] === 'string') continue;
    const info = { pv: [] };
    for (let i = 1; i < t.length; i++) {
      const key = t[i];
      if (key === 'pv') { info.pv = t.slice(i + 1); break; }
      if (key === 'score') { info.score = { kind: t[i + 1], value: Number(t[i + 2]) }; i += 2; }
      else if (key === 'lowerbound' || key === 'upperbound') info.bound = key;
      else if (['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'hashfull', 'time'].includes(key)) info[key] = Number(t[++i]);
    }
    infos.push(info);
  }
  return infos;
}

const scoreText = (info) =>
  info?.score ? `${info.score.kind} ${info.score.value}${info.bound ? ` ${info.bound}` : ''}` : 'no score';

function outcomeText(r) {
  if (r.error) return `error: ${r.error}`;
  return `${r.timedOut ? 'TIMEOUT, ' : ''}${scoreText(r.infos.filter((i) => i.score).at(-1))}`;
}

// ---------------------------------------------------------------------------------------------
// Sections

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtInt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
const elapsed = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

async function runMates(engine, dataDir, movetime) {
  const rows = readData(dataDir, 'mates.txt');
  console.log(`\n== Mates: ${rows.length} positions from mates.txt, movetime ${movetime} ms`);
  const t0 = Date.now();
  const byN = new Map();
  let solved = 0;
  for (const [fen, kind, bm] of rows) {
    const n = Number(/^mate-in-(\d+)$/.exec(kind)?.[1]);
    const r = await engine.search(fen, `movetime ${movetime}`, movetime + GRACE_MS);
    const last = r.infos.filter((i) => i.score).at(-1);
    const ok = !r.error && !r.timedOut && last?.score.kind === 'mate' && !last.bound &&
               last.score.value >= 1 && last.score.value <= n;
    const bucket = byN.get(n) ?? { solved: 0, total: 0 };
    bucket.total++;
    if (ok) { bucket.solved++; solved++; }
    byN.set(n, bucket);
    if (!ok) {
      console.log(`  FAIL mate in ${n}: ${fen}`);
      console.log(`       reported ${outcomeText(r)}, bestmove ${r.bestmove ?? '-'} (data: ${bm})`);
    }
  }
  console.log(`  solved ${solved}/${rows.length} = ${pct(solved, rows.length)}  (${elapsed(t0)})`);
  for (const n of [...byN.keys()].sort((a, b) => a - b)) {
    const b = byN.get(n);
    console.log(`    mate in ${String(n).padStart(2)}: ${String(b.solved).padStart(3)}/${String(b.total).padEnd(3)} ${pct(b.solved, b.total)}`);
  }
  return { solved, total: rows.length };
}

async function runTactics(engine, dataDir, movetime) {
  const rows = readData(dataDir, 'tactics.txt');
  console.log(`\n== Tactics: ${rows.length} positions from tactics.txt, movetime ${movetime} ms`);
  const t0 = Date.now();
  let solved = 0;
  for (const [fen, bmField] of rows) {
    const bm = bmField.replace(/^bm\s+/, '');
    const r = await engine.search(fen, `movetime ${movetime}`, movetime + GRACE_MS);
    const ok = !r.error && !r.timedOut && r.bestmove === bm;
    if (ok) solved++;
    else {
      console.log(`  FAIL bm ${bm}: ${fen}`);
      console.log(`       bestmove ${r.bestmove ?? '-'}, reported ${outcomeText(r)}`);
    }
  }
  console.log(`  solved ${solved}/${rows.length} = ${pct(solved, rows.length)}  (${elapsed(t0)})`);
  return { solved, total: rows.length };
}

async function runBlunders(engine, movetime) {
  const rows = readData(resolve(repoRoot, 'scripts/regression'), 'blunders.txt');
  console.log(`\n== Blunders: ${rows.length} positions from scripts/regression/blunders.txt, movetime ${movetime} ms`);
  const t0 = Date.now();
  let solved = 0;
  for (const [fen, amField] of rows) {
    const am = amField.replace(/^am\s+/, '');
    const r = await engine.search(fen, `movetime ${movetime}`, movetime + GRACE_MS);
    const ok = !r.error && !r.timedOut && r.bestmove && r.bestmove !== am;
    if (ok) solved++;
    else console.log(`  FAIL am ${am}: ${fen}\n       bestmove ${r.bestmove ?? '-'}, reported ${outcomeText(r)}`);
  }
  console.log(`  avoided ${solved}/${rows.length} = ${pct(solved, rows.length)}  (${elapsed(t0)})`);
  return { solved, total: rows.length };
}

async function runDepth(engine, dataDir) {
  const fens = [
    ...readData(dataDir, 'openings.txt').map((f) => f[0]),
    ...readData(dataDir, 'tactics.txt').slice(0, DEPTH_TACTICS).map((f) => f[0]),
  ];
  console.log(`\n== Depth: ${fens.length} positions (openings.txt + first ${DEPTH_TACTICS} of tactics.txt), ` +
              `go movetime ${DEPTH_MOVETIME_MS} and go depth ${DEPTH_TARGET}`);
  const t0 = Date.now();
  const depths = [], npss = [], nodes9 = [], nodes10 = [];
  const problems = [];
  for (const fen of fens) {
    const timed = await engine.search(fen, `movetime ${DEPTH_MOVETIME_MS}`, DEPTH_MOVETIME_MS + GRACE_MS);
    const completed = timed.infos.filter((i) => i.pv.length && !i.bound).at(-1);
    if (timed.error || timed.timedOut || !completed) problems.push(`movetime: ${outcomeText(timed)}: ${fen}`);
    else depths.push(completed.depth);
    const lastNps = timed.infos.filter((i) => i.nps !== undefined).at(-1)?.nps;
    if (lastNps !== undefined) npss.push(lastNps);

    const deep = await engine.search(fen, `depth ${DEPTH_TARGET}`, DEPTH_TIMEOUT_MS);
    const nodesAt = (d) => deep.infos.filter((i) => i.depth === d && i.nodes !== undefined).at(-1)?.nodes;
    const [n9, n10] = [nodesAt(DEPTH_TARGET - 1), nodesAt(DEPTH_TARGET)];
    if (n9 !== undefined) nodes9.push(n9);
    if (n10 !== undefined) nodes10.push(n10);
    if (deep.error || deep.timedOut || n10 === undefined) problems.push(`depth ${DEPTH_TARGET}: ${outcomeText(deep)}: ${fen}`);
  }
  for (const p of problems) console.log(`  FAIL ${p}`);
  const result = {
    total: fens.length,
    meanDepth: mean(depths), depthCount: depths.length,
    meanNps: mean(npss),
    mean9: mean(nodes9), median9: median(nodes9), count9: nodes9.length,
    mean10: mean(nodes10), median10: median(nodes10), count10: nodes10.length,
  };
  console.log(`  mean completed depth in ${DEPTH_MOVETIME_MS} ms: ${result.meanDepth.toFixed(2)}` +
              `  (min ${Math.min(...depths)}, max ${Math.max(...depths)}, ${depths.length}/${fens.length} positions)`);
  console.log(`  nodes to complete depth  9: mean ${fmtInt(result.mean9)}, median ${fmtInt(result.median9)}  (${nodes9.length}/${fens.length})`);
  console.log(`  nodes to complete depth 10: mean ${fmtInt(result.mean10)}, median ${fmtInt(result.median10)}  (${nodes10.length}/${fens.length})`);
  console.log(`  mean nodes/s: ${fmtInt(result.meanNps)}  (${elapsed(t0)})`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Summary

function printSummary(results) {
  const rows = [];
  const check = (ok) => (ok ? 'yes' : 'NO');
  if (results.mates) {
    const { solved, total } = results.mates;
    rows.push(['mates solved', `${solved}/${total} = ${pct(solved, total)}`, '>= 95 %', check(solved >= 0.95 * total)]);
  }
  if (results.tactics) {
    const { solved, total } = results.tactics;
    rows.push(['tactics solved', `${solved}/${total} = ${pct(solved, total)}`, '>= 95 %', check(solved >= 0.95 * total)]);
  }
  if (results.blunders) {
    const { solved, total } = results.blunders;
    rows.push(['blunders avoided', `${solved}/${total} = ${pct(solved, total)}`, '', '']);
  }
  if (results.depth) {
    const d = results.depth;
    rows.push([`mean depth in ${DEPTH_MOVETIME_MS / 1000} s`, d.meanDepth.toFixed(2), '>= 12', check(d.meanDepth >= 12)]);
    rows.push(['nodes to depth 9 (mean)', fmtInt(d.mean9), 'well under 100,000', check(d.mean9 < 100000)]);
    rows.push(['nodes to depth 9 (median)', fmtInt(d.median9), '', '']);
    rows.push(['nodes to depth 10 (mean)', fmtInt(d.mean10), '', '']);
    rows.push(['nodes to depth 10 (median)', fmtInt(d.median10), '', '']);
    rows.push(['mean nodes/s', fmtInt(d.meanNps), '', '']);
  }
  const header = ['metric', 'value', 'goal', 'met'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const fmt = (r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  console.log('\n== Summary');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(fmt(r));
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dataDir = sharedDataDir();
  if (!existsSync(opts.engine)) {
    console.error(`search-bench: no engine at ${opts.engine}; build it with\n` +
                  '  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build build/native -j2');
    return;
  }
  console.log(`engine ${opts.engine}\ndata   ${dataDir}`);
  for (const { name, value } of opts.options) console.log(`option ${name} = ${value}`);
  const engine = new Engine(opts.engine, opts.hash, opts.options);
  const results = {};
  const t0 = Date.now();
  try {
    await engine.start();
    if (opts.sections.has('mates')) results.mates = await runMates(engine, dataDir, opts.movetime);
    if (opts.sections.has('tactics')) results.tactics = await runTactics(engine, dataDir, opts.movetime);
    if (opts.sections.has('blunders')) results.blunders = await runBlunders(engine, opts.movetime);
    if (opts.sections.has('depth')) results.depth = await runDepth(engine, dataDir);
  } catch (err) {
    console.error(`search-bench: ${err.message}`);
  } finally {
    await engine.quit().catch(() => engine.kill());
  }
  printSummary(results);
  if (engine.refusals)
    console.log(`\nnote: the engine refused ucinewgame ${engine.refusals} time(s) right after bestmove ` +
                '("ignored while searching"); each was retried.');
  console.log(`\ntotal time ${elapsed(t0)}`);
}

await main();
process.exitCode = 0;
