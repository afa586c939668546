// The JS API as a careless caller uses it (issue 16): perft that stop() ends, games longer than
// 1,024 plies, argument holes, PGNs without a game, and a hash the memory cannot hold; and as a
// hostile one does (issue 31): control characters in FENs, long arguments, throwing arguments,
// mate limits, and `npx chuhan` with net files and output it cannot write.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { createEngine } from 'chuhan';
import { createEngineWith } from '../client.js';

const PromptMs = 2000; // a stopped perft must settle well within this (perft 12 takes hours)

// `plies` moves of both horses going out and back: no capture, no check.
const shuffleHorses = (plies) => Array.from({ length: plies }, (_, i) => ['h0g2', 'h9g7', 'g2h0', 'g7h9'][i % 4]);

async function withEngine(options, body) {
  const engine = await createEngine(options);
  try {
    await body(engine);
  } finally {
    engine.terminate();
  }
}

describe('perft is stoppable (item 4)', () => {
  for (const stopMode of ['shared', 'terminate']) {
    test(`stop() ends a running perft and the queued calls run (${stopMode})`, () =>
      withEngine({ stopMode }, async (engine) => {
        await engine.setPosition('startpos', ['h2e2']);
        const before = await engine._state();
        const perft = engine.perft(12);
        const queuedPerft = engine.perft(12);
        const fen = engine.fen();
        const moves = engine.legalMoves();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const t0 = performance.now();
        await engine.stop();
        const ms = performance.now() - t0;
        await assert.rejects(perft, /perft: stopped/);
        await assert.rejects(queuedPerft, /perft: stopped/);
        assert.ok(ms < PromptMs, `stopped in ${ms.toFixed(0)} ms`);
        assert.equal(await fen, before.fen);
        const after = await engine._state();
        if (stopMode === 'shared') assert.equal(after.instance, before.instance, 'the worker is kept');
        assert.equal(await engine.perft(1), (await moves).length, 'the next perft counts in full');
        assert.ok((await engine.go({ depth: 3 })).bestmove, 'searches run after it');
      }));
  }
});

describe("the engine's own output loads back (item 5)", () => {
  test('a FEN after 1,000 plies without a capture, and PGNs of 1,024 plies and more', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', shuffleHorses(1000));
      const fen = await engine.fen();
      assert.match(fen, / 1000 501$/);
      await engine.setPosition(fen);
      assert.equal(await engine.fen(), fen);
      for (const plies of [1024, 1025, 20000]) {
        await engine.setPosition('startpos', shuffleHorses(plies));
        const pgn = await engine.pgn();
        await engine.setPosition('startpos');
        const game = await engine.loadPgn(pgn);
        assert.equal(game.moves.length, plies);
      }
    }));
});

describe('argument checks (item 6)', () => {
  test('holes in the moves array are a TypeError from the client; the worker is kept', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', ['h2e2']);
      const before = await engine._state();
      // eslint-disable-next-line no-sparse-arrays
      for (const moves of [[, 'h9g7'], ['h2e2', , 'h9g7'], new Array(3)])
        await assert.rejects(engine.setPosition('startpos', moves), TypeError);
      const after = await engine._state();
      assert.equal(after.instance, before.instance, 'no worker restart');
      assert.deepEqual((await engine.game()).moves, ['h2e2']);
    }));

  test('a PGN with neither moves nor a start position is refused and the game kept', () =>
    withEngine({}, async (engine) => {
      await engine.setPosition('startpos', ['h2e2', 'h9g7']);
      for (const text of ['', '[Event "x"]', '1-0', '  \n', '[Event "x"]\n\n*'])
        await assert.rejects(engine.loadPgn(text), /no moves and no FEN tag/, JSON.stringify(text));
      assert.deepEqual((await engine.game()).moves, ['h2e2', 'h9g7']);
      const fenOnly = await engine.loadPgn('[FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n*');
      assert.equal(fenOnly.startFen, '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
      assert.deepEqual(fenOnly.line, [0]);
      assert.deepEqual(fenOnly.moves, []);
    }));
});

describe('a hash the memory cannot hold (item 9)', () => {
  test('is a clear error and the previous table stays', () =>
    withEngine({}, async (engine) => {
      // 1024 MB in use (allocated by a search), then 1020 MB more: beyond the module's 2 GB.
      await engine.setOption('hashMB', 1024);
      await engine.go({ depth: 1 });
      await assert.rejects(engine.setOption('hashMB', 1020), /not enough memory for a 1020 MB hash table; keeping 1024 MB/);
      assert.equal((await engine._state()).hashMB, 1024);
      assert.ok((await engine.go({ depth: 4 })).bestmove, 'the engine still searches');
      await engine.setOption('hashMB', 16);
      assert.equal((await engine._state()).hashMB, 16);
    }));
});

// Issue 31 (hardening II): the items of the JS API, the worker and `npx chuhan`.
describe('hardening II (issue 31)', () => {
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const command = join(repo, 'wasm/cli/chuhan.mjs');

  test('item 10: a FEN with a tab, CR or LF is read with single spaces; the worker is kept', () =>
    withEngine({}, async (engine) => {
      const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
      const before = await engine._state();
      for (const fen of [`${start}\n`, `${start}\r\n`, start.replace(' w ', '\tw\r').replace(' 0 1', '\n0 1')]) {
        const game = await engine.setPosition(fen, ['h2e2']);
        assert.equal(game.startFen, start, JSON.stringify(fen));
        assert.deepEqual(game.moves, ['h2e2']);
      }
      const fromPgn = await engine.loadPgn(`[FEN "${start.replace(' w ', '\tw ')}"]\n1. h2e2 *\n`);
      assert.equal(fromPgn.startFen, start);
      assert.equal((await engine._state()).instance, before.instance, 'no worker restart');
    }));

  test('item 11: moveName() quotes a short, escaped prefix of a long argument', () =>
    withEngine({}, async (engine) => {
      const long = '\u0001\u001b[2J' + 'x'.repeat(1_000_000);
      const error = await engine.moveName(long).then(
        () => assert.fail('an illegal move was named'),
        (e) => e,
      );
      assert.ok(error.message.length < 300, `${error.message.length} characters`);
      assert.doesNotMatch(error.message, /[\u0000-\u001f]/);
      assert.match(error.message, /^moveName: '\\u0001\\u001b\[2Jx+…' \(\+999905 characters\) is not a legal move here$/);
      await assert.rejects(engine.moveName('h2e3'), /^Error: moveName: 'h2e3' is not a legal move here$/);
    }));

  test('item 16: createEngine({hashMB: "16"}) rejects before a worker starts', async () => {
    const touched = [];
    const platform = new Proxy({}, { get: (_, key) => (touched.push(key), () => assert.fail(`platform.${String(key)} called`)) });
    for (const hashMB of ['16', 1.5, 0, null])
      await assert.rejects(createEngineWith(platform, { hashMB }), /createEngine\(options\): hashMB must be a whole number/);
    assert.deepEqual(touched, []);
  });

  test('item 16: pgn() and setPosition() with a throwing argument reject, never throw', () =>
    withEngine({}, async (engine) => {
      const boom = new Error('boom');
      const getter = { get Red() { throw boom; } };
      const proxy = new Proxy({}, { ownKeys: () => { throw boom; } });
      const moves = new Proxy([], { get: () => { throw boom; } });
      let pending;
      assert.doesNotThrow(() => (pending = engine.pgn(getter)));
      await assert.rejects(pending, /boom/);
      assert.doesNotThrow(() => (pending = engine.pgn(proxy)));
      await assert.rejects(pending, /boom/);
      assert.doesNotThrow(() => (pending = engine.setPosition('startpos', moves)));
      await assert.rejects(pending, /boom/);
      assert.match(await engine.pgn({ Red: 'Chuhan' }), /\[Red "Chuhan"\]/);
    }));

  test('item 5: a mate limit alone is refused; with another limit it searches', () =>
    withEngine({}, async (engine) => {
      await assert.rejects(engine.go({ mate: 1 }), /give a limit that ends the search \(movetime, depth, nodes, wtime, btime\) or infinite: true/);
      assert.equal(engine.contract.limits.mate.endsSearch, false);
      assert.ok((await engine.go({ mate: 1, depth: 3 })).bestmove);
    }));

  // `npx chuhan` as a GUI holds it: lines in, every line out, the exit status.
  const session = (input) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [command], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (status) => resolve({ status, out, err }));
      child.stdin.end(input);
    });

  test('item 3: npx chuhan reads EvalFile (the shipped network; a directory is refused)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-evalfile-'));
    try {
      const shipped = join(repo, 'core/nets/default.nnue');
      const { status, out, err } = await session(
        `uci\nsetoption name EvalFile value ${shipped}\nisready\nsetoption name EvalFile value ${dir}\n` +
          `setoption name EvalFile value /dev/zero\nisready\nposition startpos\ngo depth 3\n`,
      );
      assert.equal(status, 0, err);
      assert.match(out, /^option name EvalFile type string/m);
      assert.equal(out.match(/^readyok$/gm)?.length, 2, out);
      const errors = out.split('\n').filter((l) => l.includes('error'));
      assert.deepEqual(errors, [
        `info string error: EvalFile '${dir}': a directory, not a file`,
        "info string error: EvalFile '/dev/zero': not a regular file",
      ]);
      assert.match(out, /^bestmove [a-i]\d[a-i]\d/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('item 15: npx chuhan with output it cannot write exits 1 with one line, no stack trace', () => {
    for (const shell of [
      `"${process.execPath}" "${command}" analyze startpos --depth 3 >/dev/full`,
      `"${process.execPath}" "${command}" bench 6 | head -1 >/dev/null; exit \${PIPESTATUS[0]}`,
      `printf 'position startpos\\ngo depth 3\\n' | "${process.execPath}" "${command}" >/dev/full`,
    ]) {
      const r = spawnSync('bash', ['-c', shell], { encoding: 'utf8' });
      assert.equal(r.status, 1, `${shell}\n${r.stderr}`);
      assert.match(r.stderr, /^chuhan: cannot write the output \((ENOSPC|EPIPE)\)\n$/, shell);
    }
  });
});
