// The bugs of issue 35 (Web app III), one test each, as a person meets them in headless Chromium
// (3, the New game menus at 1366×768 and 1280×720, is in layout.browser.test.mjs; 5, headers and
// result through import and export, in study.browser.test.mjs; 7 and 8 also in game.test.mjs).
// Screenshots: /tmp/chuhan-issue-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, showTab } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const tactic = JSON.parse(readFileSync(new URL('../puzzles/tactics.json', import.meta.url), 'utf8')).puzzles[0];

describe('issue 35 in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  const problems = [];

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  // A fresh visit at `viewport` (1280×800 unless told).
  async function visit(viewport = { width: 1280, height: 800 }, options = {}) {
    const context = await browser.newContext({ viewport, locale: 'en-US', ...options });
    const page = await context.newPage();
    collectProblems(page, problems);
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    return page;
  }
  const clickMove = async (page, move) => {
    await page.click(`#board .point[data-square="${move.slice(0, 2)}"]`);
    await page.click(`#board .point[data-square="${move.slice(2, 4)}"]`);
  };

  test('1, 2, 8: the review judges book positions too and marks 炮五进四??; the graph shows who is ahead, in pawns', async () => {
    const page = await visit();
    // The default level plays from the book, whose positions the review used to skip.
    assert.equal(await page.evaluate(() => window.chuhan.game.level), 4);
    await page.evaluate(() => window.chuhan.loadPgn('1. 炮二平五 马８进７ 2. 炮五进四'));
    await page.waitForFunction(() => window.chuhan.liveNode?.ply === 3);
    await showTab(page, 'review');
    await page.click('#review');
    await page.waitForFunction(() => document.getElementById('review-progress').dataset.state === 'done', null, { timeout: 60000 });
    const review = await page.evaluate(() => window.chuhan.review);
    assert.ok(review.evals.every(Boolean), 'every position judged');
    const blunder = page.locator('#move-list button[data-ply="3"]');
    assert.match(await blunder.getAttribute('class'), /\bblunder\b/);
    assert.match(await blunder.textContent(), /炮五进四\?\?/);
    // The note counts moves (move 2, not ply 3) and pawns; the better move is an arrow.
    await blunder.click();
    assert.match(await page.textContent('#review-note'), /^Move 2 炮五进四\?\? loses about \d+\.\d pawns; better was .+/);
    assert.equal(await page.locator('#board line.arrow.review').count(), 1);
    await page.click('#move-list button[data-ply="2"]');
    assert.equal(await page.textContent('#status'), 'Viewing move 1: 马８进７');
    await blunder.click();
    // Black is ahead after it: the graph fills below the middle in black, and says what it shows.
    const shapes = await page.evaluate(() => {
      const area = (cls) => document.querySelector(`#eval-graph .${cls}`).getAttribute('points').split(' ').map((p) => Number(p.split(',')[1]));
      return { red: area('red-area'), black: area('black-area'), fills: ['red-area', 'black-area'].map((c) => getComputedStyle(document.querySelector(`#eval-graph .${c}`)).fill) };
    });
    assert.ok(Math.max(...shapes.black) > 60, 'a black area below the middle');
    assert.notEqual(shapes.fills[0], shapes.fills[1]);
    assert.match(await page.textContent('#graph figcaption'), /pawns/);
    assert.equal(await page.textContent('#graph .graph-y'), '+50−5');
    assert.match((await page.textContent('#accuracy')).replace(/\s+/g, ''), /^Redaccuracy\d+(\.\d)?%Blackaccuracy\d+(\.\d)?%$/);
    await page.screenshot({ path: '/tmp/chuhan-issue-review.png' });
    await page.context().close();
  });

  test('4, 12: a new puzzle starts clean; a solved tactic shows why its move wins', async () => {
    const page = await visit();
    await showTab(page, 'puzzles');
    await page.selectOption('#puzzle-kind', 'tactic');
    await page.click('#puzzle-next');
    await page.waitForFunction((id) => window.chuhan.puzzle?.id === id && window.chuhan.canMove, tactic.id, { timeout: 15000 });
    await clickMove(page, tactic.best);
    await page.waitForFunction(() => !document.getElementById('puzzle-line').hidden, null, { timeout: 15000 });
    assert.match(await page.textContent('#puzzle-line'), /^Why it wins: .+[进退平].+ \((Red|Black) wins: mate in \d+|[+-]\d+\)$/);
    await page.screenshot({ path: '/tmp/chuhan-issue-tactic.png' });
    // Next puzzle: nothing of the last one's search is left to spoil it.
    await page.click('#puzzle-next');
    await page.waitForFunction((id) => window.chuhan.puzzle && window.chuhan.puzzle.id !== id && window.chuhan.canMove, tactic.id, { timeout: 15000 });
    await showTab(page, 'analysis');
    assert.equal(await page.textContent('#info-score'), '–');
    assert.equal(await page.locator('#info-lines .pv-move').count(), 0);
    assert.equal(await page.textContent('#hint-text'), '');
    assert.ok(await page.locator('#puzzle-line').evaluate((e) => e.hidden));
    await page.context().close();
  });

  test('6: the language button keeps 4.5:1 contrast when hovered', async () => {
    const page = await visit();
    await page.hover('#lang');
    await page.waitForTimeout(100);
    const ratio = await page.evaluate(() => {
      const luminance = (color) => {
        const [r, g, b] = color.match(/[\d.]+/g).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const button = document.getElementById('lang');
      let bg = getComputedStyle(button).backgroundColor;
      if (/rgba\(.*, 0\)$|transparent/.test(bg)) bg = getComputedStyle(button.closest('header')).backgroundColor;
      const [a, b] = [luminance(getComputedStyle(button).color), luminance(bg)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)}`);
    await page.context().close();
  });

  test('7: the engine’s refusals in Chinese, without the API’s prefixes', async () => {
    const page = await visit();
    await page.click('#lang');
    await showTab(page, 'position');
    await page.fill('#fen', 'rnbakabnr w - - 0 1');
    await page.click('#load-fen');
    await page.waitForFunction(() => /FEN/.test(document.getElementById('notice').textContent));
    assert.equal(await page.textContent('#notice'), 'FEN 有误：棋盘应有 10 行（用“/”分隔），这里有 1 行');
    await page.fill('#pgn', '[Game "Chinese Chess"]\n1. 炮二平五 马８进７ 2. 炮五进九');
    await page.click('#import-pgn');
    await page.waitForFunction(() => /PGN/.test(document.getElementById('notice').textContent));
    assert.equal(await page.textContent('#notice'), 'PGN 有误：第 2 行：\'炮五进九\' 不是红方第 2 回合的合法着法');
    await page.context().close();
  });

  test('9: on a phone, Next puzzle brings the board into sight', async () => {
    const page = await visit({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await showTab(page, 'puzzles');
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    assert.ok((await page.locator('#board').boundingBox()).y < 0, 'the board has scrolled away');
    await page.click('#puzzle-next');
    await page.waitForFunction(() => window.chuhan.puzzle && window.chuhan.canMove, null, { timeout: 15000 });
    await page.waitForTimeout(200);
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `board at ${JSON.stringify(box)}`);
    await page.screenshot({ path: '/tmp/chuhan-issue-phone-puzzle.png' });
    await page.context().close();
  });

  test('10: the analysis shows only while on, and its line starts from the position shown', async () => {
    const page = await visit();
    await page.evaluate(() => window.chuhan.setLevel(1));
    await page.check('#analysis');
    await page.waitForFunction(() => window.chuhan.info?.depth >= 4);
    assert.ok(await page.locator('#eval-bar').evaluate((e) => !e.hidden));
    await clickMove(page, 'h2e2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 2 && window.chuhan.canMove, null, { timeout: 15000 });
    // After the engine's move, the line shown is the analysis of the new position: its first move is
    // one of Red's.
    await page.waitForFunction(() => window.chuhan.info?.node === 2 && window.chuhan.info.depth >= 3, null, { timeout: 15000 });
    const first = await page.getAttribute('#info-lines li[data-line="0"] .pv-move', 'data-move');
    assert.ok((await page.evaluate(() => window.chuhan.status.legalMoves)).includes(first), `${first} is Red's move here`);
    await page.uncheck('#analysis');
    await clickMove(page, 'h0g2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 4 && window.chuhan.canMove, null, { timeout: 15000 });
    assert.equal(await page.textContent('#info-score'), '–');
    assert.equal(await page.locator('#info-lines .pv-move').count(), 0);
    assert.ok(await page.locator('#eval-bar').evaluate((e) => e.hidden), 'no bar while off');
    await page.context().close();
  });

  test('11: resigning asks first; after it Undo cannot take the game back', async () => {
    const page = await visit();
    await page.evaluate(() => window.chuhan.setLevel(1));
    await clickMove(page, 'h2e2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 2 && window.chuhan.canMove, null, { timeout: 15000 });
    await page.click('#resign');
    assert.ok(await page.isVisible('#resign-dialog'));
    await page.click('#resign-dialog button[value="cancel"]');
    assert.ok(await page.locator('#result').evaluate((e) => e.hidden), 'cancelled: the game goes on');
    await page.click('#resign');
    await page.click('#resign-confirm');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), 'Black wins — resignation');
    assert.ok(await page.isDisabled('#undo'));
    await page.context().close();
  });

  test('12: the share link shows whole; a reload keeps the time thought; a shared game is two players', async () => {
    const page = await visit();
    await clickMove(page, 'h2e2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 2, null, { timeout: 15000 });
    await showTab(page, 'position');
    await page.click('#share');
    const field = await page.locator('#share-url').evaluate((e) => ({ width: e.clientWidth, overflow: e.scrollWidth - e.clientWidth, value: e.value }));
    assert.ok(field.width >= 250 && field.overflow <= 0, JSON.stringify(field));
    // Opened, the link's game is a study for two: "Play as" says so.
    await page.goto('about:blank');
    await page.goto(field.value);
    await page.waitForFunction(() => window.chuhan?.liveNode?.ply === 2 && window.chuhan.game.human === 'both');
    await page.click('#new-game-open');
    assert.equal(await page.inputValue('#side'), 'both');
    await page.click('#new-game-cancel');
    // A clock game: the time the person has thought stays spent across a reload.
    await page.evaluate(() => window.chuhan.newGame({ human: 'w', clock: { base: 60000, inc: 0 } }));
    await page.waitForFunction(() => window.chuhan.clocks()?.running === 'w');
    await page.waitForTimeout(2000);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const left = await page.evaluate(() => window.chuhan.clocks().w);
    assert.ok(left <= 58500, `Red has ${left} ms after thinking 2 s and reloading`);
    await page.context().close();
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
