// Worker messages per move in the web app: how many requests the page posts to the engine's
// worker for one move of the person plus the engine's reply, in headless Chromium against
// scripts/dev/serve.mjs (needs the wasm build). The person plays a legal move each turn (the engine's
// list, varied so that no position repeats), by clicks, at level 1 (a reply in milliseconds).
//
//   node scripts/bench/app-messages.mjs [--moves N]    (default 6)
import { ChromiumPath, hasChromium, launchChromium, recordWorkerMessages } from '../chromium.mjs';
import { startServer } from '../dev/serve.mjs';
import { parseArgs } from '../lib/args.mjs';

const { moves } = parseArgs(process.argv.slice(2), {
  tool: 'app-messages', usage: 'usage: node scripts/bench/app-messages.mjs [--moves N]   (default 6)',
  options: { moves: { type: 'integer', min: 1, default: 6 } },
}).values;
if (!hasChromium()) throw new Error(`${ChromiumPath} is missing (scripts/setup.sh installs it)`);

const { server, url } = await startServer({ port: 0, quiet: true });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
  await recordWorkerMessages(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.selectOption('#level', '1');
  const counts = [];
  for (let i = 0; i < moves; i++) {
    const plies = await page.locator('#move-list button[data-ply]').count();
    const move = await page.evaluate((k) => window.chuhan.status.legalMoves[(7 * k + 3) % window.chuhan.status.legalMoves.length], i);
    await page.evaluate(() => (window.chuhanWorkerMessages.length = 0));
    await page.click(`#board .point[data-square="${move.slice(0, 2)}"]`);
    await page.click(`#board .point[data-square="${move.slice(2, 4)}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length === n + 2 && window.chuhan?.canMove, plies, { timeout: 30000 });
    const sent = await page.evaluate(() => [...window.chuhanWorkerMessages]);
    counts.push(sent.length);
    console.log(`move ${i + 1} (${move}): ${sent.length} worker messages: ${sent.join(' ')}`);
  }
  console.log(`worker messages per move and reply: ${Math.min(...counts)}..${Math.max(...counts)}, mean ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)}`);
} finally {
  await browser.close();
  server.close();
}
