// The opening explorer in Chromium over the real engine and data: the panel alone (it draws the
// masters' moves with counts and W/D/L bars, a click plays a move, a master game opens as PGN the
// engine reads, the opening's name follows the position), then the app's Explorer tab online and
// offline (the service worker serves the data): moves, a click that plays, the opening's name over
// the move list as the game goes, and a master game opened into the record to study.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, showTab } from '../../scripts/chromium.mjs';
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
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
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

describe('the Explorer tab of the app in Chromium, online and offline', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let context;
  let page;
  const problems = [];
  const ready = () => page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  const ply = () => page.evaluate(() => window.chuhan.liveNode?.ply ?? -1);

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    page = await context.newPage();
    collectProblems(page, problems);
    await page.goto(url);
    await ready();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  // The Explorer tab shown and drawn for the position shown.
  async function showExplorer() {
    await showTab(page, 'explorer');
    await page.waitForSelector('#panel-explorer .explorer-credit', { timeout: 15000 });
  }

  test('the moves of the start, a click plays one, the name over the move list follows', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0);
    const started = Date.now();
    await showExplorer();
    console.log(`# Explorer tab: data fetched, loaded and the start drawn ${Date.now() - started} ms after the click`);
    assert.match(await page.textContent('#panel-explorer .explorer-total'), /2\d,\d{3} master games/);
    await page.click('#panel-explorer tr[data-move="h2e2"] .explorer-play');
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 1);
    assert.equal(await page.evaluate(() => window.chuhan.shownNode.move), 'h2e2');
    await page.waitForFunction(() => /中炮/.test(document.getElementById('opening-name').textContent));
    assert.equal(await page.isVisible('#opening-name'), true);
    // The explorer now shows Black's replies.
    await page.waitForSelector('#panel-explorer tr[data-move="h9g7"]');
    // Far from any master game the line keeps its name.
    for (const m of ['a6a5', 'a3a4', 'a9a8']) {
      const before = await ply();
      await page.evaluate((move) => window.chuhan.humanMove(move), m);
      await page.waitForFunction((n) => window.chuhan.liveNode?.ply === n + 1, before);
    }
    await page.waitForSelector('#panel-explorer .explorer-status');
    assert.match(await page.textContent('#opening-name'), /中炮/);
    // The panel names the line's opening too.
    await page.waitForFunction(() => document.getElementById('opening-name').dataset.eco === document.querySelector('#panel-explorer .explorer-opening').dataset.eco);
    assert.match(await page.textContent('#panel-explorer .explorer-opening'), /Central Cannon/);
  });

  test('a master game opens into the record to study', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0);
    await page.waitForSelector('#panel-explorer .explorer-games button');
    const label = await page.textContent('#panel-explorer .explorer-games li:first-child button');
    await page.click('#panel-explorer .explorer-games li:first-child button');
    await page.waitForFunction(() => window.chuhan.liveNode?.ply > 20);
    const [, red] = label.match(/^\S+ (.+?) – /);
    assert.match(await page.textContent('#players'), new RegExp(red.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.equal(await page.evaluate(() => window.chuhan.game.human), 'both');
    assert.ok((await page.textContent('#move-list')).length > 0);
    await page.waitForFunction(() => document.getElementById('opening-name').textContent.length > 0);
  });

  test('offline: the tab, the names and the master games come from the service worker', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now controlled by the service worker
    await ready();
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
    assert.ok(await page.evaluate(async () => !!(await caches.match(new URL('../wasm/data/openings.bin', location.href).href))), 'the data is cached');
    await context.setOffline(true);
    try {
      await page.reload();
      await ready();
      await showExplorer();
      assert.match(await page.textContent('#panel-explorer'), /master games|No master game/);
      // The saved game (the master game) is named offline too.
      await page.waitForFunction(() => document.getElementById('opening-name').textContent.length > 0);
      await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
      await page.waitForSelector('#panel-explorer tr[data-move="h2e2"]');
      await page.click('#panel-explorer tr[data-move="h2e2"] .explorer-play');
      await page.waitForFunction(() => /中炮/.test(document.getElementById('opening-name').textContent));
      await page.click('#panel-explorer .explorer-games li:first-child button');
      await page.waitForFunction(() => window.chuhan.liveNode?.ply > 20);
    } finally {
      await context.setOffline(false);
    }
    assert.deepEqual(problems, []);
  });
});
