// The Position tab: game files (open a PGN, XQF, DhtmlXQ or FEN file; save as PGN in a notation of
// choice, DhtmlXQ or FEN), the FEN of the position shown (load, copy), a share link, PGN as text
// (export, import), and the position editor (editor-panel.js): while it is open its board takes
// the game board's place and its tray and tools fill the slot; "Analyse" loads the position as a
// study with the analysis on, "Play from here" starts a game from it against the engine (the
// person plays the side to move). Leaving the tab closes the editor.
import * as T from './tree.js';
import { EditorCss, EditorPanel } from './editor-panel.js';
import { errorText } from './errors.js';
import { download, fileBytes, fileName } from './files.js';
import { shareLink } from './share.js';

const $ = (id) => document.getElementById(id);

export function attach(panel, app) {
  const { controller: c, t, showNotice, openFile, report } = app;
  attachEditor(panel, app);
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

// ---- the position editor ----

function attachEditor(panel, app) {
  const { controller: c, t, showNotice, settings, saveSettings, report } = app;
  const style = document.createElement('style');
  style.textContent = EditorCss;
  document.head.appendChild(style);
  const stack = $('board').parentElement;
  let editor = null;
  let host = null;
  let removeBoard = null;

  function open() {
    if (!editor) {
      host = document.createElement('div');
      host.id = 'editor-board';
      host.className = 'board-host';
      $('board').before(host);
      editor = new EditorPanel(host, $('position-editor-slot'), {
        // The editor's judgements go to an engine of its own: the game's may be analysing (an
        // infinite search holds its worker), and the editor must not disturb the game.
        engine: { checkPosition: (fen) => c.session.sideEngine().then((e) => e.checkPosition(fen)) },
        t,
        fen: c.shownNode?.fen,
        flipped: c.board.flipped,
        pieceSet: app.look().set,
        onNotice: (text) => showNotice(text),
        onAnalyse: (fen) => analyse(fen),
        onPlay: (fen) => play(fen),
      });
      app.onLanguage(() => editor.retranslate());
    } else editor.load(c.shownNode?.fen);
    removeBoard = app.addBoard(host, { setPieceSet: (set) => editor.setPieceSet(set) });
    setOpen(true);
  }

  function setOpen(on) {
    stack.dataset.editing = String(on);
    document.body.dataset.editing = String(on);
    $('position-files').hidden = on;
    if (host) host.hidden = !on;
    $('position-editor-slot').hidden = !on;
    $('editor-open').hidden = on;
    $('editor-close').hidden = !on;
    if (!on) {
      removeBoard?.();
      removeBoard = null;
    }
  }

  async function analyse(fen) {
    setOpen(false);
    await report(c.loadMoves(fen, []));
    settings.analysis = true;
    saveSettings(settings);
    await app.showTab('analysis');
    await report(c.setAnalysis(true));
  }

  async function play(fen) {
    setOpen(false);
    // The person plays the side to move (the FEN's second field); the engine the other.
    const human = fen.trim().split(/\s+/)[1] === 'b' ? 'b' : 'w';
    await report(c.newGame({ human, startFen: fen }));
    c.flip(human === 'b');
    settings.flipped = c.board.flipped;
    saveSettings(settings);
  }

  $('editor-open').addEventListener('click', open);
  $('editor-close').addEventListener('click', () => setOpen(false));
  // Another tab shown: the editor closes (its board would hide the game's).
  new MutationObserver(() => panel.hidden && stack.dataset.editing === 'true' && setOpen(false)).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
}
