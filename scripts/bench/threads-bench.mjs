#!/usr/bin/env node
// Lazy SMP figures: nodes/s and time to the bench depth with THREADS threads against one, for the
// native binary (build/native/chuhan bench DEPTH THREADS) and the WebAssembly package under Node
// (createEngine({ threads }) then bench()), runs interleaved so that machine noise hits both alike.
//
//   node scripts/bench/threads-bench.mjs [--threads 2] [--depth 13] [--rounds 3] [--native-only | --wasm-only]
//
// Measure on an otherwise idle machine: THREADS threads need THREADS free cores. Needs the builds
// (npm run build). Goals (issue 18): 2 threads over 1, nodes/s >= 1.6x natively, >= 1.5x in wasm.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

import { createEngine } from '../../wasm/index.node.js';
import { parseArgs } from '../lib/args.mjs';

const { values: args } = parseArgs(process.argv.slice(2), {
  tool: 'threads-bench',
  usage: 'usage: node scripts/bench/threads-bench.mjs [--threads 2] [--depth 13] [--rounds 3] [--native-only | --wasm-only]',
  options: {
    threads: { type: 'integer', min: 1, default: 2 },
    depth: { type: 'integer', min: 1, default: 13 },
    rounds: { type: 'integer', min: 1, default: 3 },
    'native-only': { type: 'boolean', default: false },
    'wasm-only': { type: 'boolean', default: false },
  },
});
const { threads, depth, rounds } = args;
const native = new URL('../../build/native/chuhan', import.meta.url).pathname;

function benchNative(t) {
  const out = execFileSync(native, ['bench', String(depth), String(t)], { encoding: 'utf8' });
  const field = (name) => Number(out.match(new RegExp(`^${name}: (\\d+)`, 'm'))[1]);
  return { nodes: field('Nodes searched'), time: field('Total time \\(ms\\)') };
}

const engines = new Map();
async function benchWasm(t) {
  if (!engines.has(t)) engines.set(t, await createEngine({ threads: t }));
  const engine = engines.get(t);
  await engine.newGame();
  const { nodes, time } = await engine._raw({ cmd: 'bench', depth });
  return { nodes, time };
}

async function compare(name, bench) {
  const sums = { 1: { nodes: 0, time: 0 }, [threads]: { nodes: 0, time: 0 } };
  for (let r = 1; r <= rounds; ++r)
    for (const t of [1, threads]) {
      const { nodes, time } = await bench(t);
      sums[t].nodes += nodes;
      sums[t].time += time;
      console.log(`${name} round ${r}  threads ${t}  ${nodes} nodes  ${time} ms  ${Math.round((nodes * 1000) / time)} nodes/s`);
    }
  const nps = (s) => s.nodes / s.time;
  console.log(`${name}: nodes/s, ${threads} threads over 1: ${(nps(sums[threads]) / nps(sums[1])).toFixed(2)}x`);
  console.log(`${name}: time to depth ${depth}, 1 thread over ${threads}: ${(sums[1].time / sums[threads].time).toFixed(2)}x (above 1: faster with ${threads})`);
}

console.log(`load before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (!args['wasm-only']) await compare('native', benchNative);
if (!args['native-only']) await compare('wasm', benchWasm);
console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const engine of engines.values()) engine.terminate();
