// Loaded by index.html before the app: starts the engine (worker + .wasm) as early as possible.
import { firstSession } from './engine.js';

firstSession().catch(() => {}); // app.js reports a failure
