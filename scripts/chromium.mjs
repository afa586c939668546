// Headless Chromium for the browser tests and benchmarks: Debian's /usr/bin/chromium driven by
// playwright-core (no browser is downloaded), started with the flags this machine needs.
import { existsSync } from 'node:fs';

export const ChromiumPath = '/usr/bin/chromium';

/** Whether the browser is installed (scripts/setup.sh installs it). */
export const hasChromium = () => existsSync(ChromiumPath);

/** A playwright-core Browser. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: ChromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** Adds each console error and uncaught page error of `page` to `problems` (strings). */
export function collectProblems(page, problems) {
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
}

/** Makes every page of `context` record each request it posts to a worker: its command in
 * `window.chuhanWorkerMessages` and its size in bytes (as UTF-8 JSON text; a file's bytes count as
 * their length) in `window.chuhanWorkerBytes`. */
export function recordWorkerMessages(context) {
  return context.addInitScript(() => {
    window.chuhanWorkerMessages = [];
    window.chuhanWorkerBytes = [];
    const size = (message) => {
      let bytes = 0;
      const text = JSON.stringify(message, (key, value) => {
        if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return (bytes += value.byteLength), null;
        return value instanceof WebAssembly.Module || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer) ? null : value;
      });
      return bytes + new TextEncoder().encode(text ?? '').length;
    };
    // The app's side engine (explorer, file imports, the editor's checks: a worker sent one of
    // those jobs) is not the game's engine: its messages are not counted, nor those it was sent
    // before its first such job (its init), which may fall after a test cleared the lists.
    const SideJobs = ['openings', 'explore', 'masterGame', 'readGames', 'checkPosition'];
    const side = new WeakSet();
    const senders = []; // the worker of each message recorded (a test empties the lists, not this)
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      const messages = window.chuhanWorkerMessages, bytes = window.chuhanWorkerBytes;
      senders.splice(0, senders.length - messages.length);
      if (SideJobs.includes(message?.cmd) && !side.has(this)) {
        side.add(this);
        for (let i = senders.length - 1; i >= 0; i--)
          if (senders[i] === this) for (const list of [senders, messages, bytes]) list.splice(i, 1);
      }
      if (!side.has(this)) {
        messages.push(message?.cmd ?? '?');
        bytes.push(size(message));
        senders.push(this);
      }
      return post.call(this, message, ...rest);
    };
  });
}

/**
 * Starts the app's side engine on `page` and gives it a side job, so that from then on
 * recordWorkerMessages knows its worker. Left to the app, it starts when the explorer first asks
 * (some seconds after the page is ready), and until its first job reaches it its init counts as
 * the game engine's: a test counting messages then may see an 'init' it did not cause.
 */
export async function startSideEngine(page) {
  await page.evaluate(() => window.chuhan.session.explore(window.chuhan.shownNode.fen));
}

/** Shows the app's tab `id` ('analysis', 'explorer', 'review', 'puzzles', 'position') on `page`
 * and waits until its panel is wired (tabs.js loads a panel's module when it is first shown, and
 * a test acts faster than that). */
export async function showTab(page, id) {
  await page.click(`#tab-${id}`);
  await page.waitForSelector(`#panel-${id}[data-attached="true"]`);
}
