// Levels on a human scale, board themes and piece sets, and the interface's languages: every key
// in every language, the same level titles everywhere.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { Levels } from '../js/levels.js';
import { Compression, HumanAnchor, LevelTitles, humanRating, levelInfo, levelLabel } from '../js/level-titles.js';
import { BoardThemes, PieceSets, boardTheme, pieceGlyph, pieceSet } from '../js/pieces.js';
import { FeatureText } from '../js/i18n-features.js';
import { Vi } from '../js/i18n-vi.js';

describe('levels on a human scale', () => {
  test('the mapping: 800 + 0.6 x (engine Elo - 1000), rounded to 50', () => {
    assert.deepEqual(HumanAnchor, { engineElo: 1000, rating: 800 });
    assert.equal(Compression, 0.6);
    assert.deepEqual(Levels.map((l) => humanRating(l.elo)), [800, 1050, 1250, 1500, 1750, 1900, 2350, 2500]);
  });

  test('one title per level in every language, ratings rising', () => {
    assert.equal(LevelTitles.length, Levels.length);
    for (const titles of LevelTitles) assert.deepEqual(Object.keys(titles).sort(), ['en', 'vi', 'zh']);
    for (const lang of ['zh', 'en', 'vi']) assert.equal(new Set(LevelTitles.map((x) => x[lang])).size, Levels.length, lang);
    const ratings = Levels.map((l) => levelInfo(l.level).rating);
    assert.deepEqual([...ratings].sort((a, b) => a - b), ratings);
    // The titles the issue found disagreeing now agree: level 7 is a master in every language.
    assert.deepEqual(LevelTitles[6], { zh: '大师', en: 'Master', vi: 'Kiện tướng' });
    assert.equal(levelLabel(4, 'en'), 'Club player · ≈1500');
    assert.equal(levelLabel(8, 'zh'), '特级大师 · 2500+');
    assert.equal(levelLabel(1, 'vi'), 'Nhập môn · ≈800');
  });
});

describe('themes and piece sets', () => {
  test('at least two boards and two piece sets, one in letters', () => {
    assert.ok(BoardThemes.length >= 2);
    assert.ok(Object.keys(PieceSets).length >= 2);
    const css = readFileSync(new URL('../themes/themes.css', import.meta.url), 'utf8');
    for (const theme of BoardThemes.filter((t) => t !== 'wood')) assert.match(css, new RegExp(`data-board-theme='${theme}'`));
    for (const set of Object.values(PieceSets)) assert.equal(Object.keys(set.chars).length, 14);
    // The letter set is plain ASCII letters: readable without Chinese.
    assert.ok(Object.values(PieceSets.letters.chars).every((c) => /^[A-Z]$/.test(c)));
    assert.equal(pieceGlyph('N', 'letters'), 'H');
    assert.equal(pieceGlyph('b', 'letters'), 'E');
    assert.equal(pieceGlyph('R'), '俥');
    assert.equal(boardTheme('nope'), 'wood');
    assert.equal(pieceSet('nope'), 'traditional');
  });
});

describe('languages', () => {
  test('the new features speak Chinese, English and Vietnamese, with the same placeholders', () => {
    const keys = Object.keys(FeatureText.en).sort();
    for (const lang of ['zh', 'vi']) assert.deepEqual(Object.keys(FeatureText[lang]).sort(), keys, lang);
    const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of keys) for (const lang of ['zh', 'vi']) assert.deepEqual(holes(FeatureText[lang][key]), holes(FeatureText.en[key]), `${lang}.${key}`);
    // Every problem the editor can name, every draw reason.
    for (const code of ['syntax', 'unreachable', 'no_general', 'too_many', 'generals_facing', 'not_to_move_in_check']) assert.ok(FeatureText.en[`editorProblem_${code}`], code);
    for (const r of ['game_over', 'insufficient_material', 'no_mating_material', 'winning', 'losing', 'better', 'drawn_ending', 'worse', 'level', 'play_on']) assert.ok(FeatureText.en[`drawWhy_${r}`], r);
    for (const code of ['unavailable', 'quota', 'blocked', 'failed']) assert.ok(FeatureText.en[`libraryError_${code}`], code);
  });

  test('Vietnamese has every key of the interface', async () => {
    // i18n.js does not export its table; read the English block's keys from its source.
    const source = readFileSync(new URL('../js/i18n.js', import.meta.url), 'utf8');
    const en = source.slice(source.indexOf('\n  en: {'), source.indexOf('\n};'));
    const keys = [...en.matchAll(/^ {4}(\w+):/gm)].map((m) => m[1]);
    assert.ok(keys.length > 50);
    const missing = keys.filter((k) => !(k in Vi) && !(k in FeatureText.vi));
    assert.deepEqual(missing, []);
    assert.equal(Object.keys(Vi.pieceNames).length, 14);
  });
});
