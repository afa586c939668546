// A page that uses the `chuhan` package the way an application would: built by Vite from the
// packed package (see ../browser.test.mjs), then loaded in headless Chromium. It gets a move,
// stops an infinite search and reports what happened in window.__result.
import { createEngine } from 'chuhan';

const out = document.getElementById('out');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const t0 = performance.now();
  const engine = await createEngine();
  const readyMs = performance.now() - t0;

  await engine.setPosition('startpos', ['h2e2']);
  const legal = await engine.legalMoves();
  const depths = [];
  const { bestmove, ponder } = await engine.go({ depth: 6 }, (info) => depths.push(info.depth));
  out.textContent = `bestmove ${bestmove} ponder ${ponder}`;

  // Stop an infinite search: a shared flag on a cross-origin isolated page, otherwise the worker
  // is terminated and restarted.
  const search = engine.go({ infinite: true });
  await sleep(300);
  const t1 = performance.now();
  await engine.stop();
  const stopped = await search;
  const stopMs = performance.now() - t1;
  const fenAfterStop = await engine.fen();
  const again = await engine.go({ depth: 3 });
  const badFen = await engine.setPosition('not a fen').then(
    () => 'accepted',
    (e) => e.message,
  );
  engine.terminate();

  return {
    ok: true,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    sharedStop: engine._sharedStop,
    readyMs,
    bestmove,
    bestmoveLegal: legal.includes(bestmove),
    depths,
    stopped,
    stoppedLegal: legal.includes(stopped.bestmove),
    stopMs,
    fenAfterStop,
    again: again.bestmove,
    badFen,
  };
}

run().then(
  (result) => (window.__result = result),
  (error) => {
    out.textContent = `error: ${error}`;
    window.__result = { ok: false, error: String(error?.stack ?? error) };
  },
);
