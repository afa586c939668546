// The page's view of a game: which node is shown, where the game being played stands, who plays
// what, the level and the clocks. The record itself (moves, names, positions, results) lives in the
// engine; its nodes come from the page's cache of the engine's answers (tree.js), passed in where a
// function needs them. Plain data, changed only through the pure functions below (each returns a
// new state), saved as JSON and tested without a browser or an engine.
//
//   {
//     version: 3,
//     human: 'w'|'b'|'both',   the side the person plays; 'both': two players or a study, the
//                              engine never moves
//     level,                   engine level (levels.js)
//     live: node,              where the game stands: the engine moves, the clocks run, from here
//     shown: node,             the node on the board (live, or any node of the tree)
//     redo: [node],            the nodes Undo went back over, the next one to replay last
//     clock: null|Clock        the time control and each side's time left (clock.js)
//   }
import { DefaultLevel, normalLevel } from './levels.js';
import { newClock, readClock } from './clock.js';
import { pathTo } from './tree.js';

export const Version = 3;
const Sides = ['w', 'b', 'both'];

/** A new game from its start (node 0): the person plays `human`, against `level`. */
export function createGame({ human = 'w', level = DefaultLevel, clock = null } = {}) {
  return { version: Version, human: Sides.includes(human) ? human : 'w', level: normalLevel(level), live: 0, shown: 0, redo: [], clock: newClock(clock) };
}

/** The game with `tree` as its record, shown and played from `at` (the engine's cursor). */
export function atNode(game, at) {
  return { ...game, live: at, shown: at, redo: [] };
}

/** Whether the person (rather than the engine) moves next at node `id` (default: the live one). */
export function isHumanTurn(game, tree, id = game.live) {
  return game.human === 'both' || tree.nodes[id]?.turn === game.human;
}

/** Whether the live position is shown. */
export const isLive = (game) => game.shown === game.live;

/** The game after a move made node `id`: it is shown and the game goes on from it. */
export function afterMove(game, id) {
  return { ...game, live: id, shown: id, redo: [] };
}

/** Shows node `id`. */
export function view(game, id) {
  return { ...game, shown: id };
}

/**
 * The game goes on from the node shown. The moves after it stay in the record; when they led to
 * the live node, Redo brings them back (until a new move replaces them).
 */
export function playFromHere(game, tree) {
  const path = pathTo(tree, game.live);
  const at = path.indexOf(game.shown);
  return { ...game, live: game.shown, redo: at < 0 ? [] : [...game.redo, ...path.slice(at + 1).reverse()] };
}

/**
 * The node Undo goes back to: before the person's last move and the engine's reply, so that the
 * person is to move again; in a two-player game, one move back. Null when the person has made no
 * move on the live line.
 */
export function undoTarget(game, tree) {
  const path = pathTo(tree, game.live);
  let removedHuman = false;
  for (let i = path.length - 1; i > 0; i--) {
    const mover = tree.nodes[path[i - 1]].turn;
    if (game.human === 'both' || mover === game.human) removedHuman = true;
    if (removedHuman && isHumanTurn(game, tree, path[i - 1])) return path[i - 1];
  }
  return null;
}

/** The game after Undo: the live node goes back (see undoTarget); unchanged when there is none. */
export function undo(game, tree) {
  const target = undoTarget(game, tree);
  if (target === null) return game;
  const path = pathTo(tree, game.live);
  const undone = path.slice(path.indexOf(target) + 1).reverse();
  return { ...game, live: target, shown: target, redo: [...game.redo, ...undone] };
}

/** Replays what Undo took back: one move, then more until the person is to move again. */
export function redo(game, tree) {
  const redoList = game.redo.filter((id) => tree.nodes[id]);
  if (!redoList.length) return game;
  let live;
  do live = redoList.pop();
  while (redoList.length && !isHumanTurn(game, tree, live));
  return { ...game, live, shown: live, redo: redoList };
}

export const canRedo = (game, tree) => game.redo.some((id) => tree.nodes[id]);

export function setLevel(game, level) {
  return { ...game, level: normalLevel(level) };
}

/**
 * The result to show: a side out of time (the game not over on the board), else the result the
 * record declares (a resignation, a file's result), else the engine's verdict at the live node. Null while the game goes on, else {result: '1-0'|'0-1'|'1/2-1/2', reason}.
 */
export function outcome(game, tree) {
  if (!tree) return null;
  const live = tree.nodes[game.live]?.result;
  if (game.clock?.flagged && !live?.over) return { result: game.clock.flagged === 'w' ? '0-1' : '1-0', reason: 'time' };
  const declared = tree.declared?.over ? tree.declared : null;
  const over = declared ?? (live?.over ? live : null);
  return over ? { result: over.result, reason: over.reason } : null;
}

/** The game as JSON text for storage, with the recipe that rebuilds its record (recipe.js). */
export function serialize(game, recipe) {
  return JSON.stringify({ ...game, recipe });
}

/**
 * {game, recipe} from serialize()'s text, or null if the text is not one (damaged). A version 2
 * game (a list of plies) becomes its start and moves.
 */
export function deserialize(text) {
  let g;
  try {
    g = JSON.parse(text);
  } catch {
    return null;
  }
  if (!g || typeof g !== 'object' || !Sides.includes(g.human)) return null;
  const base = createGame({ human: g.human, level: g.level });
  if (g.version === 1 || g.version === 2) {
    const ok = typeof g.startFen === 'string' && Array.isArray(g.plies) && g.plies.every((p) => typeof p?.move === 'string');
    if (!ok) return null;
    const moves = g.plies.map((p) => p.move);
    const edits = g.resigned === 'w' || g.resigned === 'b' ? [{ result: [g.resigned === 'w' ? '0-1' : '1-0', 'resignation'] }] : [];
    return { game: { ...base, live: moves.length, shown: moves.length, clock: readClock(g.clock) }, recipe: { base: { fen: g.startFen, moves }, edits } };
  }
  if (g.version !== Version) return null;
  const node = (n) => Number.isInteger(n) && n >= 0;
  if (!node(g.live) || !node(g.shown) || !Array.isArray(g.redo) || !g.redo.every(node)) return null;
  return { game: { ...base, live: g.live, shown: g.shown, redo: [...g.redo], clock: readClock(g.clock) }, recipe: g.recipe };
}
