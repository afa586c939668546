// Chuhan in the browser: createEngine() starts the engine in a module Web Worker.
//
//   import { createEngine } from 'chuhan';
//   const engine = await createEngine();
//   await engine.setPosition('startpos', ['h2e2']);
//   const { bestmove } = await engine.go({ movetime: 1000 }, (info) => console.log(info.pv));
//
// The .wasm and the worker are found next to this file through `new URL(..., import.meta.url)`,
// which bundlers (Vite, webpack 5; Rollup and esbuild with an asset plugin) recognise and copy. The
// .wasm is compiled once on this thread (streaming) and every worker instantiates that module.
// Types and contracts: index.d.ts and client.js.
import { compileBytes, createEngineWith, cspHint } from './client.js';

async function compile(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`chuhan: could not fetch ${url}: ${e.message}` + cspHint(e));
  }
  if (!response.ok)
    throw new Error(`chuhan: could not load ${url}: HTTP ${response.status} ${response.statusText} (pass createEngine({ wasmUrl }) if chuhan.wasm is elsewhere)`);
  // Streaming compilation needs the application/wasm type; anything else is read in full, which
  // also lets compileBytes explain a wrong file (an HTML error page served with status 200).
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(response.headers.get('content-type') ?? '')) {
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch (e) {
      if (cspHint(e)) throw new Error(`chuhan: could not compile ${url}: ${e.message}` + cspHint(e));
    }
  }
  return compileBytes(await response.arrayBuffer(), url);
}

// The threaded build's worker, next to this file. Not written as a literal `new URL(...)`, so that
// bundlers leave it alone: its glue starts pthread workers from files beside it, which a bundle
// would not keep together. In a bundled app it is not found, and the engine uses one thread.
const threadedWorker = './worker-mt.js';

function createWorker(workerUrl, on, threaded) {
  // The literal `new Worker(new URL(...), { type: 'module' })` lets bundlers find and bundle it.
  const worker = threaded
    ? new Worker(new URL(threadedWorker, import.meta.url), { type: 'module' })
    : workerUrl
      ? new Worker(workerUrl, { type: 'module' })
      : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event) => on.message(event.data));
  worker.addEventListener('error', (event) => {
    event.preventDefault?.();
    on.failure(event.message || `the worker script ${workerUrl ?? 'worker.js'} failed to load or threw`);
  });
  worker.addEventListener('messageerror', () => on.failure('a message from the worker could not be read'));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
  };
}

// The explorer's data file (or any file the engine reads whole).
async function readBytes(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`chuhan: could not fetch ${url}: ${e.message}`);
  }
  if (!response.ok)
    throw new Error(`chuhan: could not load ${url}: HTTP ${response.status} ${response.statusText} (pass createEngine({ openingsUrl }) if openings.bin is elsewhere)`);
  return new Uint8Array(await response.arrayBuffer());
}

const platform = {
  // The threaded build (threads > 1) is a separate file, fetched only when asked for.
  defaultWasmUrl: (threaded) =>
    threaded ? new URL('./dist/chuhan-mt.wasm', import.meta.url) : new URL('./dist/chuhan.wasm', import.meta.url),
  compile,
  createWorker,
  // The opening explorer's data, fetched on the first explore() (a literal `new URL(...)`, which
  // bundlers copy as an asset).
  defaultOpeningsUrl: () => new URL('./data/openings.bin', import.meta.url),
  readBytes,
  // SharedArrayBuffer exists only on cross-origin isolated pages (COOP + COEP headers).
  canShareMemory: () => globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function',
};

/** Starts an engine in a Web Worker; see index.d.ts. */
export function createEngine(options) {
  return createEngineWith(platform, options);
}
