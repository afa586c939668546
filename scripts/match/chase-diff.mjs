// Chuhan's repetition judge against the match referee's (ffish, Fairy-Stockfish's rules) on
// generated repetition cycles, to find the positions where the two disagree: a game the
// referee scores differently from what Chuhan believed is a game Chuhan can lose without
// seeing it coming.
//
//   node scripts/match/chase-diff.mjs [--engine build/native/chuhan] [--cycles 2000]
//        [--seed 1] [--max-random 40] [--show 20]
//
// Each cycle: an opening of openings.txt, 0 to --max-random random legal plies (seeded), then a
// four-ply shuffle (a side moves a piece, the other side moves one, both move back) played
// twice, so that the position before the shuffle stands on the board for the third time. The
// shuffle's first move is chosen, nine times in ten, among the moves that attack an enemy piece
// not attacked before, and the shuffle, four times in five, among those whose first move's
// reverse attacks anew the piece that fled (makeCycle()), so that chases are common. Both judges are asked after the last ply (Chuhan through `position ...`
// and `d`, whose last line is "Result: ..."), and a game either ends one ply early is noted
// too. Prints the verdicts counted by pair and the cycles where they differ (FEN and moves, ICCS,
// ready for native-tests/repetition_cases.txt).

import { chuhanResult, createEngine, repoRoot } from './engines.mjs';
import { loadFfish, Referee, iccsToRank1 } from './referee.mjs';
import { loadOpenings, defaultOpeningsPath } from './openings.mjs';
import { parseArgs } from '../lib/args.mjs';
import { seededRandom } from '../lib/random.mjs';

const { values: opt } = parseArgs(process.argv.slice(2), {
  tool: 'chase-diff',
  usage: 'usage: node scripts/match/chase-diff.mjs [--engine build/native/chuhan] [--cycles 2000] [--seed 1]\n' +
    '         [--max-random 40] [--show 20] [--openings FILE]',
  options: {
    engine: { type: 'string', default: `${repoRoot}/build/native/chuhan` },
    cycles: { type: 'integer', min: 1, default: 2000 },
    seed: { type: 'integer', default: 1 },
    'max-random': { type: 'integer', min: 0, default: 40 },
    show: { type: 'integer', min: 0, default: 20 },
    openings: { type: 'string' },
  },
});

// Seeded, so that a run can be repeated exactly.
const random = seededRandom(opt.seed);
const pick = (list) => list[Math.floor(random() * list.length)];

const ff = await loadFfish();
const openings = loadOpenings(ff, opt.openings || defaultOpeningsPath());
const engine = await createEngine(opt.engine, {});
await engine.start();

const boardOf = (fen) => fen.split(' ')[0];
const reverse = (m) => m.slice(2) + m.slice(0, 2);

/** The squares (ICCS) of the enemy pieces the side to move of `fen` could capture. */
function targets(fen) {
  const ref = new Referee(ff, fen);
  try {
    const squares = new Set();
    for (const m of ref.legalMoves()) if (occupied(fen, m.slice(2))) squares.add(m.slice(2));
    return squares;
  } finally {
    ref.dispose();
  }
}

/** Whether ICCS square `sq` holds a piece in `fen`. */
function occupied(fen, sq) {
  const rows = boardOf(fen).split('/');
  const row = rows[9 - Number(sq[1])];
  let file = 0;
  for (const ch of row) {
    if (/\d/.test(ch)) file += Number(ch);
    else if (file++ === sq.charCodeAt(0) - 97) return true;
  }
  return false;
}

/** `fen` with the other side to move (the counters are irrelevant here). */
const flipped = (fen) => {
  const f = fen.split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  return f.join(' ');
};

/** The quiet legal moves of the side to move in `ref` (a capture would end the cycle). */
function quietMoves(ref) {
  const fen = ref.fen();
  return ref.legalMoves().filter((m) => !occupied(fen, m.slice(2)));
}

/** The squares newly attacked by the side that just moved in `ref`, against `before`. */
function newTargets(ref, before) {
  return [...targets(flipped(ref.fen()))].filter((sq) => !before.has(sq));
}

/**
 * Builds one cycle: {fen, moves} (ICCS) or null when this start gave none. The shuffle is
 * chosen among the (first move, answer) pairs that return to the start, for up to four first
 * moves (attacking ones nine times in ten) and their answers by the pieces they attack plus
 * three others; four times in five among those that have a chase's shape.
 */
function makeCycle() {
  const opening = pick(openings);
  const ref = new Referee(ff, opening.fen);
  try {
    const plies = Math.floor(random() * (opt['max-random'] + 1));
    for (let i = 0; i < plies; ++i) {
      const moves = ref.legalMoves();
      if (moves.length === 0 || ref.judge()) return null;
      ref.push(pick(moves));
    }
    if (ref.judge()) return null;
    const fen = ref.fen();
    const before = targets(flipped(fen));

    const quiet = quietMoves(ref);
    const attacking = [];
    for (const m of quiet) {
      const probe = new Referee(ff, fen);
      probe.push(m);
      if (newTargets(probe, before).length) attacking.push(m);
      probe.dispose();
    }
    const pool = attacking.length && random() < 0.9 ? attacking : quiet;
    const firsts = [...pool].sort(() => random() - 0.5).slice(0, 4);

    const plain = [], chasing = [];
    for (const first of firsts) {
      const a = new Referee(ff, fen);
      try {
        if (!a.push(first) || a.judge()) continue;
        const afterFirst = a.fen();
        // Answers: the moves of the pieces the first move attacks, and three others.
        const attacked = targets(flipped(afterFirst));
        const answers = quietMoves(a);
        const fleeing = answers.filter((m) => attacked.has(m.slice(0, 2)));
        const others = answers.filter((m) => !attacked.has(m.slice(0, 2))).sort(() => random() - 0.5).slice(0, 3);
        for (const second of [...fleeing, ...others]) {
          const b = new Referee(ff, afterFirst);
          try {
            if (!b.push(second) || b.judge()) continue;
            const sq = second.slice(2);
            const attackedThere = targets(b.fen()).has(sq);
            if (!b.push(reverse(first)) || b.judge()) continue;
            // The chase's shape: the first move's reverse attacks the fleeing piece anew.
            const chases = attacked.has(second.slice(0, 2)) && !attackedThere && targets(flipped(b.fen())).has(sq);
            if (b.push(reverse(second))) (chases ? chasing : plain).push({ first, second });
          } finally {
            b.dispose();
          }
        }
      } finally {
        a.dispose();
      }
    }
    const choice = chasing.length && (random() < 0.8 || !plain.length) ? pick(chasing) : plain.length ? pick(plain) : null;
    if (!choice) return null;
    const cycle = [choice.first, choice.second, reverse(choice.first), reverse(choice.second)];
    const played = [];
    for (const m of [...cycle, ...cycle]) {
      if (!ref.push(m)) return null;
      played.push(m);
      // A game that ends otherwise than by repetition on the way is no test of repetition.
      const verdict = ref.judge();
      if (verdict && !/perpetual|repetition/.test(verdict.reason)) return null;
    }
    if (boardOf(ref.fen()) !== boardOf(fen)) return null;
    return { fen, moves: played };
  } finally {
    ref.dispose();
  }
}

/** The referee's verdict after each ply: the first ply at which it ends the game, and how. */
function refereeVerdict({ fen, moves }) {
  const ref = new Referee(ff, fen);
  try {
    for (let i = 0; i < moves.length; ++i) {
      ref.push(moves[i]);
      const v = ref.judge();
      if (v) return { ply: i + 1, text: `${v.result} (${v.reason})` };
    }
    return { ply: moves.length, text: '* (game in progress)' };
  } finally {
    ref.dispose();
  }
}

async function chuhanVerdict(fen, moves) {
  const text = await chuhanResult(engine, fen, moves);
  return text === 'game in progress' ? '* (game in progress)' : text;
}

const pairs = new Map();
const differ = [];
let made = 0;
const wanted = opt.cycles;
for (let tries = 0; made < wanted && tries < wanted * 20; ++tries) {
  const cycle = makeCycle();
  if (!cycle) continue;
  ++made;
  const referee = refereeVerdict(cycle);
  // Chuhan at the ply the referee ended the game (or the last), and one ply earlier.
  const chuhan = await chuhanVerdict(cycle.fen, cycle.moves.slice(0, referee.ply));
  const early = referee.ply < cycle.moves.length ? ` (referee at ply ${referee.ply})` : '';
  const key = `Chuhan ${chuhan} / referee ${referee.text}${early}`;
  pairs.set(key, (pairs.get(key) || 0) + 1);
  if (chuhan !== referee.text || early) differ.push({ ...cycle, chuhan, referee: referee.text, ply: referee.ply });
}
await engine.quit();

console.log(`${made} cycles (seed ${opt.seed}), ${engine.idName || opt.engine} against ffish ${ff.info()}:`);
for (const [key, n] of [...pairs].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(6)}  ${key}`);
console.log(`\n${differ.length} differ:`);
for (const d of differ.slice(0, opt.show))
  console.log(`${d.fen} ; moves ${d.moves.join(' ')} ; Chuhan ${d.chuhan}, referee ${d.referee} at ply ${d.ply}`);
// The ffish coordinates of the first shown, to replay by hand.
if (differ.length) console.log(`(ffish coordinates of the first: ${differ[0].moves.map(iccsToRank1).join(' ')})`);
