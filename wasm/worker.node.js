// The engine worker under Node worker_threads, started by the Node entry of the JS API.
// The protocol is described in worker-core.js.
import { parentPort, Worker as NodeWorker } from 'node:worker_threads';

import { serve } from './worker-core.js';

// The threaded build's glue is made for browsers: it starts each pthread as
// `new Worker(url_of_chuhan-mt.worker.js)` and talks to it through onmessage/postMessage. Here a
// worker thread running pthread.node.js plays that Web Worker.
globalThis.Worker ??= class WebWorkerOverWorkerThreads {
  #thread;
  constructor(url) {
    this.#thread = new NodeWorker(new URL('./pthread.node.js', import.meta.url), { workerData: { script: String(url) }, execArgv: [] });
    this.#thread.on('message', (data) => this.onmessage?.({ data }));
    this.#thread.on('error', (error) => this.onerror?.(error));
  }
  postMessage(message, transfer) {
    this.#thread.postMessage(message, transfer);
  }
  terminate() {
    this.#thread.terminate();
  }
};

// Either build's glue, imported when the first init asks for it.
const glue = async (threaded) => {
  const url = new URL(threaded ? './dist/chuhan-mt.mjs' : './dist/chuhan.mjs', import.meta.url);
  return { factory: (await import(url)).default, url };
};

serve({
  post: (message) => parentPort.postMessage(message),
  listen: (handler) => parentPort.on('message', handler),
  exit: (code) => process.exit(code),
}, glue);
