// The games of match PGNs that Chuhan's rules end otherwise than the match referee (ffish) did.
// The referee judges repetition by Fairy-Stockfish's rules, which differ from the rule text
// Chuhan follows in known cases (a check between two chases clears them for ffish; README.md,
// "Games and rules"). Where they differ, Chuhan may play on in a cycle its rules make the
// opponent leave, and the referee scores the game otherwise. This counts what that cost or
// gained each player.
//
//   node scripts/match/rulings.mjs [--engine build/native/chuhan] GAMES.pgn...
//
// Each game ended by repetition (the PGN's Termination: repetition, perpetual check or chase)
// is judged again by Chuhan (chuhanResult in engines.mjs). Prints each game where the two
// results differ, and per player the points the referee's rulings gave or took against
// Chuhan's.

import { readFileSync } from 'node:fs';
import { chuhanResult, createEngine, repoRoot } from './engines.mjs';
import { readPgnGames } from './pgn.mjs';
import { parseArgs, usageError } from '../lib/args.mjs';

const { values: opt, positionals: files } = parseArgs(process.argv.slice(2), {
  tool: 'rulings',
  usage: 'usage: node scripts/match/rulings.mjs [--engine build/native/chuhan] GAMES.pgn...',
  positionals: true,
  options: { engine: { type: 'string', default: `${repoRoot}/build/native/chuhan` } },
});
if (!files.length) usageError('rulings', 'give at least one PGN file');

const engine = await createEngine(opt.engine, {});
await engine.start();

/** Points of `player` in a game with `result` ("1-0", "0-1", "1/2-1/2"); null if unfinished. */
function points(result, tags, player) {
  const score = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 }[result];
  if (score === undefined) return null;
  return tags.Red === player ? score : 1 - score;
}

const delta = new Map(); // player -> points under Chuhan's rules minus the referee's
let judged = 0;
let differing = 0;
for (const file of files) {
  for (const { tags, fen, moves } of readPgnGames(readFileSync(file, 'utf8'))) {
    if (!/repetition|perpetual/.test(tags.Termination ?? '')) continue;
    ++judged;
    const ours = await chuhanResult(engine, fen, moves);
    const ourResult = ours.split(' ')[0];
    if (ourResult === tags.Result) continue;
    ++differing;
    console.log(`${file} round ${tags.Round}: ${tags.Red} - ${tags.Black}, referee ${tags.Result} ` +
      `(${tags.Termination}), Chuhan's rules ${ours}`);
    console.log(`  position fen ${fen} moves ${moves.join(' ')}`);
    // A game Chuhan's rules leave unfinished moves no points.
    if (points(ourResult, tags, tags.Red) === null) continue;
    for (const player of [tags.Red, tags.Black]) {
      const moved = points(ourResult, tags, player) - points(tags.Result, tags, player);
      delta.set(player, (delta.get(player) ?? 0) + moved);
    }
  }
}
await engine.quit();

console.log(`${judged} game(s) ended by repetition; ${differing} judged otherwise by Chuhan's rules`);
for (const [player, moved] of delta)
  console.log(`  ${player}: ${moved >= 0 ? '+' : ''}${moved} point(s) under Chuhan's rules`);
