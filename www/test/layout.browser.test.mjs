// The app's layout on the screens people use (laptops, a desktop, phones upright and sideways):
// the whole board and the main controls are visible without scrolling, nothing overlaps, and the
// board grows with the window. Screenshots: /tmp/chuhan-layout-<width>x<height>.png.
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
const Controls = ['#undo', '#hint', '#resign', '#level', '#new-game button[type="submit"]', '#status'];

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
        // A finished game shows its result banner: it must not move the board.
        const before = await page.locator('#board svg').boundingBox();
        await page.evaluate(() => window.chuhan.resign());
        await page.waitForSelector('#result:not([hidden])');
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
        await page.screenshot({ path: `/tmp/chuhan-layout-${screen.width}x${screen.height}.png` });
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
