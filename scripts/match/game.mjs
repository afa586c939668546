// One game between two started engines, refereed by ffish (match/referee.mjs): used by the match
// runner (scripts/match/match.mjs) and the SPSA tuner (scripts/tune/spsa.mjs).
//
// cfg: {tc: {kind: 'movetime', movetime} | {kind: 'clock', base, inc}, margin, maxPlies,
// pgnComments}; engines: {w, b} (match/engines.mjs); names: {w, b} for the reason texts;
// control.aborted stops the game; timing.record(name, side, elapsedMs, budgetMs) is told every
// think time.

import { Referee } from './referee.mjs';

const COLOUR = { w: 'Red', b: 'Black' };

function opposite(side) {
  return side === 'w' ? 'b' : 'w';
}

function winnerResult(winnerSide) {
  return winnerSide === 'w' ? '1-0' : '0-1';
}

// A one-line reason for the PGN comment and the log.
function reasonText(verdict, names) {
  const { result, reason } = verdict;
  const winner = result === '1-0' ? 'w' : result === '0-1' ? 'b' : null;
  const W = winner && `${COLOUR[winner]} (${names[winner]})`;
  const L = winner && `${COLOUR[opposite(winner)]} (${names[opposite(winner)]})`;
  switch (reason) {
    case 'checkmate': return `${W} wins by checkmate`;
    case 'stalemate': return `${W} wins: ${L} has no legal move (stalemate)`;
    case 'perpetual check': return `${W} wins: ${L} gave perpetual check (threefold repetition)`;
    case 'perpetual chase': return `${W} wins: ${L} chased perpetually (threefold repetition)`;
    case 'repetition': return 'draw by threefold repetition';
    case '60-move rule': return 'draw: 60 moves without a capture';
    case 'insufficient material': return 'draw: no attacking material left';
    case 'ply cap': return `draw: ${verdict.detail}`;
    default: return `${W} wins: ${L} ${verdict.detail || reason}`;
  }
}

function formatNote(reply) {
  const parts = [];
  if (reply.info) {
    const { kind, value, depth } = reply.info;
    const score = kind === 'mate' ? `M${value}` : `${value >= 0 ? '+' : ''}${(value / 100).toFixed(2)}`;
    parts.push(`${score}/${depth}`);
  }
  parts.push(`${Math.round(reply.elapsed)}ms`);
  return parts.join(' ');
}

export class AbortedGame extends Error {}

/**
 * Plays one game between two started engines. Returns {result, reason, reasonText, moves, notes,
 * loserSide?}. Throws AbortedGame when the match is being stopped.
 */
export async function playGame(ff, cfg, opening, engines, names, control, timing) {
  const referee = new Referee(ff, opening.fen);
  const moves = [];
  const notes = [];
  const clocks = { w: cfg.tc.base, b: cfg.tc.base };
  try {
    for (const side of ['w', 'b']) {
      try {
        await engines[side].newGame();
      } catch (err) {
        if (control.aborted) throw new AbortedGame();
        engines[side].healthy = false;
        return forfeit(side, 'crash', `failed to start a new game: ${err.message}`);
      }
    }
    for (;;) {
      if (control.aborted) throw new AbortedGame();
      const verdict = referee.judge();
      if (verdict) return finish(verdict);
      if (moves.length >= cfg.maxPlies)
        return finish({ result: '1/2-1/2', reason: 'ply cap', detail: `${cfg.maxPlies}-ply cap reached` });

      const side = referee.turn;
      const engine = engines[side];
      const movetime = engine.movetime ?? cfg.tc.movetime;
      const budget = cfg.tc.kind === 'movetime' ? movetime : clocks[side];
      const limits = cfg.tc.kind === 'movetime'
        ? { movetime }
        : { wtime: clocks.w, btime: clocks.b, winc: cfg.tc.inc, binc: cfg.tc.inc };
      limits.sideToMove = side;
      limits.deadline = Math.max(1, budget + cfg.margin);

      const reply = await engine.go(opening.fen, moves, limits);
      if (control.aborted) throw new AbortedGame();
      timing.record(engine === engines.w ? names.w : names.b, side, reply.elapsed, budget);

      if (reply.error === 'timeout' || reply.elapsed > budget + cfg.margin)
        return forfeit(side, 'time forfeit',
          `lost on time: ${Math.round(reply.elapsed)} ms used, ${Math.round(budget)} ms allowed + ${cfg.margin} ms margin`);
      if (reply.error === 'crash') return forfeit(side, 'crash', `crashed: ${reply.detail}`);
      if (reply.error === 'protocol') return forfeit(side, 'protocol error', `broke the protocol: ${reply.detail}`);
      if (!reply.move) {
        const n = referee.legalMoves().length;
        return forfeit(side, 'no move', `answered '${reply.raw || 'no move'}' with ${n} legal moves`);
      }
      if (!referee.push(reply.move))
        return forfeit(side, 'illegal move', `played the illegal move ${reply.move} in ${referee.fen()}`);
      moves.push(reply.move);
      notes.push(cfg.pgnComments ? formatNote(reply) : null);
      if (cfg.tc.kind === 'clock') clocks[side] = clocks[side] - reply.elapsed + cfg.tc.inc;
    }
  } finally {
    referee.dispose();
  }

  function forfeit(side, reason, detail) {
    return finish({ result: winnerResult(opposite(side)), reason, detail, loserSide: side });
  }

  function finish(verdict) {
    return { ...verdict, reasonText: reasonText(verdict, names), moves, notes };
  }
}

