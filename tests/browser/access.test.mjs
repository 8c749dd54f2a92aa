// Keyboards, screen readers and themes (issue 27, point 7), on the local
// page against the computer: Tab reaches the board; the arrow keys and
// Enter play a legal move in each of the four games, and the live region
// says it and the computer's answer; every cell has an accessible name;
// Escape forgets a move in progress; a typed move is played and an illegal
// or unknown one gets its error line; the move box completes from the
// legal moves of the position on screen, in the move list's notation; and the contrast of text (4.5:1) and
// of the men on every cell (3:1), computed from the colours the browser
// computed, in the light theme, the dark theme chosen with the header's
// button (remembered after a reload) and the dark theme the system asks
// for. Screenshots go to ASTERISM_SHOTS as access-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';
import { neighbour, screenCells, MOST_SUGGESTED } from '../../web/access.js';
import { GAMES, newGame, ply, view, ratio, pageColours, until } from './a11y-helpers.mjs';

let desktop;

before(async () => {
  desktop = await openContext({ viewport: { width: 1280, height: 900 } });
});

after(async () => {
  if (desktop) await desktop.close();
});

async function open(context, where, board = true) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(where, url).href);
  if (board) await page.waitForSelector('#board .cells [data-cell]');
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `access-${name}.png`) });
const focused = (page) => page.evaluate(() => document.activeElement?.closest('#board') ?
  document.activeElement.getAttribute('data-cell') : null);

// The arrow keys that take the focus from `from` to `to`, found by a
// search over the page's own rule (access.js, neighbour).
function keysTo(cells, from, to) {
  const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
  const seen = new Map([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) return seen.get(at);
    for (const k of keys) {
      const next = neighbour(cells, at, k);
      if (next && !seen.has(next)) { seen.set(next, [...seen.get(at), k]); queue.push(next); }
    }
  }
  return null;
}

// Walks the keyboard's focus to `cell` with the arrow keys, checking that
// it lands there.
async function walkTo(page, cell) {
  const v = await view(page);
  const flipped = await page.evaluate(() => window.asterism.flipped);
  const from = await focused(page);
  const keys = keysTo(screenCells(v, flipped), from, cell);
  assert.ok(keys, `${cell} can be reached from ${from} with the arrow keys`);
  for (const k of keys) await page.keyboard.press(k);
  assert.equal(await focused(page), cell);
  return keys.length;
}

test('Tab reaches the board; arrows and Enter play a move in each game; cells are named', async () => {
  const page = await open(desktop.context, 'index.html');
  for (const game of GAMES) {
    await newGame(page, game, { seats: ['human', 'computer'] });
    const v = await view(page);
    // The board: a named grid, every cell named after its name in moves.
    assert.equal(await page.getAttribute('#board', 'role'), 'grid');
    assert.match(await page.getAttribute('#board', 'aria-label'), /board, \d+ cells\. Arrow keys/);
    const names = await page.$$eval('#board [role="gridcell"]', (cs) => cs.map((c) => c.getAttribute('aria-label')));
    assert.equal(names.length, v.cells.length, `${game}: every cell is a named grid cell`);
    assert.deepEqual(names.map((n) => n.split(', ')[0]).sort(), v.cells.map((c) => c.name).sort());
    for (const p of v.pieces) {
      const label = await page.getAttribute(`#board [data-cell="${p.cell}"][role="gridcell"]`, 'aria-label');
      assert.doesNotMatch(label, /, empty/, `${game}: ${p.cell} says what stands on it`);
    }
    assert.equal(await page.locator('#board [tabindex="0"]').count(), 1, 'one cell in the tab order');

    // Tab from "New game" lands on the board.
    await page.focus('#new');
    await page.keyboard.press('Tab');
    assert.ok(await focused(page), `${game}: Tab reaches the board`);
    await shot(page, `keyboard-${game}`);

    // A legal move far from where the focus starts (the first of its cells'
    // moves, which is the chooser's first button where a pick is asked).
    const far = v.moves[v.moves.length - 1];
    const move = v.moves.find((m) => m.path.join() === far.path.join());
    let steps = 0;
    const before = await ply(page);
    // What the live region says, one line at a time.
    await page.evaluate(() => {
      window.said = [];
      new MutationObserver(() => window.said.push(document.querySelector('#announce').textContent))
        .observe(document.querySelector('#announce'), { childList: true, characterData: true, subtree: true });
    });
    for (const cell of move.path) {
      steps += await walkTo(page, cell);
      await page.keyboard.press('Enter');
    }
    if (await page.locator('#chooser').isVisible()) {
      assert.equal(await page.evaluate(() => document.activeElement.dataset.move), move.text,
        'the chooser takes the focus at its first choice');
      await page.keyboard.press('Enter');
    }
    await until(page, (p) => window.asterism.state.ply > p, before, 30000);
    assert.equal((await page.evaluate(() => window.asterism.state.history))[before], move.text);
    assert.ok(steps > 0, `${game}: the arrow keys moved the focus (${steps} presses)`);
    // The live region says the move, then the computer's answer (when it is
    // the computer's turn: Asterisk's first player places twice at first).
    const [me, it] = (await page.evaluate(() => window.asterism.state.players)).map((p) => p.name);
    // An Asterisk piece is said by its looks, its code in brackets (issue 43):
    // "First played a dark hexagon (dhe) on c3.", not "First played dhe@c3.".
    const spoken = (who, text) => {
      const drop = /^([a-z]{3})@(\S+)$/.exec(text);
      const words = drop ? `a .*\\(${drop[1]}\\) on ${drop[2]}` : text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return `${who} played ${words}\\.`;
    };
    const heard = (line) => page.waitForFunction((re) => window.said.some((s) => new RegExp(re).test(s)), line);
    await heard(spoken(me, move.text));
    if (await page.evaluate(() => window.asterism.state.to_move === 1)) {
      await until(page, (p) => window.asterism.state.ply > p && !window.asterism.busy, before + 1);
      const answer = (await page.evaluate(() => window.asterism.state.history))[before + 1];
      await heard(spoken(it, answer));
    }
    assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
    assert.ok(await focused(page), `${game}: the board keeps the focus after the move`);

    // Escape forgets a move begun from the keyboard.
    const again = (await view(page)).moves.find((m) => m.path.length > 1);
    if (again) {
      await walkTo(page, again.path[0]);
      await page.keyboard.press('Enter');
      assert.deepEqual(await page.evaluate(() => window.asterism.path), [again.path[0]]);
      assert.match(await page.getAttribute(`#board [data-cell="${again.path[0]}"][role="gridcell"]`, 'aria-label'), /selected/);
      await page.keyboard.press('Escape');
      assert.deepEqual(await page.evaluate(() => window.asterism.path), []);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a typed move is played; an illegal or unknown one gets its error line', async () => {
  const page = await open(desktop.context, 'index.html');
  for (const game of GAMES) {
    await newGame(page, game);
    const v = await view(page);
    const move = v.moves[Math.floor(v.moves.length / 2)];
    await page.fill('#move-text', move.text.toUpperCase() === move.text ? move.text : move.text.toUpperCase());
    await page.press('#move-text', 'Enter');
    await page.waitForFunction(() => window.asterism.state.ply === 1);
    assert.equal((await page.evaluate(() => window.asterism.state.history))[0], move.text, `${game}: typed and played`);
    assert.equal(await page.inputValue('#move-text'), '');
    assert.equal(await page.textContent('#move-error'), '');
  }
  // Shatra: an illegal move (a man to a square it cannot reach), and a cell the board has not.
  await newGame(page, 'shatra');
  await page.fill('#move-text', 'c1-c14');
  await page.click('#move-play');
  assert.match(await page.textContent('#move-error'), /^\u201cc1-c14\u201d is not a legal move now\. Moves are written like c1-a6/);
  assert.equal(await page.getAttribute('#move-text', 'aria-invalid'), 'true');
  assert.equal(await ply(page), 0);
  await page.fill('#move-text', 'c1-z9');
  await page.press('#move-text', 'Enter');
  await page.waitForFunction(() => document.querySelector('#move-error').textContent.includes('The server says'));
  assert.match(await page.textContent('#move-error'), /is not a move of this game: there is no cell or piece \u201cz9\u201d/);
  await shot(page, 'typed-error');
  assert.equal(await ply(page), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The legal moves of the local game's position as the server lists them
// (GET /api/games/ID/legal, sorted), and the suggestions of the
// <datalist> tied to the move box by its `list` (null: none is).
const legal = (page) => page.evaluate(async () =>
  (await (await fetch(`/api/games/${window.asterism.state.id}/legal`)).json()).moves);
const suggested = (page) => page.evaluate(() => {
  const list = /** @type {HTMLInputElement} */ (document.getElementById('move-text')).list;
  return list ? [...list.options].map((o) => o.value) : null;
});
const sorted = (moves) => (moves ? [...moves].sort() : moves);

// Types `text` in the move box and plays it with Enter.
async function typeMove(page, text) {
  const before = await ply(page);
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
  await until(page, (p) => window.asterism.state.ply === p + 1 && !window.asterism.busy, before);
}

test('the move box completes from the legal moves, in the notation of the move list', async () => {
  // The server's games (?engine=server), whose legal moves the test reads
  // from the server's /legal, independently of the page.
  const page = await open(desktop.context, 'index.html?engine=server');
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById('more')).open = true; });
  // Two chess-like games (Shatra in its numbered cells) and two of placing.
  for (const [game, options] of [['shatra', { notation: 'numeric' }], ['starpool', {}], ['asterisk', {}], ['starstar', {}]]) {
    await newGame(page, game, { options });
    assert.equal(await page.getAttribute('#move-form', 'autocomplete'), 'off', 'no history of typed text');
    const start = await legal(page);
    assert.ok(start.length > 1 && start.length <= MOST_SUGGESTED, `${game}: ${start.length} moves at the start`);
    assert.deepEqual(sorted(await suggested(page)), sorted(start), `${game}: the start position's legal moves`);
    if (game === 'shatra') assert.ok(start.every((m) => /^\d+-\d+$/.test(m)), 'Shatra\'s numbered cells');
    // One of them typed is played as the move list writes it; the list is
    // then the new position's.
    const move = start[Math.floor(start.length / 3)];
    await typeMove(page, move);
    assert.equal((await page.evaluate(() => window.asterism.state.history))[0], move, `${game}: ${move} played`);
    assert.equal(await page.textContent('#move-error'), '');
    const next = await legal(page);
    assert.notDeepEqual(sorted(next), sorted(start));
    assert.deepEqual(sorted(await suggested(page)), sorted(next), `${game}: the list follows the move`);
    // Browsing back: no move is made there, no move is offered; back at the
    // game's position, its moves again; a takeback, the start's.
    await page.click('#first');
    await until(page, () => window.asterism.position.ply === 0);
    assert.deepEqual(await suggested(page), [], `${game}: nothing offered while browsing`);
    await page.click('#last');
    await until(page, () => window.asterism.position.ply === 1);
    assert.deepEqual(sorted(await suggested(page)), sorted(next));
    await page.click('#undo');
    await until(page, () => window.asterism.state.ply === 0 && !window.asterism.busy);
    assert.deepEqual(sorted(await suggested(page)), sorted(start), `${game}: the list follows a takeback`);
  }

  // A larger Asterisk board has more moves than the list holds: it holds
  // the first MOST_SUGGESTED, then those that begin as the text typed.
  await newGame(page, 'asterisk', { options: { size: '15' } });
  const many = await legal(page);
  assert.ok(many.length > MOST_SUGGESTED, `${many.length} moves on the larger board`);
  const first = await suggested(page);
  assert.equal(first.length, MOST_SUGGESTED);
  assert.ok(first.every((m) => many.includes(m)));
  const prefix = many[many.length - 1].split('@')[0] + '@';
  await page.fill('#move-text', prefix.toUpperCase());
  assert.deepEqual(sorted(await suggested(page)), many.filter((m) => m.startsWith(prefix)), `typed ${prefix}`);

  // A game played to its end from the list (small Asterisk, each time the
  // list's last move): at every position the list is the view's legal
  // moves, and once the game is over it is empty.
  await newGame(page, 'asterisk', { options: { size: '8' } });
  for (let i = 0; i < 200 && !(await page.evaluate(() => window.asterism.state.terminal)); i++) {
    const offered = await suggested(page);
    assert.deepEqual(offered, (await view(page)).moves.map((m) => m.text), `ply ${i}`);
    await typeMove(page, offered[offered.length - 1]);
  }
  assert.ok(await page.evaluate(() => window.asterism.state.terminal), 'the game ended');
  assert.deepEqual(await suggested(page), [], 'nothing offered once the game is over');
  await shot(page, 'move-box-over');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The contrasts of the page in its present theme: every text at least
// 4.5:1 on its background, every man at least 3:1 (its body or its
// outline) on every cell fill the board shows. Returns the least of each.
async function contrasts(page, theme) {
  const { texts, men } = await page.evaluate(pageColours, ['#status', '#game-title', '#moves .number',
    '#moves button.move', 'header a', 'header h1', '#new', '#controls label', '.note', '#move-error',
    'label[for="move-text"]', 'aside h2', '#board .cell-label', '#theme-toggle', 'summary']);
  let leastText = Infinity, leastMan = Infinity;
  assert.ok(texts.length >= 12, `${theme}: the texts measured (${texts.length})`);
  for (const [what, fg, bg] of texts) {
    const r = ratio(fg, bg);
    leastText = Math.min(leastText, r);
    assert.ok(r >= 4.5, `${theme}: ${what} has ${r.toFixed(2)}:1 (${fg} on ${bg})`);
  }
  for (const [what, body, outline, cells] of men) {
    for (const cell of cells) {
      const r = Math.max(body ? ratio(body, cell) : 0, outline ? ratio(outline, cell) : 0);
      leastMan = Math.min(leastMan, r);
      assert.ok(r >= 3, `${theme}: ${what} has ${r.toFixed(2)}:1 on a cell of ${cell}`);
    }
  }
  return { leastText: +leastText.toFixed(2), leastMan: +leastMan.toFixed(2), men: men.length };
}

test('contrast: text 4.5:1 and men 3:1 on every cell, light and dark, from the computed colours', async (t) => {
  const page = await open(desktop.context, 'index.html');
  await page.evaluate(() => localStorage.removeItem('asterism-theme'));
  await page.reload();
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  await page.check('#labels');
  const figures = {};
  for (const game of GAMES) {
    await newGame(page, game);
    // Men of both sides on the board (a *Star board starts empty), an error
    // line, and a move in progress so that its highlighted cells count too.
    for (let i = 0; i < 2; i++) {
      const m = (await view(page)).moves.find((x) => x.path.length > 0);
      await page.fill('#move-text', m.text);
      await page.press('#move-text', 'Enter');
      await page.waitForFunction((p) => window.asterism.state.ply === p, i + 1);
    }
    await page.fill('#move-text', 'zz');
    await page.click('#move-play');
    await page.waitForFunction(() => document.querySelector('#move-error').textContent !== '');
    const start = (await view(page)).moves.find((x) => x.path.length > 1);
    if (start) await page.click(`#board .cells [data-cell="${start.path[0]}"]`, { force: true });
    for (const theme of ['light', 'dark']) {
      if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme-toggle');
      assert.equal(await page.getAttribute('html', 'data-theme'), theme);
      figures[`${game} ${theme}`] = await contrasts(page, `${game} ${theme}`);
      await shot(page, `${game}-${theme}`);
    }
    await page.click('#theme-toggle');
  }
  t.diagnostic(`least contrast per game and theme: ${JSON.stringify(figures)}`);
  // The choice is remembered: dark after a reload.
  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.reload();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.textContent('#theme-toggle'), 'Light');
  await page.evaluate(() => localStorage.removeItem('asterism-theme'));
  assert.deepEqual(page.errors, []);
  await page.close();

  // With no choice made, the system's preference decides.
  const dark = await openContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  try {
    const p = await open(dark.context, 'online.html', false);
    await p.waitForSelector('#lobby-view:not([hidden])');
    assert.equal(await p.getAttribute('html', 'data-theme'), 'dark');
    await shot(p, 'lobby-dark');
  } finally {
    await dark.close();
  }
});
