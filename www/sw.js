// Offline support: on install, cache the app, the engine's JS and glue and the .wasm. A page
// (navigation) comes from the network when it can (so a new build is picked up at once) and from
// the cache when it cannot. While a page that came from the network loads (until it posts
// 'loaded', at most LoadWindowMs), its own requests go straight to the network, unanswered here:
// answering each of its requests in this worker (forty-odd before the app was bundled) cost every
// visit about 200 ms. Every other request (all of a page that came from the cache, and later ones:
// the explorer's data) is answered from the network when it can and from the cache when it cannot.
// The cache is refreshed in the background after each visit (a file is written again only when
// it changed). Only the files the app ships are cached, each under its own URL whatever query
// string it was asked with: the cache holds AppFiles and nothing else. The engine files are
// referenced as ../wasm/… : from the served root that is /wasm/ (scripts/dev/serve.mjs maps it to
// the repository's wasm/), and it is also right when the repository itself is served with the app
// under /www/.
// v2: v1 kept every distinct URL it saw; activating v2 deletes it. v3: the app bundled
// (dist/app.js), v2's copies of the modules only the bundle now holds go with v2.
const CacheName = 'chuhan-v3';
const AppFiles = [
  './',
  'index.html',
  'embed.html',
  'help.html',
  'app.css',
  'themes/themes.css',
  'icon.svg',
  'manifest.webmanifest',
  'chuhan-board.js',
  // The app as index.html runs it (bundled), and the modules of js/ that embed.html
  // (chuhan-board.js) and help.html load.
  'dist/app.js',
  'js/board.js',
  'js/clock.js',
  'js/coach.js',
  'js/controller.js',
  'js/engine.js',
  'js/fen.js',
  'js/game.js',
  'js/help.js',
  'js/i18n-explorer.js',
  'js/i18n-features.js',
  'js/i18n-vi.js',
  'js/i18n.js',
  'js/input.js',
  'js/level-titles.js',
  'js/levels.js',
  'js/pieces.js',
  'js/premove.js',
  'js/puzzles.js',
  'js/recipe.js',
  'js/review.js',
  'js/tree.js',
  'puzzles/shiqingyaqu.json',
  'puzzles/tactics.json',
  '../wasm/index.js',
  '../wasm/client.js',
  '../wasm/worker.js',
  '../wasm/worker-core.js',
  '../wasm/dist/chuhan.mjs',
  '../wasm/dist/chuhan.wasm',
  // The opening explorer's data (master games), fetched by the page only once the board is
  // playable; cached here so that the explorer and the openings' names work offline.
  '../wasm/data/openings.bin',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CacheName)
      .then((cache) => cache.addAll(AppFiles.map((f) => new Request(new URL(f, self.location), { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('chuhan-') && n !== CacheName).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const LoadWindowMs = 5000;
let loadedOnlineAt = -Infinity; // when a page last came from the network (lost when this worker sleeps: then every request is answered)

// The page is playable (www/js/app.js): what it asks for from now on is answered here, so that it
// still comes from the cache if the network goes.
self.addEventListener('message', (event) => {
  if (event.data === 'loaded') loadedOnlineAt = -Infinity;
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(event));
  if (Date.now() - loadedOnlineAt < LoadWindowMs && self.navigator.onLine !== false) return;
  event.respondWith(networkThenCache(event));
});

async function navigate(event) {
  try {
    const response = await fetch(event.request);
    loadedOnlineAt = Date.now();
    event.waitUntil(refreshAfterLoad());
    return response;
  } catch (error) {
    loadedOnlineAt = -Infinity;
    return fromCache(event.request, error);
  }
}

// Once the page has loaded, every app file is asked again (a revalidation where the server allows
// it) and written to the cache where it changed. One refresh at a time.
let refreshing = null;
function refreshAfterLoad() {
  refreshing ??= new Promise((resolve) => setTimeout(resolve, LoadWindowMs))
    .then(async () => {
      for (const key of AppUrls) {
        const response = await fetch(new Request(key, { cache: 'no-cache' })).catch(() => null);
        if (response?.ok && response.status === 200) await refresh(key, response).catch(() => {});
      }
    })
    .finally(() => (refreshing = null));
  return refreshing;
}

// The URLs of AppFiles, as the cache keys them.
const AppUrls = new Set(AppFiles.map((f) => new URL(f, self.location).href));

// The cache key of a request for one of AppFiles (its URL without query or fragment), or null.
function appUrl(request) {
  const url = new URL(request.url);
  url.search = url.hash = '';
  return AppUrls.has(url.href) ? url.href : null;
}

// The network's answer, the cached copy when the network fails. The cache is opened only when it
// is used (refreshing an app file after answering, or answering offline).
async function networkThenCache(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    // Keep the cached copy of an app file fresh (whole 200 responses only); cache nothing else.
    const key = appUrl(request);
    if (key && response.ok && response.status === 200) event.waitUntil(refresh(key, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    return fromCache(request, error);
  }
}

// The cached copy of what `request` asks for (a page: the app's page), or `error` thrown.
async function fromCache(request, error) {
  const cache = await caches.open(CacheName);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  if (request.mode === 'navigate') {
    const page = await cache.match(new URL('index.html', self.location));
    if (page) return page;
  }
  throw error;
}

// Puts `response` in the cache under `key` unless the copy there is the same file (the same ETag,
// or the same Last-Modified and length): writing every file again on every visit slowed the page
// it was loading.
async function refresh(key, response) {
  const cache = await caches.open(CacheName);
  const cached = await cache.match(key);
  const same = (name) => !!response.headers.get(name) && response.headers.get(name) === cached?.headers.get(name);
  if (cached && (same('ETag') || (same('Last-Modified') && same('Content-Length')))) return response.body?.cancel();
  return cache.put(key, response);
}
