// The game library: every game kept in IndexedDB (each game played, each game of an imported
// file), with what a list needs to show and search it (players, date, result, opening, length) and
// the game itself as PGN written by the engine (Engine.saveGame / readGames), which loadGame()
// reads back. It survives reloads and works offline (IndexedDB is the browser's own storage).
//
// Storage can fail: no IndexedDB (some private modes), a quota used up, a database another tab
// holds at an older version. Every failure is a LibraryError with a `code` ('unavailable',
// 'quota', 'blocked', 'failed') the page says in words, and nothing is lost: a game that could
// not be written stays queued in memory (`pending`) and is written by the next successful save or
// flush(); an import that stops half-way keeps what it wrote and says how far it got.
//
// Ids are made here (newId), not by the store, so that a game queued after an error keeps its id
// and its next save replaces it rather than adding a copy.
//
// The storage itself is a backend {getAll(), get(id), put(entry) -> id, putMany(entries) -> ids,
// delete(id)}: IndexedDB in the browser (indexedDbBackend), a Map in Node tests (memoryBackend).
//
// An entry: {id (a string), red, black, event, site, date, result ('1-0' | '0-1' | '1/2-1/2' | '*'),
// reason, opening, ecco, plies, startFen, pgn, source ('played' | 'imported' | 'editor'), saved
// (ms since 1970, the first save), updated (the last)}.

export const DatabaseName = 'chuhan';
export const StoreName = 'games';
const DatabaseVersion = 1;
// Games written per transaction while importing: big enough to be quick, small enough that a
// quota error leaves most of a file saved and the page can report progress.
const ImportBatch = 250;

export class LibraryError extends Error {
  /** code: 'unavailable' | 'quota' | 'blocked' | 'failed' (i18n keys libraryError_<code>). */
  constructor(code, message, { saved = 0 } = {}) {
    super(message);
    this.name = 'LibraryError';
    this.code = code;
    this.saved = saved;
  }
}

/** A storage failure as a LibraryError. */
function storageError(error) {
  if (error instanceof LibraryError) return error;
  const name = error?.name ?? '';
  const code = name === 'QuotaExceededError' || /quota/i.test(String(error?.message)) ? 'quota' : name === 'InvalidStateError' || name === 'SecurityError' ? 'unavailable' : 'failed';
  return new LibraryError(code, `${name || 'Error'}: ${error?.message ?? error}`);
}

// ---------------------------------------------------------------------------------------------
// Backends

/** A backend over a Map: for Node tests (and a page whose IndexedDB is gone, for this visit). */
export function memoryBackend({ failWith = null } = {}) {
  const rows = new Map();
  const fail = () => {
    const error = typeof failWith === 'function' ? failWith() : failWith;
    if (error) throw error;
  };
  return {
    kind: 'memory',
    rows,
    set failWith(value) {
      failWith = value;
    },
    async getAll() {
      return [...rows.values()].map((r) => ({ ...r }));
    },
    async get(id) {
      const r = rows.get(id);
      return r ? { ...r } : undefined;
    },
    async put(entry) {
      fail();
      rows.set(entry.id, { ...entry });
      return entry.id;
    },
    async putMany(entries) {
      fail(); // one transaction: all or nothing
      for (const e of entries) rows.set(e.id, { ...e });
      return entries.map((e) => e.id);
    },
    async delete(id) {
      fail();
      rows.delete(id);
    },
  };
}

const request = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/**
 * A backend over IndexedDB (database `name`, store 'games', ids given by the store). Rejects with
 * a LibraryError when the database cannot be opened.
 */
export async function indexedDbBackend({ indexedDB = globalThis.indexedDB, name = DatabaseName } = {}) {
  if (!indexedDB) throw new LibraryError('unavailable', 'this browser offers no IndexedDB here');
  let db;
  try {
    db = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name, DatabaseVersion);
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore(StoreName, { keyPath: 'id' });
        store.createIndex('updated', 'updated');
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
      open.onblocked = () => reject(new LibraryError('blocked', 'the game library is open at an older version in another tab'));
    });
  } catch (e) {
    throw storageError(e);
  }
  // Another tab upgrading the database: let it, this one reopens at its next visit.
  db.onversionchange = () => db.close();
  const transaction = (mode, work) =>
    new Promise((resolve, reject) => {
      let tx;
      try {
        tx = db.transaction(StoreName, mode);
      } catch (e) {
        reject(storageError(e));
        return;
      }
      const store = tx.objectStore(StoreName);
      let value;
      Promise.resolve(work(store)).then((v) => (value = v), (e) => reject(storageError(e)));
      tx.oncomplete = () => resolve(value);
      tx.onerror = () => reject(storageError(tx.error));
      tx.onabort = () => reject(storageError(tx.error ?? new Error('the transaction was aborted')));
    });
  return {
    kind: 'indexeddb',
    getAll: () => transaction('readonly', (store) => request(store.getAll())),
    get: (id) => transaction('readonly', (store) => request(store.get(id))),
    put: (entry) => transaction('readwrite', (store) => request(store.put(entry))),
    putMany: (entries) => transaction('readwrite', (store) => Promise.all(entries.map((e) => request(store.put(e))))),
    delete: (id) => transaction('readwrite', (store) => request(store.delete(id))),
    close: () => db.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// Entries

let counter = 0;
/** A new entry id: time, a counter and randomness, unique across tabs and visits. */
export function newId(now = Date.now()) {
  counter = (counter + 1) % 1679616;
  return `g${now.toString(36)}${counter.toString(36).padStart(4, '0')}${Math.floor(Math.random() * 1679616).toString(36).padStart(4, '0')}`;
}

const resultNames = ['1-0', '0-1', '1/2-1/2'];

/**
 * A library entry from a game's summary: `game` is Engine.game() or one of Engine.readGames()'s
 * games ({tags, startFen, result, ...}; plies from `game.plies` or its main line), `pgn` its text.
 * `extra` overrides (source, opening from the explorer, saved, ...).
 */
export function entryOf(game, pgn, extra = {}) {
  // PGN writers fill unknown tags with '?' ('????.??.??' for a date): the list shows nothing there.
  const tags = Object.fromEntries(Object.entries(game.tags ?? {}).filter(([, v]) => !/^[?.\s-]*$/.test(v)));
  const result = game.result?.over && resultNames.includes(game.result.result) ? game.result.result : '*';
  const now = extra.now ?? Date.now();
  const entry = {
    red: tags.Red ?? '',
    black: tags.Black ?? '',
    event: tags.Event ?? '',
    site: tags.Site ?? '',
    date: tags.Date ?? '',
    result,
    reason: game.result?.over ? (game.result.reason ?? '') : '',
    opening: tags.Opening ?? tags.Variation ?? '',
    ecco: tags.ECCO ?? '',
    plies: game.plies ?? game.moves?.length ?? 0,
    startFen: game.startFen ?? '',
    pgn,
    source: 'played',
    saved: now,
    updated: now,
    ...extra,
  };
  delete entry.now;
  return entry;
}

/** Whether `entry` matches every word of `query` (players, event, site, date, result, opening, ECCO). */
export function matches(entry, query) {
  const words = String(query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [entry.red, entry.black, entry.event, entry.site, entry.date, entry.result, entry.opening, entry.ecco, entry.title].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Orders: 'updated' (newest first, the default), 'date' (the game's date, newest first), 'players'. */
const Orders = {
  updated: (a, b) => b.updated - a.updated || String(b.id).localeCompare(String(a.id)),
  date: (a, b) => String(b.date).localeCompare(String(a.date)) || b.updated - a.updated,
  players: (a, b) => `${a.red} ${a.black}`.localeCompare(`${b.red} ${b.black}`) || b.updated - a.updated,
};

// ---------------------------------------------------------------------------------------------
// The library

export class Library {
  #backend;
  #pending = []; // entries that could not be written yet, oldest first

  constructor(backend) {
    this.#backend = backend;
  }

  /**
   * The library in IndexedDB; where that cannot be opened, a library in memory for this visit,
   * with `error` saying why (the page says it: games are then kept only until the tab closes).
   */
  static async open(options = {}) {
    try {
      return { library: new Library(await indexedDbBackend(options)), error: null };
    } catch (e) {
      return { library: new Library(memoryBackend()), error: storageError(e) };
    }
  }

  /** 'indexeddb' or 'memory'. */
  get kind() {
    return this.#backend.kind;
  }

  /** Entries not yet written (after a storage error). */
  get pending() {
    return this.#pending.map((e) => ({ ...e }));
  }

  /** Entries matching `query`, in `order`, `offset`..`offset + limit`; with the total matched. */
  async list({ query = '', order = 'updated', offset = 0, limit = Infinity } = {}) {
    const all = (await this.#all()).filter((e) => matches(e, query));
    all.sort(Orders[order] ?? Orders.updated);
    return { entries: all.slice(offset, offset + limit), total: all.length };
  }

  async get(id) {
    const pending = this.#pending.find((e) => e.id === id);
    if (pending) return { ...pending };
    try {
      return await this.#backend.get(id);
    } catch (e) {
      throw storageError(e);
    }
  }

  /**
   * Saves an entry (a new one when it has no id, else replacing that one) and answers its id.
   * On a storage error the entry is queued and written later; the error is thrown (a
   * LibraryError) so that the page can say so.
   */
  async save(entry) {
    await this.flush().catch(() => {});
    const stamped = { ...entry, id: entry.id ?? newId(), updated: entry.updated ?? Date.now() };
    try {
      return await this.#backend.put(stamped);
    } catch (e) {
      this.#queue(stamped);
      throw storageError(e);
    }
  }

  /** Writes the queued entries; throws a LibraryError (and keeps them queued) if it still cannot. */
  async flush() {
    while (this.#pending.length) {
      try {
        await this.#backend.put(this.#pending[0]);
      } catch (e) {
        throw storageError(e);
      }
      this.#pending.shift();
    }
  }

  /** Changes an entry's fields (players, event, a title: a rename); the PGN's tags are the page's to edit. */
  async update(id, changes) {
    const entry = await this.get(id);
    if (!entry) throw new LibraryError('failed', `no game ${id} in the library`);
    return this.save({ ...entry, ...changes, id, updated: Date.now() });
  }

  async rename(id, title) {
    return this.update(id, { title: String(title) });
  }

  async remove(id) {
    this.#pending = this.#pending.filter((e) => e.id !== id);
    try {
      await this.#backend.delete(id);
    } catch (e) {
      throw storageError(e);
    }
  }

  /**
   * Imports every game of a file: `engine.readGames(data)` reads it (any format the engine
   * reads), each game becomes an entry (source 'imported'), written ImportBatch at a time.
   * `onProgress({saved, total})` after each batch. Answers {saved, skipped (games that could not be
   * read, with their errors), ids}. A storage error stops the import: what was written stays, and
   * the LibraryError says how many were saved.
   */
  async importFile(engine, data, { onProgress = () => {}, now = Date.now() } = {}) {
    const games = await engine.readGames(data, { notation: 'chinese' });
    const skipped = [];
    const entries = [];
    games.forEach((g, i) => {
      if (g.error) skipped.push({ index: i, error: g.error });
      else entries.push(entryOf(g, g.text, { id: newId(now), source: 'imported', saved: now, updated: now + i }));
    });
    const ids = [];
    for (let i = 0; i < entries.length; i += ImportBatch) {
      try {
        ids.push(...(await this.#backend.putMany(entries.slice(i, i + ImportBatch))));
      } catch (e) {
        const error = storageError(e);
        error.saved = ids.length;
        throw error;
      }
      onProgress({ saved: ids.length, total: entries.length });
    }
    return { saved: ids.length, skipped, ids };
  }

  /** Every game (or those matching `query`) as one PGN file, oldest first. */
  async exportAll({ query = '' } = {}) {
    const { entries } = await this.list({ query });
    return entries
      .reverse()
      .map((e) => e.pgn.trim())
      .join('\n\n')
      .concat(entries.length ? '\n' : '');
  }

  async #all() {
    const stored = await this.#backend.getAll().catch((e) => {
      throw storageError(e);
    });
    const ids = new Set(stored.map((e) => e.id));
    const pending = new Map(this.#pending.map((e) => [e.id, e]));
    return [...stored.map((e) => pending.get(e.id) ?? e), ...this.#pending.filter((e) => !ids.has(e.id))];
  }

  #queue(entry) {
    const i = this.#pending.findIndex((e) => e.id === entry.id);
    if (i >= 0) this.#pending[i] = entry;
    else this.#pending.push(entry);
  }
}
