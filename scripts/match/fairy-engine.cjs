#!/usr/bin/env node
// Fairy-Stockfish (npm `fairy-stockfish-nnue.wasm`) as an ordinary UCI engine on stdin/stdout,
// so the match runner can drive, time and kill it like any native engine.
//
// The package's own uci.js does the same but only when it is the main module, and its
// Emscripten loader breaks under Node 20 unless the global fetch is removed first (it would try
// to fetch() stockfish.wasm instead of reading it from disk). The engine runs its search on an
// Emscripten pthread (a worker_thread); its output comes back through addMessageListener.
//
// Moves are Fairy-Stockfish's: ranks 1..10 (h3e3 = ICCS h2e2); the runner converts.
// No NNUE file is loaded: with `Use NNUE` false (the runner sets it) or without an EvalFile,
// Fairy-Stockfish answers every `go` with "info string classical evaluation enabled".
'use strict';

delete globalThis.fetch;

const path = require('path');
const readline = require('readline');

const pkgDir = path.dirname(require.resolve('fairy-stockfish-nnue.wasm/package.json'));
const Stockfish = require(path.join(pkgDir, 'stockfish.js'));

async function main() {
  const engine = await Stockfish({
    locateFile: (file) => path.join(pkgDir, file),
  });
  engine.addMessageListener((line) => process.stdout.write(line + '\n'));

  let quitting = false;
  const quit = (code) => {
    if (quitting) return;
    quitting = true;
    try {
      engine.postMessage('quit');
    } catch (_) {
      // already gone
    }
    // Give the engine a moment to flush, then leave (its pthread workers keep Node alive).
    setTimeout(() => process.exit(code), 50).unref();
    setTimeout(() => process.exit(code), 50);
  };

  const input = readline.createInterface({ input: process.stdin });
  input.on('line', (line) => {
    const command = line.trim();
    if (command === 'quit') return quit(0);
    if (command) engine.postMessage(command);
  });
  input.on('close', () => quit(0));  // parent went away
}

main().catch((err) => {
  process.stderr.write(`fairy-engine: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
