// Worker messages the web app posts to the engine's worker, counted (and their bytes, as UTF-8 JSON)
// in headless Chromium against scripts/dev/serve.mjs (needs the wasm build):
//  - per move: one move of the person (by clicks, a legal move from the engine's list, varied so
//    that no position repeats) and the engine's reply, at level 1 (a reply in milliseconds);
//  - on a 120-ply game (www/test/fixtures/game-120.pgn, loaded as a study) with analysis off:
//    stepping through every move forward and back (the arrow keys), analysing an earlier position
//    (analysis on, a click on move 30 in the list, until its first report), and "Review game"
//    (100 ms a position);
//  - Undo in a game against the engine, and a wrong move in a tactic puzzle until it is taken
//    back (the move itself included).
//
//   node scripts/bench/app-messages.mjs [--moves N] [--only moves|undo|study|puzzle|review]
import { readFileSync } from 'node:fs';
import { ChromiumPath, hasChromium, launchChromium, recordWorkerMessages } from '../chromium.mjs';
import { startServer } from '../dev/serve.mjs';
import { parseArgs, usageError } from '../lib/args.mjs';

const Only = ['moves', 'undo', 'study', 'puzzle', 'review'];
const { moves, only } = parseArgs(process.argv.slice(2), {
  tool: 'app-messages',
  usage: `usage: node scripts/bench/app-messages.mjs [--moves N] [--only ${Only.join('|')}]   (default: 6 moves, every case)`,
  options: { moves: { type: 'integer', min: 1, default: 6 }, only: { type: 'string' } },
}).values;
if (only !== undefined && !Only.includes(only)) usageError('app-messages', `--only takes one of ${Only.join(', ')}`);
if (!hasChromium()) throw new Error(`${ChromiumPath} is missing (scripts/setup.sh installs it)`);
const game120 = readFileSync(new URL('../../www/test/fixtures/game-120.pgn', import.meta.url), 'utf8');

const { server, url } = await startServer({ port: 0, quiet: true });
const browser = await launchChromium();
const plyButtons = '#move-list button[data-ply]';

async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await recordWorkerMessages(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page;
}
const reset = (page) => page.evaluate(() => ((window.chuhanWorkerMessages.length = 0), (window.chuhanWorkerBytes.length = 0)));
async function sent(page) {
  const [cmds, bytes] = await page.evaluate(() => [[...window.chuhanWorkerMessages], [...window.chuhanWorkerBytes]]);
  const counts = {};
  for (const c of cmds) counts[c] = (counts[c] ?? 0) + 1;
  return { n: cmds.length, bytes: bytes.reduce((a, b) => a + b, 0), counts };
}
const show = (label, { n, bytes, counts }) =>
  console.log(`${label.padEnd(52)} ${String(n).padStart(4)} messages ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${JSON.stringify(counts)}`);

async function loadStudy(page) {
  await page.evaluate((text) => window.chuhan.loadPgn(text), game120);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length >= 120 && window.chuhan.ready, null, { timeout: 30000 });
}

try {
  if (!only || only === 'moves') {
    const page = await freshPage();
    await page.evaluate(() => window.chuhan.setLevel(1));
    const counts = [];
    for (let i = 0; i < moves; i++) {
      const plies = await page.locator(plyButtons).count();
      const move = await page.evaluate((k) => window.chuhan.status.legalMoves[(7 * k + 3) % window.chuhan.status.legalMoves.length], i);
      await reset(page);
      await page.click(`#board .point[data-square="${move.slice(0, 2)}"]`);
      await page.click(`#board .point[data-square="${move.slice(2, 4)}"]`);
      await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length === n + 2 && window.chuhan?.canMove, plies, { timeout: 30000 });
      const s = await sent(page);
      counts.push(s.n);
      show(`move ${i + 1} (${move}) and the reply`, s);
    }
    console.log(`worker messages per move and reply: ${Math.min(...counts)}..${Math.max(...counts)}, mean ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)}`);
    await page.context().close();
  }

  if (!only || only === 'undo') {
    const page = await freshPage();
    await page.evaluate(() => window.chuhan.setLevel(1));
    for (const move of ['h2e2', 'h0g2']) {
      const plies = await page.locator(plyButtons).count();
      const legal = await page.evaluate(() => window.chuhan.status.legalMoves);
      const m = legal.includes(move) ? move : legal[0];
      await page.click(`#board .point[data-square="${m.slice(0, 2)}"]`);
      await page.click(`#board .point[data-square="${m.slice(2, 4)}"]`);
      await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length === n + 2 && window.chuhan?.canMove, plies, { timeout: 30000 });
    }
    await reset(page);
    await page.click('#undo');
    await page.waitForFunction(() => window.chuhan.canMove && window.chuhan.board.fen !== '' && document.querySelector('#move-list [aria-current="true"]')?.dataset.ply === '2', null, { timeout: 30000 });
    show('Undo (a move and its reply)', await sent(page));
    await page.context().close();
  }

  if (!only || only === 'study') {
    const page = await freshPage();
    await loadStudy(page);
    await page.evaluate(() => document.activeElement?.blur());
    await reset(page);
    await page.keyboard.press('Home');
    for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 120; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    const shown = await page.evaluate(() => document.getElementById('board').dataset.fen);
    show('stepping through 120 plies forward and back', await sent(page));
    if (!shown) throw new Error('no position shown');

    await page.keyboard.press('End');
    await page.evaluate(() => window.chuhan.setAnalysis(true));
    await page.waitForFunction(() => window.chuhan.analysing && window.chuhan.info, null, { timeout: 30000 });
    await reset(page);
    await page.click('#move-list button[data-ply="60"]');
    await page.waitForFunction(() => window.chuhan.analysing && window.chuhan.info?.depth >= 1, null, { timeout: 30000 });
    await page.waitForTimeout(300);
    show('analysing an earlier position (move 30)', await sent(page));
    await page.evaluate(() => window.chuhan.setAnalysis(false));
    await page.waitForFunction(() => !window.chuhan.analysing);
    await page.context().close();
  }

  if (!only || only === 'puzzle') {
    const page = await freshPage();
    await page.click('#tab-puzzles').catch(() => {}); // the app's tabs (since issue 35)
    await page.waitForTimeout(300);
    await page.selectOption('#puzzle-kind', 'tactic').catch(() => page.evaluate(() => (document.getElementById('puzzle-kind').value = 'tactic')));
    await page.evaluate(() => document.getElementById('puzzle-next').click());
    await page.waitForFunction(() => window.chuhan.puzzle?.best && window.chuhan.canMove, null, { timeout: 30000 });
    const wrong = await page.evaluate(() => window.chuhan.status.legalMoves.find((m) => m !== window.chuhan.puzzle.best));
    await reset(page);
    await page.evaluate((m) => window.chuhan.humanMove(m), wrong);
    await page.waitForFunction(() => window.chuhan.puzzle.wrong && window.chuhan.canMove, null, { timeout: 30000 });
    show('a wrong move in a tactic, taken back (the move included)', await sent(page));
    await page.context().close();
  }

  if (!only || only === 'review') {
    const page = await freshPage();
    await loadStudy(page);
    await reset(page);
    const start = Date.now();
    await page.evaluate(() => window.chuhan.startReview({ movetime: 100 })).catch((e) => console.log(`the review failed at the end: ${e.message.split('\n')[0]}`));
    await page.waitForFunction(() => window.chuhan.review?.done === window.chuhan.review?.total || !window.chuhan.review?.running, null, { timeout: 300000 });
    const s = await sent(page);
    const positions = await page.evaluate(() => window.chuhan.review.done);
    show(`"Review game", 120 plies (${positions} positions, ${((Date.now() - start) / 1000).toFixed(0)} s)`, s);
    console.log(`review: ${(s.n / positions).toFixed(2)} messages and ${Math.round(s.bytes / positions)} bytes a position`);
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
}
