#!/usr/bin/env node
// Collects Chuhan's blunders from match PGNs (scripts/match/match.mjs --pgn F --pgn-comments) into
// the regression set scripts/regression/blunders.txt (read by scripts/bench/search-bench.mjs
// --blunders).
//
//   node scripts/regression/collect-blunders.mjs [--engine Chuhan] [--verify-ms 3000] \
//       [--verifier build/native/chuhan] [--verifier-option NAME=VALUE]... \
//       [--append scripts/regression/blunders.txt] games1.pgn games2.pgn ...
//
// In a game the engine lost, the candidates are the last move it still scored -1.00 or better
// with a score of -3.00 or below (or a mate against it) within its next five moves, and the
// moves scored -1.00 or better among its four moves before that one (suspects.mjs). Each is
// verified by a long search (--verify-ms, default 3000 ms, fresh hash) of the verifier, any UCI
// engine (default the native Chuhan; a stronger or differently blind engine, e.g. Pikafish-HCE,
// finds blunders Chuhan's own search cannot see): the move played must be at least 2.00 worse
// than the verifier's best, or lose to a mate. Output lines:
//   FEN ; am MOVE ; best MOVE2 ; verified SCORE_AM SCORE_BEST ; source FILE round R ply P ;
//   verifier NAME
// with scores in centipawns (or "mate N") from the side to move, as the verifying search saw
// them, and the verifier's `id name` (lines without it were verified by Chuhan). Lines already
// in the --append file (same FEN) are skipped.

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

import { nameValuePairs, parseArgs, usageError } from '../lib/args.mjs';
import { createEngine, repoRoot } from '../match/engines.mjs';
import { loadFfish, Referee } from '../match/referee.mjs';

import { blunderSuspects } from './suspects.mjs';

const MIN_LOSS = 200;

function readArgs(argv) {
  const { values, positionals: files } = parseArgs(argv, {
    tool: 'collect-blunders',
    usage: 'usage: node scripts/regression/collect-blunders.mjs [--engine Chuhan] [--verify-ms 3000]\n' +
      '         [--verifier build/native/chuhan] [--verifier-option NAME=VALUE]...\n' +
      '         [--append scripts/regression/blunders.txt] games1.pgn games2.pgn ...',
    positionals: true,
    options: {
      engine: { default: 'Chuhan' }, 'verify-ms': { type: 'integer', min: 1, default: 3000 }, append: {},
      verifier: { default: resolve(repoRoot, 'build/native/chuhan') }, 'verifier-option': { multiple: true },
    },
  });
  if (!files.length) usageError('collect-blunders', 'no PGN files given');
  return {
    engine: values.engine, verifyMs: values['verify-ms'], files,
    append: values.append ? resolve(values.append) : null,
    verifier: values.verifier,
    verifierOptions: nameValuePairs('collect-blunders', values['verifier-option'] ?? []),
  };
}

// Games of a match PGN: tags, moves (ICCS) and the comment after each move.
function readGames(text) {
  return text.split(/\n(?=\[Game )/).filter((g) => g.includes('[Result')).map((g) => {
    const tag = (name) => (new RegExp(`\\[${name} "([^"]*)"\\]`).exec(g) || [])[1];
    const body = g.slice(g.lastIndexOf(']') + 1);
    const moves = [], notes = [];
    // Tokens: a move, or a {comment} that belongs to the move before it.
    for (const m of body.matchAll(/\{([^}]*)\}|\b([A-I]\d)-([A-I]\d)\b/g)) {
      if (m[2]) moves.push((m[2] + m[3]).toLowerCase()), notes.push(null);
      else if (moves.length) notes[moves.length - 1] = m[1];
    }
    return { red: tag('Red'), black: tag('Black'), result: tag('Result'), round: tag('Round'),
      fen: tag('FEN') || 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', moves, notes };
  });
}

// "+1.23/14 190ms" -> 123; "M-3/20 ..." -> a score below any centipawn score.
function noteScore(note) {
  const m = /^(?:([+-]?\d+\.\d+)|M(-?\d+))\//.exec(note || '');
  if (!m) return null;
  if (m[1] !== undefined) return Math.round(Number(m[1]) * 100);
  return Number(m[2]) > 0 ? 100000 : -100000;
}

// The final score (cp, or +-100000 - N for mates) and best move of a search of `fen` by the
// verifying engine (fresh hash), restricted to `searchmoves` when given.
async function verify(engine, fen, ms, searchmoves) {
  const { infos, bestmove } = await engine.search(`fen ${fen}`, `movetime ${ms}${searchmoves ? ` searchmoves ${searchmoves}` : ''}`);
  const last = infos.filter((i) => i.score).at(-1)?.score;
  const score = !last ? null : last.kind === 'cp' ? last.value : Math.sign(last.value) * (100000 - Math.abs(last.value));
  return { score, move: bestmove };
}

const show = (s) => (Math.abs(s) > 50000 ? `mate ${Math.sign(s) * (100000 - Math.abs(s))}` : String(s));

async function main() {
  const opts = readArgs(process.argv.slice(2));
  const ff = await loadFfish();
  const known = new Set(opts.append && existsSync(opts.append)
    ? readFileSync(opts.append, 'utf8').split('\n').map((l) => l.split(' ; ')[0]) : []);
  const verifier = await createEngine(opts.verifier, {
    options: opts.verifierOptions, onStderr: (line) => process.stderr.write(`${line}\n`),
  });
  await verifier.start();
  let candidates = 0, kept = 0;
  for (const file of opts.files) {
    for (const game of readGames(readFileSync(file, 'utf8'))) {
      const side = game.red?.startsWith(opts.engine) ? 'w' : game.black?.startsWith(opts.engine) ? 'b' : null;
      if (!side || game.result !== (side === 'w' ? '0-1' : '1-0')) continue;
      const referee = new Referee(ff, game.fen);
      const fens = [];
      for (const m of game.moves) {
        fens.push({ fen: referee.fen(), turn: referee.turn });
        referee.push(m);
      }
      referee.dispose();
      // The engine's own moves with their scores, in order.
      const own = fens.map((f, i) => ({ ...f, ply: i, move: game.moves[i], score: noteScore(game.notes[i]) }))
        .filter((p) => p.turn === side && p.score !== null);
      for (const suspect of blunderSuspects(own).filter((p) => !known.has(p.fen))) {
        candidates++;
        const best = await verify(verifier, suspect.fen, opts.verifyMs);
        const played = await verify(verifier, suspect.fen, opts.verifyMs, suspect.move);
        const verified = best.move !== suspect.move && best.score - played.score >= MIN_LOSS;
        const line = `${suspect.fen} ; am ${suspect.move} ; best ${best.move} ; verified ${show(played.score)} ` +
          `${show(best.score)} ; source ${basename(file)} round ${game.round} ply ${suspect.ply + 1} ; ` +
          `verifier ${verifier.name}`;
        process.stdout.write(`${verified ? 'keep' : 'drop'}: ${line}\n`);
        if (verified) {
          kept++;
          known.add(suspect.fen);
          if (opts.append) appendFileSync(opts.append, `${line}\n`);
        }
      }
    }
  }
  await verifier.quit();
  process.stdout.write(`${candidates} candidates, ${kept} verified blunders\n`);
}

main().catch((err) => {
  process.stderr.write(`collect-blunders: ${err.message}\n`);
  process.exit(2);
});
