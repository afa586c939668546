// `npx chuhan` (wasm/cli/chuhan.mjs) driven through pipes as a GUI, a match tool or a script
// would: UCI and UCCI sessions, analyze, bench and perft against the native binary, bad
// arguments, end of input, and the packed package installed in a temporary folder.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';

import { dataFile } from '../../scripts/dev/data-dir.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const command = join(repo, 'wasm/cli/chuhan.mjs');
const native = join(repo, 'build/native/chuhan');
const version = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version;

// Runs `npx chuhan <args>` to its end: {status, stdout, stderr}.
const run = (args, options = {}) => spawnSync(process.execPath, [command, ...args], { encoding: 'utf8', ...options });
const nodesOf = (text) => Number(/Nodes searched: (\d+)/.exec(text)?.[1]);

// The command as a GUI holds it: lines in, everything printed kept, waits for text.
class Session {
  output = '';
  #waiters = [];
  constructor() {
    this.child = spawn(process.execPath, [command], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text) => {
      this.output += text;
      this.#waiters = this.#waiters.filter((w) => !w());
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }
  send(...lines) {
    for (const line of lines) this.child.stdin.write(line + '\n');
  }
  // Resolves once the output holds `pattern` `count` times (a string or a RegExp with /g).
  waitFor(pattern, count = 1, timeoutMs = 30000) {
    const seen = () => (typeof pattern === 'string' ? this.output.split(pattern).length - 1 : (this.output.match(pattern) ?? []).length);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} x${count} in:\n${this.output}`)), timeoutMs);
      const check = () => seen() >= count && (clearTimeout(timer), resolve(), true);
      if (!check()) this.#waiters.push(check);
    });
  }
}

describe('npx chuhan', () => {
  before(() => assert.ok(existsSync(native), `${native} is missing: build native first (npm run build)`));

  test('a UCI session: the same options as the native binary (but Threads), searches, stop, isready, quit', async () => {
    const s = new Session();
    s.send('uci');
    await s.waitFor('uciok');
    // The command's module is single-threaded: it offers every native option but Threads.
    const nativeUci = execFileSync(native, { input: 'uci\n', encoding: 'utf8' });
    assert.match(nativeUci, /^option name Threads type spin default 1 min 1 max 256$/m);
    assert.equal(s.output, nativeUci.replace(/^option name Threads .*\n/m, ''));
    s.send('isready', 'position startpos moves h2e2', 'go depth 6');
    await s.waitFor(/^bestmove [a-i]\d[a-i]\d/gm);
    assert.match(s.output, /readyok\n/);
    assert.match(s.output, /info depth 6 seldepth \d+ multipv 1 score cp -?\d+/);
    // An infinite search hears isready (at once), refuses other commands, and ends on stop.
    s.send('go infinite', 'isready', 'position startpos');
    await s.waitFor('readyok', 2);
    await s.waitFor("'position' ignored while searching; send stop first");
    s.send('stop');
    await s.waitFor(/^bestmove /gm, 2);
    s.send('setoption name MultiPV value 999', 'quit');
    assert.equal(await s.exited, 0);
    assert.match(s.output, /info string error: MultiPV must be a whole number in 1\.\.128, got 999/);
  });

  test('a UCCI session', async () => {
    const s = new Session();
    s.send('ucci', 'setoption usemillisec true', 'position startpos moves h2e2', 'go time 2000 increment 0');
    await s.waitFor(/^bestmove [a-i]\d[a-i]\d/gm);
    assert.match(s.output, /^ucciok$/m);
    assert.match(s.output, /^info depth \d+ score -?\d+ time \d+ nodes \d+ pv /m);
    s.send('quit');
    assert.equal(await s.exited, 0);
    assert.match(s.output, /bye\n$/);
  });

  test('end of input stops a search, which answers, and ends the process', async () => {
    const s = new Session();
    s.send('position startpos', 'go infinite');
    await s.waitFor('info depth 3');
    s.child.stdin.end();
    assert.equal(await s.exited, 0);
    assert.match(s.output, /bestmove [a-i]\d[a-i]\d( ponder [a-i]\d[a-i]\d)?\n$/);
  });

  test('analyze finds a mate in 2, as text in Chinese and as JSON', () => {
    const line = readFileSync(dataFile('mates.txt'), 'utf8').split('\n').find((l) => / ; mate-in-2 ; /.test(l));
    const [fen, , bestmove, ...rest] = line.split(' ; ');
    const alts = rest.find((f) => f.startsWith('alts '))?.split(' ').slice(1) ?? [];
    const text = run(['analyze', fen, '--depth', '8']);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^1\. mate in 2 +\S/m);
    const json = run(['analyze', fen, '--depth', '8', '--json', '--notation', 'wxf']);
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout);
    assert.ok([bestmove, ...alts].includes(result.bestmove), result.bestmove);
    assert.deepEqual(result.lines[0].score, { mate: 2 });
    assert.equal(result.lines[0].pv[0], result.bestmove);
    assert.equal(result.lines[0].names.length, result.lines[0].pv.length);
    assert.match(result.lines[0].names[0], /^[KAEHRCP+\-1-9][1-9+\-=][+\-=.]?[1-9]?/);
    assert.match(text.stdout, new RegExp(`^Best move: \\S+ \\(${result.bestmove}\\)$`, 'm'));
  });

  test('analyze of the start position after a move, with two lines', () => {
    const r = run(['analyze', 'startpos moves h2e2', '--movetime', '300', '--lines', '2', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const result = JSON.parse(r.stdout);
    assert.equal(result.fen, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    assert.equal(result.lines.length, 2);
    assert.notEqual(result.lines[0].pv[0], result.lines[1].pv[0]);
  });

  test('perft and bench count as the native binary does', () => {
    const perft = run(['perft', '3']);
    assert.equal(perft.status, 0);
    assert.equal(perft.stdout, execFileSync(native, ['perft', '3'], { encoding: 'utf8' }));
    assert.equal(nodesOf(run(['bench', '4']).stdout), nodesOf(execFileSync(native, ['bench', '4'], { encoding: 'utf8' })));
  });

  test('--version, --help, and bad arguments exit non-zero with a usage line', () => {
    assert.equal(run(['--version']).stdout, `chuhan ${version}\n`);
    const help = run(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: chuhan /);
    for (const [args, problem] of [
      [['analyze'], /analyze needs a position/],
      [['analyze', 'startpos', '--depth', '0'], /--depth must be a whole number in 1\.\.119, got 0/],
      [['analyze', 'startpos', '--notation', 'klingon'], /--notation must be chinese, wxf or iccs/],
      [['analyze', 'startpos', '--lines'], /--lines needs a value/],
      [['analyze', 'not a fen'], /invalid FEN/],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['go'], /go needs a limit/],
    ]) {
      const r = run(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, problem);
      assert.match(r.stderr, /^usage: chuhan/m);
    }
    const refused = run(['perft', '99']);
    assert.equal(refused.status, 1);
    assert.match(refused.stdout, /go perft must be a whole number in 0\.\.20, got 99/);
  });
});

describe('the packed package', () => {
  let work;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'chuhan-npx-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('installed from its tarball, `npx chuhan bench` searches as many nodes as the native one', () => {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8' }))[0];
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'npx-test', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], { cwd: work, stdio: 'ignore' });
    const wasm = execFileSync('npx', ['--no-install', 'chuhan', 'bench'], { cwd: work, encoding: 'utf8' });
    const expected = nodesOf(execFileSync(native, ['bench'], { encoding: 'utf8' }));
    assert.equal(nodesOf(wasm), expected);
    assert.ok(expected > 0);
  });
});
