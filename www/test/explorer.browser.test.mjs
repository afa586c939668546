// The opening explorer panel in Chromium over the real engine and data: it draws the masters'
// moves with counts and W/D/L bars, a click plays a move, a master game opens as PGN the engine
// reads, and the opening's name follows the position.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();

describe('the explorer panel in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let page;
  const problems = [];

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 800, height: 900 }, locale: 'en-US' })).newPage();
    collectProblems(page, problems);
    // A page of the app's origin with nothing else on it: the panel and the engine are imported.
    await page.goto(`${url}js/explorer.js`);
    await page.evaluate(async () => {
      const { createExplorer, explorerT } = await import('/js/explorer.js');
      const { createEngine } = await import('/wasm/index.js');
      document.body.innerHTML = '<div id="explorer"></div>';
      const engine = await createEngine({ hashMB: 4 });
      window.played = [];
      window.opened = [];
      window.openings = [];
      window.engine = engine;
      window.panel = createExplorer(document.getElementById('explorer'), {
        source: engine,
        t: explorerT('en'),
        lang: () => 'zh',
        onPlay: (move) => window.played.push(move),
        onOpenGame: (pgn, game) => window.opened.push({ pgn, game }),
        onOpening: (o) => window.openings.push(o),
      });
    });
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('the start: every master game, moves most played first, W/D/L bars', async () => {
    const started = Date.now();
    await page.evaluate(() => window.panel.update('startpos'));
    const loadMs = Date.now() - started;
    console.log(`# explorer data fetched, loaded and the start drawn in ${loadMs} ms`);
    const total = await page.textContent('.explorer-total');
    assert.match(total, /2\d,\d{3} master games/);
    const moves = await page.$$eval('.explorer-moves tbody tr', (rows) => rows.map((r) => r.dataset.move));
    assert.equal(moves[0], 'h2e2');
    assert.equal(await page.textContent('.explorer-moves tbody tr:first-child .explorer-play'), '炮二平五');
    const widths = await page.$$eval('.explorer-moves tbody tr:first-child .explorer-bar > span', (s) => s.map((x) => parseFloat(x.style.width)));
    assert.equal(widths.length, 3);
    assert.equal(Math.round(widths.reduce((a, b) => a + b)), 100);
    assert.ok((await page.$$('.explorer-games button')).length > 0);
    assert.match(await page.textContent('.explorer-credit'), /CC BY 4\.0/);
  });

  test('a click plays the move; a position has its opening name', async () => {
    await page.click('.explorer-moves tbody tr:first-child .explorer-play');
    assert.deepEqual(await page.evaluate(() => window.played), ['h2e2']);
    await page.evaluate(() => window.panel.update('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2'));
    assert.match(await page.textContent('.explorer-opening'), /中炮/);
    const last = await page.evaluate(() => window.openings.at(-1));
    assert.ok(last?.eco, JSON.stringify(last));
  });

  test('a master game opens as PGN the engine reads', async () => {
    await page.click('.explorer-games li:first-child button');
    await page.waitForFunction(() => window.opened.length === 1);
    const moves = await page.evaluate(async () => {
      const { pgn, game } = window.opened[0];
      const record = await window.engine.loadPgn(pgn);
      return { read: record.moves.length, plies: game.plies, red: record.tags.Red, expected: game.red };
    });
    assert.equal(moves.read, moves.plies);
    assert.equal(moves.red, moves.expected);
  });

  test('a position no master reached says so', async () => {
    await page.evaluate(() => window.panel.update('3k5/9/9/9/4r4/9/2N6/9/9/4K4 w - - 0 1'));
    assert.match(await page.textContent('#explorer'), /No master game reached this position/);
    assert.deepEqual(problems, []);
  });
});
