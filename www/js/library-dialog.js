// The game library on the app page: the Games button beside the game opens a dialog with the
// library's list (library-panel.js over library.js: IndexedDB, kept across reloads and offline);
// a game is kept there when it ends (checkmate, resignation, time, a draw agreed, ...) and when
// the person asks (Keep this game). Opening a game replaces the game on the board (the engine
// reads its PGN). A game kept twice (asked, then ended) is one entry: the same id is saved again.
import * as T from './tree.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires the dialog and the automatic keeping of finished games. `app` as tabs.js describes it.
 * Returns {keep(), panel (a promise of the LibraryPanel), library (a promise of the Library)}.
 */
export function attachLibrary(app) {
  const { controller: c, t, showNotice } = app;
  // The library's code (IndexedDB and the list) loads as side work (app.settled): the first board
  // and the first answers do not need it, and each module more on the way costs a visit time.
  const modules = app.settled.then(() => Promise.all([import('./library.js'), import('./library-panel.js')]));

  const dialog = $('library-dialog');
  const notice = (text, { long = false } = {}) => showNotice(text, long ? 15000 : undefined);
  const opened = modules
    .then(([{ Library }]) => Library.open())
    .then(({ library, error }) => {
      if (error) notice(t(`libraryError_${error.code}`), { long: true });
      return library;
    });
  const panel = Promise.all([opened, modules]).then(([library, [, { LibraryCss, LibraryPanel }]]) => {
    const style = document.createElement('style');
    style.textContent = LibraryCss;
    document.head.appendChild(style);
    return new LibraryPanel($('library-host'), {
      library,
      engine: () => app.ready.then(() => c.session.sideEngine()),
      t,
      onNotice: notice,
      onOpen: (entry) => open(entry),
    });
  });
  app.onLanguage(() => panel.then((p) => p.retranslate()));

  // Which library entry holds the game shown (by the controller's game number).
  let kept = { serial: -1, id: null };

  async function open(entry) {
    try {
      await c.loadFile(entry.pgn, { format: 'pgn' });
      kept = { serial: c.serial, id: entry.id };
      dialog.close();
    } catch (e) {
      notice(t('badFile', { error: e.message }));
    }
  }

  /** Keeps the game shown in the library (a new entry, or the one it was kept in before). */
  async function keep({ quiet = false } = {}) {
    await app.ready;
    const library = await opened;
    const [{ entryOf }] = await modules;
    const serial = c.serial;
    const pgn = await c.saveFile('pgn', { notation: 'chinese' });
    const tree = c.tree;
    const outcome = c.outcome;
    const plies = T.pathTo(tree, c.game.live).length - 1;
    const opening = tree.tags.Opening || (await c.session.openingName(c.game.live).catch(() => ''));
    const id = kept.serial === serial ? kept.id : undefined;
    const entry = entryOf({ tags: tree.tags, startFen: tree.startFen, result: outcome ? { over: true, ...outcome } : null, plies }, pgn, {
      source: 'played',
      opening,
      ...(id ? { id } : {}),
    });
    try {
      kept = { serial, id: await library.save(entry) };
      if (!quiet) notice(t('libraryKept'));
    } catch (e) {
      notice((await panel).errorText(e), { long: true });
    }
    (await panel).refresh();
  }

  // Every game that ends while played here is kept (puzzles are not games; a game that was over
  // when it came, from a file, the library or a reload, is not kept again).
  let seen = { serial: -1, playing: false };
  c.addEventListener('change', () => {
    if (!c.ready) return;
    if (seen.serial !== c.serial) seen = { serial: c.serial, playing: !c.outcome };
    else if (!c.outcome) seen.playing = true;
  });
  c.addEventListener('gameover', () => {
    if (!c.puzzle && !c.learn && seen.serial === c.serial && seen.playing) keep({ quiet: true });
  });

  $('library-open').addEventListener('click', async () => {
    dialog.showModal();
    (await panel).refresh();
  });
  $('library-close').addEventListener('click', () => dialog.close());
  $('library-save').addEventListener('click', () => keep());

  return { keep, panel, library: opened };
}
