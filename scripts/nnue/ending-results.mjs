#!/usr/bin/env node
// How the games of training data files ended from the endings their positions reached, against
// what the search scored them: for the evaluation's endgame scale (core/evaluate.cpp,
// endgame_scale), which tells the network where a lead does not win.
//
//   node scripts/nnue/ending-results.mjs [--min-score CP] [--min-count N] [--all] FILE.bin...
//
// FILE.bin: chuhan-datagen --format nnue records (packed.h; `data-jobs.sh snapshot DEST` makes
// them from the running jobs). Each position with a search score of at least --min-score (150)
// either way is classed from the side the score favours (the strong side) by
//   - the rooks, horses and cannons of both sides: the same on both ("same N pieces", N of them
//     each), or one piece more for the strong side ("extra R/N/C"), or other (shown with --all);
//   - the strong side's soldiers across the river, and all its soldiers;
//   - the weak side's defenders (advisors and elephants);
// and counted with the game's result from the strong side. Printed per class with at least
// --min-count (100) positions: positions, runs (consecutive positions of one class and result:
// about the number of games behind them), the strong side's wins and draws in %, its mean score,
// and the score the results bear out (the default network's scale, read from core/nets/
// default.nnue, times the logit of the strong side's mean result), to set against the mean.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { parseArgs, usageError } from '../lib/args.mjs';

const RECORD = 48;
// The net file's int32 scale follows "CHUHANNN" and five uint32s (README.md, "Net file").
const SCALE = readFileSync(fileURLToPath(new URL('../../core/nets/default.nnue', import.meta.url))).readInt32LE(28);
const TYPE = { 1: 'K', 2: 'A', 3: 'B', 4: 'N', 5: 'R', 6: 'C', 7: 'P' };

const { values: opt, positionals: files } = parseArgs(process.argv.slice(2), {
  tool: 'ending-results',
  usage: 'usage: node scripts/nnue/ending-results.mjs [--min-score CP] [--min-count N] [--all] FILE.bin...',
  positionals: true,
  options: {
    'min-score': { type: 'integer', min: 0, default: 150 },
    'min-count': { type: 'integer', min: 1, default: 100 },
    all: { type: 'boolean' },
  },
});
if (!files.length) usageError('ending-results', 'give at least one data file');

/** Piece counts of both sides ([Red, Black]) of a record, soldiers split by the river. */
function material(rec) {
  const counts = [{}, {}];
  for (let sq = 0; sq < 90; sq++) {
    const nibble = (rec[sq >> 1] >> ((sq & 1) * 4)) & 15;
    if (!nibble) continue;
    const side = nibble < 8 ? 0 : 1;
    let type = TYPE[nibble & 7];
    if (type === 'P') {
      const rank = Math.floor(sq / 9);
      type = (side === 0 ? rank >= 5 : rank <= 4) ? 'P' : 'p';  // P across the river
    }
    counts[side][type] = (counts[side][type] ?? 0) + 1;
  }
  return counts;
}

const n = (c, t) => c[t] ?? 0;
function classOf(strong, weak) {
  const same = ['R', 'N', 'C'].every((t) => n(strong, t) === n(weak, t));
  if (same) return `same ${n(strong, 'R') + n(strong, 'N') + n(strong, 'C')} pieces`;
  const more = ['R', 'N', 'C'].filter((t) => n(strong, t) > n(weak, t));
  const fewer = ['R', 'N', 'C'].filter((t) => n(strong, t) < n(weak, t));
  if (more.length === 1 && !fewer.length && n(strong, more[0]) === n(weak, more[0]) + 1)
    return `extra ${more[0]}, weak ${n(weak, 'R') ? 'has' : 'no'} R`;
  return 'other';
}

const groups = new Map();
let runKey = null;
for (const file of files) {
  const data = readFileSync(file);
  for (let off = 0; off + RECORD <= data.length; off += RECORD) {
    const rec = data.subarray(off, off + RECORD);
    const score = rec.readInt16LE(46);  // Red's view
    if (Math.abs(score) < opt['min-score']) {
      runKey = null;
      continue;
    }
    const redResult = (rec[45] >> 1) & 3;  // 0 loss, 1 draw, 2 win
    const [red, black] = material(rec);
    const [strong, weak] = score > 0 ? [red, black] : [black, red];
    const result = score > 0 ? redResult : 2 - redResult;
    const crossed = n(strong, 'P'), soldiers = crossed + n(strong, 'p');
    const defenders = n(weak, 'A') + n(weak, 'B');
    const cls = classOf(strong, weak);
    if (cls === 'other' && !opt.all) {
      runKey = null;
      continue;
    }
    const key = `${cls}|${Math.min(crossed, 3)}|${Math.min(soldiers, 3)}|${defenders}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { results: [0, 0, 0], scoreSum: 0, runs: 0 }));
    g.results[result]++;
    g.scoreSum += Math.abs(score);
    if (runKey !== `${key}|${result}`) g.runs++;
    runKey = `${key}|${result}`;
  }
}

const pad = (s, w) => String(s).padStart(w);
console.log(`${'class'.padEnd(18)} ${pad('crossed', 7)} ${pad('soldiers', 8)} ${pad('def', 3)} ` +
  `${pad('positions', 9)} ${pad('runs', 5)} ${pad('win%', 5)} ${pad('draw%', 5)} ${pad('mean', 5)} ${pad('borne', 5)}`);
const order = (k) => k.split('|').map((f, i) => (i ? f.padStart(2, '0') : f)).join('|');
for (const key of [...groups.keys()].sort((a, b) => order(a).localeCompare(order(b)))) {
  const { results, scoreSum, runs } = groups.get(key);
  const total = results[0] + results[1] + results[2];
  if (total < opt['min-count']) continue;
  const [cls, crossed, soldiers, defenders] = key.split('|');
  const expected = Math.min(Math.max((results[2] + results[1] / 2) / total, 0.001), 0.999);
  const borne = Math.round(SCALE * Math.log(expected / (1 - expected)));
  console.log(`${cls.padEnd(18)} ${pad(crossed, 7)} ${pad(soldiers, 8)} ${pad(defenders, 3)} ${pad(total, 9)} ` +
    `${pad(runs, 5)} ${pad(Math.round((100 * results[2]) / total), 5)} ${pad(Math.round((100 * results[1]) / total), 5)} ` +
    `${pad(Math.round(scoreSum / total), 5)} ${pad(borne, 5)}`);
}
