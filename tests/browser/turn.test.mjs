// Browser tests of the "your move" signals (issue 27; web/turn.js): the
// sound, the notification and the tab's title, each checked by what it
// really does, not by the page's own count of signals (body
// data-turn-signals, which goes up whether or not a sound or a
// notification is given). An init script, run before the page's own,
// records every sound started (AudioScheduledSourceNode.start, the
// oscillator's start, in a running audio context), every Notification made
// (a stand-in for the browser's, which asks the real one for the
// permission) and every title set, and lets a test say that the page is
// hidden (document.hidden and visibilityState, which turn.js reads).
// Against the computer on the play page (level 1, *Star on the small
// board) a turn coming back is the computer's answer; the Russian title and
// the Russian result line are an online game against the computer in a
// ru-RU browser, resigned. ASTERISM_URL is a running `asterism serve`
// (scripts/browser-test.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';

const WAIT = 20000;  // a move at level 1 takes well under a second; far above it
const VIEWPORT = { width: 1280, height: 900 };
const PLAIN = '*Star, small board \u00b7 asterism';  // the play page's title, web/locales/en-options.js
const YOURS = '(your move) ';                         // 'turn.yours', web/locales/en-play.js
const RU_PLAIN = '*Star, малое поле по сети \u00b7 asterism';  // 'og.title' and 'title.starstar.6', ru
const RU_YOURS = '(ваш ход) ';                                 // 'turn.yours', web/locales/ru-play.js

let browser;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});

after(async () => {
  if (browser) await browser.close();
});

// Runs in the page before its scripts (addInitScript): window.turnTest
// holds what the page did.
function instrument() {
  /** @type {{starts: object[], notes: object[], titles: string[], hidden: boolean}} */
  const rec = { starts: [], notes: [], titles: [], hidden: false };
  Object.defineProperty(window, 'turnTest', { value: rec });
  // A sound: a source node started in an audio context that is running
  // (a suspended context makes no sound).
  const source = AudioScheduledSourceNode.prototype;
  const start = source.start;
  source.start = function (...args) {
    if (this.context.state === 'running') rec.starts.push({ node: this.constructor.name, title: document.title });
    return start.apply(this, args);
  };
  // The page in view or not, as the test says.
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => rec.hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true,
    get: () => (rec.hidden ? 'hidden' : 'visible') });
  // Notifications made are recorded, not shown; the permission is the
  // browser's own (the test grants or withdraws it).
  const Real = window.Notification;
  class Recorded extends EventTarget {
    constructor(title, options = {}) {
      super();
      this.title = title;
      this.body = options.body;
      rec.notes.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
    static get permission() { return Real.permission; }
    static requestPermission(callback) { return Real.requestPermission(callback); }
  }
  window.Notification = /** @type {any} */ (Recorded);
  // Each title the page sets, in order (a repeat of the last one is not new).
  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
  Object.defineProperty(Document.prototype, 'title', {
    configurable: true,
    get: title.get,
    set(v) {
      if (rec.titles[rec.titles.length - 1] !== v) rec.titles.push(v);
      title.set.call(this, v);
    },
  });
}

async function context(options = {}) {
  const c = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', ...options });
  await c.addInitScript(instrument);
  return c;
}

async function open(c, address) {
  const page = await c.newPage();
  page.setDefaultTimeout(WAIT);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.goto(new URL(address, url).href);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const rec = (page) => page.evaluate(() => window.turnTest);
const signals = (page) => page.evaluate(() => Number(document.body.dataset.turnSignals || 0));
const setHidden = (page, hidden) => page.evaluate((h) => {
  window.turnTest.hidden = h;
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

async function clickCell(page, name) {
  const cell = page.locator(`#board .cells [data-cell="${name}"]`);
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// A new game on the play page: *Star on the small board, the person first
// against the computer at level 1.
async function newLocal(page) {
  await page.waitForSelector('#board .cell');
  await page.selectOption('#game', 'starstar');
  await page.selectOption('[data-option="size"]', '6');
  await page.selectOption('#seat0', 'human');
  await page.selectOption('#seat1', 'computer');
  await page.selectOption('#level', '1');
  const old = await page.evaluate(() => window.asterism.state && window.asterism.state.id);
  await page.click('#new');
  await page.waitForFunction((o) => window.asterism.state && window.asterism.state.id !== o &&
    window.asterism.state.ply === 0 && !window.asterism.busy, old);
}

// The person's move (the first legal one, by a click) and the computer's
// answer; the titles set meanwhile, and the signals then counted.
async function playTurn(page) {
  const { ply, move, titles } = await page.evaluate(() => ({
    ply: window.asterism.state.ply, move: window.asterism.state.view.moves[0], titles: window.turnTest.titles.length,
  }));
  for (const c of move.path) await clickCell(page, c);
  await page.waitForFunction((n) => window.asterism.state.ply === n + 2 && !window.asterism.busy, ply);
  await page.waitForTimeout(150);  // room for a second sound or notification, were there one
  const r = await rec(page);
  return { titles: r.titles.slice(titles), last: await page.evaluate(() => window.asterism.state.history.at(-1)) };
}

test('the sound: one at the turn, none when switched off, the choice remembered after a reload', async () => {
  const c = await context();
  try {
    const page = await open(c, 'index.html');
    await newLocal(page);
    assert.ok(await page.isChecked('#sound'), 'the sound is on at first');
    assert.equal((await rec(page)).starts.length, 0, 'no sound before a turn');

    // The computer's answer makes one sound, with the title saying whose move.
    // (The first look at a game is not news: no "(your move)" at ply 0.)
    assert.equal(await page.title(), PLAIN);
    let turn = await playTurn(page);
    let r = await rec(page);
    assert.equal(r.starts.length, 1, 'one sound at the turn');
    assert.equal(r.starts[0].node, 'OscillatorNode');
    assert.equal(r.starts[0].title, YOURS + PLAIN);
    assert.deepEqual(turn.titles, [YOURS + PLAIN]);
    assert.equal(await signals(page), 1);

    // Switched off: the next turn is signalled, silently; the title loses
    // "(your move)" while the computer is to move.
    await page.click('#sound');
    assert.equal(await page.isChecked('#sound'), false);
    turn = await playTurn(page);
    assert.deepEqual(turn.titles, [PLAIN, YOURS + PLAIN], 'no "(your move)" while the computer is to move');
    assert.equal(await signals(page), 2, 'the turn came back');
    assert.equal((await rec(page)).starts.length, 1, 'no sound once switched off');

    // After a reload the game is back, the box still off, and still silent.
    const id = await page.evaluate(() => window.asterism.state.id);
    await page.reload();
    await page.waitForFunction((i) => window.asterism.state && window.asterism.state.id === i && !window.asterism.busy, id);
    assert.equal(await page.isChecked('#sound'), false, 'off is remembered');
    turn = await playTurn(page);
    assert.equal(await signals(page), 1, 'the turn came back after the reload');
    assert.equal((await rec(page)).starts.length, 0, 'still no sound after the reload');
    assert.equal(turn.titles.at(-1), YOURS + PLAIN);

    // Switched on again: ticking it plays the sound once as a sample; after
    // a reload it is still on and the next turn sounds.
    await page.click('#sound');
    assert.equal((await rec(page)).starts.length, 1, 'the sample when switched on');
    await page.reload();
    await page.waitForFunction((i) => window.asterism.state && window.asterism.state.id === i && !window.asterism.busy, id);
    assert.ok(await page.isChecked('#sound'), 'on is remembered');
    assert.equal((await rec(page)).starts.length, 0);
    await playTurn(page);
    r = await rec(page);
    assert.equal(r.starts.length, 1, 'one sound at the turn after the reload');
    assert.deepEqual(page.errors, []);
  } finally {
    await c.close();
  }
});

test('the notification: one at the turn while the page is hidden, if asked for and allowed', async () => {
  const c = await context();
  try {
    await c.grantPermissions(['notifications'], { origin: new URL(url).origin });
    const page = await open(c, 'index.html');
    await newLocal(page);
    assert.ok(await page.locator('#notify-label').isVisible(), 'the browser can notify: the box is shown');
    assert.equal(await page.isChecked('#notify'), false, 'off until asked for');
    await page.click('#sound');  // quiet: this test is about notifications
    await page.click('#notify');
    assert.ok(await page.isChecked('#notify'), 'allowed already: the box stays ticked');
    assert.equal(await page.evaluate(() => localStorage.getItem('asterism-notify')), 'on');

    // In view: the title says it, no notification.
    await playTurn(page);
    assert.equal(await signals(page), 1);
    assert.equal(await page.title(), YOURS + PLAIN);
    assert.deepEqual((await rec(page)).notes, [], 'no notification while the page is in view');

    // Hidden: one notification, the game's title and the computer's move.
    await setHidden(page, true);
    const { last } = await playTurn(page);
    assert.equal(await signals(page), 2);
    assert.deepEqual((await rec(page)).notes, [
      { title: PLAIN, body: `The computer played ${last}: your move.`, tag: 'asterism-your-move' },
    ], 'one notification while the page is hidden');

    // Switched off: none.
    await setHidden(page, false);
    await page.click('#notify');
    assert.equal(await page.evaluate(() => localStorage.getItem('asterism-notify')), 'off');
    await setHidden(page, true);
    await playTurn(page);
    assert.equal(await signals(page), 3);
    assert.equal((await rec(page)).notes.length, 1, 'no notification once switched off');

    // Asked for but the permission withdrawn: none.
    await setHidden(page, false);
    await page.click('#notify');
    assert.ok(await page.isChecked('#notify'));
    await c.clearPermissions();
    assert.notEqual(await page.evaluate(() => Notification.permission), 'granted');
    await setHidden(page, true);
    await playTurn(page);
    assert.equal(await signals(page), 4);
    assert.equal((await rec(page)).notes.length, 1, 'no notification without the permission');

    // Reloaded without the permission, the box is unticked though asked for.
    await setHidden(page, false);
    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.equal(await page.evaluate(() => localStorage.getItem('asterism-notify')), 'on');
    assert.equal(await page.isChecked('#notify'), false, 'not allowed: not ticked');
    assert.deepEqual(page.errors, []);
  } finally {
    await c.close();
  }
});

test('the notification: none in a browser that did not allow it', async () => {
  const c = await context();
  try {
    const page = await open(c, 'index.html');
    await newLocal(page);
    await page.click('#sound');
    // Forced on in storage (as if asked for on another day): the permission
    // still decides.
    await page.evaluate(() => localStorage.setItem('asterism-notify', 'on'));
    assert.notEqual(await page.evaluate(() => Notification.permission), 'granted');
    await setHidden(page, true);
    await playTurn(page);
    assert.equal(await signals(page), 1);
    assert.deepEqual((await rec(page)).notes, [], 'no notification without the permission');
    // Ticking the box asks the browser, which says no: the box is unticked
    // and says why.
    await page.evaluate(() => localStorage.removeItem('asterism-notify'));
    await page.click('#notify');
    await page.waitForFunction(() => !document.querySelector('#notify').checked);
    assert.equal(await page.getAttribute('#notify', 'title'),
      'The browser does not allow this page notifications (see its site settings).');
    assert.equal(await page.evaluate(() => localStorage.getItem('asterism-notify')), 'off');
    assert.deepEqual(page.errors, []);
  } finally {
    await c.close();
  }
});

test('Russian: "(ваш ход)" in the title on the player\'s turn only, and the result line said once', async () => {
  const c = await context({ locale: 'ru-RU' });
  try {
    const page = await open(c, 'online.html');
    await page.waitForSelector('#game option', { state: 'attached' });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
    await page.selectOption('#game', 'starstar');
    await page.selectOption('[data-option="size"]', '6');
    await page.fill('#name', 'Аня');
    await page.selectOption('#seat', 'first');
    await page.selectOption('#opponent', 'computer');
    await page.waitForSelector('#level-label:not([hidden])');
    await page.selectOption('#level', '1');
    await page.click('#create-button');
    await page.waitForSelector('#status[data-you="0"]');
    const state = (k) => page.evaluate((key) => window.asterismOnline.state[key], k);
    assert.deepEqual((await state('players')).map((p) => p.name), ['Black', 'White']);

    // The player's turn: the title says so in Russian.
    await page.waitForFunction((t) => document.title.endsWith(t), RU_PLAIN);
    assert.equal(await page.title(), RU_YOURS + RU_PLAIN);
    // Her move, the computer's answer: no prefix while the computer is to move.
    const ply = await state('ply');
    const move = (await state('view')).moves[0];
    const from = (await rec(page)).titles.length;
    for (const cell of move.path) await clickCell(page, cell);
    await page.waitForSelector(`#status[data-ply="${ply + 2}"]`);
    await page.waitForFunction((t) => document.title === t, RU_YOURS + RU_PLAIN);
    assert.deepEqual((await rec(page)).titles.slice(from), [RU_PLAIN, RU_YOURS + RU_PLAIN]);

    // A reload: the page still acts for her seat and says it is her move.
    await page.reload();
    await page.waitForSelector('#status[data-you="0"]');
    await page.waitForFunction((t) => document.title === t, RU_YOURS + RU_PLAIN);

    // She resigns: the catalogue's Russian sentence, each thing said once,
    // and the title no longer says it is her move.
    await page.click('#resign');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), 'Чёрные сдались: Белые выиграли (0-1)');
    await page.waitForFunction((t) => document.title === t, RU_PLAIN);
    assert.ok((await rec(page)).titles.every((t) => !t.startsWith('(your move)')), 'no English title');
    await shot(page, 'turn-ru-resigned');
    assert.deepEqual(page.errors, []);
  } finally {
    await c.close();
  }
});
