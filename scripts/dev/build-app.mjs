#!/usr/bin/env node
// The web app's production script: www/js/app.js and every module it imports, statically or
// lazily (the tabs' panels, the library), bundled by esbuild into one minified module,
// www/dist/app.js (with app.js.map beside it), which index.html runs. One request instead of the
// thirty-odd modules of js/: on the way to the first board each request cost about 2 ms of CPU
// here (scripts/bench/PERFORMANCE.md). Lazily imported modules stay lazy: the bundle evaluates
// them only when they are first imported.
//
// The engine package (../../wasm/index.js) stays outside the bundle, imported by the same relative
// URL: its worker and .wasm are found relative to the package's own URL, and www/dist/ is as deep
// as www/js/, so every relative URL of the sources means the same from the bundle.
// chuhan-board.js (embedding) and help.html still load the modules of js/ as they are.
//
//   node scripts/dev/build-app.mjs       writes www/dist/ (scripts/dev/serve.mjs does it on start)
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const Repo = fileURLToPath(new URL('../..', import.meta.url));
const AppEntry = join(Repo, 'www/js/app.js');
const AppBundleDir = join(Repo, 'www/dist');

/**
 * Bundles the app without writing anything; returns {files: [{name, text}] (app.js and app.js.map),
 * inputs: the bundled modules' paths relative to the repository, external: the imports left to the
 * browser}. Deterministic: the same sources give the same bytes.
 */
export async function bundleApp() {
  const { build } = await import('esbuild');
  const external = { name: 'engine-package-external', setup: (b) => b.onResolve({ filter: /\/wasm\/index\.js$/ }, (a) => ({ path: a.path, external: true })) };
  const result = await build({
    absWorkingDir: Repo, // the metafile's paths are relative to the repository
    entryPoints: [AppEntry],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    outdir: AppBundleDir,
    write: false,
    logLevel: 'silent',
    metafile: true,
    plugins: [external],
  });
  for (const w of result.warnings) console.warn(`build-app: ${w.text}`);
  const [output] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint);
  return {
    files: result.outputFiles.map((f) => ({ name: basename(f.path), text: f.text })),
    inputs: Object.keys(output.inputs),
    external: output.imports.filter((i) => i.external).map((i) => i.path),
  };
}

/** Writes the bundle to www/dist/ (each file replaced atomically: a server may be reading it). */
export async function buildApp() {
  const { files } = await bundleApp();
  mkdirSync(AppBundleDir, { recursive: true });
  for (const { name, text } of files) {
    const tmp = join(AppBundleDir, `.${name}.${process.pid}`);
    writeFileSync(tmp, text);
    renameSync(tmp, join(AppBundleDir, name));
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await buildApp();
  for (const { name, text } of files) console.log(`www/dist/${name}: ${text.length} bytes`);
}
