// The app's layout on the screens people use (laptops, a desktop, phones upright and sideways):
// the whole board, the moves and the main controls are visible without scrolling, nothing overlaps,
// the tabs sit beside the board on laptops and desktops (below it on phones), and the board grows
// with the window. Screenshots: /tmp/chuhan-layout-<width>x<height>.png (a study of a few moves
// with a variation and the analysis on) and /tmp/chuhan-layout-<w>x<h>-dialog.png (New game).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { hasChromium, launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();

const Screens = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 360, height: 740, mobile: true },
  { width: 390, height: 844, mobile: true },
  { width: 430, height: 932, mobile: true },
  { width: 740, height: 360, mobile: true },
  { width: 844, height: 390, mobile: true },
];
// What a player needs on every move.
const Controls = ['#undo', '#redo', '#hint', '#resign', '#flip', '#new-game-open', '#status', '#nav-prev', '#nav-next', '#tab-analysis'];

describe('layout in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  const boardWidths = {};

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  for (const screen of Screens) {
    test(`${screen.width}×${screen.height}: the board and the controls fit without scrolling`, async () => {
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        isMobile: !!screen.mobile,
        hasTouch: !!screen.mobile,
        deviceScaleFactor: 1,
        locale: 'en-US',
      });
      try {
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
        // A study of a few moves with a variation, the analysis on.
        await page.evaluate(() => window.chuhan.loadPgn('1. 炮二平五 马８进７ (1... 马２进３ 2. 马二进三) 2. 马二进三 车９平８ 3. 车一平二 马２进３'));
        await page.waitForFunction(() => window.chuhan.liveNode?.ply === 6 && window.chuhan.canMove);
        await page.evaluate(() => window.chuhan.view(3));
        await page.evaluate(() => window.chuhan.setAnalysis(true));
        await page.waitForFunction(() => window.chuhan.info?.depth >= 6, null, { timeout: 20000 });
        // The moves are on screen: the list (laptops, desktops) or the strip (phones).
        const moves = page.locator(screen.width < screen.height ? '#move-strip button[aria-current="true"]' : '#move-list button[aria-current="true"]');
        const shownMove = await moves.boundingBox();
        assert.ok(shownMove && shownMove.y >= 0 && shownMove.y + shownMove.height <= screen.height, `the move shown ${JSON.stringify(shownMove)}`);
        if (screen.width > screen.height) {
          // Tabs beside the board.
          const tabs = await page.locator('#tab-analysis').boundingBox();
          const board = await page.locator('#board svg').boundingBox();
          assert.ok(tabs.x >= board.x + board.width, 'the tabs are beside the board');
          const panel = await page.locator('#panel-analysis').boundingBox();
          assert.ok(panel.y + 40 < screen.height, 'the analysis is on screen');
          // The tabs stay one row where the column can hold them (a lone tab on a second row ate
          // the panel's height at 844×390).
          if (screen.width >= 800) {
            const tops = await page.locator('.tabs button[role="tab"]').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
            assert.equal(new Set(tops).size, 1, `the tabs wrap: tops ${tops}`);
          }
        }
        await page.screenshot({ path: `/tmp/chuhan-layout-${screen.width}x${screen.height}.png` });
        await page.evaluate(() => window.chuhan.setAnalysis(false));
        // The New game dialog fits: every menu whole, its arrow inside (issue 35.3).
        await page.click('#new-game-open');
        for (const id of ['side', 'level', 'time-control']) {
          const fits = await page.locator(`#${id}`).evaluate((select) => {
            const s = select.getBoundingClientRect();
            const d = select.closest('dialog').getBoundingClientRect();
            return s.left >= d.left && s.right <= d.right && s.right <= innerWidth && select.scrollWidth <= select.clientWidth + 1;
          });
          assert.ok(fits, `#${id} overflows the New game dialog`);
        }
        await page.screenshot({ path: `/tmp/chuhan-layout-${screen.width}x${screen.height}-dialog.png` });
        await page.click('#new-game-cancel');
        await page.evaluate(() => window.chuhan.newGame({ human: 'w' }));
        await page.waitForFunction(() => window.chuhan.liveNode?.ply === 0 && window.chuhan.canMove);
        // A finished game shows its result banner: it must not move the board.
        const before = await page.locator('#board svg').boundingBox();
        await page.evaluate(() => window.chuhan.resign());
        await page.waitForSelector('#result:not([hidden])');
        await page.waitForTimeout(100);
        const box = await page.locator('#board svg').boundingBox();
        assert.deepEqual(box, before, `the result banner moved the board: ${JSON.stringify(before)} to ${JSON.stringify(box)}`);
        const inside = (b) => b.x >= 0 && b.y >= 0 && b.x + b.width <= screen.width + 0.5 && b.y + b.height <= screen.height + 0.5;
        assert.ok(inside(box), `board ${JSON.stringify(box)}`);
        const boxes = [];
        for (const selector of Controls) {
          const b = await page.locator(selector).boundingBox();
          assert.ok(b && inside(b), `${selector} ${JSON.stringify(b)} is not visible in ${screen.width}×${screen.height}`);
          const overlaps = (a, c) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;
          assert.ok(!overlaps(b, box), `${selector} overlaps the board`);
          boxes.push(b);
        }
        const result = await page.locator('#result').boundingBox();
        assert.ok(inside(result), 'the result is visible');
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scroll <= screen.width, `the page scrolls sideways (${scroll} px)`);
        boardWidths[`${screen.width}x${screen.height}`] = box.width;
        // As big as the screen allows: nearly its width when upright, most of its height when wide.
        if (screen.width < screen.height) assert.ok(box.width >= screen.width - 20, `board ${box.width} px wide`);
        else assert.ok(box.height >= 0.8 * screen.height, `board ${box.height} px high`);
      } finally {
        await context.close();
      }
    });
  }

  test('the board grows with the window', () => {
    console.log(`# board widths: ${JSON.stringify(boardWidths)}`);
    assert.ok(boardWidths['1920x1080'] > boardWidths['1366x768'] && boardWidths['1366x768'] > boardWidths['1280x720']);
  });
});
