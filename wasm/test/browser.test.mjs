// The npm package in a browser: `npm pack` the repository, build wasm/test/vite-app with Vite
// against the packed package, serve the result and load it in headless Chromium (Debian's
// /usr/bin/chromium through playwright-core; no browser is downloaded):
//   plain  no special headers: stop() terminates and restarts the worker
//   csp    Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval' on every response
//   coi    the CSP plus COOP/COEP: cross-origin isolated, stop() uses the shared flag
// Skipped (the Vite build still runs) when CHUHAN_SKIP_BROWSER=1 or Chromium is missing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { hasChromium, launchChromium } from '../../scripts/chromium.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = join(root, 'build', 'vite-test');
const app = join(work, 'app');
const dist = join(work, 'dist');
const skipBrowser = process.env.CHUHAN_SKIP_BROWSER === '1' || !hasChromium();
const Csp = "script-src 'self' 'wasm-unsafe-eval'";
const Types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

function serve(profile) {
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url, 'http://localhost').pathname;
    const file = normalize(join(dist, path === '/' ? 'index.html' : decodeURIComponent(path)));
    const headers = { 'Content-Type': Types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=3600' };
    if (profile !== 'plain') headers['Content-Security-Policy'] = Csp;
    if (profile === 'coi') {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    try {
      if (!file.startsWith(dist)) throw new Error('outside');
      res.writeHead(200, headers).end(await readFile(file));
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the npm package in a Vite app', () => {
  let packed;
  before(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(join(app, 'node_modules', 'chuhan'), { recursive: true });
    const json = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    packed = JSON.parse(json)[0];
    execFileSync('tar', ['xzf', join(work, packed.filename), '-C', join(app, 'node_modules', 'chuhan'), '--strip-components=1']);
    cpSync(new URL('./vite-app/', import.meta.url), app, { recursive: true });
    const { build } = await import('vite');
    await build({ root: app, configFile: false, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  });

  test('the package holds the modules, the JS, the types, the command, the opening data with its notice, the licence and nothing else', () => {
    const files = packed.files.map((f) => f.path).sort();
    for (const f of ['wasm/dist/chuhan.wasm', 'wasm/dist/chuhan.mjs', 'wasm/index.js', 'wasm/index.node.js', 'wasm/index.d.ts', 'wasm/worker.js', 'wasm/worker.node.js', 'wasm/worker-core.js', 'wasm/client.js', 'wasm/cli/chuhan.mjs', 'wasm/dist/chuhan-cli.mjs', 'wasm/dist/chuhan-cli.wasm', 'wasm/data/openings.bin', 'wasm/data/NOTICE.md', 'package.json', 'README.md', 'LICENSE'])
      assert.ok(files.includes(f), `${f} is packed`);
    assert.deepEqual(files.filter((f) => /test|\.cpp$|CMake|core\/|scripts\//.test(f)), []);
  });

  test('Vite copied the .wasm and bundled the worker', () => {
    const assets = readdirSync(join(dist, 'assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), `a .wasm asset in ${assets}`);
    assert.ok(assets.filter((f) => f.endsWith('.js')).length >= 2, `page and worker scripts in ${assets}`);
  });

  describe('in headless Chromium', { skip: skipBrowser && 'CHUHAN_SKIP_BROWSER=1 or no /usr/bin/chromium' }, () => {
    let browser;
    const servers = {};
    before(async () => {
      browser = await launchChromium();
      for (const profile of ['plain', 'csp', 'coi']) servers[profile] = await serve(profile);
    });
    after(async () => {
      await browser?.close();
      for (const server of Object.values(servers)) server.close();
    });

    // Loads the page `loads` times in one browser context (the later loads hit a warm cache).
    async function open(profile, loads = 1) {
      const context = await browser.newContext();
      const problems = [];
      const results = [];
      try {
        const page = await context.newPage();
        page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && problems.push(`worker: ${m.text()}`)));
        for (let i = 0; i < loads; ++i) {
          await page.goto(`http://127.0.0.1:${servers[profile].address().port}/`);
          await page.waitForFunction(() => window.__result, null, { timeout: 60000 });
          results.push(await page.evaluate(() => window.__result));
        }
      } finally {
        await context.close();
      }
      return { results, problems };
    }

    function check({ results, problems }, isolated) {
      for (const r of results) {
        assert.equal(r.ok, true, r.error);
        assert.ok(r.bestmoveLegal, `bestmove ${r.bestmove}`);
        assert.deepEqual(r.depths, [1, 2, 3, 4, 5, 6]);
        assert.ok(r.stoppedLegal, `stopped with ${JSON.stringify(r.stopped)}`);
        assert.ok(r.stopMs < 1000, `stop took ${r.stopMs} ms`);
        assert.equal(r.fenAfterStop, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
        assert.ok(r.again);
        assert.match(r.badFen, /invalid FEN/);
        assert.equal(r.crossOriginIsolated, isolated);
        assert.equal(r.sharedStop, isolated);
      }
      assert.deepEqual(problems, []);
      return results;
    }

    test('plain page: gets a move; stop terminates and restarts the worker', async () => {
      check(await open('plain'), false);
    });

    test("strict CSP (script-src 'self' 'wasm-unsafe-eval'): works, no eval needed", async () => {
      const results = check(await open('csp', 2), false);
      console.log(`# csp page: ready in ${results.map((r) => r.readyMs.toFixed(0)).join(' ms, then ')} ms (warm cache); stop ${results[0].stopMs.toFixed(0)} ms`);
    });

    test('cross-origin isolated page (COOP/COEP + CSP): stop through the shared flag', async () => {
      const results = check(await open('coi'), true);
      console.log(`# coi page: ready in ${results[0].readyMs.toFixed(0)} ms; shared-flag stop ${results[0].stopMs.toFixed(1)} ms`);
    });
  });
});
