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
import { api, scriptArgs, startServer, startWorker } from './harness.mjs';

const { nativeBin, webDir } = scriptArgs('worker_moves.mjs');
const serverSeed = 7;
const plies = 20;
// Every game's default form, and the smaller boards people start on.
const games = ['starstar', 'starstar:size=6', 'asterisk', 'asterisk:size=8', 'shatra', 'shatra:rules=original', 'starpool'];
const levels = [3, 6];

let failures = 0;
let compared = 0;
const { server, url } = await startServer(nativeBin, webDir, serverSeed);
const engine = startWorker(webDir);
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
