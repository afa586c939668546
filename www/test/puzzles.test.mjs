// The puzzle set the app ships and the rules of progress. Every puzzle is checked with the
// WebAssembly engine: its stored solution is a forced mate line that ends the game in the stated
// number of moves, and a search as deep as a shorter mate needs finds none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { createTacticsEngine, MinimumGap, tacticFault } from '../../scripts/puzzles/check-tactics.mjs';
import { createEngine } from '../../wasm/index.node.js';
import { afterSolved, Grades, nextPuzzle, tally } from '../js/puzzles.js';

const read = (name) => JSON.parse(readFileSync(new URL(`../puzzles/${name}`, import.meta.url), 'utf8')).puzzles;
const puzzles = read('shiqingyaqu.json');
const tactics = read('tactics.json');

describe('the puzzle set', () => {
  let engine;
  before(async () => (engine = await createEngine({ hashMB: 16 })));
  after(() => engine?.terminate());

  test('has graded puzzles of each difficulty, easiest first', () => {
    assert.ok(puzzles.length >= 200, `${puzzles.length} puzzles`);
    for (const grade of Grades) assert.ok(puzzles.some((p) => p.grade === grade), grade);
    assert.equal(new Set(puzzles.map((p) => p.id)).size, puzzles.length);
    for (let i = 1; i < puzzles.length; i++) assert.ok(puzzles[i].mate >= puzzles[i - 1].mate);
  });

  test('each stored solution mates in the stated number of moves', async () => {
    for (const p of puzzles) {
      assert.equal(p.solution.length, 2 * p.mate - 1, p.id);
      const game = await engine.setPosition(p.fen, p.solution);
      const end = game.nodes[game.cursor].result;
      const solver = p.fen.split(' ')[1] === 'b' ? '0-1' : '1-0';
      assert.ok(end.over && end.result === solver && ['checkmate', 'stalemate'].includes(end.reason), `${p.id}: ${JSON.stringify(end)}`);
    }
  });

  test('no puzzle has a shorter mate', async () => {
    for (const p of puzzles.filter((q) => q.mate > 1)) {
      await engine.newGame();
      await engine.setPosition(p.fen);
      let last;
      await engine.go({ depth: 2 * (p.mate - 1) + 1 }, (info) => (last = info));
      assert.ok(!(last.score.mate > 0 && last.score.mate < p.mate), `${p.id}: ${JSON.stringify(last.score)}`);
    }
  });
});

describe("the tactics mined from the engine's games", () => {
  let engine;
  before(async () => (engine = await createTacticsEngine()));
  after(() => engine?.terminate());

  test('are graded, with unique positions', () => {
    assert.ok(tactics.length >= 100, `${tactics.length} tactics`);
    for (const grade of Grades) assert.ok(tactics.some((p) => p.grade === grade), grade);
    assert.equal(new Set(tactics.map((p) => p.fen)).size, tactics.length);
  });

  test(`each has one winning move, at least ${MinimumGap} cp better than any other`, async () => {
    for (const p of tactics) assert.equal(await tacticFault(engine, p), null);
  });
});

describe('puzzle progress', () => {
  const three = [
    { id: 'a', grade: 'easy' },
    { id: 'b', grade: 'hard' },
    { id: 'c', grade: 'easy' },
  ];
  const fresh = { solved: {}, streak: 0, best: 0 };

  test('a clean solution grows the streak; a hint or a wrong move ends it but still counts', () => {
    let p = afterSolved(fresh, three[0], { wrong: false, hinted: false });
    p = afterSolved(p, three[1], { wrong: false, hinted: false });
    assert.deepEqual([p.streak, p.best], [2, 2]);
    p = afterSolved(p, three[2], { wrong: true, hinted: false });
    assert.deepEqual([p.streak, p.best], [0, 2]);
    assert.deepEqual(tally(three, p), { solved: 3, total: 3 });
  });

  test('next offers the next unsolved puzzle of the grade, wrapping around', () => {
    assert.equal(nextPuzzle(three, fresh, 'easy', undefined).id, 'a');
    assert.equal(nextPuzzle(three, fresh, 'easy', 'a').id, 'c');
    assert.equal(nextPuzzle(three, fresh, 'easy', 'c').id, 'a');
    const solvedA = { ...fresh, solved: { a: true } };
    assert.equal(nextPuzzle(three, solvedA, 'easy', 'c').id, 'c');
    assert.equal(nextPuzzle(three, solvedA, 'all', undefined).id, 'b');
    assert.equal(nextPuzzle(three, fresh, 'medium', undefined), null);
  });
});
