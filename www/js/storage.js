// Saving locally: the current game (after every change) and the settings. Nothing here throws:
// storage may be unavailable (private mode, a sandboxed frame), full, or hold a damaged game, and
// the callers say so to the person (app.js) while the game in memory goes on.
import { deserialize, serialize } from './game.js';
import { readRecipe } from './recipe.js';

const GameKey = 'chuhan.game';
// Where a saved game that could not be restored is kept, so that the next save does not erase
// it (it can be read back from the browser's storage inspector, or mended and restored).
const DamagedKey = 'chuhan.game.damaged';
const SettingsKey = 'chuhan.settings';
const PuzzlesKey = 'chuhan.puzzles';

function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Saves the game's view with the recipe that rebuilds its record (recipe.js): 'saved', 'full' (the
 * storage refused it, e.g. its quota is used up: the game saved before stays) or 'unavailable' (no
 * storage at all).
 */
export function saveGame(game, recipe) {
  const s = store();
  if (!s) return 'unavailable';
  try {
    s.setItem(GameKey, serialize(game, recipe));
    return 'saved';
  } catch {
    return 'full';
  }
}

/**
 * {game, recipe, damaged}: the saved game and its record's recipe, or nulls; damaged when one was
 * saved but cannot be read.
 */
export function loadGame() {
  let text = null;
  try {
    text = store()?.getItem(GameKey) ?? null;
  } catch {}
  if (!text) return { game: null, recipe: null, damaged: false };
  const saved = deserialize(text);
  const recipe = saved && readRecipe(saved.recipe);
  return recipe ? { game: saved.game, recipe, damaged: false } : { game: null, recipe: null, damaged: true };
}

let kept = false;
/**
 * Copies the saved game, which could not be restored, aside before anything overwrites it. Once
 * per page: later calls would copy the games saved since. Returns whether a copy exists.
 */
export function keepDamagedGame() {
  if (kept) return true;
  try {
    const s = store();
    const text = s?.getItem(GameKey);
    if (text) s.setItem(DamagedKey, text);
    kept = !!text;
  } catch {}
  return kept;
}

/** Settings: {lang?, otherLang?, flipped?, analysis?, analysisLines?, arrows?, sound?, tab?, timeControl?, reviewLimits?, boardTheme?, pieceSet?}. */
export function loadSettings() {
  try {
    const s = JSON.parse(store()?.getItem(SettingsKey) ?? '{}');
    return s && typeof s === 'object' ? s : {};
  } catch {
    return {};
  }
}

export function saveSettings(settings) {
  try {
    store()?.setItem(SettingsKey, JSON.stringify(settings));
  } catch {}
}

/** Puzzle progress: {solved: {id: true}, streak, best, current?}, empty when none is kept. */
export function loadPuzzleProgress() {
  try {
    const p = JSON.parse(store()?.getItem(PuzzlesKey) ?? '{}');
    if (!p || typeof p !== 'object') return { solved: {}, streak: 0, best: 0 };
    return { solved: p.solved && typeof p.solved === 'object' ? p.solved : {}, streak: Number(p.streak) || 0, best: Number(p.best) || 0, current: p.current };
  } catch {
    return { solved: {}, streak: 0, best: 0 };
  }
}

export function savePuzzleProgress(progress) {
  try {
    store()?.setItem(PuzzlesKey, JSON.stringify(progress));
  } catch {}
}
