// The page's side of the engine in the browser (engine-worker.js,
// docs/wasm.md, "The page's thinking"): hints, analyses, reviews and puzzle
// answers are searched by the WebAssembly engine in a Web Worker on the
// visitor's machine when the browser can, and by the server otherwise.
//
// A `thinker` is one line of questions with its own worker: asking it
// again stops the question before (a newer position supersedes an older
// one), as do its stop() and the page leaving (pagehide). The engine searches
// without looking at its messages, so stopping is terminating the worker;
// the next question starts another, which loads the engine again (the
// browser keeps its files cached). Each worker's memory is the engine's own,
// capped by the build at 1 GB (apps/web-engine/CMakeLists.txt; a search
// takes about 350 MB), and a worker idle for IDLE_MS is ended, so that a page
// left open holds no engine's memory.
//
// When the worker cannot be used (no Worker or WebAssembly, the engine's
// files not built or blocked, the module failing to load), `ask` rejects
// with an Unavailable error once, and engineUsable() says false for the rest
// of the page's life: the callers then ask the server, as before.

/** The worker answered that the engine cannot be loaded here. */
export class Unavailable extends Error {}
/** The question was stopped: superseded, stopped by the player, or the page left. */
export class Stopped extends Error {}

let usable = typeof Worker === 'function' && typeof WebAssembly === 'object';

/** Whether questions go to the worker (false once it failed to load). */
export const engineUsable = () => usable;

/** @type {Set<() => void>} every thinker's stop, for the page leaving */
const everyStop = new Set();
addEventListener('pagehide', () => { for (const stop of everyStop) stop(); });

const WORKER_URL = new URL('engine-worker.js', import.meta.url);
// How long a worker with no question is kept for the next one.
const IDLE_MS = 30000;

/**
 * @typedef {{ok: boolean, error?: string, unavailable?: boolean, progress?: unknown,
 *   [field: string]: unknown}} EngineAnswer
 * @typedef {{ask: (question: Record<string, unknown>, onProgress?: (progress: any) => void) => Promise<EngineAnswer>,
 *   stop: () => void, busy: () => boolean}} Thinker
 */

/** @returns {Thinker} */
export function thinker() {
  /** @type {Worker|null} */
  let worker = null;
  /** @type {{reject: (e: Error) => void}|null} */
  let pending = null;
  let nextId = 1;
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let idle;

  // Ends the question under way, if any, and the worker searching it.
  function stop() {
    const was = pending;
    pending = null;
    if (was) {
      worker?.terminate();
      worker = null;
      was.reject(new Stopped('stopped'));
    }
  }
  everyStop.add(stop);

  /** @param {Error} error */
  function failed(error) {
    usable = false;
    worker?.terminate();
    worker = null;
    const was = pending;
    pending = null;
    was?.reject(error);
  }

  /** @param {Record<string, unknown>} question @param {(progress: any) => void} [onProgress] */
  function ask(question, onProgress) {
    stop();
    clearTimeout(idle);
    if (!usable) return Promise.reject(new Unavailable('no engine in this browser'));
    return new Promise((resolve, reject) => {
      if (!worker) {
        /** @type {Worker} */
        let w;
        try {
          w = new Worker(WORKER_URL, { type: 'module' });
        } catch {
          // A browser without module workers may refuse at once.
          usable = false;
          return reject(new Unavailable('no module workers in this browser'));
        }
        // A module worker that cannot load (blocked, no module workers)
        // fails with an error event and no message.
        w.addEventListener('error', (e) => { e.preventDefault(); if (w === worker) failed(new Unavailable('the engine did not load')); });
        worker = w;
      }
      const id = nextId++;
      const w = worker;
      pending = { reject };
      /** @param {MessageEvent} e */
      const listen = (e) => {
        /** @type {EngineAnswer & {id: number}} */
        const m = e.data;
        if (m.id !== id || w !== worker) return;
        if (m.progress !== undefined) return onProgress?.(m.progress);
        w.removeEventListener('message', listen);
        pending = null;
        if (m.unavailable) {
          usable = false;
          w.terminate();
          worker = null;
          return reject(new Unavailable(m.error || 'the engine did not load'));
        }
        // A module that ran out of memory or aborted is not used again.
        if (!m.ok && m.memory) { w.terminate(); worker = null; }
        if (!m.ok) return reject(new Error(m.error || 'the engine failed'));
        resolve(m);
        idle = setTimeout(() => { if (!pending && worker === w) { w.terminate(); worker = null; } }, IDLE_MS);
      };
      w.addEventListener('message', listen);
      w.postMessage({ id, ...question });
    });
  }

  return { ask, stop, busy: () => pending !== null };
}

/**
 * Shows `box` once a question has taken more than a second (a quicker one
 * never flickers it), until `done` settles.
 * @param {HTMLElement} box @param {Promise<unknown>} done
 */
export function showAfterASecond(box, done) {
  const timer = setTimeout(() => { box.hidden = false; }, 1000);
  const end = () => { clearTimeout(timer); box.hidden = true; };
  done.then(end, end);
}
