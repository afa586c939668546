// The Position tab: game files (open a PGN, XQF, DhtmlXQ or FEN file; save as PGN in a notation of
// choice, DhtmlXQ or FEN), the FEN of the position shown (load, copy), a share link, and PGN as
// text (export, import). The position editor of another module joins its slot.
import * as T from './tree.js';
import { errorText } from './errors.js';
import { download, fileBytes, fileName } from './files.js';
import { shareLink } from './share.js';

const $ = (id) => document.getElementById(id);

export function attach(panel, { controller: c, t, showNotice, openFile, report }) {
  $('open-file').addEventListener('click', () => $('file-input').click());
  $('file-input').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) await openFile(file);
  });
  $('save-file').addEventListener('click', async () => {
    const [format, notation] = $('save-format').value.split('-');
    try {
      const text = await c.saveFile(format, notation ? { notation } : {});
      download(text, fileName(c.tree.tags, format), format === 'pgn' ? 'application/x-chess-pgn' : 'text/plain');
      showNotice(t('fileSaved', { name: fileName(c.tree.tags, format) }));
    } catch (e) {
      showNotice(e.message);
    }
  });

  $('load-fen').addEventListener('click', () => c.loadFen($('fen').value).catch((e) => showNotice(errorText('badFen', e))));
  $('fen').addEventListener('keydown', (e) => e.key === 'Enter' && $('load-fen').click());
  $('copy-fen').addEventListener('click', async () => {
    $('fen').select();
    await navigator.clipboard?.writeText($('fen').value).catch(() => {});
  });
  $('share').addEventListener('click', async () => {
    const tree = c.tree;
    const link = shareLink(location.href, tree.startFen, T.movesOf(tree, T.pathTo(tree, c.game.live)));
    const field = $('share-url');
    field.hidden = false;
    field.value = link;
    field.select();
    const copied = await navigator.clipboard?.writeText(link).then(() => true, () => false);
    if (copied) showNotice(t('linkCopied'));
  });
  $('export-pgn').addEventListener('click', async () => {
    $('pgn').value = await c.saveFile('pgn', { notation: 'iccs' });
  });
  $('import-pgn').addEventListener('click', () => c.loadPgn($('pgn').value).catch((e) => showNotice(errorText('badPgn', e))));

  function render() {
    for (const id of ['load-fen', 'import-pgn', 'export-pgn', 'save-file', 'open-file', 'share']) $(id).disabled = !c.ready;
    if (document.activeElement !== $('fen') && c.shownNode) $('fen').value = c.shownNode.fen;
  }
  c.addEventListener('change', render);
  render();
  return { render };
}
