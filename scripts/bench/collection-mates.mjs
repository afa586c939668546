#!/usr/bin/env node
// Makes a mates file (the shared data's mates.txt format) from a collection of game files: every
// game whose main line ends in checkmate or stalemate of the side not to move at its start (a
// composed or annotated mating attack) becomes `FEN ; mate-in-N ; first move ; src FILE ; verify
// book line`, N counted along the main line. The collection's own line is what the author chose,
// not always the longest defence, so a position's shortest forced mate can be longer than N
// (search-bench's --mates also counts the mates found within 15 moves for that reason). Games are
// read by `chuhan convert - --to json` (the native reader), file names in any encoding (GBK is
// usual in XQF collections). The collections and the files made here stay outside the
// repository: they are for measuring only (the issue's mates goal: `CHUHAN_DATA_DIR=OUT node
// scripts/bench/search-bench.mjs --mates --movetime 1000 [--engine OTHER]`).
//
//   node scripts/bench/collection-mates.mjs DIR|FILE... --out DIR [--max-moves 15] [--chuhan PATH]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseArgs, usageError } from '../lib/args.mjs';

const USAGE = `usage: node scripts/bench/collection-mates.mjs DIR|FILE... --out DIR [--max-moves 15]
       [--chuhan PATH]

Writes DIR/mates.txt with the games of the collection whose main line ends in a mate by the side
to move at the start, N moves long (N <= --max-moves).`;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options, positionals: paths } = parseArgs(process.argv.slice(2), {
  tool: 'collection-mates',
  usage: USAGE,
  options: {
    out: { type: 'string', default: '' },
    'max-moves': { type: 'integer', min: 1, default: 15 },
    chuhan: { type: 'string', default: join(root, 'build/native/chuhan') },
  },
  positionals: true,
});
if (paths.length === 0) usageError('collection-mates', 'no directory or file given');
if (!options.out) usageError('collection-mates', '--out DIR is required');

// Paths as bytes: collections keep GBK file names, which are not valid UTF-8 strings.
const gbk = new TextDecoder('gbk');
const files = [];
function visit(path) {
  if (statSync(path).isDirectory()) {
    const entries = readdirSync(path, { encoding: 'buffer' }).sort(Buffer.compare);
    for (const entry of entries) visit(Buffer.concat([path, Buffer.from('/'), entry]));
  } else if (/\.(xqf|pgn|txt|htm|html)$/i.test(path.toString('latin1'))) {
    files.push(path);
  }
}
for (const path of paths) visit(Buffer.from(resolve(path)));

const rows = [];
const skipped = { notAGame: 0, noMate: 0, otherSideMates: 0, tooLong: 0 };
for (const file of files) {
  const label = gbk.decode(file).replace(/\s+/g, '_');
  let game;
  try {
    const json = execFileSync(options.chuhan, ['convert', '-', '--to', 'json'], {
      input: readFileSync(file), encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'],
    });
    game = JSON.parse(json);
  } catch {
    skipped.notAGame++;
    continue;
  }
  const start = game.nodes[0];
  let end = start;
  while (end.children.length) end = game.nodes[end.children[0]];
  const reason = end.result?.reason;
  if (reason !== 'checkmate' && reason !== 'stalemate') {
    skipped.noMate++;
    continue;
  }
  const winner = end.result.result === '1-0' ? 'w' : 'b';
  if (winner !== start.turn) {
    skipped.otherSideMates++;
    continue;
  }
  const moves = (end.ply + 1) / 2;
  if (moves > options['max-moves']) {
    skipped.tooLong++;
    continue;
  }
  rows.push({ moves, line: `${game.startFen} ; mate-in-${moves} ; ${game.moves[0]} ; src ${label} ; verify book line` });
}

mkdirSync(options.out, { recursive: true });
const out = join(options.out, 'mates.txt');
writeFileSync(out, rows.map((r) => r.line).join('\n') + '\n');
const byMoves = {};
for (const r of rows) byMoves[r.moves] = (byMoves[r.moves] ?? 0) + 1;
console.log(`${files.length} files: ${rows.length} mates written to ${out}`);
console.log(`skipped: ${Object.entries(skipped).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`by length (moves along the book line): ${Object.entries(byMoves).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
