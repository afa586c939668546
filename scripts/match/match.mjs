#!/usr/bin/env node
// Engine matches for Chuhan, refereed by ffish (Fairy-Stockfish's xiangqi rules).
//
//   node scripts/match/match.mjs [--engine-a CMD] [--engine-b CMD] [--movetime MS | --tc BASE+INC]
//                                [--games N] [--concurrency N] [--pgn FILE] [--sprt ...]
//
// Engine A defaults to the native build (build/native/chuhan), engine B to Fairy-Stockfish
// (npm fairy-stockfish-nnue.wasm, UCI_Variant xiangqi, 1 thread, classical evaluation). Each
// opening of ../shared/data/openings.txt is played twice, A as Red then A as Black. Results are
// W/D/L from A's side, with Elo and a 95 % interval (formulas in stats.mjs), a breakdown by how
// games ended, and optionally an SPRT. Rules and the ffish calls: referee.mjs. Engines and the
// in-process adapter interface: engines.mjs. Usage: README.md, all in this folder.

import { appendFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { createEngine, killAllEngines, repoRoot } from './engines.mjs';
import { AbortedGame, playGame } from './game.mjs';
import { loadFfish } from './referee.mjs';
import { defaultOpeningsPath, loadOpenings } from './openings.mjs';
import { formatPgn, pgnDate } from './pgn.mjs';
import {
  describeElo, pentaIndex, pentanomialElo, sprtBounds, sprtLLR, trinomialElo,
} from './stats.mjs';
import { nameValuePairs, parseArgs } from '../lib/args.mjs';

const USAGE = `Usage: node scripts/match/match.mjs [options]

Engines (A is the one being measured; results are from A's side)
  --engine-a CMD          default: build/native/chuhan. 'fairy' = Fairy-Stockfish wasm;
  --engine-b CMD          default: fairy. 'module:FILE.mjs' = an in-process engine module;
                          'wasm' = Chuhan's WebAssembly build (npm run build first);
                          anything else is a command line ('path/to/engine --flag').
  --protocol-a, -b P      uci (default) or ucci
  --rank-base-a, -b N     0: ICCS ranks 0-9 (default); 1: ranks 1-10 (Fairy-Stockfish style)
  --option-a, -b N=V      extra setoption (repeatable), e.g. --option-a 'Move Overhead=50'
  --name-a, -b NAME       display name (default: the engine's 'id name')
  --hash MB               hash size for both engines (default 16)

Games
  --movetime MS           fixed time per move (default 100)
  --movetime-a, -b MS     time odds: this engine's own fixed time per move (with --movetime)
  --tc BASE+INC           clock in seconds, e.g. 10+0.1 (runner tracks the clocks)
  --margin MS             lateness tolerated before a loss on time (default 500: on a loaded
                          2-core machine a 100 ms search sometimes answers after 200-300 ms)
  --max-plies N           game length cap; reaching it is a draw (default 300)
  --openings FILE         default openings.txt of the shared data (scripts/dev/data-dir.mjs)
  --openings-limit K      use only the first K openings
  --games N               play the first N games of the schedule (2 per opening: A red, A black);
                          with --sprt: the maximum number of games (default 20000)
  --concurrency N         games in parallel (default 1; each game runs two engines)

Output
  --pgn FILE              write the games (xqbase-style PGN, ICCS moves); overwritten
  --pgn-comments          add score/depth and time after every move
  --json FILE             write the summary as JSON
  --log FILE              log all engine input/output
  --event NAME            PGN Event tag
  --quiet                 no per-game lines

SPRT (for two builds of Chuhan)
  --sprt                  run until the LLR crosses a bound (openings repeat as needed)
  --elo0 E0 --elo1 E1     hypotheses in logistic Elo (default 0 and 5)
  --alpha A --beta B      error rates (default 0.05 each)
  --sprt-model M          pentanomial (default; game pairs) or trinomial (single games)
`;

// ---------------------------------------------------------------------------------------------
// Command line

// "200 ms/move", or with time odds "A 400, B 200 ms/move".
function movetimeText(cfg) {
  if (cfg.movetimeA === undefined && cfg.movetimeB === undefined) return `${cfg.tc.movetime} ms/move`;
  return `A ${cfg.movetimeA ?? cfg.tc.movetime}, B ${cfg.movetimeB ?? cfg.tc.movetime} ms/move`;
}

function fail(message) {
  process.stderr.write(`match: ${message}\n`);
  process.exit(2);
}

const OPTIONS = {
  'engine-a': {}, 'engine-b': {}, 'protocol-a': {}, 'protocol-b': {},
  'rank-base-a': { type: 'integer', min: 0, max: 1 }, 'rank-base-b': { type: 'integer', min: 0, max: 1 },
  'option-a': { multiple: true }, 'option-b': { multiple: true }, 'name-a': {}, 'name-b': {},
  hash: { type: 'integer', min: 1, default: 16 },
  movetime: { type: 'integer', min: 1 }, 'movetime-a': { type: 'integer', min: 1 }, 'movetime-b': { type: 'integer', min: 1 },
  tc: {}, margin: { type: 'number', min: 0, default: 500 }, 'max-plies': { type: 'integer', min: 1, default: 300 },
  openings: {}, 'openings-limit': { type: 'integer', min: 1, default: 0 }, games: { type: 'integer', min: 1, default: 0 },
  concurrency: { type: 'integer', min: 1, default: 1 },
  pgn: {}, 'pgn-comments': { type: 'boolean' }, json: {}, log: {}, event: {}, quiet: { type: 'boolean' },
  sprt: { type: 'boolean' }, elo0: { type: 'number', default: 0 }, elo1: { type: 'number', default: 5 },
  alpha: { type: 'number', min: 1e-6, default: 0.05 }, beta: { type: 'number', min: 1e-6, default: 0.05 }, 'sprt-model': {},
};

function readArgs(argv) {
  const { values: raw } = parseArgs(argv, { tool: 'match', usage: USAGE, options: OPTIONS });
  const protocol = (key) => {
    const p = (raw[key] || 'uci').toLowerCase();
    if (p !== 'uci' && p !== 'ucci') fail(`--${key} must be uci or ucci`);
    return p;
  };

  if (raw.movetime !== undefined && raw.tc !== undefined) fail('give either --movetime or --tc');
  let tc;
  if (raw.tc !== undefined) {
    const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(raw.tc);
    if (!m) fail(`--tc wants BASE+INC in seconds, e.g. 10+0.1; got '${raw.tc}'`);
    tc = { kind: 'clock', base: Math.round(+m[1] * 1000), inc: Math.round(+(m[2] || 0) * 1000), text: raw.tc };
    if (tc.base <= 0) fail('--tc base must be positive');
  } else {
    const mt = raw.movetime ?? 100;
    tc = { kind: 'movetime', movetime: mt, text: `${mt / 1000}s/move` };
  }
  if (tc.kind !== 'movetime' && (raw['movetime-a'] !== undefined || raw['movetime-b'] !== undefined))
    fail('--movetime-a and --movetime-b go with --movetime, not --tc');

  const sprtModel = (raw['sprt-model'] || 'pentanomial').toLowerCase();
  if (sprtModel !== 'pentanomial' && sprtModel !== 'trinomial') fail('--sprt-model must be pentanomial or trinomial');

  const cfg = {
    engineA: raw['engine-a'] || resolve(repoRoot, 'build/native/chuhan'),
    engineB: raw['engine-b'] || 'fairy',
    protocolA: protocol('protocol-a'),
    protocolB: protocol('protocol-b'),
    rankBaseA: raw['rank-base-a'],  // undefined: the engine's default (fairy: 1, others: 0)
    rankBaseB: raw['rank-base-b'],
    optionsA: nameValuePairs('match', raw['option-a']),
    optionsB: nameValuePairs('match', raw['option-b']),
    movetimeA: raw['movetime-a'],
    movetimeB: raw['movetime-b'],
    nameA: raw['name-a'],
    nameB: raw['name-b'],
    hash: raw.hash,
    tc,
    margin: raw.margin,
    maxPlies: raw['max-plies'],
    openingsPath: raw.openings ? resolve(raw.openings) : defaultOpeningsPath(),
    openingsLimit: raw['openings-limit'],
    games: raw.games,
    concurrency: raw.concurrency,
    pgn: raw.pgn ? resolve(raw.pgn) : null,
    pgnComments: !!raw['pgn-comments'],
    json: raw.json ? resolve(raw.json) : null,
    log: raw.log ? resolve(raw.log) : null,
    event: raw.event,
    quiet: !!raw.quiet,
    sprt: !!raw.sprt,
    elo0: raw.elo0,
    elo1: raw.elo1,
    alpha: raw.alpha,
    beta: raw.beta,
    sprtModel,
  };
  if (cfg.sprt && !(cfg.elo1 > cfg.elo0)) fail('--elo1 must be greater than --elo0');
  if (cfg.sprt && (cfg.alpha >= 0.5 || cfg.beta >= 0.5)) fail('--alpha and --beta must be below 0.5');
  if (cfg.concurrency > 2) process.stderr.write('match: note: this machine has 2 cores shared with others\n');
  return cfg;
}

// ---------------------------------------------------------------------------------------------
// Match bookkeeping

class Timing {
  constructor() {
    this.by = new Map();
  }

  record(name, side, elapsed, budget) {
    if (elapsed === undefined) return;
    const t = this.by.get(name) || { moves: 0, total: 0, maxOver: -Infinity };
    t.moves += 1;
    t.total += elapsed;
    t.maxOver = Math.max(t.maxOver, elapsed - budget);
    this.by.set(name, t);
  }
}

class Results {
  constructor(cfg) {
    this.cfg = cfg;
    this.wins = 0;
    this.draws = 0;
    this.losses = 0;
    this.byReason = { win: new Map(), draw: new Map(), loss: new Map() };
    this.byColour = { w: [0, 0, 0], b: [0, 0, 0] };  // A's [wins, draws, losses] as Red / Black
    this.pairs = new Map();  // pair index -> [scoreA of game 0, scoreA of game 1]
    this.penta = [0, 0, 0, 0, 0];
    this.games = [];
    this.failures = [];  // engine failures (time, crash, illegal ...), for the report
  }

  get played() {
    return this.wins + this.draws + this.losses;
  }

  /** Adds a game; returns true when it completed a pair. */
  add(game) {
    const scoreA = game.result === '1/2-1/2' ? 0.5 : (game.result === '1-0') === game.aIsRed ? 1 : 0;
    game.scoreA = scoreA;
    this.games.push(game);
    const kind = scoreA === 1 ? 'win' : scoreA === 0 ? 'loss' : 'draw';
    if (kind === 'win') this.wins++;
    else if (kind === 'loss') this.losses++;
    else this.draws++;
    this.byReason[kind].set(game.reason, (this.byReason[kind].get(game.reason) || 0) + 1);
    this.byColour[game.aIsRed ? 'w' : 'b'][kind === 'win' ? 0 : kind === 'draw' ? 1 : 2]++;
    if (game.loserSide) this.failures.push(game);

    const pair = this.pairs.get(game.pair) || [null, null];
    pair[game.aIsRed ? 0 : 1] = scoreA;
    this.pairs.set(game.pair, pair);
    if (pair[0] !== null && pair[1] !== null) {
      this.penta[pentaIndex(pair[0], pair[1])]++;
      return true;
    }
    return false;
  }

  llr() {
    const { sprtModel, elo0, elo1 } = this.cfg;
    const counts = sprtModel === 'pentanomial' ? this.penta : [this.losses, this.draws, this.wins];
    return sprtLLR(sprtModel, counts, elo0, elo1);
  }
}

function reasonsLine(map) {
  if (map.size === 0) return '-';
  return [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
}

function summaryText(cfg, results, names, timing, extra) {
  const { wins, draws, losses, played } = results;
  const lines = [];
  lines.push('');
  lines.push(`=== ${names.A} vs ${names.B}: ${played} games${extra.interrupted ? ' (interrupted)' : ''}, ` +
    `${cfg.tc.kind === 'movetime' ? movetimeText(cfg) : `clock ${cfg.tc.text}`}`);
  if (played === 0) {
    lines.push('no game finished');
    return lines.join('\n');
  }
  const tri = trinomialElo(results);
  lines.push(`Score of ${names.A}: W ${wins} - D ${draws} - L ${losses}  (${(100 * tri.score).toFixed(1)} %)`);
  lines.push(`Elo difference: ${describeElo(tri)}  [trinomial, ${played} games]`);
  const pairs = results.penta.reduce((a, b) => a + b, 0);
  if (pairs > 0) {
    lines.push(`Elo difference: ${describeElo(pentanomialElo(results.penta))}  [pentanomial, ${pairs} pairs]`);
    lines.push(`Pentanomial [LL LD DD/WL WD WW]: ${results.penta.join(' ')}`);
  }
  lines.push(`${names.A} won by:  ${reasonsLine(results.byReason.win)}`);
  lines.push(`${names.A} lost by: ${reasonsLine(results.byReason.loss)}`);
  lines.push(`Draws by:  ${reasonsLine(results.byReason.draw)}`);
  const chases = results.games.filter((g) => g.reason === 'perpetual chase').length;
  if (chases)
    lines.push(`${chases} game(s) ended by ffish's perpetual-chase ruling: its chase test and the rule text ` +
      'differ in known cases (scripts/tests/rules-ffish.test.mjs); look at them in the PGN');
  const c = results.byColour;
  lines.push(`${names.A} as Red: W ${c.w[0]} D ${c.w[1]} L ${c.w[2]}; as Black: W ${c.b[0]} D ${c.b[1]} L ${c.b[2]}`);
  const avgPlies = results.games.reduce((a, g) => a + g.moves.length, 0) / played;
  lines.push(`Average game length: ${avgPlies.toFixed(1)} plies after the opening`);
  for (const [name, t] of timing.by) {
    lines.push(`Time ${name}: ${t.moves} moves, average ${(t.total / t.moves).toFixed(0)} ms, ` +
      `worst ${t.maxOver >= 0 ? '+' : ''}${t.maxOver.toFixed(0)} ms against the limit`);
  }
  if (extra.lagMs !== undefined) {
    lines.push(`Runner event-loop delay: worst ${extra.lagMs.toFixed(0)} ms` +
      (extra.lagMs > 50 ? ' (the machine is loaded: time forfeits may not be the engines\' fault)' : ''));
  }
  if (results.failures.length) {
    lines.push('Engine failures:');
    for (const g of results.failures.slice(0, 20)) lines.push(`  game ${g.round}: ${g.reasonText}`);
  }
  for (const c of extra.complaints || []) lines.push(c);
  if (extra.evalNotes) lines.push(extra.evalNotes);
  if (cfg.sprt) {
    const b = sprtBounds(cfg.alpha, cfg.beta);
    lines.push(`SPRT (${cfg.sprtModel} GSPRT, elo0 ${cfg.elo0}, elo1 ${cfg.elo1}, alpha ${cfg.alpha}, beta ${cfg.beta}): ` +
      `LLR ${results.llr().toFixed(3)} [${b.lower.toFixed(3)}, ${b.upper.toFixed(3)}] -> ${extra.sprtVerdict || 'inconclusive'}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const cfg = readArgs(process.argv.slice(2));
  const defaultA = resolve(repoRoot, 'build/native/chuhan');
  if (cfg.engineA === defaultA && !existsSync(defaultA))
    fail(`engine A not found: ${defaultA}\n  build it: cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build build/native -j2 --target chuhan`);

  const ff = await loadFfish();
  let openings = loadOpenings(ff, cfg.openingsPath);
  if (cfg.openingsLimit) openings = openings.slice(0, cfg.openingsLimit);
  const fullSchedule = 2 * openings.length;
  const totalGames = cfg.sprt ? (cfg.games || 20000) : Math.min(cfg.games || fullSchedule, fullSchedule);
  if (cfg.games > fullSchedule && !cfg.sprt)
    process.stderr.write(`match: note: only ${fullSchedule} games in the schedule (${openings.length} openings x 2)\n`);

  const log = cfg.log ? (line) => appendFileSync(cfg.log, `${(performance.now() / 1000).toFixed(3)} ${line}\n`) : null;
  if (cfg.log) writeFileSync(cfg.log, '');
  if (cfg.pgn) writeFileSync(cfg.pgn, '');

  const control = { aborted: false, interrupted: false, sprtVerdict: null };
  // How late this process itself runs: a stalled runner reads a bestmove late and measures
  // too long a think time. Reported in the summary.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const results = new Results(cfg);
  const timing = new Timing();
  const workers = [];

  const abortAll = () => {
    control.aborted = true;
    for (const w of workers) for (const e of [w.A, w.B]) if (e) e.kill();
  };

  // Ctrl-C / SIGTERM: stop, print what finished, leave no engine behind. Twice: leave at once.
  let signalled = false;
  const onSignal = (sig) => {
    if (signalled) {
      killAllEngines();
      process.exit(130);
    }
    signalled = true;
    process.stderr.write(`\nmatch: ${sig}: stopping, partial result follows\n`);
    control.interrupted = true;
    abortAll();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  // Engines: one pair per concurrent game.
  const engineOpts = (which) => ({
    protocol: which === 'A' ? cfg.protocolA : cfg.protocolB,
    rankBase: which === 'A' ? cfg.rankBaseA : cfg.rankBaseB,
    options: which === 'A' ? cfg.optionsA : cfg.optionsB,
    name: which === 'A' ? cfg.nameA : cfg.nameB,
    hash: cfg.hash,
    log,
  });
  try {
    for (let i = 0; i < cfg.concurrency; i++) {
      const A = await createEngine(cfg.engineA, { ...engineOpts('A'), label: `A${i}` });
      const B = await createEngine(cfg.engineB, { ...engineOpts('B'), label: `B${i}` });
      // Time odds: game.mjs gives an engine its own movetime when it has one.
      A.movetime = cfg.movetimeA;
      B.movetime = cfg.movetimeB;
      workers.push({ A, B });
    }
  } catch (err) {
    fail(err.message);
  }
  try {
    await Promise.all(workers.flatMap((w) => [w.A.start(), w.B.start()]));
  } catch (err) {
    abortAll();
    if (control.interrupted) {
      process.stdout.write('interrupted while starting the engines: no game played\n');
      process.exit(130);
    }
    fail(`could not start the engines: ${err.message}`);
  }

  // Display names; two builds of the same engine get their file names added.
  const names = { A: workers[0].A.name, B: workers[0].B.name };
  if (names.A === names.B) {
    const file = (cmd) => basename(cmd.split(' ')[0]);
    const [fa, fb] = [file(cfg.engineA), file(cfg.engineB)];
    if (!cfg.nameA) names.A = fa !== fb ? `${names.A} [${fa}]` : `${names.A} (A)`;
    if (!cfg.nameB) names.B = fa !== fb ? `${names.B} [${fb}]` : `${names.B} (B)`;
  }

  process.stdout.write(`${names.A} vs ${names.B}: ${cfg.sprt ? `SPRT, up to ${totalGames}` : totalGames} games, ` +
    `${cfg.tc.kind === 'movetime' ? movetimeText(cfg) : `clock ${cfg.tc.text} s`}, ` +
    `${openings.length} openings from ${cfg.openingsPath}, concurrency ${cfg.concurrency}\n`);
  const bounds = sprtBounds(cfg.alpha, cfg.beta);

  let next = 0;
  const date = pgnDate();
  lag.enable();
  const event = cfg.event || (cfg.sprt ? `SPRT ${names.A} vs ${names.B}` : `${names.A} vs ${names.B}`);

  async function runWorker(worker) {
    while (!control.aborted && next < totalGames) {
      const index = next++;
      const pair = Math.floor(index / 2);
      const opening = openings[pair % openings.length];
      const aIsRed = index % 2 === 0;
      for (const e of [worker.A, worker.B]) {
        if (!e.healthy && !control.aborted) {
          try {
            await e.restart();
          } catch (err) {
            if (control.aborted) break;
            process.stderr.write(`match: cannot restart ${e.name}: ${err.message}\n`);
            abortAll();
            control.fatal = true;
            return;
          }
        }
      }
      if (control.aborted) return;
      const engines = aIsRed ? { w: worker.A, b: worker.B } : { w: worker.B, b: worker.A };
      const sideNames = aIsRed ? { w: names.A, b: names.B } : { w: names.B, b: names.A };
      let game;
      try {
        game = await playGame(ff, cfg, opening, engines, sideNames, control, timing);
      } catch (err) {
        if (err instanceof AbortedGame) return;
        throw err;
      }
      Object.assign(game, { index, round: index + 1, pair, aIsRed, opening, red: sideNames.w, black: sideNames.b });
      const pairDone = results.add(game);

      if (cfg.pgn) {
        appendFileSync(cfg.pgn, formatPgn({
          event, site: 'Chuhan match runner', date, round: game.round, red: game.red, black: game.black,
          result: game.result, fen: opening.fen, moves: game.moves, reason: game.reason,
          reasonText: game.reasonText, opening: opening.name, openingMoves: opening.moves,
          timeControl: cfg.tc.text, notes: cfg.pgnComments ? game.notes : null,
        }));
      }
      if (!cfg.quiet) {
        const total = cfg.sprt ? '' : `/${totalGames}`;
        process.stdout.write(`[${String(game.round).padStart(String(totalGames).length)}${total}] ` +
          `${game.red} - ${game.black} (opening ${opening.index + 1}): ${game.result} ${game.reasonText}, ` +
          `${game.moves.length} plies | ${names.A} W ${results.wins} D ${results.draws} L ${results.losses}\n`);
      }
      if (cfg.sprt && (cfg.sprtModel === 'trinomial' || pairDone)) {
        const llr = results.llr();
        process.stdout.write(`SPRT: LLR ${llr.toFixed(3)} [${bounds.lower.toFixed(3)}, ${bounds.upper.toFixed(3)}] ` +
          `after ${results.played} games, pentanomial ${results.penta.join(' ')}\n`);
        if (!control.aborted && (llr >= bounds.upper || llr <= bounds.lower)) {
          control.sprtVerdict = llr >= bounds.upper
            ? `H1 accepted (${names.A} is at least ${cfg.elo1} Elo better)`
            : `H0 accepted (${names.A} is not ${cfg.elo1} Elo better; at most ${cfg.elo0})`;
          abortAll();  // games still running are not counted
        }
      }
    }
  }

  await Promise.all(workers.map(runWorker));
  lag.disable();

  const evalNotes = workers
    .flatMap((w) => [w.A, w.B])
    .filter((e) => e.spec && e.spec.isFairy)
    .flatMap((e) => [...e.evalNotes]);
  const uniqueNotes = [...new Set(evalNotes)];
  let evalLine = null;
  if (uniqueNotes.length) {
    evalLine = `Fairy-Stockfish said: ${uniqueNotes.map((n) => `"${n}"`).join(', ')}`;
    if (uniqueNotes.some((n) => /nnue/i.test(n))) evalLine += '  <-- WARNING: NNUE in use';
  }

  const complaints = [];
  for (const [key, engines] of [['A', workers.map((w) => w.A)], ['B', workers.map((w) => w.B)]]) {
    const n = engines.reduce((a, e) => a + (e.complaints || 0), 0);
    if (n) {
      const samples = engines.flatMap((e) => e.complaintSamples || []).slice(0, 3);
      complaints.push(`${names[key]} printed ${n} error line(s), e.g.: ${samples.join(' | ')}`);
    }
  }

  const text = summaryText(cfg, results, names, timing, {
    complaints,
    interrupted: control.interrupted, sprtVerdict: control.sprtVerdict, evalNotes: evalLine,
    lagMs: lag.max / 1e6,
  });
  process.stdout.write(text + '\n');
  if (cfg.pgn) process.stdout.write(`PGN: ${cfg.pgn}\n`);

  if (cfg.json) {
    const tri = trinomialElo(results);
    const pairs = results.penta.reduce((a, b) => a + b, 0);
    writeFileSync(cfg.json, JSON.stringify({
      engineA: names.A, engineB: names.B, timeControl: cfg.tc, games: results.played,
      wins: results.wins, draws: results.draws, losses: results.losses,
      score: tri && tri.score, elo: tri && { elo: tri.elo, lo: tri.lo, hi: tri.hi },
      pentanomial: results.penta,
      eloPentanomial: pairs ? (({ elo, lo, hi }) => ({ elo, lo, hi }))(pentanomialElo(results.penta)) : null,
      byReason: Object.fromEntries(Object.entries(results.byReason).map(([k, m]) => [k, Object.fromEntries(m)])),
      sprt: cfg.sprt ? { model: cfg.sprtModel, elo0: cfg.elo0, elo1: cfg.elo1, alpha: cfg.alpha, beta: cfg.beta,
        llr: results.llr(), bounds, verdict: control.sprtVerdict } : null,
      interrupted: control.interrupted,
      fairyEval: uniqueNotes,
    }, null, 2) + '\n');
  }

  await Promise.all(workers.flatMap((w) => [w.A.quit(), w.B.quit()]).map((p) => p.catch(() => {})));
  killAllEngines();
  process.exit(control.interrupted ? 130 : control.fatal ? 1 : 0);
}

process.on('exit', killAllEngines);
main().catch((err) => {
  process.stderr.write(`match: ${err && err.stack ? err.stack : err}\n`);
  killAllEngines();
  process.exit(1);
});
