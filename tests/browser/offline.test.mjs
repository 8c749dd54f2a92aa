// The local game held in the browser and the site offline (issue 45 points
// 4 and 7, issue 43 point 6; docs/wasm.md, "The local game" and "Offline"):
// a page that is not the play page fetches no engine; the play page holds
// its game in the browser under its own address (#local=ID); with the
// browser offline a reload returns to that game, a whole Shatra game is
// played against level 3, the end shows the result, the score, Rematch,
// Review this game and New game, the record is saved; a review of a game
// with no moves is refused; the rules, a puzzle and a lesson never opened
// online are there; a record loaded sets the level it names; back
// online the server's pages answer again. Without the engine (its files
// blocked) the page plays through the server's /api/games as before.
// Runs against ASTERISM_URL like ui.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { url, shots, openContext, ownServer } from './chromium.mjs';

let browser;
let context;
/** Every address the context asked for, in order. */
const asked = [];

before(async () => {
  browser = await openContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  context = browser.context;
  context.on('request', (r) => asked.push(r.url()));
});

after(async () => {
  if (browser) await browser.close();
});

const state = (page, key) => page.evaluate((k) => window.asterism.state && window.asterism.state[k], key);

async function openPlay(page, base = url) {
  await page.goto(new URL('index.html', base).href);
  await page.waitForFunction(() => window.asterism && window.asterism.state && !window.asterism.busy, null, { timeout: 30000 });
}

async function newGame(page, game, seats, level) {
  await page.selectOption('#game', game);
  await page.selectOption('#seat0', seats[0]);
  await page.selectOption('#seat1', seats[1]);
  await page.selectOption('#level', String(level));
  const old = await state(page, 'id');
  await page.click('#new');
  await page.waitForFunction((o) => window.asterism.state && window.asterism.state.id !== o && !window.asterism.busy, old);
}

test('the local game in the browser, offline: a whole Shatra game against level 3', { timeout: 900000 }, async () => {
  // A first visit to a page that is not the play page fetches no engine.
  const rules = await context.newPage();
  await rules.goto(new URL('rules-shatra.html', url).href);
  await rules.waitForLoadState('networkidle');
  assert.deepEqual(asked.filter((a) => a.includes('/engine/')), [], 'the rules page fetched the engine');
  await rules.close();

  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await openPlay(page);
  // The play page holds its game in the browser, at an address of its own.
  const first = await state(page, 'id');
  assert.match(first, /^local-[0-9a-f]{16}$/);
  assert.equal(new URL(page.url()).hash, `#local=${first}`);
  // The service worker takes over and keeps the shell and the engine.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
  const version = await page.evaluate(async () => (await fetch('/sw.js', { cache: 'no-store' }).then((r) => r.text())).match(/asterismVersion = "([0-9a-f]+)"/)[1]);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const engine = await caches.match('/engine/asterism-engine.wasm');
    return { names, engine: !!engine };
  });
  assert.deepEqual(cached.names.filter((n) => n.startsWith('asterism-')), [`asterism-${version}`]);
  assert.equal(cached.engine, true);

  // Offline: the reload returns to the same game, at its address.
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id === id, first, { timeout: 30000 });

  // Review of a game with no moves is refused with a message.
  await newGame(page, 'starstar', ['human', 'human'], 3);
  await page.click('#review');
  assert.match(await page.textContent('#message'), /no moves to review/);

  // A whole Shatra game against level 3: the person's first move by the
  // "Computer move" button, then the computer plays both seats.
  await newGame(page, 'shatra', ['human', 'computer'], 3);
  const game = await state(page, 'id');
  await page.click('#computer');
  await page.waitForFunction(() => window.asterism.state.ply >= 2 && !window.asterism.busy, null, { timeout: 60000 });
  await page.selectOption('#seat0', 'computer');
  await page.waitForFunction(() => window.asterism.state.terminal && !window.asterism.busy, null, { timeout: 600000, polling: 1000 });
  const ply = await state(page, 'ply');
  assert.ok(ply > 10, `${ply} plies`);
  assert.equal(await state(page, 'id'), game);
  // The end: the result, the final score, Rematch, Review, New game.
  assert.equal(await page.isVisible('#game-end'), true);
  assert.match(await page.textContent('#game-end-text'), /Game over/);
  assert.notEqual((await page.textContent('#game-end-score')).trim(), '');
  for (const b of ['#end-rematch', '#end-review', '#end-new']) assert.equal(await page.isVisible(b), true, b);
  await page.screenshot({ path: path.join(shots, 'offline-shatra-end.png') });

  // Review, offline: the engine in the worker reviews it (docs/wasm.md),
  // at the lowest level to keep the test short.
  await page.$eval('#review-level', (s) => { s.value = '2'; s.dispatchEvent(new Event('change')); });
  await page.click('#end-review');
  await page.waitForSelector('#review-summary:has-text("Reviewed at level 2")', { timeout: 600000 });
  assert.match(await page.textContent('#review-summary'), /Reviewed at level 2/);

  // The record, saved offline.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const file = path.join(shots, 'offline-shatra.rec');
  await download.saveAs(file);
  const record = fs.readFileSync(file, 'utf8');
  assert.match(record, /^Game: shatra/m);
  assert.match(record, /^FirstLevel: level:3$/m);

  // Offline too: the rules of a game never opened, every diagram drawn; a
  // puzzle never seen; a lesson's game, moved in.
  const other = await context.newPage();
  await other.goto(new URL('rules-starpool.html', url).href);
  await other.waitForSelector('body[data-diagrams="ready"]', { timeout: 60000 });
  const figures = await other.locator('figure.diagram').count();
  assert.ok(figures >= 3, `${figures} diagrams`);
  assert.equal(await other.locator('figure.diagram[data-ready="true"]').count(), figures);
  await other.goto(new URL('puzzles.html#shatra/7', url).href);
  await other.waitForFunction(() => /^Puzzle 7 of \d+/.test(document.querySelector('#puzzle-title').textContent), null, { timeout: 60000 });
  assert.ok(await other.locator('#board .cells [data-cell]').count() > 30);
  await other.goto(new URL('learn.html#shatra/2', url).href);
  await other.waitForFunction(() => window.asterismLearn && window.asterismLearn.state && !window.asterismLearn.busy, null, { timeout: 60000 });
  assert.match(await other.evaluate(() => window.asterismLearn.state.id), /^local-/);
  await other.close();

  // A reload returns to the finished game.
  await page.reload();
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id === id && window.asterism.state.terminal, game, { timeout: 30000 });
  assert.equal(await page.isVisible('#game-end'), true);

  // Rematch: the same game, the seats swapped; Back returns to the last.
  await page.selectOption('#seat0', 'human');
  await page.waitForFunction(() => window.asterism.state.players[0].seat === 'human');
  await page.click('#end-rematch');
  await page.waitForFunction((id) => window.asterism.state.id !== id, game);
  const rematch = await state(page, 'players');
  assert.deepEqual(rematch.map((p) => p.seat), ['computer', 'human']);
  assert.equal(await state(page, 'game_id'), 'shatra');
  await page.waitForFunction(() => window.asterism.state.ply >= 1 && !window.asterism.busy, null, { timeout: 60000 });
  await page.goBack();
  await page.waitForFunction((id) => window.asterism.state.id === id, game, { timeout: 30000 });

  // A record loaded sets the level it names, whatever the page's level.
  await page.selectOption('#level', '7');
  await page.waitForFunction(() => window.asterism.state.level === 7);
  const before = await state(page, 'id');
  await page.setInputFiles('#load', file);
  await page.waitForFunction((old) => window.asterism.state.id !== old, before);
  assert.equal(await state(page, 'level'), 3);
  assert.equal(await page.inputValue('#level'), '3');

  // Online again: the server's routes answer, and the local game's state
  // is the server's view of the same moves.
  await context.setOffline(false);
  await page.reload();
  await page.waitForFunction(() => window.asterism.state && !window.asterism.busy, null, { timeout: 30000 });
  const local = await page.evaluate(() => window.asterism.state);
  const view = await page.evaluate(async (moves) => (await fetch('/api/view', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'shatra', moves }),
  })).json(), local.history);
  const agreed = local.draw && local.draw.agreed;
  for (const key of ['game', 'game_id', 'title', 'history', 'ply', 'score', 'position', 'move_help', 'review_level', 'view',
    ...(agreed ? [] : ['to_move', 'terminal', 'result', 'outcome'])]) {
    assert.deepEqual(local[key], view[key], key);
  }
  // The record and the PGN the page writes are the server's bytes for the
  // same game (the loaded record's, with the same seats).
  for (const [button, format] of [['#save', 'record'], ['#save-pgn', 'pgn']]) {
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    const mine = fs.readFileSync(await saved.path(), 'utf8');
    const theirs = await page.evaluate(async ([text, players, level, what]) => {
      const call = async (method, route, body) => (await fetch(route, {
        method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
      })).json();
      const s = await call('POST', '/api/games', { kind: 'local', record: text, players, level });
      return (await call('GET', `/api/games/${s.id}/${what}`))[what];
    }, [record, local.players.map((p) => p.player), local.level, format]);
    assert.equal(mine, theirs, format);
  }
  const lobby = await page.evaluate(async () => (await fetch('/api/lobby')).status);
  assert.equal(lobby, 200);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('without the engine, the page plays through the server', async () => {
  const other = await openContext({ viewport: { width: 1280, height: 900 } });
  try {
    await other.context.route('**/engine/**', (r) => r.abort());
    const page = await other.context.newPage();
    const moved = [];
    page.on('request', (r) => { if (/\/api\/games\/[0-9a-f]{32}\/move$/.test(r.url())) moved.push(r.url()); });
    await openPlay(page);
    await newGame(page, 'shatra', ['human', 'human'], 3);
    const id = await state(page, 'id');
    assert.match(id, /^[0-9a-f]{32}$/);
    // The page's own move: the first legal move's cells clicked in order
    // (where a man stands on a cell, the man takes the click).
    const cells = await page.evaluate(() => window.asterism.state.view.moves[0].path);
    for (const cell of cells) {
      const box = await page.locator(`#board .cells [data-cell="${cell}"]`).boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await page.waitForFunction(() => window.asterism.state.ply === 1, null, { timeout: 30000 });
    assert.ok(moved.length >= 1, 'no move went to the server');
    await page.close();
  } finally {
    await other.close();
  }
});

test('a changed file of the site installs a new service worker, and an open page reloads once', async () => {
  // A server of its own: its files are changed below.
  const own = await ownServer();
  const other = await openContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await other.context.newPage();
    await openPlay(page, own.url);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
    // A page opened under the worker, marked so that a reload shows.
    await page.reload();
    await page.waitForFunction(() => window.asterism && window.asterism.state && !window.asterism.busy, null, { timeout: 30000 });
    await page.evaluate(() => { window.unreloaded = true; });
    const versionOf = () => page.evaluate(async () => {
      const names = await caches.keys();
      return names.filter((n) => n.startsWith('asterism-'));
    });
    const before = await versionOf();
    assert.equal(before.length, 1);
    // The server's files change (a new engine, a page edited): their
    // times are in the version the server writes into sw.js.
    const file = path.join(own.web, 'manifest.webmanifest');
    const now = new Date();
    fs.utimesSync(file, now, new Date(now.getTime() + 60000));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r && r.update()));
    await page.waitForFunction(() => !window.unreloaded, null, { timeout: 60000 }).catch(() => {});
    await page.waitForFunction(() => window.asterism && window.asterism.state && !window.asterism.busy, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.unreloaded), undefined, 'the page did not reload');
    const after = await versionOf();
    assert.equal(after.length, 1);
    assert.notDeepEqual(after, before);
    await page.close();
  } finally {
    await other.close();
    own.stop();
  }
});
