// Share links in Chromium: a link opens its game, the Share button makes one, a bad link says so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, showTab } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';
import { sharedGame, shareLink } from '../js/share.js';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

test('a link carries the start and the moves, and reads back', () => {
  const fen = '3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1';
  assert.deepEqual(sharedGame(new URL(shareLink('https://x.org/app/', fen, ['b7b9'])).hash), { startFen: fen, moves: ['b7b9'] });
  assert.deepEqual(sharedGame(new URL(shareLink('https://x.org/', StartFen, ['h2e2', 'h9g7'])).hash), { startFen: StartFen, moves: ['h2e2', 'h9g7'] });
  assert.equal(sharedGame(''), null);
  assert.equal(sharedGame('#other=1'), null);
});

describe('share links in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let page;
  const problems = [];
  const moves = () => page.$$eval('#move-list button[data-ply]', (b) => b.map((x) => x.dataset.move));

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    collectProblems(page, problems);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('opening a link shows its game; the link leaves the address bar', async () => {
    await page.goto(`${url}#moves=h2e2,h9g7,h0g2`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 3);
    assert.deepEqual(await moves(), ['h2e2', 'h9g7', 'h0g2']);
    assert.equal(await page.evaluate(() => location.hash), '');
  });

  test('the Share button makes a link to the game shown, copied to the clipboard', async () => {
    await showTab(page, 'position');
    await page.click('#share');
    const link = await page.inputValue('#share-url');
    assert.deepEqual(sharedGame(new URL(link).hash), { startFen: StartFen, moves: ['h2e2', 'h9g7', 'h0g2'] });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await page.waitForFunction(() => /Link copied/.test(document.getElementById('notice').textContent));
    // Opened elsewhere, it shows the same game.
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await other.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 3);
    assert.equal(await other.getAttribute('#board', 'data-fen'), await page.getAttribute('#board', 'data-fen'));
    await other.close();
  });

  test('a link with an illegal move says what is wrong and keeps the game', async () => {
    await page.goto('about:blank'); // a new load: only the fragment differs
    await page.goto(`${url}#moves=h2e2,a0a9`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await page.waitForFunction(() => /link’s game is wrong: .*a0a9/.test(document.getElementById('notice').textContent), null, { timeout: 10000 });
    assert.deepEqual(await moves(), ['h2e2', 'h9g7', 'h0g2']);
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
