// The page's engine worker (web/engine-worker.js, docs/wasm.md) plays the
// moves the native server's computer plays (issue 45, point 3's first
// slice): a native `asterism serve --seed 7` and the worker, in a thread
// of node dressed as a browser's worker (worker_host.mjs), each play the
// same plies of each game at levels 3 and 6 with the same seeds, and every
// move must be the same.
//
// The seeds: the server gives its n-th local game (from 0) the seed
// (7 | 1) + n, and each computer move of a game takes its game's seed and
// adds one (server/games/local.cpp, api_searches.cpp). The test makes one
// game per game and level, in order, with two human seats so that the
// computer moves only when asked (POST /api/games/:id/computer), and
// asks the worker with the seed the server used.
//
// Usage: node worker_moves.mjs NATIVE_ASTERISM WEB_DIR
// Exit 77 (skipped) when the WebAssembly engine is not built in WEB_DIR/engine.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const [nativeBin, webDir] = process.argv.slice(2);
if (!nativeBin || !webDir) {
  console.error('usage: node worker_moves.mjs NATIVE_ASTERISM WEB_DIR');
  process.exit(2);
}
if (!existsSync(join(webDir, 'engine', 'asterism-engine.wasm'))) {
  console.log(`skipped: no WebAssembly engine in ${webDir}/engine (cmake --preset wasm && cmake --build --preset wasm)`);
  process.exit(77);
}

const serverSeed = 7;
const plies = 20;
// Every game's default form, and the smaller boards people start on.
const games = ['starstar', 'starstar:size=6', 'asterisk', 'asterisk:size=8', 'shatra', 'shatra:rules=original', 'starpool'];
const levels = [3, 6];

function startServer() {
  const server = spawn(nativeBin, ['serve', '--port', '0', '--no-online', '--seed', String(serverSeed), '--web', webDir], { stdio: ['ignore', 'pipe', 'pipe'] });
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

async function api(base, method, path, body) {
  const response = await fetch(new URL(path, base), { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function startWorker() {
  const worker = new Worker(new URL('worker_host.mjs', import.meta.url), { workerData: { url: pathToFileURL(join(webDir, 'engine-worker.js')).href } });
  const waiting = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message) => {
      if (message.ready) return resolve(undefined);
      if (message.progress) return;
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    });
  });
  const ask = (question) => new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ id, ...question });
  });
  return { worker, ready, ask };
}

let failures = 0;
let compared = 0;
const { server, url } = await startServer();
const engine = startWorker();
try {
  await engine.ready;
  let gameNumber = 0;
  for (const spec of games) {
    for (const level of levels) {
      const made = await api(url, 'POST', '/api/games', { kind: 'local', game: spec, players: ['human', 'human'] });
      let seed = (serverSeed | 1) + gameNumber++;
      const moves = [];
      for (let ply = 0; ply < plies; ply++) {
        const state = await engine.ask({ op: 'state', spec, moves });
        if (!state.ok || state.terminal) break;
        const answer = await engine.ask({ spec, moves, level, seed });
        const native = await api(url, 'POST', `/api/games/${made.id}/computer`, { level });
        compared++;
        if (!answer.ok || answer.move !== native.move) {
          failures++;
          console.error(`FAIL: ${spec} level ${level} seed ${seed} after [${moves.join(' ')}]: server ${native.move}, worker ${answer.move ?? answer.error}`);
          break;
        }
        moves.push(native.move);
        seed++;
      }
      console.log(`${spec} level ${level}: ${moves.length} moves the same: ${moves.slice(0, 6).join(' ')} ...`);
    }
  }
  const bad = await engine.ask({ spec: 'shatra', moves: ['zz9'], level: 3, seed: 1 });
  // Its code and parameters too, as the server sends them (core/errors.h):
  // the page translates the reason inside by its code.
  if (bad.ok || !/move 1 'zz9'/.test(bad.error) || bad.code !== 'rec.move' || !/^move\./.test(bad.params?.why?.code)) {
    failures++;
    console.error(`FAIL: a bad move should be a one-line error naming it, got ${JSON.stringify(bad)}`);
  }
} finally {
  await engine.worker.terminate();
  server.kill();
}
if (failures > 0 || compared === 0) {
  console.error(`${failures} move(s) differ between the worker and the server (${compared} compared)`);
  process.exit(1);
}
console.log(`the worker played the server's move ${compared} times out of ${compared}`);
