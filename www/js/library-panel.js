// The game library on the page: a search box, Import a file / Export all, and the list of games
// (title or players, result, date, opening, length), each with Open, Rename (edited in place) and
// Delete (a second click confirms). The data is library.js's; reading and writing games is the
// engine's (readGames on import, the stored PGN on open).
//
// Test hooks: the host carries data-count (games listed); each game is li.library-game[data-id].
import { LibraryError } from './library.js';

const ResultText = { '1-0': '1–0', '0-1': '0–1', '1/2-1/2': '½–½', '*': '*' };

export class LibraryPanel {
  #host;
  #library;
  #engine;
  #t;
  #onOpen;
  #onNotice;
  #els = {};
  #query = '';
  #refreshing = 0;

  /**
   * `library`: a Library. `engine`: has readGames (imports), or a function answering a promise of
   * one (a reader of its own, so that a file of thousands of games does not keep the playing
   * engine busy). `onOpen(entry)`: the person opens a game. `onNotice(text, {long})`: messages
   * (import done, storage errors).
   */
  constructor(host, { library, engine, t, onOpen, onNotice = () => {} }) {
    this.#host = host;
    this.#library = library;
    this.#engine = engine;
    this.#t = t;
    this.#onOpen = onOpen;
    this.#onNotice = onNotice;
    this.#build();
    this.refresh();
  }

  set library(library) {
    this.#library = library;
    this.refresh();
  }

  /** Texts again in the current language. */
  retranslate() {
    for (const el of this.#host.querySelectorAll('[data-library-i18n]')) el.textContent = this.#t(el.dataset.libraryI18n);
    this.#els.search.placeholder = this.#t('librarySearch');
    this.#els.search.setAttribute('aria-label', this.#t('librarySearch'));
    this.refresh();
  }

  /** Says a storage error in words (nothing is lost: the page keeps the game). */
  errorText(error) {
    if (error instanceof LibraryError) return this.#t(`libraryError_${error.code}`, { saved: error.saved ?? 0, error: error.message });
    return this.#t('libraryError_failed', { error: String(error?.message ?? error) });
  }

  /** Lists the games matching the search again. */
  async refresh() {
    const asked = ++this.#refreshing;
    let listed;
    try {
      listed = await this.#library.list({ query: this.#query });
    } catch (e) {
      this.#onNotice(this.errorText(e), { long: true });
      return;
    }
    if (asked !== this.#refreshing) return;
    this.#render(listed);
  }

  #make(tag, attrs = {}, parent) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'text') el.textContent = v;
      else if (k === 'i18n') {
        el.dataset.libraryI18n = v;
        el.textContent = this.#t(v);
      } else el.setAttribute(k, v);
    }
    parent?.appendChild(el);
    return el;
  }

  #build() {
    const host = this.#host;
    host.textContent = '';
    host.classList.add('library-panel');
    const bar = this.#make('div', { class: 'library-bar' }, host);
    this.#els.search = this.#make('input', { type: 'search', class: 'library-search', placeholder: this.#t('librarySearch'), 'aria-label': this.#t('librarySearch') }, bar);
    this.#els.search.addEventListener('input', () => {
      this.#query = this.#els.search.value;
      this.refresh();
    });
    const file = this.#make('input', { type: 'file', class: 'library-file', accept: '.pgn,.txt,.xqf,.cbl,.dhtml,.htm,.html,.fen,.epd', hidden: '' }, bar);
    this.#make('button', { type: 'button', class: 'library-import', i18n: 'libraryImport' }, bar).addEventListener('click', () => file.click());
    file.addEventListener('change', async () => {
      const chosen = file.files?.[0];
      file.value = '';
      if (chosen) await this.importBytes(new Uint8Array(await chosen.arrayBuffer()));
    });
    this.#make('button', { type: 'button', class: 'library-export', i18n: 'libraryExport' }, bar).addEventListener('click', () => this.#export());
    this.#els.count = this.#make('p', { class: 'library-count', role: 'status' }, host);
    this.#els.list = this.#make('ul', { class: 'library-list' }, host);
    this.#els.empty = this.#make('p', { class: 'library-empty', i18n: 'libraryEmpty', hidden: '' }, host);
  }

  /** Imports a file's bytes (or text); says how many games came in. */
  async importBytes(data) {
    try {
      this.#els.count.textContent = this.#t('libraryReading');
      const reader = typeof this.#engine === 'function' ? await this.#engine() : this.#engine;
      const report = await this.#library.importFile(reader, data, {
        onProgress: ({ saved, total }) => (this.#els.count.textContent = `${this.#t('libraryImport')} ${saved} / ${total}`),
      });
      const skipped = report.skipped.length ? ` · ${this.#t('librarySkipped', { n: report.skipped.length })}` : '';
      this.#onNotice(this.#t('libraryImported', { saved: report.saved }) + skipped);
      await this.refresh();
      return report;
    } catch (e) {
      this.#onNotice(e instanceof LibraryError ? this.errorText(e) : this.#t('badPgn', { error: String(e?.message ?? e) }), { long: true });
      await this.refresh();
      return null;
    }
  }

  async #export() {
    let text;
    try {
      text = await this.#library.exportAll({ query: this.#query });
    } catch (e) {
      this.#onNotice(this.errorText(e), { long: true });
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
    const a = this.#make('a', { href: url, download: 'chuhan-games.pgn' }, document.body);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.#host.dataset.exported = String(text.length);
  }

  #title(entry) {
    if (entry.title) return entry.title;
    const unknown = this.#t('libraryUnknownPlayer');
    return `${entry.red || unknown} – ${entry.black || unknown}`;
  }

  #render({ entries, total }) {
    const list = this.#els.list;
    list.textContent = '';
    this.#host.dataset.count = String(total);
    this.#els.count.textContent = this.#t('libraryCount', { n: total });
    this.#els.empty.hidden = total > 0 || this.#query !== '';
    for (const entry of entries) {
      const li = this.#make('li', { class: 'library-game', 'data-id': entry.id }, list);
      const head = this.#make('div', { class: 'library-head' }, li);
      const title = this.#make('button', { type: 'button', class: 'library-title', text: this.#title(entry) }, head);
      title.addEventListener('click', () => this.#onOpen(entry));
      this.#make('span', { class: 'library-result', text: ResultText[entry.result] ?? entry.result }, head);
      const details = [entry.event, entry.date, entry.opening || entry.ecco, this.#t('libraryMoves', { n: Math.ceil((entry.plies ?? 0) / 2) })].filter(Boolean);
      this.#make('div', { class: 'library-details', text: details.join(' · ') }, li);
      const tools = this.#make('div', { class: 'library-tools' }, li);
      this.#make('button', { type: 'button', class: 'library-open', i18n: 'libraryOpen' }, tools).addEventListener('click', () => this.#onOpen(entry));
      this.#make('button', { type: 'button', class: 'library-rename', i18n: 'libraryRename' }, tools).addEventListener('click', () => this.#rename(li, title, entry));
      const del = this.#make('button', { type: 'button', class: 'library-delete', i18n: 'libraryDelete' }, tools);
      del.addEventListener('click', async () => {
        if (del.dataset.confirm !== 'true') {
          del.dataset.confirm = 'true';
          del.textContent = this.#t('libraryDeleteConfirm');
          return;
        }
        try {
          await this.#library.remove(entry.id);
        } catch (e) {
          this.#onNotice(this.errorText(e), { long: true });
        }
        this.refresh();
      });
    }
  }

  #rename(li, title, entry) {
    const input = this.#make('input', { type: 'text', class: 'library-rename-input', value: this.#title(entry), 'aria-label': this.#t('libraryRenamePrompt') });
    title.replaceWith(input);
    input.focus();
    input.select();
    let done = false;
    const finish = async (save) => {
      if (done) return;
      done = true;
      if (save && input.value.trim()) {
        try {
          await this.#library.rename(entry.id, input.value.trim());
        } catch (e) {
          this.#onNotice(this.errorText(e), { long: true });
        }
      }
      this.refresh();
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') finish(true);
      if (e.key === 'Escape') finish(false);
    });
    input.addEventListener('blur', () => finish(true));
  }
}

/** The library's styles. */
export const LibraryCss = `
.library-panel { display: flex; flex-direction: column; gap: .4rem; min-height: 0; }
.library-bar { display: flex; flex-wrap: wrap; gap: .35rem; }
.library-search { flex: 1 1 10rem; min-width: 0; }
.library-count, .library-empty { margin: 0; font-size: .85rem; opacity: .85; }
.library-list { list-style: none; margin: 0; padding: 0; overflow-y: auto; display: flex; flex-direction: column; gap: .3rem; }
.library-game { border: 1px solid rgba(90, 60, 30, .25); border-radius: 6px; padding: .3rem .45rem; }
.library-head { display: flex; gap: .5rem; align-items: baseline; justify-content: space-between; }
.library-title { background: none; border: 0; padding: 0; font: inherit; font-weight: 600; text-align: left; cursor: pointer; color: inherit; }
.library-title:hover { text-decoration: underline; }
.library-result { font-variant-numeric: tabular-nums; white-space: nowrap; }
.library-details { font-size: .8rem; opacity: .8; }
.library-tools { display: flex; gap: .3rem; margin-top: .2rem; }
.library-tools button { font-size: .8rem; padding: .1rem .45rem; }
.library-delete[data-confirm='true'] { color: #a11d16; border-color: #a11d16; }
`;
