// The app page (index.html): the board with its evaluation bar and the players' strips, the game's
// controls and the move list beside it, the tabs (tabs.js: Analysis, Explorer, Review, Puzzles,
// Position), the game library (library-dialog.js), the settings (settings-dialog.js: board theme,
// piece set, language), and what the page does for them all: language, notices, saving after
// every change, sounds, keys, files dropped on the board, shared links and the service worker.
// index.html runs it bundled (scripts/dev/build-app.mjs).
import './boot.js'; // first: the engine starts loading before the other modules evaluate
import * as G from './game.js';
import { BoardCss } from './board.js';
import { PlayController } from './controller.js';
import { firstSession } from './engine.js';
import { errorText } from './errors.js';
import { acceptDrops, fileBytes } from './files.js';
import { attachGamePanel } from './game-panel.js';
import { LanguageNames, language, preferredLanguage, setLanguage, squareText, t, translate } from './i18n.js';
import { attachLibrary } from './library-dialog.js';
import { attachMoveList } from './move-list.js';
import { sharedGame } from './share.js';
import { playSound, setMuted, soundOf } from './sound.js';
import { keepDamagedGame, loadGame, loadSettings, saveGame, saveSettings } from './storage.js';
import { attachSettings } from './settings-dialog.js';
import { attachTabs } from './tabs.js';

const $ = (id) => document.getElementById(id);

// The engine session boot.js started.
const session = firstSession();

const style = document.createElement('style');
style.textContent = BoardCss;
document.head.appendChild(style);

const settings = loadSettings();
setLanguage(preferredLanguage(settings.lang, navigator.language));

const saved = loadGame();
const controller = new PlayController($('board'), { game: saved.game ?? G.createGame(), flipped: !!settings.flipped, label: t('board'), describeSquare: squareText });
controller.analysisLines = Number(settings.analysisLines ?? 1);
controller.arrowsOn = settings.arrows !== false;
window.chuhan = controller; // for the console and the tests

// ---- notices ----

let noticeTimer = 0;
let noticeLong = false;
// What the person must not miss (the game not saved, a saved game lost, no offline use) stays
// longer than the reply to a click, which goes at the person's next action (a stale "Bad PGN"
// must not seem to answer the next click).
const LongNoticeMs = 15000;
function showNotice(text, ms = 4000) {
  $('notice').textContent = text;
  noticeLong = ms >= LongNoticeMs;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => ($('notice').textContent = ''), ms);
}
for (const type of ['pointerdown', 'keydown'])
  document.addEventListener(type, () => noticeLong || ($('notice').textContent = ''), { capture: true });
const report = (promise) => promise.catch((e) => showNotice(errorText('engineSaid', e)));

// A file picked or dropped: the engine reads its bytes (PGN, XQF, DhtmlXQ or FEN; GBK, Big5 or UTF-8).
async function openFile(file) {
  try {
    await controller.loadFile(await fileBytes(file));
    showNotice(t('fileOpened', { name: file.name }));
  } catch (e) {
    showNotice(errorText('badFile', e));
  }
}

// ---- the parts of the page ----

const languageListeners = [];
let engineReady;
const ready = new Promise((resolve) => (engineReady = resolve));
// Side work (the hidden tabs' modules, the library, the explorer's engine and data, the service
// worker) starts once the board is playable and the engine has left the machine alone for a moment
// (not thinking its move for QuietMs), so that it never slows the first answers on a phone's few
// cores; and at the latest SettleMs after the board is playable (a quick game never pauses).
const QuietMs = 1000;
const SettleMs = 10000;
const settled = ready.then(
  () =>
    new Promise((resolve) => {
      let timer = 0;
      const wait = () => {
        clearTimeout(timer);
        if (!controller.thinking) timer = setTimeout(done, QuietMs);
      };
      const latest = setTimeout(() => done(), SettleMs);
      const done = () => {
        clearTimeout(latest);
        controller.removeEventListener('change', wait);
        resolve();
      };
      controller.addEventListener('change', wait);
      wait();
    }),
);
// The boards of the page, for the settings' look: the game's, and the editor's while it is open.
const boards = [{ host: $('board'), board: controller.board }];
const app = {
  controller, t, showNotice, report, settings, saveSettings, openFile, ready, settled,
  onLanguage: (fn) => languageListeners.push(fn),
  /** Adds a board (host, BoardView) that takes the look chosen in the settings; returns a remover. */
  addBoard: (host, board) => {
    const entry = { host, board };
    boards.push(entry);
    look.applyLook();
    return () => boards.splice(boards.indexOf(entry), 1);
  },
  /** The look chosen: {theme, set}. */
  look: () => look.look(),
  showTab: (id) => tabs.show(id),
};
const gamePanel = attachGamePanel(controller, app);
const renderMoves = attachMoveList(controller, app);
const look = attachSettings({ settings, saveSettings, t, boards: () => boards, setLanguage: chooseLanguage });
const tabs = attachTabs(document.querySelector('.tabs'), app, settings.tab ?? 'analysis');
attachLibrary(app);
acceptDrops($('board'), openFile);

// Phones held sideways: the players' strips go to the top of the game column (app.css), giving the
// board the height; elsewhere they sit above and below the board.
const sideways = matchMedia('(min-aspect-ratio: 1/1) and (max-height: 520px)');
function placeStrips() {
  if (sideways.matches) $('players-compact').append($('player-top'), $('player-bottom'));
  else {
    $('board').before($('player-top'));
    $('board').after($('player-bottom'));
  }
}
sideways.addEventListener('change', placeStrips);
placeStrips();

// The header's language button goes between English and the other language last chosen (Chinese
// unless Vietnamese was); the settings choose any of the three.
const otherLanguage = () => (language() !== 'en' ? 'en' : settings.otherLang === 'vi' ? 'vi' : 'zh');

function applyLanguage() {
  translate(document);
  gamePanel.fillChoices();
  look.fillChoices();
  $('lang').textContent = LanguageNames[otherLanguage()];
  controller.board.setLabel(t('board'));
  for (const fn of languageListeners) fn();
  render();
}

function chooseLanguage(code) {
  setLanguage(code);
  settings.lang = language();
  if (language() !== 'en') settings.otherLang = language();
  saveSettings(settings);
  applyLanguage();
}

$('lang').addEventListener('click', () => chooseLanguage(otherLanguage()));

// Keyboard shortcuts outside text fields: ←/→ step through the line shown, Home/End.
document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select, svg, dialog, [role="tab"]') || e.altKey || e.ctrlKey || e.metaKey || !controller.tree) return;
  const keys = { ArrowLeft: () => controller.stepFrom(-1), ArrowRight: () => controller.stepFrom(1), Home: () => 0, End: () => controller.lineEnd() };
  if (e.key in keys) {
    e.preventDefault();
    controller.view(keys[e.key]());
  }
});

let lastMessageAt = 0;
function render() {
  gamePanel.render();
  renderMoves();
  if (controller.message && controller.message.at !== lastMessageAt) {
    lastMessageAt = controller.message.at;
    const { key, params = {}, keys = [] } = controller.message;
    // Parameters named in `keys` are themselves i18n keys (a draw's reason).
    const words = { ...params };
    for (const name of keys) words[name] = t(params[name]);
    showNotice(t(key, words), key === 'savedGameDamaged' ? LongNoticeMs : undefined);
  }
}

// Saving after every change. A game that could not be restored (unreadable, or refused by the
// engine) is copied aside before the first save replaces it; storage that refuses a save gets a
// notice each time it starts refusing (the game saved before stays, the game in play goes on).
let lastSave = 'saved';
function save() {
  if (!controller.ready) return;
  if (controller.message?.key === 'savedGameDamaged') keepDamagedGame();
  const outcome = saveGame(controller.game, controller.recipe);
  if (outcome !== lastSave && outcome !== 'saved') showNotice(t(outcome === 'full' ? 'storageFull' : 'storageUnavailable'), LongNoticeMs);
  lastSave = outcome;
}

controller.addEventListener('change', () => {
  render();
  save();
});
controller.addEventListener('info', gamePanel.renderEval);
controller.addEventListener('clock', gamePanel.renderClocks);
controller.addEventListener('review', renderMoves);
// Each move's sound, from the engine's record of it (what it took, whether it checks); the engine's
// move is also read out by screen readers (the board shows it to everyone else).
controller.addEventListener('move', (e) => {
  const { node, by, name, move } = e.detail;
  const kind = soundOf(node);
  if (playSound(kind)) document.body.dataset.lastSound = kind;
  if (by === 'engine') $('announce').textContent = t('engineMoved', { name, move });
});
// On unless the person turned it off.
$('sound').checked = settings.sound !== false;
setMuted(!$('sound').checked);
$('sound').addEventListener('change', (e) => {
  settings.sound = e.target.checked;
  saveSettings(settings);
  setMuted(!e.target.checked);
});

applyLanguage();
if (saved.damaged) {
  keepDamagedGame();
  showNotice(t('savedGameDamaged'), LongNoticeMs);
}

controller
  .connect(session, { recipe: saved.recipe })
  .then(() => {
    // Playable: the engine knows the position and its legal moves.
    window.chuhanReadyMs = performance.now();
    document.body.dataset.ready = 'true';
    // The service worker let the page's loading pass by; from now on it answers (sw.js).
    navigator.serviceWorker?.controller?.postMessage('loaded');
    engineReady();
    if (settings.analysis) controller.setAnalysis(true);
    // A shared link's game replaces the saved one; the fragment then goes, so that a reload
    // shows the game as played on rather than the link again.
    const shared = sharedGame(location.hash);
    if (shared) {
      history.replaceState(null, '', location.pathname + location.search);
      controller.loadMoves(shared.startFen, shared.moves).catch((e) => showNotice(errorText('badLink', e), LongNoticeMs));
    }
  })
  .catch((e) => {
    $('status').textContent = e.message;
    console.error(e);
  });

// Offline support, registered once the engine has settled (app.settled) so that its caching of
// every file (2 MB with the explorer's data) competes with neither the first start nor the first
// answers. A browser that refuses it (private mode, a policy, a page not served over HTTPS) gets a
// notice: the app works on while online.
settled.then(registerServiceWorker);
function registerServiceWorker() {
  if (location.protocol === 'file:') return;
  const refused = (e) => {
    console.warn('chuhan: no offline support:', e?.message ?? 'no service worker in this browser');
    showNotice(t('offlineUnavailable'), LongNoticeMs);
  };
  if (!('serviceWorker' in navigator)) return refused();
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { scope: './' }).catch(refused);
}
