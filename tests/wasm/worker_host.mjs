// A browser's module worker, as much of one as web/engine-worker.js and
// emscripten's loader use, in a thread of node (tests/wasm/worker_moves.mjs):
// `self` with postMessage and message listeners, importScripts (by which
// the loader knows it is in a worker), location, and fetch of the engine's
// file: address (node's fetch has no file scheme). workerData.url is the
// worker script's file: address.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {((e: {data: unknown}) => void)[]} */
const listeners = [];
globalThis.self = globalThis;
globalThis.importScripts = () => {};
globalThis.location = { href: workerData.url };
globalThis.postMessage = (message) => parentPort.postMessage(message);
globalThis.addEventListener = (type, listener) => {
  if (type === 'message') listeners.push(listener);
};
const networkFetch = globalThis.fetch;
globalThis.fetch = async (address, init) => {
  const url = new URL(String(address));
  if (url.protocol !== 'file:') return networkFetch(address, init);
  return new Response(await readFile(fileURLToPath(url)), { headers: { 'content-type': 'application/wasm' } });
};
parentPort.on('message', (data) => {
  for (const listener of listeners) listener({ data });
});
await import(workerData.url);
parentPort.postMessage({ ready: true });
