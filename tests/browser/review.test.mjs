// Browser test of the analysis that shows why (issue 16): the ownership
// overlay on a *Star position, and "Review game" on an Asterisk game in
// which one move throws the win away (the same game as the C++ tests'
// tests/common/blunder_game.h finds): the progress bar, the marks in the
// move list and the review's list, the graph, and clicking a mark to go
// there. Runs against ASTERISM_URL like ui.test.mjs; screenshots go to
// ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { BLUNDER, ratio } from './a11y-helpers.mjs';

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

// A session with two people's seats and these moves played, opened in a
// page (of `where`, a context of its own, or the test's, without the engine).
async function openSession(spec, moves, where = context) {
  const s = (await apiCall('POST', '/api/games', { kind: 'local', game: spec, players: ['human', 'human'] })).state;
  for (const m of moves) await apiCall('POST', `/api/games/${s.id}/move`, { move: m });
  const page = await where.newPage();
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

// The review's level is the form's (docs/review.md, "A review's level per
// form"): 7 on *Star's 8-ring board, 5 on the small one; a level the
// player chose stays while the game is the same.
test('the review level is the form\'s, and a level chosen stays', async () => {
  const page = await openSession('starstar:size=8', ['*10', 'S21']);
  assert.equal(await page.inputValue('#review-level'), '7');
  await page.selectOption('#review-level', '4');
  await page.click('#back');
  await page.waitForFunction(() => window.asterism.shown.ply === 1);
  assert.equal(await page.inputValue('#review-level'), '4');
  assert.deepEqual(page.errors, []);
  await page.close();
  const small = await openSession('starstar:size=6', ['*10']);
  assert.equal(await small.inputValue('#review-level'), '5');
  await small.close();
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
  await playersAndBetter(page, item, 'review-asterisk-at-blunder.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A game lost by the random side early (Star Pool Chess, the random side
// against level 7; tests/data/review/random): its later moves, each losing a
// few points of an expected score already small, are marked where they cut
// the mover's chances threefold or more, and the list says so in words.
test('a review says which moves threw away what a lost position had left', async () => {
  const record = fs.readFileSync(new URL('../data/review/random/starpool-random-vs-level7.rec', import.meta.url), 'utf8');
  const moves = [...record.matchAll(/^\d+\. (\S+)$/gm)].map((m) => m[1]);
  assert.ok(moves.length > 50, `${moves.length} moves read`);
  const page = await openSession('starpool', moves);
  await page.selectOption('#review-level', '5');
  await page.click('#review');
  await page.waitForFunction(() => window.asterism.review && window.asterism.review.players, null, { timeout: 60000 });
  const review = await page.evaluate(() => window.asterism.review);
  const cut = review.moves.filter((m) => m.odds_cut);
  assert.ok(cut.length >= 1, 'no move cut the chances of a lost position');
  for (const m of cut) {
    assert.ok(m.mark, `${m.move} is marked`);
    const text = await page.locator(`#review-marks button[data-ply="${m.ply + 1}"]`).textContent();
    assert.ok(text.endsWith(`(in a lost position: its chances fell ${m.odds_cut}-fold)`), text);
    // Such a move often loses under a point: the list says so, not "0 points".
    const points = Math.floor(100 * m.loss + 1e-6);
    assert.ok(text.includes(points ? `, ${points} points lost;` : ', under a point lost;'), text);
  }
  await page.locator('#review-marks').screenshot({ path: path.join(shots, 'review-odds-cut.png') });
  await marksContrast(page);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Runs in the page: each review mark's text colour (the move list's ?!, ?
// and ?? and the review's list) and the first opaque background behind it,
// as [what, [r, g, b], [r, g, b]].
function markColours() {
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
  const opaque = (s) => { const m = s.match(/[\d.]+/g); return m && (m.length < 4 || Number(m[3]) === 1); };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (opaque(bg)) return rgb(bg);
    }
    return rgb(getComputedStyle(document.documentElement).backgroundColor);
  };
  const out = [];
  for (const b of document.querySelectorAll('#moves button.move[data-mark]'))
    out.push([`${b.textContent} ${b.className}`, rgb(getComputedStyle(b, '::after').color), behind(b)]);
  for (const li of document.querySelectorAll('#review-marks li'))
    out.push([`list ${li.className}`, rgb(getComputedStyle(li).color), behind(li)]);
  return out;
}

// The marks read at 4.5:1 in both themes, the current move's (its own
// highlighted background) too: the marked moves are stepped to in turn.
async function marksContrast(page) {
  const kinds = new Set();
  for (const theme of ['light', 'dark']) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme-toggle');
    const plies = await page.$$eval('#moves button.move[data-mark]', (bs) => bs.map((b) => b.dataset.ply));
    for (const p of plies.slice(0, 6)) {
      await page.click(`#moves button.move[data-ply="${p}"]`);
      for (const [what, fg, bg] of await page.evaluate(markColours)) {
        kinds.add(['inaccuracy', 'mistake', 'blunder'].find((k) => what.includes(k)));
        const r = ratio(fg, bg);
        assert.ok(r >= 4.5, `${theme}: the mark of ${what} has ${r.toFixed(2)}:1 (${fg} on ${bg})`);
      }
    }
  }
  await page.locator('#moves').screenshot({ path: path.join(shots, 'review-marks-dark.png') });
  assert.ok(kinds.size >= 2, `marks of kinds ${[...kinds]} measured`);
  await page.click('#theme-toggle');
}

// The swap not taken (issue 43): the review's better move is the pie
// rule's swap, which has no cell to draw, so the list says it in words.
test('a review names the swap not taken in words', async () => {
  const record = fs.readFileSync(new URL('../data/review/random/asterisk8-level7-vs-random.rec', import.meta.url), 'utf8');
  const spec = /^Game: (\S+)$/m.exec(record)?.[1];
  const moves = [...record.matchAll(/^\d+\. (\S+)$/gm)].map((m) => m[1]);
  assert.ok(spec && moves.length >= 4, `${spec}: ${moves.length} moves read`);
  const page = await openSession(spec, moves);
  await page.selectOption('#review-level', '5');
  await page.click('#review');
  await page.waitForFunction(() => window.asterism.review && window.asterism.review.players, null, { timeout: 60000 });
  const review = await page.evaluate(() => window.asterism.review);
  const m = review.moves[3];
  assert.equal(m.best, 'swap', JSON.stringify(m));
  const text = await page.locator('#review-marks button[data-ply="4"]').textContent();
  assert.match(text, /^dca@d6 \(.+\): blunder, \d+ points lost; better the swap \(to take over the opening as your own\) \(the move that lost the game\)$/);
  await page.locator('#review-marks').screenshot({ path: path.join(shots, 'review-swap.png') });
  // On the position after it, the board has no cell to mark: the words
  // stand beside it, where the special moves' buttons are.
  await page.click('#review-marks button[data-ply="4"]');
  await page.waitForSelector('#specials .better-words');
  assert.equal(await page.locator('#specials .better-words').textContent(),
    '! Better move: the swap (to take over the opening as your own)');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The review of BLUNDER on `page`, done: each player's accuracy and marks,
// and the better move of the blunder (`item` its entry in the review's
// list) drawn on the board when it is selected or stepped to.
async function playersAndBetter(page, item, shot) {
  const blunderPly = BLUNDER.ply + 1;
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
  await page.waitForFunction((p) => window.asterism.shown.ply === p, blunderPly);
  const best = review.moves.find((m) => m.ply === BLUNDER.ply).best;
  const id = await page.evaluate(() => window.asterism.state.id);
  const before = await apiCall('GET', `/api/games/${id}?ply=${BLUNDER.ply}`);
  const cells = before.view.moves.find((m) => m.text.toLowerCase() === best.toLowerCase()).path;
  const drawn = page.locator(`[data-testid="suggestions"] .suggest.better[data-move="${best}"]`);
  await drawn.waitFor();
  assert.equal(await drawn.getAttribute('data-from'), cells[0]);
  assert.equal(await drawn.getAttribute('data-to'), cells[cells.length - 1]);
  assert.equal(await drawn.locator('title').textContent(), `Better move: ${best}`);
  await page.screenshot({ path: path.join(shots, shot) });
  // A step back leaves the marked move: its better move is not drawn there.
  await page.click('#back');
  await page.waitForFunction((p) => window.asterism.shown.ply === p, BLUNDER.ply);
  if (!review.moves.find((m) => m.ply === BLUNDER.ply - 1)?.mark) {
    assert.equal(await page.locator('[data-testid="suggestions"] .suggest.better').count(), 0);
  }
  // Stepping to the marked move draws its better move again.
  await page.click('#forward');
  await page.waitForFunction((p) => window.asterism.shown.ply === p, blunderPly);
  await drawn.waitFor();
  assert.equal(await drawn.getAttribute('data-from'), cells[0]);
}

test('a review in the browser\'s worker shows the same accuracy and better move', async (t) => {
  const own = await openContext({ viewport: { width: 1280, height: 1000 } });
  try {
    const built = (await fetch(new URL('/engine/asterism-engine.wasm', url), { method: 'HEAD' })).ok;
    if (!built) return t.skip('the engine is not built (cmake --preset wasm && cmake --build --preset wasm)');
    const asked = [];
    own.context.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const page = await openSession(BLUNDER.spec, BLUNDER.moves, own.context);
    await page.selectOption('#review-level', '5');
    await page.click('#review');
    await page.waitForSelector('#review-marks li.blunder', { timeout: 120000 });
    assert.deepEqual(asked.filter((r) => /\/review$/.test(r)), [], 'the review reached the server');
    assert.ok(asked.includes('GET /engine/asterism-engine.wasm'), 'the engine was not loaded');
    const item = page.locator(`#review-marks button[data-ply="${BLUNDER.ply + 1}"]`);
    await playersAndBetter(page, item, 'review-asterisk-worker-at-blunder.png');
    // The server's review of the same game at the same level is the same,
    // move by move: both take seed 1 (docs/server.md).
    const mine = await page.evaluate(() => window.asterism.review);
    const id = await page.evaluate(() => window.asterism.state.id);
    let theirs = await apiCall('POST', `/api/games/${id}/review`, { level: 5 });
    for (let k = 0; k < 600 && (theirs.status === 'queued' || theirs.status === 'running'); k++) {
      await new Promise((done) => setTimeout(done, 100));
      theirs = await apiCall('GET', `/api/games/${id}/review`);
    }
    assert.equal(theirs.status, 'done', JSON.stringify(theirs).slice(0, 200));
    assert.deepEqual(theirs.moves, mine.moves);
    assert.deepEqual(theirs.winrate_first, mine.winrate_first);
    assert.deepEqual(page.errors, []);
  } finally {
    await own.close();
  }
});
