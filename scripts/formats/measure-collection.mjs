#!/usr/bin/env node
// Measures how much of a collection of game files Chuhan reads: walks the directories given, runs
// `chuhan convert --check` over every file (in batches, one process per core), and sums up by
// format (XQF by version) how many games read into a legal game and why the others did not. The
// reading is the native reader's own (the same code as `chuhan convert` and the web app's
// loadGame), so what is measured is what users get. The collections stay outside the repository.
//
//   node scripts/formats/measure-collection.mjs DIR|FILE... [--ext xqf,pgn] [--containing TEXT]
//        [--unique] [--first] [--jobs N] [--chuhan PATH] [--failures FILE]
//
//   --ext           only files with these extensions (any case; default: every file)
//   --containing    only files whose bytes hold TEXT in any case (e.g. '[DhtmlXQ')
//   --unique        count each distinct file once (by SHA-1), as collections repeat files
//   --first         only the first game of each file (what `chuhan convert FILE` converts)
//   --failures      write every failing game's line (path, game, format, error) to FILE
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseArgs, usageError } from '../lib/args.mjs';

const USAGE = `usage: node scripts/formats/measure-collection.mjs DIR|FILE... [--ext xqf,pgn]
       [--containing TEXT] [--unique] [--first] [--jobs N] [--chuhan PATH] [--failures FILE]

Runs chuhan convert --check over every file under the paths and sums up, by format and XQF
version, the games read into a legal game and why the others were not.`;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options, positionals: paths } = parseArgs(process.argv.slice(2), {
  tool: 'measure-collection',
  usage: USAGE,
  options: {
    ext: { type: 'string', default: '' },
    containing: { type: 'string', default: '' },
    unique: { type: 'boolean' },
    first: { type: 'boolean' },
    jobs: { type: 'integer', min: 1, default: availableParallelism() },
    chuhan: { type: 'string', default: join(root, 'build/native/chuhan') },
    failures: { type: 'string', default: '' },
  },
  positionals: true,
});
if (paths.length === 0) usageError('measure-collection', 'no directory or file given');
const extensions = options.ext ? options.ext.toLowerCase().split(',').map((e) => `.${e}`) : null;
const needle = options.containing.toLowerCase();

// 1. The files: every file under the paths, filtered; distinct ones only with --unique.
const files = [];
const seen = new Set();
function visit(path) {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    return;
  }
  if (!stat.isFile()) return;
  if (extensions && !extensions.some((e) => path.toLowerCase().endsWith(e))) return;
  if (needle || options.unique) {
    const bytes = readFileSync(path);
    if (needle && !bytes.toString('latin1').toLowerCase().includes(needle)) return;
    if (options.unique) {
      const hash = createHash('sha1').update(bytes).digest('hex');
      if (seen.has(hash)) return;
      seen.add(hash);
    }
  }
  files.push(path);
}
for (const path of paths) visit(path);

// 2. `chuhan convert --check` over batches of files, `jobs` processes at a time.
function check(batch) {
  return new Promise((resolveBatch, reject) => {
    const child = spawn(options.chuhan, ['convert', '--check', ...batch]);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 || code === 1 ? resolveBatch(out) : reject(new Error(`chuhan exited ${code}`)));
  });
}
const batches = [];
for (let i = 0; i < files.length; i += 200) batches.push(files.slice(i, i + 200));
const lines = [];
let next = 0;
await Promise.all(Array.from({ length: options.jobs }, async () => {
  while (next < batches.length) {
    const out = await check(batches[next++]);
    lines.push(...out.split('\n').filter(Boolean));
  }
}));

// 3. Sums by format, and the reasons for failures with their numbers, squares and positions
// taken out so that alike errors group.
const byFormat = new Map();
const reasons = new Map();
const failing = [];
for (const line of lines) {
  const [path, game, format, status, detail] = line.split('\t');
  if (options.first && game !== '1' && game !== '0') continue;
  const f = byFormat.get(format) ?? { files: new Set(), games: 0, read: 0 };
  byFormat.set(format, f);
  f.files.add(path);
  f.games++;
  if (status === 'ok') {
    f.read++;
    continue;
  }
  failing.push(line);
  const kind = `${format}: ${detail
    .replace(/\(position [^)]*\)/g, '(position FEN)')
    .replace(/ in [^ ]+ [wb] - - \d+ \d+\)/g, ' in FEN)')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\b[a-i]\d-[a-i]\d\b/g, 'SQ-SQ')
    .replace(/\d+/g, 'N')}`;
  const r = reasons.get(kind) ?? { count: 0, example: path };
  reasons.set(kind, r);
  r.count++;
}
const percent = (a, b) => (b ? ((100 * a) / b).toFixed(2) : '-');
const rows = [...byFormat.entries()].sort(([a], [b]) => a.localeCompare(b));
let games = 0;
let read = 0;
console.log(`${files.length} files${options.unique ? ' (distinct)' : ''}, ${options.first ? 'first game of each' : 'every game'}`);
console.log('format        files    games     read   failed   read %');
for (const [format, f] of rows) {
  games += f.games;
  read += f.read;
  console.log(`${format.padEnd(10)} ${String(f.files.size).padStart(8)} ${String(f.games).padStart(8)} ` +
    `${String(f.read).padStart(8)} ${String(f.games - f.read).padStart(8)} ${percent(f.read, f.games).padStart(8)}`);
}
console.log(`${'total'.padEnd(10)} ${String(files.length).padStart(8)} ${String(games).padStart(8)} ` +
  `${String(read).padStart(8)} ${String(games - read).padStart(8)} ${percent(read, games).padStart(8)}`);
if (reasons.size) {
  console.log('\nwhy the others were not read (count, kind, an example):');
  for (const [kind, r] of [...reasons.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 20))
    console.log(`${String(r.count).padStart(7)}  ${kind}\n         ${r.example}`);
}
if (options.failures) writeFileSync(options.failures, failing.map((l) => `${l}\n`).join(''));
