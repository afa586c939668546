// The referee: ffish (Fairy-Stockfish's rules library, npm `ffish` 0.7.10 = Fairy-Stockfish
// 230826) with its "xiangqi" variant under the Chinese 60-move rule (VARIANT below). It checks
// every move and decides when and how a game ends.
//
// ffish calls used, and what they do for xiangqi (verified by hand-made move sequences):
//   new Board(VARIANT, fen)    the game's start position (FEN as Pikafish writes it).
//   board.push(move)           plays a move given in ffish's own coordinates (ranks 1..10, so
//                              ICCS h2e2 is h3e3); returns false, leaving the board unchanged,
//                              when the move is not legal. This is the legality check.
//   board.legalMoves()         space-separated legal moves (ffish coordinates).
//   board.result()             ("no claim") immediate game ends only: no legal move -> the side to
//                              move loses, checkmate AND stalemate alike ("1-0"/"0-1"); neither
//                              side has attacking material left -> "1/2-1/2". Else "*".
//   board.result(true)         also the "optional" ends Fairy-Stockfish's is_optional_game_end()
//                              judges, evaluated for the position just reached:
//                              - repetition: the third occurrence of a position (same board and
//                                side to move; the first one counts) ends the game. If one side
//                                gave check with every one of its moves since the first occurrence
//                                it loses (perpetual check); otherwise if one side chased an
//                                unprotected piece with every move (AXF chasing rule) it loses
//                                (perpetual chase); both or neither -> draw. A cycle that began
//                                with a quiet move is therefore a draw when first judged.
//                                Its chase test is not the rule text's in every case: a check
//                                between two chases clears them (the rules forbid "one check,
//                                one chase"), and a rook or cannon that slides away along a line
//                                while it keeps attacking the same piece counts as chasing anew
//                                ("from chase to chase" is idle), so a game can be ruled lost
//                                that the rules draw. scripts/match/chase-diff.mjs finds such
//                                cycles; the runner's summary counts the games ruled this way.
//                              - the n-move rule: 120 plies (60 moves) without a capture -> draw,
//                                as the engines play (Chuhan's Rule60Plies, Pikafish's rule 60);
//                                soldier moves do not reset it. Fairy-Stockfish's own xiangqi
//                                value is 50 moves, so loadFfish() registers VARIANT, xiangqi with
//                                nMoveRule = 60. Checked before repetition, but under the AXF rules
//                                the checks of the side that checked more, after its tenth since
//                                the last capture, are not counted, nor the replies to them
//                                (Chuhan and Pikafish leave out both sides' such checks: the same
//                                unless both checked more than ten times); so a long run of checks
//                                ends in a repetition verdict past the 120th ply (countedPlies()).
//   board.isCheck(), numberLegalMoves(), halfmoveClock(), fen(), turn(), delete();
//   ffish.validateFen(fen, VARIANT) for the openings (1 = valid; it wrongly rejects every
//   xiangqi FEN until a xiangqi Board has been constructed once, so loadFfish() does that).
// Not used: board.isGameOver() says only *that* the game ended (no legal move or no material;
// isGameOver(true) adds repetition and the n-move rule), never who won. ffish 0.7.10 has no
// gameResult()/termination call: the reason is reconstructed as judge() below describes.
// The runner asks result() then result(true) after every move and ends the game at the first
// answer other than "*". A cap on the number of plies (default 300) is applied by the runner:
// the game is then a draw (no adjudication).

import { createRequire } from 'node:module';

/** ffish's xiangqi with the 60-move rule, registered by loadFfish(). */
export const VARIANT = 'xiangqi60';
/** Plies without a capture after which the referee draws the game. */
export const MOVE_RULE_PLIES = 120;

let ffishPromise = null;

/** Loads ffish once (Node 20: its loader must not see the global fetch). */
export function loadFfish() {
  if (!ffishPromise) {
    ffishPromise = (async () => {
      const savedFetch = globalThis.fetch;
      delete globalThis.fetch;
      try {
        const require = createRequire(import.meta.url);
        const ff = require('ffish/ffish.js');
        await new Promise((resolveLoaded) => {
          if (ff.calledRun) resolveLoaded();
          else ff.onRuntimeInitialized = resolveLoaded;
        });
        // Constructing a Board initialises the variant tables; validateFen() rejects every
        // xiangqi FEN ("Invalid piece character") until that has happened once.
        new ff.Board('xiangqi').delete();
        ff.loadVariantConfig(`[${VARIANT}:xiangqi]\nnMoveRule = ${MOVE_RULE_PLIES / 2}\n`);
        return ff;
      } finally {
        if (savedFetch) globalThis.fetch = savedFetch;
      }
    })();
  }
  return ffishPromise;
}

const ICCS_RE = /^([a-i])([0-9])([a-i])([0-9])$/;
const RANK1_RE = /^([a-i])(10|[1-9])([a-i])(10|[1-9])$/;

/** ICCS (ranks 0..9) to coordinates with ranks 1..10 (ffish, Fairy-Stockfish). */
export function iccsToRank1(move) {
  const m = ICCS_RE.exec(move);
  if (!m) return null;
  return `${m[1]}${+m[2] + 1}${m[3]}${+m[4] + 1}`;
}

/** Coordinates with ranks 1..10 to ICCS (ranks 0..9); null when malformed. */
export function rank1ToIccs(move) {
  const m = RANK1_RE.exec(move);
  if (!m) return null;
  return `${m[1]}${+m[2] - 1}${m[3]}${+m[4] - 1}`;
}

/** True for a well-formed ICCS move such as h2e2. */
export function isIccs(move) {
  return ICCS_RE.test(move);
}

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** One game under ffish's rules. Call dispose() when done (ffish objects live in wasm memory). */
export class Referee {
  constructor(ff, fen) {
    this.board = new ff.Board(VARIANT, fen);
    this.startFen = fen;
    this.gaveCheck = [];  // per ply: did that move give check?
  }

  /** 'w' (Red) or 'b' (Black) to move. */
  get turn() {
    return this.board.turn() ? 'w' : 'b';
  }

  get plies() {
    return this.gaveCheck.length;
  }

  fen() {
    return this.board.fen();
  }

  /** Legal moves in ICCS. */
  legalMoves() {
    const list = this.board.legalMoves();
    return list ? list.split(' ').map(rank1ToIccs) : [];
  }

  /** Plays an ICCS move if it is legal; returns whether it was. */
  push(move) {
    const coords = isIccs(move) ? iccsToRank1(move) : null;
    if (!coords) return false;
    // ffish parses loosely (e.g. a trailing promotion letter); accept only exact legal moves.
    if (!this.board.legalMoves().split(' ').includes(coords)) return false;
    if (!this.board.push(coords)) return false;
    this.gaveCheck.push(this.board.isCheck());
    return true;
  }

  /**
   * The verdict for the position reached, or null while the game goes on:
   * {result: '1-0'|'0-1'|'1/2-1/2', reason}. `reason` is one of checkmate, stalemate,
   * insufficient material, perpetual check, perpetual chase, repetition, 60-move rule.
   */
  judge() {
    const immediate = this.board.result();
    if (immediate !== '*') {
      if (this.board.numberLegalMoves() === 0)
        return { result: immediate, reason: this.board.isCheck() ? 'checkmate' : 'stalemate' };
      return { result: immediate, reason: 'insufficient material' };
    }
    const claimed = this.board.result(true);
    if (claimed === '*') return null;
    // Fairy-Stockfish tests the n-move rule before repetition; that rule only ever draws.
    if (claimed === '1/2-1/2' && this.countedPlies() >= MOVE_RULE_PLIES) return { result: claimed, reason: '60-move rule' };
    if (claimed === '1/2-1/2') return { result: claimed, reason: 'repetition' };
    // Decisive repetition: the loser either checked or chased perpetually. The loser's last two
    // moves are plies n-1 and n-3 if the loser just moved, else n-2 and n-4.
    const loserColour = claimed === '1-0' ? 'b' : 'w';
    const n = this.gaveCheck.length;
    const lastMover = this.turn === 'w' ? 'b' : 'w';
    const last = loserColour === lastMover ? n - 1 : n - 2;
    const checked = last >= 2 && this.gaveCheck[last] && this.gaveCheck[last - 2];
    return { result: claimed, reason: checked ? 'perpetual check' : 'perpetual chase' };
  }

  /**
   * The plies Fairy-Stockfish counts toward the n-move rule: the halfmove clock less two for each
   * check of the side that checked more since the last capture after its tenth (it counts checks
   * only over the plies played here, and only once 20 have been).
   */
  countedPlies() {
    const clock = this.board.halfmoveClock();
    const window = Math.min(clock, this.gaveCheck.length);
    if (this.gaveCheck.length < 20) return clock;
    const checks = [0, 0];
    for (let i = 0; i < window; i++) checks[i % 2] += this.gaveCheck[this.gaveCheck.length - 1 - i] ? 1 : 0;
    return clock - 2 * Math.max(Math.max(...checks) - 10, 0);
  }

  dispose() {
    if (this.board) this.board.delete();
    this.board = null;
  }
}

/**
 * Checks that `fen` is valid for ffish and, when `moves` (ICCS from the start position) are
 * given, that they lead to the same board and side to move. Returns an error string or ''.
 */
export function checkOpening(ff, fen, moves) {
  if (ff.validateFen(fen, VARIANT) !== 1) return `invalid FEN '${fen}'`;
  if (!moves || moves.length === 0) return '';
  const ref = new Referee(ff, START_FEN);
  try {
    for (const m of moves) if (!ref.push(m)) return `opening move ${m} is illegal`;
    const key = (f) => f.split(' ').slice(0, 2).join(' ');
    if (key(ref.fen()) !== key(fen)) return `moves lead to ${key(ref.fen())}, not ${key(fen)}`;
    return '';
  } finally {
    ref.dispose();
  }
}
