// Game review in Chromium: the engine goes through a game, marks the move that threw away a win
// with the better move and its line, draws the evaluation graph; the graph and the move list lead
// to the move; stop ends a review early.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, showTab } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';
import { shareLink } from '../js/share.js';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
// A tactic (one move wins, every other is clearly worse) whose winning move is not played.
const tactic = JSON.parse(readFileSync(new URL('../puzzles/tactics.json', import.meta.url), 'utf8')).puzzles[0];

describe('game review in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let page;
  const problems = [];

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    collectProblems(page, problems);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('the move that missed the win is marked, with the better move and its line', async () => {
    await page.goto(`${url}#fen=${encodeURIComponent(tactic.fen)}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await page.waitForFunction((f) => document.getElementById('board').dataset.fen === f && window.chuhan.canMove, tactic.fen);
    const wrong = (await page.evaluate(() => window.chuhan.status.legalMoves)).find((m) => m !== tactic.best);
    await page.evaluate((m) => window.chuhan.humanMove(m), wrong);
    await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 1 && window.chuhan.canMove);
    await showTab(page, 'review');
    await page.click('#review');
    await page.waitForFunction(() => /Review done/.test(document.getElementById('review-progress').textContent), null, { timeout: 20000 });
    const marked = page.locator('#move-list button[data-ply="1"]');
    assert.match(await marked.getAttribute('class'), /blunder|mistake/);
    assert.match(await marked.textContent(), /\?/);
    assert.ok(await page.isVisible('#eval-graph'));
    assert.ok((await page.locator('#eval-graph circle.mark').count()) >= 1);
    // The graph leads to the move; the note names the better move.
    await page.click('#move-list [data-ply="0"]').catch(() => {});
    const box = await page.locator('#eval-graph').boundingBox();
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await page.waitForFunction(() => /better was/.test(document.getElementById('review-note').textContent));
    assert.match(await page.textContent('#review-note'), /^Move \d+ .+\?+ loses about \d+\.\d pawns; better was .+/);
    await page.screenshot({ path: '/tmp/chuhan-review.png' });
  });

  test('learn from your mistakes: the missed win comes back as a puzzle', async () => {
    const side = tactic.fen.split(' ')[1];
    const button = side === 'w' ? '#learn-red' : '#learn-black';
    assert.ok(await page.isEnabled(button));
    await page.click(button);
    await page.waitForFunction(() => window.chuhan.learn?.state === 'trying' && window.chuhan.game.shown === 0);
    assert.equal(await page.getAttribute('#board', 'data-fen'), tactic.fen);
    assert.match(await page.textContent('#learn-text'), /^Mistake 1\/1: .+ played .+ at move \d+\. Find a better move\.$/);
    assert.equal(await page.textContent('#status'), 'Learn from your mistakes: find a better move');
    const point = (square) => `#board .point[data-square="${square}"]`;
    const play = async (move) => {
      await page.click(point(move.slice(0, 2)));
      await page.click(point(move.slice(2, 4)));
    };
    // The mistake again: not better; the board goes back to try again.
    const mistake = await page.evaluate(() => window.chuhan.tree.nodes[1].move);
    await play(mistake);
    await page.waitForFunction(() => window.chuhan.learn.state === 'wrong' && window.chuhan.game.shown === 0, null, { timeout: 20000 });
    assert.match(await page.textContent('#learn-text'), /^Not better either/);
    // The engine's better move solves it.
    const best = await page.evaluate(() => window.chuhan.review.marks[1].best);
    await play(best);
    await page.waitForFunction(() => window.chuhan.learn.state === 'solved', null, { timeout: 20000 });
    assert.match(await page.textContent('#learn-text'), /^Right!/);
    assert.equal(await page.evaluate(() => window.chuhan.shownNode.move), best, 'the better move is shown');
    await page.screenshot({ path: '/tmp/chuhan-review-learn.png' });
    await page.click('#learn-next');
    await page.waitForFunction(() => window.chuhan.learn.state === 'done');
    await page.click('#learn-stop');
    await page.waitForFunction(() => !window.chuhan.learn);
  });

  test('a review can be stopped; what was reviewed stays', async () => {
    await page.goto('about:blank');
    await page.goto(shareLink(url, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b0c2', 'a9b9', 'a0b0', 'b7b3']));
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 10 && window.chuhan.canMove);
    await showTab(page, 'review');
    await page.click('#review');
    await page.waitForFunction(() => window.chuhan.review?.done >= 2);
    assert.equal(await page.textContent('#review'), 'Stop review');
    assert.ok(!(await page.evaluate(() => window.chuhan.canMove)), 'no moves while reviewing');
    await page.click('#review');
    await page.waitForFunction(() => window.chuhan.review && !window.chuhan.review.running && window.chuhan.canMove, null, { timeout: 10000 });
    const done = await page.evaluate(() => window.chuhan.review.done);
    assert.ok(done >= 2 && done < 11, `${done} positions reviewed`);
    assert.match(await page.textContent('#review-progress'), /Review done/);
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
