// stop() in both modes (shared flag; terminate and restart), and crash recovery. Latency bounds
// are generous: they tell "prompt" from "waited for the search to end", not fast from slow.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PromptMs = 1000; // an infinite search stopped must answer well within this
const Moves = ['h2e2', 'h9g7'];

// Starts an infinite search and waits until it has reported at least `depth`.
async function startInfinite(engine, depth = 3) {
  const infos = [];
  let reached;
  const reachedDepth = new Promise((resolve) => (reached = resolve));
  const search = engine.go({ infinite: true }, (info) => {
    infos.push(info);
    if (info.depth >= depth) reached();
  });
  await reachedDepth;
  await sleep(100);
  return { search, infos };
}

async function timedStop(engine, search) {
  const t0 = performance.now();
  await engine.stop();
  const result = await search;
  return { result, ms: performance.now() - t0 };
}

describe('stop with the shared flag (SharedArrayBuffer)', () => {
  test('an infinite search stops promptly and the worker is kept', async () => {
    const engine = await createEngine({ stopMode: 'shared' });
    try {
      assert.equal(engine._sharedStop, true);
      await engine.setPosition('startpos', Moves);
      const before = await engine._state();
      const legal = await engine.legalMoves();
      const { search } = await startInfinite(engine);
      const { result, ms } = await timedStop(engine, search);
      assert.ok(legal.includes(result.bestmove), `${result.bestmove} is legal`);
      assert.ok(ms < PromptMs, `stopped in ${ms.toFixed(1)} ms`);
      const after = await engine._state();
      assert.equal(after.instance, before.instance, 'same worker');
      // The flag is reset: the next search runs to its limit.
      const infos = [];
      await engine.go({ depth: 5 }, (info) => infos.push(info));
      assert.equal(infos.at(-1).depth, 5);
    } finally {
      engine.terminate();
    }
  });

  test('a long movetime search stops too; stop() without a search resolves', async () => {
    const engine = await createEngine();
    try {
      assert.equal(engine._sharedStop, true, 'Node shares memory by default');
      await engine.stop();
      const search = engine.go({ movetime: 60000 });
      await sleep(200);
      const { result, ms } = await timedStop(engine, search);
      assert.ok(result.bestmove);
      assert.ok(ms < PromptMs, `stopped in ${ms.toFixed(1)} ms`);
    } finally {
      engine.terminate();
    }
  });

  test('stop() before a queued search starts: it answers at once', async () => {
    const engine = await createEngine();
    try {
      const perft = engine.perft(3);
      const search = engine.go({ infinite: true });
      const stopped = engine.stop();
      assert.equal(await perft, 79666);
      const { bestmove } = await search;
      assert.ok((await engine.legalMoves()).includes(bestmove));
      await stopped;
    } finally {
      engine.terminate();
    }
  });
});

describe('stop by terminating the worker (no SharedArrayBuffer)', () => {
  test('answers with the last reported best move and restores the worker', async () => {
    const engine = await createEngine({ stopMode: 'terminate', hashMB: 8 });
    try {
      assert.equal(engine._sharedStop, false);
      await engine.setPosition('startpos', Moves);
      await engine.setOption('multiPV', 1);
      const before = await engine._state();
      const { search, infos } = await startInfinite(engine);
      const { result, ms } = await timedStop(engine, search);
      assert.ok(ms < PromptMs, `stopped in ${ms.toFixed(1)} ms`);
      const last = infos.filter((i) => i.bound !== 'upperbound').at(-1);
      assert.equal(result.bestmove, last.pv[0]);
      if (last.pv.length > 1) assert.equal(result.ponder, last.pv[1]);
      const after = await engine._state();
      assert.notEqual(after.instance, before.instance, 'a new worker');
      assert.equal(after.fen, before.fen, 'same position');
      assert.equal(after.hashMB, 8, 'same hash size');
      assert.equal(after.sharedStop, false);
      assert.ok((await engine.go({ depth: 3 })).bestmove);
    } finally {
      engine.terminate();
    }
  });

  test('stopped before any report: the first legal move', async () => {
    const engine = await createEngine({ stopMode: 'terminate' });
    try {
      await engine.setPosition('startpos', Moves);
      const legal = await engine.legalMoves();
      const search = engine.go({ infinite: true });
      await sleep(0);
      const { bestmove } = (await timedStop(engine, search)).result;
      assert.ok(legal.includes(bestmove));
      assert.equal(await engine.fen(), 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
    } finally {
      engine.terminate();
    }
  });

  test('requests queued during the search run on the new worker', async () => {
    const engine = await createEngine({ stopMode: 'terminate' });
    try {
      const { search } = await startInfinite(engine, 2);
      const fen = engine.fen();
      const moves = engine.legalMoves();
      await engine.stop();
      assert.ok((await search).bestmove);
      assert.equal((await fen).split(' ')[1], 'w');
      assert.equal((await moves).length, 44);
    } finally {
      engine.terminate();
    }
  });
});

describe('a crashed worker is restarted', () => {
  for (const how of ['throw', 'exit', 'binding']) {
    test(`crash by ${how}: the pending call rejects, the engine goes on`, async () => {
      const engine = await createEngine({ hashMB: 4 });
      try {
        await engine.setPosition('startpos', Moves);
        const before = await engine._state();
        const crash = engine._crash(how);
        const next = engine.fen(); // queued behind the crash
        await assert.rejects(crash, how === 'binding' ? /engine worker error/ : /the engine worker crashed/);
        assert.equal(await next, before.fen);
        const after = await engine._state();
        assert.notEqual(after.instance, before.instance);
        assert.equal(after.hashMB, 4);
        assert.ok((await engine.go({ depth: 2 })).bestmove);
      } finally {
        engine.terminate();
      }
    });
  }

  test('a worker that cannot start makes createEngine reject', async () => {
    const workerUrl = new URL('./fixtures/broken-worker.mjs', import.meta.url);
    await assert.rejects(createEngine({ workerUrl }), /could not start: broken worker fixture/);
  });
});
