// The engine worker in browsers, started by the JS API as a module worker:
//   new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })
// The protocol is described in worker-core.js.
import createChuhanModule from './dist/chuhan.mjs';
import { serve } from './worker-core.js';

const glue = async (threaded) => {
  if (threaded) throw new Error('this worker runs the single-threaded build (worker-mt.js runs the threaded one)');
  return { factory: createChuhanModule, url: new URL('./dist/chuhan.mjs', import.meta.url) };
};

serve({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event) => handler(event.data)),
  exit: () => {}, // a browser worker cannot end itself visibly; the caller falls back to throwing
}, glue);
