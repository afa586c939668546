// Unit tests of the app's pure modules (no browser, no engine): the cache of the engine's record,
// the view, the recipe that rebuilds a record, FEN placement, levels, review figures, score and
// error texts, language choice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as G from '../js/game.js';
import * as T from '../js/tree.js';
import * as R from '../js/recipe.js';
import { AllSquares, StartFen, generalSquare, parsePlacement, parseSquare, placementAfter } from '../js/fen.js';
import { DefaultLevel, Levels, limitsFor, normalLevel, skillFor, thinkPause, usesBook } from '../js/levels.js';
import { npsText, pvText, redShare, scoreText } from '../js/analysis.js';
import { outcomeText, preferredLanguage, setLanguage, t } from '../js/i18n.js';
import { soundOf } from '../js/sound.js';
import { afterMove, clockText, flag, newClock, readClock, timeLeft, turnBegan } from '../js/clock.js';
import { accuracy, graphShapes, markMoves, pawnsText, redValue } from '../js/review.js';
import { engineDetail } from '../js/errors.js';

// Nodes as the engine describes them (wasm/index.d.ts NodeRecord), for 1. 炮二平五 马８进７
// 2. 马二进三 with the variation 1... 马２进３.
const over = { over: false };
const node = (id, parent, ply, move, chinese, turn, moveNumber, children, extra = {}) => ({
  id, parent, ply, ...(move ? { move, chinese, wxf: '?', moved: 'C' } : {}), fen: `fen${id} ${turn}`, turn, moveNumber, check: false, result: over, children, ...extra,
});
const Game = {
  tags: { Event: 'Test' },
  startFen: StartFen,
  result: over,
  declared: over,
  moves: ['h2e2', 'h9g7', 'h0g2'],
  nodes: [
    node(0, null, 0, null, null, 'w', 1, [1]),
    node(1, 0, 1, 'h2e2', '炮二平五', 'b', 1, [2, 4]),
    node(2, 1, 2, 'h9g7', '马８进７', 'w', 2, [3]),
    node(3, 2, 3, 'h0g2', '马二进三', 'b', 2, []),
    node(4, 1, 2, 'b9c7', '马２进３', 'w', 2, []),
  ],
  cursor: 3,
  line: [0, 1, 2, 3],
  legalMoves: ['a9a8'],
};

describe('the cache of the engine’s record (tree.js)', () => {
  test('a whole game, its lines and labels', () => {
    const tree = T.fromGame(Game);
    assert.deepEqual(Object.keys(tree.nodes).map(Number), [0, 1, 2, 3, 4]);
    assert.deepEqual(tree.legal, { 3: ['a9a8'] });
    assert.deepEqual(T.mainLine(tree), [0, 1, 2, 3]);
    assert.deepEqual(T.pathTo(tree, 4), [0, 1, 4]);
    assert.deepEqual(T.lineThrough(tree, 1), [0, 1, 2, 3]);
    assert.ok(T.onMainLine(tree, 3) && !T.onMainLine(tree, 4));
    assert.ok(T.isAncestor(tree, 1, 3) && !T.isAncestor(tree, 4, 3));
    assert.deepEqual(T.moveLabel(tree, 2), { number: 1, side: 'b' });
    assert.deepEqual(T.moveLabel(tree, 3), { number: 2, side: 'w' });
    assert.equal(T.moverOf(tree, 4), 'b');
    assert.deepEqual(T.movesOf(tree, [0, 1, 4]), ['h2e2', 'b9c7']);
    assert.deepEqual(T.resultOf(tree), over);
  });

  test('each edit’s answer updates the cache; nothing else changes it', () => {
    let tree = T.fromGame(Game);
    const before = tree;
    // play from node 2: a new node joins its parent's children, with its legal moves.
    tree = T.withCursor(tree, { ...node(5, 2, 3, 'b0c2', '马八进七', 'b', 2, []), legalMoves: ['x'], created: true });
    assert.deepEqual(tree.nodes[2].children, [3, 5]);
    assert.deepEqual(tree.legal[5], ['x']);
    assert.equal('legalMoves' in tree.nodes[5] || 'created' in tree.nodes[5], false);
    assert.deepEqual(before.nodes[2].children, [3], 'the old cache is unchanged');
    // goTo an existing node: its legal moves join, its children stay.
    tree = T.withCursor(tree, { ...tree.nodes[1], legalMoves: ['y'] });
    assert.deepEqual(tree.nodes[1].children, [2, 4]);
    tree = T.withChildren(tree, { parent: 2, children: [5, 3] });
    assert.deepEqual(T.mainLine(tree), [0, 1, 2, 5]);
    tree = T.withRemoved(tree, { removed: [5], parent: 2, children: [3], cursor: { ...tree.nodes[2], children: [3], legalMoves: ['z'] } });
    assert.equal(tree.nodes[5], undefined);
    assert.deepEqual(tree.nodes[2].children, [3]);
    tree = T.withComment(tree, 3, 'good');
    assert.equal(tree.nodes[3].comment, 'good');
    assert.equal('comment' in T.withComment(tree, 3, '').nodes[3], false);
    tree = T.withTag(T.withTag(tree, 'Red', 'A'), 'Event', '');
    assert.deepEqual(tree.tags, { Red: 'A' });
    tree = T.withDeclared(tree, '0-1', 'resignation');
    assert.deepEqual(T.resultOf(tree), { over: true, result: '0-1', reason: 'resignation' });
    assert.deepEqual(T.withDeclared(tree, '*').declared, { over: false });
  });
});

describe('the view (game.js)', () => {
  const tree = T.fromGame(Game);

  test('a new game, moves and views', () => {
    const g = G.createGame();
    assert.deepEqual(g, { version: 3, human: 'w', level: DefaultLevel, live: 0, shown: 0, redo: [], clock: null });
    assert.equal(G.createGame({ human: 'x', level: 99 }).human, 'w');
    assert.ok(G.isHumanTurn(g, tree));
    const moved = G.afterMove(g, 3);
    assert.equal(moved.live, 3);
    assert.ok(G.isLive(moved));
    const viewed = G.view(moved, 1);
    assert.ok(!G.isLive(viewed));
    assert.deepEqual(G.playFromHere(viewed, tree), { ...viewed, live: 1, redo: [3, 2] }, 'Redo brings the old line back');
  });

  test('undo takes back the person’s move and the reply; redo replays them', () => {
    const g = G.afterMove(G.createGame({ human: 'b' }), 3);
    // Black's last move is 马８进７ (node 2); undo goes back before it (node 1), Black to move.
    assert.equal(G.undoTarget(g, tree), 1);
    const back = G.undo(g, tree);
    assert.deepEqual([back.live, back.shown, back.redo], [1, 1, [3, 2]]);
    const again = G.redo(back, tree);
    assert.deepEqual([again.live, again.redo], [3, []]);
    // Red at the start has made no move: nothing to undo.
    const start = G.createGame();
    assert.equal(G.undo(start, tree), start);
    assert.equal(G.undoTarget(G.createGame(), tree), null);
    // Two players: one move back.
    assert.equal(G.undoTarget(G.afterMove(G.createGame({ human: 'both' }), 3), tree), 2);
  });

  test('the outcome: a flag, a declared result, the engine’s verdict at the live node', () => {
    const g = G.afterMove(G.createGame(), 3);
    assert.equal(G.outcome(g, tree), null);
    assert.deepEqual(G.outcome(g, T.withDeclared(tree, '1-0', 'resignation')), { result: '1-0', reason: 'resignation' });
    const mated = { ...tree, nodes: { ...tree.nodes, 3: { ...tree.nodes[3], result: { over: true, result: '1-0', reason: 'checkmate' } } } };
    assert.deepEqual(G.outcome(g, mated), { result: '1-0', reason: 'checkmate' });
    const flagged = { ...g, clock: flag(newClock('60+0'), 'b') };
    assert.deepEqual(G.outcome(flagged, tree), { result: '1-0', reason: 'time' });
  });

  test('saved with its recipe; a version 2 game becomes its moves; damaged text is refused', () => {
    const g = { ...G.afterMove(G.createGame({ level: 2, clock: '300+3' }), 3), shown: 1 };
    const recipe = R.fromPosition('startpos', ['h2e2', 'h9g7', 'h0g2']);
    assert.deepEqual(G.deserialize(G.serialize(g, recipe)), { game: g, recipe });
    assert.equal(G.deserialize('not json'), null);
    assert.equal(G.deserialize('{"version":0,"human":"w"}'), null);
    assert.equal(G.deserialize(JSON.stringify({ ...g, live: -1 })), null);
    const v2 = { version: 2, startFen: StartFen, human: 'w', level: 3, plies: [{ move: 'h2e2' }, { move: 'h9g7' }], redo: [], resigned: 'w' };
    assert.deepEqual(G.deserialize(JSON.stringify(v2)), {
      game: { ...G.createGame({ level: 3 }), live: 2, shown: 2 },
      recipe: { base: { fen: StartFen, moves: ['h2e2', 'h9g7'] }, edits: [{ result: ['0-1', 'resignation'] }] },
    });
  });
});

describe('the recipe of a record (recipe.js)', () => {
  test('moves at the end of the base join it; anything else is an edit', () => {
    let r = R.fromPosition('startpos');
    r = R.withPlay(r, 'h2e2', 0, true);
    r = R.withPlay(r, 'h9g7', 1, true);
    r = R.withPlay(r, 'h9g7', 1, false); // already there: nothing
    assert.deepEqual(r, { base: { fen: 'startpos', moves: ['h2e2', 'h9g7'] }, edits: [] });
    r = R.withPlay(r, 'b9c7', 1, true); // a variation
    r = R.withEdit(r, { comment: [3, 'x'] });
    r = R.withPlay(r, 'h0g2', 2, true); // after an edit: an edit too (node numbers must stay)
    assert.deepEqual(r.edits, [{ play: 'b9c7', from: 1 }, { comment: [3, 'x'] }, { play: 'h0g2', from: 2 }]);
    assert.deepEqual(R.readRecipe(JSON.parse(JSON.stringify(r))), r);
    assert.equal(R.readRecipe({ base: { fen: 'x', moves: [1] }, edits: [] }), null);
    assert.equal(R.readRecipe({ base: { fen: 'x', moves: [] }, edits: [{ play: 'h2e2' }] }), null);
  });

  test('a file read as bytes is kept as base64', () => {
    const bytes = new Uint8Array([0x58, 0x51, 0, 255, 0xb0, 0xa1]);
    const r = R.fromFile(bytes);
    assert.deepEqual(R.fileBytes(r.base), bytes);
    assert.deepEqual(R.fromFile('[Event "x"]', 'pgn').base, { file: '[Event "x"]', format: 'pgn' });
    assert.deepEqual(R.readRecipe(r), r);
  });
});

describe('FEN placement', () => {
  test('placement and squares; a line moves pieces for a preview', () => {
    const board = parsePlacement(StartFen);
    assert.equal(board.size, 32);
    assert.equal(board.get('e0'), 'K');
    assert.equal(board.get('b7'), 'c');
    // The engine's letters only: it writes every FEN the app draws (E/H aliases are its to read).
    assert.equal(parsePlacement('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r'), null);
    assert.equal(parsePlacement('9/9 w'), null);
    assert.equal(AllSquares.length, 90);
    assert.deepEqual(parseSquare('i9'), { file: 8, rank: 9 });
    assert.equal(generalSquare(board, 'b'), 'e9');
    const after = placementAfter(board, ['h2e2', 'h7h0']);
    assert.equal(after.get('e2'), 'C');
    assert.equal(after.get('h0'), 'c', 'a capture replaces the piece');
    assert.equal(after.size, 31);
    assert.equal(board.get('h2'), 'C', 'the placement given is unchanged');
  });
});

describe('review', () => {
  const tree = T.fromGame(Game);
  const line = [0, 1, 2, 3];
  test('a move that loses much is marked with the better move; accuracy per side', () => {
    const evals = [
      { value: 20, best: 'h2e2', line: ['炮二平五'] },
      { value: 30, best: 'a9a8', line: ['车９进１'] },
      { value: 400, best: 'h0g2', line: ['马二进三'] }, // Black's 马８进７ threw away about 4 pawns
      { value: 380, best: 'x', line: [] },
    ];
    const marks = markMoves(evals, line, tree.nodes);
    assert.deepEqual(Object.keys(marks), ['2']);
    assert.deepEqual(marks[2], { kind: 'blunder', sign: '??', loss: 370, best: 'a9a8', line: ['车９进１'], mover: 'b' });
    const a = accuracy(evals, line, tree.nodes);
    assert.ok(a.w > 95 && a.b < 60, JSON.stringify(a));
    assert.deepEqual(accuracy([], line, tree.nodes), { w: null, b: null });
    assert.equal(redValue({ mate: 2 }, 'b'), -2998);
    assert.equal(pawnsText(385), '+3.9');
    assert.equal(pawnsText(-20), '−0.2');
  });

  test('the graph’s areas follow who is ahead', () => {
    const { points, red, black } = graphShapes([{ value: 100 }, { value: -100 }], 2, 100, 100);
    assert.equal(points, '0.0,40.0 100.0,60.0');
    // Red ahead on the left (above the middle), Black on the right (below), crossing at x = 50.
    assert.equal(red, '0.0,50.0 0.0,40.0 50.0,50.0 100.0,50.0 100.0,50.0');
    assert.equal(black, '0.0,50.0 0.0,50.0 50.0,50.0 100.0,60.0 100.0,50.0');
  });
});

describe('levels, texts, language', () => {
  test('levels go from the weakest skill to full strength, each stronger than the last', () => {
    assert.equal(Levels.length, 8);
    assert.equal(skillFor(1, 20), 0);
    assert.equal(skillFor(8, 20), 20, 'full strength is the contract’s highest skill');
    assert.equal(skillFor(42, 20), skillFor(DefaultLevel, 20));
    for (let i = 1; i < Levels.length; i++) {
      assert.ok(skillFor(i + 1, 20) > skillFor(i, 20), `level ${i + 1}`);
      if (Levels[i].elo !== null) assert.ok(Levels[i].elo > Levels[i - 1].elo, `level ${i + 1} is measured stronger`);
    }
    // Weaker levels take a human moment over their move; full strength none.
    assert.deepEqual([thinkPause(1, () => 0), thinkPause(4, () => 1), thinkPause(8, () => 1)], [400, 1200, 0]);
    assert.ok(limitsFor(8).movetime >= limitsFor(5).movetime);
    assert.equal(normalLevel('3'), 3);
    assert.equal(normalLevel(0), DefaultLevel);
    assert.deepEqual(Levels.map((l) => usesBook(l.level)), [false, false, true, true, true, true, true, true]);
  });

  test('scores from Red’s side, mates, nps, PV', () => {
    setLanguage('en');
    assert.equal(scoreText({ cp: 35 }, 'w'), '+35');
    assert.equal(scoreText({ cp: 35 }, 'b'), '-35');
    assert.equal(scoreText({ mate: 3 }, 'b'), 'Black wins: mate in 3');
    // A stopped search's failed window: a bound, turned to Red's point of view with the score.
    assert.equal(scoreText({ cp: 290 }, 'w', 'lowerbound'), '≥ +290');
    assert.equal(scoreText({ cp: 290 }, 'b', 'lowerbound'), '≤ -290');
    assert.equal(scoreText({ cp: -40 }, 'w', 'upperbound'), '≤ -40');
    assert.equal(scoreText({ cp: -40 }, 'b', 'upperbound'), '≥ +40');
    assert.equal(npsText(1234567), '1.2 M/s');
    assert.equal(pvText(['h2e2', 'h9g7'], 1), 'h2e2 …');
    assert.equal(redShare({ cp: 0 }, 'w'), 50);
    assert.equal(redShare({ mate: 2 }, 'b'), 0);
  });

  test('sounds come from the engine’s record of the move', () => {
    assert.equal(soundOf({ check: true, captured: 'p' }), 'check');
    assert.equal(soundOf({ check: false, captured: 'p' }), 'capture');
    assert.equal(soundOf({ check: false }), 'move');
  });

  test('clocks, and the time a turn began', () => {
    const c = newClock('600+5');
    assert.deepEqual(c, { base: 600000, inc: 5000, remaining: { w: 600000, b: 600000 }, flagged: null, since: null });
    assert.equal(afterMove(c, 'w', 10000).remaining.w, 595000);
    assert.equal(timeLeft(c, 'b', 1000), 599000);
    assert.equal(clockText(7400), '7.4');
    assert.equal(readClock(turnBegan(c, 1234)).since, 1234);
  });

  test('the engine’s refusals in the interface’s language (issue 35.7)', () => {
    setLanguage('zh');
    assert.equal(engineDetail("setPosition: invalid FEN: the board has 1 ranks, expected 10 separated by '/'"), '棋盘应有 10 行（用“/”分隔），这里有 1 行');
    assert.equal(
      engineDetail("loadPgn: pgn: line 2: 'A0-A9' is not a legal move for Red at move 1 (position rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1)"),
      "第 2 行：'A0-A9' 不是红方第 1 回合的合法着法",
    );
    assert.equal(t('badPgn', { error: engineDetail('loadGame: pgn: no moves and no FEN tag: not a game') }), 'PGN 有误：没有着法，也没有 FEN 标签：这不是棋局');
    setLanguage('en');
    assert.equal(engineDetail("setPosition: illegal move 'a0a9' at ply 2 in position x"), 'the link’s move 2, a0a9, is not legal');
    assert.equal(engineDetail('loadGame: something new'), 'something new', 'an unknown message is kept, its prefixes gone');
  });

  test('Chinese and English; moves are counted as moves, not plies (issue 35.8)', () => {
    assert.equal(preferredLanguage(undefined, 'zh-CN'), 'zh');
    assert.equal(preferredLanguage(undefined, 'en-US'), 'en');
    setLanguage('zh');
    assert.equal(outcomeText({ result: '1-0', reason: 'checkmate' }), '红胜 — 将死');
    assert.equal(t('viewing', { number: 3, name: '马二进三' }), '正在查看第 3 回合 马二进三');
    setLanguage('en');
    assert.equal(t('viewing', { number: 3, name: '马二进三' }), 'Viewing move 3: 马二进三');
    assert.equal(outcomeText({ result: '1/2-1/2', reason: 'rule_60' }), 'Draw — 60-move rule');
  });

  test('every string in both languages (and every key used)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../js/i18n.js', import.meta.url), 'utf8');
    const block = (lang) => source.slice(source.indexOf(`  ${lang}: {`), source.indexOf(`  ${lang === 'zh' ? 'en' : 'zz'}: {`) > 0 ? source.indexOf(`  ${lang === 'zh' ? 'en' : 'zz'}: {`) : undefined);
    const keys = (text) => new Set([...text.matchAll(/^    (\w+):/gm)].map((m) => m[1]));
    const zh = keys(block('zh'));
    const en = keys(block('en'));
    assert.deepEqual([...zh].filter((k) => !en.has(k)), []);
    assert.deepEqual([...en].filter((k) => !zh.has(k)), []);
    // The features' words (i18n-features.js, merged into i18n.js; looks.test.mjs checks its languages).
    const { FeatureText } = await import('../js/i18n-features.js');
    for (const k of Object.keys(FeatureText.en)) en.add(k);
    const { ExplorerTexts } = await import('../js/i18n-explorer.js');
    for (const k of Object.keys(ExplorerTexts.en)) en.add(k);
    // Every key the page and the modules use exists.
    const used = new Set();
    for (const file of ['../index.html', '../js/app.js', '../js/game-panel.js', '../js/move-list.js', '../js/analysis-panel.js', '../js/review-panel.js', '../js/position-panel.js', '../js/puzzle-panel.js', '../js/errors.js', '../js/explorer-panel.js', '../js/controller.js', '../js/library-dialog.js', '../js/settings-dialog.js']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const m of text.matchAll(/data-i18n(?:-label)?="(\w+)"|\bt\('(\w+)'|key: '(\w+)'/g)) used.add(m[1] ?? m[2] ?? m[3]);
    }
    assert.deepEqual([...used].filter((k) => !en.has(k)), []);
  });
});
