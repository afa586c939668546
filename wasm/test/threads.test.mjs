// Threads in the WebAssembly build under Node: createEngine({ threads }) loads the threaded
// module, searches with its helpers, stops promptly, survives a worker crash, changes its thread
// count, and terminate() leaves no thread behind.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createEngine({ threads: 2 })', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ threads: 2 });
  });
  after(() => engine?.terminate());

  test('searches with two threads and returns a legal move', async () => {
    assert.equal(engine.threads, 2);
    assert.equal(engine.threadsWarning, null);
    assert.equal((await engine._state()).threads, 2);
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    const infos = [];
    const best = await engine.go({ depth: 8 }, (info) => infos.push(info));
    assert.ok((await engine.legalMoves()).includes(best.bestmove), best.bestmove);
    assert.ok(infos.length > 0 && infos.every((i) => i.threads === 2));
    // Both threads counted: more nodes than the main thread alone reports in a 1-thread search
    // is not guaranteed, but the total is at least what was reported last.
    assert.ok(infos.at(-1).nodes > 0);
  });

  test('an infinite search stops promptly and the worker is kept', async () => {
    const { instance } = await engine._state();
    const search = engine.go({ infinite: true });
    await sleep(300);
    const t0 = performance.now();
    await engine.stop();
    const best = await search;
    const ms = performance.now() - t0;
    assert.ok(ms < 1000, `stop took ${ms} ms`);
    assert.ok((await engine.legalMoves()).includes(best.bestmove));
    assert.equal((await engine._state()).instance, instance, 'the shared flag stops it: no restart');
  });

  test('a crashed worker comes back with its threads', async () => {
    const fen = await engine.fen();
    await assert.rejects(engine._crash('throw'), /crashed/);
    const state = await engine._state();
    assert.equal(state.threads, 2);
    assert.equal(state.fen, fen);
    const best = await engine.go({ movetime: 200 });
    assert.ok((await engine.legalMoves()).includes(best.bestmove));
  });

  test('setOption("threads", n) changes the count and keeps the game', async () => {
    const fen = await engine.fen();
    await engine.setOption('threads', 1);
    assert.equal(engine.threads, 1);
    assert.equal((await engine._state()).threads, 1);
    await engine.setOption('threads', 3);
    assert.equal((await engine._state()).threads, 3);
    assert.equal(await engine.fen(), fen);
    const infos = [];
    await engine.go({ depth: 6 }, (info) => infos.push(info));
    assert.equal(infos.at(-1).threads, 3);
    await assert.rejects(engine.setOption('threads', 0), RangeError);
    await assert.rejects(engine.setOption('threads', engine.contract.options.threads.max + 1), RangeError);
  });
});

test('createEngine refuses a thread count out of range', async () => {
  await assert.rejects(createEngine({ threads: 0 }), RangeError);
  await assert.rejects(createEngine({ threads: 1.5 }), RangeError);
  await assert.rejects(createEngine({ threads: 100000 }), RangeError);
});

test('terminate() ends every thread: the process exits', async () => {
  const script = `
    import { createEngine } from 'chuhan';
    const engine = await createEngine({ threads: 3 });
    const search = engine.go({ infinite: true });
    await new Promise((r) => setTimeout(r, 200));
    engine.terminate();
    await search.catch(() => {});
    console.log('terminated');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url) });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await Promise.race([new Promise((resolve) => child.on('exit', resolve)), sleep(15000).then(() => 'timeout')]);
  if (code === 'timeout') child.kill('SIGKILL');
  assert.equal(code, 0, `the process did not exit by itself (${code})`);
  assert.match(out, /terminated/);
});
