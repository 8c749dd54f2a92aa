// Browser test of the page thinking in the browser (issue 45, points 3 and
// 5; docs/wasm.md, "The page's thinking"): a short local game's hint,
// analysis (its candidates and ownership map shown) and review come from
// the WebAssembly engine in a worker, and no /analyze or /review request
// reaches the server; a review shows its progress ("n of m"), and Stop or
// a new game ends its worker; an analysis that takes more than a second (its engine's file held
// back) shows "Thinking" with a Stop; and with the engine's files blocked
// the same buttons ask the server, as before. Skipped when the engine is not
// built (web/engine, the wasm preset). Runs against ASTERISM_URL like
// ui.test.mjs; screenshots go to ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';

let browser;
let built = false;

before(async () => {
  // Without the service worker: its cache would answer the engine's files
  // that these tests hold back or block (offline.test.mjs tests it).
  browser = await openContext({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
  built = (await fetch(new URL('/engine/asterism-engine.wasm', url), { method: 'HEAD' })).ok;
});

after(async () => {
  if (browser) await browser.close();
});

async function apiCall(method, route, body) {
  const r = await fetch(new URL(route, url), {
    method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${route}: ${json.error}`);
  return json;
}

// A session with two people's seats and these moves played, opened in a
// page whose requests (the worker's included) are listed in page.asked.
async function openSession(context, spec, moves) {
  const s = (await apiCall('POST', '/api/games', { kind: 'local', game: spec, players: ['human', 'human'] })).state;
  for (const m of moves) await apiCall('POST', `/api/games/${s.id}/move`, { move: m });
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  page.errors = [];
  page.asked = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  context.on('request', (r) => page.asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await page.goto(`${url}#session=${s.id}`);
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id === id, s.id);
  return page;
}

// The texts the review's summary line showed while it ran.
const watchSummary = (page) => page.evaluate(() => {
  window.summaries = [];
  new MutationObserver(() => window.summaries.push(document.querySelector('#review-summary').textContent))
    .observe(document.querySelector('#review-summary'), { childList: true, characterData: true, subtree: true });
});

// Waits up to ten seconds for what the test process itself counts.
async function until(condition) {
  for (let k = 0; k < 100 && !condition(); k++) await new Promise((done) => setTimeout(done, 100));
}

const STAR_MOVES = ['*10', 'T30', 'A61', 'R42', 'S52', '*43'];
const SEARCHES = /^POST \/api\/games\/[^/]+\/(analyze|review)$|^GET \/api\/games\/[^/]+\/review$/;

test('hint, analysis and review of a local game come from the worker', async (t) => {
  if (!built) return t.skip('the engine is not built (cmake --preset wasm && cmake --build --preset wasm)');
  const page = await openSession(browser.context, 'starstar:size=6', STAR_MOVES);

  await page.check('#ownership');
  await page.click('#analyse-now');
  await page.waitForSelector('#candidates[data-ply="6"]:not([hidden]) li');
  await page.waitForSelector('[data-testid="ownership-overlay"] rect');
  await page.waitForSelector('#ownership-legend:not([hidden])');
  assert.match(await page.textContent('#candidates li'), /^\S+ {2}\d+% {2}\(\d+ visits?\)/);
  assert.match(await page.textContent('#expected'), /Expected score .* peries/);
  assert.ok(Number(await page.getAttribute('#graph', 'data-points')) >= 1);

  await page.click('#hint');
  await page.waitForSelector('#board .suggest.hint');
  assert.match(await page.textContent('#message'), /^Hint: \S+ \(drawn on the board\)\.$/);

  await watchSummary(page);
  await page.selectOption('#review-level', '3');
  await page.click('#review');
  await page.waitForSelector('#review-summary:has-text("Reviewed at level 3")');
  const summaries = await page.evaluate(() => window.summaries);
  assert.ok(summaries.some((s) => /^Reviewing: [1-7] of 7 positions/.test(s)), `no progress among ${JSON.stringify(summaries)}`);
  assert.equal(await page.locator('#review-progress').isHidden(), true);
  assert.equal(await page.locator('#review-stop').isHidden(), true);
  await page.screenshot({ path: path.join(shots, 'thinking-worker.png') });

  const engine = page.asked.filter((r) => r.includes('/engine/'));
  assert.ok(engine.includes('GET /engine/asterism-engine.wasm'), `the engine was not loaded: ${JSON.stringify(page.asked)}`);
  assert.deepEqual(page.asked.filter((r) => SEARCHES.test(r)), [], 'a search reached the server');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a review in the worker stops on Stop, and a slow analysis shows its progress and stops', async (t) => {
  if (!built) return t.skip('the engine is not built');
  const page = await openSession(browser.context, 'shatra', []);
  // Each worker the page ends (Playwright sees a terminated worker close).
  let closed = 0;
  page.on('worker', (w) => w.on('close', () => closed++));
  // Ten moves of Shatra, played by the server's level-2 computer.
  for (let k = 0; k < 10; k++) {
    const s = await page.evaluate(() => window.asterism.state);
    const { move } = await apiCall('POST', `/api/games/${s.id}/computer`, { level: 2 });
    assert.ok(move);
  }
  await page.reload();
  await page.waitForFunction(() => window.asterism.state?.ply === 10);
  await watchSummary(page);
  await page.selectOption('#review-level', '7');
  await page.click('#review');
  await page.waitForFunction(() => /^Reviewing: \d+ of 11 positions/.test(document.querySelector('#review-summary').textContent));
  await page.click('#review-stop');
  await page.waitForSelector('#review-summary:has-text("The review was stopped.")');
  assert.equal(await page.isEnabled('#review'), true);
  assert.equal(await page.locator('#review-marks li').count(), 0);
  await until(() => closed >= 1);
  assert.ok(closed >= 1, 'Stop did not end the review\'s worker');

  // A new game ends the review under way, and nothing of it is shown.
  const before = closed;
  await page.click('#review');
  await page.waitForFunction(() => /^Reviewing: \d+ of 11 positions/.test(document.querySelector('#review-summary').textContent));
  const first = await page.evaluate(() => window.asterism.state.id);
  await page.click('#new');
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id !== id, first);
  await page.waitForFunction(() => !document.querySelector('#review').disabled);
  await until(() => closed > before);
  assert.ok(closed > before, 'a new game did not end the review\'s worker');
  assert.equal(await page.textContent('#review-summary'), '');

  // An analysis that takes more than a second (here its engine's file is
  // held back three seconds: the next question starts a fresh worker, which
  // loads it) says it is thinking, with a Stop that ends it, nothing shown.
  await browser.context.route('**/engine/asterism-engine.wasm', async (r) => {
    await new Promise((done) => setTimeout(done, 3000));
    await r.continue();
  });
  await page.click('#analyse-now');
  await page.waitForSelector('#thinking:not([hidden])');
  assert.match(await page.textContent('#thinking-text'), /^Thinking/);
  await page.screenshot({ path: path.join(shots, 'thinking-progress.png') });
  await page.click('#thinking-stop');
  assert.equal(await page.locator('#thinking').isHidden(), true);
  await page.waitForFunction(() => !window.asterism.analysing);
  assert.equal(await page.locator('#candidates li').count(), 0);
  await browser.context.unroute('**/engine/asterism-engine.wasm');
  assert.deepEqual(page.asked.filter((r) => SEARCHES.test(r)), [], 'a search reached the server');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('with the engine blocked, hint, analysis and review ask the server', async () => {
  const blocked = await openContext({ viewport: { width: 1280, height: 1000 } });
  try {
    await blocked.context.route('**/engine/**', (r) => r.abort());
    const page = await openSession(blocked.context, 'starstar:size=6', STAR_MOVES);
    await page.check('#ownership');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/analyze') && r.ok()),
      page.click('#analyse-now'),
    ]);
    await page.waitForSelector('#candidates[data-ply="6"]:not([hidden]) li');
    await page.waitForSelector('[data-testid="ownership-overlay"] rect');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/analyze') && r.ok()),
      page.click('#hint'),
    ]);
    await page.waitForSelector('#board .suggest.hint');
    await page.selectOption('#review-level', '3');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/review') && r.request().method() === 'POST' && r.ok()),
      page.click('#review'),
    ]);
    await page.waitForSelector('#review-summary:has-text("Reviewed at level 3")');
    assert.ok(page.asked.filter((r) => SEARCHES.test(r)).length >= 3);
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await blocked.close();
  }
});
