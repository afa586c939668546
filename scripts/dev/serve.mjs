#!/usr/bin/env node
// A small static server for the web app: www/ at /, and the engine package's browser files
// (wasm/*.js, wasm/dist/ and the explorer's wasm/data/) at /wasm/, so that the app's
// `../../wasm/index.js` imports and the service worker's `../wasm/…` URLs resolve the same as in
// the repository tree.
//
// It first bundles the app's modules (scripts/dev/build-app.mjs: www/dist/, which index.html runs).
//
//   node scripts/dev/serve.mjs            serves on http://localhost:${PORT:-8080}/ with COOP/COEP
//                                     (cross-origin isolation: the engine searches with several
//                                     threads, and stop() uses a shared flag)
//   CHUHAN_ISOLATE=0 node scripts/…   without them: one thread, stop() restarts the worker
//
// Every response allows CORS reads (Access-Control-Allow-Origin: *) so that other sites can embed
// <chuhan-board> from this server, and says Cache-Control: no-cache (revalidate; the service
// worker handles offline). Every response but the embedding example (embed.html, which is meant
// to be framed and shows inline scripts) carries the app's Content-Security-Policy, read from the
// meta tag of www/index.html, with frame-ancestors 'none' (and X-Frame-Options: DENY): no other
// page may frame the app, and worker scripts (governed by their own response's policy) get it too.
import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './build-app.mjs';

const Repo = fileURLToPath(new URL('../..', import.meta.url));
const Mime = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.pgn': 'application/x-chess-pgn; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};
// The package files a browser needs (not the Node entry, tests or sources).
const WasmFiles = new Set([
  'index.js',
  'client.js',
  'worker.js',
  'worker-core.js',
  'worker-mt.js',
  'index.d.ts',
  'dist/chuhan.mjs',
  'dist/chuhan.wasm',
  'dist/chuhan-mt.mjs',
  'dist/chuhan-mt.wasm',
  'dist/chuhan-mt.worker.js',
  'data/openings.bin',
]);

/** The app's Content-Security-Policy: the content of www/index.html's meta tag. */
export const AppPolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(
  readFileSync(join(Repo, 'www/index.html'), 'utf8'),
)[1];
// Documents that other pages may frame.
const Embeddable = new Set(['/embed.html']);

/** The file for a URL path, or null: /wasm/… from wasm/, everything else from www/. */
export function resolvePath(pathname, { www = join(Repo, 'www'), wasm = join(Repo, 'wasm') } = {}) {
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.startsWith('/wasm/')) {
    const rest = path.slice('/wasm/'.length);
    return WasmFiles.has(rest) ? join(wasm, rest) : null;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(www, path));
  return file.startsWith(www + sep) ? file : null;
}

/** Starts the server; resolves with {server, url} once it listens. `port` 0 picks a free one. */
export async function startServer({ port = Number(process.env.PORT ?? 8080), host = 'localhost', isolate = process.env.CHUHAN_ISOLATE !== '0', quiet = false } = {}) {
  await buildApp(); // the page runs the bundle: made from the sources as they are now
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (isolate) Object.assign(headers, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    if (!Embeddable.has(url.pathname))
      Object.assign(headers, { 'Content-Security-Policy': `${AppPolicy}; frame-ancestors 'none'`, 'X-Frame-Options': 'DENY' });
    const send = (status, text) => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
    const file = resolvePath(url.pathname);
    let info;
    try {
      info = file && (await stat(file));
    } catch {}
    if (!info?.isFile()) {
      if (!quiet) console.log(`404 ${url.pathname}`);
      return send(404, `not found: ${url.pathname}\n`);
    }
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    headers.ETag = etag;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    res.writeHead(200, { ...headers, 'Content-Type': Mime[extname(file)] ?? 'application/octet-stream', 'Content-Length': info.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await startServer();
  console.log(`Chuhan web app: ${url}  (embedding example: ${url}embed.html; Ctrl-C stops)`);
}
