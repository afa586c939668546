// The engine worker in browsers, started by the JS API as a module worker:
//   new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })
// The protocol is described in worker-core.js.
import { serve } from './worker-core.js';

serve({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event) => handler(event.data)),
  exit: () => {}, // a browser worker cannot end itself visibly; the caller falls back to throwing
});
