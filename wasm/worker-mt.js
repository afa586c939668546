// The engine worker of the threaded build in browsers, started by the JS API as a module worker
// when more than one thread is asked for on a cross-origin isolated page. Its glue starts the
// pthreads as Web Workers from dist/chuhan-mt.worker.js, which import the same glue.
// The protocol is described in worker-core.js.
import createChuhanModule from './dist/chuhan-mt.mjs';
import { serve } from './worker-core.js';

const glue = async (threaded) => {
  if (!threaded) throw new Error('this worker runs the threaded build (worker.js runs the single-threaded one)');
  return { factory: createChuhanModule, url: new URL('./dist/chuhan-mt.mjs', import.meta.url) };
};

serve({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event) => handler(event.data)),
  exit: () => {},
}, glue);
