// The JS API under Node (worker_threads), imported through the package's own name so that the
// `exports` map is what is tested. Needs the wasm build (scripts/dev/build-wasm.sh).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Black to move, checkmated by the doubled rooks (the generals face each other on file e).
const MatedFen = '3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1';

describe('engine API', () => {
  let engine;
  before(async () => {
    engine = await createEngine();
  });
  after(() => engine.terminate());

  test('starts in the start position', async () => {
    assert.equal(await engine.fen(), StartFen);
    const moves = await engine.legalMoves();
    assert.equal(moves.length, 44);
    assert.ok(moves.includes('h2e2'));
  });

  test('setPosition with moves, fen(), legalMoves()', async () => {
    const game = await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    assert.deepEqual(game.moves, ['h2e2', 'h9g7']);
    assert.deepEqual(game.line, [0, 1, 2]);
    assert.equal(await engine.fen(), 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
    await engine.setPosition(StartFen);
    assert.equal(await engine.fen(), StartFen);
  });

  test('perft(4) from the start position is 3,290,240', async () => {
    await engine.setPosition('startpos');
    assert.equal(await engine.perft(4), 3290240);
    assert.equal(await engine.perft(0), 1);
  });

  test('go() resolves with a legal move and streams info', async () => {
    await engine.setPosition('startpos', ['h2e2']);
    const legal = await engine.legalMoves();
    const infos = [];
    const result = await engine.go({ depth: 6 }, (info) => infos.push(info));
    assert.ok(legal.includes(result.bestmove), `${result.bestmove} is legal`);
    assert.equal(typeof result.ponder, 'string');
    assert.ok(infos.length >= 6);
    const last = infos.at(-1);
    assert.equal(last.depth, 6);
    assert.equal(last.pv[0], result.bestmove);
    for (const key of ['depth', 'nodes', 'nps', 'time']) assert.equal(typeof last[key], 'number', key);
    assert.ok(typeof last.score.cp === 'number' || typeof last.score.mate === 'number');
    assert.ok(Array.isArray(last.pv));
  });

  test('go() with movetime, nodes and a clock', async () => {
    await engine.setPosition('startpos');
    for (const limits of [{ movetime: 50 }, { nodes: 5000 }, { wtime: 1000, btime: 1000, winc: 10, binc: 10, movestogo: 20 }]) {
      const { bestmove } = await engine.go(limits);
      assert.match(bestmove, /^[a-i][0-9][a-i][0-9]$/, JSON.stringify(limits));
    }
  });

  test('gameResult() and a mated side', async () => {
    await engine.setPosition('startpos');
    assert.deepEqual(await engine.gameResult(), { over: false });
    await engine.setPosition(MatedFen);
    assert.deepEqual(await engine.gameResult(), { over: true, result: '1-0', reason: 'checkmate' });
    assert.deepEqual(await engine.legalMoves(), []);
    assert.deepEqual(await engine.go({ depth: 4 }), { bestmove: null });
    const rep = ['h0g2', 'h9g7', 'g2h0', 'g7h9', 'h0g2', 'h9g7', 'g2h0', 'g7h9'];
    await engine.setPosition('startpos', rep);
    assert.deepEqual(await engine.gameResult(), { over: true, result: '1/2-1/2', reason: 'repetition' });
  });

  test('newGame() and setOption() keep the position', async () => {
    await engine.setPosition('startpos', ['b2e2']);
    const fen = await engine.fen();
    await engine.newGame();
    await engine.setOption('hashMB', 4);
    await engine.setOption('multiPV', 2);
    const infos = [];
    await engine.go({ depth: 3 }, (info) => infos.push(info));
    assert.ok(infos.some((i) => i.multipv === 2));
    await engine.setOption('multiPV', 1);
    assert.equal(await engine.fen(), fen);
    assert.equal((await engine._state()).hashMB, 4);
    await assert.rejects(engine.setOption('hashMB', 0), RangeError);
    await assert.rejects(engine.setOption('threads', 0), RangeError);
    await assert.rejects(engine.setOption('Threads', 2), TypeError);
    await engine.setOption('hashMB', 16);
  });

  test("setOption('ownBook') answers book positions at once and survives a worker restart", async () => {
    await engine.setPosition('startpos');
    await engine.setOption('ownBook', true);
    const infos = [];
    const best = await engine.go({ movetime: 5000 }, (info) => infos.push(info));
    assert.equal(best.book, true);
    assert.ok((await engine.legalMoves()).includes(best.bestmove));
    assert.deepEqual(infos, []);
    // Out of book, and for infinite searches, the engine searches as usual.
    await engine.setPosition('3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1');
    assert.equal((await engine.go({ depth: 3 })).book, undefined);
    await engine.setPosition('startpos');
    const infinite = engine.go({ infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await engine.stop();
    assert.equal((await infinite).book, undefined);
    const before = (await engine._state()).instance;
    await assert.rejects(engine._crash('throw'), /crashed/);
    assert.notEqual((await engine._state()).instance, before);
    assert.equal((await engine.go({ depth: 2 })).book, true, 'the option is restored in a new worker');
    await assert.rejects(engine.setOption('ownBook', 1), /true or false/);
    await engine.setOption('ownBook', false);
    assert.equal((await engine.go({ depth: 2 })).book, undefined);
  });

  test("setOption('useNNUE') switches between the built-in network and the hand-written evaluation and survives a worker restart", async () => {
    assert.deepEqual(engine.contract.options.useNNUE, { type: 'check', default: true });
    const nodes = async () => {
      await engine.setPosition('startpos', ['h2e2', 'h9g7']);
      await engine.newGame();
      let last = 0;
      await engine.go({ depth: 8 }, (info) => (last = info.nodes));
      return last;
    };
    const network = await nodes();
    await engine.setOption('useNNUE', false);
    const handWritten = await nodes();
    assert.notEqual(network, handWritten, 'the network evaluates differently');
    assert.equal(await nodes(), handWritten, 'and deterministically');
    const before = (await engine._state()).instance;
    await assert.rejects(engine._crash('throw'), /crashed/);
    assert.notEqual((await engine._state()).instance, before);
    assert.equal(await nodes(), handWritten, 'the option is restored in a new worker');
    await assert.rejects(engine.setOption('useNNUE', 'yes'), /true or false/);
    await engine.setOption('useNNUE', true);
    assert.equal(await nodes(), network);
  });

  test("setOption('skillLevel') plays weaker within its time budget and survives a worker restart", async () => {
    assert.deepEqual(engine.contract.options.skillLevel, { min: 0, max: 20, type: 'spin', default: 20 });
    await assert.rejects(engine.setOption('skillLevel', 21), /skillLevel must be a whole number in 0\.\.20/);
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    await engine.setOption('skillLevel', 0);
    // Level 0 searches one ply, whatever the time allowed, and reports one line (multiPV 1).
    const infos = [];
    const start = Date.now();
    const weak = await engine.go({ movetime: 3000 }, (info) => infos.push(info));
    assert.ok(Date.now() - start < 2000, 'a depth-capped level answers at once');
    assert.ok((await engine.legalMoves()).includes(weak.bestmove));
    assert.ok(infos.length > 0 && infos.every((i) => i.depth === 1 && i.multipv === 1), JSON.stringify(infos));
    await assert.rejects(engine._crash('throw'), /crashed/);
    const again = [];
    await engine.go({ movetime: 3000 }, (info) => again.push(info));
    assert.ok(again.every((i) => i.depth === 1), 'the level is restored in a new worker');
    // A fixed move time at a level that searches deeper is used in part, never exceeded.
    await engine.setOption('skillLevel', 19);
    const t0 = Date.now();
    await engine.go({ movetime: 400 });
    assert.ok(Date.now() - t0 < 400 + 300, `took ${Date.now() - t0} ms`);
    // A seed makes the weak level's choice repeatable.
    await engine.setOption('skillLevel', 3);
    await engine.setPosition('startpos', ['h2e2', 'h9g7', 'h0g2']);
    const choices = [];
    for (const seed of [7, 7, 8, 9, 10, 11]) {
      await engine.newGame();
      await engine.seedRandom(seed);
      choices.push((await engine.go({ depth: 30, movetime: 2000 })).bestmove);
    }
    assert.equal(choices[0], choices[1], 'the same seed, the same move');
    await assert.rejects(engine.seedRandom(-1), RangeError);
    await engine.setOption('skillLevel', 20);
    const full = [];
    await engine.go({ depth: 4 }, (info) => full.push(info));
    assert.equal(full.at(-1).depth, 4);
  });

  test('requests are queued and answered in order', async () => {
    const results = await Promise.all([
      engine.setPosition('startpos'),
      engine.fen(),
      engine.setPosition('startpos', ['h2e2']),
      engine.legalMoves(),
      engine.fen(),
    ]);
    assert.equal(results[1], StartFen);
    assert.ok(results[3].length > 0 && results[3].every((m) => /^[a-i][0-9][a-i][0-9]$/.test(m)));
    assert.equal(results[4], 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
  });

  test('a second go() while one is pending rejects', async () => {
    await engine.setPosition('startpos');
    const first = engine.go({ depth: 5 });
    await assert.rejects(engine.go({ depth: 1 }), /a search is already running/);
    const { bestmove } = await first;
    assert.ok(bestmove);
    // Afterwards a new search is accepted.
    assert.ok((await engine.go({ depth: 1 })).bestmove);
  });

  test('calls queued behind a search run after it', async () => {
    await engine.setPosition('startpos');
    const search = engine.go({ depth: 4 });
    const fen = engine.fen();
    assert.ok((await search).bestmove);
    assert.equal(await fen, StartFen);
  });
});

describe('bad inputs reject with an Error and never hang the worker', () => {
  let engine;
  before(async () => {
    engine = await createEngine();
  });
  after(() => engine.terminate());

  test('bad FEN', async () => {
    for (const fen of ['', 'nonsense', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1', '9/9/9/9/9/9/9/9/9/9 w - - 0 1']) {
      await assert.rejects(engine.setPosition(fen), (e) => e instanceof Error && /setPosition: invalid FEN/.test(e.message), JSON.stringify(fen));
    }
    await assert.rejects(engine.setPosition(42), TypeError);
    await assert.rejects(engine.setPosition(null), TypeError);
    assert.equal(await engine.fen(), StartFen, 'the previous game stays');
  });

  test('illegal and malformed moves', async () => {
    await assert.rejects(engine.setPosition('startpos', ['h2e2', 'h2e2']), /illegal move 'h2e2' at ply 2/);
    await assert.rejects(engine.setPosition('startpos', ['a0a9']), /illegal move/);
    await assert.rejects(engine.setPosition('startpos', ['zz']), /malformed move 'zz'/);
    await assert.rejects(engine.setPosition('startpos', 'h2e2'), TypeError);
    await assert.rejects(engine.setPosition('startpos', [42]), TypeError);
    assert.equal(await engine.fen(), StartFen);
  });

  test('nonsense limits', async () => {
    const bad = [
      undefined,
      null,
      42,
      'depth 5',
      [],
      {},
      { depth: -1 },
      { depth: 0 },
      { depth: 1.5 },
      { depth: NaN },
      { depth: Infinity },
      { depth: 1e9 },
      { movetime: -100 },
      { movetime: 1e300 },
      { movetime: '100' },
      { nodes: 2 ** 60 },
      { wtime: -5 },
      { movestogo: 0, depth: 3 },
      { infinite: 'yes' },
      { depth: 3, foo: 1 },
      { ponder: true, depth: 3 },
      { winc: 100 },
    ];
    for (const limits of bad) {
      await assert.rejects(engine.go(limits), (e) => e instanceof Error && /^go/.test(e.message), JSON.stringify(limits) ?? String(limits));
    }
    await assert.rejects(engine.go({ depth: 2 }, 'not a function'), TypeError);
    await assert.rejects(engine.perft(-1), RangeError);
    await assert.rejects(engine.perft(2.5), RangeError);
    await assert.rejects(engine.perft(21), RangeError);
    // The worker still answers.
    assert.ok((await engine.go({ depth: 2 })).bestmove);
  });

  test('the worker and the binding reject what the JS checks would have caught', async () => {
    // Bypass the JS checks: the binding must answer with an error, not trap or hang.
    const cases = [
      [{ cmd: 'go', limits: { depth: -1 } }, /limits.depth must be a whole number/],
      [{ cmd: 'go', limits: { depth: 1e300 } }, /limits.depth/],
      [{ cmd: 'go', limits: { movetime: NaN } }, /limits.movetime/],
      [{ cmd: 'go', limits: { nodes: '5' } }, /limits.nodes/],
      [{ cmd: 'go', limits: { depth: 2, foo: 1 } }, /unknown limit 'foo'/],
      [{ cmd: 'go', limits: { infinite: 1 } }, /limits.infinite/],
      [{ cmd: 'go', limits: null }, /limits must be an object/],
      [{ cmd: 'perft', depth: 99 }, /perft depth/],
      [{ cmd: 'setOption', name: 'hashMB', value: NaN }, /hashMB must be a whole number in 1\.\.1024/],
      [{ cmd: 'setOption', name: 'ownBook', value: 1 }, /ownBook must be true or false/],
      [{ cmd: 'setOption', name: 'Hash', value: 16 }, /unknown option 'Hash'/],
      [{ cmd: 'position', fen: 'x', moves: [] }, /invalid FEN/],
      [{ cmd: 'bogus' }, /unknown command 'bogus'/],
    ];
    for (const [msg, pattern] of cases) await assert.rejects(engine._raw(msg), pattern, JSON.stringify(msg));
    const state = await engine._state();
    assert.equal(state.fen, StartFen);
    assert.equal(state.hashMB, 16);
  });

  test('bad createEngine options', async () => {
    await assert.rejects(createEngine({ hashMB: 0 }), RangeError);
    await assert.rejects(createEngine({ hashMB: 5000 }), RangeError);
    await assert.rejects(createEngine({ colour: 'red' }), TypeError);
    await assert.rejects(createEngine({ stopMode: 'sometimes' }), TypeError);
    await assert.rejects(createEngine({ wasmUrl: new URL('./api.test.mjs', import.meta.url) }), /not a WebAssembly file/);
    await assert.rejects(createEngine({ wasmUrl: '/nonexistent/chuhan.wasm' }), /could not read/);
  });

  test('a terminated engine rejects every call', async () => {
    const e = await createEngine();
    const pending = e.go({ infinite: true });
    e.terminate();
    await assert.rejects(pending, /terminated/);
    await assert.rejects(e.fen(), /terminated/);
  });
});
