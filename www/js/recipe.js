// How to rebuild the engine's game record after a reload: the request that made the game (a start
// position with its moves, or a file as it was read) and the edits made since, replayed in order
// by EngineSession.restore(). Replaying them gives the same tree with the same node numbers, so the
// saved view (which node is shown) stays right. Plain data and pure functions, tested in Node.
//
//   Recipe = {
//     base: {fen, moves: [ICCS]} | {file: text, format?} | {file64: base64 bytes, format?},
//     edits: [{play, from} | {remove} | {promote, toMain} | {comment: [node, text]}
//             | {tag: [name, value]} | {result: [result, reason]}],
//   }
// A game played move after move stays one base: a new move at the end of the base's line
// (created by the engine, nothing edited since) joins base.moves.

/** The recipe of a game set from `fen` (or 'startpos') and `moves`. */
export function fromPosition(fen, moves = []) {
  return { base: { fen, moves: [...moves] }, edits: [] };
}

/** The recipe of a game read from a file: its text, or its bytes (kept as base64). */
export function fromFile(data, format = 'auto') {
  if (typeof data === 'string') return { base: { file: data, format }, edits: [] };
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base: { file64: btoa(binary), format }, edits: [] };
}

/** The bytes of a base64 file base. */
export function fileBytes(base) {
  const binary = atob(base.file64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The recipe after play(move, {from}) made node `id` (`created`: a new node; an existing one
 * changes nothing). setPosition numbers the start 0 and its moves 1..n, so a move from node n
 * with no edit since is the base's next move.
 */
export function withPlay(recipe, move, from, created) {
  if (!created) return recipe;
  const { base, edits } = recipe;
  if (!edits.length && base.moves && from === base.moves.length) return { base: { ...base, moves: [...base.moves, move] }, edits };
  return { base, edits: [...edits, { play: move, from }] };
}

/** The recipe after any other edit ({remove}, {promote, toMain}, {comment}, {tag}, {result}). */
export function withEdit(recipe, edit) {
  return { base: recipe.base, edits: [...recipe.edits, edit] };
}

const isNode = (n) => Number.isInteger(n) && n >= 0;
const isText = (s) => typeof s === 'string';
const EditShapes = [
  (e) => isText(e.play) && isNode(e.from),
  (e) => isNode(e.remove),
  (e) => isNode(e.promote) && typeof e.toMain === 'boolean',
  (e) => Array.isArray(e.comment) && isNode(e.comment[0]) && isText(e.comment[1]),
  (e) => Array.isArray(e.tag) && isText(e.tag[0]) && isText(e.tag[1]),
  (e) => Array.isArray(e.result) && isText(e.result[0]) && isText(e.result[1]),
];

/** A saved recipe checked field by field, or null. */
export function readRecipe(r) {
  if (!r || typeof r !== 'object' || !r.base || !Array.isArray(r.edits)) return null;
  const { base } = r;
  const format = isText(base.format) ? base.format : 'auto';
  let checked;
  if (isText(base.fen) && Array.isArray(base.moves) && base.moves.every(isText)) checked = { fen: base.fen, moves: [...base.moves] };
  else if (isText(base.file)) checked = { file: base.file, format };
  else if (isText(base.file64)) checked = { file64: base.file64, format };
  else return null;
  if (!r.edits.every((e) => e && typeof e === 'object' && EditShapes.some((ok) => ok(e)))) return null;
  return { base: checked, edits: r.edits.map((e) => structuredClone(e)) };
}
