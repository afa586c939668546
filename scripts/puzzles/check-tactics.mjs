// The rule every tactic in www/puzzles/tactics.json keeps with the WebAssembly engine: a search to
// depth 10 from a cleared table finds the stored move best and, unless either line is a mate, at
// least 150 cp better than the second best. www/test/puzzles.test.mjs asserts it; run directly,
// this lists the tactics that break it (what a new default network drops from the app's set).
//
//   node scripts/puzzles/check-tactics.mjs      (needs the wasm build: bash scripts/dev/build-wasm.sh)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createEngine } from '../../wasm/index.node.js';

const TacticsFile = fileURLToPath(new URL('../../www/puzzles/tactics.json', import.meta.url));
export const MinimumGap = 150;

// The engine must have MultiPV 2 set. Returns why tactic P breaks the rule, or null.
export async function tacticFault(engine, p) {
  await engine.newGame();
  await engine.setPosition(p.fen);
  if (!(await engine.legalMoves()).includes(p.best)) return `${p.id}: ${p.best} is not legal`;
  const lines = [];
  await engine.go({ depth: 10 }, (info) => (lines[info.multipv - 1] = info));
  const [best, second] = lines;
  if (best.pv[0] !== p.best) return `${p.id}: the engine prefers ${best.pv[0]} (${JSON.stringify(best.score)}) to ${p.best}`;
  if (best.score.cp !== undefined && second.score.cp !== undefined && best.score.cp - second.score.cp < MinimumGap)
    return `${p.id}: ${best.score.cp} against ${second.score.cp}`;
  return null;
}

export async function createTacticsEngine() {
  const engine = await createEngine({ hashMB: 16 });
  await engine.setOption('multiPV', 2);
  return engine;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tactics = JSON.parse(readFileSync(TacticsFile, 'utf8')).puzzles;
  const engine = await createTacticsEngine();
  let faults = 0;
  for (const p of tactics) {
    const fault = await tacticFault(engine, p);
    if (fault) console.log(fault), faults++;
  }
  engine.terminate();
  console.log(`${faults} of ${tactics.length} tactics break the rule`);
  process.exitCode = faults ? 1 : 0;
}
