// The web app against a hostile page or visitor (issue 31): the app runs under its own
// Content-Security-Policy with no violation, another origin cannot frame it while the embedding
// example stays embeddable, and the service worker caches only the files the app ships, whatever
// query strings it is asked with. Needs the wasm build; skipped like the other browser tests.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { collectProblems, hasChromium, launchChromium } from '../../scripts/chromium.mjs';
import { AppPolicy, startServer } from '../../scripts/dev/serve.mjs';

const CacheName = /const CacheName = '([^']+)'/.exec(readFileSync(new URL('../sw.js', import.meta.url), 'utf8'))[1];
const skip = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();

describe('the web app under a hostile page (issue 31)', { skip: skip && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
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

  // A fresh context whose pages record every CSP violation in window.cspViolations.
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    collectProblems(page, problems);
    return { context, page };
  };

  test('the app plays under its Content-Security-Policy (header and meta tag) with no violation', async () => {
    const headers = (await fetch(url)).headers;
    assert.equal(headers.get('content-security-policy'), `${AppPolicy}; frame-ancestors 'none'`);
    assert.equal(headers.get('x-frame-options'), 'DENY');
    // Scripts from this origin only: no inline script, no eval.
    const directives = AppPolicy.split(';').map((d) => d.trim());
    assert.ok(directives.includes("script-src 'self' 'wasm-unsafe-eval'"), AppPolicy);
    assert.ok(directives.includes("object-src 'none'"), AppPolicy);
    // Worker scripts carry the policy too (a worker is governed by its own response's).
    assert.match((await fetch(url + 'wasm/worker.js')).headers.get('content-security-policy'), /script-src 'self' 'wasm-unsafe-eval'/);

    const { context, page } = await newPage();
    try {
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
      assert.equal(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'), AppPolicy);
      await page.click('#board .point[data-square="h2"]');
      await page.click('#board .point[data-square="e2"]');
      await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 2 && window.chuhan?.canMove, null, { timeout: 15000 });
      assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('another origin cannot frame the app; the embedding example stays embeddable', async () => {
    assert.equal((await fetch(url + 'embed.html')).headers.get('content-security-policy'), null);
    const other = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
               <iframe id="app" src="${url}" width="600" height="400"></iframe>
               <iframe id="embed" src="${url}embed.html" width="600" height="400"></iframe>`);
    });
    await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { context, page } = await newPage();
    try {
      const refusals = [];
      page.on('console', (m) => /frame-ancestors|X-Frame-Options/.test(m.text()) && refusals.push(m.text()));
      await page.goto(`http://127.0.0.1:${other.address().port}/`);
      const embed = page.frameLocator('#embed');
      await embed.locator('#game[data-ready="true"]').waitFor({ timeout: 15000 });
      assert.equal(await embed.locator('#game .point[data-square]').count(), 90);
      // The app's frame was refused: no document of the app in it.
      const app = page.frames().find((f) => f.parentFrame() && f.name() !== 'embed' && !f.url().endsWith('embed.html'));
      assert.ok(app, page.frames().map((f) => f.url()).join(', '));
      assert.doesNotMatch(app.url(), /^http:\/\/localhost/, 'the app loaded in the frame');
      assert.equal(await page.locator('#app').evaluate((f) => { try { return f.contentDocument?.body?.dataset.ready ?? null; } catch { return null; } }), null);
      assert.ok(refusals.length > 0, 'Chromium reports the refusal');
    } finally {
      await context.close();
      other.close();
      problems.length = 0; // the refusal is an expected console error
    }
  });

  test('the service worker caches only the files the app ships, whatever the query string', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload(); // now controlled by the service worker
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
      assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
      const cached = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url).sort(), CacheName);
      const shipped = await cached();
      assert.ok(shipped.some((u) => u.endsWith('/wasm/dist/chuhan.wasm')), shipped.join('\n'));
      // 220 fetches of shipped files with distinct query strings, and of files the app does not ship.
      await page.evaluate(async () => {
        const urls = [];
        for (let i = 0; i < 100; i++) urls.push(`app.css?v=${i}`, `js/fen.js?x=${i}#f`);
        for (let i = 0; i < 20; i++) urls.push(`test/nothing-${i}.txt`, `manifest.webmanifest?${i}`);
        await Promise.all(urls.map((u) => fetch(u).then((r) => r.arrayBuffer())));
      });
      await page.waitForTimeout(300); // cache.put() completes after the responses
      assert.deepEqual(await cached(), shipped);
      // Offline, a shipped file asked with a query string still comes from the cache.
      await context.setOffline(true);
      assert.equal(await page.evaluate(async () => (await fetch('app.css?offline=1')).status), 200);
      await context.setOffline(false);
      assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    } finally {
      await context.close();
    }
  });
});
