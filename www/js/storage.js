// Saving locally: the current game (after every change) and the settings. Storage may be
// unavailable (private mode, a sandboxed frame): then nothing is saved and nothing fails.
import { deserialize, serialize } from './game.js';

const GameKey = 'chuhan.game';
const SettingsKey = 'chuhan.settings';

function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveGame(game) {
  try {
    store()?.setItem(GameKey, serialize({ ...game, view: null }));
  } catch {}
}

/** The saved game, or null. */
export function loadGame() {
  const text = store()?.getItem(GameKey);
  return text ? deserialize(text) : null;
}

/** Settings: {lang?, flipped?, analysis?}. */
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
