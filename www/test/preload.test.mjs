// What the first board waits for: index.html preloads exactly the modules its scripts import
// statically (a module left out is found only when its importer has loaded, one round trip later;
// a module preloaded but loaded lazily is fetched on the way to the first board for nothing), and
// the service worker keeps every module of the page for offline use.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const html = readFileSync(join(www, 'index.html'), 'utf8');

// Paths relative to www/ ('js/app.js', '../wasm/index.js') of `file` and what it imports statically.
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(www, file), 'utf8');
  for (const [, spec] of source.matchAll(/^import\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms))
    staticGraph(normalize(relative(www, join(www, dirname(file), spec))), seen);
  return seen;
}

const scripts = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => normalize(m[1])));

describe('index.html and the first board', () => {
  test('the page runs boot.js (the engine) and app.js', () => {
    assert.deepEqual(scripts.sort(), ['js/app.js', 'js/boot.js']);
  });

  test('every module the scripts import statically is preloaded, and nothing else', () => {
    const graph = new Set();
    for (const script of scripts) staticGraph(script, graph);
    graph.delete('js/boot.js'); // its own <script async> fetches it first
    assert.deepEqual([...preloaded].sort(), [...graph].sort());
  });

  test('the service worker keeps every module of js/ and of the engine for offline use', () => {
    const sw = readFileSync(join(www, 'sw.js'), 'utf8');
    const kept = new Set([...sw.matchAll(/^\s+'([^']+)',$/gm)].map((m) => m[1]));
    for (const name of readdirSync(join(www, 'js')).filter((f) => f.endsWith('.js'))) assert.ok(kept.has(`js/${name}`), `sw.js does not keep js/${name}`);
    for (const file of preloaded) assert.ok(kept.has(file), `sw.js does not keep ${file}`);
  });
});
