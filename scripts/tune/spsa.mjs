#!/usr/bin/env node
// SPSA tuning of the search's TUNABLE constants (core/tune.h) from many short games, as
// fishtest does it: each iteration plays one opening twice (both colours) between the engine
// with every constant nudged up or down at random (theta + c*delta) and its mirror
// (theta - c*delta), then moves theta toward the side that scored better.
//
//   cmake -S . -B build/tune -DCMAKE_BUILD_TYPE=Release -DCHUHAN_TUNE=ON
//   cmake --build build/tune -j2 --target chuhan
//   node scripts/tune/spsa.mjs --engine build/tune/chuhan --iterations 4000 --movetime 30 \
//       --concurrency 2 --state /tmp/spsa/state.json
//
// The constants, their start values and ranges come from the engine's `uci` answer (one fact,
// one place). The step c of each constant is (max - min) / 20 at the end of the run, larger
// before; the learning rate is set by --r-end (fishtest's r_end = a_end / c_end^2). The state
// file is rewritten after every iteration, so a run resumes where it stopped (same command).
// `--params A,B` tunes only some constants. Output: the current theta every --report
// iterations, and at the end the values to write back into core/search.cpp.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { parseArgs } from '../lib/args.mjs';
import { createEngine, killAllEngines, repoRoot } from '../match/engines.mjs';
import { AbortedGame, playGame } from '../match/game.mjs';
import { defaultOpeningsPath, loadOpenings } from '../match/openings.mjs';
import { loadFfish } from '../match/referee.mjs';

const USAGE = `Usage: node scripts/tune/spsa.mjs [options]
  --engine PATH        a CHUHAN_TUNE build (default build/tune/chuhan)
  --iterations N       game pairs in the whole run (default 4000)
  --movetime MS        time per move (default 30)
  --concurrency N      pairs played at once (default 2)
  --hash MB            hash per engine (default 8)
  --state FILE         state file, for resuming (default /tmp/chuhan-spsa/state.json)
  --params A,B,...     tune only these constants (default: all)
  --r-end R            learning rate at the end (default 0.01)
  --c-end-fraction F   step at the end, as a fraction of the range (default 0.05)
  --report N           print theta every N iterations (default 50)
`;

function readArgs(argv) {
  const positive = { type: 'number', min: Number.MIN_VALUE };
  const { values } = parseArgs(argv, {
    tool: 'spsa', usage: USAGE,
    options: {
      engine: {}, iterations: { ...positive, default: 4000 }, movetime: { ...positive, default: 30 },
      concurrency: { ...positive, default: 2 }, hash: { ...positive, default: 8 }, state: {}, params: {},
      'r-end': { ...positive, default: 0.01 }, 'c-end-fraction': { ...positive, default: 0.05 }, report: { ...positive, default: 50 },
    },
  });
  const opts = {
    engine: resolve(values.engine ?? resolve(repoRoot, 'build/tune/chuhan')), iterations: values.iterations,
    movetime: values.movetime, concurrency: values.concurrency, hash: values.hash,
    state: resolve(values.state ?? '/tmp/chuhan-spsa/state.json'),
    params: values.params === undefined ? null : values.params.split(',').filter(Boolean),
    rEnd: values['r-end'], cEndFraction: values['c-end-fraction'], report: values.report,
  };
  if (!existsSync(opts.engine)) fail(`no engine at ${opts.engine} (build it with -DCHUHAN_TUNE=ON, see --help)`);
  return opts;
}

function fail(message) {
  process.stderr.write(`spsa: ${message}\n${USAGE}`);
  process.exit(2);
}

// The TUNABLE constants the engine lists as `option name X type spin default V min A max B`,
// minus its ordinary options.
const ORDINARY_OPTIONS = new Set(['Hash', 'MultiPV', 'Move Overhead']);
function tunablesOf(engine) {
  return engine.spinOptions.filter((o) => !ORDINARY_OPTIONS.has(o.name));
}

// Fishtest's schedule: a_k = a / (A + k + 1)^alpha, c_k = c / (k + 1)^gamma.
const ALPHA = 0.602, GAMMA = 0.101;

function initialState(params, opts) {
  const N = opts.iterations;
  const A = 0.1 * N;
  return {
    iteration: 0,
    games: { wins: 0, draws: 0, losses: 0 },
    params: params.map((p) => {
      const cEnd = Math.max(0.5, (p.max - p.min) * opts.cEndFraction);
      const aEnd = opts.rEnd * cEnd * cEnd;
      return {
        name: p.name, min: p.min, max: p.max, start: p.value, theta: p.value,
        c: cEnd * N ** GAMMA, a: aEnd * (A + N) ** ALPHA, A,
      };
    }),
  };
}

function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

async function main() {
  const opts = readArgs(process.argv.slice(2));
  const ff = await loadFfish();
  const openings = loadOpenings(ff, defaultOpeningsPath());

  // Engine pairs: plus and minus for each concurrent pair of games.
  const workers = [];
  for (let i = 0; i < opts.concurrency; i++) {
    const plus = await createEngine(opts.engine, { hash: opts.hash, label: `plus${i}`, name: 'plus' });
    const minus = await createEngine(opts.engine, { hash: opts.hash, label: `minus${i}`, name: 'minus' });
    workers.push({ plus, minus });
  }
  await Promise.all(workers.flatMap((w) => [w.plus.start(), w.minus.start()]));

  const available = tunablesOf(workers[0].plus);
  if (available.length === 0) fail(`${opts.engine} lists no tunable constants: was it built with -DCHUHAN_TUNE=ON?`);
  const chosen = opts.params ? available.filter((p) => opts.params.includes(p.name)) : available;
  if (opts.params && chosen.length !== opts.params.length)
    fail(`unknown constants: ${opts.params.filter((n) => !available.some((p) => p.name === n)).join(', ')}`);

  let state = existsSync(opts.state) ? JSON.parse(readFileSync(opts.state, 'utf8')) : null;
  if (state && state.params.map((p) => p.name).join() !== chosen.map((p) => p.name).join()) {
    fail(`${opts.state} tunes other constants; remove it or pass another --state`);
  }
  state ??= initialState(chosen, opts);
  mkdirSync(dirname(opts.state), { recursive: true });
  process.stdout.write(`SPSA: ${chosen.length} constants, ${opts.iterations} pairs at ${opts.movetime} ms/move, ` +
    `from iteration ${state.iteration}\n`);

  const cfg = { tc: { kind: 'movetime', movetime: opts.movetime }, margin: 500, maxPlies: 300, pgnComments: false };
  const control = { aborted: false };
  const timing = { record() {} };
  process.on('SIGINT', () => {
    control.aborted = true;
    for (const w of workers) for (const e of [w.plus, w.minus]) e.kill();
  });

  let next = state.iteration;
  async function runWorker(worker) {
    while (!control.aborted && next < opts.iterations) {
      const k = next++;
      // One random direction for this pair; both engines get their own values.
      const deltas = state.params.map(() => (Math.random() < 0.5 ? -1 : 1));
      const ck = state.params.map((p) => p.c / (k + 1) ** GAMMA);
      const valuesFor = (sign) => state.params.map((p, i) => Math.round(clamp(p.theta + sign * ck[i] * deltas[i], p.min, p.max)));
      const plusValues = valuesFor(1), minusValues = valuesFor(-1);
      for (const [engine, values] of [[worker.plus, plusValues], [worker.minus, minusValues]]) {
        if (!engine.healthy) await engine.restart();
        await engine.setOptions(state.params.map((p, i) => [p.name, String(values[i])]));
      }
      const opening = openings[Math.floor(Math.random() * openings.length)];
      let score = 0;  // plus's points minus minus's points over the pair
      for (const plusIsRed of [true, false]) {
        const engines = plusIsRed ? { w: worker.plus, b: worker.minus } : { w: worker.minus, b: worker.plus };
        let game;
        try {
          game = await playGame(ff, cfg, opening, engines, { w: 'w', b: 'b' }, control, timing);
        } catch (err) {
          if (err instanceof AbortedGame) return;
          throw err;
        }
        const redPoints = game.result === '1-0' ? 1 : game.result === '0-1' ? -1 : 0;
        const points = plusIsRed ? redPoints : -redPoints;
        score += points;
        state.games[points > 0 ? 'wins' : points < 0 ? 'losses' : 'draws']++;
        for (const e of [worker.plus, worker.minus]) if (!e.healthy) await e.restart();
      }
      // theta += a_k / c_k * score * delta (score in [-2, 2]).
      state.params.forEach((p, i) => {
        const ak = p.a / (p.A + k + 1) ** ALPHA;
        p.theta = clamp(p.theta + (ak / ck[i]) * score * deltas[i], p.min, p.max);
      });
      state.iteration = Math.max(state.iteration, k + 1);
      writeFileSync(opts.state, JSON.stringify(state, null, 1));
      if (state.iteration % opts.report === 0) report(state);
    }
  }
  await Promise.all(workers.map(runWorker));
  report(state);
  for (const w of workers) for (const e of [w.plus, w.minus]) await e.quit();
  killAllEngines();
}

function report(state) {
  const { wins, draws, losses } = state.games;
  process.stdout.write(`iteration ${state.iteration} (plus W ${wins} D ${draws} L ${losses}): ` +
    state.params.map((p) => `${p.name} ${p.theta.toFixed(1)} (${p.start})`).join(', ') + '\n');
}

main().catch((err) => {
  process.stderr.write(`spsa: ${err.stack || err.message}\n`);
  killAllEngines();
  process.exit(1);
});
