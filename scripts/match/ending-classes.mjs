// Whether an ending is won, measured: random legal positions of one material against several sets
// of defenders, played out by an engine against itself (match.mjs), tallied by material. This is
// how core/evaluate.cpp's endgame_scale rules are checked (scripts/bench/PERFORMANCE.md, "The horse
// and the base-line soldier").
//
//   node scripts/match/ending-classes.mjs openings --red 'N P@9' --black 'AA,B,AB,BB' \
//        [--per-class 6] [--seed 11] > OPENINGS
//   node scripts/match/match.mjs --engine-a E --engine-b E --openings OPENINGS --pgn GAMES.pgn ...
//   node scripts/match/ending-classes.mjs tally GAMES.pgn ...
//
// Red is the side with the material under test, Black the defender, Black to move (so that each
// opening's two games give each engine the attack once). Pieces are FEN letters (R N C A B P); a
// piece may be pinned to ranks counted from its own side, `P@9` a soldier on the enemy's base line
// (底兵), `P@5-8` one across the river short of it. Advisors, elephants and generals stand on their
// own points; neither side is in check, the generals do not face each other, Black has a move.
// `tally` reports Red's wins, draws and losses by starting material.
import { readFileSync } from 'node:fs';

import { parseArgs, usageError } from '../lib/args.mjs';
import { material } from './material.mjs';
import { readPgnGames } from './pgn.mjs';
import { loadFfish, VARIANT } from './referee.mjs';

const USAGE = `usage: node scripts/match/ending-classes.mjs openings --red PIECES --black SETS [--per-class 6] [--seed 11]
       node scripts/match/ending-classes.mjs tally GAMES.pgn ...
  PIECES  Red's pieces besides the general, e.g. 'N P@9' (a horse, a soldier on Black's base line)
  SETS    comma-separated sets of Black's pieces, e.g. 'AA,B,AB,BB' ('-' for a bare general)`;
const { values: args, positionals } = parseArgs(process.argv.slice(2), {
  tool: 'ending-classes',
  usage: USAGE,
  positionals: true,
  options: {
    red: { type: 'string' },
    black: { type: 'string' },
    'per-class': { type: 'integer', min: 1, default: 6 },
    seed: { type: 'integer', min: 0, default: 11 },
  },
});
const [command, ...files] = positionals;

// Squares as [file, rank] from Red's side (place() mirrors them for Black).
const PALACE = [3, 4, 5].flatMap((f) => [0, 1, 2].map((r) => [f, r]));
const ADVISOR = [[3, 0], [5, 0], [4, 1], [3, 2], [5, 2]];
const ELEPHANT = [[2, 0], [6, 0], [0, 2], [4, 2], [8, 2], [2, 4], [6, 4]];
const SOLDIER = [...[0, 2, 4, 6, 8].flatMap((f) => [[f, 3], [f, 4]]),
  ...[...Array(9).keys()].flatMap((f) => [5, 6, 7, 8, 9].map((r) => [f, r]))];
const ANYWHERE = [...Array(9).keys()].flatMap((f) => [...Array(10).keys()].map((r) => [f, r]));
const POINTS = { K: PALACE, A: ADVISOR, B: ELEPHANT, P: SOLDIER, R: ANYWHERE, N: ANYWHERE, C: ANYWHERE };

const MOST = { R: 2, N: 2, C: 2, A: 2, B: 2, P: 5 };  // of each piece a side starts with

// 'N P@9' -> [{letter: 'N'}, {letter: 'P', ranks: [9]}], ranks from the piece's own side.
function parsePieces(text, what) {
  if (text === '-') return [];
  const pieces = text.split(/[\s]+|(?=[A-Z])/).filter(Boolean).map((token) => {
    const m = token.match(/^([RNCABP])(?:@(\d)(?:-(\d))?)?$/);
    if (!m) usageError('ending-classes', `${what}: '${token}' is not a piece (R N C A B P, optionally @RANK or @FROM-TO)`);
    if (m[2] === undefined) return { letter: m[1] };
    const from = +m[2], to = m[3] === undefined ? from : +m[3];
    const ranks = [...Array(Math.max(0, to - from + 1)).keys()].map((i) => from + i);
    if (!POINTS[m[1]].some(([, r]) => ranks.includes(r))) usageError('ending-classes', `${what}: no ${m[1]} can stand on ${token}`);
    return { letter: m[1], ranks };
  });
  for (const [letter, most] of Object.entries(MOST)) {
    if (pieces.filter((p) => p.letter === letter).length > most) usageError('ending-classes', `${what}: more than ${most} ${letter}`);
  }
  return pieces;
}

async function openings() {
  if (!args.red || !args.black) usageError('ending-classes', 'openings needs --red and --black');
  const red = parsePieces(args.red, '--red');
  const classes = args.black.split(',').map((set) => ({ name: set, pieces: parsePieces(set, '--black') }));
  let seed = args.seed;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const ff = await loadFfish();
  for (const { name, pieces } of classes) {
    // Every class of legal material has such positions by the thousand: many misses mean none.
    for (let made = 0, tries = 0; made < args['per-class']; tries++) {
      if (tries === 100000) usageError('ending-classes', `no legal position of ${args.red} against ${name}`);
      const fen = randomPosition(ff, random, red, pieces);
      if (fen) {
        process.stdout.write(`${fen} ; ${args.red.replace(/\s+/g, '')} v ${name}\n`);
        made++;
      }
    }
  }
}

// One try: a FEN with Black to move, or null when the pieces landed somewhere unusable.
function randomPosition(ff, random, red, black) {
  const board = new Map();  // "f,r" -> FEN letter
  const place = (letter, color, ranks) => {
    let points = POINTS[letter].filter(([, r]) => !ranks || ranks.includes(r));
    if (color === 'b') points = points.map(([f, r]) => [f, 9 - r]);
    const free = points.filter(([f, r]) => !board.has(`${f},${r}`));
    if (!free.length) return false;
    const [f, r] = free[random(free.length)];
    board.set(`${f},${r}`, color === 'w' ? letter : letter.toLowerCase());
    return true;
  };
  if (!place('K', 'w') || !place('K', 'b')) return null;
  for (const { letter, ranks } of red) if (!place(letter, 'w', ranks)) return null;
  for (const { letter, ranks } of black) if (!place(letter, 'b', ranks)) return null;
  const at = (f, r) => board.get(`${f},${r}`);
  const find = (letter) => [...board].find(([, l]) => l === letter)[0].split(',').map(Number);
  const [rf, rr] = find('K'), [bf, br] = find('k');
  if (rf === bf && [...Array(br - rr - 1).keys()].every((i) => !at(rf, rr + 1 + i))) return null;
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = at(f, r);
      if (!p) empty++;
      else {
        row += (empty || '') + p;
        empty = 0;
      }
    }
    rows.push(row + (empty || ''));
  }
  const placement = rows.join('/');
  const status = (side) => {
    const b = new ff.Board(VARIANT, `${placement} ${side} - - 0 1`);
    try {
      return { check: b.isCheck(), moves: b.numberLegalMoves() };
    } finally {
      b.delete();
    }
  };
  if (ff.validateFen(`${placement} b - - 0 1`, VARIANT) !== 1) return null;
  const blackToMove = status('b');
  if (status('w').check || blackToMove.check || blackToMove.moves === 0) return null;
  return `${placement} b - - 0 1`;
}

function tally() {
  if (!files.length) usageError('ending-classes', 'tally needs the PGN files of the games');
  const byMaterial = new Map();
  for (const file of files) {
    for (const { tags, fen } of readPgnGames(readFileSync(file, 'utf8'))) {
      const placement = fen.split(' ')[0];
      const key = `${material(placement, true)} v ${material(placement, false)}`;
      const t = byMaterial.get(key) ?? { W: 0, D: 0, L: 0 };
      t[tags.Result === '1-0' ? 'W' : tags.Result === '0-1' ? 'L' : 'D']++;
      byMaterial.set(key, t);
    }
  }
  process.stdout.write([...byMaterial].sort()
    .map(([key, t]) => `${key.padEnd(16)} games ${t.W + t.D + t.L}  Red W ${t.W} D ${t.D} L ${t.L}\n`).join(''));
}

if (command === 'openings') await openings();
else if (command === 'tally') tally();
else usageError('ending-classes', `unknown command '${command ?? ''}': openings or tally`);
