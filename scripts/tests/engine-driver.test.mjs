// The scripts' shared pieces: the argument parser (scripts/lib/args.mjs) and the engine driver
// (scripts/match/engines.mjs) against the native build, when it exists.
//
//   node --test scripts/tests/engine-driver.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { parseArgs } from '../lib/args.mjs';
import { createEngine, exactLines, parseInfo } from '../match/engines.mjs';

const native = fileURLToPath(new URL('../../build/native/chuhan', import.meta.url));
const argsModule = new URL('../lib/args.mjs', import.meta.url).href;

test('parseArgs reads values, flags, repeats, defaults and positionals', () => {
  const { values, positionals } = parseArgs(['--games', '4', '--elo0=-5', '--quiet', '--o', 'a=1', '--o', 'b', 'x.pgn'], {
    tool: 't', positionals: true,
    options: {
      games: { type: 'integer', min: 1 }, elo0: { type: 'number' }, quiet: { type: 'boolean' },
      o: { multiple: true }, hash: { type: 'integer', default: 16 }, name: {},
    },
  });
  assert.deepEqual(values, { games: 4, elo0: -5, quiet: true, o: ['a=1', 'b'], hash: 16 });
  assert.deepEqual(positionals, ['x.pgn']);
});

test('parseArgs refuses mistakes with status 2 and answers --help with status 0', () => {
  const run = (argv) => spawnSync(process.execPath, ['--input-type=module', '-e',
    `import { parseArgs } from ${JSON.stringify(argsModule)};
     parseArgs(${JSON.stringify(argv)}, { tool: 'demo', usage: 'usage: demo', options: { n: { type: 'integer', min: 1 } } });`],
  { encoding: 'utf8' });
  for (const [argv, message] of [[['--x'], /unknown option --x/], [['--n'], /--n needs a value/],
    [['--n', '0'], /--n: bad value '0'/], [['file'], /unexpected argument 'file'/]]) {
    const r = run(argv);
    assert.equal(r.status, 2, argv.join(' '));
    assert.match(r.stderr, message);
  }
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.equal(help.stdout, 'usage: demo\n');
});

test('parseInfo reads UCI and UCCI info lines', () => {
  assert.deepEqual(parseInfo('info depth 7 seldepth 9 multipv 2 score cp -31 upperbound nodes 1234 nps 5000 time 12 pv h2e2 h9g7'),
    { depth: 7, seldepth: 9, multipv: 2, score: { kind: 'cp', value: -31 }, bound: 'upperbound', nodes: 1234, nps: 5000, time: 12, pv: ['h2e2', 'h9g7'] });
  assert.deepEqual(parseInfo('info depth 3 score 15 pv b0c2'), { depth: 3, score: { kind: 'cp', value: 15 }, pv: ['b0c2'] });
  assert.deepEqual(parseInfo('info depth 5 score mate -2'), { depth: 5, score: { kind: 'mate', value: -2 }, pv: [] });
  assert.equal(parseInfo('info string error: bad fen'), null);
  assert.equal(parseInfo('bestmove h2e2'), null);
});

test('the driver searches, collects and stops the native engine', { skip: !existsSync(native) && 'no build/native/chuhan' }, async () => {
  const engine = await createEngine(native, { hash: 4, options: [['MultiPV', '2']] });
  try {
    await engine.start();
    const r = await engine.search('startpos moves h2e2', 'depth 4', { timeoutMs: 30000 });
    assert.equal(r.error, null);
    assert.match(r.bestmove, /^[a-i]\d[a-i]\d$/);
    const { lines, history } = exactLines(r.infos);
    assert.equal(lines.length, 2);
    assert.equal(lines[0].depth, 4);
    assert.ok(history.every((i) => (i.multipv ?? 1) === 1) && history.length >= 4);

    engine.send('position startpos moves h2e2');
    const d = await engine.collect('d', (l) => l.startsWith('Fen:'), 10000);
    assert.ok(d.found);
    assert.match(d.lines.at(-1), /^Fen: rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR b/);

    const stopped = await engine.search('startpos', 'infinite', { timeoutMs: 300 });
    assert.ok(stopped.timedOut);
    assert.match(stopped.bestmove, /^[a-i]\d[a-i]\d$/);
    assert.equal(stopped.restarted, null);
  } finally {
    await engine.quit();
  }
});

test('the match runner passes its self-test (referee, notation, Elo, SPRT, PGN)', () => {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL('../match/selftest.mjs', import.meta.url))], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
