// A new visitor solves puzzles: from the Learn page's header to the puzzles
// page, a wrong move answered with its refutation and taken back, then the
// first puzzle of each game solved by clicks, the solution's moves read
// from the puzzle the page was served (GET /api/puzzles/GAME) and made by
// clicking the cells of each move as the page draws them; one solved by
// typing its moves in the move box, whose list holds the legal moves, the
// live region saying each move and the cells named. Desktop and phone
// (390 x 844) screenshots go to ASTERISM_SHOTS as puzzles-*.png.
// Ratings (issue 44): a guest in one browser context and an account in
// another solve a puzzle of every set by clicks and see their puzzle
// rating change (the guest's kept in the browser, the account's on the
// server and on its profile); the daily puzzle, a streak and a puzzle's
// own address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';

let desktop;
let phone;

before(async () => {
  desktop = await openContext({ viewport: { width: 1280, height: 900 } });
  phone = await openContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

after(async () => {
  if (desktop) await desktop.close();
  if (phone) await phone.close();
});

async function open(browser, where) {
  const page = await browser.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(where, url).href);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `puzzles-${name}.png`), fullPage: true });

async function click(page, cell) {
  const target = page.locator(`#board .cells [data-cell="${cell}"]`);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const ready = (page, game) => page.waitForFunction((g) => {
  const ui = window.asterismPuzzles;
  return ui && ui.game === g && ui.puzzle && ui.puzzle.game.startsWith(g) && ui.state && !ui.busy;
}, game);

// Makes `text` by clicking its cells on the board as drawn, and its pick in
// the chooser when the cells leave more than one move (Asterisk's types).
async function playMove(page, text) {
  const move = await page.evaluate((t) => window.asterismPuzzles.state.view.moves.find((m) => m.text === t), text);
  assert.ok(move, `${text} is a legal move on the page's board`);
  for (const cell of move.path) {
    await click(page, cell);
    if (await page.locator('#chooser:not([hidden])').count()) break;
    if (await page.evaluate(() => window.asterismPuzzles.path.length === 0)) break;
  }
  if (await page.locator('#chooser:not([hidden])').count())
    await page.locator(`#chooser button[data-move="${text}"]`).click();
}

// Plays the learner's moves of the puzzle shown until it is solved.
async function solve(page) {
  const solution = await page.evaluate(() => window.asterismPuzzles.puzzle.solution);
  for (let i = 0; i < solution.length; i += 2) {
    await playMove(page, solution[i]);
    if (i + 2 < solution.length)
      await page.waitForFunction((n) => window.asterismPuzzles.played.length === n &&
        !window.asterismPuzzles.busy, i + 2);
  }
  await page.waitForSelector('#feedback[data-result="done"]');
  assert.match(await page.textContent('#feedback'), /^Solved!/);
  assert.ok(await page.evaluate(() => window.asterismPuzzles.state.terminal));
}

test('a new visitor finds the puzzles and solves one of each game by clicks', async () => {
  const page = await open(desktop, '/learn.html');
  await page.click('header a[href="puzzles.html"]');
  await page.waitForURL(/puzzles/);
  await ready(page, 'starstar');
  assert.match(await page.textContent('#task'), /to move and win in \d+ moves\./);
  // A wrong move: played with the refutation, then taken back.
  const [wrong, answer] = await page.evaluate(() => Object.entries(window.asterismPuzzles.puzzle.refutations[0])[0]);
  await playMove(page, wrong);
  await page.waitForSelector('#feedback[data-result="wrong"]');
  // One sentence: the move, the proven answer on the board, and why it fails.
  assert.match(await page.textContent('#feedback'), new RegExp(`^Not this one: (after ${wrong.replace('*', '\\*')} and the answer |${wrong.replace('*', '\\*')} ends)[^.]*\\.$`));
  if (answer) assert.ok((await page.textContent('#feedback')).includes(answer));
  assert.equal(await page.getAttribute('#board', 'data-refuted'), 'true');
  await shot(page, 'refuted-desktop');
  await page.click('#back');
  await page.waitForFunction(() => !window.asterismPuzzles.refuted && !window.asterismPuzzles.busy);
  assert.equal(await page.evaluate(() => window.asterismPuzzles.played.length), 0);
  await page.click('#hint');
  await page.waitForSelector('#feedback[data-result="hint"]');
  for (const game of ['starstar', 'asterisk', 'shatra', 'starpool']) {
    if (game !== 'starstar') await page.click(`[data-testid="puzzles-${game}"]`);
    await ready(page, game);
    await solve(page);
    assert.match(await page.textContent('#puzzle-title'), /^Puzzle 1 of \d+/);
    await shot(page, `solved-${game}-desktop`);
  }
  // Solved puzzles are remembered: the next one in order, then back to the first.
  await page.selectOption('#mode', 'order');
  await page.click('#next');
  await page.waitForFunction(() => window.asterismPuzzles.index === 1 && !window.asterismPuzzles.busy);
  await page.click('#prev');
  await page.waitForFunction(() => window.asterismPuzzles.index === 0 && !window.asterismPuzzles.busy);
  assert.match(await page.textContent('#puzzle-title'), /\u2713$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a puzzle solved by typing its moves; the list holds the legal moves; the moves are announced', async () => {
  const page = await open(desktop, '/puzzles.html#shatra/3');
  await ready(page, 'shatra');
  // Every cell a named grid cell: its name as moves write it, what stands on it.
  const v = await page.evaluate(() => window.asterismPuzzles.state.view);
  const names = await page.$$eval('#board [role="gridcell"]', (cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.deepEqual(names.map((n) => n.split(', ')[0]).sort(), v.cells.map((c) => c.name).sort());
  for (const p of v.pieces)
    assert.doesNotMatch(names.find((n) => n.startsWith(`${p.cell}, `)), /, empty/);
  // The box's list: exactly the legal moves of the position on screen.
  const legal = [...new Set(v.moves.map((m) => m.text))].sort();
  assert.deepEqual((await page.$$eval('#move-suggestions option', (os) => os.map((o) => o.value))).sort(), legal);
  await page.evaluate(() => {
    const said = window.said = [];
    const box = document.querySelector('#announce');
    new MutationObserver(() => said.push(box.textContent)).observe(box, { childList: true });
  });
  const solution = await page.evaluate(() => window.asterismPuzzles.puzzle.solution);
  for (let i = 0; i < solution.length; i += 2) {
    await page.fill('#move-text', solution[i]);
    await page.press('#move-text', 'Enter');
    await page.waitForFunction((n) => window.asterismPuzzles.played.length === n && !window.asterismPuzzles.busy,
      Math.min(i + 2, solution.length));
  }
  await page.waitForSelector('#feedback[data-result="done"]');
  // The live region said every move, the learner's and the defence's, in order.
  const said = (await page.evaluate(() => window.said)).join(' ');
  assert.deepEqual([...said.matchAll(/ played (\S+)\./g)].map((m) => m[1]), solution);
  assert.match(said, /Game over/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone a Shatra puzzle fits the screen and is solved by taps', async () => {
  const page = await open(phone, '/puzzles.html#shatra/2');
  await ready(page, 'shatra');
  assert.equal(await page.evaluate(() => window.asterismPuzzles.index), 1);
  await solve(page);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  await shot(page, 'solved-shatra-phone');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Every game's sets, from the server (GET /api/puzzles).
async function sets() {
  const r = await (await fetch(new URL('/api/puzzles', url).href)).json();
  return r.games.flatMap((g) => g.sets.map((s) => ({ game: g.game, set: s.set })));
}

// Opens the first puzzle of `set`, solves it by clicks and returns the
// rating line's rating before and after.
async function solveFirstOf(page, { game, set }) {
  const list = await (await fetch(new URL(`/api/puzzles/${game}?set=${set}`, url).href)).json();
  const id = list.puzzles[0].id;
  await page.goto(new URL(`puzzles.html#${game}/${set}/${id}`, url).href);
  await page.waitForFunction((i) => {
    const ui = window.asterismPuzzles;
    return ui && ui.puzzle && ui.puzzle.id === i && ui.state && !ui.busy;
  }, id).catch(async (e) => {
    // What the page showed, for a run elsewhere (one waited here in vain once).
    const seen = await page.evaluate(() => {
      const ui = window.asterismPuzzles;
      return { address: location.href, puzzle: ui?.puzzle?.id, state: !!ui?.state, busy: ui?.busy,
        task: document.getElementById('task')?.textContent, feedback: document.getElementById('feedback')?.textContent };
    }).catch((err) => ({ unreadable: String(err) }));
    throw new Error(`${e.message.split('\n')[0]}; waiting for ${game}/${set}/${id}, the page showed ${JSON.stringify(seen)}`);
  });
  await page.waitForSelector('#puzzle-rating:not(:empty)');
  const before = await page.getAttribute('#puzzle-rating', 'data-rating');
  await solve(page);
  await page.waitForFunction(() => /\([+-]\d+\)/.test(document.querySelector('#puzzle-rating').textContent));
  const after = await page.getAttribute('#puzzle-rating', 'data-rating');
  return { before, after, id, text: await page.textContent('#puzzle-rating') };
}

test('a guest solves a puzzle of every set and sees the rating kept in this browser change', async () => {
  const context = await openContext({ viewport: { width: 1280, height: 900 } });
  const page = await open(context, '/puzzles.html');
  for (const s of await sets()) {
    const { before, after, id, text } = await solveFirstOf(page, s);
    assert.notEqual(after, before, `${s.set}: ${text}`);
    assert.match(text, /^Your puzzle rating in this game: \d+\?? ± \d+ \(\+\d+\)\.$/, s.set);
    const kept = await page.evaluate((g) => JSON.parse(localStorage.getItem(`asterism-puzzle-rating-${g}`)), s.game);
    assert.equal(Math.round(kept.rating), Number(after), s.set);
    assert.ok((await page.evaluate((g) => JSON.parse(localStorage.getItem(`asterism-puzzle-rated-${g}`)), s.game)).includes(id));
  }
  await shot(page, 'rated-guest-desktop');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an account solves a puzzle of every set; its rating moves on the server and shows on its profile', async () => {
  const context = await openContext({ viewport: { width: 1280, height: 900 } });
  await context.context.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.44.3.1' });
  const page = await open(context, '/puzzles.html');
  const name = `solver${Date.now() % 100000}`;
  const made = await page.evaluate((n) => fetch('/api/account/register', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: n, password: 'a quiet walk by the green river' }),
  }).then((r) => r.status), name);
  assert.equal(made, 201);
  await page.reload();
  const games = new Set();
  for (const s of await sets()) {
    const { before, after, text } = await solveFirstOf(page, s);
    assert.notEqual(after, before, `${s.set}: ${text}`);
    games.add(s.game);
  }
  const profile = await (await fetch(new URL(`/api/players/${name}`, url).href)).json();
  const mine = profile.ratings.filter((r) => r.class === 'puzzle');
  assert.deepEqual(mine.map((r) => r.game).sort(), [...games].sort());
  assert.ok(mine.every((r) => r.rating > 1500), 'every solve raised a new rating');
  // The profile's graphs: one per game's puzzle rating.
  await page.goto(new URL(`player.html#name=${name}`, url).href);
  await page.waitForSelector('figure.graph[data-class="puzzle"] svg');
  assert.equal(await page.locator('figure.graph[data-class="puzzle"]').count(), games.size);
  await shot(page, 'rated-profile-desktop');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the daily puzzle, a streak and a puzzle\'s own address', async () => {
  const page = await open(desktop, '/puzzles.html#shatra/1');
  await ready(page, 'shatra');
  const daily = await (await fetch(new URL('/api/puzzles/shatra/daily', url).href)).json();
  await page.click('#daily');
  await page.waitForSelector('#puzzle-daily:not([hidden])');
  assert.equal(await page.evaluate(() => window.asterismPuzzles.puzzle.id), daily.puzzle.id);
  assert.ok((await page.textContent('#puzzle-daily')).includes(daily.date));
  // Its address (the day's puzzle is drawn from all of the game's sets, so
  // its set is the day's) opens it in another tab.
  const address = await page.getAttribute('#share', 'href');
  assert.match(daily.puzzle.set, /^shatra(-original)?$/);
  assert.match(address, new RegExp(`#shatra/${daily.puzzle.set}/${daily.puzzle.id}$`));
  const other = await open(desktop, address);
  await other.waitForFunction((i) => window.asterismPuzzles && window.asterismPuzzles.puzzle &&
    window.asterismPuzzles.puzzle.id === i && !window.asterismPuzzles.busy, daily.puzzle.id);
  await other.close();
  // A streak starts at the lowest rated puzzle; a solve counts one.
  await page.selectOption('#mode', 'streak');
  const lowest = (await (await fetch(new URL('/api/puzzles/shatra/next?above=0', url).href)).json()).puzzle;
  await page.waitForFunction((i) => window.asterismPuzzles.puzzle && window.asterismPuzzles.puzzle.id === i &&
    !window.asterismPuzzles.busy, lowest.id);
  await solve(page);
  await page.waitForSelector('#streak[data-count="1"]');
  await page.click('#next');
  await page.waitForFunction((i) => window.asterismPuzzles.puzzle && window.asterismPuzzles.puzzle.id !== i &&
    !window.asterismPuzzles.busy, lowest.id);
  assert.ok(await page.evaluate((r) => window.asterismPuzzles.puzzle.rating >= r, lowest.rating));
  await page.selectOption('#mode', 'rating');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the puzzles API takes only the four games and bounded counts', async () => {
  const get = (p) => fetch(new URL(p, url).href);
  const ok = await (await get('/api/puzzles/starpool?i=3&n=2')).json();
  assert.equal(ok.puzzles.length, 2);
  assert.equal(ok.first, 3);
  assert.ok(ok.total >= 5, `${ok.total} puzzles`);
  assert.equal((await get('/api/puzzles/chess')).status, 404);
  assert.equal((await get('/api/puzzles/..%2F..%2Fetc%2Fpasswd')).status, 404);
  assert.equal((await get('/api/puzzles/shatra?n=21')).status, 400);
  assert.equal((await get('/api/puzzles/shatra?i=-1')).status, 400);
  assert.equal((await fetch(new URL('/api/puzzles/shatra', url).href, {
    method: 'DELETE', headers: { 'Content-Type': 'application/json' },
  })).status, 405);
  assert.equal((await get('/api/puzzles/shatra/next?skip=../etc')).status, 400);
  assert.equal((await get('/api/puzzles/shatra/0123456789ab')).status, 404);
  assert.equal((await get('/api/puzzles/shatra?set=chess')).status, 404);
});
