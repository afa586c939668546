// The page's cache of the engine's game record: every node the engine has described, by number,
// as its answers gave them (wasm/index.d.ts NodeRecord), plus the record's tags, start and
// declared result. Plain data changed only through the pure functions below, each of which takes
// one answer of the engine and returns a new cache; nothing here judges a move or reads a FEN.
//
//   Tree = {
//     tags: {name: value}, startFen, declared: GameResult,
//     nodes: {[id]: NodeRecord},        every node the engine sent (node 0 is the start)
//     legal: {[id]: [ICCS]},            legal moves of the nodes the engine answered them for
//   }

/** The cache of a whole game (the engine's GameRecord: setPosition, loadGame). */
export function fromGame(record) {
  const nodes = {};
  for (const node of record.nodes) if (node) nodes[node.id] = node;
  return {
    tags: { ...record.tags },
    startFen: record.startFen,
    declared: record.declared ?? { over: false },
    nodes,
    legal: { [record.cursor]: record.legalMoves },
  };
}

/**
 * The cache after an answer naming one node (play, goTo, undo: a CursorRecord, with legalMoves).
 * A node new to the cache joins its parent's children, as the engine appends it.
 */
export function withCursor(tree, record) {
  const { legalMoves, created, ...node } = record;
  const nodes = { ...tree.nodes, [node.id]: node };
  const parent = node.parent !== null ? nodes[node.parent] : null;
  if (parent && !parent.children.includes(node.id)) nodes[node.parent] = { ...parent, children: [...parent.children, node.id] };
  return { ...tree, nodes, legal: legalMoves ? { ...tree.legal, [node.id]: legalMoves } : tree.legal };
}

/** The cache after removeNode()'s answer {removed, parent, children, cursor}. */
export function withRemoved(tree, { removed, parent, children, cursor }) {
  const nodes = { ...tree.nodes };
  const legal = { ...tree.legal };
  for (const id of removed) {
    delete nodes[id];
    delete legal[id];
  }
  nodes[parent] = { ...nodes[parent], children };
  return withCursor({ ...tree, nodes, legal }, cursor);
}

/** The cache after promote()'s answer {parent, children}. */
export function withChildren(tree, { parent, children }) {
  return { ...tree, nodes: { ...tree.nodes, [parent]: { ...tree.nodes[parent], children } } };
}

/** The cache after setComment(node, text) was accepted. */
export function withComment(tree, id, text) {
  const { comment, ...node } = tree.nodes[id];
  return { ...tree, nodes: { ...tree.nodes, [id]: text ? { ...node, comment: text } : node } };
}

/** The cache after setTag(name, value) was accepted ('' removes the tag). */
export function withTag(tree, name, value) {
  const { [name]: old, ...tags } = tree.tags;
  return { ...tree, tags: value ? { ...tags, [name]: value } : tags };
}

/** The cache after setResult(result, reason) was accepted ('*': none declared). */
export function withDeclared(tree, result, reason = '') {
  return { ...tree, declared: result === '*' ? { over: false } : { over: true, result, ...(reason ? { reason } : {}) } };
}

/** Node `id`, or undefined. */
export const nodeOf = (tree, id) => tree.nodes[id];

/** The nodes from the start to `id`, as numbers. */
export function pathTo(tree, id) {
  const path = [];
  for (let n = tree.nodes[id]; n; n = n.parent === null ? null : tree.nodes[n.parent]) path.push(n.id);
  return path.reverse();
}

/** The line through `id`: the path to it, then on along each node's first child. */
export function lineThrough(tree, id) {
  const line = pathTo(tree, id);
  for (let n = tree.nodes[id]; n?.children.length; ) {
    n = tree.nodes[n.children[0]];
    if (!n) break;
    line.push(n.id);
  }
  return line;
}

/** The main line: the start and each first child after it. */
export const mainLine = (tree) => lineThrough(tree, 0);

/** Whether `ancestor` is on the path to `id` (a node is its own ancestor). */
export function isAncestor(tree, ancestor, id) {
  for (let n = tree.nodes[id]; n; n = n.parent === null ? null : tree.nodes[n.parent]) if (n.id === ancestor) return true;
  return false;
}

/** Whether node `id` is on the main line. */
export function onMainLine(tree, id) {
  for (let n = tree.nodes[id]; n && n.parent !== null; n = tree.nodes[n.parent]) if (tree.nodes[n.parent].children[0] !== n.id) return false;
  return true;
}

/** The side that made the move into node `id` ('w' | 'b'), from its parent's side to move. */
export function moverOf(tree, id) {
  const node = tree.nodes[id];
  return node?.parent === null || !node ? null : tree.nodes[node.parent].turn;
}

/**
 * How a move is numbered in a score sheet: {number, side}: the full-move number of the position it
 * was played in (the engine's moveNumber) and its mover ('w' | 'b').
 */
export function moveLabel(tree, id) {
  const node = tree.nodes[id];
  const parent = tree.nodes[node.parent];
  return { number: parent.moveNumber, side: parent.turn };
}

/** The result to show: the declared one, else the engine's verdict at the end of the main line. */
export function resultOf(tree) {
  if (tree.declared?.over) return tree.declared;
  return tree.nodes[mainLine(tree).at(-1)]?.result ?? { over: false };
}

/** The moves (ICCS) of a path of node numbers, without the start. */
export const movesOf = (tree, path) => path.slice(1).map((id) => tree.nodes[id].move);
