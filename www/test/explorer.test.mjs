// The opening explorer panel's pieces that need no browser: percentages, names, a master game as
// PGN (the panel itself is drawn in Chromium: explorer.browser.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { explorerT, masterGamePgn, openingLabel, percentages } from '../js/explorer.js';
import { ExplorerTexts } from '../js/i18n-explorer.js';

test('percentages add up to 100 and follow the counts', () => {
  assert.deepEqual(percentages({ games: 3, red: 1, draw: 1, black: 1 }), { red: 34, draw: 33, black: 33 });
  assert.deepEqual(percentages({ games: 16758, red: 6350, draw: 5526, black: 4882 }), { red: 38, draw: 33, black: 29 });
  assert.deepEqual(percentages({ games: 0, red: 0, draw: 0, black: 0 }), { red: 0, draw: 0, black: 0 });
  for (let red = 0; red <= 7; red++)
    for (let draw = 0; red + draw <= 7; draw++) {
      const p = percentages({ games: 7, red, draw, black: 7 - red - draw });
      assert.equal(p.red + p.draw + p.black, 100);
    }
});

test("an opening's label in each language", () => {
  const o = { eco: 'C45', zh: '中炮过河车', en: 'Central Cannon' };
  assert.equal(openingLabel(o, 'zh'), 'C45 中炮过河车');
  assert.equal(openingLabel(o, 'en'), 'C45 Central Cannon');
  assert.equal(openingLabel(null), '');
});

test('every text exists in both languages and takes its parameters', () => {
  assert.deepEqual(Object.keys(ExplorerTexts.zh).sort(), Object.keys(ExplorerTexts.en).sort());
  assert.deepEqual(Object.keys(ExplorerTexts.vi).sort(), Object.keys(ExplorerTexts.en).sort());
  assert.equal(explorerT('en')('explorerGames', { games: '12' }), '12 master games');
  assert.equal(explorerT('zh')('explorerGames', { games: '12' }), '大师对局 12 局');
  assert.equal(explorerT('xx')('explorerMove'), 'Move');
});

test('a master game becomes PGN with its players, year and moves', () => {
  const pgn = masterGamePgn({ id: 3, red: '呂欽', black: '許銀川', year: 2012, result: '1-0', event: 'a "final"', eco: 'C45', plies: 3, moves: ['h2e2', 'h9g7', 'h0g2'] });
  assert.match(pgn, /\[Red "呂欽"\]/);
  assert.match(pgn, /\[Black "許銀川"\]/);
  assert.match(pgn, /\[Date "2012\.\?\?\.\?\?"\]/);
  assert.match(pgn, /\[Event "a \\"final\\""\]/);
  assert.match(pgn, /\[ECCO "C45"\]/);
  assert.match(pgn, /1\. h2e2 h9g7 2\. h0g2\n1-0\n$/);
});
