#!/usr/bin/env node
// Self-test of the match runner's pieces, no engine needed (under a second):
//   node scripts/match/selftest.mjs
// Referee verdicts on hand-made games (the ffish behaviour referee.mjs documents), move
// notation, Elo / SPRT arithmetic, PGN output. Exits 1 on the first failure.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadFfish, Referee, iccsToRank1, rank1ToIccs, START_FEN, checkOpening } from './referee.mjs';
import {
  eloFromScore, expectedScore, trinomialElo, pentanomialElo, sprtBounds, sprtLLR, sprtLLRNormal, pentaIndex,
} from './stats.mjs';
import { formatPgn, readPgnGames } from './pgn.mjs';
import { splitCommand } from './engines.mjs';

const ff = await loadFfish();
let count = 0;
function test(name, fn) {
  try {
    fn();
    count++;
  } catch (err) {
    process.stderr.write(`FAIL ${name}\n${err.stack}\n`);
    process.exit(1);
  }
}

// Plays ICCS moves from fen; returns the verdict after the last one (asserting none earlier
// unless allowEarly) and the ply at which the first verdict came.
function play(fen, moves) {
  const ref = new Referee(ff, fen);
  try {
    let first = null;
    moves.split(/\s+/).filter(Boolean).forEach((m, i) => {
      assert.ok(ref.push(m), `move ${i + 1} ${m} should be legal in ${ref.fen()}`);
      const v = ref.judge();
      if (v && !first) first = { ...v, ply: i + 1 };
    });
    return first || ref.judge();
  } finally {
    ref.dispose();
  }
}

test('notation', () => {
  assert.equal(iccsToRank1('h2e2'), 'h3e3');
  assert.equal(iccsToRank1('i9i0'), 'i10i1');
  assert.equal(rank1ToIccs('i10i1'), 'i9i0');
  assert.equal(rank1ToIccs('b1c3'), 'b0c2');
  assert.equal(rank1ToIccs('z1c3'), null);
  assert.equal(iccsToRank1('h2e'), null);
  assert.deepEqual(splitCommand(`node "a b.js" --x 'c d' e`), ['node', 'a b.js', '--x', 'c d', 'e']);
});

test('legality', () => {
  const ref = new Referee(ff, START_FEN);
  assert.equal(ref.legalMoves().length, 44);
  assert.ok(!ref.push('h2h7'), 'cannon capture without a screen');
  assert.ok(!ref.push('c3b3'), 'soldier sideways before the river');
  assert.ok(!ref.push('h2e2x'), 'junk after a move');
  assert.ok(!ref.push('h3e3'), 'Fairy-Stockfish ranks are not ICCS');
  assert.ok(ref.push('h2e2'));
  assert.equal(ref.turn, 'b');
  ref.dispose();
  // Flying general.
  const r2 = new Referee(ff, '4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1');
  assert.ok(!r2.push('e5c6'));
  r2.dispose();
});

test('checkmate and stalemate lose', () => {
  const ref = new Referee(ff, '3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1');
  assert.deepEqual(ref.judge(), { result: '1-0', reason: 'checkmate' });
  ref.dispose();
  const st = new Referee(ff, '3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1');
  assert.deepEqual(st.judge(), { result: '1-0', reason: 'stalemate' });
  st.dispose();
  // Mate delivered by a move.
  const v = play('3k5/9/3R5/9/9/9/9/9/9/4K3R w - - 0 1', 'i0i9');
  assert.deepEqual([v.result, v.reason], ['1-0', 'checkmate']);
});

test('perpetual check loses', () => {
  const cycle = 'd9d8 i9i8 d8d9 i8i9';
  const v = play('3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1', `i0i9 ${cycle} ${cycle}`);
  assert.deepEqual([v.result, v.reason, v.ply], ['0-1', 'perpetual check', 9]);
});

test('one check, one idle move is no perpetual check: draw', () => {
  // Red checks on the f-file, then leaves; Black's general goes back and forth (Chuhan once
  // scored this as a win for Black).
  const cycle = 'g4f4 f9e9 f4g4 e9f9';
  const v = play('5k3/9/9/9/9/6R2/9/9/9/3K5 w - - 0 1', `${cycle} ${cycle}`);
  assert.deepEqual([v.result, v.reason, v.ply], ['1/2-1/2', 'repetition', 8]);
});

test('quiet repetition is a draw at the third occurrence', () => {
  const cycle = 'h0g2 h9g7 g2h0 g7h9';
  const v = play(START_FEN, `${cycle} ${cycle} ${cycle}`);
  assert.deepEqual([v.result, v.reason, v.ply], ['1/2-1/2', 'repetition', 8]);
});

test('perpetual chase loses', () => {
  // The red rook attacks the unprotected black horse with every move.
  const cycle = 'b7c5 b0c0 c5b7 c0b0';
  const v = play('5k3/9/1n7/9/9/9/9/9/9/1R1K5 b - - 0 1', `${cycle} ${cycle}`);
  assert.deepEqual([v.result, v.reason, v.ply], ['0-1', 'perpetual chase', 8]);
  // The same chase after a quiet move: when the position first occurs for the third time the
  // cycle still contains that quiet move, so ffish calls it a draw (see referee.mjs).
  const w = play('5k3/9/1n7/9/9/9/9/9/9/RR1K5 w - - 0 1', `a0a1 ${cycle} ${cycle}`);
  assert.deepEqual([w.result, w.reason, w.ply], ['1/2-1/2', 'repetition', 9]);
});

test('60-move rule and insufficient material', () => {
  // Fairy-Stockfish's own xiangqi would draw at 100 plies; the referee plays the 60-move rule.
  assert.equal(play('3k5/9/9/9/9/9/9/9/9/4K3R w - - 97 80', 'i0h0 d9d8 h0i0'), null);
  const v = play('3k5/9/9/9/9/9/9/9/9/4K3R w - - 117 80', 'i0h0 d9d8 h0i0');
  assert.deepEqual([v.result, v.reason, v.ply], ['1/2-1/2', '60-move rule', 3]);
  const r = new Referee(ff, '3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1');
  assert.deepEqual(r.judge(), { result: '1/2-1/2', reason: 'insufficient material' });
  r.dispose();
});

test('checks after a side\'s tenth do not count toward the 60-move rule', () => {
  // The lines of native-tests/repetition_cases.txt's cases with these tags.
  const fixture = readFileSync(new URL('../../native-tests/repetition_cases.txt', import.meta.url), 'utf8');
  const replay = (tag) => {
    const [fen, moves] = fixture.split('\n').find((line) => line.includes(`[${tag}]`)).split(' ; ');
    return play(fen, moves.replace(/^moves /, ''));
  };
  const verdict = (v) => v && [v.result, v.reason, v.ply];
  assert.deepEqual(verdict(replay('rule60-ten-checks')), ['1/2-1/2', '60-move rule', 20]);
  assert.equal(replay('rule60-eleventh-check'), null);
  // 140 plies without a capture, 47 of them checks: a perpetual check, not the 60-move rule.
  assert.deepEqual(verdict(replay('rule60-checks-perpetual')), ['1-0', 'perpetual check', 140]);
});

test('openings check', () => {
  const fen = 'rnbakab1r/9/1c4n2/p1p1p1p1p/9/9/P1P1P1PcP/1C2C1N2/9/RNBAKAB1R w - - 4 3';
  assert.equal(checkOpening(ff, fen, ['h2e2', 'h9g7', 'h0g2', 'h7h3']), '');
  assert.match(checkOpening(ff, fen, ['h2e2', 'h9g7']), /lead to/);
});

test('Elo arithmetic', () => {
  assert.ok(Math.abs(eloFromScore(0.75) - 190.849) < 1e-3);
  assert.ok(Math.abs(expectedScore(eloFromScore(0.3)) - 0.3) < 1e-12);
  assert.equal(eloFromScore(1), Infinity);
  // 60 W 20 D 20 L: s = 0.7, per-game sd = sqrt(0.6*0.09 + 0.2*0.04 + 0.2*0.49) = 0.4,
  // half width 1.96 * 0.4 / 10 = 0.0784.
  const e = trinomialElo({ wins: 60, draws: 20, losses: 20 });
  assert.ok(Math.abs(e.score - 0.7) < 1e-12);
  assert.ok(Math.abs(e.lo - eloFromScore(0.7 - 0.0784)) < 0.05);
  assert.ok(Math.abs(e.hi - eloFromScore(0.7 + 0.0784)) < 0.05);
  const p = pentanomialElo([0, 0, 10, 0, 0]);
  assert.equal(p.score, 0.5);
  assert.equal(pentaIndex(1, 0.5), 3);
  assert.equal(pentaIndex(0, 1), 2);
});

test('SPRT', () => {
  const b = sprtBounds(0.05, 0.05);
  assert.ok(Math.abs(b.upper - 2.944) < 1e-3 && Math.abs(b.lower + 2.944) < 1e-3);
  // Large samples: the exact GSPRT agrees with the normal approximation.
  for (const counts of [[1000, 4000, 10000, 4200, 1100], [900, 4100, 10000, 4000, 1000]]) {
    const exact = sprtLLR('pentanomial', counts, 0, 5);
    const approx = sprtLLRNormal('pentanomial', counts, 0, 5);
    assert.ok(Math.abs(exact - approx) < 0.01 * Math.max(1, Math.abs(approx)), `${exact} vs ${approx}`);
  }
  const tri = [3000, 4000, 3400];
  assert.ok(Math.abs(sprtLLR('trinomial', tri, 0, 5) - sprtLLRNormal('trinomial', tri, 0, 5)) < 0.05);
  // One pair must not decide anything.
  const one = sprtLLR('pentanomial', [0, 0, 0, 1, 0], 0, 5);
  assert.ok(Math.abs(one) < 0.1, `one pair gave LLR ${one}`);
  assert.equal(sprtLLR('pentanomial', [0, 0, 0, 0, 0], 0, 5), 0);
  // Equal engines drift towards H0 for elo0 = 0 < elo1.
  assert.ok(sprtLLR('pentanomial', [50, 200, 500, 200, 50], 0, 5) < 0);
});

test('PGN', () => {
  const fen = 'r1b1kab1r/4a4/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1CN1B1NC1/9/R1BAKA2R b - - 7 4';
  const text = formatPgn({
    event: 'test', date: '2025.01.01', round: 3, red: 'R', black: 'B', result: '0-1', fen,
    moves: ['a9a8', 'a0a1', 'h9i7'], reason: 'checkmate', reasonText: 'Black wins {by} mate',
    opening: 'horse', openingMoves: ['h0g2'],
  });
  assert.match(text, /^\[Game "Chinese Chess"\]\n/);
  assert.match(text, /\[FEN "r1b1kab1r\/4a4/);
  assert.match(text, /\[Format "ICCS"\]/);
  assert.match(text, /\{opening H0-G2\} 4\.\.\. A9-A8 5\. A0-A1 H9-I7 \{Black wins by mate\} 0-1\n\n$/);
  const start = formatPgn({ red: 'R', black: 'B', result: '1/2-1/2', fen: START_FEN, moves: ['h2e2'], reason: 'ply cap' });
  assert.ok(!start.includes('[FEN'));
  assert.match(start, /1\. H2-E2 \{ply cap\} 1\/2-1\/2/);

  // What formatPgn writes reads back: tags unescaped, the FEN or the start position, the played
  // moves without the opening comment's.
  const games = readPgnGames(text + start.replace('"R"', '"say \\"R\\""'));
  assert.equal(games.length, 2);
  assert.deepEqual(games[0].moves, ['a9a8', 'a0a1', 'h9i7']);
  assert.equal(games[0].fen, fen);
  assert.equal(games[0].tags.Result, '0-1');
  assert.equal(games[1].fen, START_FEN);
  assert.deepEqual(games[1].moves, ['h2e2']);
  assert.equal(games[1].tags.Red, 'say "R"');
});

process.stdout.write(`match selftest: ${count} tests passed\n`);
