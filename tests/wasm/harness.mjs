// What the tests of the page's engine (tests/wasm/*.mjs, ctest wasm_*)
// share: their two arguments (exit 77, skipped, when the WebAssembly engine
// is not built), a native `asterism serve` on a free loopback port, its API,
// and the page's engine worker (web/engine-worker.js) in a node worker
// (worker_host.mjs), asked one question at a time by id.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The test's arguments, NATIVE_ASTERISM and WEB_DIR; exits when they are missing or the engine is not built. */
export function scriptArgs(script) {
  const [nativeBin, webDir] = process.argv.slice(2);
  if (!nativeBin || !webDir) {
    console.error(`usage: node ${script} NATIVE_ASTERISM WEB_DIR`);
    process.exit(2);
  }
  if (!existsSync(join(webDir, 'engine', 'asterism-engine.wasm'))) {
    console.log(`skipped: no WebAssembly engine in ${webDir}/engine (cmake --preset wasm && cmake --build --preset wasm)`);
    process.exit(77);
  }
  return { nativeBin, webDir };
}

/** `asterism serve` without online play on a port of its choosing; resolves to {server, url} once it says where. */
export function startServer(nativeBin, webDir, seed) {
  const server = spawn(nativeBin, ['serve', '--port', '0', '--no-online', '--seed', String(seed), '--web', webDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`asterism serve did not start: ${output}`)), 20000);
    const read = (chunk) => {
      output += chunk;
      const url = output.match(/http:\/\/\S+\//);
      if (url) {
        clearTimeout(timer);
        resolve({ server, url: url[0] });
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`asterism serve ended (${code}): ${output}`)));
  });
}

/** One JSON request to the server; throws on a status that is not 2xx. */
export async function api(base, method, path, body) {
  const response = await fetch(new URL(path, base), { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The engine worker: `ready` once its engine is loaded; `ask(question,
 * steps)` posts the question and resolves to its answer, pushing each
 * progress report onto `steps` meanwhile.
 */
export function startWorker(webDir) {
  const worker = new Worker(new URL('worker_host.mjs', import.meta.url), { workerData: { url: pathToFileURL(join(webDir, 'engine-worker.js')).href } });
  const waiting = new Map();
  const progress = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message) => {
      if (message.ready) return resolve(undefined);
      if (message.progress) return progress.get(message.id)?.push(message.progress);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
      progress.delete(message.id);
    });
  });
  const ask = (question, steps = []) => new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    progress.set(id, steps);
    worker.postMessage({ id, ...question });
  });
  return { worker, ready, ask };
}
