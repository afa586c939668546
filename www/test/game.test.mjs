// Unit tests of the app's pure modules (no browser, no engine): game state, FEN reading,
// levels, score formatting, language choice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as G from '../js/game.js';
import { AllSquares, StartFen, generalSquare, parsePlacement, parseSquare } from '../js/fen.js';
import { DefaultLevel, FullSkill, Levels, limitsFor, normalLevel, skillFor, thinkPause, usesBook } from '../js/levels.js';
import { npsText, pvText, redShare, scoreText } from '../js/analysis.js';
import { outcomeText, preferredLanguage, setLanguage, t } from '../js/i18n.js';
import { soundOf } from '../js/sound.js';
import { afterMove, clockText, flag, newClock, timeLeft } from '../js/clock.js';
import { graphPoints, markMoves, redValue } from '../js/review.js';

// Plies as the controller makes them (from the engine's records).
const P1 = { move: 'h2e2', name: '炮二平五', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1', turn: 'b', check: false };
const P2 = { move: 'h9g7', name: '马８进７', fen: 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2', turn: 'w', check: false };
const P3 = { move: 'h0g2', name: '马二进三', fen: 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2', turn: 'b', check: false };

describe('game state', () => {
  test('a new game', () => {
    const g = G.createGame();
    assert.equal(g.startFen, StartFen);
    assert.equal(g.human, 'w');
    assert.equal(g.level, DefaultLevel);
    assert.equal(G.currentFen(g), StartFen);
    assert.equal(G.sideToMove(g), 'w');
    assert.ok(G.isHumanTurn(g));
    assert.ok(G.isLive(g));
    assert.deepEqual(G.shown(g), { fen: StartFen, turn: 'w', lastMove: null, check: false });
    assert.equal(G.createGame({ human: 'x', level: 99 }).human, 'w');
    assert.equal(G.createGame({ level: 99 }).level, DefaultLevel);
  });

  test('play is pure and records the move', () => {
    const g0 = G.createGame();
    const g1 = G.play(g0, P1);
    assert.equal(g0.plies.length, 0);
    assert.deepEqual(G.moves(g1), ['h2e2']);
    assert.equal(G.currentFen(g1), P1.fen);
    assert.equal(G.sideToMove(g1), 'b');
    assert.ok(!G.isHumanTurn(g1));
    assert.deepEqual(G.shown(g1), { fen: P1.fen, turn: 'b', lastMove: 'h2e2', check: false });
  });

  test('undo takes back the person’s move and the reply; redo replays both', () => {
    const g = G.play(G.play(G.createGame(), P1), P2);
    const u = G.undo(g);
    assert.deepEqual(G.moves(u), []);
    assert.ok(G.canRedo(u));
    assert.ok(!G.canUndo(u));
    const r = G.redo(u);
    assert.deepEqual(G.moves(r), ['h2e2', 'h9g7']);
    assert.ok(!G.canRedo(r));
    // Undo before the engine replied: one ply.
    assert.deepEqual(G.moves(G.undo(G.play(G.createGame(), P1))), []);
    // A new move drops the redo list.
    assert.deepEqual(G.play(u, P1).redo, []);
  });

  test('clocks: time falls by what a move took, the increment is added, a flag loses', () => {
    const c = newClock('600+5');
    assert.deepEqual(c, { base: 600000, inc: 5000, remaining: { w: 600000, b: 600000 }, flagged: null });
    const c1 = afterMove(c, 'w', 12000);
    assert.equal(c1.remaining.w, 593000);
    assert.equal(timeLeft(c1, 'b', 700000), 0);
    assert.equal(newClock(null), null);
    assert.equal(newClock('soon'), null);
    assert.deepEqual([clockText(593000), clockText(7449), clockText(3723000)], ['9:53', '7.4', '1:02:03']);
    const g = { ...G.createGame({ clock: { base: 1000, inc: 0 } }) };
    assert.equal(G.outcome(g, { over: false }), null);
    const flagged = { ...g, clock: flag(g.clock, 'w') };
    assert.deepEqual(G.outcome(flagged, { over: false }), { result: '0-1', reason: 'time' });
    assert.deepEqual(G.deserialize(G.serialize(flagged)).clock, flagged.clock);
    assert.equal(G.deserialize(G.serialize({ ...g, clock: { base: -1 } })).clock, null);
  });

  test('review: values from Red’s side, the moves that lost most marked with the better move', () => {
    assert.equal(redValue({ cp: 50 }, 'b'), -50);
    assert.ok(redValue({ mate: 2 }, 'w') > 2900 && redValue({ mate: -2 }, 'w') < -2900);
    assert.ok(redValue({ mate: 0 }, 'w') < -2900, 'no move: the side to move has lost');
    const plies = [
      { move: 'h2e2', name: '炮二平五', turn: 'b' },
      { move: 'h9g7', name: '马８进７', turn: 'w' },
      { move: 'a0a1', name: '车九进一', turn: 'b' },
    ];
    const evals = [
      { value: 30, best: 'h2e2', line: ['炮二平五'] },
      { value: 40, best: 'b7e7', line: ['炮８平５'] },
      { value: 80, best: 'h0g2', line: ['马二进三', '车９平８'] },
      { value: -300, best: 'g6g5', line: [] },
    ];
    const marks = markMoves(evals, plies, 'w');
    // Black's h9g7 gained Red 40 cp: no mark; Red's a0a1 lost 380: a blunder, h0g2 was better.
    assert.deepEqual(Object.keys(marks), ['3']);
    assert.deepEqual(marks[3], { kind: 'blunder', sign: '??', loss: 380, best: 'h0g2', line: ['马二进三', '车９平８'] });
    assert.equal(graphPoints([{ value: 0 }, null, { value: 1000 }], 100, 80), '0.0,40.0 100.0,2.0');
  });

  test('a move sounds as a move, a capture or a check', () => {
    assert.equal(soundOf(StartFen, P1.fen, false), 'move');
    assert.equal(soundOf(StartFen, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1', false), 'capture');
    assert.equal(soundOf(StartFen, P1.fen, true), 'check');
  });

  test('branchAt plays on from an earlier position, the old line kept for redo', () => {
    const g = G.view(G.play(G.play(G.createGame(), P1), P2), 0);
    const b = G.branchAt(g, 0);
    assert.deepEqual(G.moves(b), []);
    assert.ok(G.isLive(b));
    assert.deepEqual(G.moves(G.redo(b)), ['h2e2', 'h9g7']);
    assert.equal(G.branchAt(g, 2), g, 'the live position is no branch');
    assert.deepEqual(G.play(b, P1).redo, [], 'a new move replaces the old line');
  });

  test('undo as Black never takes back the engine’s first move alone', () => {
    const g = G.play(G.createGame({ human: 'b' }), P1);
    assert.equal(G.undo(g), g);
    assert.ok(!G.canUndo(g));
    const g3 = G.play(G.play(g, P2), P3);
    assert.deepEqual(G.moves(G.undo(g3)), ['h2e2']);
  });

  test('two players: undo and redo one ply at a time', () => {
    const g = G.play(G.play(G.createGame({ human: 'both' }), P1), P2);
    assert.ok(G.isHumanTurn(g));
    const u = G.undo(g);
    assert.deepEqual(G.moves(u), ['h2e2']);
    assert.deepEqual(G.moves(G.redo(u)), ['h2e2', 'h9g7']);
  });

  test('viewing earlier positions', () => {
    const g = G.play(G.play(G.createGame(), P1), P2);
    const v = G.view(g, 1);
    assert.equal(G.shownPlies(v), 1);
    assert.ok(!G.isLive(v));
    assert.deepEqual(G.shown(v), { fen: P1.fen, turn: 'b', lastMove: 'h2e2', check: false });
    assert.equal(G.shown(G.view(g, 0)).fen, StartFen);
    assert.equal(G.view(g, 2).view, null);
    assert.equal(G.view(g, 99).view, null);
    assert.equal(G.view(g, -3).view, 0);
    assert.equal(G.play(v, P3).view, null);
  });

  test('resignation and the engine’s verdict', () => {
    const g = G.createGame({ human: 'b' });
    assert.deepEqual(G.outcome(G.resign(g), null), { result: '1-0', reason: 'resignation' });
    assert.deepEqual(G.outcome(g, { over: true, result: '1-0', reason: 'checkmate' }), { result: '1-0', reason: 'checkmate' });
    assert.equal(G.outcome(g, { over: false }), null);
    assert.equal(G.resign(G.play(G.createGame({ human: 'both' }), P1)).resigned, 'b');
  });

  test('move rows are numbered from the start FEN and start with Black when it moves first', () => {
    const g = G.play(G.play(G.play(G.createGame(), P1), P2), P3);
    assert.deepEqual(G.moveRows(g), [
      { number: 1, red: { ply: 1, move: 'h2e2', name: '炮二平五' }, black: { ply: 2, move: 'h9g7', name: '马８进７' } },
      { number: 2, red: { ply: 3, move: 'h0g2', name: '马二进三' }, black: null },
    ]);
    const fromBlack = G.play(G.createGame({ startFen: P1.fen, startTurn: 'b' }), P2);
    assert.deepEqual(G.moveRows(fromBlack), [{ number: 1, red: null, black: { ply: 1, move: 'h9g7', name: '马８进７' } }]);
  });

  test('serialize and deserialize round-trip; damaged text is refused', () => {
    const g = G.undo(G.play(G.play(G.createGame({ level: 2 }), P1), { ...P2, check: true }));
    assert.deepEqual(G.deserialize(G.serialize(g)), g);
    assert.equal(G.deserialize('not json'), null);
    assert.equal(G.deserialize('{"version":0}'), null);
    assert.equal(G.deserialize(JSON.stringify({ ...g, plies: [{ move: 'zz' }] })), null);
    // A version 1 game (no turns) reads, its turns left to the engine's record.
    const v1 = G.deserialize(JSON.stringify({ ...g, version: 1, plies: [{ move: 'h2e2', name: '炮二平五', fen: P1.fen }] }));
    assert.deepEqual(v1.plies, [{ move: 'h2e2', name: '炮二平五', fen: P1.fen, turn: null, check: false }]);
  });

  test('fromRecord takes the start and the plies from the engine', () => {
    const record = {
      startFen: 'startpos',
      moves: ['h2e2', 'h9g7'],
      start: { fen: StartFen, turn: 'w', moveNumber: 1, check: false, result: { over: false } },
      plies: [P1, P2].map((p) => ({ move: p.move, chinese: p.name, wxf: '?', fen: p.fen, turn: p.turn, moveNumber: 1, check: p.check, result: { over: false } })),
      legalMoves: [],
    };
    const g = G.fromRecord(G.createGame({ startFen: 'startpos', human: 'b', level: 3 }), record);
    assert.equal(g.startFen, StartFen);
    assert.deepEqual(g.plies, [P1, P2]);
    assert.equal(g.human, 'b');
    assert.equal(g.level, 3);
    assert.equal(G.sideToMove(g), 'w');
    assert.deepEqual(G.play(G.createGame(), G.plyOf(record.plies[0])).plies, [P1]);
  });
});

describe('FEN reading', () => {
  test('placement and squares', () => {
    const board = parsePlacement(StartFen);
    assert.equal(board.size, 32);
    assert.equal(board.get('e0'), 'K');
    assert.equal(board.get('e9'), 'k');
    assert.equal(board.get('h2'), 'C');
    assert.equal(board.get('b7'), 'c');
    // The engine's letters only: it writes every FEN the app draws (E/H aliases are its to read).
    assert.equal(parsePlacement('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r'), null);
    assert.equal(parsePlacement('9/9 w'), null);
    assert.equal(parsePlacement('x8/9/9/9/9/9/9/9/9/9 w'), null);
    assert.equal(AllSquares.length, 90);
    assert.equal(new Set(AllSquares).size, 90);
    assert.deepEqual(parseSquare('i9'), { file: 8, rank: 9 });
    assert.equal(parseSquare('j1'), null);
    assert.equal(generalSquare(board, 'b'), 'e9');
  });
});

describe('levels, analysis text, language', () => {
  test('levels go from the weakest skill to full strength, each stronger than the last', () => {
    assert.equal(Levels.length, 8);
    assert.equal(skillFor(1), 0);
    assert.equal(skillFor(8), FullSkill);
    assert.equal(skillFor(42), skillFor(DefaultLevel));
    for (let i = 1; i < Levels.length; i++) {
      assert.ok(Levels[i].skill > Levels[i - 1].skill, `level ${i + 1}`);
      if (Levels[i].elo !== null) assert.ok(Levels[i].elo > Levels[i - 1].elo, `level ${i + 1} is measured stronger`);
    }
    assert.ok(Levels.every((l) => l.limits.movetime > 0));
    // Weaker levels take a human moment over their move; full strength none.
    assert.deepEqual([thinkPause(1, () => 0), thinkPause(4, () => 1), thinkPause(8, () => 1)], [400, 1200, 0]);
    assert.ok(limitsFor(8).movetime >= limitsFor(5).movetime);
    assert.equal(normalLevel('3'), 3);
    assert.equal(normalLevel(0), DefaultLevel);
    assert.deepEqual(limitsFor(42), limitsFor(DefaultLevel));
    assert.deepEqual(Levels.map((l) => usesBook(l.level)), [false, false, true, true, true, true, true, true]);
  });

  test('scores from Red’s side, mates, nps, PV', () => {
    setLanguage('en');
    assert.equal(scoreText({ cp: 35 }, 'w'), '+35');
    assert.equal(scoreText({ cp: 35 }, 'b'), '-35');
    assert.equal(scoreText({ mate: 3 }, 'b'), 'Black wins: mate in 3');
    assert.equal(scoreText({ mate: -2 }, 'b'), 'Red wins: mate in 2');
    assert.equal(npsText(1234567), '1.2 M/s');
    assert.equal(npsText(850000), '850 k/s');
    assert.equal(pvText(['h2e2', 'h9g7'], 1), 'h2e2 …');
    assert.equal(redShare({ cp: 0 }, 'w'), 50);
    assert.ok(redShare({ cp: 1300 }, 'w') >= 89 && redShare({ cp: 1300 }, 'b') <= 11);
    assert.equal(redShare({ mate: 2 }, 'b'), 0);
    assert.equal(redShare({ mate: -2 }, 'b'), 100);
  });

  test('Chinese and English', () => {
    assert.equal(preferredLanguage(undefined, 'zh-CN'), 'zh');
    assert.equal(preferredLanguage(undefined, 'en-US'), 'en');
    assert.equal(preferredLanguage('zh', 'en-US'), 'zh');
    setLanguage('zh');
    assert.equal(outcomeText({ result: '1-0', reason: 'checkmate' }), '红胜 — 将死');
    assert.equal(t('viewing', { n: 3 }), '正在查看第 3 步');
    setLanguage('en');
    assert.equal(outcomeText({ result: '1/2-1/2', reason: 'rule_60' }), 'Draw — 60-move rule');
  });
});
