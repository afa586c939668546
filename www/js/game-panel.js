// The game's own controls beside the board: the status line, result and players, the players'
// strips above and below the board (each side's name and clock, the engine named by its level's
// title), the navigation buttons, Undo/Redo/Hint/Resign (asked to confirm)/Offer draw/Flip, the New
// game dialog (side, level, clock) and the evaluation bar. Everything shown comes from the
// controller.
import { Levels } from './levels.js';
import { TimeControls, clockText } from './clock.js';
import { levelText, outcomeText, t } from './i18n.js';
import { redShare, scoreText } from './analysis.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires the controls to `controller`; `settings`/`saveSettings` keep the person's choices (side,
 * clock, flipped). Returns {render, renderClocks, fillChoices} (fillChoices after a language change).
 */
export function attachGamePanel(controller, { settings, saveSettings, report }) {
  const c = controller;
  $('undo').addEventListener('click', () => report(c.undo()));
  $('redo').addEventListener('click', () => report(c.redo()));
  $('hint').addEventListener('click', () => report(c.hint()));
  // Resigning ends the game: asked once more.
  $('resign').addEventListener('click', () => $('resign-dialog').showModal());
  $('resign-dialog').addEventListener('close', () => $('resign-dialog').returnValue === 'resign' && report(c.resign()));
  $('offer-draw').addEventListener('click', () => report(c.offerDraw()));
  $('flip').addEventListener('click', () => {
    c.flip();
    settings.flipped = c.board.flipped;
    saveSettings(settings);
  });
  $('nav-start').addEventListener('click', () => c.view(0));
  $('nav-prev').addEventListener('click', () => c.view(c.stepFrom(-1)));
  $('nav-next').addEventListener('click', () => c.view(c.stepFrom(1)));
  $('nav-live').addEventListener('click', () => c.view(c.game.live === c.game.shown ? c.lineEnd() : c.game.live));
  $('play-here').addEventListener('click', () => report(c.playFromHere()));

  const dialog = $('new-game-dialog');
  $('new-game-open').addEventListener('click', () => {
    // "Play as" offers the current game's side (a study or a shared game: two players).
    $('side').value = c.game.human;
    $('level').value = String(c.game.level);
    dialog.showModal();
  });
  $('new-game-cancel').addEventListener('click', () => dialog.close());
  $('level').addEventListener('change', (e) => c.setLevel(Number(e.target.value)));
  $('new-game').addEventListener('submit', () => {
    const human = $('side').value;
    settings.timeControl = $('time-control').value;
    saveSettings(settings);
    report(c.newGame({ human, level: Number($('level').value), clock: settings.timeControl || null }));
    // The player's own pieces at the bottom (Flip still turns the board at will).
    if (human !== 'both') {
      c.flip(human === 'b');
      settings.flipped = c.board.flipped;
      saveSettings(settings);
    }
  });

  function fillChoices() {
    const level = $('level');
    level.textContent = '';
    for (const { level: n } of Levels) {
      const option = document.createElement('option');
      option.value = String(n);
      option.textContent = `${n} · ${levelText(n)}`;
      level.appendChild(option);
    }
    level.value = String(c.game.level);
    const clock = $('time-control');
    const chosen = clock.value || settings.timeControl || '';
    for (const option of [...clock.options].slice(1)) option.remove();
    for (const control of TimeControls) {
      const [base, inc] = control.split('+').map(Number);
      const option = document.createElement('option');
      option.value = control;
      option.textContent = t('minutesPlus', { m: base / 60, s: inc });
      clock.appendChild(option);
    }
    clock.value = chosen;
  }

  // The strip of `side`: the one under the board is the side whose pieces are at the bottom.
  const stripOf = (side) => $((side === 'w') === c.board.flipped ? 'player-top' : 'player-bottom');

  // Each side's name: in a game against the engine "You" and the engine's level title; else the
  // file's player tags, else the side's colour.
  function playerName(side) {
    const { human, level } = c.game;
    if (human !== 'both' && !c.puzzle) return human === side ? t('libraryYou') : t('playerEngine', { level: levelText(level) });
    const tag = c.tree?.tags?.[side === 'w' ? 'Red' : 'Black'];
    return tag && !/^\?*$/.test(tag) ? tag : t(side === 'w' ? 'red' : 'black');
  }

  function renderPlayers() {
    for (const side of ['w', 'b']) {
      const strip = stripOf(side);
      strip.className = `player-strip ${side === 'w' ? 'red' : 'black'}`;
      strip.classList.toggle('to-move', !c.outcome && c.liveNode?.turn === side);
      const name = strip.querySelector('.player-name');
      name.textContent = name.title = playerName(side); // the title: the whole name where it is cut short
      const clock = strip.querySelector('.clock');
      clock.id = `clock-${side}`;
      clock.className = `clock ${side === 'w' ? 'red' : 'black'}`;
      clock.setAttribute('aria-label', t('clockOf', { name: playerName(side) }));
    }
    renderClocks();
  }

  function renderClocks() {
    const clocks = c.clocks();
    for (const side of ['w', 'b']) {
      const el = $(`clock-${side}`);
      if (!el) continue;
      el.hidden = !clocks;
      if (!clocks) continue;
      el.textContent = clockText(clocks[side]);
      el.classList.toggle('running', clocks.running === side);
      el.classList.toggle('low', clocks[side] < 20000);
    }
  }

  function renderStatus() {
    const { game } = c;
    const outcome = c.outcome;
    $('result').hidden = !outcome;
    $('result').textContent = outcome ? outcomeText(outcome) : '';
    let status;
    const live = c.liveNode;
    const check = live?.check ? ` ${t('check')}` : '';
    if (!c.ready) status = t('loading');
    else if (c.learn && c.learn.state !== 'done') status = t('learnStatus');
    else if (game.shown !== game.live) status = game.shown === 0 ? t('viewingStart') : t('viewing', c.moveParams(game.shown));
    else if (outcome) status = '';
    else if (c.canMove && game.human !== 'both') status = t('yourMove') + check;
    else status = (live?.turn === 'w' ? t('redToMove') : t('blackToMove')) + check;
    $('status').textContent = status;
    $('thinking').hidden = !c.thinking;
    const tags = c.tree?.tags ?? {};
    const players = [tags.Red && `${t('red')} ${tags.Red}`, tags.Black && `${t('black')} ${tags.Black}`].filter(Boolean);
    const event = [tags.Event, tags.Date].filter((x) => x && !/^\?+[.?]*$/.test(x)).join(' · ');
    $('players').hidden = !players.length && !event;
    $('players').textContent = [players.join(' – '), event].filter(Boolean).join(' · ');
  }

  function renderControls() {
    const { game, ready } = c;
    const tree = c.tree;
    $('undo').disabled = !c.canUndo;
    $('redo').disabled = !c.canRedo;
    $('hint').disabled = !c.canMove || game.shown !== game.live;
    $('resign').disabled = !ready || !!c.outcome || !!c.puzzle;
    $('offer-draw').disabled = !c.canOfferDraw;
    $('offer-draw').hidden = ready && (game.human === 'both' || !!c.puzzle);
    const shown = c.shownNode;
    $('nav-start').disabled = $('nav-prev').disabled = !shown || shown.parent === null;
    $('nav-next').disabled = !shown || !shown.children.length;
    $('nav-live').disabled = !tree || (game.shown === game.live && c.lineEnd() === game.shown);
    $('play-here').disabled = !ready || game.shown === game.live || !!c.puzzle || !!game.clock || !!c.learn;
    $('new-game-open').disabled = !ready;
    renderEval();
  }

  // The evaluation bar: shown with the analysis only, from the side to move of the searched node.
  function renderEval() {
    const info = c.analysisMode ? c.info : null;
    const bar = $('eval-bar');
    bar.hidden = !c.analysisMode;
    bar.dataset.flipped = String(c.board.flipped);
    const share = info?.score ? redShare(info.score, info.side) : 50;
    $('eval-fill').style.setProperty('--share', `${share}%`);
    bar.setAttribute('aria-valuenow', String(share));
    $('eval-text').textContent = info?.score ? scoreText(info.score, info.side, info.bound) : '';
  }

  return { render: () => (renderStatus(), renderControls(), renderPlayers()), renderClocks, renderEval, fillChoices };
}
