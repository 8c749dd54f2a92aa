// A local game held in the browser (docs/wasm.md, "The local game"): when
// the browser has WebAssembly, a game against the computer or two at one
// screen, and a lesson, live in this page and its engine (engine-worker.js)
// rather than on the server, as lichess's local play does. localGames(api)
// returns an Api (shared.js) that answers the routes of /api/games for such
// games (POST /api/games with kind "local", and /api/games/ID/...) with the
// very state the server sends (the engine writes it with the server's own
// function: apps/web-engine/local_game.cpp, table/table_json.h), so that
// the pages cannot tell which holds a game; every other route, and every
// route when the engine cannot load, goes to the server.
//
// A game is its creation (spec, start position, seed) and the list of its
// events in the server's shapes, kept in localStorage under its id
// ("local-" and 16 hex digits), so that a reload, or the page's address
// #local=ID, finds it again, finished or not. The engine replays the events
// at every question: it keeps nothing between them.
import { serverError } from './server-errors.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./shared.js').Api} Api */
/**
 * A local game as kept: what the engine replays.
 * @typedef {{id: string, spec: string, position: string, events: Record<string, unknown>[],
 *   seed: number, searches: number, updated: number, twin?: string}} KeptGame
 * @typedef {{ok: boolean, error?: string} & Record<string, any>} EngineAnswer
 */

const PREFIX = 'asterism-local:';
// The games a browser keeps: the oldest beyond these go when one is saved.
const KEPT_GAMES = 30;

/** @param {string} id */
export const isLocalId = (id) => /^local-[0-9a-f]{16}$/.test(id || '');

// Whether this browser can hold games itself: WebAssembly and module
// workers, unless the address asks for the server's games (?engine=server,
// which the tests of the fallback use).
const capable = () => typeof WebAssembly === 'object' && typeof Worker === 'function' &&
  new URLSearchParams(location.search).get('engine') !== 'server';

/** @returns {string} */
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `local-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** @param {string} id @returns {KeptGame|null} */
export function keptGame(id) {
  try {
    const text = localStorage.getItem(PREFIX + id);
    return text ? /** @type {KeptGame} */ (JSON.parse(text)) : null;
  } catch (e) {
    return null;
  }
}

/** @param {KeptGame} g */
function keep(g) {
  g.updated = Date.now();
  /** @type {{key: string, updated: number}[]} */
  const all = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PREFIX) || key === PREFIX + g.id) continue;
    try {
      all.push({ key, updated: JSON.parse(localStorage.getItem(key) || '{}').updated || 0 });
    } catch (e) {
      all.push({ key, updated: 0 });
    }
  }
  all.sort((a, b) => b.updated - a.updated);
  for (const old of all.slice(KEPT_GAMES - 1)) localStorage.removeItem(old.key);
  localStorage.setItem(PREFIX + g.id, JSON.stringify(g));
}

// ---- the engine's worker ----------------------------------------------------

// What a search stopped by stop() fails with: no news for the page, which
// has moved on.
export const STOPPED = 'the engine was stopped';

/**
 * One worker for the page's questions, started when the first comes. stop()
 * ends it and the searches it was making (a new game, the page leaving):
 * they fail with STOPPED, and the other questions waiting are asked again
 * of a new worker.
 */
function engineClient() {
  /** @type {Worker|null} */
  let worker = null;
  let next = 1;
  /**
   * @typedef {{request: Record<string, unknown>, thinking: boolean,
   *   resolve: (a: EngineAnswer) => void, reject: (e: Error) => void}} Question
   * @type {Map<number, Question>}
   */
  const pending = new Map();

  /** @param {string} why */
  function failAll(why) {
    for (const p of pending.values()) p.reject(new Error(why));
    pending.clear();
  }

  function start() {
    const w = new Worker(new URL('engine-worker.js', import.meta.url), { type: 'module' });
    w.addEventListener('message', (e) => {
      const answer = e.data || {};
      if (answer.progress) return;
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      p.resolve(answer);
    });
    w.addEventListener('error', () => {
      if (worker === w) worker = null;
      w.terminate();
      failAll('the engine failed');
    });
    return w;
  }

  function stop() {
    if (!worker) return;
    worker.terminate();
    worker = null;
    for (const [id, p] of pending) {
      if (!p.thinking) continue;
      pending.delete(id);
      p.reject(new Error(STOPPED));
    }
    if (!pending.size) return;
    const w = worker = start();
    for (const [id, p] of pending) w.postMessage({ id, ...p.request });
  }

  /** @param {Record<string, unknown>} request @param {boolean} thinking  a search, stopped by stop() */
  function ask(request, thinking) {
    if (!worker) worker = start();
    const id = next++;
    const w = worker;
    return new Promise((resolve, reject) => {
      pending.set(id, { request, thinking, resolve, reject });
      w.postMessage({ id, ...request });
    });
  }

  return { ask, stop, busy: () => [...pending.values()].some((p) => p.thinking) };
}

// ---- diagrams ----------------------------------------------------------------

/** @type {ReturnType<typeof engineClient>|null} */
let drawer = null;

/**
 * The state of POST /api/view, drawn by the browser's engine: what a
 * diagram of the rules pages, a lesson or a puzzle shows when the server
 * cannot be reached (diagram.js). Throws when the engine cannot load.
 * @param {string} spec @param {string} position @param {string[]} moves
 * @returns {Promise<TableState>}
 */
export async function viewInBrowser(spec, position, moves) {
  if (!capable()) throw new Error(t('an.engine-failed'));
  if (!drawer) drawer = engineClient();
  const a = await drawer.ask({ op: 'view', spec, position, moves }, false);
  if (!a.ok) throw new Error(a.code ? serverError(a) : a.error || t('an.engine-failed'));
  return /** @type {TableState} */ (a.state);
}

// ---- the routes -------------------------------------------------------------

/**
 * The spec a new game's body names (server/json_args.cpp, spec_from).
 * @param {{game?: string, options?: Record<string, unknown>}} body
 */
function specOf(body) {
  const spec = body.game || '';
  const extra = Object.entries(body.options || {}).map(([k, v]) => `${k}=${v}`).join(',');
  if (!extra) return spec;
  return spec + (spec.includes(':') ? ',' : ':') + extra;
}

/**
 * The Api of local games over the server's `server`.
 * @param {Api} server
 * @returns {{api: Api, available: () => Promise<boolean>, stop: () => void}}
 */
export function localGames(server) {
  const engine = engineClient();
  /** The changes to local games, in order. @type {Promise<unknown>} */
  let changes = Promise.resolve();
  /** @type {Promise<boolean>|null} */
  let probe = null;

  // Whether the engine loads here: asked once, by a question it answers
  // without thinking. A page that never starts a game never asks.
  function available() {
    if (!probe) {
      probe = !capable() ? Promise.resolve(false) :
        engine.ask({ op: 'games' }, false).then((a) => !!a.ok, () => false);
    }
    return probe;
  }

  /** @param {Record<string, unknown>} request @param {boolean} [thinking]  a search */
  async function ask(request, thinking = false) {
    const a = await engine.ask(request, thinking);
    if (!a.ok) throw new Error(a.code ? serverError(a) : a.error || t('an.engine-failed'));
    return a;
  }

  /** @param {KeptGame} g */
  // The worker keeps `id` for its own question: the game's is `local_id`.
  // `now` is the state's time, which the engine does not read itself.
  const base = (g) => ({ spec: g.spec, position: g.position, events: g.events, local_id: g.id, now: Date.now() });

  /** @param {KeptGame} g @param {Record<string, unknown>} asked @param {boolean} [searches] */
  async function change(g, asked, searches = false) {
    const seed = g.seed + g.searches;
    const a = await ask({ op: 'change', ...base(g), seed, change: asked }, searches);
    // A game changed meanwhile (another tab, an undo while it thought) is
    // read again, so that an event is never appended to another history.
    const now = keptGame(g.id);
    if (now && now.events.length !== g.events.length) throw new Error(serverError({ code: 'game.changed.ask', error: 'the game changed while the computer was thinking; ask again' }));
    g.events.push(a.event);
    // A seed is used, as the server's, by the computer's turn and by its
    // answer to a draw offer, not by a person's draw action.
    if (searches && (a.event.type === 'turn' || 'answer' in a.event)) g.searches += 1;
    keep(g);
    return /** @type {GameState} */ (a.state);
  }

  // POST /api/games's answer for a local game: its id and state.
  /** @param {GameState} state */
  const created = (state) => ({ id: state.id, kind: 'local', state });

  /** @param {Record<string, any>} body @param {KeptGame} g */
  async function create(body, g) {
    const players = body.players ?? ['human', 'computer'];
    return created(await change(g, { type: 'players', players, level: body.level ?? 3 }));
  }

  /** @returns {KeptGame} */
  const fresh = () => ({ id: newId(), spec: '', position: '', events: [], seed: 1 + Math.floor(Math.random() * 2 ** 30), searches: 0, updated: 0 });

  /** @param {Record<string, any>} body */
  async function load(body) {
    const g = fresh();
    /** @type {Record<string, unknown>} */
    const asked = { type: 'load', record: body.record, players: body.players };
    if (body.level !== undefined) asked.level = body.level;
    const a = await ask({ op: 'change', local_id: g.id, now: Date.now(), change: asked });
    Object.assign(g, { spec: a.spec, position: a.position, events: a.events });
    keep(g);
    return created(/** @type {GameState} */ (a.state));
  }

  /** @param {KeptGame} g @param {GameState} s @param {Record<string, any>} body */
  async function analyse(g, s, body) {
    const ply = body.ply ?? s.ply;
    const shown = /** @type {GameState} */ ((await ask({ op: 'game', ...base(g), ply })).state);
    const a = await ask({
      op: 'analyse', spec: g.spec, position: g.position, moves: s.history.slice(0, ply),
      level: body.level ?? s.level, effort: body.playouts || 0, seed: g.seed + g.searches, ownership: !!body.ownership,
    }, true);
    const mover = shown.to_move;
    /** @type {any[]} */
    const candidates = a.candidates.map((/** @type {any} */ c) => {
      /** @type {Record<string, unknown>} */
      const out = { move: c.move, visits: c.visits, winrate: c.winrate, pv: c.pv };
      if (c.proven) Object.assign(out, { proven: c.proven > 0 ? 'win' : 'loss', proven_plies: c.proven_plies });
      return out;
    });
    /** @type {Record<string, unknown>} */
    const out = { ply, to_move: mover, candidates, playouts: a.effort, unit: a.unit, seconds: a.seconds, level: body.level ?? s.level };
    if (candidates.length) {
      const w = candidates[0].winrate;
      out.winrate_first = s.players.length > 1 && mover === 1 ? 1 - w : w;
      if (a.candidates[0].proven_text) out.proven = a.candidates[0].proven_text;
    }
    if (a.ownership) out.ownership = a.ownership;
    return out;
  }

  // A review is the server's until the worker has one: the game goes to
  // the server as a record once (its "twin"), and the review of the twin
  // answers. Offline, the server's refusal is the answer.
  /** @param {KeptGame} g @param {GameState} s @param {string} method @param {unknown} body */
  async function review(g, s, method, body) {
    if (method === 'POST' && s.ply === 0) throw new Error(serverError({ code: 'rv.noMoves', error: 'nothing to review: the game has no moves yet' }));
    if (method === 'POST') {
      const r = await ask({ op: 'record', ...base(g), format: 'record' });
      const twin = /** @type {import('./types.js').CreatedLocalGame} */ (await server('POST', '/api/games', { kind: 'local', record: r.record, players: ['human', 'human'] }));
      g.twin = twin.id;
      keep(g);
    }
    if (!g.twin) throw new Error(serverError({ code: 'rv.none', error: 'no review of this game has been asked for' }));
    return server(method, `/api/games/${g.twin}/review`, body);
  }

  /**
   * One of a local game's routes.
   * @param {KeptGame} g @param {string} method @param {string} what @param {URLSearchParams} query @param {any} body
   */
  async function route(g, method, what, query, body) {
    if (what === '' && method === 'GET') {
      const ply = query.get('ply');
      return (await ask({ op: 'game', ...base(g), ...(ply !== null ? { ply: Number(ply) } : {}) })).state;
    }
    if (what === '' && method === 'DELETE') {
      localStorage.removeItem(PREFIX + g.id);
      return { deleted: g.id };
    }
    if (what === 'move') return change(g, { type: 'move', move: body?.move ?? '' });
    if (what === 'takeback') return change(g, { type: 'undo', ...(body || {}) });
    if (what === 'players') return change(g, { type: 'players', ...(body || {}) });
    if (what === 'computer') return change(g, { type: 'computer', ...(body || {}) }, true);
    if (what === 'draw') return change(g, { type: 'draw', ...(body || {}) }, true);
    if (what === 'record' || what === 'pgn') return ask({ op: 'record', ...base(g), format: what });
    const s = /** @type {GameState} */ ((await ask({ op: 'game', ...base(g) })).state);
    if (what === 'analyze') return analyse(g, s, body || {});
    if (what === 'review') return review(g, s, method, body);
    throw new Error(serverError({ code: 'request.noPage', params: { path: `/api/games/${g.id}/${what}` }, error: `no such page: /api/games/${g.id}/${what}` }));
  }

  /** @type {Api} */
  async function api(method, path, body, secret) {
    const [where, search] = path.split('?');
    const query = new URLSearchParams(search || '');
    const parts = where.split('/');  // '', 'api', 'games', ID, what
    if (parts[2] === 'games' && isLocalId(parts[3])) {
      const id = parts[3];
      const read = async () => {
        const g = keptGame(id);
        if (!g) throw new Error(serverError({ code: 'game.gone', params: { id }, error: `no game '${id}' (it may have ended long ago; start a new one)` }));
        if (!(await available())) throw new Error(t('an.engine-failed'));
        return route(g, method, parts[4] || '', query, body);
      };
      if (method !== 'POST') return read();
      // Changes are made one after another, each to the game as the last
      // left it, as the server makes them under the game's lock.
      const run = changes.then(read);
      changes = run.catch(() => {});
      return run;
    }
    const b = /** @type {Record<string, any>} */ (body || {});
    const newLocal = where === '/api/games' && b.kind === 'local';
    if (method === 'POST' && (newLocal || where === '/api/view') && await available()) {
      if (where === '/api/view') return (await ask({ op: 'view', spec: specOf(b), position: b.position || '', moves: b.moves || [] })).state;
      if (b.record !== undefined) return load(b);
      const g = fresh();
      g.spec = specOf(b);
      g.position = b.position || '';
      // A new game stops whatever the engine was thinking for the last.
      if (engine.busy()) engine.stop();
      return create(b, g);
    }
    return server(method, path, body, secret);
  }

  return { api, available, stop: engine.stop };
}
