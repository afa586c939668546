// The move list: the record as a score sheet with its variations and comments (the main line in
// numbered rows of Red's and Black's moves, each variation indented under the move it replaces,
// nested ones in brackets), the strip of the line shown for phones (swiped sideways), and the tools
// for the move shown (comment, promote, make main line, delete). Every name, number and mark comes
// from the engine's nodes (tree.js) and the review; a click shows that node.
import * as T from './tree.js';
import { outcomeText, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Wires the list, the strip and the node tools to `controller`; returns render(). */
export function attachMoveList(controller, { showNotice }) {
  const list = $('move-list');
  const strip = $('move-strip');
  let rendered = '';

  for (const host of [list, strip])
    host.addEventListener('click', (e) => {
      const button = e.target.closest('button[data-node]');
      if (button) controller.view(Number(button.dataset.node));
    });

  // ---- the tools for the move shown ----
  const report = (p) => p.catch((e) => showNotice(e.message));
  $('node-promote').addEventListener('click', () => report(controller.promote(controller.game.shown)));
  $('node-main').addEventListener('click', () => report(controller.promote(controller.game.shown, true)));
  $('node-delete').addEventListener('click', () => report(controller.remove(controller.game.shown)));
  const dialog = $('comment-dialog');
  $('node-comment').addEventListener('click', () => {
    $('comment-text').value = controller.shownNode?.comment ?? '';
    dialog.dataset.node = String(controller.game.shown);
    dialog.showModal();
  });
  $('comment-cancel').addEventListener('click', () => dialog.close());
  $('comment-form').addEventListener('submit', () => report(controller.comment(Number(dialog.dataset.node), $('comment-text').value)));

  function render() {
    const tree = controller.tree;
    if (!tree) return;
    const { shown, live } = controller.game;
    const marks = controller.review?.marks ?? {};
    const outcome = controller.outcome;
    const key = JSON.stringify([tree.nodes, shown, live, t('moves'), outcome, Object.keys(marks), controller.puzzle?.id]);
    renderTools(tree, shown);
    if (key === rendered) return;
    rendered = key;
    const onPath = new Set(T.pathTo(tree, shown));
    const button = (id, withNumber) => moveButton(tree, id, { shown, live, mark: marks[id], onPath, withNumber });
    renderTree(list, tree, button, outcome);
    renderStrip(strip, tree, controller, button);
    scrollTo(list, list.querySelector('[aria-current="true"]') ?? list.lastElementChild, 'y');
    scrollTo(strip, strip.querySelector('[aria-current="true"]') ?? strip.lastElementChild, 'x');
  }

  function renderTools(tree, shown) {
    const node = tree.nodes[shown];
    const study = !controller.puzzle && !controller.review?.running && !controller.learn;
    $('node-tools').hidden = !study || !node || node.parent === null;
    if (!node || node.parent === null) return;
    const siblings = tree.nodes[node.parent].children;
    $('node-promote').disabled = siblings[0] === shown;
    $('node-main').disabled = T.onMainLine(tree, shown);
  }

  return render;
}

// One move: its name (Chinese), its review mark, and the ICCS move for tests and tooltips.
function moveButton(tree, id, { shown, live, mark, onPath, withNumber }) {
  const node = tree.nodes[id];
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'move';
  b.dataset.node = String(id);
  b.dataset.ply = String(node.ply);
  b.dataset.move = node.move;
  b.title = node.move;
  if (id === shown) b.setAttribute('aria-current', 'true');
  if (id === live) b.classList.add('live');
  if (onPath.has(id)) b.classList.add('on-path');
  if (withNumber) {
    const { number, side } = T.moveLabel(tree, id);
    const n = document.createElement('span');
    n.className = 'number';
    n.textContent = side === 'w' ? `${number}.` : `${number}…`;
    b.append(n);
  }
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = node.chinese;
  b.append(name);
  if (mark) {
    b.classList.add(mark.kind);
    const sign = document.createElement('span');
    sign.className = 'sign';
    sign.textContent = mark.sign;
    b.append(sign);
  } else if (node.nag) {
    const sign = document.createElement('span');
    sign.className = 'sign';
    sign.textContent = NagSigns[node.nag] ?? `$${node.nag}`;
    b.append(sign);
  }
  return b;
}

const NagSigns = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

function commentBlock(text, cls = 'comment') {
  const p = document.createElement('div');
  p.className = cls;
  p.textContent = text;
  return p;
}

// The score sheet: rows of the main line; under a move with alternatives, each variation (its own
// line, with nested variations in brackets); comments under their move.
function renderTree(host, tree, button, outcome) {
  host.textContent = '';
  const root = tree.nodes[0];
  if (root.comment) host.append(commentBlock(root.comment, 'comment game-comment'));
  let row = null;
  const newRow = (number) => {
    row = document.createElement('div');
    row.className = 'row-moves';
    row.setAttribute('role', 'treeitem');
    const n = document.createElement('span');
    n.className = 'number';
    n.textContent = `${number}.`;
    row.append(n);
    host.append(row);
    return row;
  };
  const filler = () => {
    const s = document.createElement('span');
    s.className = 'filler';
    s.textContent = '…';
    return s;
  };
  let n = root;
  while (n.children.length) {
    const parent = n;
    n = tree.nodes[parent.children[0]];
    const { number, side } = T.moveLabel(tree, n.id);
    if (side === 'w' || !row || row.children.length === 3) {
      newRow(number);
      if (side === 'b') row.append(filler());
    }
    row.append(button(n.id, false));
    const alternatives = parent.children.slice(1);
    if (alternatives.length || n.comment) {
      if (side === 'w') row.append(filler());
      row = null;
      if (n.comment) host.append(commentBlock(n.comment));
      for (const alt of alternatives) {
        const block = document.createElement('div');
        block.className = 'variation';
        block.setAttribute('role', 'group');
        renderLine(block, tree, alt, button);
        host.append(block);
      }
    }
  }
  if (outcome) {
    const result = document.createElement('div');
    result.className = 'result-line';
    result.textContent = `${outcome.result} ${outcomeText(outcome)}`;
    host.append(result);
  }
}

// A variation inline: its moves (numbered at its start and at each Red move), comments, and the
// alternatives to each of its moves in brackets.
function renderLine(host, tree, id, button) {
  // A space between items, none before the first (nor before a closing bracket).
  const add = (item) => {
    if (host.childNodes.length && !/\($/.test(host.lastChild.textContent)) host.append(' ');
    host.append(item);
  };
  let first = true;
  for (let node = tree.nodes[id]; node; ) {
    const side = T.moverOf(tree, node.id);
    add(button(node.id, first || side === 'w'));
    first = false;
    if (node.comment) add(commentBlock(node.comment, 'comment inline'));
    const parent = tree.nodes[node.parent];
    if (parent.children[0] === node.id && parent.children.length > 1 && node.id !== id) {
      for (const alt of parent.children.slice(1)) {
        const nested = document.createElement('span');
        nested.className = 'nested';
        nested.append('(');
        renderLine(nested, tree, alt, button);
        nested.append(')');
        add(nested);
      }
      first = true;
    }
    node = node.children.length ? tree.nodes[node.children[0]] : null;
  }
}

// The strip: the line through the node shown (toward the live node when it is ahead), one move
// after another, numbered at each Red move.
function renderStrip(host, tree, controller, button) {
  host.textContent = '';
  const line = T.isAncestor(tree, controller.game.shown, controller.game.live) ? T.pathTo(tree, controller.game.live) : T.lineThrough(tree, controller.game.shown);
  line.slice(1).forEach((id, i) => host.append(button(id, i === 0 || T.moverOf(tree, id) === 'w')));
}

// Scrolls a list alone to show `item` (scrollIntoView would also scroll the page, pulling the board
// away on a phone).
function scrollTo(host, item, axis) {
  if (!item || !host.offsetParent) return;
  const box = host.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (axis === 'y') {
    const top = at.top - box.top + host.scrollTop;
    if (top < host.scrollTop) host.scrollTop = top;
    else if (top + at.height > host.scrollTop + host.clientHeight) host.scrollTop = top + at.height - host.clientHeight;
  } else {
    const left = at.left - box.left + host.scrollLeft;
    if (left < host.scrollLeft || left + at.width > host.scrollLeft + host.clientWidth) host.scrollLeft = left - host.clientWidth / 2 + at.width / 2;
  }
}
