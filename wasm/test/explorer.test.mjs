// The opening explorer through the JS API (Node worker_threads): the data file is read on the
// first call, once, and handed to a restarted worker; the start position counts the whole master
// collection; the cursor's opening is named as the game goes; master games come out whole.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { createEngine } from 'chuhan';

const DataFile = new URL('../data/openings.bin', import.meta.url);

describe('the opening explorer', () => {
  let engine;
  before(async () => {
    engine = await createEngine({ hashMB: 4 });
  });
  after(() => engine.terminate());

  test('the data loads on the first call and credits its source', async () => {
    const info = await engine.openings();
    assert.ok(info.games > 1000 && info.positions > 5000, JSON.stringify(info));
    assert.match(info.credit, /Chinese Chess Practical Dataset/);
    assert.match(info.credit, /CC BY 4\.0/);
    assert.ok(JSON.parse(info.about).minGames >= 1);
    // The size budget (README: 1 MB).
    assert.ok(statSync(DataFile).size < 1024 * 1024);
  });

  test('the start position counts every master game; moves come most played first', async () => {
    const start = await engine.explore('startpos');
    assert.ok(start.games > 25000, String(start.games));
    assert.equal(start.red + start.draw + start.black, start.games);
    assert.equal(start.opening, null);
    assert.equal(start.moves[0].move, 'h2e2');
    for (let i = 1; i < start.moves.length; i++) assert.ok(start.moves[i].games <= start.moves[i - 1].games);
    assert.ok(start.topGames.length > 0);
    const top = start.topGames[0];
    assert.ok(top.red && top.black && ['1-0', '0-1', '1/2-1/2', '*'].includes(top.result), JSON.stringify(top));
  });

  test("the cursor's opening is named as the game goes", async () => {
    await engine.setPosition('startpos', ['h2e2']);
    assert.equal((await engine.explore()).opening.zh, '中炮局');
    await engine.setPosition('startpos', ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
    const screen = await engine.explore();
    assert.match(screen.opening.eco, /^C/);
    assert.match(screen.opening.zh, /屏风马/);
    assert.match(screen.opening.en, /Screen Horses/);
    // A position no master reached keeps its line's name, with no moves.
    for (const m of ['a0a2', 'a9a7', 'a2a1', 'a7a8']) await engine.play(m);
    const away = await engine.explore();
    assert.equal(away.games, 0);
    assert.deepEqual(away.moves, []);
    assert.match(away.opening.eco, /^C/);
    // Given a FEN alone, an unknown position is null.
    assert.equal(await engine.explore(await engine.fen()), null);
  });

  test('a master game comes out whole and replays', async () => {
    const entry = await engine.explore('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    const game = await engine.masterGame(entry.topGames[0].id);
    assert.equal(game.moves.length, game.plies);
    assert.equal(game.red, entry.topGames[0].red);
    const record = await engine.setPosition('startpos', game.moves);
    assert.equal(record.moves.length, game.moves.length);
  });

  test('bad arguments are refused; a restarted worker still has the data', async () => {
    await assert.rejects(engine.explore(42), TypeError);
    await assert.rejects(engine.explore('not a fen'), /invalid FEN/);
    await assert.rejects(engine.masterGame(-1), TypeError);
    await assert.rejects(engine.masterGame(10_000_000), /no master game/);
    await assert.rejects(engine._crash('throw'), /crashed/);
    assert.ok((await engine.explore('startpos')).games > 25000);
  });

  test('openingsUrl: another file, and a missing one rejects and can be retried', async () => {
    const other = await createEngine({ hashMB: 4, openingsUrl: '/nonexistent/openings.bin' });
    try {
      await assert.rejects(other.explore(), /could not read/);
      await assert.rejects(other.openings(), /could not read/);
    } finally {
      other.terminate();
    }
    const bad = await createEngine({ hashMB: 4, openingsUrl: new URL('./explorer.test.mjs', import.meta.url) });
    try {
      await assert.rejects(bad.explore(), /not an opening explorer file/);
    } finally {
      bad.terminate();
    }
    await assert.rejects(createEngine({ openingsUrl: 3 }), TypeError);
  });
});
