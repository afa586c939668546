// Soak: the WebAssembly engine plays itself under Node at a short time per move while the
// harness does what a careless page does: random stop() calls, workers killed, engines thrown
// away and made anew. Every game is refereed by ffish (scripts/match/referee.mjs).
//
//   node --expose-gc scripts/dev/soak.mjs [--games 300] [--movetime 10] [--seed 1] [--max-plies 200]
//   npm run soak                      (`npm test` runs 10 games)
//
// It fails (exit 1) when a move is illegal, a call rejects that was not a deliberate crash,
// Chuhan's verdict differs from ffish's other than in the documented rule differences, or the
// process's memory grows from the first quarter of the games to the last. It prints its figures.
//
// Documented rule differences (scripts/tests/rules-ffish.test.mjs): the referee plays the
// 60-move rule as Chuhan does, but Fairy-Stockfish stretches it when more than ten checks were
// given, so a game ends unjudged when the referee's counter reaches 120 plies; the perpetual
// chase rules differ in one case (check and chase alternating), so a disagreement in which
// either side says "perpetual chase" is counted apart and shown, not failed.
import { readFileSync } from 'node:fs';

import { createEngine } from 'chuhan';
import { parseArgs } from '../lib/args.mjs';
import { MOVE_RULE_PLIES, Referee, START_FEN, loadFfish } from '../match/referee.mjs';
import { dataFile } from './data-dir.mjs';
import { seededRandom } from '../lib/random.mjs';

const { values: args } = parseArgs(process.argv.slice(2), {
  tool: 'soak',
  usage: 'usage: node --expose-gc scripts/dev/soak.mjs [--games 300] [--movetime 10] [--seed 1] [--max-plies 200]',
  options: {
    games: { type: 'integer', min: 1, default: 300 },
    movetime: { type: 'integer', min: 1, default: 10 },
    seed: { type: 'integer', default: Date.now() % 100000 },
    'max-plies': { type: 'integer', min: 1, default: 200 },
  },
});
const Games = args.games;
const MoveTime = args.movetime;
const MaxPlies = args['max-plies'];
const Seed = args.seed;
// Chances per move (stop) or per game turn (the rest), chosen so that a 10-game run sees each.
const StopChance = 0.2; // stop() after a random part of the move time
const CrashChance = 0.01; // the worker exits (test hook); the engine must restart it
const RestartChance = 0.005; // the page throws the engine away and creates a new one
// Memory may not grow by more than this from the first quarter of the games to the last.
const MaxGrowthMB = 64;

// Seeded, so that a failing run can be repeated.
const random = seededRandom(Seed);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Openings of the shared data (scripts/dev/data-dir.mjs): move sequences from the start position.
const openings = readFileSync(dataFile('openings.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => / ; moves ([^;]*) ;/.exec(line)[1].trim().split(/\s+/));

const figures = {
  games: 0, plies: 0, results: {}, reasons: {}, stops: 0, terminateStops: 0, crashes: 0, restarts: 0,
  unjudged: 0, plyCap: 0, chaseDifferences: [], failures: [],
};
const fail = (what) => {
  figures.failures.push(what);
  console.error(`soak: FAILURE: ${what}`);
};

// Red's engine stops by terminating its worker (every stop kills one), Black's by the shared flag.
const modes = ['terminate', 'shared'];
const engines = await Promise.all(modes.map((stopMode) => createEngine({ stopMode, hashMB: 16 })));
const ff = await loadFfish();

// The engine's move in the position it was given; a stop() comes before the move time is up.
async function move(side) {
  const engine = engines[side];
  const search = engine.go({ movetime: MoveTime });
  if (random() < StopChance) {
    await sleep(random() * MoveTime);
    figures.stops++;
    if (modes[side] === 'terminate') figures.terminateStops++;
    await engine.stop();
  }
  return (await search).bestmove;
}

// Between moves: sometimes the worker dies, sometimes the page makes a new engine.
async function mischief(side) {
  if (random() < CrashChance) {
    figures.crashes++;
    await engines[side]._crash('exit').then(
      () => fail('a crashed worker answered its crash request'),
      () => {},
    );
  }
  if (random() < RestartChance) {
    figures.restarts++;
    engines[side].terminate();
    engines[side] = await createEngine({ stopMode: modes[side], hashMB: 16 });
  }
}

async function playGame(number) {
  const opening = openings[Math.floor(random() * openings.length)];
  const moves = [...opening];
  const referee = new Referee(ff, START_FEN);
  try {
    for (const m of moves) if (!referee.push(m)) return fail(`game ${number}: opening move ${m} illegal for ffish`);
    for (;;) {
      const side = moves.length % 2;
      await mischief(side);
      await engines[side].setPosition(START_FEN, moves);
      const chuhan = await engines[side].gameResult();
      const ffish = referee.board.halfmoveClock() >= MOVE_RULE_PLIES ? 'n-move' : referee.judge();
      if (ffish === 'n-move') return figures.unjudged++;
      if (chuhan.over || ffish) {
        const same = chuhan.over && ffish && chuhan.result === ffish.result;
        const where = `game ${number} after ${moves.join(' ')}: Chuhan ${chuhan.over ? `${chuhan.result} ${chuhan.reason}` : 'plays on'}, ffish ${ffish ? `${ffish.result} ${ffish.reason}` : 'plays on'}`;
        if (!same && (chuhan.reason === 'perpetual chase' || ffish?.reason === 'perpetual chase'))
          figures.chaseDifferences.push(where);
        else if (!same) fail(where);
        const verdict = chuhan.over ? chuhan : ffish;
        figures.results[verdict.result] = (figures.results[verdict.result] ?? 0) + 1;
        figures.reasons[verdict.reason] = (figures.reasons[verdict.reason] ?? 0) + 1;
        return;
      }
      if (moves.length >= MaxPlies) return figures.plyCap++;
      const best = await move(side);
      if (!best || !referee.push(best)) return fail(`game ${number}: illegal move ${best} after ${moves.join(' ')}`);
      moves.push(best);
      figures.plies++;
    }
  } finally {
    referee.dispose();
  }
}

function rssMB() {
  globalThis.gc?.();
  return process.memoryUsage().rss / 2 ** 20;
}

const t0 = performance.now();
const rss = [];
console.log(`soak: ${Games} games, ${MoveTime} ms a move, seed ${Seed}${globalThis.gc ? '' : ' (run with --expose-gc for steadier memory figures)'}`);
for (let game = 1; game <= Games && figures.failures.length === 0; game++) {
  try {
    await playGame(game);
  } catch (e) {
    fail(`game ${game}: unexpected rejection: ${e.message}`);
  }
  figures.games++;
  rss.push(rssMB());
  if (game % 25 === 0) console.log(`soak: ${game} games, ${figures.plies} plies, rss ${rss.at(-1).toFixed(0)} MB`);
}
for (const engine of engines) engine.terminate();

const quarter = Math.max(1, Math.floor(rss.length / 4));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const firstMB = mean(rss.slice(0, quarter));
const lastMB = mean(rss.slice(-quarter));
if (lastMB - firstMB > MaxGrowthMB) fail(`memory grew from ${firstMB.toFixed(0)} MB to ${lastMB.toFixed(0)} MB`);

const seconds = (performance.now() - t0) / 1000;
console.log(`soak: ${figures.games} games, ${figures.plies} engine moves in ${seconds.toFixed(0)} s (seed ${Seed})`);
console.log(`soak: results ${JSON.stringify(figures.results)}, verdicts ${JSON.stringify(figures.reasons)}`);
console.log(`soak: ${figures.unjudged} ended unjudged at the 60-move rule, ${figures.plyCap} at the ${MaxPlies}-ply cap`);
console.log(
  `soak: ${figures.stops} stop() calls (${figures.terminateStops} by terminating Red's worker), ` +
    `${figures.crashes} worker crashes, ${figures.restarts} engines made anew`,
);
console.log(`soak: rss first quarter ${firstMB.toFixed(0)} MB, last quarter ${lastMB.toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB`);
for (const d of figures.chaseDifferences) console.log(`soak: documented chase-rule difference: ${d}`);
// Not in the "N passed, N failed" form: CI reads that as the test count of the whole run.
console.log(figures.failures.length ? `soak: FAILED, ${figures.failures.length} failures` : `soak: all ${figures.games} games passed`);
process.exit(figures.failures.length ? 1 : 0);
