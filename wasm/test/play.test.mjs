// The per-move API and the contract through the JS API (Node worker_threads): play() answers with
// the new position's record in one request, setPosition() and loadPgn() with the whole game, and
// the client validates from the contract the worker sends.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

describe('per-move API', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ hashMB: 4 });
  });
  after(() => engine.terminate());

  test('play() answers with the record of the position it leads to', async () => {
    await engine.setPosition('startpos');
    const record = await engine.play('h2e2');
    assert.deepEqual(
      { ...record, legalMoves: record.legalMoves.length },
      {
        id: 1,
        parent: 0,
        children: [],
        created: true,
        moved: 'C',
        move: 'h2e2',
        chinese: '炮二平五',
        wxf: 'C2=5',
        fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
        turn: 'b',
        moveNumber: 1,
        check: false,
        result: { over: false },
        ply: 1,
        legalMoves: 45, // the cannon on h7 may now go to h1 and h2 but no longer take on h0
      },
    );
    // Any notation the engine reads.
    assert.equal((await engine.play('马８进７')).move, 'h9g7');
    assert.equal((await engine.play('H2+3')).move, 'h0g2');
    assert.deepEqual((await engine.game()).moves, ['h2e2', 'h9g7', 'h0g2']);
    const game = await engine.game();
    assert.equal(await engine.fen(), game.nodes[game.cursor].fen);
  });

  test('an illegal move is refused and the game kept', async () => {
    await engine.setPosition('startpos', ['h2e2']);
    await assert.rejects(engine.play('h2e2'), /'h2e2' is not a legal move in position/);
    await assert.rejects(engine.play(42), TypeError);
    assert.deepEqual((await engine.game()).moves, ['h2e2']);
  });

  test('the verdict and check come with the move that makes them', async () => {
    await engine.setPosition('3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1');
    const mate = await engine.play('i1i9');
    assert.equal(mate.check, true);
    assert.deepEqual(mate.result, { over: true, result: '1-0', reason: 'checkmate' });
    assert.deepEqual(mate.legalMoves, []);
    assert.deepEqual(await engine.gameResult(), mate.result);
  });

  test('setPosition() and loadPgn() answer with every ply of a long game at once', async () => {
    const cycle = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    const moves = Array.from({ length: 2000 }, (_, i) => cycle[i % 4]);
    const game = await engine.setPosition('startpos', moves);
    assert.equal(game.startFen, StartFen);
    assert.equal(game.nodes[0].fen, StartFen);
    assert.equal(game.line.length, 2001);
    assert.equal(game.cursor, 2000);
    const last = game.nodes[game.line[2000]];
    assert.equal(last.move, 'g7h9');
    assert.equal(last.moveNumber, 1001);
    assert.equal(last.ply, 2000);
    // A repetition ends the game as soon as the position stands for the third time.
    assert.deepEqual(game.nodes[game.line[8]].result, { over: true, result: '1/2-1/2', reason: 'repetition' });
    const loaded = await engine.loadPgn(await engine.pgn());
    const names = (g) => g.line.slice(1).map((id) => g.nodes[id].chinese);
    assert.deepEqual(names(loaded), names(game));
  });

  test('a game built with play() survives a worker crash', async () => {
    await engine.setPosition('startpos');
    await engine.play('h2e2');
    await engine.play('h9g7');
    const crash = engine._crash('throw');
    const game = engine.game();
    await assert.rejects(crash, /the engine worker crashed/);
    assert.deepEqual((await game).moves, ['h2e2', 'h9g7']);
  });
});

describe('the contract', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ hashMB: 4 });
  });
  after(() => engine.terminate());

  test('the client exposes the contract the engine sent', () => {
    const c = engine.contract;
    assert.deepEqual(c.limits.depth, { min: 1, max: 119, endsSearch: true });
    assert.deepEqual(c.limits.winc, { min: 0, max: 2 ** 40, endsSearch: false });
    assert.deepEqual(c.options.hashMB, { min: 1, max: 1024, type: 'spin', default: 16 });
    assert.deepEqual(c.options.ownBook, { type: 'check', default: false });
    assert.deepEqual(c.perftDepth, { min: 0, max: 20 });
    assert.deepEqual(c.notations, ['iccs', 'wxf', 'chinese']);
    assert.ok(c.reasons.includes('perpetual_check'));
  });

  test('arguments are judged from it before they reach the worker', async () => {
    await assert.rejects(engine.go({ depth: 120 }), /go\(limits\): depth must be a whole number in 1\.\.119, got 120/);
    await assert.rejects(engine.go({ winc: 100 }), /give a limit that ends the search \(movetime, depth, nodes, wtime, btime\)/);
    await assert.rejects(engine.setOption('multiPV', 129), /setOption: multiPV must be a whole number in 1\.\.128/);
    await assert.rejects(engine.setOption('ownBook', 'yes'), TypeError);
    await assert.rejects(engine.perft(21), RangeError);
    await assert.rejects(createEngine({ hashMB: 5000 }), /createEngine\(options\): hashMB must be a whole number in 1\.\.1024, got 5000/);
  });

  test('a mate limit ends a search once it finds the mate', async () => {
    await engine.setPosition('3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1');
    const { bestmove } = await engine.go({ mate: 1, infinite: true });
    // Red mates in one, by check or by leaving Black no legal move (which loses too).
    const { result } = await engine.play(bestmove);
    assert.equal(result.result, '1-0');
    assert.ok(['checkmate', 'stalemate'].includes(result.reason), result.reason);
  });
});
