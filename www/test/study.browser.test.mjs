// Studying in the app as a person does, in headless Chromium: the record lives in the engine and
// the page holds a view of it. Files opened (picker and drop; PGN in UTF-8 and GBK, FEN) and saved
// (PGN in three notations, DhtmlXQ, FEN) with their players and result; the move list as a tree
// (a move from an earlier position opens a variation; comments, promote, delete); analysis you can
// touch (preview a line, go to one of its moves, arrows, the threat); and what each of these costs
// in worker messages (stepping none, Undo and an earlier position at most 2, a review of a 120-ply
// game at most 2 a position and 24 KB). Screenshots: /tmp/chuhan-study-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, recordWorkerMessages, showTab, startSideEngine } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const games = new URL('../../native-tests/fixtures/games/', import.meta.url);
const game120 = readFileSync(new URL('./fixtures/game-120.pgn', import.meta.url), 'utf8');

describe('studying in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let page;
  const problems = [];

  const point = (square) => `#board .point[data-square="${square}"]`;
  const clickMove = async (move) => {
    await page.click(point(move.slice(0, 2)));
    await page.click(point(move.slice(2, 4)));
  };
  const sent = () => page.evaluate(() => [...window.chuhanWorkerMessages]);
  const bytes = () => page.evaluate(() => window.chuhanWorkerBytes.reduce((a, b) => a + b, 0));
  const reset = () => page.evaluate(() => ((window.chuhanWorkerMessages.length = 0), (window.chuhanWorkerBytes.length = 0)));
  const fen = () => page.getAttribute('#board', 'data-fen');
  const shown = () => page.evaluate(() => window.chuhan.game.shown);
  const node = (id) => page.evaluate((n) => window.chuhan.tree.nodes[n], id);

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US', acceptDownloads: true });
    await recordWorkerMessages(context);
    page = await context.newPage();
    collectProblems(page, problems);
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await startSideEngine(page);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('open a PGN file in UTF-8, then in GBK: players, result, variations and comments shown', async () => {
    await showTab(page, 'position');
    await page.setInputFiles('#file-input', new URL('study.pgn', games).pathname);
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 12 && /study\.pgn/.test(document.getElementById('notice').textContent));
    const utf8 = await page.textContent('#move-list');
    await page.setInputFiles('#file-input', new URL('study-gbk.pgn', games).pathname);
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 12 && /study-gbk/.test(document.getElementById('notice').textContent));
    assert.equal(await page.textContent('#players'), 'Red 红方 "小明" – Black 黑方 · 楚汉测试赛 [第1轮] · 2026.11.25');
    assert.equal(await page.textContent('#result'), 'Red wins');
    assert.ok(await page.isVisible('#result'));
    assert.equal(await page.textContent('#move-list .game-comment'), '中炮对屏风马的常见开局。');
    assert.match(await page.textContent('#move-list'), /正着/);
    assert.equal(await page.locator('#move-list .variation').count(), 1);
    assert.equal(await page.textContent('#move-list .variation'), '2.兵三进一 卒３进１ (2…车９平８ 3.马二进三) 3.马二进三');
    assert.equal(await page.textContent('#move-list'), utf8, 'the same game in either encoding');
    // A study: both sides are the person's; the New game dialog offers "Two players" (issue 35.12).
    await page.click('#new-game-open');
    assert.equal(await page.inputValue('#side'), 'both');
    await page.click('#new-game-cancel');
    await page.screenshot({ path: '/tmp/chuhan-study-gbk.png' });
  });

  test('open a Big5 PGN, an encrypted XQF 1.8 and a DhtmlXQ page: players, result, variations and comments shown (issue 32)', async () => {
    const open = async (file, plies) => {
      await page.setInputFiles('#file-input', new URL(file, games).pathname);
      await page.waitForFunction(
        ([name, n]) => window.chuhan.liveNode?.ply === n && document.getElementById('notice').textContent.includes(name),
        [file, plies],
      );
    };
    await open('study-big5.pgn', 12);
    assert.match(await page.textContent('#players'), /^Red 紅方 "小明" – Black 黑方 · 楚漢測試賽/);
    assert.equal(await page.textContent('#result'), 'Red wins');
    assert.equal(await page.textContent('#move-list .game-comment'), '中炮對屏風馬的常見開局。');
    assert.equal(await page.textContent('#move-list .variation'), '2.兵三进一 卒３进１ (2…车９平８ 3.马二进三) 3.马二进三');

    await open('study.dhtmlxq', 12);
    assert.match(await page.textContent('#players'), /^Red 红方 "小明" – Black 黑方 · 楚汉测试赛/);
    assert.equal(await page.textContent('#result'), 'Red wins');
    assert.equal(await page.textContent('#move-list .variation'), '2.兵三进一 卒３进１ (2…车９平８ 3.马二进三) 3.马二进三');

    await page.setInputFiles('#file-input', new URL('study-1.8.xqf', games).pathname);
    await page.waitForFunction(() => document.getElementById('notice').textContent.includes('study-1.8.xqf'));
    assert.match(await page.textContent('#players'), /^Red 红方甲 – Black 黑方乙 · 楚汉测试赛/);
    assert.equal(await page.textContent('#result'), 'Red wins');
    assert.match(await page.textContent('#move-list'), /当头炮/);
    assert.ok((await page.locator('#move-list .variation').count()) >= 1, 'the XQF branches are variations');
    assert.match(await page.textContent('#move-list .variation'), /炮８平５/);
    await open('study-gbk.pgn', 12); // the game the next tests work on
  });

  test('a variation move is shown with no message; a move there adds to it with one', async () => {
    await reset();
    const variation = page.locator('#move-list .variation button.move').first();
    const id = Number(await variation.getAttribute('data-node'));
    await variation.click();
    assert.equal(await fen(), (await node(id)).fen);
    assert.deepEqual(await sent(), [], 'showing a node posts nothing');
    // The nodes of a file: the engine tells their legal moves once, when the board is touched.
    const legal = await page.evaluate(() => window.chuhan.session.goTo(window.chuhan.game.shown).then(() => window.chuhan.status && window.chuhan.session.legalMoves(window.chuhan.game.shown)));
    await reset();
    await clickMove(legal.find((m) => m.startsWith('b9')) ?? legal[0]);
    await page.waitForFunction((n) => window.chuhan.shownNode.parent === n, id);
    assert.deepEqual(await sent(), ['play']);
  });

  test('save as PGN (three notations), DhtmlXQ and FEN; the headers and the result stay (issue 35.5)', async () => {
    const save = async (format) => {
      await page.selectOption('#save-format', format);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-file')]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };
    const chinese = await save('pgn-chinese');
    assert.equal(chinese.name, '红方_小明_-黑方.pgn');
    assert.match(chinese.text, /\[Red "红方 \\"小明\\""\]/);
    assert.match(chinese.text, /\[Result "1-0"\]/);
    assert.match(chinese.text, /\[Opening "中炮对屏风马"\]/);
    assert.match(chinese.text, /炮二平五/);
    assert.match(chinese.text, /\{正着\}/);
    assert.match(chinese.text, /\(2\. 兵三进一/);
    assert.match((await save('pgn-wxf')).text, /C2=5/);
    assert.match((await save('pgn-iccs')).text, /H2-E2/);
    const dhtml = await save('dhtmlxq');
    assert.equal(dhtml.name, '红方_小明_-黑方.txt');
    assert.ok(dhtml.text.length > 0);
    assert.equal((await save('fen')).text.trim(), await fen());
    // The text export keeps them too, and reads back the same game.
    await page.click('#export-pgn');
    await page.waitForFunction(() => document.getElementById('pgn').value.includes('[Result "1-0"]'));
    const text = await page.inputValue('#pgn');
    assert.match(text, /\[Event "楚汉测试赛 \[第1轮\]"\]/);
    const count = await page.locator('#move-list button.move').count();
    await page.click('#import-pgn');
    await page.waitForFunction((n) => document.querySelectorAll('#move-list button.move').length === n && !document.getElementById('result').hidden, count);
    assert.equal(await page.textContent('#result'), 'Red wins');
  });

  test('comment, promote and delete the move shown', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0 && window.chuhan.canMove);
    for (const move of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) await clickMove(move);
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 4);
    // From the position after 1. 炮二平五: another answer opens a variation, one message.
    await page.click('#move-list button[data-ply="1"]');
    await reset();
    await clickMove('b9c7');
    await page.waitForFunction(() => document.querySelectorAll('#move-list .variation button').length === 1);
    assert.deepEqual(await sent(), ['play']);
    const variation = await shown();
    assert.equal((await node(variation)).chinese, '马２进３');
    assert.equal(await page.textContent('#move-list .variation'), '1…马２进３');
    // A comment on it.
    await page.click('#node-comment');
    await page.fill('#comment-text', '另一种应法');
    await reset();
    await page.click('#comment-form button[type="submit"]');
    await page.waitForFunction(() => /另一种应法/.test(document.getElementById('move-list').textContent));
    assert.deepEqual(await sent(), ['setComment']);
    // Promoted: the main line now starts 1. 炮二平五 马２进３.
    await page.click('#node-main');
    await page.waitForFunction((id) => window.chuhan.tree.nodes[1].children[0] === id, variation);
    assert.equal(await page.textContent('#move-list .row-moves'), '1.炮二平五马２进３');
    // Deleted: gone from the record and the list; the view goes back to its parent.
    await page.click(`#move-list button[data-node="${variation}"]`);
    await page.click('#node-delete');
    await page.waitForFunction((id) => !window.chuhan.tree.nodes[id], variation);
    assert.equal(await shown(), 1);
    assert.equal(await page.locator('#move-list .variation').count(), 0);
    assert.equal(await page.textContent('#move-list .row-moves'), '1.炮二平五马８进７');
    await page.screenshot({ path: '/tmp/chuhan-study-tree.png' });
  });

  test('a dropped FEN file opens its position', async () => {
    const Fen = '4k4/4a4/9/9/9/9/9/9/4A4/3K5 w - - 0 1';
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'position.fen', { type: 'text/plain' }));
      const board = document.getElementById('board');
      for (const type of ['dragover', 'drop']) board.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, `${Fen}\n`);
    await page.waitForFunction((f) => document.getElementById('board').dataset.fen === f, Fen);
    assert.match(await page.textContent('#notice'), /Opened position\.fen/);
  });

  test('analysis you can touch: preview a line, go to its moves, arrows, the threat', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0 && window.chuhan.canMove);
    await clickMove('h2e2');
    await showTab(page, 'analysis');
    await page.selectOption('#analysis-lines', '2');
    await page.check('#analysis');
    await page.waitForFunction(() => document.querySelectorAll('#info-lines li[data-line] .pv-move').length >= 8 && window.chuhan.info?.depth >= 6, null, { timeout: 20000 });
    // An arrow for each line's first move, the best one apart.
    await page.waitForFunction(() => document.querySelectorAll('#board line.arrow.best').length === 1 && document.querySelectorAll('#board line.arrow.line').length === 1);
    const before = await fen();
    // Hover: the board previews the line (the position shown stays in data-fen).
    const line = page.locator('#info-lines li[data-line="0"]');
    await line.locator('.pv-move').nth(2).hover();
    await page.waitForFunction(() => document.getElementById('board').dataset.preview?.split(' ').length === 3);
    const previewed = (await page.getAttribute('#board', 'data-preview')).split(' ');
    const [from, to] = [previewed[2].slice(0, 2), previewed[2].slice(2, 4)];
    assert.equal(await page.locator(`#board .piece[data-square="${from}"]`).count(), 0, 'the third move’s piece has left its point');
    assert.equal(await page.locator(`#board .piece[data-square="${to}"]`).count(), 1);
    assert.equal(await fen(), before);
    await page.screenshot({ path: '/tmp/chuhan-study-preview.png' });
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => !('preview' in document.getElementById('board').dataset));
    // A click on its third move goes there: three plays into the record.
    await reset();
    // Read and clicked in one turn of the page: the analysis goes on and redraws its lines.
    const move = await page.evaluate(() => {
      const third = document.querySelectorAll('#info-lines li[data-line="0"] .pv-move')[2];
      third.click();
      return third.dataset.move;
    });
    await page.waitForFunction(() => window.chuhan.shownNode.ply === 4);
    assert.deepEqual((await sent()).filter((c) => c === 'play').length, 3);
    assert.equal(await page.evaluate(() => window.chuhan.shownNode.move), move);
    // The threat: what the other side would play if it could move now.
    await page.check('#threat');
    await page.waitForFunction(() => /Threat: .+|No threat/.test(document.getElementById('threat-text').textContent), null, { timeout: 20000 });
    if (/Threat: /.test(await page.textContent('#threat-text'))) assert.equal(await page.locator('#board line.arrow.threat').count(), 1);
    await page.screenshot({ path: '/tmp/chuhan-study-analysis.png' });
    await page.uncheck('#threat');
    await page.uncheck('#analysis');
    await page.selectOption('#analysis-lines', '1');
  });

  test('what it costs: stepping 0 messages, an earlier position analysed 2, Undo at most 2', async () => {
    await page.evaluate((text) => window.chuhan.loadPgn(text), game120);
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 120);
    await page.evaluate(() => document.activeElement?.blur());
    await reset();
    await page.keyboard.press('Home');
    for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    assert.equal((await node(await shown())).ply, 90);
    assert.deepEqual(await sent(), [], 'stepping through 120 plies');
    await page.check('#analysis');
    await page.waitForFunction(() => window.chuhan.info?.depth >= 3);
    await reset();
    await page.click('#move-list button[data-ply="60"]');
    await page.waitForFunction(() => window.chuhan.info?.node === window.chuhan.game.shown && window.chuhan.info.depth >= 3);
    assert.deepEqual(await sent(), ['goTo', 'go'], 'an earlier position analysed');
    await page.uncheck('#analysis');
    // Undo in a game against the engine.
    await page.evaluate(() => window.chuhan.newGame({ human: 'w', level: 1 }));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0 && window.chuhan.canMove);
    for (const [move, ply] of [['h2e2', 2], ['h0g2', 4]]) {
      await clickMove(move);
      await page.waitForFunction((n) => window.chuhan.liveNode.ply === n && window.chuhan.canMove, ply);
    }
    await reset();
    await page.click('#undo');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 2 && window.chuhan.canMove);
    assert.ok((await sent()).length <= 2, `Undo: ${await sent()}`);
  });

  test('"Review game" on a 120-ply game: at most 2 messages a position and 24 KB in all', async () => {
    await page.evaluate((text) => window.chuhan.loadPgn(text), game120);
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 120);
    await reset();
    await page.evaluate(() => window.chuhan.startReview({ movetime: 50 }));
    const review = await page.evaluate(() => window.chuhan.review);
    const messages = await sent();
    console.log(`# review of 120 plies: ${messages.length} messages, ${await bytes()} bytes for ${review.done} positions`);
    assert.equal(review.done, 121);
    assert.ok(messages.length <= 2 * review.done, `${messages.length} messages`);
    assert.ok((await bytes()) <= 24 * 1024, `${await bytes()} bytes`);
  });

  test('the Explorer tab is a slot its module fills', async () => {
    await showTab(page, 'explorer');
    await page.waitForSelector('#panel-explorer .explorer-credit');
    assert.match(await page.textContent('#panel-explorer'), /CC BY 4\.0/);
    assert.equal(await page.getAttribute('#panel-explorer', 'data-panel'), 'explorer');
    assert.equal(await page.locator('#position-editor-slot').count(), 1);
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
