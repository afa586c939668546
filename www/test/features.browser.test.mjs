// Issue 36 in the real app (index.html served by scripts/dev/serve.mjs, headless Chromium): a
// position set up in the editor of the Position tab, then analysed and played; draw offers the
// engine accepts in a dead-drawn ending and refuses in a won one (the finished game kept in the
// library); premoves; the library across reloads and offline; every board theme, piece set and
// language rendered and remembered. Screenshots go to /tmp/shots/features-*.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium, showTab } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const StartFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Red (horse, elephant) against Black (cannon, advisor): a known dead draw.
const DrawnFen = '3k5/4a4/9/9/9/6N2/9/9/2c6/4K1B2 w - - 0 1';
// Red (rook and horse) against a bare general, Black to move: Red wins.
const WonFen = '4k4/9/9/9/9/9/9/9/4N4/R3K4 b - - 0 1';
const Shots = '/tmp/shots';

describe('issue 36 in the app', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let server;
  let url;
  let browser;
  let context;
  let page;
  const problems = [];

  const open = async () => {
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  };
  const point = (square) => `#board .point[data-square="${square}"]`;
  const clickMove = async (move) => {
    await page.click(point(move.slice(0, 2)));
    await page.click(point(move.slice(2, 4)));
  };
  const judged = () => page.waitForFunction(() => ['true', 'false'].includes(document.getElementById('position-editor-slot').dataset.ok));
  // Opens the editor in the Position tab and types `fen` into it.
  const editorWith = async (fen) => {
    await showTab(page, 'position');
    await page.click('#editor-open');
    await page.waitForSelector('#editor-board svg');
    if (fen) {
      await page.fill('.editor-fen-input', fen);
      await page.click('.editor-load');
    }
    await judged();
  };
  const libraryCount = async () => {
    await page.click('#library-open');
    await page.waitForFunction(() => document.getElementById('library-host').dataset.count !== undefined);
    await page.waitForTimeout(200); // the list refreshes on opening
    const n = Number(await page.getAttribute('#library-host', 'data-count'));
    await page.click('#library-close');
    return n;
  };

  before(async () => {
    mkdirSync(Shots, { recursive: true });
    ({ server, url } = await startServer({ port: 0, quiet: true }));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    collectProblems(page, problems);
    await open();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('the editor: a position set up, judged by the engine, analysed', async () => {
    await editorWith();
    // The editor's board takes the game board's place.
    assert.ok(await page.isVisible('#editor-board'));
    assert.ok(!(await page.isVisible('#board')));
    // Cleared, a red general alone: the engine names the missing black general and analysis waits.
    await page.click('.editor-clear');
    await page.click('.tray-piece[data-piece="K"]');
    await page.click('#editor-board .point[data-square="e0"]');
    await page.waitForFunction(() => document.getElementById('position-editor-slot').dataset.fen.startsWith('9/9/9/9/9/9/9/9/9/4K4 w'));
    await judged();
    assert.equal(await page.getAttribute('#position-editor-slot', 'data-ok'), 'false');
    assert.match(await page.textContent('.editor-problems'), /Black has no general/);
    // A black general dragged from the tray onto d9 (a point of its palace), then on to e9 on the
    // board: the generals face each other, which the engine names and rings.
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
    await page.click('.tray-piece[data-piece="K"]'); // unpicked: a press on the board now drags its piece
    await dragTo(await center('.tray-piece[data-piece="k"]'), await center('#editor-board .point[data-square="d9"]'));
    await page.waitForFunction(() => document.getElementById('position-editor-slot').dataset.fen.startsWith('3k5/'));
    await dragTo(await center('#editor-board .point[data-square="d9"]'), await center('#editor-board .point[data-square="e9"]'));
    await page.waitForFunction(() => document.getElementById('position-editor-slot').dataset.fen.startsWith('4k4/'));
    await judged();
    assert.match(await page.textContent('.editor-problems'), /generals face each other/);
    assert.ok((await page.locator('#editor-board .editor-problem').count()) >= 2);
    assert.ok(await page.isDisabled('.editor-analyse'));
    await page.screenshot({ path: `${Shots}/features-editor-1366.png` });
    // A legal ending, analysed: the game board shows it as a study with the engine's lines.
    await page.fill('.editor-fen-input', DrawnFen);
    await page.click('.editor-load');
    await judged();
    assert.equal(await page.getAttribute('#position-editor-slot', 'data-ok'), 'true');
    // Shared as a link (copied) and as its FEN.
    await page.click('.editor-share');
    await page.waitForFunction(() => document.getElementById('position-editor-slot').dataset.shared);
    const link = await page.getAttribute('#position-editor-slot', 'data-shared');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    assert.equal(await page.inputValue('.editor-fen-input'), DrawnFen);
    await page.click('.editor-analyse');
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen, DrawnFen);
    assert.ok(await page.isVisible('#board'));
    assert.ok(!(await page.isVisible('#editor-board')));
    assert.equal(await page.getAttribute('#tab-analysis', 'aria-selected'), 'true');
    await page.waitForFunction(() => document.getElementById('info-depth').textContent !== '–', null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => window.chuhan.game.human), 'both');
    await page.evaluate(() => window.chuhan.setAnalysis(false));
    // The link opens the position (on a fresh visit, the saved game a different one).
    await page.evaluate(() => window.chuhan.newGame({ human: 'w' }));
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen, StartFen);
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen, DrawnFen);
  });

  test('the editor: a position played from, against the engine', async () => {
    await editorWith(StartFen);
    await page.click('.editor-play');
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen && window.chuhan.canMove, StartFen);
    assert.equal(await page.evaluate(() => window.chuhan.game.human), 'w');
    await clickMove('h2e2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 2 && window.chuhan.canMove, null, { timeout: 15000 });
    // The players' strips: the person at the bottom, the engine at the top by its level's title.
    assert.equal(await page.textContent('#player-bottom .player-name'), 'You');
    assert.match(await page.textContent('#player-top .player-name'), /^Chuhan · Club player · ≈1500$/);
  });

  test('a premove set while the engine thinks is played after its reply', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'w', level: 5 }));
    await page.waitForFunction(() => window.chuhan.canMove);
    await clickMove('h2e2');
    await page.waitForFunction(() => window.chuhan.thinking === 'move');
    await clickMove('b0c2');
    assert.equal(await page.evaluate(() => window.chuhan.premove), 'b0c2');
    assert.equal(await page.locator('#board .arrow.premove').count(), 1);
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 3, null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => window.chuhan.liveNode.move), 'b0c2');
  });

  test('a draw offer: accepted in a dead-drawn ending, and the game kept in the library', async () => {
    const before = await libraryCount();
    await editorWith(DrawnFen);
    await page.click('.editor-play');
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen && window.chuhan.canMove, DrawnFen);
    await page.click('#offer-draw');
    await page.waitForSelector('#result:not([hidden])', { timeout: 15000 });
    assert.equal(await page.textContent('#result'), 'Draw — by agreement');
    assert.match(await page.textContent('#notice'), /^The engine accepts the draw: /);
    await page.waitForFunction((n) => Number(document.getElementById('library-host').dataset.count) === n + 1, before);
    await page.click('#library-open');
    await page.waitForSelector('.library-game');
    assert.equal(await page.textContent('.library-game .library-result'), '½–½');
    await page.screenshot({ path: `${Shots}/features-library-1366.png` });
    await page.click('#library-close');
  });

  test('a draw offer: refused in a won one, the game goes on', async () => {
    await editorWith(WonFen);
    await page.click('.editor-play');
    await page.waitForFunction((fen) => document.getElementById('board').dataset.fen === fen && window.chuhan.canMove, WonFen);
    assert.equal(await page.evaluate(() => window.chuhan.game.human), 'b');
    await page.click('#offer-draw');
    await page.waitForFunction(() => /declines the draw/.test(document.getElementById('notice').textContent), null, { timeout: 15000 });
    assert.match(await page.textContent('#notice'), /^The engine declines the draw: it (sees a mate|is better and plays on)$/);
    assert.ok(await page.isHidden('#result'));
    assert.equal(await page.evaluate(() => window.chuhan.outcome), null);
  });

  test('the library: kept on request, renamed, imported, across a reload and offline', async () => {
    await page.evaluate(() => window.chuhan.newGame({ human: 'both' }));
    await page.waitForFunction(() => window.chuhan.canMove);
    await clickMove('h2e2');
    await page.waitForFunction(() => window.chuhan.liveNode.ply === 1);
    await page.click('#library-open');
    const before = Number(await page.getAttribute('#library-host', 'data-count'));
    await page.click('#library-save');
    await page.waitForFunction((n) => Number(document.getElementById('library-host').dataset.count) === n + 1, before);
    // Its opening is named by the explorer: the game has no Opening tag.
    await page.waitForFunction(() => [...document.querySelectorAll('.library-game')].some((g) => /中炮/.test(g.textContent)), null, { timeout: 15000 });
    // Kept again: the same entry, not a copy.
    await page.click('#library-save');
    await page.waitForTimeout(300);
    assert.equal(Number(await page.getAttribute('#library-host', 'data-count')), before + 1);
    // Renamed in place.
    await page.click('.library-game >> nth=0 >> .library-rename');
    await page.fill('.library-rename-input', 'Cannon opening');
    await page.press('.library-rename-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('.library-game .library-title')?.textContent === 'Cannon opening');
    // A file of two games imported.
    const pgn = '[Red "Lü Qin"]\n[Black "Xu Yinchuan"]\n[Result "1-0"]\n\n1. 炮二平五 马８进７ 1-0\n\n[Red "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. 兵七进一 0-1\n';
    await page.setInputFiles('.library-file', { name: 'two.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
    await page.waitForFunction((n) => Number(document.getElementById('library-host').dataset.count) === n + 3, before, { timeout: 15000 });
    await page.click('#library-close');
    const total = before + 3;
    // Across a reload.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    assert.equal(await libraryCount(), total);
    // Offline: the service worker serves the app, IndexedDB the library; a game opens from it.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
      assert.equal(await libraryCount(), total);
      await page.click('#library-open');
      await page.fill('.library-search', 'Lü Qin');
      await page.waitForFunction(() => document.getElementById('library-host').dataset.count === '1');
      await page.click('.library-game .library-open');
      await page.waitForFunction(() => !document.getElementById('library-dialog').open);
      await page.waitForFunction(() => window.chuhan.tree?.tags.Red === 'Lü Qin');
      assert.equal(await page.evaluate(() => window.chuhan.liveNode.ply), 2);
      // The players' strips name the file's players (Red's strip is the lower one unless the board is turned).
      const names = await page.$$eval('.player-strip', (strips) => strips.map((s) => `${s.classList.contains('red') ? 'w' : 'b'}:${s.querySelector('.player-name').textContent}`).sort());
      assert.deepEqual(names, ['b:Xu Yinchuan', 'w:Lü Qin']);
    } finally {
      await context.setOffline(false);
    }
  });

  test('every board theme and piece set, chosen in the settings and remembered', async () => {
    const fills = new Set();
    for (const theme of ['wood', 'paper', 'slate']) {
      for (const set of ['traditional', 'letters']) {
        await page.click('#settings-open');
        await page.selectOption('#board-theme', theme);
        await page.selectOption('#piece-set', set);
        await page.click('#settings-dialog button[type="submit"]');
        assert.equal(await page.getAttribute('#board', 'data-board-theme'), theme);
        assert.equal(await page.getAttribute('#board', 'data-piece-set'), set);
        const glyph = await page.textContent('#board .piece[data-square="e0"] text');
        assert.equal(glyph, set === 'letters' ? 'K' : '帅');
        fills.add(await page.evaluate(() => getComputedStyle(document.querySelector('#board .wood')).fill));
        await page.screenshot({ path: `${Shots}/features-${theme}-${set}-1366.png` });
      }
    }
    assert.equal(fills.size, 3, 'each theme draws its own board');
    // Remembered across a reload (the last choice: slate, letters).
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    assert.equal(await page.getAttribute('#board', 'data-board-theme'), 'slate');
    assert.equal(await page.textContent('#board .piece[data-square="e0"] text'), 'K');
    // The editor's board and tray take the look too.
    await editorWith(StartFen);
    assert.equal(await page.getAttribute('#editor-board', 'data-board-theme'), 'slate');
    assert.equal(await page.textContent('#editor-board .piece[data-square="b0"] text'), 'H');
    assert.equal(await page.textContent('.tray-piece[data-piece="N"] .glyph'), 'H');
    await page.click('#editor-close');
    // Each board paints its pieces from a gradient of its own (with the editor's board hidden, a
    // shared id painted the game's pieces black).
    const own = await page.evaluate(() =>
      ['board', 'editor-board'].map((host) => {
        const id = /#([^)"]+)/.exec(document.querySelector(`#${host} .piece .face`).getAttribute('fill'))[1];
        return document.getElementById(id)?.closest('.board-host')?.id;
      }),
    );
    assert.deepEqual(own, ['board', 'editor-board']);
  });

  test('every language, chosen in the settings and remembered; the engine speaks it too', async () => {
    const expected = {
      zh: { undo: '悔棋', draw: '提和', lang: 'zh-CN', level: /俱乐部棋手/ },
      vi: { undo: 'Đi lại', draw: 'Cầu hòa', lang: 'vi', level: /Kỳ thủ câu lạc bộ/ },
      en: { undo: 'Undo', draw: 'Offer draw', lang: 'en', level: /Club player · ≈1500/ },
    };
    for (const [code, words] of Object.entries(expected)) {
      await page.click('#settings-open');
      await page.selectOption('#language', code);
      await page.click('#settings-dialog button[type="submit"]');
      assert.equal(await page.textContent('#undo'), words.undo);
      assert.equal(await page.textContent('#offer-draw'), words.draw);
      assert.equal(await page.getAttribute('html', 'lang'), words.lang);
      assert.match((await page.$$eval('#level option', (o) => o.map((x) => x.textContent)))[3], words.level);
      await page.screenshot({ path: `${Shots}/features-lang-${code}-1366.png` });
      if (code === 'vi') {
        // An engine refusal in Vietnamese.
        await showTab(page, 'position');
        await page.fill('#fen', 'rnbakabnr w - - 0 1');
        await page.click('#load-fen');
        await page.waitForFunction(() => /FEN/.test(document.getElementById('notice').textContent));
        assert.match(await page.textContent('#notice'), /bàn cờ cần 10 hàng ngăn bởi “\/”; ở đây có 1/);
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
        assert.equal(await page.textContent('#undo'), 'Đi lại');
      }
    }
  });

  test('the help page, linked from the header, in the language chosen', async () => {
    await page.click('#settings-open');
    await page.selectOption('#language', 'vi');
    await page.click('#settings-dialog button[type="submit"]');
    await page.click('#help-link');
    await page.waitForSelector('article[data-lang="vi"]:not([hidden])');
    assert.equal(await page.getAttribute('html', 'lang'), 'vi');
    assert.match(await page.textContent('article[data-lang="vi"]'), /chiếu dai|Chiếu dai/);
    await page.screenshot({ path: `${Shots}/features-help-vi-1366.png` });
    await page.click('nav button[data-lang="en"]');
    await page.waitForSelector('article[data-lang="en"]:not([hidden])');
    await page.goBack();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    await page.click('#settings-open');
    await page.selectOption('#language', 'en');
    await page.click('#settings-dialog button[type="submit"]');
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
