// The Puzzles tab: choosing a puzzle (difficulty, next, try again), its task and outcome (a solved
// tactic shows the engine's line after the winning move: why it wins), and the person's progress
// (solved / total, streak), kept across visits. The play itself is the controller's
// (PlayController.startPuzzle()).
import { t } from './i18n.js';
import { scoreText } from './analysis.js';
import { afterSolved, loadPuzzles, nextPuzzle, solverSide, tally } from './puzzles.js';
import { loadPuzzleProgress, savePuzzleProgress } from './storage.js';

const $ = (id) => document.getElementById(id);

/** The tab's slot (tabs.js): wires the panel to the controller. */
export function attach(panel, { controller, showNotice, onLanguage }) {
  let puzzles = null; // loaded at the first use
  let progress = loadPuzzleProgress();
  let current = null; // the puzzle on the board

  const load = async () => (puzzles ??= await loadPuzzles());

  async function start(puzzle) {
    if (!puzzle) return;
    current = puzzle;
    progress = { ...progress, current: puzzle.id };
    savePuzzleProgress(progress);
    await controller.startPuzzle(puzzle);
    // The solver's pieces at the bottom, and the board in sight (on a phone this tab is below it).
    controller.flip(solverSide(puzzle) === 'b');
    const board = document.getElementById('board');
    const box = board.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) scrollTo({ top: scrollY + box.top - 40, behavior: 'instant' });
  }

  $('puzzle-next').addEventListener('click', async () => {
    try {
      await load();
      await start(nextPuzzle(puzzles, progress, $('puzzle-grade').value, current?.id ?? progress.current, $('puzzle-kind').value));
    } catch (e) {
      showNotice(`${t('puzzlesUnavailable')}: ${e.message}`);
    }
  });
  $('puzzle-retry').addEventListener('click', () => start(current).catch((e) => showNotice(e.message)));

  controller.addEventListener('puzzle', (e) => {
    const puzzle = e.detail;
    if (puzzle?.state === 'solved' && current?.id === puzzle.id) {
      progress = afterSolved(progress, current, puzzle);
      savePuzzleProgress(progress);
    }
    if (!puzzle) current = null;
    render();
  });

  function render() {
    const puzzle = controller.puzzle;
    const status = $('puzzle-status');
    if (!puzzle || !current) status.textContent = '';
    else if (puzzle.state === 'solved') status.textContent = `${taskText(current)} — ${t('puzzleSolved')}`;
    else status.textContent = taskText(current) + (puzzle.wrong ? ` ${t('puzzleWrongStatus')}` : '');
    status.dataset.state = puzzle?.state ?? '';
    $('puzzle-retry').hidden = !current;
    const line = puzzle?.state === 'solved' ? puzzle.line : null;
    $('puzzle-line').hidden = !line;
    $('puzzle-line').textContent = line ? t('puzzleWhy', { score: scoreText(line.score, line.side), line: line.names.slice(0, 8).join(' ') }) : '';
    $('puzzle-progress').textContent = puzzles
      ? t('puzzleProgress', { ...tally(puzzles, progress), streak: progress.streak, best: progress.best })
      : '';
  }

  // The count needs the set: load it in the background once the page is idle.
  load().then(render, () => {});
  onLanguage(render);
  render();
  return { render };
}

function taskText(puzzle) {
  const side = t(solverSide(puzzle) === 'b' ? 'playBlack' : 'playRed');
  if (puzzle.kind === 'tactic') return t('puzzleTacticTask', { side });
  return t('puzzleTask', { number: puzzle.number, title: puzzle.title, side, mate: puzzle.mate });
}
