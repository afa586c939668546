// An in-process engine that plays a random legal move (ffish generates them): the smallest
// example of the adapter interface the chuhan wasm build will implement, and a sanity opponent.
//
//   node scripts/match/match.mjs --engine-b module:scripts/match/random-engine.mjs --games 2
//
// Contract (see engines.mjs): the default export is an async factory returning
//   {name, newGame(), go(fen, moves, limits) -> Promise<ICCS bestmove | null>, stop?(), quit?()}
// where `moves` are ICCS (ranks 0-9) played from `fen`, and limits is {movetime} or
// {wtime, btime, winc, binc} in milliseconds (plus sideToMove 'w'|'b').

import { loadFfish, Referee } from './referee.mjs';

export default async function createRandomEngine(options = {}) {
  const ff = await loadFfish();
  const seedArg = (options.args || []).find((a) => a.startsWith('seed='));
  let seed = seedArg ? Number(seedArg.slice(5)) >>> 0 : 12345;
  // xorshift32: reproducible without touching Math.random.
  const random = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed / 4294967296;
  };
  return {
    name: 'Random mover',
    newGame() {},
    async go(fen, moves) {
      const referee = new Referee(ff, fen);
      try {
        for (const m of moves) if (!referee.push(m)) throw new Error(`bad move ${m} in history`);
        const legal = referee.legalMoves();
        return legal.length ? legal[Math.floor(random() * legal.length)] : null;
      } finally {
        referee.dispose();
      }
    },
    quit() {},
  };
}
