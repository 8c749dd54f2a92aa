// The service worker of "Notify me on this device" (account.html,
// account-more.js registers it): it shows the server's push messages, JSON
// {title, body, url, tag}, as notifications, unless a focused window of
// this site already shows that url (the player is looking at the game);
// a click on one focuses a window at its url, or opens one. It caches
// nothing: the pages are served fresh as before.

/**
 * The parts of the service worker's world this file uses (the type
 * checker reads web/ with the DOM's types, not a worker's).
 * @typedef {{title?: string, body?: string, url?: string, tag?: string}} PushPayload
 * @typedef {{url: string, focused: boolean, focus(): Promise<unknown>, navigate(url: string): Promise<unknown>}} WindowClient
 * @typedef {{waitUntil(p: Promise<unknown>): void}} WaitEvent
 * @typedef {WaitEvent & {data: {json(): unknown, text(): string}|null}} PushEvent
 * @typedef {WaitEvent & {notification: Notification}} ClickEvent
 * @typedef {Object} ServiceWorkerScope
 * @property {(type: string, listener: (e: any) => void) => void} addEventListener
 * @property {{matchAll(o: {type: 'window', includeUncontrolled: boolean}): Promise<WindowClient[]>,
 *   openWindow(url: string): Promise<unknown>, claim(): Promise<void>}} clients
 * @property {{showNotification(title: string, o: NotificationOptions): Promise<void>}} registration
 * @property {() => Promise<void>} skipWaiting
 * @property {{origin: string}} location
 */

const worker = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

// A new version takes over at once; there is nothing cached to migrate.
worker.addEventListener('install', () => { worker.skipWaiting(); });
worker.addEventListener('activate', (/** @type {WaitEvent} */ e) => e.waitUntil(worker.clients.claim()));

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
