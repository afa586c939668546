// Which moves of a lost game collect-blunders.mjs sends to verification (scripts/regression/suspects.mjs).
//
//   node --test scripts/tests/blunder-suspects.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { blunderSuspects } from '../regression/suspects.mjs';

// The engine's moves of a game as plies 0, 2, 4 ... with these scores.
const moves = (scores) => scores.map((score, i) => ({ ply: 2 * i, score }));
const plies = (own) => blunderSuspects(own).map((p) => p.ply);

test('a draw that was not one: every sane move in the five before the fall is a suspect', () => {
  // The game of opening 22 (fourth 1 s pass against Pikafish-HCE): 0.00 for three moves, the
  // first of them the blunder, then -15.16.
  assert.deepEqual(plies(moves([-300, 314, 40, 0, 0, 0, -1516, -2077])), [2, 4, 6, 8, 10]);
});

test('only the last fall of a game counts, and only sane moves within five before it', () => {
  const own = moves([50, -400, 20, 10, 10, 10, 10, 10, 10, -350, -900]);
  // The last sane move before -350 is ply 16; the window reaches back to ply 8.
  assert.deepEqual(plies(own), [8, 10, 12, 14, 16]);
});

test('a slow loss has no suspect, nor does a game the score never saw lost', () => {
  assert.deepEqual(plies(moves([0, -120, -150, -180, -200, -250, -320, -500])), []);
  assert.deepEqual(plies(moves([30, 0, -50, -90])), []);
  assert.deepEqual(plies([]), []);
});

test('a mate against the engine is a fall; moves already below sane are not suspects', () => {
  assert.deepEqual(plies(moves([-90, -150, -60, -100000])), [0, 4]);
});
