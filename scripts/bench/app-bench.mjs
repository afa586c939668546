// Web app speed, in headless Chromium against scripts/dev/serve.mjs (needs the wasm build):
//  - navigation to a playable board (performance.now() when the app marks itself ready), on a
//    first visit (fresh browser context: empty HTTP cache, no service worker) and on reloads
//    (warm cache, service worker in control);
//  - the engine's first answers at the default level: to 炮二平五 (a book reply) and to 兵九进一
//    played from a position outside the book (a real search within the level's limits).
// Prints medians and ranges over --runs visits (default 5). Timings on a shared machine are
// noisy: compare runs made back to back.
//
//   node scripts/bench/app-bench.mjs [--runs N]
import { ChromiumPath, hasChromium, launchChromium } from '../chromium.mjs';
import { startServer } from '../dev/serve.mjs';
import { parseArgs } from '../lib/args.mjs';

const { runs } = parseArgs(process.argv.slice(2), {
  tool: 'app-bench', usage: 'usage: node scripts/bench/app-bench.mjs [--runs N]   (default 5)',
  options: { runs: { type: 'integer', min: 1, default: 5 } },
}).values;
if (!hasChromium()) throw new Error(`${ChromiumPath} is missing (scripts/setup.sh installs it)`);

const { server, url } = await startServer({ port: 0, quiet: true });
const browser = await launchChromium();

const point = (square) => `#board .point[data-square="${square}"]`;
const plies = (page) => page.locator('#move-list button[data-ply]').count();

async function readyMs(page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page.evaluate(() => window.chuhanReadyMs);
}

// Plays `move` by clicks and returns the milliseconds until the engine has answered.
async function answerMs(page, move) {
  const before = await plies(page);
  const start = Date.now();
  await page.click(point(move.slice(0, 2)));
  await page.click(point(move.slice(2, 4)));
  await page.waitForFunction(
    (n) => document.querySelectorAll('#move-list button[data-ply]').length === n && window.chuhan?.canMove,
    before + 2, { timeout: 30000 });
  return Date.now() - start;
}

const results = { cold: [], warm: [], book: [], search: [] };
try {
  for (let i = 0; i < runs; ++i) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(url);
    results.cold.push(await readyMs(page));
    results.book.push(await answerMs(page, 'h2e2'));
    // New game from the start with a first move that leaves the book at once.
    await page.evaluate(() => localStorage.clear());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null || !('serviceWorker' in navigator), null, { timeout: 10000 }).catch(() => {});
    await page.reload();
    results.warm.push(await readyMs(page));
    results.search.push(await answerMs(page, 'a3a4'));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (label, xs) =>
  console.log(`${label.padEnd(44)} median ${Math.round(median(xs))} ms  (${xs.map(Math.round).join(', ')})`);
console.log(`Web app in headless Chromium, ${runs} visits`);
line('navigation -> playable board, first visit', results.cold);
line('navigation -> playable board, reload', results.warm);
line('first engine answer, default level, book', results.book);
line('first engine answer, default level, search', results.search);
