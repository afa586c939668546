// Builds the app's mate problems (www/puzzles/shiqingyaqu.json) from the 551 positions of
// 《适情雅趣》 (Ming dynasty, 1570) as FENs in kuiba1949/xiangqi-tools (BSD-3-Clause; its notice is
// in www/puzzles/LICENSE). Every problem is checked with the native engine: kept only when two
// searches of different length agree on a forced mate in N (N <= --max-mate) for the side to
// move; the engine's mating line is stored as the solution. Problems are graded by N.
//
//   node scripts/puzzles/build.mjs --fens FILE [--engine build/native/chuhan] [--movetime 2000]
//        [--max-mate 9] [--jobs 2] [--out www/puzzles/shiqingyaqu.json]
// FILE: fen/shiqingyaqu551.fen of that repository (fetch it; it is not part of this project).
// About 40 minutes with two jobs on two busy cores (2 s, then 4 s for each mate found).
import { readFileSync, writeFileSync } from 'node:fs';

import { parseArgs, usageError } from '../lib/args.mjs';
import { createEngine, exactLines } from '../match/engines.mjs';

const { values: args } = parseArgs(process.argv.slice(2), {
  tool: 'puzzles/build',
  usage: 'usage: node scripts/puzzles/build.mjs --fens FILE [--engine build/native/chuhan] [--movetime 2000]\n' +
    '         [--max-mate 9] [--jobs 2] [--out www/puzzles/shiqingyaqu.json]',
  options: {
    fens: {},
    engine: { default: 'build/native/chuhan' },
    movetime: { type: 'integer', min: 1, default: 2000 },
    jobs: { type: 'integer', default: 2 },
    'max-mate': { type: 'integer', default: 9 },
    out: { default: 'www/puzzles/shiqingyaqu.json' },
  },
});
if (!args.fens) usageError('puzzles/build', 'give --fens FILE (fen/shiqingyaqu551.fen of kuiba1949/xiangqi-tools)');
const movetime = args.movetime;
const maxMate = args['max-mate'];

// [FEN_INDEX "..."] [EVENT "适情雅趣_李浭551局新版 第001局 气吞关右"] [FEN "..."] blocks.
function readProblems(text) {
  const problems = [];
  let current = {};
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const m = /^\[(\w+) "(.*)"\]$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === 'FEN_INDEX') current = { index: m[2] };
    if (m[1] === 'EVENT') current.event = m[2];
    if (m[1] === 'FEN') problems.push({ ...current, fen: m[2] });
  }
  return problems;
}

// The mate the search reports for `fen` within `ms`: {mate, pv} or null.
async function mateOf(engine, fen, ms) {
  const { lines } = exactLines((await engine.search(`fen ${fen}`, `movetime ${ms}`)).infos);
  return lines[0]?.score.kind === 'mate' ? { mate: lines[0].score.value, pv: lines[0].pv } : null;
}

const problems = readProblems(readFileSync(args.fens, 'utf8'));
const kept = [];
const rejected = { noMate: 0, tooLong: 0, disagree: 0 };
let next = 0;
async function job() {
  const engine = await createEngine(args.engine, { hash: 64, onStderr: (line) => process.stderr.write(`${line}\n`) });
  await engine.start();
  for (let i = next++; i < problems.length; i = next++) {
    const p = problems[i];
    const first = await mateOf(engine, p.fen, movetime);
    if (!first || first.mate <= 0) rejected.noMate++;
    else if (first.mate > maxMate) rejected.tooLong++;
    else {
      const second = await mateOf(engine, p.fen, 2 * movetime);
      if (!second || second.mate !== first.mate) rejected.disagree++;
      else {
        const [, number, title] = /第(\d+)局\s*(.*)$/.exec(p.event ?? '') ?? [];
        kept.push({
          id: `sqyq-${String(i + 1).padStart(3, '0')}`,
          source: '适情雅趣',
          number: Number(number ?? i + 1),
          title: (title ?? '').trim(),
          fen: p.fen,
          mate: first.mate,
          solution: second.pv.slice(0, 2 * first.mate - 1),
        });
      }
    }
    if ((i + 1) % 25 === 0) process.stderr.write(`${i + 1}/${problems.length}: kept ${kept.length}\n`);
  }
  await engine.quit();
}
await Promise.all(Array.from({ length: Math.max(1, args.jobs) }, job));
// The classic problems mate in 3 or more: up to 5 is easy, 6-7 medium, 8-9 hard.
const grade = (n) => (n <= 5 ? 'easy' : n <= 7 ? 'medium' : 'hard');
for (const p of kept) p.grade = grade(p.mate);
kept.sort((a, b) => a.mate - b.mate || a.number - b.number);
writeFileSync(args.out, JSON.stringify({
  source: '《适情雅趣》 (1570), positions from kuiba1949/xiangqi-tools (BSD-3-Clause), each checked by scripts/puzzles/build.mjs',
  movetime,
  puzzles: kept,
}, null, 0).replace(/\},\{/g, '},\n{') + '\n');
process.stderr.write(`kept ${kept.length} of ${problems.length}; rejected ${JSON.stringify(rejected)}\n`);
