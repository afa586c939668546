// Threads in Chromium: on a cross-origin isolated page (scripts/dev/serve.mjs sends COOP/COEP by
// default) the package's threaded build searches with several threads, and the app uses them at
// its strongest levels and shows the count; on a page without isolation the same calls fall back
// to one thread with a warning and never fail. Skipped when CHUHAN_SKIP_BROWSER=1 or Chromium is
// missing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/dev/serve.mjs';

const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();

// createEngine({ threads: 2 }) in the page: what it reports and a searched move.
async function searchWithTwoThreads(page) {
  return page.evaluate(async () => {
    const { createEngine } = await import('/wasm/index.js');
    const engine = await createEngine({ threads: 2 });
    const infos = [];
    const best = await engine.go({ depth: 7 }, (info) => infos.push(info));
    const legal = await engine.legalMoves();
    const result = {
      isolated: globalThis.crossOriginIsolated,
      threads: engine.threads,
      warning: engine.threadsWarning,
      reported: infos.at(-1)?.threads,
      legal: legal.includes(best.bestmove),
    };
    engine.terminate();
    return result;
  });
}

// The app at its strongest level with analysis on: the thread count its panel shows.
async function appThreadsShown(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await page.click('#new-game-open');
  await page.selectOption('#level', '8');
  await page.click('#new-game-cancel');
  await page.check('#analysis');
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('info-threads').textContent), null, { timeout: 20000 });
  return page.textContent('#info-threads');
}

describe('threads in Chromium', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
  let isolated;
  let plain;
  let browser;
  const problems = [];

  before(async () => {
    isolated = await startServer({ port: 0, quiet: true, isolate: true });
    plain = await startServer({ port: 0, quiet: true, isolate: false });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    isolated?.server.close();
    plain?.server.close();
  });

  // A page that claims `cores` cores (this machine has two; the app keeps one for the page).
  async function newPage(cores) {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), cores);
    const page = await context.newPage();
    collectProblems(page, problems);
    return page;
  }

  test('isolated page: createEngine({ threads: 2 }) searches with two threads', async () => {
    const page = await newPage(4);
    await page.goto(isolated.url);
    const r = await searchWithTwoThreads(page);
    assert.deepEqual(r, { isolated: true, threads: 2, warning: null, reported: 2, legal: true });
  });

  test('page without isolation: one thread, a warning, no failure', async () => {
    const page = await newPage(4);
    await page.goto(plain.url);
    const r = await searchWithTwoThreads(page);
    assert.equal(r.isolated, false);
    assert.equal(r.threads, 1);
    assert.equal(r.reported, 1);
    assert.match(r.warning, /cross-origin isolated/);
    assert.ok(r.legal);
  });

  test('the app searches with all cores but one at its strongest level, and shows it', async () => {
    assert.equal(await appThreadsShown(await newPage(4), isolated.url), '3');
    assert.equal(await appThreadsShown(await newPage(4), plain.url), '1');
    assert.deepEqual(problems, []);
  });
});
