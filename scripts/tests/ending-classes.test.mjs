// scripts/match/ending-classes.mjs: random ending positions of the asked material, and the tally of
// games played from them.
//
//   node --test scripts/tests/ending-classes.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { formatPgn } from '../match/pgn.mjs';
import { loadFfish, VARIANT } from '../match/referee.mjs';

const tool = fileURLToPath(new URL('../match/ending-classes.mjs', import.meta.url));

function run(...args) {
  const r = spawnSync(process.execPath, [tool, ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

// The board of a FEN's placement as rows from rank 9 down, one letter or '.' per file.
function rows(placement) {
  return placement.split('/').map((row) => row.replace(/\d/g, (n) => '.'.repeat(+n)));
}

test('openings have the asked material on legal points, Black to move and not in check', async () => {
  const r = run('openings', '--red', 'N P@9', '--black', 'AB,BB', '--per-class', '3', '--seed', '7');
  assert.equal(r.status, 0, r.err);
  const lines = r.out.trim().split('\n');
  assert.equal(lines.length, 6);
  const ff = await loadFfish();
  lines.forEach((line, i) => {
    const [fen, name] = line.split(' ; ');
    assert.equal(name, i < 3 ? 'NP@9 v AB' : 'NP@9 v BB');
    const board = rows(fen.split(' ')[0]);
    const letters = board.join('').replace(/\./g, '');
    assert.equal([...letters].sort().join(''), i < 3 ? 'KNPabk' : 'KNPbbk', fen);
    assert.ok(board[0].includes('P'), `the soldier is on Black's base line: ${fen}`);
    assert.equal(fen.split(' ')[1], 'b');
    assert.equal(ff.validateFen(fen, VARIANT), 1, fen);
    const game = new ff.Board(VARIANT, fen);
    try {
      assert.ok(!game.isCheck() && game.numberLegalMoves() > 0, fen);
    } finally {
      game.delete();
    }
    const redFile = board.find((row) => row.includes('K')).indexOf('K');
    const redRank = board.findIndex((row) => row.includes('K'));
    const blackRank = board.findIndex((row) => row.includes('k'));
    if (board[blackRank].indexOf('k') === redFile) {
      const between = board.slice(blackRank + 1, redRank).map((row) => row[redFile]);
      assert.ok(between.some((p) => p !== '.'), `the generals face each other: ${fen}`);
    }
  });
  assert.equal(run('openings', '--red', 'N P@9', '--black', 'AB,BB', '--per-class', '3', '--seed', '7').out,
    r.out, 'the same seed makes the same positions');
});

test('a piece that is not one, one where it cannot stand, too many, or a missing side is a usage error', () => {
  assert.equal(run('openings', '--red', 'N Q', '--black', 'AB').status, 2);
  assert.equal(run('openings', '--red', 'N P@0', '--black', 'AB').status, 2, 'no soldier stands on its own base line');
  assert.equal(run('openings', '--red', 'N', '--black', 'AAA').status, 2, 'three advisors');
  assert.equal(run('openings', '--red', 'N').status, 2);
  assert.equal(run('tally').status, 2);
});

test('tally counts Red\'s results by the material the games start from', (t) => {
  const game = (fen, result) => formatPgn({ red: 'E', black: 'E', result, fen, moves: [], reason: 'test' });
  const won = '3P5/4k4/b4a3/9/4N4/9/9/9/9/3K5 b - - 0 1', held = 'P8/9/b4k2b/9/9/9/9/3KN4/9/9 b - - 0 1';
  const dir = mkdtempSync(join(tmpdir(), 'ending-classes-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'g.pgn');
  writeFileSync(file, [game(won, '1-0'), game(won, '1/2-1/2'), game(held, '1/2-1/2'), game(held, '0-1')].join('\n\n'));
  const r = run('tally', file);
  assert.equal(r.status, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n').map((line) => line.split(/\s+/)), [
    ['NP', 'v', 'AB', 'games', '2', 'Red', 'W', '1', 'D', '1', 'L', '0'],
    ['NP', 'v', 'BB', 'games', '2', 'Red', 'W', '0', 'D', '1', 'L', '1'],
  ]);
});
