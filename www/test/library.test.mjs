// The game library (www/js/library.js) over its memory backend, with the engine reading and writing
// the games (Engine.readGames, saveGame, loadGame in WebAssembly under Node). The IndexedDB backend
// is tested in Chromium (library.browser.test.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createEngine } from '../../wasm/index.node.js';
import { Library, LibraryError, entryOf, matches, memoryBackend, newId } from '../js/library.js';

const ManyGames = [
  '[Event "Club cup"]\n[Date "2024.03.01"]\n[Red "Li Wei"]\n[Black "Tran Minh"]\n[Result "1-0"]\n[ECCO "C45"]\n[Opening "中炮对屏风马"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 1-0\n',
  '[Event "Club cup"]\n[Date "2024.03.02"]\n[Red "Tran Minh"]\n[Black "Anna"]\n[Result "1/2-1/2"]\n\n1. c3c4 c6c5 1/2-1/2\n',
  '[Red "Broken"]\n\n1. h2e2 h2e2 *\n',
  '[Event "Blitz"]\n[Red "Anna"]\n[Black "Li Wei"]\n[Result "0-1"]\n\n1. b2e2 h7e7 0-1\n',
].join('\n');

describe('library entries', () => {
  test('ids are unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId(1700000000000)));
    assert.equal(ids.size, 1000);
  });

  test('an entry from a game record', () => {
    const e = entryOf(
      { tags: { Red: 'You', Black: 'Chuhan', Event: 'Casual' }, startFen: 'x', result: { over: true, result: '0-1', reason: 'checkmate' }, moves: ['h2e2', 'h9g7', 'h0g2'] },
      'PGN',
      { now: 5, opening: '中炮' },
    );
    assert.deepEqual(
      { red: e.red, black: e.black, result: e.result, reason: e.reason, plies: e.plies, opening: e.opening, saved: e.saved, source: e.source, pgn: e.pgn },
      { red: 'You', black: 'Chuhan', result: '0-1', reason: 'checkmate', plies: 3, opening: '中炮', saved: 5, source: 'played', pgn: 'PGN' },
    );
    assert.equal(entryOf({ tags: {}, result: { over: false } }, '').result, '*');
    const unknown = entryOf({ tags: { Event: '?', Date: '????.??.??', Red: 'A' }, result: { over: false } }, '');
    assert.deepEqual([unknown.event, unknown.date, unknown.red], ['', '', 'A']);
  });

  test('search matches every word, in any field', () => {
    const e = { red: 'Li Wei', black: 'Tran Minh', event: 'Club cup', date: '2024.03.01', result: '1-0', opening: '中炮对屏风马', ecco: 'C45' };
    assert.ok(matches(e, ''));
    assert.ok(matches(e, 'li tran'));
    assert.ok(matches(e, 'C45 2024'));
    assert.ok(matches(e, '屏风马'));
    assert.ok(!matches(e, 'anna'));
  });
});

describe('the library', () => {
  let engine;
  before(async () => (engine = await createEngine({ hashMB: 4 })));
  after(() => engine?.terminate());

  test('saves, lists, searches, renames, deletes', async () => {
    const library = new Library(memoryBackend());
    await engine.setPosition('startpos', ['h2e2', 'h9g7']);
    await engine.setTag('Red', 'You');
    await engine.setTag('Black', 'Chuhan level 4');
    const id = await library.save(entryOf(await engine.game(), await engine.saveGame('pgn')));
    // Saved again as the game goes on: the same entry.
    await engine.play('h0g2');
    assert.equal(await library.save({ ...entryOf(await engine.game(), await engine.saveGame('pgn')), id }), id);
    let { entries, total } = await library.list();
    assert.equal(total, 1);
    assert.equal(entries[0].plies, 3);
    await library.rename(id, 'First try');
    assert.equal((await library.list({ query: 'first' })).total, 1);
    // It opens: the engine reads its PGN back.
    const game = await engine.loadGame((await library.get(id)).pgn);
    assert.deepEqual(game.moves, ['h2e2', 'h9g7', 'h0g2']);
    assert.equal(game.tags.Red, 'You');
    await library.remove(id);
    ({ total } = await library.list());
    assert.equal(total, 0);
  });

  test('imports a file of many games and exports them all', async () => {
    const library = new Library(memoryBackend());
    const progress = [];
    const report = await library.importFile(engine, ManyGames, { onProgress: (p) => progress.push(p), now: 1000 });
    assert.equal(report.saved, 3);
    assert.equal(report.skipped.length, 1);
    assert.equal(report.skipped[0].index, 2);
    assert.deepEqual(progress.at(-1), { saved: 3, total: 3 });
    const { entries } = await library.list({ order: 'date' });
    assert.deepEqual(entries.map((e) => [e.red, e.black, e.result, e.plies]), [
      ['Tran Minh', 'Anna', '1/2-1/2', 2],
      ['Li Wei', 'Tran Minh', '1-0', 5],
      ['Anna', 'Li Wei', '0-1', 2],
    ]);
    assert.equal(entries[1].opening, '中炮对屏风马');
    assert.equal(entries[1].ecco, 'C45');
    assert.equal((await library.list({ query: 'club' })).total, 2);
    assert.equal((await library.list({ query: 'li wei blitz' })).total, 1);
    // Export all, then import the export: the same games.
    const exported = await library.exportAll();
    const again = new Library(memoryBackend());
    assert.equal((await again.importFile(engine, exported)).saved, 3);
    const back = (await again.list({ order: 'date' })).entries;
    assert.deepEqual(back.map((e) => [e.red, e.black, e.result, e.plies, e.event]), entries.map((e) => [e.red, e.black, e.result, e.plies, e.event]));
  });

  test('a file of 600 games comes in by batches, and a quota error keeps the batches written', async () => {
    const game = (i) => `[Event "Open ${i}"]\n[Red "R${i}"]\n[Black "B${i}"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n`;
    const text = Array.from({ length: 600 }, (_, i) => game(i)).join('\n');
    const progress = [];
    const library = new Library(memoryBackend());
    const report = await library.importFile(engine, text, { onProgress: (p) => progress.push(p.saved) });
    assert.equal(report.saved, 600);
    assert.deepEqual(progress, [250, 500, 600]);
    assert.equal((await library.list({ query: 'R599' })).total, 1);
    // The storage fills up during the third batch: the first two stay.
    const backend = memoryBackend();
    let writes = 0;
    backend.failWith = () => (++writes > 2 ? Object.assign(new Error('full'), { name: 'QuotaExceededError' }) : null);
    const partial = new Library(backend);
    await assert.rejects(partial.importFile(engine, text), (e) => e.code === 'quota' && e.saved === 500);
    assert.equal((await partial.list()).total, 500);
  });

  test('a storage error loses nothing and says why', async () => {
    const backend = memoryBackend();
    const library = new Library(backend);
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    backend.failWith = quota;
    const entry = { id: newId(), red: 'You', black: 'Chuhan', pgn: '1. h2e2 *', result: '*', plies: 1 };
    await assert.rejects(library.save(entry), (e) => e instanceof LibraryError && e.code === 'quota');
    // Still listed, and kept for the next save.
    assert.equal((await library.list()).total, 1);
    assert.equal(library.pending.length, 1);
    await assert.rejects(library.save({ ...entry, pgn: '1. h2e2 h9g7 *', plies: 2 }), LibraryError);
    assert.equal(library.pending.length, 1, 'the same game is queued once');
    assert.equal((await library.get(entry.id)).plies, 2);
    // An import stops at the error and says how many were saved.
    await assert.rejects(library.importFile(engine, ManyGames), (e) => e.code === 'quota' && e.saved === 0);
    // Storage back: the next save writes what was queued.
    backend.failWith = null;
    await library.save({ id: newId(), red: 'Other', pgn: '*', result: '*', plies: 0 });
    assert.equal(library.pending.length, 0);
    assert.equal((await library.list()).total, 2);
    assert.equal(backend.rows.get(entry.id).plies, 2);
  });

  test('with no IndexedDB the library lives in memory and says so', async () => {
    const { library, error } = await Library.open({ indexedDB: undefined });
    assert.equal(library.kind, 'memory');
    assert.equal(error.code, 'unavailable');
    await library.save({ red: 'A', pgn: '*', result: '*', plies: 0 });
    assert.equal((await library.list()).total, 1);
  });
});
