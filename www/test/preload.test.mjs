// What the first board waits for: index.html runs the app bundled (scripts/dev/build-app.mjs), one
// module holding every module of the app, and preloads exactly what that module imports from
// outside (the engine package, with what it imports statically: a module left out is found only
// when its importer has loaded, one round trip later); the service worker keeps the bundle, the
// modules of js/ that embed.html and help.html load, and the engine for offline use.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundleApp } from '../../scripts/dev/build-app.mjs';

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
const panels = [...html.matchAll(/\sdata-panel="([^"]+)"/g)].map((m) => `js/${m[1]}-panel.js`);

describe('index.html and the first board', () => {
  let bundle;
  before(async () => (bundle = await bundleApp()));

  test('the page runs one script: the bundled app', () => {
    assert.deepEqual(scripts, ['dist/app.js']);
  });

  test('the bundle holds the static graph of app.js and every tab panel, and nothing of the engine package', () => {
    assert.deepEqual(panels.sort(), ['js/analysis-panel.js', 'js/explorer-panel.js', 'js/position-panel.js', 'js/puzzle-panel.js', 'js/review-panel.js']);
    const inside = new Set(bundle.inputs.map((p) => relative('www', p)));
    const expected = staticGraph('js/app.js');
    for (const panel of panels) staticGraph(panel, expected);
    for (const file of expected) if (file.startsWith('js/')) assert.ok(inside.has(file), `the bundle lacks ${file}`);
    assert.ok(![...inside].some((p) => !p.startsWith('js/')), [...inside].join(' '));
  });

  test('what the bundle imports from outside, and what that imports, is preloaded, and nothing else', () => {
    assert.deepEqual(bundle.external, ['../../wasm/index.js']);
    const graph = new Set();
    for (const spec of bundle.external) staticGraph(normalize(join('js', spec)), graph);
    assert.deepEqual([...preloaded].sort(), [...graph].sort());
  });

  test('the service worker keeps the bundle, the modules of embed.html and help.html, and the engine, for offline use', () => {
    const sw = readFileSync(join(www, 'sw.js'), 'utf8');
    const kept = new Set([...sw.matchAll(/^\s+'([^']+)',$/gm)].map((m) => m[1]));
    assert.ok(kept.has('dist/app.js'), 'sw.js does not keep dist/app.js');
    const pages = staticGraph('chuhan-board.js', staticGraph('js/help.js'));
    for (const file of pages) assert.ok(kept.has(file), `sw.js does not keep ${file}`);
    const keptModules = [...kept].filter((f) => f.startsWith('js/'));
    assert.deepEqual(keptModules.filter((f) => !pages.has(f)), [], 'modules only the bundle uses');
    for (const file of preloaded) assert.ok(kept.has(file), `sw.js does not keep ${file}`);
  });
});
