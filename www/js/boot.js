// Imported first by app.js: starts the engine (worker + .wasm) before the app's other modules
// evaluate.
import { firstSession } from './engine.js';

firstSession().catch(() => {}); // app.js reports a failure
