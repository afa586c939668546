// The tabs beside the board (Analysis, Explorer, Review, Puzzles, Position): a tab bar and a panel
// per tab. Each panel is a slot: its element's data-panel names its module, js/<name>-panel.js (a
// pattern the app's bundler can follow: scripts/dev/build-app.mjs), loaded the first time the panel
// is shown (or once the page is idle), whose
//
//   export function attach(panel, app) -> { render?() } | void
//
// fills the panel and wires it; `app` is {controller, t, showNotice, report, settings,
// saveSettings, openFile, onLanguage(fn), ready (a promise: the engine has answered), settled (a
// promise: ready, and the engine has not been thinking its move for a moment)}. A panel shown loads
// its module once the engine is ready; the others once it has settled, so that they do not compete
// with its start or its first answers. A new panel's module plugs in by its markup and its module
// alone.
const Idle = (fn) => (globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 200)))(fn);

/**
 * Wires the tab bar `bar` (role="tablist", buttons with aria-controls) to its panels; `app` as
 * above; `initial` the tab id to show first. Returns {show(id), ready: Promise} (ready: every
 * panel attached).
 */
export function attachTabs(bar, app, initial) {
  const tabs = [...bar.querySelectorAll('[role="tab"]')];
  const panelOf = (tab) => document.getElementById(tab.getAttribute('aria-controls'));
  const attached = new Map(); // panel id -> Promise of its module's handle

  function attach(panel) {
    if (!attached.has(panel.id)) {
      const name = panel.dataset.panel;
      const loading = name ? app.ready.then(() => import(`./${name}-panel.js`)).then((m) => m.attach?.(panel, app) ?? {}) : Promise.resolve({});
      // data-attached: the panel's controls work (for tests, which act faster than a person).
      loading.then(() => (panel.dataset.attached = 'true'), () => {});
      attached.set(panel.id, loading.catch((e) => (console.error(`chuhan: panel ${name}:`, e), {})));
    }
    return attached.get(panel.id);
  }

  async function show(id) {
    const tab = tabs.find((t) => t.id === `tab-${id}`) ?? tabs[0];
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      panelOf(t).hidden = !selected;
    }
    app.settings.tab = tab.id.slice(4);
    app.saveSettings(app.settings);
    const handle = await attach(panelOf(tab));
    handle.shown?.();
  }

  for (const tab of tabs) tab.addEventListener('click', () => show(tab.id.slice(4)));
  // Arrow keys move along the tab bar (the WAI-ARIA tabs pattern).
  bar.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(document.activeElement);
    if (i < 0 || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    tabs[next].focus();
    show(tabs[next].id.slice(4));
  });

  show(initial);
  const ready = app.settled.then(() => new Promise((resolve) => Idle(() => resolve(Promise.all(tabs.map((t) => attach(panelOf(t))))))));
  return { show, ready };
}
