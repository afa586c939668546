// The JS API as a careless caller uses it (issue 16): perft that stop() ends, games longer than
// 1,024 plies, argument holes, PGNs without a game, and a hash the memory cannot hold.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const PromptMs = 2000; // a stopped perft must settle well within this (perft 12 takes hours)

// `plies` moves of both horses going out and back: no capture, no check.
const shuffleHorses = (plies) => Array.from({ length: plies }, (_, i) => ['h0g2', 'h9g7', 'g2h0', 'g7h9'][i % 4]);

async function withEngine(options, body) {
  const engine = await createEngine(options);
  try {
    await body(engine);
  } finally {
    engine.terminate();
  }
}

describe('perft is stoppable (item 4)', () => {
  for (const stopMode of ['shared', 'terminate']) {
    test(`stop() ends a running perft and the queued calls run (${stopMode})`, () =>
      withEngine({ stopMode }, async (engine) => {
        await engine.setPosition('startpos', ['h2e2']);
        const before = await engine._state();
        const perft = engine.perft(12);
        const queuedPerft = engine.perft(12);
        const fen = engine.fen();
        const moves = engine.legalMoves();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const t0 = performance.now();
        await engine.stop();
        const ms = performance.now() - t0;
        await assert.rejects(perft, /perft: stopped/);
        await assert.rejects(queuedPerft, /perft: stopped/);
        assert.ok(ms < PromptMs, `stopped in ${ms.toFixed(0)} ms`);
        assert.equal(await fen, before.fen);
        const after = await engine._state();
        if (stopMode === 'shared') assert.equal(after.instance, before.instance, 'the worker is kept');
        assert.equal(await engine.perft(1), (await moves).length, 'the next perft counts in full');
        assert.ok((await engine.go({ depth: 3 })).bestmove, 'searches run after it');
      }));
  }
});

describe("the engine's own output loads back (item 5)", () => {
  test('a FEN after 1,000 plies without a capture, and PGNs of 1,024 plies and more', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', shuffleHorses(1000));
      const fen = await engine.fen();
      assert.match(fen, / 1000 501$/);
      await engine.setPosition(fen);
      assert.equal(await engine.fen(), fen);
      for (const plies of [1024, 1025, 20000]) {
        await engine.setPosition('startpos', shuffleHorses(plies));
        const pgn = await engine.pgn();
        await engine.setPosition('startpos');
        const game = await engine.loadPgn(pgn);
        assert.equal(game.moves.length, plies);
      }
    }));
});

describe('argument checks (item 6)', () => {
  test('holes in the moves array are a TypeError from the client; the worker is kept', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', ['h2e2']);
      const before = await engine._state();
      // eslint-disable-next-line no-sparse-arrays
      for (const moves of [[, 'h9g7'], ['h2e2', , 'h9g7'], new Array(3)])
        await assert.rejects(engine.setPosition('startpos', moves), TypeError);
      const after = await engine._state();
      assert.equal(after.instance, before.instance, 'no worker restart');
      assert.deepEqual((await engine.game()).moves, ['h2e2']);
    }));

  test('a PGN with neither moves nor a start position is refused and the game kept', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', ['h2e2', 'h9g7']);
      for (const text of ['', '[Event "x"]', '1-0', '  \n', '[Event "x"]\n\n*'])
        await assert.rejects(engine.loadPgn(text), /no moves and no FEN tag/, JSON.stringify(text));
      assert.deepEqual((await engine.game()).moves, ['h2e2', 'h9g7']);
      const fenOnly = await engine.loadPgn('[FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n*');
      assert.equal(fenOnly.startFen, '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
      assert.deepEqual(fenOnly.line, [0]);
      assert.deepEqual(fenOnly.moves, []);
    }));
});

describe('a hash the memory cannot hold (item 9)', () => {
  test('is a clear error and the previous table stays', () =>
    withEngine({}, async (engine) => {
      // 1024 MB in use (allocated by a search), then 1020 MB more: beyond the module's 2 GB.
      await engine.setOption('hashMB', 1024);
      await engine.go({ depth: 1 });
      await assert.rejects(engine.setOption('hashMB', 1020), /not enough memory for a 1020 MB hash table; keeping 1024 MB/);
      assert.equal((await engine._state()).hashMB, 1024);
      assert.ok((await engine.go({ depth: 4 })).bestmove, 'the engine still searches');
      await engine.setOption('hashMB', 16);
      assert.equal((await engine._state()).hashMB, 16);
    }));
});
