// Mines tactics puzzles from Chuhan's own games (the level ladder's PGNs, scripts/match/level-ladder.sh):
// positions where one move wins clearly and every other does not. Each position of each game is
// scanned with a short search of two lines (MultiPV 2, --scan ms); a candidate is kept when the best move wins (>= --win cp for the side to
// move, not a mate: mates are the other set), is at least --gap cp better than the second best,
// is not the recapture of the piece just taken, and searches of --movetime and twice that agree
// on the move and the gap, and so does a search of the position's FEN to depth 10 from a
// cleared 16 MB table with a gap of at least MinimumGap (the rule of check-tactics.mjs, which
// www/test/puzzles.test.mjs asserts in WebAssembly). Difficulty from the depth at which the move
// became and stayed the best: easy up to 3 plies, medium up to 6, hard beyond. At most two
// positions a game, at least 8 plies apart.
//
//   node scripts/puzzles/mine-tactics.mjs [--engine build/native/chuhan] [--scan 50] [--movetime 300]
//        [--win 250] [--gap 300] [--jobs 2] [--limit 150] [--out www/puzzles/tactics.json] GAMES.pgn ...
// Games are taken from the files in turn (one of each, then the next of each), until --limit
// tactics are found: about 20 minutes for 150 with two jobs on busy cores.
import { readFileSync, writeFileSync } from 'node:fs';

import { parseArgs, usageError } from '../lib/args.mjs';
import { createEngine, exactLines } from '../match/engines.mjs';
import { readPgnGames } from '../match/pgn.mjs';
import { MinimumGap } from './check-tactics.mjs';

const { values: args, positionals: files } = parseArgs(process.argv.slice(2), {
  tool: 'mine-tactics',
  usage: 'usage: node scripts/puzzles/mine-tactics.mjs [--engine build/native/chuhan] [--scan 50] [--movetime 300]\n' +
    '         [--win 250] [--gap 300] [--jobs 2] [--limit 150] [--out www/puzzles/tactics.json] GAMES.pgn ...',
  positionals: true,
  options: {
    engine: { default: 'build/native/chuhan' },
    scan: { type: 'integer', min: 1, default: 50 },
    movetime: { type: 'integer', min: 1, default: 300 },
    win: { type: 'number', default: 250 },
    gap: { type: 'number', default: 300 },
    jobs: { type: 'integer', default: 2 },
    limit: { type: 'integer', default: 150 },
    out: { default: 'www/puzzles/tactics.json' },
  },
});
if (!files.length) usageError('mine-tactics', 'give the PGN files of games to mine');
const { movetime, win, gap } = args;

// Games as {name, fen, moves}.
function readGames(text, file) {
  return readPgnGames(text).map(({ fen, moves }, i) => ({ name: `${file}#${i + 1}`, fen, moves }));
}

// One game of each file in turn, so that every level's games are mined early.
const perFile = files.map((f) => readGames(readFileSync(f, 'utf8'), f.split('/').at(-1)));
const games = [];
for (let i = 0; perFile.some((list) => i < list.length); i++) for (const list of perFile) if (i < list.length) games.push(list[i]);
const limit = args.limit;
const found = [];
let next = 0;

// The tactic at ply `n` of `game`, or null.
async function tacticAt(engine, game, n) {
  const position = `fen ${game.fen} moves ${game.moves.slice(0, n).join(' ')}`.trim();
  const judge = async (ms) => {
    const { lines, history } = exactLines((await engine.search(position, `movetime ${ms}`)).infos);
    const [best, second] = lines;
    if (!best || !second || best.score.kind === 'mate' || second.score.kind === 'mate') return null;
    const [cp, secondCp] = [best.score.value, second.score.value];
    if (cp < win || cp - secondCp < gap) return null;
    return { move: best.pv[0], cp, second: secondCp, pv: best.pv, history };
  };
  if (!(await judge(args.scan))) return null;
  const first = await judge(movetime);
  if (!first) return null;
  // Taking back what was just taken is not a puzzle.
  if (n > 0 && first.move.slice(2) === game.moves[n - 1].slice(2)) return null;
  const second = await judge(2 * movetime);
  if (!second || second.move !== first.move) return null;
  engine.send(`position ${position}`);
  const fen = (await engine.collect('d', (l) => l.startsWith('Fen:'))).lines.at(-1).slice('Fen:'.length).trim();
  if (!(await confirmedAtDepth10(engine, fen, second.move))) return null;
  const settled = second.history.findLastIndex((i) => i.pv[0] !== second.move);
  const depth = settled < 0 ? 1 : second.history[settled].depth + 1;
  return { fen, best: second.move, cp: second.cp, gap: second.cp - second.second, pv: second.pv.slice(0, 7), depth, game: game.name, ply: n };
}

// The test's own check, which the WebAssembly build repeats node for node: from the FEN alone
// (no game history), a cleared 16 MB table, MultiPV 2, depth 10: `move` first, MinimumGap cp ahead.
async function confirmedAtDepth10(engine, fen, move) {
  engine.send('setoption name Hash value 16');
  const { lines } = await engine.search(`fen ${fen}`, 'depth 10');
  const fixed = lines.filter((l) => / multipv [12] /.test(l) && / score cp /.test(l));
  engine.send('setoption name Hash value 64');
  const at10 = [1, 2].map((k) => fixed.filter((l) => l.includes(` multipv ${k} `)).at(-1));
  const cp = (line) => Number(/ score cp (-?\d+)/.exec(line ?? '')?.[1]);
  return !!at10[0]?.includes(` pv ${move}`) && cp(at10[0]) - cp(at10[1]) >= MinimumGap;
}

async function job() {
  const engine = await createEngine(args.engine, { hash: 64, onStderr: (line) => process.stderr.write(`${line}\n`) });
  await engine.start();
  engine.send('setoption name MultiPV value 2');
  for (let g = next++; g < games.length && found.length < limit; g = next++) {
    const game = games[g];
    let kept = 0;
    let lastPly = -100;
    // From the sixth ply on: the first moves left the book's balanced positions.
    for (let n = 6; n < game.moves.length && kept < 2; n++) {
      if (n - lastPly < 8) continue;
      const tactic = await tacticAt(engine, game, n);
      if (tactic && found.length < limit) {
        found.push(tactic);
        kept++;
        lastPly = n;
      }
    }
    if ((g + 1) % 10 === 0) process.stderr.write(`${g + 1}/${games.length} games: ${found.length} tactics\n`);
  }
  await engine.quit();
}
await Promise.all(Array.from({ length: Math.max(1, args.jobs) }, job));

const unique = [...new Map(found.map((t) => [t.fen.split(' ').slice(0, 2).join(' '), t])).values()];
const grade = (depth) => (depth <= 3 ? 'easy' : depth <= 6 ? 'medium' : 'hard');
unique.sort((a, b) => a.depth - b.depth || a.game.localeCompare(b.game) || a.ply - b.ply);
const puzzles = unique.map((t, i) => ({
  id: `tactic-${String(i + 1).padStart(3, '0')}`,
  kind: 'tactic',
  title: '',
  fen: t.fen,
  best: t.best,
  gain: t.gap,
  solution: t.pv,
  grade: grade(t.depth),
}));
writeFileSync(args.out, JSON.stringify({
  source: `Chuhan's own games, mined by scripts/puzzles/mine-tactics.mjs (MultiPV 2, ${movetime} and ${2 * movetime} ms, win >= ${win}, gap >= ${gap})`,
  puzzles,
}).replace(/\},\{/g, '},\n{') + '\n');
process.stderr.write(`${puzzles.length} tactics from ${games.length} games\n`);
