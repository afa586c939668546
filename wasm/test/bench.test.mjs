// The bench signature: the wasm engine must search exactly as many nodes as the native one.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { createEngine } from 'chuhan';

const native = fileURLToPath(new URL('../../build/native/chuhan', import.meta.url));

// Runs `lines` in the native protocol loop and resolves with its output once it holds `until`:
// input stays open till then (end of input, like quit, stops a running bench).
function nativeSession(lines, until) {
  return new Promise((resolve, reject) => {
    const child = spawn(native, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (until.test(out)) child.stdin.end();
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out));
    child.stdin.write(lines);
  });
}

test('bench() node count is identical to the native `chuhan bench`', async () => {
  assert.ok(existsSync(native), `${native} is missing: build native first (npm run build)`);
  const output = execFileSync(native, ['bench'], { encoding: 'utf8' });
  const match = /^Nodes searched: (\d+)$/m.exec(output);
  assert.ok(match, 'native bench prints "Nodes searched: N"');
  const nativeNodes = Number(match[1]);

  const engine = await createEngine();
  try {
    await engine.setPosition('startpos', ['h2e2']);
    const fen = await engine.fen();
    const result = await engine.bench();
    assert.equal(result.nodes, nativeNodes);
    assert.ok(result.nps > 0 && result.time >= 0);
    assert.equal(await engine.fen(), fen, 'bench keeps the game');
    // Twice in a row gives the same signature (the hash and histories are cleared).
    assert.equal((await engine.bench()).nodes, nativeNodes);
  } finally {
    engine.terminate();
  }
});

test('with useNNUE off the bench signature is identical to the native one with Use NNUE off', async () => {
  assert.ok(existsSync(native), `${native} is missing: build native first (npm run build)`);
  const output = await nativeSession('setoption name Use NNUE value false\nbench\n', /^Nodes searched: \d+$/m);
  const match = /^Nodes searched: (\d+)$/m.exec(output);
  assert.ok(match, 'native bench prints "Nodes searched: N"');
  const plain = /^Nodes searched: (\d+)$/m.exec(execFileSync(native, ['bench'], { encoding: 'utf8' }));
  assert.notEqual(match[1], plain[1], 'the hand-written evaluation searches differently from the network');

  const engine = await createEngine();
  try {
    await engine.setOption('useNNUE', false);
    assert.equal((await engine.bench()).nodes, Number(match[1]));
  } finally {
    engine.terminate();
  }
});
