// Browser tests of players who stay (issue 28; docs/accounts.md): two
// people, each a browser context of their own, sign up (and are shown
// their recovery codes once); Vera challenges Oleg by name to a rated
// game, Oleg accepts it from "my games", they play two moves each and chat
// in the players' room both ways; Vera mutes Oleg and no longer sees his
// messages; Oleg reports one of Vera's; Vera resigns; both profiles show a
// changed, provisional rating with a point on the graph, and the
// leaderboard answers. A third person, made moderator with `asterism admin
// grant` beside the running server, reads the report and hides the
// message. Oleg signs in with a recovery code. Each person comes from an
// address of their own (X-Forwarded-For; scripts/browser-test.sh starts
// the server with --trusted-proxy 127.0.0.1), as a server allows 5 new
// accounts an hour per address. Screenshots (desktop and a 390 x 844
// phone) go to ASTERISM_SHOTS as social-*.png. Every wait is bounded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs, openPage } from './chromium.mjs';

const bin = process.env.ASTERISM_BIN;
const data = process.env.ASTERISM_DATA || path.join(shots, 'data');
// Far above the real figures (well under a second), for a busy machine.
const ARRIVE = 10000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PASSWORD = { Vera: 'green tea in the morning', Oleg: 'a long walk by the river', Mila: 'quiet moderation please' };

let browser;
const people = {};
const game = { id: '', spec: '' };
const codes = {};

/** @param {string} who @param {number} n  the person's own address */
async function person(who, n, options = {}) {
  people[who] = await browser.newContext({
    viewport: { width: 1280, height: 900 }, acceptDownloads: true,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.28.0.${n}` }, ...options,
  });
  return people[who];
}

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  await person('Vera', 1);
  await person('Oleg', 2);
  await person('Mila', 3);
});
after(async () => {
  if (browser) await browser.close();
});

// A page of `who`'s context at `address`, with page errors collected;
// confirmations are answered yes, a prompt with `page.promptAnswer`.
async function open(who, address, context = people[who]) {
  return openPage(context, address, ARRIVE);
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `social-${name}.png`), fullPage: true });
const text = async (page, sel) => (await page.textContent(sel)).trim();
// A phone page may not scroll sideways, nor be zoomed out to fit a wider one.
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= 390 && window.innerWidth <= 390);
const idle = (page) => page.waitForFunction(() => !window.asterismAccount.busy);
/** The server's answer to a GET with the page's own cookie. */
const getJson = (page, address) => page.evaluate((a) => fetch(a).then((r) => r.json()), address);

async function signUp(page, name) {
  await page.waitForSelector('body[data-state="signed-out"]');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD[name]);
  await page.click('[data-testid="signup-button"]');
  await page.waitForSelector('body[data-state="signed-in"]');
  await idle(page);
}

// Plays the first legal move by clicking its cell, and waits until both
// pages show it.
async function playFirstMove(mover, other) {
  const ply = await mover.evaluate(() => window.asterismOnline.state.ply);
  const cell = await mover.evaluate(() => window.asterismOnline.state.view.moves[0].path[0]);
  const target = mover.locator(`#board .cells [data-cell="${cell}"]`);
  await target.scrollIntoViewIfNeeded();
  await target.click();
  for (const page of [mover, other]) await page.waitForSelector(`#status[data-ply="${ply + 1}"]`);
}

const room = (name) => `#chat [data-room="${name}"]`;

async function say(page, roomName, words) {
  await page.fill(`${room(roomName)} [data-testid="chat-input"]`, words);
  await page.press(`${room(roomName)} [data-testid="chat-input"]`, 'Enter');
  await page.waitForFunction(([r, w]) => [...document.querySelectorAll(`#chat [data-room="${r}"] li.mine .text`)]
    .some((e) => e.textContent === w), [roomName, words]);
}

test('two people sign up, each shown ten recovery codes once', async () => {
  for (const who of ['Vera', 'Oleg']) {
    const page = await open(who, 'account.html');
    await signUp(page, who);
    await page.waitForSelector('#codes-box:not([hidden])');
    codes[who] = await page.$$eval('#codes li', (lis) => lis.map((li) => li.textContent));
    assert.equal(codes[who].length, 10);
    for (const c of codes[who]) assert.match(c, /^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    assert.match(await text(page, '#codes-box'), /shown only once/);
    if (who === 'Vera') await shot(page, 'codes-desktop');
    // Read again, the page shows no codes: the server gives them once.
    await page.reload();
    await page.waitForSelector('body[data-state="signed-in"]');
    assert.equal(await page.isVisible('#codes-box'), false);
    assert.match(await text(page, '#codes-left'), /^10 of your recovery codes are left/);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('a rated challenge by name, accepted from "my games", two moves each, chat both ways', async () => {
  const vera = await open('Vera', 'online.html');
  await vera.waitForSelector('#account-row:not([hidden])');
  await vera.selectOption('#game', 'starstar');
  await vera.selectOption('[data-option="size"]', '6');
  await vera.selectOption('#seat', 'first');
  await vera.selectOption('#opponent', 'computer');
  assert.equal(await vera.isDisabled('#rated'), true, 'no rated game against the computer');
  assert.match(await text(vera, '#rated-note'), /computer/);
  await vera.selectOption('#opponent', 'invite');
  await vera.selectOption('#clock', 'fischer');
  await vera.fill('#minutes', '10');
  await vera.fill('#increment', '0');
  await vera.check('#rated');
  await vera.fill('#challenge', 'Oleg');
  await vera.click('#create-button');
  await vera.waitForSelector('#status[data-you="0"]');
  game.id = await vera.evaluate(() => window.asterismOnline.id);
  game.spec = await vera.evaluate(() => window.asterismOnline.state.game);
  assert.equal(await vera.evaluate(() => window.asterismOnline.state.rated), true);
  assert.match(await text(vera, '#game-title'), /rated/);

  // Oleg finds the challenge first in his games, marked, and accepts it.
  const oleg = await open('Oleg', 'account.html');
  const row = oleg.locator(`#my-games li[data-id="${game.id}"]`);
  await row.waitFor();
  assert.equal(await oleg.locator('#my-games li').first().getAttribute('data-id'), game.id);
  assert.match(await row.getAttribute('class'), /challenge/);
  assert.match(await row.textContent(), /^Challenge from Vera:/);
  await shot(oleg, 'challenge-desktop');
  await row.locator('[data-testid="accept-challenge"]').click();
  await oleg.waitForURL(/online\.html#game=/);
  await oleg.waitForSelector('#status[data-you="1"]');
  // The seats of accounts link to their profiles.
  await vera.waitForSelector('#seat-1 .who a[href="player.html#name=Oleg"]');
  assert.equal(await vera.getAttribute('#seat-0 .who a', 'href'), 'player.html#name=Vera');

  for (let i = 0; i < 2; i++) {
    await playFirstMove(vera, oleg);
    await playFirstMove(oleg, vera);
  }

  // While the game is on, a player reads and writes the players' room only.
  for (const page of [vera, oleg]) {
    await page.waitForSelector(`${room('players')} form:not([hidden])`);
    assert.equal(await page.locator(room('spectators')).count(), 0);
  }
  assert.equal(await vera.getAttribute(`${room('players')} [data-testid="chat-input"]`, 'maxlength'), '300');
  await vera.fill(`${room('players')} [data-testid="chat-input"]`, 'hello <b>Oleg</b>');
  assert.equal(await text(vera, `${room('players')} .chat-count`), '17/300');
  await vera.press(`${room('players')} [data-testid="chat-input"]`, 'Enter');
  const fromVera = oleg.locator(`${room('players')} li[data-from="Vera"] .text`);
  await fromVera.waitFor();
  assert.equal(await fromVera.textContent(), 'hello <b>Oleg</b>');
  assert.equal(await oleg.locator('#chat b').count(), 0, 'a message is text, not HTML');
  await say(oleg, 'players', 'hi Vera, good luck');
  await vera.waitForSelector(`${room('players')} li[data-from="Oleg"]`);
  await shot(vera, 'chat-desktop');
  people.pages = { vera, oleg };
  assert.deepEqual([...vera.errors, ...oleg.errors], []);
});

test('a muted player is no longer heard; a message is reported with a reason', async () => {
  const { vera, oleg } = people.pages;
  assert.equal(await text(vera, '#mute-opponent'), 'Mute Oleg');
  await vera.click('#mute-opponent');
  await vera.waitForSelector('#chat-message:has-text("Oleg is muted")');
  assert.equal(await text(vera, '#mute-opponent'), 'Unmute Oleg');
  await vera.waitForFunction(() => !document.querySelector('#chat li[data-from="Oleg"]'));
  await say(oleg, 'players', 'can you hear me?');
  // Vera's own words still reach her page; give Oleg's time to arrive.
  await say(vera, 'players', 'still here');
  await vera.waitForTimeout(1500);
  assert.equal(await vera.locator('#chat li[data-from="Oleg"]').count(), 0);
  const seen = await getJson(vera, `/api/games/${game.id}/chat?room=players&after=0`);
  assert.deepEqual(seen.messages.map((m) => m.from), ['Vera', 'Vera']);

  oleg.promptAnswer = 'rude words';
  await oleg.click(`${room('players')} li[data-from="Vera"]:first-child [data-testid="report"]`);
  await oleg.waitForSelector('#chat-message:has-text("Reported")');
  assert.equal(await text(oleg, `${room('players')} li[data-from="Vera"]:first-child [data-testid="report"]`), 'reported');
  assert.deepEqual([...vera.errors, ...oleg.errors], []);
});

test('Vera resigns: both profiles show a changed rating and a point on the graph', async () => {
  const { vera, oleg } = people.pages;
  await vera.click('#resign');
  for (const page of [vera, oleg]) await page.waitForSelector('#status[data-terminal="true"]');
  // Once it has ended, the players read the spectators' room too.
  await vera.waitForSelector(room('spectators'));
  assert.match(await text(vera, `${room('spectators')} [data-testid="chat-why"]`), /\S/);

  const expected = { Vera: (r) => r < 1500, Oleg: (r) => r > 1500 };
  for (const who of ['Vera', 'Oleg']) {
    const page = who === 'Vera' ? vera : oleg;
    await page.goto(new URL(`player.html#name=${who}`, url).href);
    await page.waitForSelector('body[data-state="shown"]');
    assert.equal(await text(page, '#player-name'), who);
    const row = page.locator(`#ratings tr[data-game="${game.spec}"][data-class="live"]`);
    assert.equal(await row.getAttribute('data-provisional'), 'true');
    const rating = Number((await row.locator('td.rating').textContent()).split(' ')[0]);
    assert.ok(expected[who](rating), `${who}'s rating ${rating}`);
    assert.match(await row.locator('td.rating').textContent(), /provisional/);
    assert.equal(await page.locator(`#graphs figure[data-game="${game.spec}"] circle.rating-point`).count(), 1);
    assert.equal(await page.getAttribute(`#games li[data-id="${game.id}"] a[data-testid="game-link"]`, 'href'),
      `online.html#game=${game.id}`);
    await shot(page, `profile-${who}-desktop`);
  }
  // The filter by game: none of Oleg's games is Shatra.
  await oleg.selectOption('#filter', 'shatra');
  await oleg.waitForSelector('#games-none:not([hidden])');
  await oleg.selectOption('#filter', 'starstar');
  await oleg.waitForSelector(`#games li[data-id="${game.id}"]`);
  assert.match(oleg.url(), /game=starstar/);

  // The leaderboard of the game's rules form now has both players: not
  // ranked among the settled ratings, but listed apart as provisional.
  await oleg.click(`#ratings tr[data-game="${game.spec}"] a`);
  await oleg.waitForURL(/leaderboard\.html/);
  await oleg.waitForSelector(`#board[data-game="${game.spec}"]`, { state: 'attached' });
  for (const name of ['Vera', 'Oleg'])
    await oleg.waitForSelector(`#board tr[data-name="${name}"][data-provisional="true"] .provisional`);
  assert.equal(await oleg.isVisible('#board-none'), false);
  const board = await getJson(oleg, `/api/leaderboard/${encodeURIComponent(game.spec)}?class=live`);
  assert.deepEqual(board.players, []);
  assert.deepEqual(board.provisional.map((p) => p.name).sort(), ['Oleg', 'Vera']);
  await shot(oleg, 'leaderboard-desktop');
  // Choosing another game asks the server for its canonical spec.
  await oleg.selectOption('#game', 'shatra');
  await oleg.waitForURL(/#game=shatra%3Arules%3Dseed/);
  await oleg.waitForSelector('#board[data-game^="shatra:rules=seed"]', { state: 'attached' });
  // A first visit, without a game in the address, shows the first game's.
  await oleg.goto(new URL('leaderboard.html', url).href);
  await oleg.waitForURL(/#game=\w+%3A.*&class=live$/);
  await oleg.waitForSelector('#board[data-game]', { state: 'attached' });
  // A profile without a name asks for one; an unknown name gets the server's words.
  await oleg.goto(new URL('player.html', url).href);
  await oleg.waitForSelector('body[data-state="empty"]');
  await oleg.fill('#find-name', 'Nobody');
  await oleg.click('#find button');
  await oleg.waitForSelector('body[data-state="missing"]');
  assert.equal(await text(oleg, '#message'), "no player 'Nobody'");
  assert.deepEqual([...vera.errors, ...oleg.errors], []);
});

test('a moderator reads the report and hides the message', async () => {
  const mila = await open('Mila', 'account.html');
  await signUp(mila, 'Mila');
  assert.equal(await mila.isVisible('#moderation-box'), false);
  execFileSync(bin, ['admin', 'grant', 'Mila', '--data', data], { timeout: ARRIVE });
  await mila.reload();
  await mila.waitForSelector('#moderation-box:not([hidden])');
  await mila.click('[data-testid="to-moderation"]');
  await mila.waitForSelector('body[data-state="shown"]');
  const report = mila.locator('#reports li.report').filter({ hasText: 'rude words' });
  assert.equal(await report.locator('[data-testid="report-text"]').textContent(), 'hello <b>Oleg</b>');
  assert.equal(await mila.locator('#reports b').count(), 0);
  await shot(mila, 'moderation-desktop');
  await report.locator('[data-testid="hide"]').click();
  await mila.waitForSelector('#message:has-text("hidden")');
  assert.equal(await report.count(), 0, 'a hidden message\u2019s reports are closed');
  // Nobody reads the hidden message any more.
  const { oleg } = people.pages;
  const left = await getJson(oleg, `/api/games/${game.id}/chat?room=players&after=0`);
  assert.ok(!left.messages.some((m) => m.text === 'hello <b>Oleg</b>'));
  // A signed-in spectator writes in the spectators' room; a guest only reads it.
  await mila.goto(new URL(`online.html#game=${game.id}`, url).href);
  await mila.waitForSelector(`${room('spectators')} form:not([hidden])`);
  assert.equal(await mila.locator(room('players')).count(), 0);
  await say(mila, 'spectators', 'well played, both');
  const guest = await open('Guest', `online.html#game=${game.id}`, await browser.newContext());
  await guest.waitForSelector(`${room('spectators')} li[data-from="Mila"]`);
  assert.match(await text(guest, `${room('spectators')} [data-testid="chat-why"]`), /sign in/);
  assert.equal(await guest.isVisible(`${room('spectators')} form`), false);
  assert.equal(await guest.isVisible('#chat-relations'), false);
  await guest.context().close();
  // Anyone else is told it is for moderators.
  const refused = await getJson(oleg, '/api/moderation/reports');
  assert.equal(refused.error, 'moderators only');
  assert.deepEqual(mila.errors, []);
});

test('Vera unmutes Oleg from her account page; Oleg signs in with a recovery code', async () => {
  const { vera, oleg } = people.pages;
  await vera.goto(new URL('account.html', url).href);
  const muted = vera.locator('#relations li[data-name="Oleg"]');
  await muted.waitFor();
  assert.match(await muted.textContent(), /Oleg is muted/);
  await muted.locator('[data-testid="unmute"]').click();
  await vera.waitForSelector('#relations-none:not([hidden])');
  // Her finished game is in "my games", a link to it.
  assert.equal(await vera.getAttribute(`#my-games li[data-id="${game.id}"] a[data-testid="game-link"]`, 'href'),
    `online.html#game=${game.id}`);

  await oleg.goto(new URL('account.html', url).href);
  await oleg.waitForSelector('body[data-state="signed-in"]');
  await oleg.click('#signout');
  await oleg.waitForSelector('body[data-state="signed-out"]');
  await oleg.fill('#recover-name', 'oleg');
  await oleg.fill('#recover-code', codes.Oleg[3]);
  await oleg.fill('#recover-password', 'a new path through the woods');
  await oleg.click('[data-testid="recover-button"]');
  await oleg.waitForSelector('body[data-state="signed-in"]');
  await idle(oleg);
  assert.match(await text(oleg, '#message'), /^Signed in as Oleg with a recovery code, and your new password is set\. 9 codes left\.$/);
  // New codes replace the old ones, shown once.
  await oleg.click('#new-codes');
  await oleg.waitForSelector('#codes-box:not([hidden])');
  await idle(oleg);
  assert.equal(await oleg.locator('#codes li').count(), 10);
  assert.match(await text(oleg, '#codes-left'), /^10 of your recovery codes/);
  assert.deepEqual([...vera.errors, ...oleg.errors], []);
});

test('download my games; delete an account by typing its name', async () => {
  const { vera } = people.pages;
  await vera.waitForSelector('body[data-state="signed-in"]');
  const [download] = await Promise.all([vera.waitForEvent('download'), vera.click('#export')]);
  assert.equal(download.suggestedFilename(), 'asterism-Vera.json');
  const file = JSON.parse(await new Promise((resolve, reject) => {
    download.createReadStream().then((stream) => {
      let all = '';
      stream.on('data', (c) => { all += c; });
      stream.on('end', () => resolve(all));
      stream.on('error', reject);
    }, reject);
  }));
  assert.equal(file.name, 'Vera');
  assert.deepEqual(file.games.map((g) => g.id), [game.id]);

  // A throwaway account of Mila's address: a slip of the finger deletes
  // nothing; its own name does.
  const page = await open('Mila', 'account.html', await browser.newContext({
    viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': '10.28.0.3' } }));
  PASSWORD.Tanya = 'passing through quickly';
  await signUp(page, 'Tanya');
  await page.fill('#delete-name', 'Tania');
  await page.click('#delete-button');
  await idle(page);
  await page.waitForSelector('#message.error');
  assert.equal(await page.getAttribute('body', 'data-state'), 'signed-in');
  await page.fill('#delete-name', 'tanya');
  await page.click('#delete-button');
  await page.waitForSelector('body[data-state="signed-out"]');
  await idle(page);
  assert.match(await text(page, '#message'), /^Your account is deleted/);
  const gone = await getJson(page, '/api/players/Tanya');
  assert.equal(gone.error, "no player 'Tanya'");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The service worker (web/sw.js) shows a push message's notification,
// except over a focused window at its url. Chromium delivers the push
// itself (the DevTools protocol's ServiceWorker domain): a real
// subscription would need the browser maker's push service.
test('notify me on this device: the service worker shows a push as a notification', async (t) => {
  const origin = new URL(url).origin;
  await people.Vera.grantPermissions(['notifications'], { origin });
  const page = await open('Vera', 'account.html');
  await page.waitForSelector('body[data-state="signed-in"]');
  await page.waitForSelector('#push:not([hidden])');
  const cdp = await people.Vera.newCDPSession(page);
  const registered = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => x.scopeURL.startsWith(origin) && !x.isDeleted);
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready));
  const registrationId = await Promise.race([registered,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no registration')), ARRIVE))]);
  const shown = () => page.evaluate(() => navigator.serviceWorker.ready
    .then((r) => r.getNotifications()).then((ns) => ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag }))));
  const push = (message) => cdp.send('ServiceWorker.deliverPushMessage',
    { origin, registrationId, data: JSON.stringify(message) });

  for (const end = Date.now() + ARRIVE; (await shown()).length === 0 && Date.now() < end;) {
    await push({ title: 'Your move', body: 'Oleg played R65', url: `/online.html#game=${game.id}`, tag: 'turn-1' });
    for (const again = Date.now() + 1500; (await shown()).length === 0 && Date.now() < again;)
      await page.waitForTimeout(100);
  }
  assert.deepEqual(await shown(), [{ title: 'Your move', body: 'Oleg played R65', tag: 'turn-1' }]);
  // Over the focused page it names, nothing is shown (when this headless
  // page counts as focused at all).
  await page.bringToFront();
  if (await page.evaluate(() => document.hasFocus())) {
    await push({ title: 'Seen already', body: '', url: '/account.html', tag: 'here' });
    // A push after it, shown: the worker has handled the one before too.
    // (A delivery is sometimes lost while the worker starts or stops: it
    // is sent again, the same tag replacing the same notification.)
    for (const end = Date.now() + ARRIVE; (await shown()).length < 2 && Date.now() < end;) {
      await push({ title: 'Game over', body: 'Vera resigned', url: '/player.html#name=Vera', tag: 'after' });
      for (const again = Date.now() + 1500; (await shown()).length < 2 && Date.now() < again;)
        await page.waitForTimeout(100);
    }
    assert.deepEqual((await shown()).map((n) => n.tag).sort(), ['after', 'turn-1']);
  } else {
    t.diagnostic('the page is not focused here: the focused-window case is not checked');
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a phone: the new pages fit 390 px', async () => {
  const phone = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '10.28.0.1' } });
  const page = await open('Vera', 'account.html', phone);
  await page.waitForSelector('body[data-state="signed-out"]');
  assert.ok(await fits(page), 'account, signed out');
  await shot(page, 'account-signed-out-phone');
  await page.fill('#signin-name', 'Vera');
  await page.fill('#signin-password', PASSWORD.Vera);
  await page.click('[data-testid="signin-button"]');
  await page.waitForSelector('body[data-state="signed-in"]');
  await idle(page);
  assert.ok(await fits(page), 'account, signed in');
  await shot(page, 'account-phone');
  await page.goto(new URL('player.html#name=Oleg', url).href);
  await page.waitForSelector('body[data-state="shown"]');
  assert.ok(await fits(page), 'profile');
  await shot(page, 'profile-phone');
  await page.goto(new URL(`leaderboard.html#game=${encodeURIComponent(game.spec)}&class=live`, url).href);
  await page.waitForSelector('body[data-state="shown"]');
  assert.ok(await fits(page), 'leaderboard');
  await shot(page, 'leaderboard-phone');
  await page.goto(new URL(`online.html#game=${game.id}`, url).href);
  await page.waitForSelector(`${room('spectators')} li[data-from="Mila"]`);
  assert.ok(await fits(page), 'a game with its chat');
  await shot(page, 'game-phone');
  await page.goto(new URL('online.html', url).href);
  await page.waitForSelector('#account-row:not([hidden])');
  assert.ok(await fits(page), 'the lobby with the rated choice');
  await shot(page, 'lobby-phone');
  assert.deepEqual(page.errors, []);
  await phone.close();
});
