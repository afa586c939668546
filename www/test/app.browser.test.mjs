// The web app as a person uses it: scripts/dev/serve.mjs serves www/ and the wasm package, headless
// Chromium (Debian's /usr/bin/chromium through playwright-core; no browser is downloaded) clicks
// on the board's points. Needs the wasm build. Skipped when CHUHAN_SKIP_BROWSER=1 or Chromium is
// missing. Screenshots go to /tmp/chuhan-app-*.png (look at them).
//
// The tests run in order in one browser context (one visit, then reloads), like one person's
// session: first load, a game against the engine, records, reload, offline, the embed page.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, recordWorkerMessages, showTab, startSideEngine } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Black to move and checkmated by the doubled rooks.
const MatedFen = '3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1';
// Red to move mates with b7b9 (the king cannot step to e9: the generals would face each other).
const MateInOneFen = '3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1';

describe('the web app in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let context;
  let page;
  const problems = []; // console errors and page errors, from every page

  const fen = () => page.getAttribute('#board', 'data-fen');
  // Plies played in the game (the live node's), not the moves the list shows (undone moves stay in
  // the record as its continuation).
  const plies = () => page.evaluate(() => window.chuhan.liveNode?.ply ?? 0);
  const point = (square) => `#board .point[data-square="${square}"]`;
  const clickMove = async (move) => {
    await page.click(point(move.slice(0, 2)));
    await page.click(point(move.slice(2, 4)));
  };
  // Waits until the person may move again after `count` plies.
  const waitForTurn = (count) => page.waitForFunction((n) => window.chuhan?.liveNode?.ply === n && window.chuhan.canMove, count, { timeout: 15000 });
  const newGame = async (side) => {
    await page.click('#new-game-open');
    if (side) await page.selectOption('#side', side);
    await page.click('#new-game button[type="submit"]');
  };
  const chooseLevel = async (level) => {
    await page.click('#new-game-open');
    await page.selectOption('#level', level);
    await page.click('#new-game-cancel');
  };
  const watch = (p) => collectProblems(p, problems);
  const open = async (path = '') => {
    await page.goto(url + path);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await startSideEngine(page);
  };

  before(async () => {
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    await recordWorkerMessages(context);
    page = await context.newPage();
    watch(page);
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('first visit: a playable board with 90 points and 32 pieces', async () => {
    await open();
    const readyMs = await page.evaluate(() => window.chuhanReadyMs);
    console.log(`# navigation to playable board: ${Math.round(readyMs)} ms`);
    assert.equal(await fen(), StartFen);
    assert.equal(await page.locator('#board .point[data-square]').count(), 90);
    assert.equal(await page.locator('#board .piece[data-piece]').count(), 32);
    assert.equal(await page.getAttribute('#board .piece[data-square="e0"]', 'data-piece'), 'K');
    assert.equal(await page.getAttribute('#board .piece[data-square="b7"]', 'data-piece'), 'c');
    assert.equal(await page.textContent('#board .piece[data-square="e9"] text'), '将');
    // Points sit on the intersections: a0 bottom left, i9 top right.
    const a0 = await page.locator(point('a0')).boundingBox();
    const i9 = await page.locator(point('i9')).boundingBox();
    assert.ok(a0.x < i9.x && a0.y > i9.y);
    await page.screenshot({ path: '/tmp/chuhan-app-start.png' });
  });

  test('an illegal click is refused', async () => {
    await page.click(point('h2')); // Red's cannon
    assert.ok(await page.locator('#board .dest').count() > 0, 'legal destinations are shown');
    await page.click(point('a5')); // not a cannon move
    assert.equal(await fen(), StartFen);
    assert.equal(await page.locator('#board .dest').count(), 0);
    await page.click(point('h9')); // a Black horse: not Red's to move
    assert.equal(await page.locator('#board .selected').count(), 0);
    assert.equal(await plies(), 0);
  });

  test('a move by clicks, the engine answers at the default level from its book', async () => {
    const start = Date.now();
    await page.evaluate(() => (window.chuhanWorkerMessages.length = 0));
    await clickMove('h2e2');
    await waitForTurn(2);
    // The move, the search and the reply: one worker message each (issue 17).
    assert.deepEqual(await page.evaluate(() => window.chuhanWorkerMessages), ['play', 'go', 'play']);
    console.log(`# the engine's first answer at the default level: ${Date.now() - start} ms after the click`);
    assert.match(await page.textContent('#move-list [data-ply="1"]'), /炮二平五/);
    assert.equal(await page.getAttribute('#move-list [data-ply="1"]', 'data-move'), 'h2e2');
    // Analysis is off: the engine's own search shows nothing, and the bar is hidden (issue 35.10).
    assert.equal(await page.textContent('#info-score'), '–');
    assert.equal(await page.locator('#info-lines .pv-move').count(), 0);
    assert.ok(await page.locator('#eval-bar').evaluate((e) => e.hidden));
    assert.match(await fen(), / w /);
    assert.equal(await page.locator('#board .last-move').count(), 2);
  });

  test('level change, then moves by drag and by click', async () => {
    await chooseLevel('1');
    assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('chuhan.game'))).level, 1);
    // Drag the horse b0 -> c2.
    const from = await page.locator(point('b0')).boundingBox();
    const to = await page.locator(point('c2')).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await waitForTurn(4);
    assert.equal(await page.getAttribute('#move-list [data-ply="3"]', 'data-move'), 'b0c2');
    // A third move: any legal quiet move of a rook or a soldier, by clicks.
    const legal = await page.evaluate(() => window.chuhan.status.legalMoves);
    const move = ['a0a1', 'i0i1', 'a3a4', 'g3g4', 'c3c4'].find((m) => legal.includes(m));
    await clickMove(move);
    await waitForTurn(6);
    await page.screenshot({ path: '/tmp/chuhan-app-game.png' });
  });

  test('undo takes back a move pair; redo replays it', async () => {
    const before = await fen();
    await page.click('#undo');
    await waitForTurn(4);
    await page.click('#redo');
    await waitForTurn(6);
    assert.equal(await fen(), before);
    await page.click('#undo');
    await waitForTurn(4);
    assert.notEqual(await fen(), before);
  });

  test('flip puts Black at the bottom', async () => {
    await page.click('#flip');
    assert.equal(await page.getAttribute('#board', 'data-flipped'), 'true');
    const e0 = await page.locator(point('e0')).boundingBox();
    const e9 = await page.locator(point('e9')).boundingBox();
    assert.ok(e0.y < e9.y);
    await page.screenshot({ path: '/tmp/chuhan-app-flipped.png' });
    await page.click('#flip');
    assert.equal(await page.getAttribute('#board', 'data-flipped'), 'false');
  });

  test('clicking a move shows its position; the board is live again at the end', async () => {
    await page.click('#move-list [data-ply="1"]');
    assert.equal(await fen(), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    assert.match(await page.textContent('#status'), /move 1/);
    await page.click('#nav-live');
    assert.equal(await page.locator('#move-list [aria-current="true"]').getAttribute('data-ply'), '4');
  });

  test('stepping through the moves posts nothing to the engine', async () => {
    await page.evaluate(() => ((window.chuhanWorkerMessages.length = 0), document.activeElement?.blur()));
    for (const key of ['Home', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'End']) await page.keyboard.press(key);
    await page.click('#nav-prev');
    await page.click('#nav-start');
    await page.click('#nav-next');
    await page.click('#nav-live');
    assert.deepEqual(await page.evaluate(() => window.chuhanWorkerMessages), []);
    assert.equal(await page.locator('#move-list [aria-current="true"]').getAttribute('data-ply'), '4');
  });

  test('play on from an earlier position; Redo brings the old line back', async () => {
    const live = await page.evaluate(() => window.chuhan.game.live);
    assert.ok(await page.isDisabled('#play-here'), 'nothing to branch from at the live position');
    await page.click('#move-list [data-ply="2"]');
    await page.click('#play-here');
    await waitForTurn(2);
    assert.ok(await page.isEnabled('#redo'));
    await page.click('#redo');
    await waitForTurn(4);
    assert.equal(await page.evaluate(() => window.chuhan.game.live), live);
  });

  test('hint and analysis', async () => {
    await page.click('#hint');
    await page.waitForSelector('#board line.hint', { state: 'attached', timeout: 10000 });
    assert.match(await page.textContent('#hint-text'), /Hint: .+\([a-i][0-9][a-i][0-9]\)/);
    await page.check('#analysis');
    await page.waitForFunction(() => Number(document.getElementById('info-depth').textContent) >= 4, null, { timeout: 10000 });
    // The line in Chinese notation, ICCS on hover.
    assert.match(await page.textContent('#info-lines li[data-line="0"]'), /[进退平]/);
    assert.match(await page.getAttribute('#info-lines li[data-line="0"] .pv-move', 'title'), /^[a-i][0-9][a-i][0-9]$/);
    // Waits for an analysis line of at least 3 plies whose first move is made by a piece of the
    // side `upper` (Red: upper-case letters) on the board shown.
    const lineFor = (red) =>
      page.waitForFunction(
        (r) => {
          const from = document.querySelector('#info-lines li[data-line="0"] .pv-move')?.title.slice(0, 2) ?? '';
          const piece = document.querySelector(`#board .piece[data-square="${from}"]`)?.dataset.piece ?? '';
          return Number(document.getElementById('info-depth').textContent) >= 3 && piece !== '' && (piece === piece.toUpperCase()) === r;
        },
        red,
        { timeout: 10000 },
      );
    // An earlier position (Black to move after the first ply) is analysed while it is shown; a
    // click on its board says how to get back; back at the end, the live position again.
    await page.click('#move-list [data-ply="1"]');
    await lineFor(false);
    await page.click(point('e3'));
    await page.waitForFunction(() => /Viewing move 1: 炮二平五. Press » to return to the game, or “Play from here”/.test(document.getElementById('notice').textContent));
    await page.click('#nav-live');
    await page.waitForFunction(() => window.chuhan.canMove);
    await lineFor(true);
    // Moving stops the analysis; the engine answers.
    const legal = await page.evaluate(() => window.chuhan.status.legalMoves);
    await clickMove(legal.find((m) => /^(a0a1|i0i1|a3a4|g3g4|c3c4|a0a2|i0i2)$/.test(m)) ?? legal[0]);
    await waitForTurn(6);
    await page.uncheck('#analysis');
  });

  test('analysis shows several lines in Chinese notation (ICCS on hover) and an evaluation bar', async () => {
    await page.waitForFunction(() => window.chuhan.canMove);
    await page.selectOption('#analysis-lines', '3');
    await page.check('#analysis');
    await page.waitForFunction(() => document.querySelectorAll('#info-lines li').length === 3 && Number(document.getElementById('info-depth').textContent) >= 4, null, { timeout: 15000 });
    const lines = await page.$$eval('#info-lines li', (items) => items.map((li) => ({ text: li.textContent, iccs: [...li.querySelectorAll('.pv-move')].map((b) => b.title).join(' ') })));
    for (const line of lines) {
      assert.match(line.text, /[车马相仕帅炮兵][一二三四五六七八九前后中][进退平]/, line.text);
      assert.match(line.iccs, /^[a-i]\d[a-i]\d( |$)/);
    }
    assert.equal(new Set(lines.map((l) => l.iccs.split(' ')[0])).size, 3, 'three different first moves');
    const share = Number(await page.getAttribute('#eval-bar', 'aria-valuenow'));
    assert.ok(share > 5 && share < 95, `an opening is about level: ${share}`);
    await page.selectOption('#analysis-lines', '1');
    await page.uncheck('#analysis');
    await page.waitForFunction(() => !window.chuhan.analysing);
  });

  test('the engine worker dies: it is restarted and the game goes on', async () => {
    const before = await fen();
    await page.evaluate(() => window.chuhan.session.crash('throw').catch(() => {}));
    assert.equal(await fen(), before);
    const legal = await page.evaluate(() => window.chuhan.status.legalMoves);
    await clickMove(legal[0]);
    await waitForTurn(8);
  });

  test('reload restores the game', async () => {
    const before = await fen();
    const count = await plies();
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    assert.equal(await fen(), before);
    assert.equal(await plies(), count);
    assert.equal(await page.inputValue('#level'), '1');
  });

  test('PGN export and import', async () => {
    const moves = await page.$$eval('#move-list button[data-ply]', (b) => b.map((x) => x.dataset.move));
    await showTab(page, 'position');
    await page.click('#export-pgn');
    await page.waitForFunction(() => document.getElementById('pgn').value.includes('[Game "Chinese Chess"]'));
    const pgn = await page.inputValue('#pgn');
    assert.match(pgn, /\[Format "ICCS"\]/);
    assert.match(pgn, /H2-E2/);
    await newGame();
    await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 0);
    await page.fill('#pgn', pgn);
    await page.click('#import-pgn');
    await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length === n, moves.length);
    assert.deepEqual(await page.$$eval('#move-list button[data-ply]', (b) => b.map((x) => x.dataset.move)), moves);
    await page.fill('#pgn', '[Game "Chinese Chess"]\n1. A0-A9 *');
    await page.click('#import-pgn');
    await page.waitForFunction(() => /PGN/.test(document.getElementById('notice').textContent));
    assert.deepEqual(await page.$$eval('#move-list button[data-ply]', (b) => b.map((x) => x.dataset.move)), moves, 'the game stays');
    // The notice answered that click; the next action takes it away at once.
    await page.click('#nav-start');
    assert.equal(await page.textContent('#notice'), '');
  });

  test('FEN load of a mate position shows the result; a mate by clicks', async () => {
    await newGame('w');
    await page.fill('#fen', MatedFen);
    await page.click('#load-fen');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), 'Red wins — checkmate');
    assert.equal(await page.locator('#board .check').count(), 1);
    await page.fill('#fen', 'not a fen');
    await page.click('#load-fen');
    await page.waitForFunction(() => /Bad FEN/.test(document.getElementById('notice').textContent));
    await page.fill('#fen', MateInOneFen);
    await page.click('#load-fen');
    await page.waitForFunction((f) => document.getElementById('board').dataset.fen === f && window.chuhan.canMove, MateInOneFen);
    await clickMove('b7b9');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), 'Red wins — checkmate');
    await page.screenshot({ path: '/tmp/chuhan-app-mate.png' });
  });

  test("after the engine's move the score keeps Red's point of view", async () => {
    // Black (the engine) is two rooks up: once it has replied, Red's score is negative.
    const BlackWinningFen = 'r2k5/r8/9/9/9/9/9/9/9/4K4 w - - 0 1';
    await showTab(page, 'analysis');
    await page.check('#analysis');
    await showTab(page, 'position');
    await page.fill('#fen', BlackWinningFen);
    await page.click('#load-fen');
    await page.waitForFunction((f) => document.getElementById('board').dataset.fen === f && window.chuhan.canMove, BlackWinningFen);
    await clickMove('e0e1');
    await waitForTurn(2);
    await page.waitForFunction(() => document.getElementById('info-score').textContent !== '–');
    const score = await page.textContent('#info-score');
    assert.match(score, /^-\d+$|^Black wins/, `the score after Black's reply: ${score}`);
    await showTab(page, 'analysis');
    await page.uncheck('#analysis');
  });

  test('a new game as Black: the choice survives a level change, the board turns, the engine moves first; resign', async () => {
    await page.click('#new-game-open');
    await page.selectOption('#side', 'b');
    const level = await page.inputValue('#level');
    await page.selectOption('#level', level === '3' ? '2' : '3');
    assert.equal(await page.inputValue('#side'), 'b', '"Play as" snapped back after a level change');
    await page.click('#new-game button[type="submit"]');
    await waitForTurn(1);
    assert.match(await fen(), / b /);
    assert.equal(await page.inputValue('#side'), 'b');
    // Black's pieces at the bottom: its general (e9) below Red's (e0).
    const black = await page.locator(point('e9')).boundingBox();
    const red = await page.locator(point('e0')).boundingBox();
    assert.ok(black.y > red.y, 'playing Black, Black is at the bottom');
    await page.click('#resign');
    await page.click('#resign-confirm');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), 'Red wins — resignation');
    // The move list ends with the result.
    assert.equal(await page.textContent('#move-list .result-line'), '1-0 Red wins — resignation');
  });

  test('Chinese interface at 360 px', async () => {
    await newGame('w');
    await page.click('#lang');
    assert.equal(await page.textContent('#undo'), '悔棋');
    await page.setViewportSize({ width: 360, height: 760 });
    const box = await page.locator('#board svg').boundingBox();
    assert.ok(box.width <= 360 && box.width > 300, `board width ${box.width}`);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 361).map((e) => `${e.tagName}#${e.id}.${e.className}`),
    );
    assert.deepEqual(wide, [], 'nothing wider than the screen');
    await clickMove('b2e2');
    await waitForTurn(2);
    await page.screenshot({ path: '/tmp/chuhan-app-360.png', fullPage: true });
    await page.click('#lang');
    await page.setViewportSize({ width: 1200, height: 900 });
  });

  test('clocks: the engine plays on its clock with increments; a side out of time loses', async () => {
    // The engine (Red) thinks on its clock: its time falls by what it used, plus the increment.
    await page.evaluate(() => window.chuhan.newGame({ human: 'b', clock: { base: 60000, inc: 2000 } }));
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 1 && window.chuhan.canMove, null, { timeout: 15000 });
    const after = await page.evaluate(() => window.chuhan.clocks());
    assert.equal(after.running, 'b');
    assert.ok(after.w > 50000 && after.w <= 62000, `Red's clock ${after.w}`);
    assert.match(await page.textContent('#clock-w'), /^\d:\d\d$/);
    assert.ok(await page.isVisible('#clock-w'));
    // Black (the person) lets the time run out: the game is lost on time.
    await page.evaluate(() => window.chuhan.newGame({ human: 'w', clock: { base: 1500, inc: 0 } }));
    await page.waitForSelector('#result:not([hidden])', { timeout: 10000 });
    assert.equal(await page.textContent('#result'), 'Black wins — on time');
    assert.equal(await page.textContent('#clock-w'), '0.0');
    // The time controls offered, and a new game without one hides the clocks.
    assert.ok((await page.$$eval('#time-control option', (o) => o.map((x) => x.value))).includes('600+5'));
    await page.click('#new-game-open');
    await page.selectOption('#time-control', '');
    await page.click('#new-game button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('clock-w').hidden && document.getElementById('clock-b').hidden);
  });

  test("accessibility and sound: the engine's move is announced, coordinates have 4.5:1 contrast, moves sound unless muted", async () => {
    await newGame('w');
    await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 0 && window.chuhan.canMove);
    await clickMove('h2e2');
    await waitForTurn(2);
    assert.match(await page.textContent('#announce'), /^Engine played .+ \([a-i]\d[a-i]\d\)$/);
    // Each move sounds, made by the page itself; the switch mutes it (and is remembered).
    assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'move');
    await page.uncheck('#sound');
    await page.evaluate(() => (document.body.dataset.lastSound = 'none'));
    await clickMove('b2b6');
    await waitForTurn(4);
    assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'none');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('chuhan.settings')).sound), false);
    await page.check('#sound');
    const ratios = await page.evaluate(() => {
      const luminance = (color) => {
        const [r, g, b] = color.match(/\d+/g).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const wood = luminance(getComputedStyle(document.querySelector('#board .wood')).fill);
      return [...document.querySelectorAll('#board .label')].map((label) => {
        const l = luminance(getComputedStyle(label).fill);
        return (Math.max(l, wood) + 0.05) / (Math.min(l, wood) + 0.05);
      });
    });
    assert.ok(ratios.length >= 28 && ratios.every((r) => r >= 4.5), `contrast ${Math.min(...ratios).toFixed(2)}`);
  });

  test('keyboard: arrows and Enter move a piece', async () => {
    await newGame('both');
    await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 0 && window.chuhan.canMove);
    await page.focus('#board svg');
    await page.keyboard.press('Enter'); // shows the cursor on e0
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key); // h2
    // Screen readers hear each point the cursor reaches.
    assert.equal(await page.textContent('#board .xq-sr'), 'h2, red cannon');
    await page.keyboard.press('Enter');
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key); // e2
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 1);
    assert.equal(await page.getAttribute('#move-list [data-ply="1"]', 'data-move'), 'h2e2');
  });

  test('offline after one visit: the service worker serves the app, glue and .wasm', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now controlled by the service worker
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
      assert.equal(await plies(), 1);
      await newGame('w');
      await page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 0 && window.chuhan.canMove);
      await clickMove('h2e2');
      await waitForTurn(2);
    } finally {
      await context.setOffline(false);
    }
  });

  test('the embed example: <chuhan-board> and mount()', async () => {
    await page.goto(url + 'embed.html');
    await page.waitForSelector('#game[data-ready="true"]', { timeout: 15000 });
    await page.waitForSelector('#puzzle chuhan-board[data-ready="true"]', { timeout: 15000 });
    // The custom element plays the engine (open shadow roots are pierced by the selectors).
    const game = page.locator('#game');
    assert.equal(await game.locator('.point[data-square]').count(), 90);
    await game.locator('.point[data-square="h2"]').click();
    await game.locator('.point[data-square="e2"]').click();
    await page.waitForFunction(() => document.querySelector('#game').controller.liveNode.ply === 2 && document.querySelector('#game').controller.canMove, null, { timeout: 15000 });
    // The mount() puzzle: mate by clicks.
    const puzzle = page.locator('#puzzle chuhan-board');
    assert.equal(await puzzle.locator('.xq-board').first().evaluate((svg) => svg.parentElement.dataset.fen), MateInOneFen);
    await puzzle.locator('.point[data-square="b7"]').click();
    await puzzle.locator('.point[data-square="b9"]').click();
    await page.waitForFunction(() => /game over: 1-0 \(checkmate\)/.test(document.getElementById('log').textContent));
    await page.screenshot({ path: '/tmp/chuhan-app-embed.png', fullPage: true });
  });

  test('embedding from another origin: CORS and a blob worker', async () => {
    // Another site (another origin on this machine) with one import of the app server's element.
    const other = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${url}chuhan-board.js"></script>
               <chuhan-board id="b" level="1" side="black"></chuhan-board>`);
    });
    await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${other.address().port}/`);
      await page.waitForSelector('#b[data-ready="true"]', { timeout: 15000 });
      // Black: the engine (in the blob worker) moves first.
      await page.waitForFunction(() => document.querySelector('#b').controller.liveNode?.ply === 1, null, { timeout: 15000 });
      assert.match(await page.locator('#b .xq-board').evaluate((svg) => svg.parentElement.dataset.fen), / b /);
    } finally {
      other.close();
    }
  });

  // Keeping the game (issue 16): each case in a fresh context, so that the session above is not
  // disturbed; `init` runs in the page before the app.
  const openFresh = async (init, arg) => {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    const p = await ctx.newPage();
    watch(p);
    if (init) await p.addInitScript(init, arg);
    await p.goto(url);
    await p.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    return { ctx, p };
  };
  const notice = (p, pattern) => p.waitForFunction((source) => new RegExp(source).test(document.getElementById('notice').textContent), pattern.source, { timeout: 10000 });

  test('full storage: a notice, the game goes on, the last saved game stays', async () => {
    const { ctx, p } = await openFresh();
    try {
      const turn = (n) => p.waitForFunction((k) => document.querySelectorAll('#move-list button[data-ply]').length === k && window.chuhan?.canMove, n, { timeout: 15000 });
      await p.click(point('h2')), await p.click(point('e2'));
      await turn(2);
      const savedBefore = await p.evaluate(() => localStorage.getItem('chuhan.game'));
      // Fill the origin's storage until it refuses more.
      const filled = await p.evaluate(() => {
        const chunk = 'x'.repeat(256 * 1024);
        let n = 0;
        for (let size = chunk.length; size >= 16; ) {
          try {
            localStorage.setItem(`junk${n++}`, chunk.slice(0, size));
          } catch {
            size >>= 1;
          }
        }
        return n;
      });
      assert.ok(filled > 0);
      const legal = await p.evaluate(() => window.chuhan.status.legalMoves);
      await p.click(point(legal[0].slice(0, 2))), await p.click(point(legal[0].slice(2, 4)));
      await notice(p, /Storage is full/);
      await turn(4);
      assert.equal(await p.evaluate(() => localStorage.getItem('chuhan.game')), savedBefore, 'the last saved game stays');
      // Space again: the next move is saved.
      await p.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('junk')).forEach((k) => localStorage.removeItem(k)));
      const next = await p.evaluate(() => window.chuhan.status.legalMoves);
      await p.click(point(next[0].slice(0, 2))), await p.click(point(next[0].slice(2, 4)));
      await turn(6);
      assert.equal(JSON.parse(await p.evaluate(() => localStorage.getItem('chuhan.game'))).recipe.base.moves.length, 6);
    } finally {
      await ctx.close();
    }
  });

  test('a damaged saved game: a notice, a new game, the damaged copy kept', async () => {
    const cases = {
      unreadable: '{"version":1,"startFen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","plies":[{"mo',
      // Readable, but the engine refuses its moves.
      refused: (() => {
        const ply = { move: 'e0e2', name: 'x', fen: StartFen, check: false };
        return JSON.stringify({ version: 1, startFen: StartFen, human: 'w', level: 3, plies: [ply], redo: [] });
      })(),
    };
    for (const [name, text] of Object.entries(cases)) {
      // Seeds the storage before the app's first start only (the init script runs on every load).
      const seed = (t) => {
        if (sessionStorage.getItem('seeded')) return;
        localStorage.setItem('chuhan.game', t);
        sessionStorage.setItem('seeded', '1');
      };
      const { ctx, p } = await openFresh(seed, text);
      try {
        await notice(p, /saved game is damaged/);
        assert.equal(await p.getAttribute('#board', 'data-fen'), StartFen, name);
        assert.equal(await p.evaluate(() => localStorage.getItem('chuhan.game.damaged')), text, name);
        // The new game is what is saved now; a reload restores it without a notice.
        await p.reload();
        await p.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
        assert.equal(await p.textContent('#notice'), '', name);
      } finally {
        await ctx.close();
      }
    }
  });

  test('a refused service worker: a notice, and the app works', async () => {
    const { ctx, p } = await openFresh(() => {
      navigator.serviceWorker.register = () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
    });
    try {
      await notice(p, /does not allow offline use/);
      await p.click(point('h2')), await p.click(point('e2'));
      await p.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 2 && window.chuhan?.canMove, null, { timeout: 15000 });
    } finally {
      await ctx.close();
    }
  });

  test('no console errors', () => {
    assert.deepEqual(problems, []);
  });
});
