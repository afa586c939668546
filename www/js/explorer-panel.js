// The Explorer tab's slot: the openings module (master-game moves and opening names) replaces this
// file's attach(). It gets the panel element and the app ({controller, t, showNotice, ...}): the
// position shown is controller.shownNode (its fen, its moves through controller.tree), a move is
// played from it with controller.playLine([iccs]); controller fires 'change' when it changes.
export function attach(panel, { t, onLanguage }) {
  const p = document.createElement('p');
  p.className = 'slot-empty';
  const fill = () => (p.textContent = t('explorerSoon'));
  fill();
  onLanguage(fill);
  panel.append(p);
  return {};
}
