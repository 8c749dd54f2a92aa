// A new visitor learns to play: opens the site (the first visit's game and
// the setup in plain words), reads a rules page whose diagrams the page draws
// from the engine's positions, and completes the first lesson of each game by
// clicks, with a wrong move and a hint on the way; a lesson's step made
// from the keyboard only (Tab to the board, the arrow keys, Enter) and
// another typed in the move box, its list the legal moves, the live region
// saying the moves and the answers. Desktop and phone (390 x 844)
// screenshots go to ASTERISM_SHOTS as learn-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { neighbour, screenCells } from '../../web/access.js';

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

const shot = (page, name) => page.screenshot({ path: path.join(shots, `learn-${name}.png`), fullPage: true });

async function click(page, cell) {
  const target = page.locator(`#board .cells [data-cell="${cell}"]`);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The first lesson of each game and the clicks that solve it.
const FIRST_LESSONS = {
  starstar: async (page) => click(page, '*60'),
  asterisk: async (page) => {
    await click(page, 'd5');
    await page.waitForSelector('#chooser:not([hidden])');
    await page.locator('#chooser button[data-move="dhe@d5"]').click();
  },
  shatra: async (page) => { await click(page, 'c5'); await click(page, 'c6'); },
  starpool: async (page) => { await click(page, 'e3'); await click(page, 'e4'); },
};

const lessonReady = (page) => page.waitForFunction(() => window.asterismLearn &&
  window.asterismLearn.state && !window.asterismLearn.busy);

test('a first visit starts the gentlest game, with links to the rules and lessons', async () => {
  const page = await open(desktop, '/');
  await page.waitForSelector('#board .cell');
  assert.equal(await page.inputValue('#game'), 'starstar');
  assert.equal(await page.inputValue('[data-option="size"]'), '6');
  assert.equal(await page.inputValue('#level'), '2');
  await page.waitForFunction(() => document.title.startsWith('*Star, small board'));
  assert.equal(await page.textContent('#game-title'), '*Star, small board');
  assert.ok(await page.locator('header a[href="rules.html"]').isVisible());
  assert.ok(await page.locator('header a[href="learn.html"]').isVisible());
  // Shatra's setup in words: named presets, and the rule switches folded away.
  await page.selectOption('#game', 'shatra');
  const presets = await page.locator('[data-option="rules"] option').allTextContents();
  for (const name of ['Shatra of the sources', 'Altai Shatra', 'Shatra, the Russian and Altai books\' reading', 'Shatra, the Shatrabase program\'s reading'])
    assert.ok(presets.includes(name), `${name} in ${presets}`);
  assert.equal(await page.locator('[data-option="max_capture"]').isVisible(), false);
  await page.click('#more summary');
  await page.click('#advanced summary');
  assert.ok(await page.locator('[data-option="max_capture"]').isVisible());
  await shot(page, 'setup-desktop');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a new visitor reads the rules of *Star, every diagram drawn', async () => {
  const page = await open(desktop, '/');
  await page.click('header a[href="rules.html"]');
  await page.waitForURL(/rules/);
  await page.click('[data-testid="rules-starstar"]');
  await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
  const figures = await page.locator('figure.diagram').count();
  assert.ok(figures >= 5);
  assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), figures);
  assert.ok(await page.locator('figure.diagram .cell').count() > 100);
  await shot(page, 'rules-starstar-desktop');
  for (const game of ['asterisk', 'shatra', 'starpool']) {
    await page.goto(new URL(`rules-${game}.html`, url).href);
    await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
    const n = await page.locator('figure.diagram').count();
    assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), n, game);
    await shot(page, `rules-${game}-desktop`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a new visitor completes the first lesson of each game by clicks', async () => {
  const page = await open(desktop, '/learn.html');
  await lessonReady(page);
  // A wrong move first: it is explained and not played.
  await click(page, 'S10');
  await page.waitForSelector('#feedback[data-result="wrong"]');
  assert.match(await page.textContent('#feedback'), /\*60/);
  await page.click('#hint');
  await page.waitForSelector('#feedback[data-result="hint"]');
  await page.waitForSelector('#board .target-dot[data-cell="*60"]');
  for (const [game, solve] of Object.entries(FIRST_LESSONS)) {
    // *Star's lessons are the ones open already (with the hint shown).
    if (game !== 'starstar') await page.click(`[data-testid="learn-${game}"]`);
    await page.waitForFunction((g) => window.asterismLearn.game === g && window.asterismLearn.state &&
      window.asterismLearn.state.game.startsWith(g) && !window.asterismLearn.busy, game);
    await solve(page);
    await page.waitForSelector('#feedback[data-result="done"]');
    assert.match(await page.textContent('#feedback'), /^Right!/);
    assert.ok(await page.locator('#lesson-list li.done').count() >= 1);
    await shot(page, `lesson-${game}-desktop`);
  }
  // A lesson of two moves, with the opponent's scripted answer between.
  await page.goto(new URL('learn.html#starstar/9', url).href);
  await lessonReady(page);
  await page.waitForFunction(() => window.asterismLearn.index === 8);
  await click(page, 'A10');
  await page.waitForFunction(() => window.asterismLearn.step === 1 && !window.asterismLearn.busy);
  assert.match(await page.textContent('#feedback'), /The answer: \*10/);
  await click(page, 'S21');
  await page.waitForSelector('#feedback[data-result="done"]');
  assert.ok(await page.evaluate(() => window.asterismLearn.state.terminal));
  await shot(page, 'lesson-starstar-win-desktop');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The cell the keyboard is on, or null off the board.
const focused = (page) => page.evaluate(() => document.activeElement?.closest('#board') ?
  document.activeElement.getAttribute('data-cell') : null);

// The arrow keys that take the focus to `to`, by the page's own rule (access.js).
async function walkTo(page, to) {
  const [v, flipped] = await page.evaluate(() => [window.asterismLearn.state.view, window.asterismLearn.flipped]);
  const cells = screenCells(v, flipped);
  const from = await focused(page);
  const seen = new Map([[from, []]]);
  for (const at of seen.keys()) {
    for (const k of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
      const next = neighbour(cells, at, k);
      if (next && !seen.has(next)) seen.set(next, [...seen.get(at), k]);
    }
  }
  assert.ok(seen.has(to), `${to} can be reached from ${from}`);
  for (const k of seen.get(to)) await page.keyboard.press(k);
  assert.equal(await focused(page), to);
}

// What the live region says, one line at a time, from now on.
const listen = (page) => page.evaluate(() => {
  const said = window.said = [];
  const box = document.querySelector('#announce');
  new MutationObserver(() => said.push(box.textContent)).observe(box, { childList: true });
});

test('a lesson step from the keyboard, another typed; cells named, moves announced', async () => {
  const page = await open(desktop, '/learn.html#shatra/1');
  const at = (game, i) => page.waitForFunction(([g, n]) => {
    const ui = window.asterismLearn;
    return ui && ui.game === g && ui.index === n && ui.state && ui.state.game.startsWith(g) && !ui.busy;
  }, [game, i]);
  await at('shatra', 0);
  // Every cell a named grid cell: its name as moves write it, what stands on it.
  const v = await page.evaluate(() => window.asterismLearn.state.view);
  const names = await page.$$eval('#board [role="gridcell"]', (cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.deepEqual(names.map((n) => n.split(', ')[0]).sort(), v.cells.map((c) => c.name).sort());
  const man = v.pieces[0].cell;
  assert.doesNotMatch(await page.getAttribute(`#board [role="gridcell"][data-cell="${man}"]`, 'aria-label'), /, empty/);
  // Tab from the last lesson in the list lands on the board; the arrows
  // and Enter make the lesson's move.
  const text = await page.evaluate(() => window.asterismLearn.book.lessons[0].line[0].play[0]);
  const move = v.moves.find((m) => m.text === text);
  await listen(page);
  await page.focus('#lesson-list li:last-child button');
  await page.keyboard.press('Tab');
  assert.ok(await focused(page), 'Tab reaches the board');
  // Escape forgets a man picked up (access.js wireBoardKeys).
  await walkTo(page, move.path[0]);
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.asterismLearn.path), [move.path[0]]);
  await page.keyboard.press('Escape');
  assert.deepEqual(await page.evaluate(() => window.asterismLearn.path), [], 'Escape forgets the man picked up');
  for (const cell of move.path) {
    await walkTo(page, cell);
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector('#feedback[data-result="done"]');
  await page.waitForFunction((m) => window.said.some((s) => s.includes(`played ${m}.`)), text);
  // A lesson of two steps, typed: its list holds the legal moves, and the
  // live region says the learner's move and the scripted answer.
  await page.goto(new URL('learn.html#starstar/9', url).href);
  await at('starstar', 8);
  const legal = await page.evaluate(() => [...new Set(window.asterismLearn.state.view.moves.map((m) => m.text))].sort());
  assert.deepEqual((await page.$$eval('#move-suggestions option', (os) => os.map((o) => o.value))).sort(), legal);
  const line = await page.evaluate(() => window.asterismLearn.book.lessons[8].line);
  await listen(page);
  await page.fill('#move-text', line[0].play[0]);
  await page.press('#move-text', 'Enter');
  await page.waitForFunction(() => window.asterismLearn.step === 1 && !window.asterismLearn.busy);
  assert.deepEqual(await page.evaluate(() => window.said.map((s) => s.replace(/^\S+ played /, ''))),
    [`${line[0].play[0]}.`, `${line[0].reply}.`]);
  await page.fill('#move-text', line[1].play[0]);
  await page.press('#move-text', 'Enter');
  await page.waitForSelector('#feedback[data-result="done"]');
  assert.equal(await page.inputValue('#move-text'), '');
  assert.equal(await page.locator('#move-suggestions option').count(), 0, 'no suggestions once it is done');
  await shot(page, 'lesson-typed-desktop');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone the rules and a lesson fit the screen', async () => {
  const page = await open(phone, '/rules-shatra.html');
  await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await shot(page, 'rules-shatra-phone');
  await page.goto(new URL('learn.html#shatra/6', url).href);
  await lessonReady(page);
  await page.waitForFunction(() => window.asterismLearn.index === 5);
  // The chain lesson, by taps: g6, then d9, then b7.
  for (const cell of ['g6', 'd9', 'b7']) await click(page, cell);
  await page.waitForSelector('#feedback[data-result="done"]');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  await shot(page, 'lesson-shatra-phone');
  await page.goto(url);
  await page.waitForSelector('#board .cell');
  await shot(page, 'index-phone');
  assert.deepEqual(page.errors, []);
  await page.close();
});
