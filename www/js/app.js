// The app page (index.html): the play controller plus the controls, the move list, the analysis
// panel, FEN/PGN records, language, local saving and the service worker.
import * as G from './game.js';
import { BoardCss } from './board.js';
import { PlayController } from './controller.js';
import { firstSession } from './engine.js';
import { Languages, language, outcomeText, preferredLanguage, setLanguage, squareText, t, translate } from './i18n.js';
import { Levels } from './levels.js';
import { attachPuzzlePanel } from './puzzle-panel.js';
import { sharedGame, shareLink } from './share.js';
import { playSound, setMuted, soundOf } from './sound.js';
import { TimeControls, clockText } from './clock.js';
import { graphPoints, graphY } from './review.js';
import { npsText, pvText, redShare, scoreText } from './analysis.js';
import { keepDamagedGame, loadGame, loadSettings, saveGame, saveSettings } from './storage.js';

const $ = (id) => document.getElementById(id);

// The engine started loading in boot.js (the same session).
const session = firstSession();

const style = document.createElement('style');
style.textContent = BoardCss;
document.head.appendChild(style);

const settings = loadSettings();
setLanguage(preferredLanguage(settings.lang, navigator.language));

const saved = loadGame();
const controller = new PlayController($('board'), { game: saved.game ?? G.createGame(), flipped: !!settings.flipped, label: t('board'), describeSquare: squareText });
window.chuhan = controller; // for the console and the tests
// "Play as" is the choice for the next new game: set from the game at start, then the person's.
$('side').value = controller.game.human;

// ---- controls ----

function fillLevels() {
  const select = $('level');
  select.textContent = '';
  for (const { level, name, elo } of Levels) {
    const option = document.createElement('option');
    option.value = String(level);
    option.textContent = `${level} · ${name[language()]}` + (elo ? ` · ${t('elo')} ${elo}` : '');
    select.appendChild(option);
  }
  select.value = String(controller.game.level);
}

function fillTimeControls() {
  const select = $('time-control');
  const chosen = select.value || settings.timeControl || '';
  for (const option of [...select.options].slice(1)) option.remove();
  for (const control of TimeControls) {
    const [base, inc] = control.split('+').map(Number);
    const option = document.createElement('option');
    option.value = control;
    option.textContent = t('minutesPlus', { m: base / 60, s: inc });
    select.appendChild(option);
  }
  select.value = chosen;
}

// The review: its button and progress, the evaluation graph, and the shown move's verdict.
function renderReview() {
  const review = controller.review;
  $('review').textContent = review?.running ? t('stopReview') : t('review');
  $('review').disabled = !controller.ready || (!review?.running && controller.game.plies.length === 0);
  const counts = { blunders: 0, mistakes: 0, inaccuracies: 0 };
  for (const m of Object.values(review?.marks ?? {})) counts[{ blunder: 'blunders', mistake: 'mistakes', inaccuracy: 'inaccuracies' }[m.kind]]++;
  $('review-progress').textContent = !review ? '' : review.running ? t('reviewProgress', review) : t('reviewDone', counts);
  const graph = $('eval-graph');
  graph.toggleAttribute('hidden', !review); // an SVG element has no .hidden
  if (review) {
    const W = 300;
    const H = 80;
    const n = Math.max(1, review.total - 1);
    const points = graphPoints(review.evals, W, H);
    const dots = Object.entries(review.marks)
      .map(([ply, m]) => {
        const e = review.evals[ply];
        return e ? `<circle class="mark ${m.kind}" cx="${((ply / n) * W).toFixed(1)}" cy="${graphY(e.value, H).toFixed(1)}" r="2.5"></circle>` : '';
      })
      .join('');
    const x = ((G.shownPlies(controller.game) / n) * W).toFixed(1);
    graph.innerHTML = `<polygon class="red-area" points="0,${H / 2} ${points} ${((review.evals.length - 1) / n) * W},${H / 2}"></polygon><line class="axis" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"></line><polyline class="line" points="${points}"></polyline>${dots}<line class="current" x1="${x}" y1="0" x2="${x}" y2="${H}"></line>`;
  }
  const shown = G.shownPlies(controller.game);
  const mark = review?.marks[shown];
  $('review-note').textContent = mark
    ? t('reviewNote', { ply: shown, name: controller.game.plies[shown - 1].name, sign: mark.sign, loss: mark.loss, best: mark.line[0] ?? mark.best, line: mark.line.slice(0, 6).join(' ') })
    : '';
}

function renderClocks() {
  const clocks = controller.clocks();
  $('clocks').hidden = !clocks;
  if (!clocks) return;
  for (const side of ['w', 'b']) {
    const el = $(`clock-${side}`);
    el.textContent = clockText(clocks[side]);
    el.classList.toggle('running', clocks.running === side);
    el.classList.toggle('low', clocks[side] < 20000);
  }
}

function applyLanguage() {
  translate(document);
  fillLevels();
  fillTimeControls();
  renderPuzzle?.();
  $('lang').textContent = t('language');
  controller.board.setLabel(t('board'));
  render();
}

$('lang').addEventListener('click', () => {
  setLanguage(Languages.find((l) => l !== language()));
  settings.lang = language();
  saveSettings(settings);
  applyLanguage();
});

const report = (promise) => promise.catch((e) => showNotice(e.message));

$('undo').addEventListener('click', () => report(controller.undo()));
$('redo').addEventListener('click', () => report(controller.redo()));
$('hint').addEventListener('click', () => report(controller.hint()));
$('resign').addEventListener('click', () => report(controller.resign()));
$('flip').addEventListener('click', () => {
  controller.flip();
  settings.flipped = controller.board.flipped;
  saveSettings(settings);
});
$('analysis').addEventListener('change', (e) => {
  settings.analysis = e.target.checked;
  saveSettings(settings);
  report(controller.setAnalysis(e.target.checked));
});
$('analysis-lines').value = String(settings.analysisLines ?? 1);
controller.analysisLines = Number($('analysis-lines').value);
$('analysis-lines').addEventListener('change', (e) => {
  settings.analysisLines = Number(e.target.value);
  saveSettings(settings);
  report(controller.setAnalysisLines(settings.analysisLines));
});
$('level').addEventListener('change', (e) => controller.setLevel(Number(e.target.value)));
$('new-game').addEventListener('submit', (e) => {
  e.preventDefault();
  const human = $('side').value;
  settings.timeControl = $('time-control').value;
  saveSettings(settings);
  report(controller.newGame({ human, level: Number($('level').value), clock: settings.timeControl || null }));
  // The player's own pieces at the bottom (Flip still turns the board at will).
  if (human !== 'both') {
    controller.flip(human === 'b');
    settings.flipped = controller.board.flipped;
    saveSettings(settings);
  }
});

$('nav-start').addEventListener('click', () => controller.view(0));
$('nav-prev').addEventListener('click', () => controller.view(G.shownPlies(controller.game) - 1));
$('nav-next').addEventListener('click', () => controller.view(G.shownPlies(controller.game) + 1));
$('nav-live').addEventListener('click', () => controller.view(controller.game.plies.length));
$('play-here').addEventListener('click', () => report(controller.playFromHere()));
$('move-list').addEventListener('click', (e) => {
  const button = e.target.closest('button[data-ply]');
  if (button) controller.view(Number(button.dataset.ply));
});

$('load-fen').addEventListener('click', () =>
  controller.loadFen($('fen').value).catch((e) => showNotice(t('badFen', { error: e.message.replace(/^setPosition: /, '') }))),
);
$('fen').addEventListener('keydown', (e) => e.key === 'Enter' && $('load-fen').click());
$('copy-fen').addEventListener('click', async () => {
  $('fen').select();
  await navigator.clipboard?.writeText($('fen').value).catch(() => {});
});
$('share').addEventListener('click', async () => {
  const link = shareLink(location.href, controller.game.startFen, G.moves(controller.game));
  const field = $('share-url');
  field.hidden = false;
  field.value = link;
  field.select();
  const copied = await navigator.clipboard?.writeText(link).then(() => true, () => false);
  if (copied) showNotice(t('linkCopied'));
});
$('export-pgn').addEventListener('click', async () => {
  const text = await controller.exportPgn();
  $('pgn').value = text;
  const link = $('download-pgn');
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  link.hidden = false;
});
$('import-pgn').addEventListener('click', () =>
  controller.loadPgn($('pgn').value).catch((e) => showNotice(t('badPgn', { error: e.message.replace(/^loadPgn: /, '') }))),
);

// Keyboard shortcuts outside text fields: ←/→ step through the game, Home/End.
document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select, svg') || e.altKey || e.ctrlKey || e.metaKey) return;
  const n = G.shownPlies(controller.game);
  const keys = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: controller.game.plies.length };
  if (e.key in keys) {
    e.preventDefault();
    controller.view(keys[e.key]);
  }
});

// ---- rendering ----

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

function renderStatus() {
  const { game } = controller;
  const outcome = controller.outcome;
  $('result').hidden = !outcome;
  $('result').textContent = outcome ? outcomeText(outcome) : '';
  let status;
  if (!controller.ready) status = t('loading');
  else if (!G.isLive(game)) status = t('viewing', { n: G.shownPlies(game) });
  else if (outcome) status = '';
  else if (controller.canMove && game.human !== 'both') status = t('yourMove') + (controller.status?.check ? ` ${t('check')}` : '');
  else status = (G.sideToMove(game) === 'w' ? t('redToMove') : t('blackToMove')) + (controller.status?.check ? ` ${t('check')}` : '');
  $('status').textContent = status;
  $('thinking').hidden = !controller.thinking;
}

function renderControls() {
  const { game, ready } = controller;
  const busyOrDone = !ready || !!controller.outcome;
  $('undo').disabled = !ready || !G.canUndo(game);
  $('redo').disabled = !ready || !G.canRedo(game);
  $('hint').disabled = !controller.canMove;
  $('resign').disabled = busyOrDone || !G.isLive(game);
  for (const id of ['load-fen', 'import-pgn', 'export-pgn']) $(id).disabled = !ready;
  $('analysis').checked = controller.analysisMode;
  $('level').value = String(game.level);
  const n = G.shownPlies(game);
  $('nav-start').disabled = $('nav-prev').disabled = n === 0;
  $('nav-next').disabled = $('nav-live').disabled = G.isLive(game);
  $('play-here').disabled = !ready || G.isLive(game) || !!controller.puzzle;
  const fen = G.shown(game).fen;
  if (document.activeElement !== $('fen')) $('fen').value = fen;
}

let renderedMoves = '';
function renderMoves() {
  const { game } = controller;
  const current = G.shownPlies(game);
  const outcome = controller.outcome;
  const marks = controller.review?.marks ?? {};
  const key = JSON.stringify([game.plies.map((p) => p.move), current, language(), outcome, marks]);
  if (key === renderedMoves) return;
  renderedMoves = key;
  const list = $('move-list');
  list.textContent = '';
  const cell = (c) => {
    if (!c) return document.createElement('span');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(c.ply);
    button.dataset.move = c.move;
    if (c.ply === current) button.setAttribute('aria-current', 'true');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = c.name;
    const iccs = document.createElement('span');
    iccs.className = 'iccs';
    iccs.textContent = c.move;
    button.append(name);
    const mark = marks[c.ply];
    if (mark) {
      button.classList.add(mark.kind);
      const sign = document.createElement('span');
      sign.className = 'sign';
      sign.textContent = mark.sign;
      button.append(sign);
    }
    button.append(iccs);
    return button;
  };
  for (const row of G.moveRows(game)) {
    const li = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = `${row.number}.`;
    li.append(number, cell(row.red), cell(row.black));
    list.appendChild(li);
  }
  // A finished game ends its record with the result, as a score sheet does.
  if (outcome) {
    const li = document.createElement('li');
    li.className = 'result';
    li.textContent = `${outcome.result} ${outcomeText(outcome)}`;
    list.appendChild(li);
  }
  const active = list.querySelector('[aria-current="true"]');
  // Scroll the list alone (scrollIntoView would also scroll the page, pulling the board away on
  // a phone where the list is below it).
  const item = active ?? list.lastElementChild;
  if (item) {
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

function renderInfo() {
  const info = controller.info;
  // The side to move of the searched position, not of the live one (the engine's move is made).
  const side = info?.side ?? controller.status?.turn ?? controller.game.startTurn;
  // A book move has no search behind it: its name stands in for the score.
  $('info-score').textContent = info?.book ? t('bookMove') : info ? scoreText(info.score, side) : '–';
  $('info-depth').textContent = info && !info.book ? String(info.depth) : '–';
  $('info-nps').textContent = info && !info.book ? npsText(info.nps) : '–';
  $('info-threads').textContent = info && !info.book ? String(info.threads ?? 1) : '–';
  $('info-pv').textContent = info ? pvText(info.pvNames?.length ? info.pvNames : info.pv) : '';
  $('info-pv').title = info ? pvText(info.pv) : '';
  const share = info && !info.book ? redShare(info.score, side) : 50;
  $('eval-fill').style.width = `${share}%`;
  $('eval-bar').setAttribute('aria-valuenow', String(share));
  // Every line of the search, in Chinese notation (ICCS on hover).
  const list = $('info-lines');
  list.textContent = '';
  const lines = controller.lines.filter(Boolean);
  if (lines.length > 1) {
    for (const line of lines) {
      const li = document.createElement('li');
      const score = document.createElement('span');
      score.className = 'line-score';
      score.textContent = scoreText(line.score, line.side);
      const moves = document.createElement('span');
      moves.textContent = pvText(line.pvNames?.length ? line.pvNames : line.pv, 8);
      moves.title = pvText(line.pv, 8);
      li.append(score, moves);
      list.appendChild(li);
    }
  }
  $('hint-text').textContent = controller.suggestion ? t('hintIs', { name: `${controller.suggestion.name} (${controller.suggestion.move})` }) : '';
}

let lastMessageAt = 0;
function render() {
  renderStatus();
  renderClocks();
  renderReview();
  renderControls();
  renderMoves();
  renderInfo();
  if (controller.message && controller.message.at !== lastMessageAt) {
    lastMessageAt = controller.message.at;
    const { key, params } = controller.message;
    showNotice(t(key, params), key === 'savedGameDamaged' ? LongNoticeMs : undefined);
  }
}

// Saving after every change. A game that could not be restored (unreadable, or refused by the
// engine) is copied aside before the first save replaces it; storage that refuses a save gets a
// notice each time it starts refusing (the game saved before stays, the game in play goes on).
let lastSave = 'saved';
function save() {
  if (controller.message?.key === 'savedGameDamaged') keepDamagedGame();
  const outcome = saveGame(controller.game);
  if (outcome !== lastSave && outcome !== 'saved') showNotice(t(outcome === 'full' ? 'storageFull' : 'storageUnavailable'), LongNoticeMs);
  lastSave = outcome;
}

controller.addEventListener('change', () => {
  render();
  save();
});
controller.addEventListener('info', renderInfo);
controller.addEventListener('clock', renderClocks);
controller.addEventListener('review', () => {
  renderReview();
  renderMoves();
});
$('review').addEventListener('click', () => (controller.review?.running ? controller.stopReview() : report(controller.startReview())));
$('eval-graph').addEventListener('click', (e) => {
  const review = controller.review;
  if (!review) return;
  const box = e.currentTarget.getBoundingClientRect();
  controller.view(Math.round(((e.clientX - box.left) / box.width) * Math.max(1, review.total - 1)));
});
// Each move's sound; the engine's move is also read out by screen readers (the board shows it to
// everyone else).
controller.addEventListener('move', (e) => {
  const { plies, startFen } = controller.game;
  const ply = plies.at(-1);
  const kind = soundOf(plies.length > 1 ? plies.at(-2).fen : startFen, ply.fen, ply.check);
  if (playSound(kind)) document.body.dataset.lastSound = kind;
  if (e.detail.by === 'engine') $('announce').textContent = t('engineMoved', { name: e.detail.name, move: e.detail.move });
});
// On unless the person turned it off.
$('sound').checked = settings.sound !== false;
setMuted(!$('sound').checked);
$('sound').addEventListener('change', (e) => {
  settings.sound = e.target.checked;
  saveSettings(settings);
  setMuted(!e.target.checked);
});
const renderPuzzle = attachPuzzlePanel(controller, (text) => showNotice(text));

applyLanguage();
if (saved.damaged) {
  keepDamagedGame();
  showNotice(t('savedGameDamaged'), LongNoticeMs);
}

controller
  .connect(session)
  .then(() => {
    // Playable: the engine knows the position and its legal moves.
    window.chuhanReadyMs = performance.now();
    document.body.dataset.ready = 'true';
    if (settings.analysis) controller.setAnalysis(true);
    // A shared link's game replaces the saved one; the fragment then goes, so that a reload
    // shows the game as played on rather than the link again.
    const shared = sharedGame(location.hash);
    if (shared) {
      history.replaceState(null, '', location.pathname + location.search);
      controller.loadMoves(shared.startFen, shared.moves).catch((e) => showNotice(t('badLink', { error: e.message.replace(/^setPosition: /, '') }), LongNoticeMs));
    }
    registerServiceWorker();
  })
  .catch((e) => {
    $('status').textContent = e.message;
    console.error(e);
  });

// Offline support, registered once the board is playable so that its caching of every file does
// not compete with the first start.
// A browser that refuses it (private mode, a policy, a page not served over HTTPS) gets a notice:
// the app works on while online.
function registerServiceWorker() {
  if (location.protocol === 'file:') return;
  const refused = (e) => {
    console.warn('chuhan: no offline support:', e?.message ?? 'no service worker in this browser');
    showNotice(t('offlineUnavailable'), LongNoticeMs);
  };
  if (!('serviceWorker' in navigator)) return refused();
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { scope: './' }).catch(refused);
}
