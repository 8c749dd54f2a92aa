// Browser tests of analysis where a player wants it (issue 27, point 2):
// "Analyse now" on a position browsed back to (move 0 and a finished game's
// move 31), the best moves drawn on the board (rings on a placement game's
// cells, arrows on a chess-like's, the best stronger than the next two, gone
// when the position changes), "Analyse" on an archived online game opening
// the game at that move on the local page, analysed; the Hint button; the
// ownership map's legend and its colours' contrast in both themes. Runs
// against ASTERISM_URL like ui.test.mjs; screenshots go to ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { ratio, BLUNDER } from './a11y-helpers.mjs';

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

async function apiCall(method, route, body, secret) {
  const headers = { 'Content-Type': 'application/json' };
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const r = await fetch(new URL(route, url), { method, headers, body: body && JSON.stringify(body) });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${route}: ${json.error}`);
  return json;
}

async function newPage(address) {
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(address, url).href);
  return page;
}

// A local session with these seats and moves played, opened in a page.
async function openSession(spec, moves, players = ['human', 'human']) {
  const s = (await apiCall('POST', '/api/games', { kind: 'local', game: spec, players })).state;
  for (const m of moves) await apiCall('POST', `/api/games/${s.id}/move`, { move: m });
  const page = await newPage(`#session=${s.id}`);
  await page.waitForFunction((id) => window.asterism.state && window.asterism.state.id === id, s.id);
  return page;
}

// Presses "Analyse now" and waits for the analysis of the position shown;
// returns the request's body and the reply.
async function analyseNow(page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/analyze')),
    page.click('#analyse-now'),
  ]);
  const ply = await page.evaluate(() => window.asterism.position.ply);
  await page.waitForSelector(`#candidates[data-ply="${ply}"]:not([hidden])`);
  return { asked: JSON.parse(response.request().postData()), reply: await response.json() };
}

// What the board draws of the suggested moves, best first.
const drawn = (page) => page.evaluate(() => [...document.querySelectorAll('#board .suggest')]
  .map((g) => {
    const line = g.querySelector('.shaft, .ring');
    return {
      move: g.dataset.move, rank: Number(g.dataset.rank), from: g.dataset.from, to: g.dataset.to,
      hint: g.classList.contains('hint'), ring: !!g.querySelector('circle.ring'),
      arrow: !!g.querySelector('polyline.shaft') && !!g.querySelector('polygon.head'),
      width: parseFloat(getComputedStyle(line).strokeWidth), opacity: Number(getComputedStyle(g).opacity),
    };
  }).sort((a, b) => a.rank - b.rank));

// The path of a move of the position on screen.
const pathOf = (page, text) => page.evaluate((t) => window.asterism.position.view.moves
  .find((m) => m.text === t).path, text);

async function browseTo(page, ply) {
  if (ply === 0) await page.click('[data-testid="nav-first"]');
  else await page.click(`#moves button[data-ply="${ply}"]`);
  await page.waitForFunction((p) => window.asterism.shown.ply === p, ply);
}

test('Analyse analyses the position browsed back to and rings its best cells', async () => {
  const page = await openSession(BLUNDER.spec, BLUNDER.moves);
  // The game is over: its last position has nothing to analyse, and says so.
  await page.click('#analyse-now');
  await page.waitForSelector('#message:has-text("nothing to analyse")');
  assert.equal(await page.locator('#board .suggest').count(), 0);

  // Move 0: the start is analysed, not the game's end.
  await browseTo(page, 0);
  let { asked, reply } = await analyseNow(page);
  assert.equal(asked.ply, 0);
  assert.equal(reply.ply, 0);

  // Move 31: the win in one the player missed.
  await browseTo(page, BLUNDER.ply);
  ({ asked, reply } = await analyseNow(page));
  assert.equal(asked.ply, BLUNDER.ply);
  assert.equal(reply.ply, BLUNDER.ply);
  assert.match(await page.textContent('#proven'), /win in 1/);
  const marks = await drawn(page);
  // The first three candidates, one ring a cell (two pieces on one cell
  // are one mark, of the better's rank).
  const cellsOf = [];
  for (const c of reply.candidates.slice(0, 3)) cellsOf.push([c.move, (await pathOf(page, c.move))[0]]);
  const firstOnCell = cellsOf.filter(([, cell], i) => cellsOf.findIndex(([, c]) => c === cell) === i);
  assert.deepEqual(marks.map((m) => [m.move, m.from]), firstOnCell);
  assert.deepEqual(marks.map((m) => m.rank), firstOnCell.map(([move]) => cellsOf.findIndex(([m]) => m === move)));
  for (const m of marks) {
    assert.ok(m.ring && !m.arrow, `${m.move} is ringed`);
    const [cellName] = await pathOf(page, m.move);
    assert.equal(m.from, cellName);
    assert.equal(m.to, cellName);
  }
  assert.ok(marks.length >= 2, 'more than one candidate drawn');
  assert.ok(marks[0].width > marks[1].width && marks[0].opacity > marks[1].opacity,
    `the best is drawn stronger: ${JSON.stringify(marks)}`);
  assert.match(await page.textContent('#candidates li:first-child'), new RegExp(`^${marks[0].move} `));
  await page.screenshot({ path: path.join(shots, 'analysis-asterisk-ply31.png') });

  // Another position clears the marks and the list; coming back shows them again.
  await page.click('[data-testid="nav-back"]');
  await page.waitForFunction(() => window.asterism.shown.ply === 30);
  assert.equal(await page.locator('#board .suggest').count(), 0);
  assert.equal(await page.locator('#candidates').isHidden(), true);
  await page.click('[data-testid="nav-forward"]');
  await page.waitForFunction(() => window.asterism.shown.ply === 31);
  assert.equal(await page.locator('#board .suggest').count(), marks.length);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the best moves of a chess-like are arrows, gone after a move', async () => {
  const page = await openSession('starpool', []);
  const { reply } = await analyseNow(page);
  const arrows = await drawn(page);
  assert.equal(arrows.length, Math.min(3, reply.candidates.length));
  assert.ok(arrows.length >= 2);
  for (const a of arrows) {
    assert.ok(a.arrow && !a.ring, `${a.move} is an arrow`);
    const cells = await pathOf(page, a.move);
    assert.equal(a.from, cells[0]);
    assert.equal(a.to, cells[cells.length - 1]);
    assert.notEqual(a.from, a.to);
  }
  assert.ok(arrows[0].width > arrows[1].width, 'the best arrow is the widest');
  // Its colour stands out on every cell of the board (3:1), in both themes.
  for (const theme of ['light', 'dark']) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme-toggle');
    const { line, cells } = await page.evaluate(() => {
      const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
      const best = document.querySelector('#board .suggest.best .shaft');
      return {
        line: rgb(getComputedStyle(best).stroke),
        cells: [...document.querySelectorAll('#board .cells [data-cell]')].map((c) => rgb(getComputedStyle(c).fill)),
      };
    });
    for (const c of cells) assert.ok(ratio(line, c) >= 3, `${theme}: arrow ${line} on ${c}: ${ratio(line, c).toFixed(2)}`);
    await page.screenshot({ path: path.join(shots, `analysis-starpool-arrows-${theme}.png`) });
  }
  await page.click('#theme-toggle');
  await page.evaluate(() => localStorage.removeItem('asterism-theme'));
  // Playing the best move clears the arrows.
  await page.fill('#move-text', arrows[0].move);
  await page.click('#move-play');
  await page.waitForFunction(() => window.asterism.state.ply === 1);
  assert.equal(await page.locator('#board .suggest').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('"Analyse" on an archived online game opens it at that move, analysed', async () => {
  const made = await apiCall('POST', '/api/games',
    { game: BLUNDER.spec, seat: 'first', name: 'Ann', opponent: 'person' });
  const id = made.id;
  const bob = new URLSearchParams(made.links.invite.split('#')[1]).get('secret');
  await apiCall('POST', `/api/games/${id}/join`, { name: 'Bob' }, bob);
  const secrets = [made.secret, bob];
  // The seat to move plays (Asterisk's turns do not simply alternate).
  for (const [k, move] of BLUNDER.moves.entries()) {
    const s = await apiCall('GET', `/api/games/${id}`);
    await apiCall('POST', `/api/games/${id}/move`, { move, ply: k }, secrets[s.to_move]);
  }
  const page = await newPage('online.html');
  await page.click(`#archive-list tr[data-id="${id}"] a`);
  await page.waitForSelector('#result:not([hidden])');
  const total = BLUNDER.moves.length;
  for (let k = total - 1; k >= BLUNDER.ply; k--) {
    await page.click('[data-testid="nav-back"]');
    await page.waitForSelector(`#status:has-text("Replay: move ${k} of ${total}")`);
  }
  await page.click('#analyse');
  await page.waitForURL(/index\.html/);
  await page.waitForFunction((p) => window.asterism?.shown?.ply === p, BLUNDER.ply);
  // The whole game is there to step through, at move 31, analysed.
  assert.equal(await page.evaluate(() => window.asterism.state.ply), total);
  await page.waitForSelector(`#candidates[data-ply="${BLUNDER.ply}"]`);
  assert.match(await page.textContent('#proven'), /win in 1/);
  assert.ok(await page.locator('#board .suggest.best circle.ring').count() === 1);
  assert.match(await page.textContent('#status'), /Move 31 of 33 \(looking back\)/);
  await page.screenshot({ path: path.join(shots, 'analysis-from-archive.png') });
  // The next position is one step away, and analysed on request too.
  await page.click('[data-testid="nav-forward"]');
  await page.waitForFunction(() => window.asterism.shown.ply === 32);
  assert.equal(await page.locator('#board .suggest').count(), 0);
  const { reply } = await analyseNow(page);
  assert.equal(reply.ply, 32);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Hint shows the engine\'s move against the computer without playing it', async () => {
  const page = await openSession('starstar:size=6', ['*10', 'T30'], ['human', 'computer']);
  assert.equal(await page.evaluate(() => window.asterism.state.to_move), 0);
  await page.click('#hint');
  await page.waitForSelector('#board .suggest.hint');
  const text = await page.textContent('#message');
  const move = text.match(/^Hint: (\S+) /)[1];
  const [mark] = await drawn(page);
  assert.equal(mark.move, move);
  assert.ok(mark.hint && mark.ring, 'a placement hint is a ring');
  assert.deepEqual([mark.from], await pathOf(page, move));
  await page.screenshot({ path: path.join(shots, 'hint-starstar.png') });
  // Not played: still two moves, the person to move.
  assert.equal(await page.evaluate(() => window.asterism.state.ply), 2);
  assert.equal(await page.locator('#board .suggest').count(), 1);
  // Playing it: the computer answers, and the hint is gone.
  await page.fill('#move-text', move);
  await page.click('#move-play');
  await page.waitForFunction(() => window.asterism.state.ply === 4 && !window.asterism.busy);
  assert.equal(await page.locator('#board .suggest').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hint in a chess-like between two people is an arrow', async () => {
  const page = await openSession('shatra', []);
  await page.click('#hint');
  await page.waitForSelector('#board .suggest.hint');
  const [mark] = await drawn(page);
  assert.ok(mark.arrow, 'an arrow');
  const cells = await pathOf(page, mark.move);
  assert.deepEqual([mark.from, mark.to], [cells[0], cells[cells.length - 1]]);
  assert.equal(await page.evaluate(() => window.asterism.state.ply), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The ownership squares, each with its fill, outline and the fill of its
// cell, and the legend's swatches.
const ownership = (page) => page.evaluate(() => {
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
  const squares = [...document.querySelectorAll('#board .ownership .own')].map((r) => {
    const cell = document.querySelector(`#board .cells [data-cell="${CSS.escape(r.dataset.cell)}"]`);
    return {
      side: r.classList.contains('own-0') ? 0 : 1, fill: rgb(getComputedStyle(r).fill),
      line: rgb(getComputedStyle(r).stroke), cell: rgb(getComputedStyle(cell).fill),
    };
  });
  const swatches = [...document.querySelectorAll('#ownership-legend .swatch')].map((s) => ({
    side: Number(s.dataset.side), text: s.textContent, fill: rgb(getComputedStyle(s.querySelector('rect')).fill),
  }));
  return { squares, swatches, note: document.querySelector('#ownership-legend .note')?.textContent };
});

for (const [spec, moves] of [['starstar:size=6', ['*10', 'T30', 'A61', 'R42', 'S52', '*43']],
  [BLUNDER.spec, BLUNDER.moves.slice(0, 20)]]) {
  test(`the ownership map of ${spec} has a legend and contrasts in both themes`, async () => {
    const page = await openSession(spec, moves);
    await page.check('#ownership');
    await analyseNow(page);
    await page.waitForSelector('#ownership-legend:not([hidden])');
    const sides = await page.evaluate(() => window.asterism.game.players.map((p) => p.name));
    for (const theme of ['light', 'dark']) {
      if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme-toggle');
      const { squares, swatches, note } = await ownership(page);
      assert.ok(squares.some((s) => s.side === 0) && squares.some((s) => s.side === 1),
        `${theme}: both sides own cells (${squares.length} squares)`);
      // Each square stands out on its cell by its body or its outline, as a man must.
      for (const s of squares) {
        const r = Math.max(ratio(s.fill, s.cell), ratio(s.line, s.cell));
        assert.ok(r >= 3, `${theme}: side ${s.side}'s square ${s.fill}/${s.line} on ${s.cell}: ${r.toFixed(2)}:1`);
      }
      // The two sides' squares differ plainly, and the legend shows them as drawn.
      const fill = (side) => squares.find((s) => s.side === side).fill;
      assert.ok(ratio(fill(0), fill(1)) >= 3, `${theme}: ${fill(0)} against ${fill(1)}`);
      assert.deepEqual(swatches.map((s) => s.side), [0, 1]);
      for (const s of swatches) {
        assert.deepEqual(s.fill, fill(s.side));
        assert.ok(s.text.includes(sides[s.side]), `the legend names ${sides[s.side]}: ${s.text}`);
      }
      assert.match(note, /larger a square/);
      await page.screenshot({ path: path.join(shots, `ownership-${spec.split(':')[0]}-${theme}.png`) });
    }
    await page.click('#theme-toggle');
    await page.evaluate(() => localStorage.removeItem('asterism-theme'));
    // No map, no legend.
    await page.uncheck('#ownership');
    assert.equal(await page.locator('#ownership-legend').isHidden(), true);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
