#!/usr/bin/env node
// WebAssembly vs native speed, module size and start-up time, in one run.
//
//   node scripts/bench/wasm-bench.mjs [--rounds N] [--reloads N] [--no-browser] [--hce] [--against DIR]
//   (npm run bench:wasm)
//
// 1. Speed: the bench (fixed positions, depth 13) natively (build/native/chuhan bench) and in
//    wasm under Node (createEngine().bench(), timed inside the worker like the native timer),
//    alternating N rounds (default 5) so that both see the same machine load; the best nodes/s
//    of each and their ratio. Also checks that both searched the same number of nodes. With
//    --hce both evaluate with the hand-written evaluation (Use NNUE / useNNUE off).
//    --against DIR: then this checkout's wasm against the wasm of another checkout DIR (its
//    wasm/dist built, e.g. an older commit's), alternating, under Node: each one's best nodes/s
//    and their ratio (issue 34: the network's build at least 0.6x the build before it).
// 2. Size of wasm/dist/chuhan.wasm + chuhan.mjs (the glue), raw and gzip -9; the JS API files
//    separately.
// 3. Ready time: createEngine() until the engine answers, under Node (first engine of the
//    process, which compiles the module, then later ones), and in headless Chromium when
//    /usr/bin/chromium exists (first load, then --reloads N reloads, default 15, from a warm HTTP
//    cache; the median of those). A freshly started headless Chromium is slow at starting workers
//    for its first few pages (an empty worker too), so a handful of reloads measures the browser's
//    warm-up more than the engine. For scale, both also time a worker that does nothing but
//    answer: the share of the browser or of Node.
// 4. stop() latency of an infinite search under Node, shared flag and terminate modes.
// 5. With Chromium: the bench in the page's engine worker vs native, for comparison.
// Goals (issue 7): wasm >= 0.85x native nodes/s, ready < 100 ms; .wasm + glue, the network
// included, < 1.5 MB gzipped (issue 19; 150 KB before the network).
// Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { createEngine } from '../../wasm/index.node.js';
import { hasChromium, launchChromium } from '../chromium.mjs';
import { parseArgs } from '../lib/args.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = join(root, 'build/native/chuhan');
const { values: args } = parseArgs(process.argv.slice(2), {
  tool: 'wasm-bench',
  usage:
    'usage: node scripts/bench/wasm-bench.mjs [--rounds N] [--reloads N] [--no-browser] [--hce] [--against DIR]   (npm run bench:wasm)',
  options: {
    rounds: { type: 'integer', min: 1, default: 5 }, reloads: { type: 'integer', min: 1, default: 15 },
    'no-browser': { type: 'boolean' }, hce: { type: 'boolean' }, against: { type: 'string' },
  },
});
const { rounds, reloads } = args;
const browser = !args['no-browser'] && hasChromium();
const handWritten = !!args.hce;
const nativeBench = () =>
  handWritten
    ? execFileSync(native, [], { encoding: 'utf8', input: 'setoption name Use NNUE value false\nbench\nquit\n' })
    : execFileSync(native, ['bench'], { encoding: 'utf8' });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const inOrder = (times) => times.map((t) => t.toFixed(0)).join(', ');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

for (const f of [native, join(root, 'wasm/dist/chuhan.wasm')])
  if (!existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);

// ---- 1. speed ----
console.log(`== bench speed: native vs wasm (Node ${process.version}), ${rounds} rounds alternating${handWritten ? ', Use NNUE off' : ''}`);
const engine = await createEngine();
if (handWritten) await engine.setOption('useNNUE', false);
const best = { native: 0, wasm: 0 };
let nodes = {};
const ratios = [];
for (let round = 1; round <= rounds; ++round) {
  const out = nativeBench();
  const n = { nodes: Number(/^Nodes searched: (\d+)/m.exec(out)[1]), time: Number(/^Total time \(ms\): (\d+)/m.exec(out)[1]) };
  n.nps = Math.round((n.nodes * 1000) / Math.max(1, n.time));
  const w = await engine.bench();
  console.log(`  round ${round}: native ${n.nps.toLocaleString('en')} nodes/s (${n.time} ms)   wasm ${w.nps.toLocaleString('en')} nodes/s (${w.time} ms)`);
  ratios.push(w.nps / n.nps);
  best.native = Math.max(best.native, n.nps);
  best.wasm = Math.max(best.wasm, w.nps);
  nodes = { native: n.nodes, wasm: w.nodes };
}
engine.terminate();
console.log(`  nodes: native ${nodes.native}, wasm ${nodes.wasm} ${nodes.native === nodes.wasm ? '(identical)' : 'MISMATCH'}`);
const ratio = best.wasm / best.native;
console.log(`  best: native ${best.native.toLocaleString('en')} nodes/s, wasm ${best.wasm.toLocaleString('en')} nodes/s`);
console.log(`  ratio wasm/native: ${ratio.toFixed(3)}x best vs best, ${median(ratios).toFixed(3)}x median of the rounds (goal >= 0.85x) ${ratio >= 0.85 ? 'OK' : 'BELOW GOAL'}`);

if (args.against) {
  const other = resolve(args.against);
  console.log(`\n== bench speed: this wasm vs ${other}'s wasm, ${rounds} rounds alternating`);
  const { createEngine: createOther } = await import(pathToFileURL(join(other, 'wasm/index.node.js')).href);
  const engines = { this: await createEngine(), other: await createOther() };
  if (handWritten) for (const e of Object.values(engines)) await e.setOption('useNNUE', false);
  const fastest = { this: 0, other: 0 };
  for (let round = 1; round <= rounds; ++round) {
    const line = [];
    for (const [name, e] of Object.entries(engines)) {
      const r = await e.bench();
      fastest[name] = Math.max(fastest[name], r.nps);
      line.push(`${name} ${r.nps.toLocaleString('en')} nodes/s (${r.nodes} nodes)`);
    }
    console.log(`  round ${round}: ${line.join('   ')}`);
  }
  for (const e of Object.values(engines)) e.terminate();
  console.log(`  best: this ${fastest.this.toLocaleString('en')}, other ${fastest.other.toLocaleString('en')} nodes/s: ${(fastest.this / fastest.other).toFixed(3)}x`);
}

// ---- 2. size ----
console.log('\n== size (gzip -9)');
const sizes = (files) =>
  files.reduce(
    (acc, f) => {
      const bytes = readFileSync(join(root, f));
      const gz = gzipSync(bytes, { level: 9 }).length;
      console.log(`  ${f.padEnd(24)} ${String(bytes.length).padStart(8)} bytes raw ${String(gz).padStart(8)} bytes gzipped`);
      return { raw: acc.raw + bytes.length, gz: acc.gz + gz };
    },
    { raw: 0, gz: 0 },
  );
const core = sizes(['wasm/dist/chuhan.wasm', 'wasm/dist/chuhan.mjs']);
console.log(`  .wasm + glue: ${kb(core.raw)} raw, ${kb(core.gz)} gzipped (goal < 1.5 MB) ${core.gz < 1.5 * 1024 * 1024 ? 'OK' : 'ABOVE GOAL'}`);
const api = sizes(['wasm/index.js', 'wasm/client.js', 'wasm/worker.js', 'wasm/worker-core.js']);
console.log(`  JS API (browser): ${kb(api.raw)} raw, ${kb(api.gz)} gzipped`);

// ---- 3. ready time ----
console.log('\n== ready time: createEngine() until the engine answers');
// A fresh process, so that the first engine includes compiling the module.
const nodeReady = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createEngine } from ${JSON.stringify(new URL('../../wasm/index.node.js', import.meta.url).href)};
       const times = [];
       for (let i = 0; i < 6; ++i) {
         const t0 = performance.now();
         const e = await createEngine();
         await e.fen();
         times.push(performance.now() - t0);
         e.terminate();
       }
       const { Worker } = await import('node:worker_threads');
       const empty = [];
       for (let i = 0; i < 5; ++i) {
         const t0 = performance.now();
         const w = new Worker(new URL('data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage(0)'));
         await new Promise((resolve) => w.once('message', resolve));
         empty.push(performance.now() - t0);
         await w.terminate();
       }
       console.log(JSON.stringify({ times, empty }));`,
    ],
    { encoding: 'utf8' },
  ),
);
console.log(`  Node: first ${nodeReady.times[0].toFixed(1)} ms (compiles the module), then median ${median(nodeReady.times.slice(1)).toFixed(1)} ms (module compiled)`);
console.log(`  Node: an empty worker alone: median ${median(nodeReady.empty).toFixed(1)} ms`);

let chromiumBench = null;
if (browser) {
  const { ready, emptyWorker, bench } = await inChromium();
  const warm = median(ready.slice(1));
  console.log(`  Chromium: first load ${ready[0].toFixed(1)} ms, warm cache median ${warm.toFixed(1)} ms of ${ready.length - 1} reloads (goal < 100 ms) ${warm < 100 ? 'OK' : 'ABOVE GOAL'}`);
  console.log(`    in load order: ${inOrder(ready.slice(1))}`);
  console.log(`  Chromium: an empty module worker alone (alternate reloads): median ${median(emptyWorker).toFixed(1)} ms`);
  console.log(`    in load order: ${inOrder(emptyWorker)}`);
  chromiumBench = bench;
} else {
  console.log('  Chromium: skipped (--no-browser or no /usr/bin/chromium)');
}

// ---- 4. stop latency ----
console.log('\n== stop() latency of an infinite search (Node)');
for (const stopMode of ['shared', 'terminate']) {
  const e = await createEngine({ stopMode });
  const times = [];
  for (let i = 0; i < 3; ++i) {
    const search = e.go({ infinite: true });
    await sleep(300);
    const t0 = performance.now();
    await e.stop();
    await search;
    times.push(performance.now() - t0);
    await e.fen(); // waits for a restarted worker
  }
  e.terminate();
  console.log(`  ${stopMode.padEnd(9)} ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
}

if (chromiumBench) {
  console.log('\n== bench speed in a Chromium module worker (for comparison; alternating with native)');
  const ratios = chromiumBench.map(({ wasm, native }) => wasm / native);
  for (const [i, { wasm, native }] of chromiumBench.entries())
    console.log(`  round ${i + 1}: native ${native.toLocaleString('en')} nodes/s   wasm ${wasm.toLocaleString('en')} nodes/s   ${(wasm / native).toFixed(3)}x`);
  console.log(`  ratio wasm/native: median ${median(ratios).toFixed(3)}x`);
}

// Serves the repository and loads a page that times createEngine() in headless Chromium: once
// cold, then reloads with the HTTP cache warm. Then runs the bench in the page's engine worker,
// alternating with the native bench.
async function inChromium() {
  const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  // '/' times the engine; '/empty' times a module worker that only posts a message, the part of
  // the ready time that belongs to the browser (measured on alternate reloads, so that neither
  // warms the other).
  const emptyPage = `<!doctype html><link rel="icon" href="data:,"><script type="module">
    const t0 = performance.now();
    const w = new Worker('/wasm/empty-worker.js', { type: 'module' });
    w.onmessage = () => { fetch('/done?ms=' + (performance.now() - t0)); w.terminate(); };
  </script>`;
  const page = `<!doctype html><link rel="icon" href="data:,"><script type="module">
    import { createEngine } from '/wasm/index.js';
    const t0 = performance.now();
    const engine = await createEngine();
    await engine.fen();
    window.__engine = engine;
    fetch('/done?ms=' + (performance.now() - t0));
  </script>`;
  let reported = null; // resolves the pending load() with the time the page reports
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    if (path === '/done') {
      res.writeHead(204).end();
      return reported?.(Number(url.searchParams.get('ms')));
    }
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    if (path === '/empty') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(emptyPage);
    if (path === '/wasm/empty-worker.js')
      return res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' }).end('postMessage(0);');
    const file = normalize(join(root, decodeURIComponent(path)));
    try {
      if (!file.startsWith(join(root, 'wasm'))) throw new Error('outside');
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=3600' }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const b = await launchChromium();
  const ready = [];
  const emptyWorker = [];
  const bench = [];
  try {
    const p = await (await b.newContext()).newPage();
    // The page reports its time to the server: polling it from Playwright (waitForFunction)
    // would inject Playwright's script into every page, ~20 ms of main-thread work that competes
    // with the worker's start on this 2-core machine (it doubled the empty worker's time).
    const load = async (path) => {
      const time = new Promise((resolve, reject) => {
        reported = resolve;
        setTimeout(() => reject(new Error(`${path} did not report within 30 s`)), 30000).unref();
      });
      await p.goto(`http://127.0.0.1:${server.address().port}${path}`);
      return time;
    };
    // Ends on the engine's page, whose engine runs the bench below.
    for (let i = 0; i <= reloads; ++i) {
      if (i > 0) emptyWorker.push(await load('/empty'));
      ready.push(await load('/'));
    }
    for (let round = 0; round < Math.min(rounds, 3); ++round) {
      const wasm = await p.evaluate(() => window.__engine.bench().then((r) => r.nps));
      const out = execFileSync(native, ['bench'], { encoding: 'utf8' });
      bench.push({ wasm, native: Number(/^Nodes\/second: (\d+)/m.exec(out)[1]) });
    }
  } finally {
    await b.close();
    server.close();
  }
  return { ready, emptyWorker, bench };
}
