// The JS API a position editor, a draw offer and a game library need: checkPosition (every problem
// of a FEN, the game untouched), offerDraw (the engine's judgement, the game untouched) and
// readGames (every game of a file).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

describe('editor, draw offer and library calls', () => {
  let engine;
  before(async () => (engine = await createEngine({ hashMB: 4 })));
  after(() => engine?.terminate());

  test('checkPosition lists every problem with its points', async () => {
    const v = await engine.checkPosition('9/9/9/9/2B6/9/9/9/R8/RR2AK3 w');
    assert.deepEqual(v.problems, [
      { code: 'unreachable', message: 'Red advisor on e0: advisors can never stand there', side: 'w', piece: 'A', squares: ['e0'] },
      { code: 'unreachable', message: 'Red elephant on c5: elephants can never stand there', side: 'w', piece: 'B', squares: ['c5'] },
      { code: 'too_many', message: 'Red has 3 rooks, at most 2 are possible', side: 'w', piece: 'R', count: 3, max: 2, squares: ['a0', 'b0', 'a1'] },
      { code: 'no_general', message: 'Black has no general', side: 'b', piece: 'k', squares: [] },
    ]);
    // The message of the first problem is the one setPosition() rejects the FEN with.
    await assert.rejects(engine.setPosition('9/9/9/9/2B6/9/9/9/R8/RR2AK3 w'), /Red advisor on e0/);
    const legal = await engine.checkPosition('3k5/9/9/9/9/9/9/9/9/3R1K3 b');
    assert.deepEqual(legal, { problems: [], check: true, result: { over: false }, legalMoves: legal.legalMoves });
    assert.ok(legal.legalMoves > 0);
    await assert.rejects(engine.checkPosition(42), TypeError);
    assert.equal(await engine.fen(), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  });

  test('offerDraw: accepted in a dead-drawn ending, refused in a won one', async () => {
    await engine.setPosition('3k5/4a4/9/9/9/6N2/9/9/2c6/4K1B2 w');
    const drawn = await engine.offerDraw();
    assert.equal(drawn.accepted, true);
    assert.equal(drawn.reason, 'drawn_ending');
    assert.ok('cp' in drawn.score);
    await engine.setPosition('2ba1k3/9/9/9/9/9/9/9/9/3AKA3 w');
    assert.deepEqual(await engine.offerDraw({ side: 'b' }), { accepted: true, reason: 'insufficient_material' });
    await engine.setPosition('4k4/9/9/9/9/9/9/9/4N4/R3K4 w');
    const won = await engine.offerDraw({ side: 'w' });
    assert.equal(won.accepted, false);
    assert.match(won.reason, /^(winning|better)$/);
    const lost = await engine.offerDraw({ side: 'b' });
    assert.equal(lost.accepted, true);
    // The game is as it was: the offer changes nothing.
    const game = await engine.game();
    assert.equal(game.nodes.length, 1);
    assert.deepEqual(game.declared, { over: false });
    await assert.rejects(engine.offerDraw({ side: 'red' }), TypeError);
  });

  test('readGames reads every game of a file, the game untouched', async () => {
    await engine.setPosition('startpos', ['h2e2']);
    const file = '[Red "A"]\n[Result "1-0"]\n\n1. h2e2 h9g7 1-0\n\n[Red "B"]\n\n1. c3c4 *\n\n[Red "C"]\n\n1. h2e2 h2e2 *\n';
    const games = await engine.readGames(file, { notation: 'iccs' });
    assert.equal(games.length, 3);
    assert.deepEqual([games[0].tags.Red, games[0].plies, games[0].result], ['A', 2, { over: true, result: '1-0' }]);
    assert.match(games[0].text, /\[Red "A"\][^]*1\. H2-E2 H9-G7 1-0/);
    assert.equal(games[1].tags.Red, 'B');
    assert.match(games[2].error, /h2e2/);
    assert.equal((await engine.readGames(new TextEncoder().encode(file), { max: 1 })).length, 1);
    assert.deepEqual((await engine.game()).moves, ['h2e2']);
    await assert.rejects(engine.readGames(file, { max: 0 }), RangeError);
  });
});
