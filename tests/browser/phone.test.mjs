// Phones (issue 27, point 4), at 390 x 844 with touch (deviceScaleFactor
// 3): in each of the four games every cell (the target of a tap, a man's
// included) is at least 32 CSS px; "Confirm taps" (on by default for a
// finger) makes a tap select and a second tap, or Play, play; the page does
// not move when moves are made (the board's top stays put); the player's
// own side (or the cell just played, on boards without sides) is on screen
// without scrolling; a board that pans has a whole-board view, and a new
// one of another size is shown from its middle; and no page scrolls
// sideways. Screenshots go to ASTERISM_SHOTS as phone-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { GAMES, newGame, ply, view, until } from './a11y-helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
let phone;

before(async () => {
  phone = await openContext(PHONE);
});

after(async () => {
  if (phone) await phone.close();
});

async function open(where) {
  const page = await phone.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(where, url).href);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `phone-${name}.png`) });
const tap = (page, cell) => page.locator(`#board .cells [data-cell="${cell}"]`).tap({ force: true });
// Where the page is: its scroll and the board's top on the page.
const place = (page) => page.evaluate(() => ({
  scrollY: Math.round(scrollY), top: Math.round(document.querySelector('#board').getBoundingClientRect().top + scrollY),
}));
// Whether every one of `cells` is wholly on screen (the page's and the board's box's).
const onScreen = (page, cells) => page.evaluate((names) => {
  const wrap = document.querySelector('#board-wrap').getBoundingClientRect();
  return names.every((n) => {
    const r = document.querySelector(`#board .cells [data-cell="${CSS.escape(n)}"]`).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= Math.max(0, wrap.left) - 0.5 &&
      r.right <= Math.min(innerWidth, wrap.right) + 0.5;
  });
}, cells);

test('each game at 390x844: targets of 32 px, confirm taps, no creep, own side in view', async (t) => {
  const page = await open('index.html');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.ok(await page.isChecked('#confirm-moves'), 'Confirm taps is on for a finger');
  const sizes = {};
  for (const game of GAMES) {
    await newGame(page, game, { seats: ['human', 'computer'] });
    await page.evaluate(() => scrollTo(0, 0));
    const v = await view(page);
    // The least width or height of a cell's box, and of a man's.
    const least = await page.evaluate(() => {
      const min = (sel) => Math.min(...[...document.querySelectorAll(sel)].map((e) => {
        const r = e.getBoundingClientRect();
        return Math.min(r.width, r.height);
      }));
      return { cell: min('#board .cells [data-cell]'), man: min('#board .men .man') };
    });
    sizes[game] = { cell: +least.cell.toFixed(1), man: Number.isFinite(least.man) ? +least.man.toFixed(1) : null };
    assert.ok(least.cell >= 32, `${game}: the smallest cell is ${least.cell.toFixed(1)} px`);
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= screen.width && innerWidth <= screen.width), `${game}: no sideways page`);

    // A tap selects; the move waits for a confirmation (a second tap on its
    // last cell in *Star and Asterisk, the bar's Play button in the others).
    const start = await place(page);
    const move = v.moves.find((m) => m.path.length > 0 && (game !== 'asterisk' || m.path[0] === v.moves[0].path[0]));
    for (const c of move.path) await tap(page, c);
    if (await page.locator('#chooser').isVisible()) {
      await page.locator(`#chooser button[data-move="${move.text}"]`).tap();
    } else {
      await page.waitForSelector('#confirm:not([hidden])');
      assert.match(await page.textContent('#confirm-text'), new RegExp(`^Play ${move.text.replace(/[*]/g, '\\*')}\\?`));
      assert.equal(await ply(page), 0, `${game}: a tap alone does not play`);
      await shot(page, `${game}-confirm`);
      if (move.path.length === 1) await tap(page, move.path[0]);
      else await page.tap('#confirm-play');
    }
    await until(page, () => window.asterism.state.ply >= 1);
    assert.ok(await page.locator('#confirm').isHidden());
    // The computer answers (if it is its turn); nothing moves the page.
    const after = await place(page);
    await until(page, () => !window.asterism.busy);
    await page.waitForTimeout(300);
    assert.deepEqual(await place(page), after, `${game}: the page stays put while the computer answers`);
    assert.equal(after.top, start.top, `${game}: the board's top is where it was`);
    // The player's own side: the cells its men stood on at the start, or,
    // on a board without sides, the cell just played.
    const own = v.pieces.some((p) => p.owner === 0) ? v.pieces.filter((p) => p.owner === 0).map((p) => p.cell) : move.path;
    assert.ok(await onScreen(page, own), `${game}: the own side is on screen (${own.length} cells)`);
    await shot(page, game);
  }
  t.diagnostic(`smallest cell and man, CSS px, at 390x844: ${JSON.stringify(sizes)}`);

  // Several moves in a row, typed and answered: the page does not creep.
  // The computer at level 1 may lose its biy within three moves (about one
  // game in thirty, by the API: White's first choice each time, as here):
  // the game then ends early, and the plies played are checked.
  await newGame(page, 'shatra', { seats: ['human', 'computer'] });
  await page.evaluate(() => scrollTo(0, 0));
  const first = await place(page);
  for (let i = 0; i < 3 && !(await page.evaluate(() => window.asterism.state.terminal)); i++) {
    const n = await ply(page);
    const m = (await view(page)).moves[0];
    await page.evaluate((text) => {
      document.querySelector('#move-text').value = text;
      document.querySelector('#move-form').requestSubmit();
    }, m.text);
    await until(page, (p) => (window.asterism.state.ply >= p + 2 || window.asterism.state.terminal) &&
      !window.asterism.busy, n);
  }
  const plies = await ply(page);
  assert.ok(plies >= 5, `${plies} plies played`);
  assert.deepEqual(await place(page), first, `${plies} plies later the page and the board are where they were`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// *Star's full board pans at 390 px; "Whole board" shows all of it at
// once, a map: a tap on it plays nothing and goes back to full size with
// the place tapped in view. A board that fits (Shatra) has no such button.
test('a panning board has a whole-board view, and a tap on it zooms back in', async () => {
  const page = await open('index.html');
  await page.waitForSelector('#board .cells [data-cell]');
  await newGame(page, 'shatra');
  assert.ok(await page.locator('#board-overview').isHidden(), 'Shatra fits: no overview button');
  await newGame(page, 'starstar');
  const wrapWidth = await page.evaluate(() => document.querySelector('#board-wrap').clientWidth);
  const boardWidth = () => page.evaluate(() => document.querySelector('#board').getBoundingClientRect().width);
  assert.ok(await boardWidth() > wrapWidth, 'the full *Star board is wider than its box');
  await page.locator('#board-overview').tap();
  await page.evaluate(() => scrollTo(0, 0));
  assert.equal(await page.textContent('#board-overview'), 'Full size');
  assert.ok(await boardWidth() <= wrapWidth + 0.5, 'the whole board fits its box');
  const cells = (await view(page)).cells.map((c) => c.name);
  assert.ok(await onScreen(page, cells), 'every cell is on screen');
  await shot(page, 'starstar-overview');
  // A corner far from the middle, tapped on the map.
  const corner = await page.evaluate(() => {
    const all = [...document.querySelectorAll('#board .cells [data-cell]')];
    const left = all.reduce((a, b) => (b.getBoundingClientRect().left < a.getBoundingClientRect().left ? b : a));
    return left.getAttribute('data-cell');
  });
  await tap(page, corner);
  assert.equal(await page.textContent('#board-overview'), 'Whole board');
  assert.ok(await boardWidth() > wrapWidth, 'back to full size');
  assert.equal(await ply(page), 0, 'a tap on the map plays nothing');
  assert.ok(await page.locator('#confirm').isHidden(), 'and selects nothing');
  assert.ok(await onScreen(page, [corner]), `the tapped cell ${corner} is in view`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The empty height between the lines above the board (the last element
// shown before #board-wrap) and the highest cell drawn under the middle of
// the board's box, in CSS px: what the eye finds below the status.
const gapAbove = (page) => page.evaluate(() => {
  const wrap = document.querySelector('#board-wrap');
  let above = wrap.previousElementSibling;
  while (above && !above.getClientRects().length) above = above.previousElementSibling;
  const box = wrap.getBoundingClientRect(), middle = (box.left + box.right) / 2;
  const tops = [...document.querySelectorAll('#board .cells [data-cell]')].map((c) => c.getBoundingClientRect())
    .filter((r) => r.left <= middle && r.right >= middle).map((r) => r.top);
  return Math.min(...tops) - above.getBoundingClientRect().bottom;
});

// A new game on a board that pans like the one before it (*Star's small
// board, then its full one, from the setup bar) is shown from its middle
// again: *Star's top corner under the status, not the empty corner beside
// its upper left edge, as when the new board kept the old one's scroll.
test('a new panning board of another size starts from its middle, right below the status', async (t) => {
  const page = await open('index.html');
  await page.waitForSelector('#board .cells [data-cell]');
  await newGame(page, 'starstar', { options: { size: '6' } });
  assert.ok(await page.locator('#board-wrap.pans').count(), 'the small *Star board pans at 390 px');
  await newGame(page, 'starstar', { options: { size: '10' } });
  await page.evaluate(() => scrollTo(0, 0));
  const gap = await gapAbove(page);
  t.diagnostic(`full *Star board after the small one: ${gap.toFixed(1)} px between the status and the board`);
  assert.ok(gap < 24, `${gap.toFixed(1)} px of empty page between the status and the board's top`);
  await shot(page, 'starstar-new-size');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('no page scrolls sideways at 390x844', async () => {
  const pages = ['index.html', 'online.html', 'learn.html', 'puzzles.html', 'account.html', 'player.html#name=nobody',
    'leaderboard.html', 'rules.html', 'rules-shatra.html'];
  for (const where of pages) {
    const page = await open(where);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    // A phone widens its layout to the content (innerWidth grows with it):
    // both are measured against the screen.
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth, screen: screen.width }));
    assert.ok(Math.max(widths.scroll, widths.inner) <= widths.screen, `${where}: ${widths.scroll} px wide on a ${widths.screen} px screen`);
    if (where === 'index.html') {
      // Every option of every game open, the start position's field too,
      // in Russian, whose words are the longer.
      await page.click('#lang-toggle');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      for (const game of GAMES) {
        await page.selectOption('#game', game);
        await page.evaluate(() => { for (const d of document.querySelectorAll('#setup details')) d.open = true; });
        const open = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth, screen: screen.width }));
        assert.ok(Math.max(open.scroll, open.inner) <= open.screen, `${game}'s options open: ${open.scroll} px wide on a ${open.screen} px screen`);
      }
      await page.click('#lang-toggle');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }
    if (where === 'online.html') {
      await page.waitForSelector('#lobby-view:not([hidden])');
      await shot(page, 'lobby');
    }
    await page.close();
  }
});
