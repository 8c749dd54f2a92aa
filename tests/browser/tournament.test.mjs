// Browser tests of tournaments (issue 29; docs/accounts.md "Tournaments"):
// three people, each a browser context of their own and an address of
// their own (X-Forwarded-For: a server allows 5 new accounts an hour per
// address; scripts/browser-test.sh starts it with --trusted-proxy
// 127.0.0.1), sign up. Greta creates a Swiss tournament of 2 rounds of
// *Star on the small board, 1 minute + 1 s, from the list page's form,
// starting by hand; Hugo finds it in the list and all three join; Greta
// presses Start. Round 1 is one game and a bye: its players open it from
// the "your game — play" banner and play it to the end of the rules by
// clicks on the board. The server pairs round 2 by itself; its players
// make four moves by clicks and the one to move then resigns with the
// Resign button. All along, each tournament page (never reloaded) follows
// the others' doings: entries, the start, results, standings, crosstable,
// the next round, the winner. A fourth person, signed out, watches with
// the event stream blocked and follows by polling. Then a double round
// robin (Shatra, correspondence) made to start in an hour shows its
// countdown and is cancelled by its creator; and in an arena of three,
// the player left waiting pauses and resumes, and a player of the game
// withdraws, her game resigned. Screenshots (desktop and a 390 x 844
// phone, which may not scroll sideways) go to ASTERISM_SHOTS as
// tournament-*.png. Every wait is bounded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs, openPage } from './chromium.mjs';

// Far above the real figures (well under a second), for a busy machine;
// the watcher polls every 5 s.
const ARRIVE = 10000;
const POLLED = 15000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PASSWORD = { Greta: 'swiss rounds on tuesday', Hugo: 'paired by the server', Ines: 'a bye is a point' };
const NAMES = ['Greta', 'Hugo', 'Ines'];

let browser;
const people = {};
const pages = {};  // each person's tournament page, open from the entries to the end
const tour = { id: '' };

/** @param {string} who @param {number} n  the person's own address */
async function person(who, n, options = {}) {
  people[who] = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.29.0.${n}` }, ...options,
  });
  return people[who];
}

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  for (const [i, who] of NAMES.entries()) await person(who, i + 1);
  // The watcher's browser never gets the event stream: its page must poll.
  const watcher = await person('Watcher', 9);
  await watcher.route('**/api/tournaments/*/events', (r) => r.abort());
});
after(async () => {
  if (browser) await browser.close();
});

// A page of `who`'s context at `address`, with page errors collected and
// confirmations answered yes.
async function open(who, address, context = people[who]) {
  return openPage(context, address, ARRIVE);
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `tournament-${name}.png`), fullPage: true });
const text = async (page, sel) => (await page.textContent(sel)).trim();
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= 390 && window.innerWidth <= 390);
/** The tournament as a page last drew it, and as the server says it now. */
const shown = (page) => page.evaluate(() => window.asterismTournament.view);
const served = (page) => page.evaluate(() =>
  fetch(`/api/tournaments/${window.asterismTournament.id}`).then((r) => r.json()));
const everyPage = () => [...NAMES.map((n) => pages[n]), pages.Watcher];
const online = (page, key) => page.evaluate((k) => window.asterismOnline.state[k], key);

async function signUp(page, name) {
  await page.waitForSelector('body[data-state="signed-out"]');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD[name]);
  await page.click('[data-testid="signup-button"]');
  await page.waitForSelector('body[data-state="signed-in"]');
  await page.waitForFunction(() => !window.asterismAccount.busy);
}

// Waits until every page shows `predicate` of its view (run in the page),
// and returns the server's view.
async function allSee(predicate, arg, timeout = ARRIVE) {
  for (const page of everyPage())
    await page.waitForFunction(predicate, arg, { timeout: page === pages.Watcher ? POLLED : timeout });
  return served(pages.Greta);
}

async function clickCell(page, name) {
  const cell = page.locator(`#board .cells [data-cell="${name}"]`);
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The two players of the latest round's game open it from their
// tournament page's banner, in a tab of their own (the tournament page
// stays open); returns their game pages by seat.
async function openGame(round) {
  const v = await served(pages.Greta);
  const r = v.rounds_list.find((x) => x.round === round);
  assert.equal(r.games.length, 1, 'three players: one game a round');
  const game = r.games[0];
  const seats = [];
  for (const index of [game.white, game.black]) {
    const who = v.players.find((p) => p.index === index).name;
    const page = pages[who];
    await page.waitForSelector(`#your-game[data-game="${game.id}"]`);
    assert.match(await text(page, '#your-game'),
      new RegExp(`^Round ${round}: your game against \\w+, as (Black, moving first|White, moving second)\\.`));
    const href = await page.getAttribute('[data-testid="your-game-play"]', 'href');
    assert.equal(href, `online.html#game=${game.id}`);
    // The round's list marks the game as theirs, to play.
    assert.equal(await page.getAttribute(`#rounds li[data-game="${game.id}"] [data-testid="play"]`, 'href'), href);
    const tab = await open(who, href);
    await tab.waitForSelector('#status[data-you="0"], #status[data-you="1"]');
    seats[Number(await tab.getAttribute('#status', 'data-you'))] = tab;
  }
  // Nobody else is told to play it.
  const out = v.players.find((p) => p.index !== game.white && p.index !== game.black).name;
  assert.equal(await pages[out].isVisible('#your-game'), false);
  assert.equal(await pages[out].locator(`#rounds li[data-game="${game.id}"] [data-testid="play"]`).count(), 0);
  // The game's page leads back to the tournament.
  await seats[0].waitForSelector('#tournament-of:not([hidden])');
  assert.equal(await seats[0].getAttribute('#tournament-of a', 'href'), `tournament.html#id=${tour.id}`);
  return { seats, game, bye: r.bye };
}

// One move by clicks on the mover's page, seen on both game pages.
async function playMove(seats, n) {
  const toMove = await online(seats[0], 'to_move');
  const mover = seats[toMove];
  const ply = await online(mover, 'ply');
  const moves = (await online(mover, 'view')).moves;
  const move = moves[(n * 7) % moves.length];
  for (const c of move.path) await clickCell(mover, c);
  for (const page of seats) await page.waitForSelector(`#status[data-ply="${ply + 1}"]`);
}

test('three people sign up', async () => {
  for (const who of NAMES) {
    const page = await open(who, 'account.html');
    await signUp(page, who);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('Greta creates a Swiss tournament from the list page; all three join it', async () => {
  const greta = await open('Greta', 'tournaments.html');
  await greta.waitForSelector('#create:not([hidden])');
  assert.equal(await greta.isVisible('#signed-out'), false);
  await greta.fill('#name', 'Tuesday swiss');
  await greta.selectOption('#game', 'starstar');
  await greta.selectOption('#create [data-option="size"]', '6');
  await greta.selectOption('#clock', 'fischer');
  await greta.fill('#minutes', '1');
  await greta.fill('#increment', '1');
  await greta.selectOption('#format', 'swiss');
  assert.equal(await greta.isVisible('#arena'), false);
  await greta.fill('#rounds', '2');
  await greta.fill('#starts-in', '0');
  await shot(greta, 'create-desktop');
  await greta.click('#create-button');
  await greta.waitForURL(/tournament\.html#id=[0-9a-f]{32}$/);
  tour.id = new URL(greta.url()).hash.slice('#id='.length);
  await greta.waitForSelector('body[data-state="shown"]');
  pages.Greta = greta;
  assert.equal(await text(greta, '#t-name'), 'Tuesday swiss');
  const facts = await text(greta, '#t-facts');
  assert.match(facts, /^\*Star, small board · 1 min \+ 1 s · casual · Swiss, 2 rounds/);
  assert.match(facts, /created by Greta$/);
  assert.match(await text(greta, '#t-status'), /^Open for entry: starts when Greta starts it\.$/);
  // The creator may or may not be entered by creating it.
  if (await greta.isVisible('#join')) await greta.click('#join');
  await greta.waitForSelector('#players li[data-name="Greta"]');
  assert.equal(await greta.isVisible('#leave'), true);

  // Hugo finds it in the list of those open for entry.
  const hugo = await open('Hugo', 'tournaments.html');
  const row = hugo.locator(`#entry tr[data-id="${tour.id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Tuesday swiss.*\*Star, small board.*1 min \+ 1 s.*Swiss, 2 rounds/);
  await shot(hugo, 'list-desktop');
  await row.locator('[data-testid="tournament-link"]').click();
  await hugo.waitForSelector('body[data-state="shown"]');
  pages.Hugo = hugo;
  const ines = await open('Ines', `tournament.html#id=${tour.id}`);
  await ines.waitForSelector('body[data-state="shown"]');
  pages.Ines = ines;
  for (const page of [hugo, ines]) {
    assert.equal(await page.isVisible('#start'), false, 'only the creator starts it');
    await page.click('#join');
    await page.waitForSelector('#leave:not([hidden])');
  }
  // Leaving and joining again.
  await ines.click('#leave');
  await ines.waitForSelector('#join:not([hidden])');
  await ines.click('#join');
  // Greta's page, never reloaded, shows the three of them.
  for (const who of NAMES) await greta.waitForSelector(`#players li[data-name="${who}"]`);
  await greta.waitForSelector('#start:not([hidden])');
  for (const page of [greta, hugo, ines]) assert.deepEqual(page.errors, []);
});

test('Greta starts it: round 1 is one game and a bye, on every page', async () => {
  const watcher = await open('Watcher', 'tournaments.html');
  await watcher.waitForSelector(`#entry tr[data-id="${tour.id}"]`);
  assert.equal(await watcher.isVisible('#create'), false);
  assert.equal(await watcher.isVisible('#signed-out'), true);
  await watcher.click(`#entry tr[data-id="${tour.id}"] a`);
  await watcher.waitForSelector('body[data-state="shown"]');
  pages.Watcher = watcher;
  // Its stream is blocked: it says so, and asks every 5 s instead.
  await watcher.waitForSelector('#live:not([hidden])');
  assert.equal(await watcher.isVisible('#join'), false);

  await pages.Greta.click('#start');
  const v = await allSee(() => window.asterismTournament.view?.status === 'running' &&
    window.asterismTournament.view.rounds_list.length === 1);
  assert.equal(v.round, 1);
  assert.equal(v.rounds, 2);
  assert.equal(v.players.length, 3);
  assert.ok(v.rounds_list[0].bye >= 0, 'three players: one has the bye');
  for (const page of everyPage()) {
    assert.match(await text(page, '#t-status'), /^Running: round 1 of 2\.$/);
    await page.waitForSelector(`#rounds section[data-round="1"] li[data-game="${v.rounds_list[0].games[0].id}"]`);
    await page.waitForSelector(`#rounds section[data-round="1"] li.bye[data-bye="${v.rounds_list[0].bye}"]`);
    assert.equal(await page.isVisible('#start'), false);
  }
  await shot(pages.Greta, 'round1-desktop');
});

test('round 1 is played to its end by clicks; every page follows the result', async () => {
  const { seats, game, bye } = await openGame(1);
  let n = 0;
  while (!(await online(seats[0], 'terminal'))) {
    await playMove(seats, n);
    n += 1;
    assert.ok(n <= 105, 'a small board has 105 cells');
  }
  assert.equal(await online(seats[0], 'termination'), 'rules');
  const result = await online(seats[0], 'result');
  assert.match(result, /^(1-0|0-1|1\/2-1\/2)$/);
  const cross = { '1-0': ['1', '0'], '0-1': ['0', '1'], '1/2-1/2': ['1/2', '1/2'] }[result];

  // Without a reload, every tournament page has the result in the round's
  // list, the crosstable and the standings, as the server has them.
  const v = await allSee((id) => window.asterismTournament.view?.rounds_list[0]?.games
    .some((g) => g.id === id && g.result !== '*'), game.id);
  for (const page of everyPage()) {
    await page.waitForSelector(`#rounds li[data-game="${game.id}"][data-result="${result}"]`);
    for (const [i, index] of [game.white, game.black].entries())
      await page.waitForSelector(`#crosstable tr[data-player="${index}"] td[data-round="1"][data-result="${cross[i]}"]`);
    await page.waitForSelector(`#crosstable tr[data-player="${bye}"] td[data-round="1"][data-result="bye"]`);
    // The side played by *Star's names: the first seat is Black.
    assert.match(await text(page, `#crosstable tr[data-player="${game.white}"] td[data-round="1"]`),
      new RegExp(`^(1|0|\u00bd) ${game.black + 1}b$`));
    const scores = await page.$$eval('#standings tbody tr', (rows) =>
      rows.map((r) => [r.dataset.name, Number(r.dataset.score)]));
    assert.deepEqual(scores, v.standings.map((s) => [s.name, s.score]));
    assert.equal(await page.locator(`#rounds li[data-game="${game.id}"] [data-testid="play"]`).count(), 0);
  }
  await shot(seats[0], 'game1-over-desktop');
  for (const page of seats) {
    // Each move was this page's own, whichever came first of the reply
    // to it and the stream's news of it.
    assert.equal(await page.isVisible('#taken-banner'), false);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('round 2 is paired by the server; four moves, then a resignation; the winner is shown', async () => {
  const paired = await allSee(() => window.asterismTournament.view?.round === 2 &&
    window.asterismTournament.view.rounds_list.length === 2);
  assert.notEqual(paired.rounds_list[1].bye, paired.rounds_list[0].bye, 'nobody has the bye twice');
  for (const page of everyPage()) await page.waitForSelector('#rounds section[data-round="2"]');
  await shot(pages.Hugo, 'round2-desktop');
  const { seats, game } = await openGame(2);
  for (let n = 0; n < 4; n++) await playMove(seats, n);
  const loser = await online(seats[0], 'to_move');
  await seats[loser].click('#resign');
  for (const page of seats) await page.waitForSelector('#status[data-terminal="true"]');
  const result = loser === 0 ? '0-1' : '1-0';
  assert.equal(await online(seats[0], 'result'), result);

  const v = await allSee(() => window.asterismTournament.view?.status === 'finished');
  assert.ok(v.winner, 'a finished tournament names its winner');
  assert.equal(v.winner, v.standings[0].name);
  for (const page of everyPage()) {
    await page.waitForSelector(`#winner[data-name="${v.winner}"]`);
    assert.equal(await text(page, '#winner'), `Winner: ${v.winner}`);
    assert.match(await text(page, '#t-status'), /^Finished/);
    await page.waitForSelector(`#rounds li[data-game="${game.id}"][data-result="${result}"]`);
    assert.equal(await page.locator('#crosstable thead th').count(), 2 + 2 + 1);
    assert.equal(await page.locator('#crosstable tbody tr').count(), 3);
    assert.equal(await page.locator('#crosstable td[data-result="*"]').count(), 0);
    const ranks = await page.$$eval('#standings tbody tr', (rows) => rows.map((r) => r.dataset.name));
    assert.deepEqual(ranks, v.standings.map((s) => s.name));
    assert.equal(await page.isVisible('#your-game'), false);
    for (const a of ['join', 'leave', 'start', 'withdraw', 'cancel'])
      assert.equal(await page.isVisible(`#${a}`), false, a);
  }
  assert.deepEqual(await shown(pages.Ines).then((x) => x.winner), v.winner);
  await shot(pages.Greta, 'finished-desktop');
  await shot(pages.Watcher, 'finished-watcher-desktop');
  // The list has it among the finished ones.
  const list = await open('Watcher', 'tournaments.html');
  await list.waitForSelector(`#finished tr[data-id="${tour.id}"]`);
  for (const page of [...everyPage(), ...seats, list]) assert.deepEqual(page.errors, []);
  await list.close();
});

test('a double round robin made to start in an hour, cancelled by its creator before it starts', async () => {
  const hugo = await open('Hugo', 'tournaments.html');
  await hugo.waitForSelector('#create:not([hidden])');
  await hugo.fill('#name', 'Everyone twice');
  await hugo.selectOption('#game', 'shatra');
  await hugo.selectOption('#clock', 'correspondence');
  await hugo.fill('#days', '2');
  await hugo.selectOption('#format', 'round_robin');
  assert.equal(await hugo.isVisible('#rounds'), false);
  await hugo.check('#double');
  await hugo.fill('#starts-in', '60');
  await hugo.click('#create-button');
  await hugo.waitForURL(/tournament\.html#id=/);
  await hugo.waitForSelector('body[data-state="shown"]');
  assert.match(await text(hugo, '#t-facts'), /^Shatra of the sources · 2 days a move · casual · round robin \(double\)/);
  // A countdown to the start, by the second.
  assert.match(await text(hugo, '#t-status'), /^Open for entry: starts in (59:[0-5]\d|1 h 0 min) \(/);
  const ines = await open('Ines', hugo.url().replace(/^.*\/(tournament\.html)/, '$1'));
  await ines.waitForSelector('#join:not([hidden])');
  assert.equal(await ines.isVisible('#cancel'), false, 'only its creator cancels it before the start');
  await ines.click('#join');
  await hugo.waitForSelector('#players li[data-name="Ines"]');
  await hugo.click('#cancel');  // the confirmation is answered yes
  for (const page of [hugo, ines]) {
    await page.waitForSelector('#tournament[data-status="cancelled"]');
    assert.equal(await text(page, '#t-status'), 'Cancelled: cancelled by Hugo.');
    assert.equal(await page.locator('#actions button:visible').count(), 0);
    assert.deepEqual(page.errors, []);
  }
  await hugo.close();
  await ines.close();
});

test('an arena: one player waits, pauses and resumes; a paired player withdraws and her game is resigned', async () => {
  const greta = await open('Greta', 'tournaments.html');
  await greta.waitForSelector('#create:not([hidden])');
  await greta.fill('#name', 'Quick arena');
  await greta.selectOption('#game', 'starstar');
  await greta.selectOption('#create [data-option="size"]', '6');
  await greta.fill('#minutes', '1');
  await greta.fill('#increment', '0');
  await greta.selectOption('#format', 'arena');
  await greta.fill('#arena-minutes', '5');
  await greta.fill('#starts-in', '0');
  await greta.click('#create-button');
  await greta.waitForURL(/tournament\.html#id=/);
  await greta.waitForSelector('#join:not([hidden])');
  const address = greta.url().replace(/^.*\/(tournament\.html)/, '$1');
  const arena = { Greta: greta, Hugo: await open('Hugo', address), Ines: await open('Ines', address) };
  for (const who of NAMES) {
    await arena[who].waitForSelector('#join:not([hidden])');
    await arena[who].click('#join');
    await arena[who].waitForSelector('#leave:not([hidden])');
  }
  await greta.click('#start');
  for (const page of Object.values(arena)) await page.waitForSelector('#tournament[data-status="running"]');
  assert.match(await text(greta, '#t-status'), /^Running: ends in [45]:\d\d\.$/);
  assert.equal(await text(greta, '#rounds-title'), 'Games');
  assert.deepEqual(await greta.$$eval('#standings thead th', (ths) => ths.map((th) => th.textContent)),
    ['#', 'Player', 'Points', 'Games']);
  // Three players: one game, and one waits for the next.
  const now = await served(greta);
  assert.equal(now.format, 'arena');
  const games = now.rounds_list.flatMap((r) => r.games);
  assert.equal(games.length, 1);
  const [game] = games;
  const names = (i) => now.players.find((p) => p.index === i).name;
  const waiting = NAMES.find((n) => n !== names(game.white) && n !== names(game.black));
  const w = arena[waiting];
  await w.waitForSelector('#pause:not([hidden])');
  assert.equal(await w.isVisible('#your-game'), false);
  await w.click('#pause');
  await w.waitForSelector('#resume:not([hidden])');
  for (const page of Object.values(arena)) await page.waitForSelector(`#players li[data-name="${waiting}"] .tag:text("paused")`);
  await w.click('#resume');
  await w.waitForSelector('#pause:not([hidden])');
  await shot(greta, 'arena-desktop');
  // A player of the game withdraws: the game is resigned for her, and
  // since nobody had moved in it, it is aborted (result *, no points).
  const leaver = names(game.white);
  const page = arena[leaver];
  await page.waitForSelector(`#your-game[data-game="${game.id}"]`);
  await page.click('#withdraw');  // the confirmation is answered yes
  await page.waitForSelector('#withdraw', { state: 'hidden' });
  for (const p of Object.values(arena)) {
    await p.waitForSelector(`#players li[data-name="${leaver}"] .tag:text("withdrawn")`);
    await p.waitForSelector(`#rounds li[data-game="${game.id}"][data-result="*"]`);
  }
  assert.equal(await page.isVisible('#your-game'), false);
  for (const p of Object.values(arena)) {
    assert.deepEqual(p.errors, []);
    await p.close();
  }
});

test('a phone: the tournament pages fit 390 px', async () => {
  const phone = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '10.29.0.1' } });
  await phone.addCookies(await people.Greta.cookies());
  const page = await open('Greta', 'tournaments.html', phone);
  await page.waitForSelector('#create:not([hidden])');
  await page.waitForSelector(`#finished tr[data-id="${tour.id}"]`);
  assert.ok(await fits(page), 'the list and the form');
  await shot(page, 'list-phone');
  await page.goto(new URL(`tournament.html#id=${tour.id}`, url).href);
  await page.waitForSelector('#winner:not([hidden])');
  assert.ok(await fits(page), 'a finished tournament');
  await shot(page, 'finished-phone');
  assert.deepEqual(page.errors, []);
  await phone.close();
});
