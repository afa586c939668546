// Chuhan's WebAssembly build as an in-process match engine: the npm package's Node entry
// (wasm/index.node.js: the module in a worker_threads worker), so a match measures exactly what
// web pages run.
//
//   node scripts/match/match.mjs --engine-a wasm --engine-b fairy --movetime 100
//   (the same as --engine-a module:scripts/match/chuhan-wasm-engine.mjs)
//
// Module args: 'book' turns the engine's own opening book on (off by default, as in UCI, so
// that the openings file decides the openings); 'nnue' and 'hce' set useNNUE on and off (the
// learned network or the hand-written evaluation), e.g. --engine-a 'wasm nnue' --engine-b 'wasm hce'.

import { createEngine } from '../../wasm/index.node.js';

const ClockKeys = ['wtime', 'btime', 'winc', 'binc', 'movestogo'];

export default async function createChuhanWasmEngine(options = {}) {
  const engine = await createEngine(options.hash ? { hashMB: options.hash } : {});
  const args = options.args ?? [];
  if (args.includes('book')) await engine.setOption('ownBook', true);
  const evaluation = ['nnue', 'hce'].find((word) => args.includes(word));
  if (evaluation) await engine.setOption('useNNUE', evaluation === 'nnue');
  return {
    name: evaluation ? `Chuhan wasm ${evaluation}` : 'Chuhan wasm',
    newGame: () => engine.newGame(),
    async go(fen, moves, limits) {
      await engine.setPosition(fen, moves);
      const searchLimits = {};
      if (limits.movetime !== undefined) searchLimits.movetime = Math.max(1, Math.round(limits.movetime));
      for (const key of ClockKeys)
        if (limits[key] !== undefined) searchLimits[key] = Math.max(0, Math.round(limits[key]));
      let info = null;
      const best = await engine.go(searchLimits, (report) => {
        if (report.multipv !== 1 || report.bound) return;
        const [kind, value] = report.score.mate !== undefined ? ['mate', report.score.mate] : ['cp', report.score.cp];
        info = { depth: report.depth, kind, value };
      });
      return { move: best.bestmove, info };
    },
    stop: () => engine.stop(),
    quit: () => engine.terminate(),
  };
}
