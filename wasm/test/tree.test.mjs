// The game record through the JS API (Node worker_threads): moves from an earlier node open
// variations, the cursor moves without replaying, edits answer with what changed, files go in as
// text or bytes and come out in each format, and a new worker gets the same tree back.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const fixture = (name) => readFileSync(new URL(`../../native-tests/fixtures/games/${name}`, import.meta.url));
const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

describe('the game tree', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ hashMB: 4 });
  });
  after(() => engine.terminate());

  test('a move from an earlier node opens a variation; the cursor moves without a replay', async () => {
    const game = await engine.setPosition('startpos', ['h2e2', 'h9g7', 'h0g2']);
    assert.deepEqual(game.line, [0, 1, 2, 3]);
    // The move already there is the same node; another one is a variation of it.
    const same = await engine.play('马８进７', { from: 1 });
    assert.equal(same.id, 2);
    assert.equal(same.created, false);
    const variation = await engine.play('b9c7', { from: 1 });
    assert.equal(variation.created, true);
    assert.equal(variation.parent, 1);
    assert.equal(variation.chinese, '马２进３');
    assert.equal(variation.ply, 2);
    assert.ok(variation.legalMoves.includes('h0g2'));
    const tree = await engine.game();
    assert.deepEqual(tree.nodes[1].children, [2, variation.id]);
    assert.deepEqual(tree.moves, ['h2e2', 'h9g7', 'h0g2'], 'the main line is unchanged');
    assert.deepEqual(tree.line, [0, 1, variation.id]);

    const back = await engine.goTo(3);
    assert.equal(back.fen, tree.nodes[3].fen);
    assert.equal(await engine.fen(), tree.nodes[3].fen);
    const up = await engine.undo(2);
    assert.equal(up.id, 1);
    assert.equal(up.fen, tree.nodes[1].fen);
    await assert.rejects(engine.goTo(99), /no node 99/);
    await assert.rejects(engine.undo(5), /undo plies/);
    await assert.rejects(engine.goTo(-1), TypeError);
    await assert.rejects(engine.goTo('3'), TypeError);
    assert.equal(await engine.fen(), tree.nodes[1].fen, 'refused moves change nothing');
  });

  test('promote, remove, comment, tags and result answer with what changed', async () => {
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    const v = await engine.play('h7e7', { from: 1 });
    assert.deepEqual(await engine.promote(v.id, { toMain: true }), { parent: 1, children: [v.id, 2] });
    assert.deepEqual((await engine.game()).moves, ['h2e2', 'h7e7']);
    await engine.play('h0g2');
    const removed = await engine.removeNode(v.id);
    assert.deepEqual(removed.removed.sort(), [v.id, v.id + 1].sort());
    assert.deepEqual(removed.children, [2]);
    assert.equal(removed.cursor.id, 1, 'the cursor leaves the removed line');
    assert.ok(removed.cursor.legalMoves.length > 0);
    await assert.rejects(engine.removeNode(0), /start of the game/);
    await engine.setComment(2, 'the screen horse');
    await engine.setTag('Red', '许银川 [特级大师]');
    await engine.setResult('0-1', 'resignation');
    const game = await engine.game();
    assert.equal(game.nodes[2].comment, 'the screen horse');
    assert.equal(game.nodes[v.id], null, 'a removed node leaves a hole');
    assert.equal(game.tags.Red, '许银川 [特级大师]');
    assert.deepEqual(game.result, { over: true, result: '0-1', reason: 'resignation' });
    await assert.rejects(engine.setResult('2-0'), TypeError);
    await assert.rejects(engine.setResult('1-0', 'bored'), TypeError);
    await assert.rejects(engine.setTag('Bad Name', 'x'), /bad tag name/);
  });

  test('saveGame writes every format and loadGame reads text and bytes back', async () => {
    const study = await engine.loadGame(fixture('study.pgn'));
    assert.equal(study.tags.ECCO, 'C45');
    assert.equal(study.nodes[0].comment, '中炮对屏风马的常见开局。');
    assert.equal(study.nodes.filter(Boolean).length, 18);
    for (const notation of ['iccs', 'wxf', 'chinese']) {
      const text = await engine.saveGame('pgn', { notation });
      const again = await engine.loadGame(text);
      assert.deepEqual(again.nodes.map((n) => n && [n.move, n.comment, n.children]), study.nodes.map((n) => n && [n.move, n.comment, n.children]), notation);
    }
    const bare = await engine.saveGame('pgn', { notation: 'wxf', comments: false, variations: false });
    assert.doesNotMatch(bare, /[{(]/);
    const json = JSON.parse(await engine.saveGame('json'));
    assert.equal(json.startFen, StartFen);
    assert.equal(json.moves.length, 12);
    assert.match(await engine.saveGame('fen'), /^[^\n]+ [wb] - - \d+ \d+\n$/);
    // Bytes: a GBK file and a Big5 one, as a Uint8Array and as an ArrayBuffer.
    const gbk = await engine.loadGame(new Uint8Array(fixture('study-gbk.pgn')));
    assert.equal(gbk.tags.Event, '楚汉测试赛 [第1轮]');
    const big5Bytes = fixture('study-big5.pgn');
    const big5 = await engine.loadGame(big5Bytes.buffer.slice(big5Bytes.byteOffset, big5Bytes.byteOffset + big5Bytes.length));
    assert.equal(big5.tags.Opening, '中炮對屏風馬');
    assert.deepEqual(big5.moves, study.moves);
    await assert.rejects(engine.loadGame(42), TypeError);
    await assert.rejects(engine.loadGame('x', { format: 'doc' }), TypeError);
    await assert.rejects(engine.saveGame('xqf'), TypeError);
    await assert.rejects(engine.loadGame('1. h2e2 h2e2'), /not a legal move/);
    assert.deepEqual((await engine.game()).moves, study.moves, 'a refused file keeps the game');
  });

  test('a decided game takes no more moves', async () => {
    const cycle = ['a7a9', 'e9e8', 'a9a8', 'e8e9', 'a8a9', 'e9e8', 'a9a8', 'e8e9', 'a8a9'];
    await engine.setPosition('4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1', cycle);
    assert.deepEqual(await engine.gameResult(), { over: true, result: '0-1', reason: 'perpetual_check' });
    await assert.rejects(engine.play('e9e8'), /the game is over/);
    assert.deepEqual(await engine.gameResult(), { over: true, result: '0-1', reason: 'perpetual_check' });
  });

  test('a new worker gets the same tree, node numbers and cursor back', async () => {
    await engine.loadGame(fixture('study.pgn'));
    const v = await engine.play('c6c5', { from: 3 });
    await engine.setComment(v.id, 'a try');
    await engine.goTo(5);
    await engine.undo(1);
    const before = await engine.game();
    const crash = engine._crash('throw');
    const after = engine.game(); // queued behind the crash: runs on the new worker
    await assert.rejects(crash, /the engine worker crashed/);
    assert.deepEqual(await after, before);
  });
});
