// The engine worker under Node worker_threads, started by the Node entry of the JS API.
// The protocol is described in worker-core.js.
import { parentPort } from 'node:worker_threads';

import { serve } from './worker-core.js';

serve({
  post: (message) => parentPort.postMessage(message),
  listen: (handler) => parentPort.on('message', handler),
  exit: (code) => process.exit(code),
});
