// The site's service worker (docs/wasm.md, "Offline"), registered by the
// play and learn pages (offline.js) and by "Notify me on this device"
// (account-more.js). Two jobs:
//
// - Offline: it keeps the app shell (every page, script, style, lesson and
//   rules page, and the engine) in a cache named by the version of the
//   shipped files, which the server writes before this script
//   (self.asterismVersion and self.asterismFiles: src/server/site.cpp).
//   Those files are served from the cache first; GET /api/catalog and
//   /api/puzzles/* from the network first, the cache when it cannot be
//   reached (every game's puzzles are kept at the install), and so are
//   POST /api/view's diagrams (kept by their request; a diagram never seen
//   is drawn by the page's engine offline: diagram.js).
//   A changed file changes this script's bytes, so the browser installs a
//   new worker, which takes over at once, fills a new cache and deletes the
//   old ones; a page it takes over reloads once (offline.js): the page and
//   the engine never come from two versions.
// - Push: it shows the server's push messages, JSON {title, body, url,
//   tag}, as notifications, unless a focused window of this site already
//   shows that url (the player is looking at the game); a click on one
//   focuses a window at its url, or opens one.

/**
 * The parts of the service worker's world this file uses (the type
 * checker reads web/ with the DOM's types, not a worker's).
 * @typedef {{title?: string, body?: string, url?: string, tag?: string}} PushPayload
 * @typedef {{url: string, focused: boolean, focus(): Promise<unknown>, navigate(url: string): Promise<unknown>}} WindowClient
 * @typedef {{waitUntil(p: Promise<unknown>): void}} WaitEvent
 * @typedef {WaitEvent & {data: {json(): unknown, text(): string}|null}} PushEvent
 * @typedef {WaitEvent & {notification: Notification}} ClickEvent
 * @typedef {{request: Request, respondWith(r: Promise<Response>): void}} FetchEvent
 * @typedef {Object} ServiceWorkerScope
 * @property {(type: string, listener: (e: any) => void) => void} addEventListener
 * @property {{matchAll(o: {type: 'window', includeUncontrolled: boolean}): Promise<WindowClient[]>,
 *   openWindow(url: string): Promise<unknown>, claim(): Promise<void>}} clients
 * @property {{showNotification(title: string, o: NotificationOptions): Promise<void>}} registration
 * @property {() => Promise<void>} skipWaiting
 * @property {{origin: string}} location
 */

const worker = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

/** What the server wrote before this script (a script served elsewhere has neither). */
const shipped = /** @type {{asterismVersion?: string, asterismFiles?: string[]}} */ (/** @type {unknown} */ (self));
const VERSION = shipped.asterismVersion || 'unversioned';
const CACHE = `asterism-${VERSION}`;
// The answers of the API that a page offline needs before anything: the
// games and their options.
const API_KEPT = ['/api/catalog'];

// A new version takes over at once, with its own cache filled first.
worker.addEventListener('install', (/** @type {WaitEvent} */ e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll([...(shipped.asterismFiles || []), ...API_KEPT]);
    await keepPuzzles(cache).catch(() => {});
    await worker.skipWaiting();
  })());
});
worker.addEventListener('activate', (/** @type {WaitEvent} */ e) => e.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith('asterism-') && name !== CACHE) await caches.delete(name);
  await worker.clients.claim();
})()));

// The puzzles of every game, kept in pages of PAGE (the most the server
// gives at once) under /api/puzzles/GAME?page=K, so that a puzzle never
// seen online can be answered offline (puzzleOffline). A game without
// puzzles, or a page refused, is skipped.
const PAGE = 20;
/** @param {Cache} cache */
async function keepPuzzles(cache) {
  const catalog = await (await fetch('/api/catalog')).json();
  for (const g of catalog.games || []) {
    for (let first = 0, total = 1; first < total; first += PAGE) {
      const answer = await fetch(`/api/puzzles/${g.id}?i=${first}&n=${PAGE}`);
      if (!answer.ok) break;
      const list = await answer.clone().json();
      total = list.total;
      await cache.put(`/api/puzzles/${g.id}?page=${first / PAGE}`, answer);
    }
  }
}

// GET /api/puzzles/GAME?i=I&n=N as the server answers it (src/server/
// puzzles.cpp: from I modulo the count, N of them, round the end), made of
// the pages kept; undefined when they are not there.
/** @param {URL} url */
async function puzzleOffline(url) {
  const cache = await caches.open(CACHE);
  const page = async (/** @type {number} */ k) => {
    const kept = await cache.match(`${url.pathname}?page=${k}`);
    return kept ? kept.json() : null;
  };
  const head = await page(0);
  if (!head || !head.total) return undefined;
  const total = head.total;
  const first = Number(url.searchParams.get('i') || 0) % total;
  const n = Math.max(1, Math.min(PAGE, Number(url.searchParams.get('n') || 1)));
  const puzzles = [];
  for (let k = 0; k < n && k < total; k++) {
    const at = (first + k) % total;
    const list = await page(Math.floor(at / PAGE));
    if (!list) return undefined;
    puzzles.push(list.puzzles[at % PAGE]);
  }
  return new Response(JSON.stringify({ game: head.game, total, first, puzzles }),
    { headers: { 'Content-Type': 'application/json' } });
}

// POST /api/view is a pure function of its body: its answers are kept
// under an address made of the body, to be found again offline.
/** @param {Request} request */
async function viewKey(request) {
  const body = await request.clone().text();
  return new Request(`/api/view?body=${encodeURIComponent(body)}`);
}

// The network, and the cache when the network cannot answer.
/** @param {Request} request @param {Request} key */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

// A shipped file: the cache's, else the network's. A page's address is
// its file's whatever its query ("index.html?engine=server") and "/" is
// index.html.
/** @param {Request} request @param {URL} url */
async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const page = request.mode === 'navigate';
  const key = url.pathname === '/' ? '/index.html' : url.pathname;
  const kept = await cache.match(page ? key : request, { ignoreSearch: page });
  if (kept) return kept;
  const extensionless = page && !/\.[a-z]+$/.test(key) ? await cache.match(`${key}.html`) : undefined;
  if (extensionless) return extensionless;
  return fetch(request);
}

worker.addEventListener('fetch', (/** @type {FetchEvent} */ e) => {
  const url = new URL(e.request.url);
  if (url.origin !== worker.location.origin || url.pathname === '/sw.js') return;
  if (url.pathname === '/api/view' && e.request.method === 'POST') {
    e.respondWith(viewKey(e.request).then((key) => networkFirst(e.request, key)));
  } else if (e.request.method !== 'GET') {
    return;
  } else if (url.pathname.startsWith('/api/puzzles/')) {
    e.respondWith(networkFirst(e.request, e.request).catch(async (err) => {
      const made = await puzzleOffline(url);
      if (made) return made;
      throw err;
    }));
  } else if (API_KEPT.includes(url.pathname)) {
    e.respondWith(networkFirst(e.request, e.request));
  } else if (!url.pathname.startsWith('/api/')) {
    e.respondWith(cacheFirst(e.request, url));
  }
});

// The page asks which version serves it (offline.js).
worker.addEventListener('message', (/** @type {MessageEvent} */ e) => {
  if (e.data === 'version' && e.ports[0]) e.ports[0].postMessage(VERSION);
});

/** @param {string} url  as the server sent it, relative to the site */
const absolute = (url) => new URL(url || '/', worker.location.origin).href;

/** @param {unknown} data @returns {PushPayload} */
function payload(data) {
  return data && typeof data === 'object' ? /** @type {PushPayload} */ (data) : {};
}

worker.addEventListener('push', (/** @type {PushEvent} */ e) => {
  /** @type {PushPayload} */
  let p = {};
  try {
    p = payload(e.data ? e.data.json() : null);
  } catch (err) {
    p = { body: e.data ? e.data.text() : '' };
  }
  const url = absolute(p.url || '/account.html');
  e.waitUntil((async () => {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // The player is looking at that very page: it says so itself.
    if (windows.some((w) => w.focused && w.url === url)) return;
    await worker.registration.showNotification(p.title || 'asterism', {
      body: p.body || '', tag: p.tag || undefined, data: { url },
    });
  })());
});

worker.addEventListener('notificationclick', (/** @type {ClickEvent} */ e) => {
  e.notification.close();
  const data = /** @type {{url?: string}} */ (e.notification.data || {});
  const url = absolute(data.url || '/account.html');
  e.waitUntil((async () => {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((w) => w.url === url);
    if (same) return same.focus();
    return worker.clients.openWindow(url);
  })());
});
