// The Settings dialog (the ⚙ button in the header): board theme, piece set and language, kept in
// the page's settings (storage.js) so that they come back after a reload. The look is applied to
// every board of the page through applyLook (pieces.js, themes.css) and each BoardView's
// setPieceSet; the language through the page's own applyLanguage.
import { BoardThemes, PieceSets, applyLook, boardTheme, pieceSet } from './pieces.js';
import { LanguageNames, Languages, language } from './i18n.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires the dialog. `boards()`: the page's BoardViews with their hosts ([{host, board}]), asked
 * each time the look changes (the editor's board comes and goes). `setLanguage(code)`: the page
 * switches language. Returns {applyLook(), fillChoices()} (fillChoices after a language change).
 */
export function attachSettings({ settings, saveSettings, t, boards, setLanguage }) {
  const dialog = $('settings-dialog');
  $('settings-open').addEventListener('click', () => {
    fillChoices();
    dialog.showModal();
  });

  function look() {
    return { theme: boardTheme(settings.boardTheme), set: pieceSet(settings.pieceSet) };
  }

  function apply() {
    const chosen = look();
    document.body.dataset.boardTheme = chosen.theme;
    for (const { host, board } of boards()) {
      applyLook(host, chosen);
      board.setPieceSet(chosen.set);
    }
  }

  const fill = (select, values, text, chosen) => {
    select.textContent = '';
    for (const value of values) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text(value);
      select.appendChild(option);
    }
    select.value = chosen;
  };

  function fillChoices() {
    const chosen = look();
    fill($('board-theme'), BoardThemes, (v) => t(`theme_${v}`), chosen.theme);
    fill($('piece-set'), Object.keys(PieceSets), (v) => t(`pieces_${v}`), chosen.set);
    fill($('language'), Languages, (v) => LanguageNames[v], language());
  }

  $('board-theme').addEventListener('change', (e) => {
    settings.boardTheme = e.target.value;
    saveSettings(settings);
    apply();
  });
  $('piece-set').addEventListener('change', (e) => {
    settings.pieceSet = e.target.value;
    saveSettings(settings);
    apply();
  });
  $('language').addEventListener('change', (e) => setLanguage(e.target.value));

  fillChoices();
  apply();
  return { applyLook: apply, fillChoices, look };
}
