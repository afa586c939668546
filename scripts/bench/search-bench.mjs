#!/usr/bin/env node
// Search benchmark for the native engine: drives one long-lived `chuhan` process over UCI and
// reports how well the search does on the shared test data (../shared/data):
//   --mates    mates.txt: solved when the last info before bestmove says `score mate K`, 1 <= K <= N
//              (also counted: any mate in at most 15 moves, for collection-mates.mjs files)
//   --tactics  tactics.txt: solved when bestmove equals the `bm` move
//   --blunders scripts/regression/blunders.txt (moves Chuhan lost games with, collected by
//              scripts/regression/collect-blunders.mjs): solved when bestmove is not the `am` move
//   --depth    openings.txt + the first 20 tactics: completed depth and nodes/s in 1 s, and the
//              nodes needed to complete depth 9 and 10 (`go depth 10`)
//   --scaling  openings.txt at 250, 500, 1000 and 2000 ms: completed depth and nodes at each time,
//              the depth each doubling of the time adds, and how often the best move changes from
//              one time to the next (for comparing how engines use more time; any UCI engine)
// With no section flag the first four run. Every position starts with `ucinewgame` + `isready`.
//
//   node scripts/bench/search-bench.mjs [--mates] [--tactics] [--blunders] [--depth] [--scaling] [--movetime MS]
//                                       [--engine PATH] [--hash MB] [--option NAME=VALUE]...
//
// --movetime sets the time per position for mates and tactics (default 500); the depth section
// always searches 1000 ms. --option sends a `setoption` (repeatable), e.g. --option
// 'Use NNUE=false' for the hand-written evaluation. CHUHAN_DATA_DIR overrides the data
// directory. A position that does not finish within its time limit plus 5 s (60 s for
// `go depth 10`) counts as failed. This is a benchmark: it exits 0 whatever the results (2 only
// for a bad command line).

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { dataDir as sharedDataDir } from '../dev/data-dir.mjs';
import { nameValuePairs, parseArgs } from '../lib/args.mjs';
import { createEngine, repoRoot } from '../match/engines.mjs';

const GRACE_MS = 5000;           // extra time a search may take before it counts as hung
const DEPTH_MOVETIME_MS = 1000;  // "depth in 1 s"
const DEPTH_TARGET = 10;         // go depth 10, measuring depth 9 and 10
const DEPTH_TIMEOUT_MS = 60000;  // for `go depth 10`
const DEPTH_TACTICS = 20;        // tactics positions added to the depth section
const SCALING_TIMES_MS = [250, 500, 1000, 2000]; // each twice the one before

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = 'usage: node scripts/bench/search-bench.mjs [--mates] [--tactics] [--blunders] [--depth] [--scaling] ' +
  '[--movetime MS] [--engine PATH] [--hash MB] [--option NAME=VALUE]...';

function readArgs(argv) {
  const { values } = parseArgs(argv, {
    tool: 'search-bench', usage: USAGE,
    options: {
      mates: { type: 'boolean' }, tactics: { type: 'boolean' }, blunders: { type: 'boolean' }, depth: { type: 'boolean' },
      scaling: { type: 'boolean' },
      movetime: { type: 'integer', min: 1, default: 500 }, engine: {}, hash: { type: 'integer', min: 1 },
      option: { multiple: true },
    },
  });
  const all = ['mates', 'tactics', 'blunders', 'depth'];
  const chosen = [...all, 'scaling'].filter((section) => values[section]);
  return {
    sections: new Set(chosen.length ? chosen : all),
    movetime: values.movetime,
    engine: resolve(values.engine ?? resolve(repoRoot, 'build/native/chuhan')),
    hash: values.hash ?? null,
    options: nameValuePairs('search-bench', values.option),
  };
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
// The engine (match/engines.mjs): one independent search a position

async function search(engine, fen, go, timeoutMs) {
  const result = await engine.search(`fen ${fen}`, go, { timeoutMs });
  if (result.restarted) console.log(`  (restarted the engine: ${result.restarted})`);
  return result;
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
  let solved = 0, within15 = 0;
  for (const [fen, kind, bm] of rows) {
    const n = Number(/^mate-in-(\d+)$/.exec(kind)?.[1]);
    const r = await search(engine, fen, `movetime ${movetime}`, movetime + GRACE_MS);
    const last = r.infos.filter((i) => i.score).at(-1);
    const mate = !r.error && !r.timedOut && last?.score.kind === 'mate' && !last.bound ? last.score.value : 0;
    const ok = mate >= 1 && mate <= n;
    if (mate >= 1 && mate <= 15) within15++;
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
  // Collections whose lines are not the longest defence (collection-mates.mjs) understate N.
  console.log(`  a mate in at most 15 moves found: ${within15}/${rows.length} = ${pct(within15, rows.length)}`);
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
    const r = await search(engine, fen, `movetime ${movetime}`, movetime + GRACE_MS);
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
    const r = await search(engine, fen, `movetime ${movetime}`, movetime + GRACE_MS);
    const ok = !r.error && !r.timedOut && r.bestmove && r.bestmove !== am;
    if (ok) solved++;
    else console.log(`  FAIL am ${am}: ${fen}\n       bestmove ${r.bestmove ?? '-'}, reported ${outcomeText(r)}`);
  }
  console.log(`  avoided ${solved}/${rows.length} = ${pct(solved, rows.length)}  (${elapsed(t0)})`);
  return { solved, total: rows.length };
}

// The last info line of a finished iteration (a PV, no bound): the search's completed depth.
const lastCompleted = (result) => result.infos.filter((i) => i.pv.length && !i.bound).at(-1);

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
    const timed = await search(engine, fen, `movetime ${DEPTH_MOVETIME_MS}`, DEPTH_MOVETIME_MS + GRACE_MS);
    const completed = lastCompleted(timed);
    if (timed.error || timed.timedOut || !completed) problems.push(`movetime: ${outcomeText(timed)}: ${fen}`);
    else depths.push(completed.depth);
    const lastNps = timed.infos.filter((i) => i.nps !== undefined).at(-1)?.nps;
    if (lastNps !== undefined) npss.push(lastNps);

    const deep = await search(engine, fen, `depth ${DEPTH_TARGET}`, DEPTH_TIMEOUT_MS);
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

async function runScaling(engine, dataDir) {
  const fens = readData(dataDir, 'openings.txt').map((f) => f[0]);
  console.log(`\n== Scaling: ${fens.length} positions (openings.txt), go movetime ${SCALING_TIMES_MS.join(', ')}`);
  const t0 = Date.now();
  const depths = SCALING_TIMES_MS.map(() => []), nodes = SCALING_TIMES_MS.map(() => []);
  const changed = SCALING_TIMES_MS.slice(1).map(() => 0);
  let compared = 0;
  // A position counts only when every time gave a completed depth, a node count and a move, so
  // that each time's means are over the same positions.
  for (const fen of fens) {
    const runs = [];
    for (const ms of SCALING_TIMES_MS) {
      const r = await search(engine, fen, `movetime ${ms}`, ms + GRACE_MS);
      const completed = lastCompleted(r);
      const last = r.infos.filter((i) => i.nodes !== undefined).at(-1);
      if (r.error || r.timedOut || !completed || !last || !r.bestmove) {
        console.log(`  FAIL ${ms} ms: ${outcomeText(r)}: ${fen}`);
        break;
      }
      runs.push({ depth: completed.depth, nodes: last.nodes, move: r.bestmove });
    }
    if (runs.length !== SCALING_TIMES_MS.length) continue;
    ++compared;
    for (const [k, run] of runs.entries()) {
      depths[k].push(run.depth);
      nodes[k].push(run.nodes);
      if (k && run.move !== runs[k - 1].move) ++changed[k - 1];
    }
  }
  console.log(`  ${'ms'.padStart(6)}  ${'depth'.padStart(6)}  ${'+depth'.padStart(6)}  ${'nodes'.padStart(11)}  ${'x nodes'.padStart(7)}  best move changed`);
  for (const [k, ms] of SCALING_TIMES_MS.entries()) {
    const gain = k ? (mean(depths[k]) - mean(depths[k - 1])).toFixed(2) : '';
    const ratio = k ? (mean(nodes[k]) / mean(nodes[k - 1])).toFixed(2) : '';
    const moved = k ? `${changed[k - 1]}/${compared}` : '';
    console.log(`  ${String(ms).padStart(6)}  ${mean(depths[k]).toFixed(2).padStart(6)}  ${gain.padStart(6)}  ${fmtInt(mean(nodes[k])).padStart(11)}  ${ratio.padStart(7)}  ${moved}`);
  }
  console.log(`  (${elapsed(t0)})`);
  return { depths: depths.map(mean), changed, compared };
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
  if (!rows.length) return; // --scaling prints its own table
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
  const opts = readArgs(process.argv.slice(2));
  const dataDir = sharedDataDir();
  if (!existsSync(opts.engine)) {
    console.error(`search-bench: no engine at ${opts.engine}; build it with\n` +
                  '  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build build/native -j2');
    return;
  }
  console.log(`engine ${opts.engine}\ndata   ${dataDir}`);
  for (const [name, value] of opts.options) console.log(`option ${name} = ${value}`);
  const engine = await createEngine(opts.engine, {
    hash: opts.hash, options: opts.options, onStderr: (line) => process.stderr.write(`[engine stderr] ${line}\n`),
  });
  const results = {};
  const t0 = Date.now();
  try {
    await engine.start();
    if (opts.sections.has('mates')) results.mates = await runMates(engine, dataDir, opts.movetime);
    if (opts.sections.has('tactics')) results.tactics = await runTactics(engine, dataDir, opts.movetime);
    if (opts.sections.has('blunders')) results.blunders = await runBlunders(engine, opts.movetime);
    if (opts.sections.has('depth')) results.depth = await runDepth(engine, dataDir);
    if (opts.sections.has('scaling')) results.scaling = await runScaling(engine, dataDir);
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
