// Notation and game records through the JS API (Node worker_threads): move names, PGN out and
// in, the game as set, check, and the game surviving a worker restart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Black to move and checkmated by the doubled rooks.
const MatedFen = '3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1';
const startAndMoves = ({ startFen, moves }) => ({ startFen, moves });

describe('records API', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ hashMB: 4 });
  });
  after(() => engine.terminate());

  test('moveNames in the three styles, moveName of one legal move', async () => {
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    assert.deepEqual(await engine.moveNames('iccs'), ['h2e2', 'h9g7']);
    assert.deepEqual(await engine.moveNames('wxf'), ['C2=5', 'H8+7']);
    const chinese = await engine.moveNames();
    assert.equal(chinese.length, 2);
    assert.match(chinese[0], /^炮二平五$/);
    assert.match(chinese[1], /^[马馬]/);
    assert.match(await engine.moveName('b0c2'), /^[马傌]/);
    assert.equal(await engine.moveName('b0c2', 'iccs'), 'b0c2');
    await assert.rejects(engine.moveName('a0a5'), /'a0a5' is not a legal move here/);
    await assert.rejects(engine.moveNames('sans'), TypeError);
  });

  test('game() reports the start FEN and moves', async () => {
    await engine.setPosition('startpos', ['h2e2']);
    assert.deepEqual(startAndMoves(await engine.game()), { startFen: StartFen, moves: ['h2e2'] });
  });

  test('pgn() writes xqbase-style headers and moves; loadPgn() reads them back', async () => {
    await engine.setPosition('startpos', ['h2e2', 'h9g7', 'h0g2']);
    const pgn = await engine.pgn({ Red: 'Player', Black: 'Chuhan' });
    assert.match(pgn, /\[Game "Chinese Chess"\]/);
    assert.match(pgn, /\[Format "ICCS"\]/);
    assert.match(pgn, /\[Red "Player"\]/);
    assert.match(pgn, /H2-E2/i);
    await engine.setPosition('startpos');
    assert.deepEqual(startAndMoves(await engine.loadPgn(pgn)), { startFen: StartFen, moves: ['h2e2', 'h9g7', 'h0g2'] });
    assert.equal((await engine.fen()).split(' ')[1], 'b');
    await assert.rejects(engine.pgn({ Red: 'a"b' }), TypeError);
  });

  test('loadPgn() rejects a bad record and keeps the game', async () => {
    await engine.setPosition('startpos', ['h2e2']);
    await assert.rejects(engine.loadPgn('[Game "Chinese Chess"]\n1. a0a9 *\n'), /pgn: line 2: 'a0a9' is not a legal move for Red/);
    assert.deepEqual(startAndMoves(await engine.game()), { startFen: StartFen, moves: ['h2e2'] });
  });

  test('inCheck()', async () => {
    await engine.setPosition(MatedFen);
    assert.equal(await engine.inCheck(), true);
    await engine.setPosition('startpos');
    assert.equal(await engine.inCheck(), false);
  });

  test('a game loaded from PGN survives a worker crash', async () => {
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    const pgn = await engine.pgn();
    await engine.setPosition('startpos');
    await engine.loadPgn(pgn);
    const crash = engine._crash('throw');
    const game = engine.game(); // queued behind the crash, runs on the new worker
    await assert.rejects(crash, /the engine worker crashed .*it was restarted/);
    assert.deepEqual(startAndMoves(await game), { startFen: StartFen, moves: ['h2e2', 'h9g7'] });
  });
});
