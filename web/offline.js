// The site offline (docs/wasm.md, "Offline"): the play and learn pages
// register the service worker (sw.js), which keeps the pages, the engine
// and the lessons for a visit without the server. When a newer version of
// the site's files takes over an open page (the worker's version follows
// the server's files), the page reloads once, so that it never runs
// against an engine or a server of another version.

let reloaded = false;

export function offlineReady() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const before = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker of a browser takes over a page that is already of
    // its version: nothing to reload.
    if (!before || reloaded) return;
    reloaded = true;
    location.reload();
  });
  navigator.serviceWorker.register('sw.js').catch(() => {
    // Without a worker the site works as before, online only.
  });
}

// The version of the files that serve this page, or '' without a worker:
// what the tests and the curious compare with the server's.
/** @returns {Promise<string>} */
export function servedVersion() {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve('');
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(String(e.data));
    worker.postMessage('version', [channel.port2]);
  });
}
