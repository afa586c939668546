// The Explorer tab: what masters played in the position shown (explorer.js draws it: moves with
// their counts and a Red win / draw / Black win bar, the best-known master games), and the
// opening's name over the move list as the game goes. A click on a move plays it as the person's
// move; a master game opens in study mode (loaded into the record, both sides the person's).
//
// The explorer's data loads through an engine of its own (EngineSession.explore), so that a running
// search never holds it up: when the tab is first shown, or for the opening's name once the game's
// engine has settled (app.settled: starting a second engine and reading 0.7 MB slowed the first
// answers); the service worker keeps it offline.
import { createExplorer, openingLabel } from './explorer.js';
import { language } from './i18n.js';
import * as T from './tree.js';

/** `app`: see tabs.js. Returns {shown(), render()}. */
export function attach(panel, app) {
  const { controller } = app;
  const { t } = app;
  const nameBox = document.getElementById('opening-name');
  const root = document.createElement('div');
  panel.append(root);

  // Per FEN: the opening named by the data in that position (null: none), or a promise of it.
  const named = new Map();
  let shownFen = null; // the position the panel was last asked to draw
  let nameFor = null; // the node whose opening the name box shows
  let lineName = null; // that opening

  const explorer = createExplorer(root, {
    source: controller.session,
    t,
    lang: language,
    onPlay: (move) => app.report(controller.humanMove(move)),
    onOpenGame: async (pgn) => {
      await controller.loadPgn(pgn);
      app.showNotice(app.t('fileOpened', { name: t('explorerTopGames') }));
    },
    onOpening: (opening) => shownFen && named.set(shownFen, opening ?? null),
    lineOpening: () => lineName,
  });

  // The opening of `fen` alone (one explore() the first time, cached).
  function openingOf(fen) {
    if (!named.has(fen)) {
      const asked = app.settled.then(() => controller.session.explore(fen)).then(
        (entry) => (named.set(fen, entry?.opening ?? null), entry?.opening ?? null),
        (e) => (named.delete(fen), Promise.reject(e)),
      );
      named.set(fen, asked);
    }
    return Promise.resolve(named.get(fen));
  }

  // The name as the game goes: the opening of the node shown, or of the nearest node before it on
  // its line that has one (a position past the masters' games keeps its line's name).
  async function nameLine(id) {
    const tree = controller.tree;
    const path = T.pathTo(tree, id);
    for (let i = path.length - 1; i >= 0; i--) {
      const opening = await openingOf(tree.nodes[path[i]].fen);
      if (nameFor !== id) return; // another node is shown by now
      if (opening) return showName(opening);
    }
    showName(null);
  }

  function showName(opening) {
    const changed = (lineName?.eco ?? '') !== (opening?.eco ?? '') || lineName?.zh !== opening?.zh;
    lineName = opening;
    if (changed && !panel.hidden) explorer.render();
    if (!nameBox) return;
    // The Chinese name too in another language: it is the one books and boards use.
    const zh = language() === 'zh' || !opening?.zh ? '' : ` · ${opening.zh}`;
    nameBox.textContent = opening ? openingLabel(opening, language()) + zh : '';
    nameBox.dataset.eco = opening?.eco ?? '';
    nameBox.title = opening ? `${opening.eco} ${opening.zh} · ${opening.en}` : '';
    nameBox.hidden = !opening;
  }

  function follow() {
    const node = controller.shownNode;
    if (!node) return;
    if (nameFor !== node.id || nameBox?.dataset.fen !== node.fen) {
      nameFor = node.id;
      if (nameBox) nameBox.dataset.fen = node.fen;
      nameLine(node.id).catch((e) => console.warn('chuhan: opening name:', e.message));
    }
    if (!panel.hidden && shownFen !== node.fen) {
      shownFen = node.fen;
      explorer.update(node.fen);
    }
  }

  controller.addEventListener('change', follow);
  app.onLanguage(() => {
    explorer.render();
    if (nameFor !== null) nameLine(nameFor).catch(() => {});
  });
  follow();
  return { shown: follow, render: () => explorer.render() };
}
