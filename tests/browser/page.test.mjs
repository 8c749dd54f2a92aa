// Browser tests of "a page players enjoy" (issue 27): a move list numbered
// in every layout that shows a whole chain, a result line that says each
// thing once, "(your move)" in the tab's title on the player's turn only,
// and seat links: the secret leaves the address bar, the page still acts
// for the seat, and a second browser opening a seat that is connected
// elsewhere is asked before taking it over. Separate browser contexts are
// separate people (or one person's separate browsers); Bob is on a phone.
// ASTERISM_URL is a running `asterism serve`; screenshots go to
// ASTERISM_SHOTS (scripts/browser-test.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';
import { resultLine } from '../../web/names.js';

const ARRIVE = 10000;  // how long a move may take to reach another page (far above the real figure)
const PHONE = { width: 390, height: 844 };

let browser;
const people = {};  // ann, bob (a phone), ann2 and ann3 (Ann's other browsers), tim (the move list)

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  for (const who of ['ann', 'ann2', 'ann3', 'tim'])
    people[who] = await browser.newContext({ viewport: { width: who === 'tim' ? 800 : 1280, height: 900 } });
  people.bob = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
});

after(async () => {
  if (browser) await browser.close();
});

async function open(who, address) {
  const page = await people[who].newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(address, url).href);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const online = (page, key) => page.evaluate((k) => window.asterismOnline.state[k], key);
const you = (page, seat) => page.waitForSelector(`#status[data-you="${seat}"]`, { timeout: ARRIVE });
const waitPly = (page, ply) => page.waitForSelector(`#status[data-ply="${ply}"]`, { timeout: ARRIVE });

async function clickCell(page, name) {
  const cell = page.locator(`#board .cells [data-cell="${name}"]`);
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The first legal move of the seat to move, by clicks on `page`.
async function playFirst(page) {
  const ply = await online(page, 'ply');
  const move = (await online(page, 'view')).moves[0];
  for (const c of move.path) await clickCell(page, c);
  await waitPly(page, ply + 1);
  return move.text;
}

test('the result line says each thing once', () => {
  const players = [{ name: 'White' }, { name: 'Black' }];
  // The state's outcome_kind and outcome_side say how it ended; its English
  // `outcome` is not read (the wrong one given here shows it).
  const line = (kind, side, result, termination, status = 'finished') =>
    resultLine({ outcome: 'not read', outcome_kind: kind, outcome_side: side, result, termination, status, players });
  assert.equal(line('time', 'White', '0-1', 'time'), 'White loses on time: Black wins (0-1)');
  assert.equal(line('resigns', 'Black', '1-0', 'resignation'), 'Black resigns: White wins (1-0)');
  assert.equal(line('agreed', '', '1/2-1/2', 'agreement'), 'Draw by agreement (1/2-1/2)');
  assert.equal(line('wins', 'White', '1-0', 'rules'), 'White wins (1-0)');
  assert.equal(line('draw', '', '1/2-1/2', ''), 'Draw (1/2-1/2)');
  assert.equal(line('won', '', '1-0', 'rules'), 'Won (1-0)');
  assert.equal(line('lost', '', '0-1', 'rules'), 'Lost (0-1)');
  assert.equal(line('', '', '*', 'nobody joined in time', 'aborted'), 'Ended by the server: nobody joined in time (*)');
});

test('the move list: numbered rows in three columns, a whole chain', async () => {
  const page = await open('tim', 'index.html');
  await page.waitForSelector('#board .cell');
  const newGame = async (game, { options = {}, position = '', seats }) => {
    // On a narrow screen the setup is a panel behind a button (menu.js).
    if (!(await page.isVisible('#game')) && (await page.isVisible('#setup-toggle'))) await page.click('#setup-toggle');
    await page.selectOption('#game', game);
    await page.evaluate(() => { document.querySelector('#more').open = true; });
    for (const [k, v] of Object.entries(options)) await page.selectOption(`[data-option="${k}"]`, v);
    await page.fill('#position', position);
    await page.selectOption('#level', '1');
    await page.selectOption('#seat0', seats[0]);
    await page.selectOption('#seat1', seats[1]);
    const old = await page.evaluate(() => window.asterism.state && window.asterism.state.id);
    await page.click('#new');
    await page.waitForFunction((o) => window.asterism.state && window.asterism.state.id !== o, old);
  };
  // A whole small *Star game, the computer against itself.
  await newGame('starstar', { options: { size: '6' }, seats: ['computer', 'computer'] });
  await page.waitForFunction(() => window.asterism.state.terminal && !window.asterism.busy, null,
    { timeout: 90000 });
  const rows = await page.$$eval('#moves li', (lis) => lis.map((li) => ({
    number: li.querySelector('.number').textContent,
    moves: li.querySelectorAll('button.move').length,
    x: Math.round(li.getBoundingClientRect().left),
  })));
  assert.equal(rows.length, 53);  // 105 moves, two a row
  rows.forEach((r, i) => assert.equal(r.number, `${i + 1}.`));
  assert.deepEqual(rows.slice(0, -1).map((r) => r.moves), Array(52).fill(2));
  assert.equal(new Set(rows.map((r) => r.x)).size, 3, 'three columns of rows');
  assert.deepEqual(rows.slice(0, 3).map((r) => r.x), [...new Set(rows.map((r) => r.x))].sort((a, b) => a - b),
    'in reading order');
  assert.match(await page.textContent('#status'), /^Game over: \w+ wins \(\d-\d\)$|^Game over: Draw \(/);
  await shot(page, 'moves-three-columns');

  // Shatra: a chain of two captures is one move, shown whole.
  await newGame('shatra', { position: '3/3/3/1/7/7/4k2/7/3s3/K1S4/1/3/3/3 w - - - - 0 1', seats: ['human', 'human'] });
  for (const c of ['c5', 'e7', 'e9']) await clickCell(page, c);
  await page.waitForFunction(() => window.asterism.state.terminal);
  const chain = page.locator('#moves button.move').last();
  assert.equal(await chain.textContent(), 'c5:e7:e9');
  assert.ok(await chain.evaluate((b) => b.scrollWidth <= b.clientWidth + 1), 'the chain is not cut off');
  assert.equal(await page.textContent('#moves li .number'), '1.');
  assert.deepEqual(page.errors, []);
});

test('seat links: the secret leaves the address bar; "(your move)"; a second browser asks before taking over',
  async () => {
    // Ann creates a game for a person she invites.
    const ann = await open('ann', 'online.html');
    await ann.waitForSelector('#game option', { state: 'attached' });
    await ann.selectOption('#game', 'starstar');
    await ann.selectOption('[data-option="size"]', '6');
    await ann.fill('#name', 'Ann');
    await ann.selectOption('#seat', 'first');
    await ann.selectOption('#opponent', 'invite');
    await ann.click('#create-button');
    await ann.waitForSelector('#link-invite');
    await you(ann, 0);
    const id = await online(ann, 'id');
    const seatLink = await ann.inputValue('#link-seat');
    const invite = await ann.inputValue('#link-invite');
    assert.match(seatLink, /#game=[0-9a-f]{32}&secret=[0-9a-f]{32}$/);
    assert.doesNotMatch(ann.url(), /secret/);
    assert.match(ann.url(), new RegExp(`online\\.html#game=${id}$`));
    assert.equal(await ann.title(), '*Star, small board online \u00b7 asterism');  // waiting: nobody's move

    // After a reload the page still acts for the seat, without asking, and
    // still has the invitation to send.
    await ann.reload();
    await you(ann, 0);
    assert.ok(await ann.locator('#takeover').isHidden());
    assert.equal(await ann.inputValue('#link-invite'), invite);

    // Bob opens the invitation on his phone: the secret leaves his address bar too.
    const bob = await open('bob', invite);
    await bob.waitForSelector('#join:not([hidden])');
    assert.doesNotMatch(bob.url(), /secret/);
    await bob.fill('#join-name', 'Bob');
    await bob.click('#join-button');
    await you(bob, 1);
    // Ann is to move: her title says so, Bob's does not.
    await ann.waitForFunction(() => document.title.startsWith('(your move) '), null, { timeout: ARRIVE });
    assert.equal(await bob.title(), '*Star, small board online \u00b7 asterism');
    await playFirst(ann);
    await bob.waitForFunction(() => document.title.startsWith('(your move) '), null, { timeout: ARRIVE });
    assert.equal(await ann.title(), '*Star, small board online \u00b7 asterism');
    assert.equal(await bob.getAttribute('body', 'data-turn-signals'), '1');
    assert.ok(await bob.locator('#links').isVisible(), 'the seat holder can show the links');
    assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= screen.width && innerWidth <= screen.width));
    await shot(bob, 'page-phone-your-move');
    await playFirst(bob);

    // Ann's other browser opens her seat link while her first browser is
    // connected: it is asked first. Saying "Just watch" keeps it a spectator.
    const other = await open('ann3', seatLink);
    await other.waitForSelector('#takeover[open]', { timeout: ARRIVE });
    assert.match(await other.textContent('#takeover-text'), /another browser or tab/);
    assert.doesNotMatch(other.url(), /secret/);
    await other.click('#takeover-no');
    await you(other, -1);
    await other.waitForSelector('#taken-banner:not([hidden])');

    // A third browser of Ann's says "Play here": it acts for the seat, and
    // Ann's first browser is told at once (the server's `taken` event on
    // its seat stream), before any move, and watches.
    const ann2 = await open('ann2', seatLink);
    await ann2.waitForSelector('#takeover[open]', { timeout: ARRIVE });
    await shot(ann2, 'page-takeover-asked');
    await ann2.click('#takeover-yes');
    await you(ann2, 0);
    await ann.waitForSelector('#taken-banner:not([hidden])', { timeout: ARRIVE });
    assert.match(await ann.textContent('#taken-text'), /played in another browser or tab/);
    await you(ann, -1);
    await playFirst(ann2);

    // A second tab of Ann's first browser takes the seat from her third
    // browser, which is told at once and watches; then a third tab takes it
    // from the second, which is told at once too (by the tab channel or
    // the server, whichever is first).
    const tab = await open('ann', `online.html#game=${id}`);
    await tab.waitForSelector('#takeover[open]', { timeout: ARRIVE });
    await tab.click('#takeover-yes');
    await you(tab, 0);
    await you(ann2, -1);
    assert.match(await ann2.textContent('#taken-text'), /played in another browser or tab/);
    const tab2 = await open('ann', `online.html#game=${id}`);
    await tab2.waitForSelector('#takeover[open]', { timeout: ARRIVE });
    await tab2.click('#takeover-yes');
    await you(tab2, 0);
    await you(tab, -1);
    assert.match(await tab.textContent('#taken-text'), /another tab of this browser|another browser or tab/);

    // Bob resigns: the result line says it once.
    bob.once('dialog', (d) => d.accept());
    await bob.click('#resign');
    const [first, second] = (await online(bob, 'players')).map((p) => p.name);
    for (const page of [tab, bob]) {
      await page.waitForSelector('#result:not([hidden])', { timeout: ARRIVE });
      assert.equal(await page.textContent('#result'), `${second} resigns: ${first} wins (1-0)`);
    }
    await shot(bob, 'page-phone-over');
    // The links stay for the seat holder once the game is over.
    assert.ok(await bob.locator('#links').isVisible(), 'the links after the end');
    assert.equal(await bob.locator('[data-testid="link-watch"]').count(), 1);
    for (const page of [ann, ann2, bob, other, tab, tab2]) assert.deepEqual(page.errors, []);
  });
