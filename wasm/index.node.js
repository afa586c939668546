// Chuhan under Node (18+): createEngine() starts the engine in a worker_threads worker. Same API
// as the browser entry (index.js); SharedArrayBuffer always exists here, so stop() uses the
// shared flag by default. An idle engine does not keep the process alive.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

import { compileBytes, createEngineWith } from './client.js';

// The bytes of `url`: a file: URL, a path, or an http(s) URL.
async function readBytes(url) {
  const href = String(url);
  if (/^https?:/i.test(href)) {
    const response = await fetch(href);
    if (!response.ok) throw new Error(`chuhan: could not load ${href}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  const path = url instanceof URL || /^file:/i.test(href) ? new URL(href) : href;
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    throw new Error(`chuhan: could not read ${href}: ${e.message}`);
  }
}

async function compile(url) {
  return compileBytes(await readBytes(url), String(url));
}

function createWorker(workerUrl, on) {
  // No execArgv: the worker needs no flags, and some of the parent's (--input-type with -e)
  // would stop it from starting.
  const worker = new Worker(workerUrl ?? new URL('./worker.node.js', import.meta.url), { execArgv: [] });
  worker.on('message', on.message);
  worker.on('error', (error) => on.failure(error?.message ?? String(error)));
  worker.on('messageerror', () => on.failure('a message from the worker could not be read'));
  worker.on('exit', (code) => on.failure(`the worker exited with code ${code}`));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => {
      worker.removeAllListeners();
      worker.on('error', () => {});
      worker.terminate();
    },
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

const platform = {
  // The threaded build (threads > 1) is a separate file, fetched only when asked for.
  defaultWasmUrl: (threaded) =>
    threaded ? new URL('./dist/chuhan-mt.wasm', import.meta.url) : new URL('./dist/chuhan.wasm', import.meta.url),
  compile,
  createWorker,
  defaultOpeningsUrl: () => new URL('./data/openings.bin', import.meta.url),
  readBytes,
  canShareMemory: () => typeof SharedArrayBuffer === 'function',
};

/** Starts an engine in a worker thread; see index.d.ts. */
export function createEngine(options) {
  return createEngineWith(platform, options);
}
