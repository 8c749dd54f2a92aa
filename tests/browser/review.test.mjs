// Browser test of the analysis that shows why (issue 16): the ownership
// overlay on a *Star position, and "Review game" on an Asterisk game in
// which one move throws the win away (the same game as the C++ tests'
// tests/common/blunder_game.h finds): the progress bar, the marks in the
// move list and the review's list, the graph, and clicking a mark to go
// there. Runs against ASTERISM_URL like ui.test.mjs; screenshots go to
// ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { BLUNDER } from './a11y-helpers.mjs';

let context;
let browser;

before(async () => {
  browser = await openContext({ viewport: { width: 1280, height: 1000 } });
  context = browser.context;
  // The server's analysis and review: the browser's own (the engine's
  // files, web/engine/) are thinking.test.mjs's.
  await context.route('**/engine/**', (r) => r.abort());
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

// A session with two people's seats and these moves played, opened in a page.
async function openSession(spec, moves) {
  const s = await apiCall('POST', '/api/sessions', { game: spec, players: ['human', 'human'] });
  for (const m of moves) await apiCall('POST', `/api/sessions/${s.id}/move`, { move: m });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${url}#session=${s.id}`);
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id === id, s.id);
  return page;
}

test('the ownership overlay shades the *Star board', async () => {
  const page = await openSession('starstar:size=6', ['*10', 'T30', 'A61', 'R42', 'S52', '*43']);
  await page.check('#ownership');
  await page.click('#analyse-now');
  await page.waitForSelector('[data-testid="ownership-overlay"] rect');
  const squares = await page.locator('[data-testid="ownership-overlay"] rect').count();
  assert.ok(squares > 10, `only ${squares} cells shaded`);
  assert.match(await page.textContent('#expected'), /Expected score .* peries/);
  await page.screenshot({ path: path.join(shots, 'ownership-starstar.png') });
  // Unticking the box takes the overlay away.
  await page.uncheck('#ownership');
  assert.equal(await page.locator('[data-testid="ownership-overlay"]').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a review marks the move that threw the win away', async () => {
  const page = await openSession(BLUNDER.spec, BLUNDER.moves);
  assert.equal(await page.evaluate(() => window.asterism.state.terminal), true);
  await page.selectOption('#review-level', '5');
  await page.click('#review');
  await page.waitForSelector('#review-marks li.blunder', { timeout: 60000 });
  const blunderPly = BLUNDER.ply + 1;
  const marked = page.locator(`#moves button[data-ply="${blunderPly}"]`);
  assert.equal(await marked.getAttribute('data-mark'), 'blunder');
  const item = page.locator(`#review-marks button[data-ply="${blunderPly}"]`);
  const text = await item.textContent();
  assert.match(text, new RegExp(`^${BLUNDER.moves[BLUNDER.ply]} .*blunder.*better \\S+ \\(win in 1\\)`));
  assert.ok(await page.locator('#graph .mark-dot.blunder').count() >= 1);
  assert.equal(await page.evaluate(() => Number(document.querySelector('#graph').dataset.points)),
    BLUNDER.moves.length + 1);
  assert.match(await page.textContent('#review-summary'), /Reviewed at level 5: .*blunder/);
  await page.screenshot({ path: path.join(shots, 'review-asterisk.png') });
  // Each player's accuracy, one decimal, and count of each mark, by name.
  const review = await page.evaluate(() => window.asterism.review);
  const names = await page.evaluate(() => window.asterism.state.players.map((p) => p.name));
  const rows = page.locator('#review-players li');
  assert.equal(await rows.count(), 2);
  assert.deepEqual(review.players.map((p) => p.name), names);
  for (const [i, p] of review.players.entries()) {
    const row = await rows.nth(i).textContent();
    assert.match(row, new RegExp(`^${names[i]}: Accuracy \\d+\\.\\d% \u00b7 \\d+ inaccurac(y|ies), \\d+ mistakes?, \\d+ blunders?$`));
    assert.ok(row.includes(`Accuracy ${p.accuracy.toFixed(1)}%`), row);
  }
  const blunderer = review.moves.find((m) => m.ply === BLUNDER.ply).mover;
  assert.match(await rows.nth(blunderer).textContent(), /[1-9]\d* blunders?$/);
  // Clicking the mark shows the position after the blunder, with the better
  // move drawn on the board at the cells it has in the position before.
  await item.click();
  await page.waitForFunction((p) => window.asterism.shown.shown_ply === p, blunderPly);
  const best = review.moves.find((m) => m.ply === BLUNDER.ply).best;
  const id = await page.evaluate(() => window.asterism.state.id);
  const before = await apiCall('GET', `/api/sessions/${id}?ply=${BLUNDER.ply}`);
  const cells = before.view.moves.find((m) => m.text.toLowerCase() === best.toLowerCase()).path;
  const drawn = page.locator(`[data-testid="suggestions"] .suggest.better[data-move="${best}"]`);
  await drawn.waitFor();
  assert.equal(await drawn.getAttribute('data-from'), cells[0]);
  assert.equal(await drawn.getAttribute('data-to'), cells[cells.length - 1]);
  assert.equal(await drawn.locator('title').textContent(), `Better move: ${best}`);
  await page.screenshot({ path: path.join(shots, 'review-asterisk-at-blunder.png') });
  // A step back leaves the marked move: its better move is not drawn there.
  await page.click('#back');
  await page.waitForFunction((p) => window.asterism.shown.shown_ply === p, BLUNDER.ply);
  if (!review.moves.find((m) => m.ply === BLUNDER.ply - 1)?.mark) {
    assert.equal(await page.locator('[data-testid="suggestions"] .suggest.better').count(), 0);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
