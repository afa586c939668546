// The Review tab: "Review game" with the engine's time or depth of the person's choosing, its
// progress, each side's accuracy, the evaluation graph (Red's advantage above the middle in red,
// Black's below in black, in pawns, by move; a click goes to that move), the verdict on the move
// shown with the better move (also an arrow on the board), and "learn from your mistakes".
import { ReviewLimits } from './controller.js';
import { GraphClamp, graphShapes, graphY, pawnsText } from './review.js';

const $ = (id) => document.getElementById(id);
const W = 300;
const H = 100;

export function attach(panel, { controller: c, t, settings, saveSettings, report, onLanguage }) {
  const limitsSelect = $('review-limits');
  const fill = () => {
    limitsSelect.textContent = '';
    ReviewLimits.forEach((limits, i) => {
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = limits.depth ? t('reviewDepth', { depth: limits.depth }) : t('reviewTime', { s: limits.movetime / 1000 });
      limitsSelect.append(option);
    });
    limitsSelect.value = String(settings.reviewLimits ?? 0);
  };
  fill();
  onLanguage(() => (fill(), render()));
  limitsSelect.addEventListener('change', () => {
    settings.reviewLimits = Number(limitsSelect.value);
    saveSettings(settings);
  });
  $('review').addEventListener('click', () =>
    c.review?.running ? c.stopReview() : report(c.startReview(ReviewLimits[Number(limitsSelect.value)] ?? ReviewLimits[0])),
  );
  $('eval-graph').addEventListener('click', (e) => {
    const review = c.review;
    if (!review) return;
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.round(((e.clientX - box.left) / box.width) * Math.max(1, review.total - 1));
    const id = review.line[Math.max(0, Math.min(review.line.length - 1, i))];
    if (id !== undefined) c.view(id);
  });
  $('learn-red').addEventListener('click', () => report(c.startLearning('w')));
  $('learn-black').addEventListener('click', () => report(c.startLearning('b')));
  $('learn-next').addEventListener('click', () => report(c.nextMistake()));
  $('learn-stop').addEventListener('click', () => report(c.stopLearning()));

  function render() {
    const review = c.review;
    const tree = c.tree;
    $('review').textContent = review?.running ? t('stopReview') : t('review');
    $('review').disabled = !c.ready || (!review?.running && !(tree && c.liveNode?.ply > tree.nodes[0].ply));
    limitsSelect.disabled = !!review?.running;
    const counts = { w: [0, 0, 0], b: [0, 0, 0] };
    for (const m of Object.values(review?.marks ?? {})) counts[m.mover][['blunder', 'mistake', 'inaccuracy'].indexOf(m.kind)]++;
    const sideCounts = (s) => ({ blunders: counts[s][0], mistakes: counts[s][1], inaccuracies: counts[s][2] });
    $('review-progress').textContent = !review
      ? t('reviewIntro')
      : review.running
        ? t('reviewProgress', review)
        : `${t('reviewDoneShort')} ${t('red')}: ${t('reviewCounts', sideCounts('w'))}; ${t('black')}: ${t('reviewCounts', sideCounts('b'))}`;
    $('review-progress').dataset.state = review ? (review.running ? 'running' : 'done') : '';
    $('accuracy').hidden = !review;
    const percent = (a) => (a === null || a === undefined ? '–' : `${a}%`);
    $('accuracy-w').textContent = percent(review?.accuracy.w);
    $('accuracy-b').textContent = percent(review?.accuracy.b);
    $('graph').hidden = !review;
    if (review) drawGraph(review);
    const mark = review?.marks[c.game.shown];
    const node = c.shownNode;
    $('review-note').textContent =
      mark && node
        ? t('reviewNote', { ...c.moveParams(node.id), sign: mark.sign, loss: pawnsText(mark.loss).replace(/^\+/, ''), best: mark.line[0] ?? mark.best, line: mark.line.slice(0, 6).join(' ') })
        : '';
    const learnable = (side) => Object.values(review?.marks ?? {}).some((m) => m.mover === side && m.kind !== 'inaccuracy');
    $('learn-row').hidden = !review || review.running || !!c.learn;
    $('learn-red').disabled = !learnable('w');
    $('learn-black').disabled = !learnable('b');
    const learn = c.learn;
    $('learn').hidden = !learn;
    if (learn) {
      const id = learn.nodes[learn.index];
      const params = { ...(id !== undefined ? c.moveParams(id) : {}), i: learn.index + 1, n: learn.nodes.length, side: t(learn.side === 'w' ? 'red' : 'black') };
      $('learn-text').textContent = t({ trying: 'learnTrying', wrong: 'learnWrong', solved: 'learnSolved', done: 'learnDone' }[learn.state], params);
      $('learn-text').dataset.state = learn.state;
      $('learn-next').hidden = learn.state === 'done';
    }
  }

  function drawGraph(review) {
    const n = Math.max(1, review.total - 1);
    const { points, red, black } = graphShapes(review.evals, review.total, W, H);
    const dots = Object.entries(review.marks)
      .map(([id, m]) => {
        const i = review.line.indexOf(Number(id));
        const e = review.evals[i];
        return e ? `<circle class="mark ${m.kind}" cx="${((i / n) * W).toFixed(1)}" cy="${graphY(e.value, H).toFixed(1)}" r="2.5"></circle>` : '';
      })
      .join('');
    const at = review.line.indexOf(c.game.shown);
    const x = ((Math.max(0, at) / n) * W).toFixed(1);
    // Move numbers along the bottom, every ten moves.
    const ticks = [];
    for (let i = 20; i < review.total; i += 20) ticks.push(`<line class="tick" x1="${((i / n) * W).toFixed(1)}" y1="${H - 4}" x2="${((i / n) * W).toFixed(1)}" y2="${H}"></line><text class="tick-label" x="${((i / n) * W).toFixed(1)}" y="${H - 6}">${i / 2}</text>`);
    $('eval-graph').innerHTML =
      `<polygon class="red-area" points="${red}"></polygon><polygon class="black-area" points="${black}"></polygon>` +
      `<line class="axis" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"></line><polyline class="line" points="${points}"></polyline>${ticks.join('')}${dots}` +
      (at >= 0 ? `<line class="current" x1="${x}" y1="0" x2="${x}" y2="${H}"></line>` : '');
    $('eval-graph').dataset.clamp = String(GraphClamp);
  }

  for (const type of ['change', 'review', 'learn']) c.addEventListener(type, render);
  render();
  return { render };
}
