// The opening explorer panel: what masters played in the position shown (each move with its
// count and a Red win / draw / Black win bar, click to play it), the opening's name, and the
// best-known master games through the position (click to open one to study), with the credit the
// data's licence asks for. Self-contained: it draws into the element it is given and talks to the
// engine through `source` ({explore(fen), masterGame(id), openings()}: the JS API's calls); the
// page tells it the position (update(fen)) and what a click does (onPlay, onOpenGame).
//
// The data (about 0.7 MB) is fetched by the engine client on the first explore(), not with the
// engine; the service worker keeps it for offline use.
import { ExplorerTexts } from './i18n-explorer.js';

/** A translator over ExplorerTexts for `lang` ('zh', 'en' or 'vi'), for use without the app's i18n. */
export function explorerT(lang = 'en') {
  const table = ExplorerTexts[lang] ?? ExplorerTexts.en;
  return (key, params = {}) => (table[key] ?? ExplorerTexts.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ''));
}

/**
 * Red win / draw / Black win of `stats` ({games, red, draw, black}) in whole percent adding up to
 * 100 (largest remainders); all 0 for no games.
 */
export function percentages({ games, red, draw, black }) {
  if (!games) return { red: 0, draw: 0, black: 0 };
  const exact = { red: (100 * red) / games, draw: (100 * draw) / games, black: (100 * black) / games };
  const out = { red: Math.floor(exact.red), draw: Math.floor(exact.draw), black: Math.floor(exact.black) };
  let left = 100 - out.red - out.draw - out.black;
  for (const key of Object.keys(exact).sort((a, b) => (exact[b] % 1) - (exact[a] % 1))) {
    if (left-- <= 0) break;
    out[key]++;
  }
  return out;
}

/** The opening's name in `lang`, with its code: "C45 中炮…", or '' for none. */
export function openingLabel(opening, lang = 'zh') {
  if (!opening) return '';
  return `${opening.eco} ${lang === 'zh' ? opening.zh : opening.en || opening.zh}`;
}

/** A master game (masterGame()'s answer) as PGN text with its tags and ICCS moves, to study. */
export function masterGamePgn(game) {
  const tag = (name, value) => `[${name} "${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"]\n`;
  let text = tag('Event', game.event || '?') + tag('Date', game.year ? `${game.year}.??.??` : '????.??.??');
  text += tag('Red', game.red || '?') + tag('Black', game.black || '?') + tag('Result', game.result);
  if (game.eco) text += tag('ECCO', game.eco);
  text += tag('Source', 'Chinese Chess Practical Dataset (CCPD), CC BY 4.0');
  text += '\n';
  const words = game.moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));
  for (let i = 0; i < words.length; i += 8) text += words.slice(i, i + 8).join(' ') + '\n';
  return text + game.result + '\n';
}

const element = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
};

// A W/D/L bar: three segments sized by percent, labelled for screen readers.
function resultBar(stats, t) {
  const p = percentages(stats);
  const bar = element('span', { className: 'explorer-bar', role: 'img', 'aria-label': `${t('explorerResults')}: ${p.red}% / ${p.draw}% / ${p.black}%` });
  for (const side of ['red', 'draw', 'black']) {
    const seg = element('span', { className: `explorer-${side}`, title: `${p[side]}%` }, p[side] >= 12 ? `${p[side]}%` : '');
    seg.style.width = `${p[side]}%`;
    bar.append(seg);
  }
  return bar;
}

/**
 * Draws the explorer into `root`. Options: `source` ({explore, masterGame, openings}), `t`
 * (translator: t(key, params); default English), `lang` () => 'zh' | 'en', `notation`
 * () => 'chinese' | 'wxf' | 'iccs', `onPlay(iccs)`, `onOpenGame(pgnText, game)`,
 * `onOpening(opening | null)` (the opening of each position shown, for a name over the move list),
 * `lineOpening` () => opening | null (the name to show when the position has none of its own: its
 * line's, as the game goes).
 * Returns {update(fen), render(), entry}: update() asks for a position ('startpos', a FEN, or
 * undefined for the engine's cursor) and resolves when it is drawn; render() redraws (language).
 */
export function createExplorer(root, { source, t = explorerT('en'), lang = () => 'en', notation = () => 'chinese', onPlay = () => {}, onOpenGame = () => {}, onOpening = () => {}, lineOpening = () => null }) {
  let entry = null; // the last answer
  let state = 'idle'; // 'loading' | 'ready' | 'error'
  let problem = '';
  let request = 0; // answers to earlier requests are dropped
  root.classList.add('explorer');

  async function update(fen) {
    const mine = ++request;
    if (state !== 'ready') {
      state = 'loading';
      draw();
    }
    try {
      const answer = await source.explore(fen);
      if (mine !== request) return;
      entry = answer;
      state = 'ready';
      onOpening(entry?.opening ?? null);
    } catch (e) {
      if (mine !== request) return;
      state = 'error';
      problem = e.message;
    }
    draw();
  }

  async function open(summary) {
    const game = await source.masterGame(summary.id);
    await onOpenGame(masterGamePgn(game), game);
  }

  function moveText(m) {
    const style = notation();
    return style === 'iccs' ? m.move : style === 'wxf' ? m.wxf || m.move : m.chinese || m.move;
  }

  function draw() {
    root.replaceChildren();
    if (state === 'loading') return root.append(element('p', { className: 'explorer-status' }, t('explorerLoading')));
    if (state === 'error') return root.append(element('p', { className: 'explorer-status explorer-error' }, t('explorerUnavailable', { message: problem })));
    if (state !== 'ready') return;
    const opening = entry?.opening ?? lineOpening();
    root.append(element('h3', { className: 'explorer-opening', dataset: { eco: opening?.eco ?? '' } }, opening ? openingLabel(opening, lang()) : t('explorerNoOpening')));
    if (!entry || !entry.games) {
      root.append(element('p', { className: 'explorer-status' }, t('explorerNoGames')));
    } else {
      root.append(element('p', { className: 'explorer-total' }, t('explorerGames', { games: entry.games.toLocaleString() }), ' ', resultBar(entry, t)));
      const table = element('table', { className: 'explorer-moves' });
      table.append(element('thead', {}, element('tr', {}, element('th', {}, t('explorerMove')), element('th', {}, t('explorerCount')), element('th', {}, t('explorerResults')))));
      const body = element('tbody');
      for (const m of entry.moves) {
        const button = element('button', { type: 'button', className: 'explorer-play', dataset: { move: m.move } }, moveText(m));
        button.addEventListener('click', () => onPlay(m.move));
        body.append(element('tr', { dataset: { move: m.move } }, element('td', {}, button), element('td', { className: 'explorer-count' }, m.games.toLocaleString()), element('td', {}, resultBar(m, t))));
      }
      table.append(body);
      root.append(table);
    }
    if (entry?.topGames?.length) {
      const list = element('ol', { className: 'explorer-games' });
      for (const g of entry.topGames) {
        const label = `${g.year || '????'} ${g.red} – ${g.black} ${g.result}`;
        const button = element('button', { type: 'button', className: 'explorer-game', dataset: { game: String(g.id) }, title: g.event, 'aria-label': t('explorerOpen', { red: g.red, black: g.black, year: g.year || '?' }) }, label);
        button.addEventListener('click', () => open(g).catch((e) => ((problem = e.message), (state = 'error'), draw())));
        list.append(element('li', {}, button, g.event ? element('small', {}, ` ${g.event}`) : null));
      }
      root.append(element('h4', {}, t('explorerTopGames')), list);
    }
    root.append(element('p', { className: 'explorer-credit' }, element('a', { href: 'https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset', target: '_blank', rel: 'noopener' }, t('explorerCredit'))));
  }

  return {
    update,
    render: draw,
    get entry() {
      return entry;
    },
  };
}
