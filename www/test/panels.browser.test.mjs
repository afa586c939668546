// The position editor and the game library as components, in Chromium with the real engine
// (www/test/fixtures/panels.html): pieces dragged from the tray, on the board and off it, picked
// and clicked; every problem the engine names, ringed on the board; the library in IndexedDB,
// kept across a reload, with an import of many games, search, rename and delete.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();

describe('editor and library panels in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let page;
  const problems = [];

  const open = async (query = '') => {
    await page.goto(`${url}test/fixtures/panels.html${query}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  };
  const center = async (selector) => {
    const box = await page.locator(selector).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const dragTo = async (from, to) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 6, from.y + ((to.y - from.y) * i) / 6);
    await page.mouse.up();
  };
  const fen = () => page.getAttribute('#editor-panel', 'data-fen');
  const judged = () => page.waitForFunction(() => document.getElementById('editor-panel').dataset.ok !== 'pending');

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    collectProblems(page, problems);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('a position set up by dragging, checked by the engine', async () => {
    await open();
    await judged();
    assert.equal(await page.getAttribute('#editor-panel', 'data-ok'), 'true');
    await page.click('.editor-clear');
    await judged();
    assert.equal(await fen(), '9/9/9/9/9/9/9/9/9/9 w - - 0 1');
    assert.match(await page.textContent('.editor-problems'), /Red has no general.*Black has no general/);
    // Generals from the tray, facing each other: the engine says so and rings both.
    await dragTo(await center('.tray-piece[data-piece="K"]'), await center('.point[data-square="e0"]'));
    await dragTo(await center('.tray-piece[data-piece="k"]'), await center('.point[data-square="e9"]'));
    await judged();
    assert.equal(await fen(), '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    assert.equal(await page.textContent('.editor-problems'), 'The two generals face each other on an open file');
    assert.deepEqual(await page.$$eval('.editor-problem', (r) => r.map((x) => x.dataset.square).sort()), ['e0', 'e9']);
    assert.equal(await page.isDisabled('.editor-play'), true);
    // Move Black's general on the board: legal.
    await dragTo(await center('.point[data-square="e9"]'), await center('.point[data-square="d9"]'));
    await judged();
    assert.equal(await fen(), '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    assert.equal(await page.getAttribute('#editor-panel', 'data-ok'), 'true');
    assert.equal(await page.$$eval('.editor-problem', (r) => r.length), 0);
    // Pick an elephant and click across the river; a rook by click too; the side to move.
    await page.click('.tray-piece[data-piece="B"]');
    await page.click('.point[data-square="c5"]');
    await page.click('.tray-piece[data-piece="R"]');
    await page.click('.point[data-square="d0"]');
    await judged();
    assert.equal(await fen(), '3k5/9/9/9/2B6/9/9/9/9/3RK4 w - - 0 1');
    assert.deepEqual(await page.$$eval('.editor-problems li', (l) => l.map((x) => x.textContent)), [
      'Red elephant on c5: it can never stand there',
      'Black is in check but it is not its turn',
    ]);
    // Drag the elephant off the board, give Black the move: legal, Black in check.
    await page.click('.tray-piece[data-piece="R"]'); // put the rook back in the tray (unpick)
    const board = await page.locator('#editor-board').boundingBox();
    await dragTo(await center('.point[data-square="c5"]'), { x: board.x + board.width + 40, y: board.y + 40 });
    await page.check('.editor-turn input[value="b"]');
    await judged();
    assert.equal(await fen(), '3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1');
    assert.match(await page.textContent('.editor-status'), /checkmate|in check/);
    // Start position and flip.
    await page.click('.editor-start');
    await page.click('.editor-flip');
    await judged();
    assert.equal(await fen(), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    assert.equal(await page.getAttribute('#editor-board', 'data-flipped'), 'true');
    assert.match(await page.textContent('.editor-status'), /44 legal moves/);
    // Analyse and Play from here hand the FEN over.
    await page.click('.editor-analyse');
    await page.click('.editor-play');
    assert.deepEqual(await page.evaluate(() => window.panels.events.map((e) => e[0])), ['analyse', 'play']);
    // A FEN typed in.
    await page.fill('.editor-fen-input', '4k4/9/9/9/9/9/9/9/9/3K5 b');
    await page.press('.editor-fen-input', 'Enter');
    await judged();
    assert.equal(await fen(), '4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1');
    await page.fill('.editor-fen-input', 'rnbakabnr/9 w');
    await page.click('.editor-load');
    await page.waitForFunction(() => /Not a FEN: the board has 2 ranks/.test(document.querySelector('.editor-problems').textContent));
  });

  test('the library keeps games in IndexedDB across a reload', async () => {
    await open();
    const pgn = [1, 2, 3].map((i) => `[Event "Library ${i}"]\n[Red "Red ${i}"]\n[Black "Black ${i}"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n`).join('\n');
    await page.evaluate((text) => window.panels.panel.importBytes(new TextEncoder().encode(text)), pgn);
    await page.waitForFunction(() => document.getElementById('library-panel').dataset.count === '3');
    assert.match(await page.textContent('#notice'), /Imported 3 games/);
    await open(); // a reload
    await page.waitForFunction(() => document.getElementById('library-panel').dataset.count === '3');
    await page.fill('.library-search', 'red 2');
    await page.waitForFunction(() => document.getElementById('library-panel').dataset.count === '1');
    const id = await page.getAttribute('.library-game', 'data-id');
    // Rename in place, then delete with a second click.
    await page.click('.library-rename');
    await page.fill('.library-rename-input', 'The second game');
    await page.press('.library-rename-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('.library-title')?.textContent === 'The second game');
    await page.click('.library-open');
    assert.deepEqual(await page.evaluate(() => window.panels.events.at(-1)), ['open', id]);
    await page.click('.library-delete');
    assert.equal(await page.textContent('.library-delete'), 'Delete this game?');
    await page.click('.library-delete');
    await page.fill('.library-search', '');
    await page.waitForFunction(() => document.getElementById('library-panel').dataset.count === '2');
    await open();
    await page.waitForFunction(() => document.getElementById('library-panel').dataset.count === '2');
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
