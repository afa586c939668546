// The playing levels on a human scale: a rating a person can compare with their own, and one title
// per level that says the same thing in every language.
//
// How the engine's measured Elo becomes a human rating. The ladder (levels.js, `elo`) is measured
// engine against engine, each level against the one below (scripts/level-ladder.sh), anchored at
// level 1 = 1000. Two corrections make it a human scale:
//  - Compression, 0.6: rating gaps measured between versions or settings of one engine are larger
//    than the same gaps against varied opponents (self-play inflation; a level below full strength
//    makes the same kind of mistake every game and the level above it exploits it every game,
//    where people vary). 0.6 is the middle of the 1.5-2x inflation usually reported for engine
//    self-play ladders.
//  - Anchor, level 1 = 800: level 1 searches one ply and picks any move within four pawns of its
//    best; that is a person who has just learned the moves, 800 on the usual online scale (new
//    players start at 1200-1500 there).
// rating = 800 + 0.6 x (engine Elo - 1000), rounded to 50. The top comes out at about 2500: full
// strength (3 s a move, threads) beats ElephantEye by about +440 engine Elo and is stronger than
// the scale can say, so level 8 shows "2500+".
import { Levels } from './levels.js';

export const HumanAnchor = { engineElo: 1000, rating: 800 };
export const Compression = 0.6;

/** The human rating of a measured engine Elo (anchored at level 1), rounded to 50. */
export function humanRating(engineElo) {
  return Math.round((HumanAnchor.rating + Compression * (engineElo - HumanAnchor.engineElo)) / 50) * 50;
}

/**
 * One title per level, the same rank in every language (zh: the Chinese ranks people know; vi:
 * the Vietnamese ones). Level 8 is the engine at full strength.
 */
export const LevelTitles = [
  { zh: '入门', en: 'Beginner', vi: 'Nhập môn' },
  { zh: '新手', en: 'Novice', vi: 'Mới chơi' },
  { zh: '棋友', en: 'Casual player', vi: 'Kỳ thủ phong trào' },
  { zh: '俱乐部棋手', en: 'Club player', vi: 'Kỳ thủ câu lạc bộ' },
  { zh: '业余强手', en: 'Strong amateur', vi: 'Kỳ thủ mạnh' },
  { zh: '业余大师', en: 'Amateur master', vi: 'Kiện tướng nghiệp dư' },
  { zh: '大师', en: 'Master', vi: 'Kiện tướng' },
  { zh: '特级大师', en: 'Grandmaster', vi: 'Đại kiện tướng' },
];

/** {level, title, rating, plus}: a level as the level menu shows it in `lang` (zh, en, vi). */
export function levelInfo(level, lang = 'en') {
  const entry = Levels[level - 1];
  const titles = LevelTitles[level - 1];
  return {
    level,
    title: titles?.[lang] ?? titles?.en ?? String(level),
    rating: humanRating(entry.elo),
    plus: level === Levels.length, // full strength: at least this
  };
}

/** "Club player · ≈1500" (level 8: "Grandmaster · 2500+"). */
export function levelLabel(level, lang = 'en') {
  const { title, rating, plus } = levelInfo(level, lang);
  return `${title} · ${plus ? `${rating}+` : `≈${rating}`}`;
}
