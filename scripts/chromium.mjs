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

/** Makes every page of `context` record each request it posts to a worker, by command, in
 * `window.chuhanWorkerMessages`. */
export function recordWorkerMessages(context) {
  return context.addInitScript(() => {
    window.chuhanWorkerMessages = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      window.chuhanWorkerMessages.push(message?.cmd ?? '?');
      return post.call(this, message, ...rest);
    };
  });
}
