// The Analysis tab: the engine's analysis of the position shown, which the person can touch: each
// line's moves in Chinese notation (ICCS on hover); hovering or tapping a line previews it on the
// board, a click on one of its moves goes there (the moves join the record as a variation);
// arrows for each line's first move, and the threat (what the other side would play) on demand.
import { npsText, scoreText } from './analysis.js';

const $ = (id) => document.getElementById(id);

export function attach(panel, { controller: c, t, settings, saveSettings, report }) {
  $('analysis').checked = !!settings.analysis;
  $('analysis').addEventListener('change', (e) => {
    settings.analysis = e.target.checked;
    saveSettings(settings);
    report(c.setAnalysis(e.target.checked));
  });
  $('analysis-lines').value = String(c.analysisLines);
  $('analysis-lines').addEventListener('change', (e) => {
    settings.analysisLines = Number(e.target.value);
    saveSettings(settings);
    report(c.setAnalysisLines(settings.analysisLines));
  });
  $('arrows').checked = c.arrowsOn;
  $('arrows').addEventListener('change', (e) => {
    settings.arrows = e.target.checked;
    saveSettings(settings);
    c.setArrows(e.target.checked);
  });
  $('threat').addEventListener('change', (e) => report(c.setThreat(e.target.checked)));

  const list = $('info-lines');
  // The line under the pointer (or tapped) is previewed; its moves are buttons. A line acts on the
  // moves it shows (data-pv), and the list holds still while the pointer is on it, so that a click
  // lands on the move aimed at.
  let previewed = null;
  const lineOf = (li) => ({ node: Number(li.dataset.node), pv: li.dataset.pv.split(' ') });
  const preview = (li, count) => {
    const line = li && lineOf(li);
    previewed = line ? li.dataset.line : null;
    c.previewLine(line && line.node === c.game.shown ? line.pv : null, count);
    for (const item of list.children) item.classList.toggle('previewed', item.dataset.line === previewed);
  };
  list.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const li = e.target.closest('li[data-line]');
    const move = e.target.closest('[data-index]');
    if (li) preview(li, move ? Number(move.dataset.index) + 1 : undefined);
  });
  list.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    preview(null);
    render();
  });
  list.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-line]');
    if (!li) return;
    const move = e.target.closest('[data-index]');
    const line = lineOf(li);
    if (line.node !== c.game.shown) return;
    // A move: go there. The line's score (a tap on a phone): preview it, a second tap ends that.
    if (move) report(c.playLine(line.pv, Number(move.dataset.index) + 1));
    else preview(previewed === li.dataset.line ? null : li);
  });

  let renderedLines = '';
  function render() {
    const on = c.analysisMode;
    $('analysis').checked = on;
    const info = on ? c.info : null;
    const side = info?.side;
    $('info-score').textContent = info?.score ? scoreText(info.score, side, info.bound) : '–';
    $('info-depth').textContent = info?.depth ? String(info.depth) : '–';
    $('info-nps').textContent = info?.nps ? npsText(info.nps) : '–';
    $('info-threads').textContent = info?.threads ? String(info.threads) : '–';
    const lines = on ? c.lines.filter((l) => l && l.node === c.game.shown) : [];
    const key = JSON.stringify([on, lines.map((l) => [l.multipv, l.depth, l.pv.slice(0, 10)]), t('moves')]);
    if (key !== renderedLines && !(list.matches(':hover') && lines.length && list.querySelector('li[data-line]'))) {
      renderedLines = key;
      list.textContent = '';
      if (!on) {
        const li = document.createElement('li');
        li.className = 'off';
        li.textContent = t('analysisOff');
        list.append(li);
      }
      c.lines.forEach((line, i) => {
        if (!line || !lines.includes(line)) return;
        const li = document.createElement('li');
        li.dataset.line = String(i);
        li.dataset.node = String(line.node);
        li.dataset.pv = line.pv.slice(0, 10).join(' ');
        if (previewed === String(i)) li.classList.add('previewed');
        const score = document.createElement('span');
        score.className = 'line-score';
        score.textContent = scoreText(line.score, line.side, line.bound);
        score.title = t('previewLine');
        li.append(score);
        const names = line.pvNames?.length ? line.pvNames : line.pv;
        names.slice(0, 10).forEach((name, k) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'pv-move';
          b.dataset.index = String(k);
          b.dataset.move = line.pv[k];
          b.title = line.pv[k];
          b.textContent = name;
          li.append(b);
        });
        list.append(li);
      });
    }
    const threat = c.threat;
    $('threat').checked = c.threatMode;
    $('threat-text').hidden = !c.threatMode;
    $('threat-text').textContent = !threat ? t('threatSearching') : threat.none ? t('threatNone') : t('threatIs', { line: threat.line.slice(0, 4).join(' ') || threat.bestmove });
    $('hint-text').textContent = c.suggestion ? t('hintIs', { name: `${c.suggestion.name} (${c.suggestion.move})` }) : '';
  }
  c.addEventListener('change', render);
  c.addEventListener('info', render);
  render();
  return { render };
}
