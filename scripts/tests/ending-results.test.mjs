// scripts/nnue/ending-results.mjs: the class and result of hand-made training records.
//
//   node --test scripts/tests/ending-results.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tool = fileURLToPath(new URL('../nnue/ending-results.mjs', import.meta.url));

// A packed record (scripts/nnue/packed.h): pieces by square name, result for Red (0-2), score.
function record(pieces, redResult, redScore) {
  const rec = Buffer.alloc(48);
  const code = { K: 1, A: 2, B: 3, N: 4, R: 5, C: 6, P: 7 };
  for (const [square, piece] of Object.entries(pieces)) {
    const sq = (Number(square[1]) * 9) + square.charCodeAt(0) - 97;
    const nibble = code[piece.toUpperCase()] + (piece === piece.toLowerCase() ? 8 : 0);
    rec[sq >> 1] |= nibble << ((sq & 1) * 4);
  }
  rec[45] = redResult << 1;
  rec.writeInt16LE(redScore, 46);
  return rec;
}

function run(records, ...args) {
  const dir = mkdtempSync(join(tmpdir(), 'ending-results-'));
  const file = join(dir, 'd.bin');
  writeFileSync(file, Buffer.concat(records));
  const r = spawnSync(process.execPath, [tool, '--min-count', '1', ...args, file], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split('\n').slice(1).map((line) => line.trim().split(/\s+/));
}

// Rook and a soldier across the river against rook and full defence.
const rookAndSoldier = { e0: 'K', a0: 'R', e5: 'P', e9: 'k', d9: 'a', f9: 'a', c9: 'b', g9: 'b', a8: 'r' };

test('positions are classed from the side the score favours, with its result', () => {
  const rows = run([
    record(rookAndSoldier, 1, 300),    // Red ahead, drawn
    record(rookAndSoldier, 2, 500),    // Red ahead, won
    record(rookAndSoldier, 1, 100),    // below --min-score: left out
  ]);
  assert.deepEqual(rows, [['same', '1', 'pieces', '1', '1', '4', '2', '2', '50', '50', '400', '494']]);
});

test('Black ahead is the strong side, and one piece more is its own class', () => {
  const blackAhead = { e0: 'K', d0: 'A', f0: 'A', a0: 'R', e9: 'k', a9: 'r', b9: 'n' };
  const rows = run([record(blackAhead, 0, -400)]);  // Black won
  assert.deepEqual(rows, [['extra', 'N,', 'weak', 'has', 'R', '0', '0', '2', '1', '1', '100', '0', '400', '3108']]);
});
