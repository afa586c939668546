// The position editor's state (www/js/editor.js) and the engine's judgement of what it sets up
// (Engine.checkPosition, in WebAssembly under Node).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from '../../wasm/index.node.js';
import * as E from '../js/editor.js';
import { StartFen } from '../js/fen.js';
import { FeatureText } from '../js/i18n-features.js';

const t = (key, params = {}) => (FeatureText.en[key] ?? key).replace(/\{(\w+)\}/g, (_, n) => String(params[n] ?? ''));

describe('editor state', () => {
  test('reads and writes a FEN', () => {
    const s = E.editorFrom(StartFen);
    assert.equal(E.editorFen(s), StartFen);
    assert.equal(E.editorFrom('3k5/9/9/9/9/9/9/9/9/4K4 b').turn, 'b');
    assert.equal(E.editorFen(E.editorFrom('3k5/9/9/9/9/9/9/9/9/4K4 b')), '3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1');
    // Not a placement: the start position.
    assert.equal(E.editorFen(E.editorFrom('nonsense')), StartFen);
  });

  test('places, removes, drags on and off the board', () => {
    let s = E.clear(E.editorFrom());
    assert.equal(E.editorFen(s), '9/9/9/9/9/9/9/9/9/9 w - - 0 1');
    s = E.place(s, 'e0', 'K');
    s = E.place(s, 'd9', 'k');
    s = E.place(s, 'a0', 'R');
    assert.equal(E.editorFen(s), '3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1');
    s = E.drag(s, 'a0', 'a9'); // a move on the board
    assert.equal(s.board.get('a9'), 'R');
    assert.equal(s.board.has('a0'), false);
    s = E.drag(s, 'a9', 'd9'); // onto a piece: it takes the place
    assert.equal(s.board.get('d9'), 'R');
    s = E.drag(s, 'd9', null); // off the board
    assert.equal(E.editorFen(s), '9/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    assert.deepEqual(E.counts(s), { K: 1 });
    // Bad input changes nothing.
    assert.equal(E.place(s, 'z9', 'K'), s);
    assert.equal(E.place(s, 'a1', 'X'), s);
    assert.equal(E.drag(s, 'a1', 'a2'), s);
  });

  test('click-to-place with the tray, and the eraser', () => {
    let s = E.pick(E.clear(E.editorFrom()), 'C');
    assert.equal(s.picked, 'C');
    s = E.clickWithPick(s, 'b2');
    assert.equal(s.board.get('b2'), 'C');
    s = E.clickWithPick(s, 'b2'); // the same piece again: off
    assert.equal(s.board.has('b2'), false);
    s = E.clickWithPick(E.pick(s, 'c'), 'h7');
    s = E.clickWithPick(E.pick(s, E.Erase), 'h7');
    assert.equal(s.board.size, 0);
    assert.equal(E.pick(E.pick(s, 'R'), 'R').picked, null); // a second pick puts it back
    const none = E.pick(s, null);
    assert.equal(E.clickWithPick(none, 'a0'), none);
  });

  test('start position, side to move, flip', () => {
    let s = E.setTurn(E.clear(E.editorFrom()), 'b');
    s = E.flip(s);
    assert.equal(s.turn, 'b');
    assert.equal(s.flipped, true);
    s = E.startPosition(s);
    assert.equal(E.editorFen(s), StartFen);
    assert.equal(s.flipped, true);
    assert.equal(E.setTurn(s, 'x'), s);
    assert.equal(E.squares(s).length, 90);
    assert.equal(E.squares(s)[0].piece, 'r');
  });
});

describe('the engine judges the editor position', () => {
  let engine;
  before(async () => (engine = await createEngine({ hashMB: 4 })));
  after(() => engine?.terminate());

  test('a legal position, ready to play', async () => {
    const v = await E.judge(engine, E.editorFrom(StartFen));
    assert.equal(v.ok, true);
    assert.equal(v.legalMoves, 44);
    assert.deepEqual(E.statusOf(v), { key: 'editorReady', params: { n: 44 } });
  });

  test('every problem with its points, in words', async () => {
    // A red elephant across the river, an advisor off its points, three rooks, no black general.
    const s = E.editorFrom('9/9/9/9/2B6/9/9/9/R8/RR2AK3 w');
    const v = await E.judge(engine, s);
    assert.equal(v.ok, false);
    assert.deepEqual(v.problems.map((p) => p.code), ['unreachable', 'unreachable', 'too_many', 'no_general']);
    assert.deepEqual(v.marked, ['e0', 'c5', 'a0', 'b0', 'a1']);
    assert.deepEqual(v.problems.map((p) => E.problemText(p, t)), [
      'Red advisor on e0: it can never stand there',
      'Red elephant on c5: it can never stand there',
      'Red has 3 rooks, at most 2',
      'Black has no general',
    ]);
    assert.deepEqual(E.statusOf(v), { key: 'editorInvalid', params: { n: 4 } });
  });

  test('generals facing, and the side not to move in check', async () => {
    let v = await E.judge(engine, E.editorFrom('4k4/9/9/9/9/9/9/9/9/4K4 w'));
    assert.deepEqual(v.problems.map((p) => p.code), ['generals_facing']);
    assert.equal(E.problemText(v.problems[0], t), 'The two generals face each other on an open file');
    v = await E.judge(engine, E.editorFrom('3k5/9/9/9/9/9/9/9/9/3R1K3 w'));
    assert.deepEqual(v.problems.map((p) => [p.code, p.side, p.squares]), [['not_to_move_in_check', 'b', ['d9']]]);
    assert.equal(E.problemText(v.problems[0], t), 'Black is in check but it is not its turn');
    // With Black to move it is legal: Black is in check.
    v = await E.judge(engine, E.setTurn(E.editorFrom('3k5/9/9/9/9/9/9/9/9/3R1K3 w'), 'b'));
    assert.equal(v.ok, true);
    assert.equal(v.check, true);
    assert.deepEqual(E.statusOf(v), { key: 'editorInCheck', params: {} });
  });

  test('a position already decided, and a FEN typed wrong', async () => {
    const v = await E.judge(engine, E.editorFrom('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b'));
    assert.equal(v.ok, true);
    assert.deepEqual(E.statusOf(v), { key: 'editorOver', params: { reason: 'checkmate' } });
    const bad = await engine.checkPosition('rnbakabnr/9 w');
    assert.deepEqual(bad.problems.map((p) => p.code), ['syntax']);
    assert.match(E.problemText(bad.problems[0], t), /^Not a FEN: the board has 2 ranks/);
    // The engine's game is untouched by a check.
    assert.equal(await engine.fen(), StartFen);
  });
});

describe('premoves', async () => {
  const { canPremove, resolvePremove } = await import('../js/premove.js');
  const { parsePlacement } = await import('../js/fen.js');
  const board = parsePlacement(StartFen);
  test('any own piece to a point without an own piece', () => {
    assert.equal(canPremove(board, 'w', 'h2', 'e2'), true);
    assert.equal(canPremove(board, 'w', 'h2', 'h9'), true); // a capture, maybe
    assert.equal(canPremove(board, 'w', 'h2', 'h0'), false); // own piece there
    assert.equal(canPremove(board, 'w', 'h7', 'e7'), false); // not ours
    assert.equal(canPremove(board, 'w', 'e5', 'e6'), false); // empty
  });
  test('played when legal after the reply, dropped otherwise', () => {
    assert.deepEqual(resolvePremove('h2e2', ['h2e2', 'b2e2']), { play: 'h2e2', dropped: false });
    assert.deepEqual(resolvePremove('h2h9', ['h2e2']), { play: null, dropped: true });
    assert.deepEqual(resolvePremove(null, ['h2e2']), { play: null, dropped: false });
  });
});
