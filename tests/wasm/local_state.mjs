// A local game held by the page's engine answers in exactly the state the
// server's local game answers in (docs/wasm.md, "The local game"; issue 42
// point 2): a native `asterism serve --seed 7` and the worker (in a thread
// of node dressed as a browser's worker, worker_host.mjs) play the same
// local games through the same changes, as web/local-game.js asks the
// worker and as the page asks the server, and every state is compared field
// by field, nested fields too. Two fields are each home's own and only
// their type is compared: `id` (the server's token, the page's "local-"
// id) and `now` (each home's clock).
//
// The seeds: the server gives its n-th local game (from 0) the seed
// (7 | 1) + n, and each search of a game (the computer's turn, its answer
// to a draw offer) takes the game's seed and adds one; the page's kept game
// does the same with its own seed, which the test sets to the server's.
//
// Usage: node local_state.mjs NATIVE_ASTERISM WEB_DIR
// Exit 77 (skipped) when the WebAssembly engine is not built in WEB_DIR/engine.
import { api, scriptArgs, startServer, startWorker as startEngine } from './harness.mjs';

const { nativeBin, webDir } = scriptArgs('local_state.mjs');
const serverSeed = 7;
// The fields whose values are each home's own.
const OWN = new Set(['id', 'now']);

// The worker, whose refusals throw (each question here must be answered).
function startWorker() {
  const engine = startEngine(webDir);
  const ask = async (question) => {
    const answer = await engine.ask(question);
    if (!answer.ok) throw new Error(`worker ${question.op}: ${answer.error}`);
    return answer;
  };
  return { ...engine, ask };
}

/** Every difference between two JSON values, as "path: a != b" lines. */
function differences(a, b, path = '') {
  if (OWN.has(path)) return typeof a === typeof b && a !== '' && b !== '' ? [] : [`${path}: ${JSON.stringify(a)} / ${JSON.stringify(b)}`];
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b))
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${path || '(the state)'}: server ${JSON.stringify(a)}, worker ${JSON.stringify(b)}`];
  const out = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const where = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!(key in a)) out.push(`${where}: only the worker has it`);
    else if (!(key in b)) out.push(`${where}: only the server has it`);
    else out.push(...differences(a[key], b[key], where));
  }
  return out;
}

let failures = 0;
let compared = 0;
let fields = 0;
const countFields = (v) => (v && typeof v === 'object' ? Object.values(v).reduce((n, x) => n + 1 + countFields(x), 0) : 0);

/** @param {string} what @param {object} native @param {object} page */
function same(what, native, page) {
  compared++;
  fields += countFields(native);
  const diff = differences(native, page);
  if (diff.length) {
    failures++;
    console.error(`FAIL: ${what}: ${diff.length} field(s) differ:\n  ${diff.slice(0, 12).join('\n  ')}`);
  }
}

const { server, url } = await startServer(nativeBin, webDir, serverSeed);
const engine = startWorker();
let gameNumber = 0;

// One local game in both homes: `kept` as local-game.js keeps it.
async function newGame(body) {
  const made = await api(url, 'POST', '/api/games', { kind: 'local', ...body });
  const kept = { id: 'local-00000000000000aa', spec: '', position: '', events: [], seed: (serverSeed | 1) + gameNumber++, searches: 0 };
  let page;
  if (body.record !== undefined) {
    const a = await engine.ask({ op: 'change', local_id: kept.id, now: Date.now(), change: { type: 'load', record: body.record, players: body.players } });
    Object.assign(kept, { spec: a.spec, position: a.position, events: a.events });
    page = a.state;
  } else {
    kept.spec = body.game;
    page = await change(kept, { type: 'players', players: body.players, level: body.level ?? 3 });
  }
  return { id: made.id, kept, native: made.state, page, made };
}

const base = (g) => ({ spec: g.spec, position: g.position, events: g.events, local_id: g.id, now: Date.now() });

async function change(kept, asked) {
  const a = await engine.ask({ op: 'change', ...base(kept), seed: kept.seed + kept.searches, change: asked });
  kept.events.push(a.event);
  if (a.event.type === 'turn' || 'answer' in a.event) kept.searches++;
  return a.state;
}

// The same change asked of both homes, and the states compared.
async function both(game, what, method, path, body, asked) {
  const native = await api(url, method, `/api/games/${game.id}${path}`, body);
  const page = await change(game.kept, asked);
  same(`${game.kept.spec} ${what}`, native, page);
  return native;
}

async function get(game, ply) {
  const query = ply === undefined ? '' : `?ply=${ply}`;
  const native = await api(url, 'GET', `/api/games/${game.id}${query}`);
  const page = (await engine.ask({ op: 'game', ...base(game.kept), ...(ply === undefined ? {} : { ply }) })).state;
  same(`${game.kept.spec} GET${query}`, native, page);
}

try {
  await engine.ready;
  for (const spec of ['shatra', 'starstar:size=6', 'asterisk:size=8', 'starpool']) {
    // Against the computer: its reply, browsing, an offer it answers, a
    // takeback to the person's turn, the seats changed.
    const g = await newGame({ game: spec, players: ['human', 'computer'], level: 2 });
    same(`${spec} POST /api/games`, g.native, g.page);
    if (g.made.kind !== 'local' || typeof g.made.id !== 'string') {
      failures++;
      console.error(`FAIL: POST /api/games answered ${JSON.stringify({ ...g.made, state: '...' })}`);
    }
    const first = g.native.view.moves[0].text;
    await both(g, 'move', 'POST', '/move', { move: first }, { type: 'move', move: first });
    await both(g, 'computer', 'POST', '/computer', {}, { type: 'computer' });
    await get(g);
    await get(g, 1);
    await get(g, 0);
    await both(g, 'draw offer to the computer', 'POST', '/draw', { action: 'offer' }, { type: 'draw', action: 'offer' });
    await both(g, 'takeback', 'POST', '/takeback', { to_human: true }, { type: 'undo', to_human: true });
    await both(g, 'players', 'POST', '/players', { players: ['human', 'human'], level: 4 }, { type: 'players', players: ['human', 'human'], level: 4 });
    // Two people at one screen: an offer, accepted: a finished game.
    const now = await api(url, 'GET', `/api/games/${g.id}`);
    const next = now.view.moves[0].text;
    await both(g, 'move', 'POST', '/move', { move: next }, { type: 'move', move: next });
    await both(g, 'draw offer', 'POST', '/draw', { action: 'offer' }, { type: 'draw', action: 'offer' });
    const agreed = await both(g, 'draw accepted', 'POST', '/draw', { action: 'accept' }, { type: 'draw', action: 'accept' });
    if (!agreed.terminal || agreed.termination !== 'agreement' || agreed.status !== 'finished') {
      failures++;
      console.error(`FAIL: ${spec}: an agreed draw should finish the game: ${JSON.stringify({ terminal: agreed.terminal, termination: agreed.termination, status: agreed.status })}`);
    }
    await get(g);
    await get(g, 1);
    // Its record loaded again, in a new game of each home.
    const { record } = await api(url, 'GET', `/api/games/${g.id}/record`);
    const loaded = await newGame({ record, players: ['human', 'human'] });
    same(`${spec} POST /api/games with a record`, loaded.native, loaded.page);
    await get(loaded, 1);
  }
} finally {
  await engine.worker.terminate();
  server.kill();
}
if (failures > 0 || compared === 0) {
  console.error(`${failures} of ${compared} states differ between the worker and the server`);
  process.exit(1);
}
console.log(`the worker's local game answered the server's state ${compared} times out of ${compared} (${fields} fields compared)`);
