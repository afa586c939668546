// One pthread of the threaded build under Node: a worker thread dressed as the Web Worker that
// Emscripten's chuhan-mt.worker.js expects (self, onmessage, postMessage), which then runs that
// script unchanged. Started by the Worker stand-in of worker.node.js.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

globalThis.self = globalThis;
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
parentPort.on('message', (data) => globalThis.onmessage?.({ data }));
// A classic script (not a module): evaluated in the global scope, as a browser would load it.
(0, eval)(readFileSync(new URL(workerData.script), 'utf8'));
