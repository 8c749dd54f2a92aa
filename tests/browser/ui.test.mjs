// Browser tests of the asterism UI: Playwright (playwright-core only, so it
// never downloads a browser) drives Debian's chromium against a running
// `asterism serve`, whose address is in ASTERISM_URL (scripts/browser-test.sh
// starts one). For each game: start it, move by clicking (and dragging for
// the chess-likes), see the computer reply, undo, and reach the end of a
// game. Screenshots go to ASTERISM_SHOTS (default build/browser/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { url, shots, openContext } from './chromium.mjs';

let context;
let browser;

before(async () => {
  browser = await openContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  context = browser.context;
});

after(async () => {
  if (browser) await browser.close();
});

// A fresh page on the UI, with page errors collected so a test can fail on them.
async function open() {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('#board .cell');
  return page;
}

// Starts a game from the setup bar. `more` options live under "More options".
async function newGame(page, game, { options = {}, seats = ['human', 'human'], level = 1,
  position = '' } = {}) {
  // On a phone the setup is a panel behind a button (menu.js): opened first.
  if (!(await page.isVisible('#game')) && (await page.isVisible('#setup-toggle'))) await page.click('#setup-toggle');
  await page.selectOption('#game', game);
  await page.evaluate(() => { document.querySelector('#more').open = true; });
  for (const [k, v] of Object.entries(options)) await page.selectOption(`[data-option="${k}"]`, v);
  await page.fill('#position', position);
  await page.selectOption('#seat0', seats[0]);
  if (await page.locator('#seat1').isVisible()) await page.selectOption('#seat1', seats[1]);
  await page.selectOption('#level', String(level));
  const before = await state(page, 'id').catch(() => null);
  await page.click('#new');
  await page.waitForFunction((old) => window.asterism.state && window.asterism.state.id !== old &&
    !window.asterism.busy, before);
}

const state = (page, key) => page.evaluate((k) => window.asterism.state[k], key);

async function cell(page, name) {
  return page.locator(`#board .cells [data-cell="${name}"]`);
}

async function click(page, name) {
  // The topmost element on a cell (a man, or the cell) takes the click.
  await (await cell(page, name)).scrollIntoViewIfNeeded();
  const box = await (await cell(page, name)).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function drag(page, from, to) {
  await (await cell(page, from)).scrollIntoViewIfNeeded();
  const a = await (await cell(page, from)).boundingBox();
  const b = await (await cell(page, to)).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

const waitPly = (page, ply) => page.waitForFunction((n) => window.asterism.state.ply === n &&
  !window.asterism.busy, ply, { timeout: 30000 });

const waitEnd = (page) => page.waitForFunction(() => window.asterism.state.terminal &&
  !window.asterism.busy, null, { timeout: 90000 });

// The message line says `re`; on failure, what the page was doing and a
// screenshot, to tell a wrong message from a wrong state.
async function expectMessage(page, re) {
  const text = await page.textContent('#message');
  if (re.test(text)) return;
  const info = await page.evaluate(() => ({
    history: window.asterism.state.history, path: window.asterism.path,
    busy: window.asterism.busy, status: document.querySelector('#status').textContent,
  }));
  await shot(page, `failed-${Date.now()}`);
  assert.fail(`message '${text}' does not match ${re}: ${JSON.stringify(info)}`);
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

// Switches both seats to the computer at level 1 and waits for the end.
async function finishByComputer(page) {
  await page.selectOption('#level', '1');
  await page.selectOption('#seat0', 'computer');
  if (await page.locator('#seat1').isVisible()) await page.selectOption('#seat1', 'computer');
  await waitEnd(page);
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('Game over'));
}

test('*Star: click a cell, the computer answers, undo, labels, flip, browse, finish', async () => {
  const page = await open();
  await newGame(page, 'starstar', { options: { size: '6' }, seats: ['human', 'computer'] });
  assert.equal((await state(page, 'game')), 'starstar:size=6,swap=false');
  assert.equal(await page.locator('#board .cells .cell').count(), 105);
  assert.match(await page.textContent('#score h2'), /if the game ended now/i);

  await click(page, '*10');
  await waitPly(page, 2);
  assert.equal(await page.locator('#board .men .owner-0[data-cell="*10"]').count(), 1);
  assert.equal(await page.locator('#board .men .owner-1').count(), 1);
  assert.equal(await page.locator('#moves button.move').count(), 2);
  assert.equal(await page.textContent('#moves li .number'), '1.');
  // The computer has answered: the title says it is the person's move.
  assert.equal(await page.title(), '(your move) *Star, small board \u00b7 asterism');

  // An occupied cell is refused with a message, and nothing is sent.
  await click(page, '*10');
  await expectMessage(page, /taken/);
  assert.equal(await state(page, 'ply'), 2);

  await page.check('#labels');
  assert.ok(await page.locator('#board .cell-label', { hasText: 'S21' }).count() >= 1);
  await page.click('#flip');
  assert.match(await page.getAttribute('#board', 'class'), /flipped/);
  await shot(page, 'starstar-labels-flipped');
  await page.click('#flip');
  await page.uncheck('#labels');

  // Browsing back shows the earlier position without changing the game.
  await page.click('[data-testid="nav-first"]');
  await page.waitForFunction(() => window.asterism.shown.ply === 0);
  assert.match(await page.textContent('#status'), /looking back/);
  assert.equal(await page.locator('#board .men .man').count(), 0);
  await click(page, 'S10');
  await expectMessage(page, /earlier position/);
  await page.click('[data-testid="nav-last"]');
  await page.waitForFunction(() => window.asterism.shown.ply === 2);

  // Undo against the computer takes back its reply too.
  await page.click('#undo');
  await waitPly(page, 0);
  assert.equal(await page.locator('#board .men .man').count(), 0);

  // The engine's analysis adds a point to the win-rate graph.
  await page.click('#analyse-now');
  await page.waitForFunction(() => Number(document.querySelector('#graph').dataset.points) >= 1);
  assert.ok(await page.locator('#candidates li').count() >= 1);

  await finishByComputer(page);
  assert.equal(await state(page, 'ply'), 105);
  assert.match(await page.textContent('#score h2'), /Final score/);
  await shot(page, 'starstar-end');

  // Save the record and load it back: the same moves.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const file = path.join(shots, 'starstar.rec');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^Game: starstar:size=6,swap=false$/m);
  assert.match(text, /^105\. /m);
  const history = await state(page, 'history');
  await page.selectOption('#seat0', 'human');
  await page.selectOption('#seat1', 'human');
  // The seats' change is a request of its own: let its answer land before
  // loading, or it may arrive after the loaded game and show the old one.
  await page.waitForFunction(() => window.asterism.state.players.every((p) => p.seat === 'human'));
  // The id is read before the file goes in: a quick load would otherwise
  // be over before the wait began, and the wait would never end.
  const shownId = await state(page, 'id');
  await page.setInputFiles('#load', file);
  await page.waitForFunction((old) => window.asterism.state.id !== old, shownId);
  assert.deepEqual(await state(page, 'history'), history);
  assert.equal(await state(page, 'terminal'), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Asterisk: pick a piece from the supply or the chooser, computer replies, undo, finish',
  async () => {
    const page = await open();
    await newGame(page, 'asterisk', { options: { size: '8' }, seats: ['human', 'computer'] });
    assert.equal(await page.locator('#board .cells .cell').count(), 36);
    // Six types, each visibly different: colour, shape and marking classes.
    const kinds = await page.$$eval('#score .supply-piece .apiece',
      (els) => els.map((e) => e.getAttribute('class')));
    assert.equal(new Set(kinds).size, 6);
    assert.match(await page.textContent('#score'), /×6/);

    // The opening: three pieces of three types by the first player.
    await page.click('#score .supply-piece[data-type="dhe"]');
    await click(page, 'a1');
    await waitPly(page, 1);
    assert.equal(await page.locator('#board .men [data-cell="a1"] .apiece.dark.hex').count(), 1);
    // A cell clicked without a piece asks which piece.
    await click(page, 'b8');
    await page.waitForSelector('#chooser:not([hidden])');
    await page.click('#chooser button[data-pick="lca"]');
    await waitPly(page, 2);
    await page.click('#score .supply-piece[data-type="dca"]');
    await click(page, 'h8');
    // The computer (second player) answers or swaps.
    await waitPly(page, 4);
    assert.match(await page.textContent('#score .supply'), /×5/);
    await click(page, 'a1');
    await expectMessage(page, /taken/);
    await shot(page, 'asterisk-opening');

    await page.click('#undo');
    await waitPly(page, 2);

    // Analysing every position while the computer plays itself fills the graph.
    await page.check('#analysis');
    await finishByComputer(page);
    const outcome = await state(page, 'outcome');
    assert.ok(outcome.length > 0);
    await page.waitForFunction(() => !window.asterism.analysing);
    // One analysis at a time, then the newest position: a level-1 game can
    // end while the first (level 6) still runs, and the end has nothing to
    // analyse, so the play may leave a single point (it did once in CI,
    // under the sanitizer build's load). The position before the end,
    // looked back at, is analysed too: a second point.
    const played = Number(await page.getAttribute('#graph', 'data-points'));
    assert.ok(played >= 1, 'the play gave the graph its first point');
    await page.click('#back');
    await page.waitForFunction(() => Number(document.querySelector('#graph').dataset.points) >= 2);
    await shot(page, 'asterisk-end');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

test('Shatra: a drop by dragging, the computer replies, undo; a capture chain ends the game',
  async () => {
    const page = await open();
    await newGame(page, 'shatra', { seats: ['human', 'computer'] });
    assert.equal(await page.locator('#board .cells .cell').count(), 62);
    assert.equal(await page.locator('#board .ditch').count(), 1);
    assert.equal(await page.locator('#board .temdek').count(), 2);
    assert.equal(await page.locator('#board .cell.fortress').count(), 18);
    // A wrong target explains itself. (Checked before the computer has
    // moved: its reply may leave White a compulsory capture, and then c5
    // has no move at all.)
    await click(page, 'c5');
    await click(page, 'c9');
    await expectMessage(page, /not a legal move/);
    // A reserve man is dropped by dragging it onto its half of the field.
    await drag(page, 'd2', 'e6');
    await waitPly(page, 2);
    assert.equal((await state(page, 'history'))[0], 'd2-e6');
    await page.click('#undo');
    await waitPly(page, 0);

    // White's shatra takes two men in one chain, the biy last.
    await newGame(page, 'shatra', {
      position: '3/3/3/1/7/7/4k2/7/3s3/K1S4/1/3/3/3 w - - - - 0 1',
    });
    await click(page, 'c5');
    assert.equal(await page.locator('#board .cell.target[data-cell="e7"]').count(), 1);
    await click(page, 'e7');
    assert.equal(await page.locator('#board .cell.target[data-cell="e9"]').count(), 1);
    await click(page, 'e9');
    await waitPly(page, 1);
    assert.equal((await state(page, 'history'))[0], 'c5:e7:e9');
    assert.equal(await state(page, 'terminal'), true);
    assert.match(await page.textContent('#status'), /White wins/);
    // The chain is drawn landing by landing.
    assert.equal(await page.locator('#board .step-number').count(), 2);
    await shot(page, 'shatra-chain-end');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

test('Star Pool Chess: a knight by dragging, a Wizard swap, the computer replies, undo; bare king wins',
  async () => {
    const page = await open();
    await newGame(page, 'starpool', { seats: ['human', 'computer'] });
    assert.equal(await page.locator('#board .cells .cell').count(), 84);
    assert.equal(await page.locator('#board .cell.citadel').count(), 4);
    assert.equal(await page.locator('#board .pool').count(), 1);
    await drag(page, 'b1', 'd2');
    await waitPly(page, 2);
    assert.equal((await state(page, 'history'))[0], 'b1-d2');
    await page.click('#undo');
    await waitPly(page, 0);
    // The Wizard in its citadel swaps with the Rook beside it.
    await click(page, 'w1');
    await click(page, 'a1');
    await waitPly(page, 2);
    assert.equal((await state(page, 'history'))[0], 'w1<>a1');
    await page.click('#undo');
    await waitPly(page, 0);

    await newGame(page, 'starpool', { position: '4k4/p8/9/9/4*4/9/9/9/R3K4 [----] w - 0 1' });
    await click(page, 'a1');
    await click(page, 'h8');
    await expectMessage(page, /not a legal move/);
    await click(page, 'a1');
    await click(page, 'a8');
    await waitPly(page, 1);
    assert.match(await page.textContent('#status'), /Game over: White wins/);
    await shot(page, 'starpool-end');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

test('draws by agreement: the computer declines, two people agree, the computer offers',
  async () => {
    const page = await open();
    await newGame(page, 'starstar', { options: { size: '6' }, seats: ['human', 'computer'] });
    // Level 1 does not search and nothing repeats: the computer declines.
    await page.click('#draw-offer');
    await page.waitForFunction(() => document.querySelector('#message').textContent !== '');
    await expectMessage(page, /White declines the draw/);
    assert.equal(await state(page, 'terminal'), false);

    // Two people at one screen: White offers, Black declines, then accepts.
    await newGame(page, 'starstar', { options: { size: '6' }, seats: ['human', 'human'] });
    await click(page, '*10');
    await waitPly(page, 1);
    await page.click('#draw-offer');
    await page.waitForSelector('#draw-banner:not([hidden])');
    assert.match(await page.textContent('#draw-text'), /White offers a draw\. Black, do you accept\?/);
    assert.equal(await page.isDisabled('#draw-offer'), true);
    await page.click('#draw-decline');
    await page.waitForSelector('#draw-banner', { state: 'hidden' });
    assert.equal(await state(page, 'terminal'), false);
    await page.click('#draw-offer');
    await page.waitForSelector('#draw-banner:not([hidden])');
    await shot(page, 'draw-offer');
    await page.click('#draw-accept');
    await page.waitForFunction(() => window.asterism.state.terminal && !window.asterism.busy);
    assert.match(await page.textContent('#status'), /Game over: Draw by agreement \(1\/2-1\/2\)/);
    assert.equal(await page.isHidden('#draw-banner'), true);
    assert.equal(await page.isDisabled('#draw-offer'), true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const file = path.join(shots, 'agreed.rec');
    await download.saveAs(file);
    assert.match(fs.readFileSync(file, 'utf8'), /^Termination: agreement$/m);
    await page.click('#undo');
    await waitPly(page, 0);
    assert.equal(await state(page, 'terminal'), false);

    // Shatra's biys stepping back and forth under shatrabase, which has no
    // draw rule: on the fifth time round the computer offers with its move,
    // and the banner asks the person.
    const cycle = ['a5-b5', 'g10-f10', 'b5-a5', 'f10-g10'];
    const moves = Array.from({ length: 17 }, (_, i) => `${i + 1}. ${cycle[i % 4]}`);
    const record = path.join(shots, 'shuffle.rec');
    fs.writeFileSync(record, ['Game: shatra:rules=shatrabase',
      'Position: 3/3/3/1/6k/7/6r/R6/7/K6/1/3/3/3 w - - - - 0 1', '', ...moves, ''].join('\n'));
    await page.selectOption('#seat0', 'human');
    await page.selectOption('#seat1', 'computer');
    await page.selectOption('#level', '1');
    await page.setInputFiles('#load', record);
    await waitPly(page, 18);
    // The record's game in words, and the setup bar showing the same rules.
    assert.equal(await page.textContent('#game-title'), "Shatra, the Shatrabase program's reading");
    assert.equal(await page.inputValue('[data-option="rules"]'), 'shatrabase');
    await page.waitForSelector('#draw-banner:not([hidden])');
    assert.match(await page.textContent('#draw-text'),
      /Black \(computer\) offers a draw\. White, do you accept\?/);
    await page.click('#draw-accept');
    await page.waitForFunction(() => window.asterism.state.terminal && !window.asterism.busy);
    assert.match(await page.textContent('#status'), /Draw by agreement/);
    await shot(page, 'draw-agreed');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

test('Shatra and Star Pool Chess: drawn men, letters on request, PGN saved and loaded', async () => {
  const page = await open();
  await page.evaluate(() => localStorage.removeItem('asterism-men'));
  await page.reload();
  await page.waitForSelector('#board .cell');
  await newGame(page, 'shatra', {});
  // Every man of the 34 is drawn (no letters): two biys, twenty-two shatras.
  assert.equal(await page.locator('#board .men .man').count(), 34);
  assert.equal(await page.locator('#board .men .letter').count(), 0);
  assert.equal(await page.locator('#board .men .glyph-king').count(), 2);
  assert.equal(await page.locator('#board .men .glyph-pawn').count(), 22);
  assert.equal(await page.locator('#board .men .owner-1 .glyph-queen').count(), 1);
  await click(page, 'c5');
  await click(page, 'c6');
  await waitPly(page, 1);
  await click(page, 'e10');
  await click(page, 'e9');
  await waitPly(page, 2);
  await shot(page, 'shatra-pieces');

  // Letters instead, remembered across a reload; then drawn men again.
  await page.check('#letters');
  assert.equal(await page.locator('#board .men .glyph').count(), 0);
  assert.equal(await page.locator('#board .men .letter', { hasText: 'K' }).count(), 2);
  await page.reload();
  await page.waitForSelector('#board .men .man');
  assert.equal(await page.isChecked('#letters'), true);
  assert.equal(await page.locator('#board .men .letter').count(), 34);
  await shot(page, 'shatra-letters');
  await page.uncheck('#letters');
  assert.equal(await page.locator('#board .men .glyph').count(), 34);

  // The game as PGN, and loaded back from it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-pgn')]);
  const file = path.join(shots, 'shatra.pgn');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^\[Variant "Shatra"\]$/m);
  assert.match(text, /^1\. c5-c6 e10-e9 \*$/m);
  const shownId = await state(page, 'id');
  await page.setInputFiles('#load', file);
  await page.waitForFunction((old) => window.asterism.state.id !== old, shownId);
  assert.deepEqual(await state(page, 'history'), ['c5-c6', 'e10-e9']);

  // Star Pool Chess: all ten men of both sides (the General, Captain and
  // Sergeant set up on ranks 2 and 8).
  await newGame(page, 'starpool', {
    position: 'rnelklenr/1g2c2s1/ppppppppp/9/4*4/9/PPPPPPPPP/1S2C2G1/RNELKLENR [WWww] w Kk 0 1',
  });
  for (const g of ['king', 'general', 'captain', 'elephant', 'knight', 'rook', 'wizard', 'pawn',
    'sergeant', 'lieutenant'])
    assert.equal(await page.locator(`#board .men .owner-0 .glyph-${g}`).count() > 0, true, g);
  await shot(page, 'starpool-pieces');
  // No Save PGN for a game that PGN does not cover.
  await newGame(page, 'starstar', { options: { size: '6' } });
  assert.equal(await page.isHidden('#save-pgn'), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Altai Shatra (spec section 14, `rules=original`): a biy and 23 shatras a
// side; the fortress shatras enter one at a time in a fixed order, and the
// page rings the one that enters next on the board and names it in the
// score panel; after an entry the next one in the order is ringed.
test('Altai Shatra: the next fortress shatra is ringed and named, and moves on after an entry',
  async () => {
    const page = await open();
    await newGame(page, 'shatra', { options: { rules: 'original' } });
    assert.match(await page.locator('#setup [data-option="rules"] option:checked').innerText(),
      /^Altai Shatra$/);
    assert.equal(await page.locator('#board .men .man').count(), 48);
    assert.equal(await page.locator('#board .men .glyph-king').count(), 2);
    assert.equal(await page.locator('#board .men .glyph-queen').count(), 0);
    const ringed = () => page.locator('#board .men .man.next-entry')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-cell')).sort());
    assert.deepEqual(await ringed(), ['c3', 'e12']);
    assert.match(await page.textContent('#score'), /closed, c3 enters next/);
    assert.match(await page.textContent('#score'), /closed, e12 enters next/);
    // An entry from the fortress to `to`; then `rings` are ringed and `next` named.
    const enter = async (from, to, ply, rings, next) => {
      await click(page, from);
      await click(page, to);
      await waitPly(page, ply);
      assert.equal((await state(page, 'history'))[ply - 1], `${from}-${to}`);
      assert.deepEqual(await ringed(), rings);
      assert.match(await page.textContent('#score'), new RegExp(`closed, ${next} enters next`));
    };
    // c3 enters (onto any empty cell of White's half), and d3 is next;
    // Black's order is White's turned half a turn: e12, then d12.
    await enter('c3', 'c7', 1, ['d3', 'e12'], 'd3');
    await enter('e12', 'e8', 2, ['d12', 'd3'], 'd12');
    await shot(page, 'shatra-original');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

test('a phone-sized screen shows the whole board in one column', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  await page.waitForSelector('#board .cell');
  await newGame(page, 'shatra', {});
  // The whole board, own fortress included, fits a screen with cells of
  // at least 32 px (touch.js; phone.test.mjs checks it under the header).
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width <= 390 && board.width >= 7.6 * 32, `board is ${board.width} wide`);
  assert.ok(board.height <= 844 - 60, `the board is ${board.height} px high`);
  const aside = await page.locator('aside').boundingBox();
  assert.ok(aside.y >= board.y + board.height - 1, 'the side panel is below the board');
  await click(page, 'c5');
  await click(page, 'c6');
  await waitPly(page, 1);
  await shot(page, 'phone-shatra');
  await newGame(page, 'starpool', {});
  await shot(page, 'phone-starpool');
  await page.close();
});
