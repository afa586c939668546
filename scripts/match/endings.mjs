// Which small endings a match's games reach, and how those games end: the measure of whether
// endgame tables would pay (issue 34). For each game, the first position with at most --pieces
// pieces besides the two generals, by material, with the named engine's result.
//
//   node scripts/match/endings.mjs [--pieces 4] [--engine Chuhan] GAMES.pgn ...
//
// Material is written as the FEN writes it, the named engine's first: R rook, N horse, C cannon,
// A advisor, B elephant, P soldier; "-" for a bare general.
import { readFileSync } from 'node:fs';

import { parseArgs, usageError } from '../lib/args.mjs';
import { material } from './material.mjs';
import { readPgnGames } from './pgn.mjs';
import { loadFfish, Referee } from './referee.mjs';

const { values: args, positionals: files } = parseArgs(process.argv.slice(2), {
  tool: 'endings',
  usage: 'usage: node scripts/match/endings.mjs [--pieces 4] [--engine Chuhan] GAMES.pgn ...',
  positionals: true,
  options: {
    pieces: { type: 'integer', min: 0, default: 4 },
    engine: { default: 'Chuhan' },
  },
});
if (!files.length) usageError('endings', 'give the PGN files of the games');

const ff = await loadFfish();
const byMaterial = new Map();
let games = 0, reached = 0;
for (const file of files) {
  for (const { tags, fen, moves } of readPgnGames(readFileSync(file, 'utf8'))) {
    const engineRed = (tags.Red ?? '').includes(args.engine);
    if (!engineRed && !(tags.Black ?? '').includes(args.engine)) continue;
    games++;
    const referee = new Referee(ff, fen);
    let ending = null;
    for (const move of moves) {
      if (!referee.push(move)) break;
      const placement = referee.fen().split(' ')[0];
      if (placement.replace(/[^A-Za-z]/g, '').length - 2 <= args.pieces) {
        const red = material(placement, true), black = material(placement, false);
        ending = engineRed ? `${red} v ${black}` : `${black} v ${red}`;
        break;
      }
    }
    referee.dispose();
    if (!ending) continue;
    reached++;
    const won = tags.Result === (engineRed ? '1-0' : '0-1'), lost = tags.Result === (engineRed ? '0-1' : '1-0');
    const tally = byMaterial.get(ending) ?? { W: 0, D: 0, L: 0 };
    tally[won ? 'W' : lost ? 'L' : 'D']++;
    byMaterial.set(ending, tally);
  }
}
process.stdout.write(`${games} games of ${args.engine}; ${reached} reach ${args.pieces} or fewer pieces besides the generals\n`);
const rows = [...byMaterial].sort(([, a], [, b]) => b.W + b.D + b.L - (a.W + a.D + a.L));
for (const [ending, t] of rows) process.stdout.write(`${ending.padEnd(24)} W ${t.W} D ${t.D} L ${t.L}\n`);
