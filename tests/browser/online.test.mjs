// Browser tests of online play (web/online.html, docs/online.md): three
// separate browser contexts, two players and a spectator, as three people
// on three machines would be. Each game is made with the lobby's form, the
// second player comes in by the invitation link, the spectator by the
// watch link; every move is a click on the mover's page, and it must reach
// the other two pages without a reload. ASTERISM_URL is a running
// `asterism serve` (scripts/browser-test.sh starts one); screenshots go to
// ASTERISM_SHOTS (default build/browser/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';

// How long one move may take to reach another page. Far above the real
// figure (well under a second), so that a slow shared machine does not fail
// the test; a move that never arrives still fails it.
const ARRIVE = 10000;

let browser;
const people = {};  // ann, bob, sue (the spectator): one browser context each
const base = {};    // the address each of them reaches the server at

// Bob reaches the server through this proxy on the loopback interface, so
// that the test can drop his network for real: Chromium's offline mode
// (context.setOffline) refuses new requests but leaves an established
// event stream open, and a move would still arrive.
const proxy = {
  server: null,
  sockets: new Set(),
  down: false,
  async start(target) {
    this.server = net.createServer((client) => {
      if (this.down) return client.destroy();
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${this.server.address().port}/`;
  },
  drop() {
    this.down = true;
    for (const s of this.sockets) s.destroy();
  },
  restore() {
    this.down = false;
  },
};

// The same page at `who`'s address of the server.
const at = (who, link) => {
  const u = new URL(link, url);
  const b = new URL(base[who]);
  u.host = b.host;
  return u.href;
};

before(async () => {
  base.ann = base.sue = url;
  base.bob = await proxy.start(new URL(url));
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  for (const who of ['ann', 'bob', 'sue'])
    people[who] = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
});

after(async () => {
  if (browser) await browser.close();
  if (proxy.server) {
    proxy.drop();
    proxy.server.close();
  }
});

// A page of `who`'s browser at `address` (relative to the server), with
// page errors collected and confirmation dialogs answered yes.
async function open(who, address = 'online.html') {
  const page = await people[who].newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  // The whole states a page fetches (GET /api/games/ID): a move's change
  // is applied by the page's own engine, so a game needs few of them.
  page.fetched = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && /^\/api\/games\/[0-9a-f]{32}$/.test(new URL(r.url()).pathname)) page.fetched += 1;
  });
  await page.goto(at(who, address));
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

const online = (page, key) => page.evaluate((k) => window.asterismOnline.state[k], key);

// Creates a game with the lobby's form and returns its links.
async function createGame(page, game, { options = {}, position = '', name, clock = 'none' }) {
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', game);
  for (const [k, v] of Object.entries(options)) await page.selectOption(`[data-option="${k}"]`, v);
  if (position) {
    await page.click('#more summary');
    await page.fill('#position', position);
  }
  await page.fill('#name', name);
  await page.selectOption('#seat', 'first');
  await page.selectOption('#opponent', 'invite');
  await page.selectOption('#clock', clock);
  await page.click('#create-button');
  await page.waitForSelector('#link-invite');
  return { invite: await page.inputValue('#link-invite'), watch: await page.inputValue('#link-watch') };
}

// The three pages of one game: Ann creates it, Bob joins by the invitation
// link with his name, Sue watches.
async function threePeople(game, opts) {
  const ann = await open('ann');
  const links = await createGame(ann, game, { ...opts, name: 'Ann' });
  assert.match(links.invite, /online\.html#game=[0-9a-f]{32}&secret=[0-9a-f]{32}$/);
  assert.doesNotMatch(links.watch, /secret/);
  const bob = await open('bob', links.invite);
  await bob.waitForSelector('#join:not([hidden])');
  await bob.fill('#join-name', 'Bob');
  await bob.click('#join-button');
  const sue = await open('sue', links.watch);
  for (const page of [ann, bob, sue]) {
    await page.waitForSelector('#seat-1 .who:has-text("Bob")', { timeout: ARRIVE });
    await page.waitForSelector('#status[data-ply="0"]');
  }
  return { ann, bob, sue, id: await online(ann, 'id') };
}

async function clickCell(page, name) {
  const cell = page.locator(`#board .cells [data-cell="${name}"]`);
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// Plays `move` (its cells) by clicks on the mover's page and waits for it
// on all three pages: the ply, and the move last in each move list.
async function playAndSee(pages, mover, move) {
  const ply = await online(mover, 'ply');
  for (const c of move.path) await clickCell(mover, c);
  for (const page of pages) {
    await page.waitForSelector(`#status[data-ply="${ply + 1}"]`, { timeout: ARRIVE });
    assert.equal(await page.locator('#moves button.move').last().textContent(), move.text);
  }
}

const waitPly = (page, ply) => page.waitForSelector(`#status[data-ply="${ply}"]`, { timeout: ARRIVE });

// The result banner on every page, and the actions gone.
async function expectResult(pages, re) {
  for (const page of pages) {
    await page.waitForSelector('#result:not([hidden])', { timeout: ARRIVE });
    assert.match(await page.textContent('#result'), re);
    assert.ok(await page.locator('#actions').isHidden());
    assert.deepEqual(page.errors, []);
  }
}

async function expectInArchive(page, id) {
  await page.goto(new URL('online.html', page.url()).href);
  await page.waitForSelector(`#archive-list tr[data-id="${id}"]`, { timeout: ARRIVE });
}

test('*Star between two people by an invitation link, a spectator watching, one reconnect', async () => {
  const { ann, bob, sue, id } = await threePeople('starstar', { options: { size: '6' }, clock: 'fischer' });
  const pages = [ann, bob, sue];
  const bySeat = [ann, bob];
  // Who is who: each player sees their own seat, the spectator none, and
  // nobody but the players has buttons to act.
  assert.equal(await ann.getAttribute('#status', 'data-you'), '0');
  assert.equal(await bob.getAttribute('#status', 'data-you'), '1');
  assert.equal(await sue.getAttribute('#status', 'data-you'), '-1');
  assert.ok(await ann.locator('#actions').isVisible());
  assert.ok(await sue.locator('#actions').isHidden());
  await sue.waitForSelector('#seat-0[data-connected="true"]', { timeout: ARRIVE });
  await sue.waitForSelector('#seat-1[data-connected="true"]', { timeout: ARRIVE });

  // A click by the player not to move, or by the spectator, sends nothing.
  const first = (await online(ann, 'view')).moves[0];
  await clickCell(bob, first.path[0]);
  assert.match(await bob.textContent('#message'), /Ann.s turn/);
  await clickCell(sue, first.path[0]);
  assert.match(await sue.textContent('#message'), /watching/);
  assert.equal(await online(ann, 'ply'), 0);

  // The game to its end by the rules (a full board), every move a click.
  // Moves are taken spread over the list, so that the board fills unevenly.
  let n = 0;
  while (!(await online(ann, 'terminal'))) {
    const toMove = await online(ann, 'to_move');
    const moves = (await online(bySeat[toMove], 'view')).moves;
    const move = moves[(n * 7) % moves.length];
    if (n === 12) {
      await reconnect(pages, bySeat[toMove], move);
    } else {
      await playAndSee(pages, bySeat[toMove], move);
    }
    n += 1;
    if (n === 20) {
      // The spectator's state, built from the moves' changes, is the
      // server's whole state but for the time it was written.
      const [mine, theirs] = await sue.evaluate(async (game) => {
        const server = await (await fetch(`/api/games/${game}`)).json();
        return [window.asterismOnline.state, server];
      }, id);
      for (const key of ['history', 'position', 'view', 'score', 'to_move', 'seq', 'ply', 'draw', 'status'])
        assert.deepEqual(mine[key], theirs[key], key);
      // Both clocks are shown; the one of the side to move runs.
      const running = await ann.evaluate(() => window.asterismOnline.state.clock.running);
      assert.ok(running === 0 || running === 1);
      for (const page of pages) await page.waitForSelector(`#seat-${running} .clock.running`);
      await shot(ann, 'online-starstar-first-seat');
      await shot(bob, 'online-starstar-second-seat');
      await shot(sue, 'online-starstar-spectator');
      const lobby = await open('sue');
      await lobby.waitForSelector(`#playing-list tr[data-id="${id}"]`, { timeout: ARRIVE });
      // Games are named in words everywhere, never by their spec.
      assert.match(await lobby.textContent(`#playing-list tr[data-id="${id}"]`), /^\*Star, small board/);
      assert.equal(await sue.title(), '*Star, small board online \u00b7 asterism');
      await shot(lobby, 'online-lobby');
      await lobby.close();
    }
  }
  assert.equal(await online(ann, 'ply'), 105);  // every cell of a 6-ring board
  await expectResult(pages, /wins|draw/i);
  // 105 moves, each a change applied in the page (docs/server.md, "A move's
  // change"): the game was fetched on opening it and after Bob's reconnect,
  // not after every move.
  for (const page of pages) assert.ok(page.fetched >= 1 && page.fetched <= 4, `${page.fetched} fetches of the game`);
  for (const page of pages) assert.match(await page.textContent('#score'), /Final score/);
  await shot(sue, 'online-starstar-over');
  await expectInArchive(sue, id);
  await shot(sue, 'online-archive');
  await replay(sue, id, 105);
});

// Bob's network drops (his context offline, his connections cut) while
// Ann plays `move`; his page says it is reconnecting, and once the network
// is back it catches up by itself.
async function reconnect(pages, mover, move) {
  const [ann, bob, sue] = pages;
  assert.equal(mover, ann);
  const ply = await online(ann, 'ply');
  try {
    await bob.context().setOffline(true);
    proxy.drop();
    await bob.waitForSelector('#live:not([hidden])', { timeout: ARRIVE });
    await playAndSee([ann, sue], ann, move);
    assert.equal(await bob.getAttribute('#status', 'data-ply'), String(ply));
    await ann.waitForSelector('#seat-1[data-connected="false"]', { timeout: ARRIVE });
    await shot(bob, 'online-starstar-reconnecting');
  } finally {
    proxy.restore();
    await bob.context().setOffline(false);
  }
  await waitPly(bob, ply + 1);
  await bob.waitForSelector('#live', { state: 'hidden', timeout: ARRIVE });
  assert.equal(await bob.locator('#moves button.move').last().textContent(), move.text);
  await ann.waitForSelector('#seat-1[data-connected="true"]', { timeout: ARRIVE });
}

// Replays a finished game from the archive: the first position, one move
// forward, the last; the record downloads; "Analyse" opens the whole game
// at the local page, at the move on screen.
async function replay(page, id, plies) {
  await page.click(`#archive-list tr[data-id="${id}"] a`);
  await page.waitForSelector('#result:not([hidden])');
  await page.click('[data-testid="nav-first"]');
  await page.waitForSelector('#status:has-text("Replay: move 0 of")');
  assert.equal(await page.locator('#board .men .man').count(), 0);
  await page.click('[data-testid="nav-forward"]');
  await page.waitForSelector('#status:has-text("Replay: move 1 of")');
  assert.equal(await page.locator('#board .men .man').count(), 1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.match(text, /FirstName: Ann/);
  assert.doesNotMatch(text, /[0-9a-f]{32}/);  // no secret (nor id) in a record
  await page.click('#analyse');
  await page.waitForURL(/index\.html/);
  await page.waitForFunction(() => window.asterism?.shown?.ply === 1);
  assert.equal(await page.evaluate(() => window.asterism.state.ply), plies);
  await page.goto(new URL(`online.html#game=${id}`, page.url()).href);
  await page.waitForSelector('#result:not([hidden])');
  await page.click('[data-testid="nav-back"]');
  await page.waitForSelector(`#status:has-text("Replay: move ${plies - 1} of ${plies}")`);
  await page.click('[data-testid="nav-last"]');
  await page.waitForSelector('#status:has-text("Game over")');
  assert.deepEqual(page.errors, []);
}

// Shatra from a position near the end (the rules' end of a whole game
// would take hundreds of moves): a takeback asked and granted, a draw
// offered and declined, then the White tura takes the Black biy.
test('Shatra between two people by an invitation link, to the capture of a biy', async () => {
  const position = '3/3/3/1/6s/2k4/7/7/3R3/7/K/3/3/3 w - - - - 0 1';
  const { ann, bob, sue, id } = await threePeople('shatra', { position });
  const pages = [ann, bob, sue];
  const move = (text) => ({ text, path: text.split(/[-:]/) });
  await playAndSee(pages, ann, move('d6-c6'));

  // Ann asks for her move back; Bob agrees.
  await ann.click('#takeback');
  await bob.waitForSelector('#takeback-accept:visible', { timeout: ARRIVE });
  await sue.waitForSelector('#takeback-banner:not([hidden])', { timeout: ARRIVE });
  assert.ok(await sue.locator('#takeback-accept').isHidden());
  await bob.click('#takeback-accept');
  for (const page of pages) await waitPly(page, 0);
  await playAndSee(pages, ann, move('d6-c6'));

  // Bob offers a draw; Ann declines.
  await bob.click('#draw-offer');
  await ann.waitForSelector('#draw-accept:visible', { timeout: ARRIVE });
  await sue.waitForSelector('#draw-banner:not([hidden])', { timeout: ARRIVE });
  await shot(sue, 'online-shatra-spectator');
  await ann.click('#draw-decline');
  for (const page of pages) await page.waitForSelector('#draw-banner', { state: 'hidden', timeout: ARRIVE });

  await playAndSee(pages, bob, move('g10-g9'));
  await shot(ann, 'online-shatra-first-seat');
  await shot(bob, 'online-shatra-second-seat');
  await playAndSee(pages, ann, move('c6:c10'));
  await expectResult(pages, /White wins \(1-0\)/);
  await expectInArchive(sue, id);
  const row = await sue.textContent(`#archive-list tr[data-id="${id}"]`);
  assert.match(row, /^Shatra of the sources/);
  assert.doesNotMatch(row, /rules=|notation=/);
  assert.match(row, /Ann – Bob/);
});

test('an open challenge in the lobby: accepted by anyone, then a resignation', async () => {
  const ann = await open('ann');
  await ann.waitForSelector('#game option', { state: 'attached' });
  await ann.selectOption('#game', 'starstar');
  await ann.fill('#name', 'Ann');
  await ann.selectOption('#opponent', 'lobby');
  await ann.click('#create-button');
  await ann.waitForSelector('#status[data-ply="0"]');
  const id = await online(ann, 'id');
  assert.match(await ann.textContent('#status'), /Waiting for the second player/);

  const bob = await open('bob');
  const row = bob.locator(`#open-list tr[data-id="${id}"]`);
  await row.waitFor({ timeout: ARRIVE });
  assert.match(await row.textContent(), /^\*Star, full board.*Ann waits/);
  await shot(bob, 'online-lobby-challenge');
  await row.locator('button', { hasText: 'Accept' }).click();
  await bob.waitForSelector('#status[data-you="1"]');
  await ann.waitForSelector('#seat-1[data-connected="true"]', { timeout: ARRIVE });
  await bob.click('#resign');  // the confirmation is answered yes
  // The result says who resigned and who won, each once.
  const [first, second] = (await online(ann, 'players')).map((p) => p.name);
  await expectResult([ann, bob], new RegExp(`^${second} resigns: ${first} wins \\(1-0\\)$`));
  await expectInArchive(bob, id);
});
