// The match runner drives Chuhan's WebAssembly build (the `wasm` engine preset): two games
// against the random mover, refereed by ffish, which the engine must both win.
//
//   node --test scripts/tests/match-wasm.test.mjs   (after npm run build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repo = resolve(fileURLToPath(import.meta.url), '../../..');

test('the wasm build beats the random mover with both colours', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-match-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const json = join(dir, 'summary.json');
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(repo, 'scripts/match/match.mjs'),
    '--engine-a', 'wasm',
    '--engine-b', 'module:scripts/match/random-engine.mjs',
    // The test is about driving the module, not its speed: a generous margin so that a loaded
    // machine (npm test runs beside other jobs) does not lose a game on time.
    '--movetime', '20', '--margin', '5000', '--games', '2', '--quiet', '--json', json,
  ], { cwd: repo, timeout: 120000 });
  const summary = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(summary.engineA, 'Chuhan wasm', stdout);
  assert.equal(summary.games, 2, stdout);
  assert.equal(summary.wins, 2, stdout);
});
