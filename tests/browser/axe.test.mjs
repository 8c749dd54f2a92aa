// axe-core (npm, pinned in package.json) on every page of the site (issue
// 27, point 7), and no sideways scrolling on a phone (issue 27): the pages
// are the web/*.html files listed when the test runs, so a new page cannot
// be left out. axe finds no violation that it rates serious or critical,
// in English in the light and the dark theme, as a visitor sees each page,
// and in Russian (a ru-RU browser) in both themes, signed in as a player
// of a running tournament (the forms a player is shown: the tournaments'
// form, the account's settings, the tournament's buttons). Besides the bare
// pages (index.html is a first visit's new game against the computer): a
// local game of two people two moves in, opened by its #session link, and
// an online game in progress opened at its seat (board, clocks running,
// its links panel unfolded, the move list). The tournament page shows a Swiss tournament of three accounts
// made through the API, its first round played (a resignation and a bye)
// and the second running; the player page shows one of its players. axe's
// own source is put into each page by Playwright (no page loads it
// itself), and each violation found is listed with its rule, its impact
// and where. Then each page at 390 x 844 with touch, in English and in
// Russian: the document is no wider than the screen (screen.width; a phone
// browser widens innerWidth to fit what is too wide).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, request } from 'playwright-core';
import { url, chromiumPath, chromiumArgs } from './chromium.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FILES = fs.readdirSync(fileURLToPath(new URL('../../web/', import.meta.url)))
  .filter((f) => f.endsWith('.html')).sort();
const WAIT = 20000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// Their own addresses (scripts/browser-test.sh: --trusted-proxy 127.0.0.1):
// a server allows 5 new accounts an hour per address, and other tests sign
// up from the loopback address.
const PLAYERS = [['AxeAnna', '10.27.7.1'], ['AxeBoris', '10.27.7.2'], ['AxeVera', '10.27.7.3']];
const PASSWORD = 'seen by axe and a phone';

// What shows that a page has drawn what it will draw (a page not named
// here: its <main>); a page's address when it needs more than its name.
function ready(file) {
  if (file.startsWith('rules-')) return 'body[data-diagrams="ready"]';
  return {
    'index.html': '#board .cells [data-cell]',
    'online.html': '#lobby-view:not([hidden])',
    'learn.html': '#board [data-cell]',
    'puzzles.html': '#board [data-cell]',
    'account.html': 'body:is([data-state="signed-in"], [data-state="signed-out"])',
    'leaderboard.html': 'body[data-state="shown"]',
    'moderation.html': 'body:is([data-state="shown"], [data-state="refused"])',
    'player.html': 'body[data-state="shown"]',
    'tournament.html': 'body[data-state="shown"]',
    'tournaments.html': 'body[data-state="shown"]',
  }[file] ?? 'main';
}
const made = { tournament: '' };
function address(file) {
  if (file === 'tournament.html') return `tournament.html#id=${made.tournament}`;
  if (file === 'player.html') return `player.html#name=${PLAYERS[0][0]}`;
  return file;
}

let browser;
const players = {};  // name: its API request context, signed in

async function call(req, method, route, body) {
  const r = await req.fetch(new URL(route, url).href, { method, data: body ?? (method === 'GET' ? undefined : {}) });
  const json = await r.json();
  if (!r.ok()) throw new Error(`${method} ${route}: ${r.status()} ${json.error}`);
  return json;
}

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  for (const [name, ip] of PLAYERS) {
    players[name] = await request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ip } });
    await call(players[name], 'POST', '/api/account/register', { name, password: PASSWORD });
  }
  // A Swiss tournament of three: round 1 is a game and a bye; the game is
  // resigned, and the server pairs round 2.
  const [anna] = PLAYERS[0];
  const t = await call(players[anna], 'POST', '/api/tournaments', {
    name: 'Axe open', game: 'starstar', options: { size: '6' }, clock: { kind: 'fischer', minutes: 10, increment: 5 },
    rated: false, format: 'swiss', rounds: 2, starts_in: 0,
  });
  made.tournament = t.id;
  const route = `/api/tournaments/${t.id}`;
  for (const [name] of PLAYERS) {
    const v = await call(players[name], 'GET', route);
    if (!v.players.some((p) => p.name === name)) await call(players[name], 'POST', `${route}/join`);
  }
  let v = await call(players[anna], 'POST', `${route}/start`);
  const game = v.rounds_list.find((r) => r.round === 1).games[0];
  const loser = v.players.find((p) => p.index === game.white).name;
  await call(players[loser], 'POST', `/api/games/${game.id}/resign`);
  for (let i = 0; i < 100 && !v.rounds_list.some((r) => r.round === 2); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    v = await call(players[anna], 'GET', route);
  }
  assert.ok(v.rounds_list.some((r) => r.round === 2), 'the server pairs round 2');
});

after(async () => {
  for (const req of Object.values(players)) await req.dispose();
  if (browser) await browser.close();
});

// A browser context in `locale` and `theme`, signed in as AxeAnna or not.
// bypassCSP: the site's policy (script-src 'self') would refuse axe's
// source put in by the test; the pages themselves are unchanged.
async function context(locale, theme, signedIn, options = { viewport: { width: 1280, height: 900 } }) {
  const storageState = signedIn ? await players[PLAYERS[0][0]].storageState() : undefined;
  return browser.newContext({ locale, colorScheme: theme, bypassCSP: true, storageState, ...options });
}

// An online game of two people (the first AxeAnna where `req` is signed
// in, else a guest), two moves played, a 10 + 5 clock
// running: its first seat's link.
async function onlineGame(req) {
  const g = await call(req, 'POST', '/api/games', {
    game: 'starstar', options: { size: '6' }, seat: 'first', name: 'Ann', opponent: 'person',
    clock: { kind: 'fischer', minutes: 10, increment: 5 },
  });
  const invited = new URLSearchParams(g.links.invite.split('#')[1]).get('secret');
  const secrets = [g.secret, invited];
  const bearer = (s) => ({ headers: { Authorization: `Bearer ${s}` } });
  const post = async (route, body, s) => {
    const r = await req.post(new URL(route, url).href, { data: body, ...bearer(s) });
    assert.ok(r.ok(), `${route}: ${r.status()} ${await r.text()}`);
    return r.json();
  };
  await post(`/api/games/${g.id}/join`, { name: 'Bob' }, invited);
  for (let ply = 0; ply < 2; ply++) {
    const s = await (await req.get(new URL(`/api/games/${g.id}`, url).href)).json();
    await post(`/api/games/${g.id}/move`, { move: s.view.moves[0].text, ply }, secrets[s.to_move]);
  }
  return g.links.seat;
}

// Each page, then the scenes that draw more than a bare page does: opens
// it in `page`, waits until it is drawn, and returns its name for reports.
function visits(req) {
  const list = FILES.map((file) => ({
    name: file,
    async open(page) {
      await page.goto(new URL(address(file), url).href);
      await page.waitForSelector(ready(file));
    },
  }));
  list.push({
    name: 'index.html, a local game two moves in',
    async open(page) {
      // Two people at the screen (a first visit plays the computer, whose
      // answer a busy machine makes slow).
      let state = (await call(req, 'POST', '/api/games', { kind: 'local', game: 'starstar', players: ['human', 'human'] })).state;
      for (let i = 0; i < 2; i++)
        state = await call(req, 'POST', `/api/games/${state.id}/move`, { move: state.view.moves[0].text });
      // What went to and came from the server, said if the game never
      // shows (once in some fifty runs it did not, 2026-11-29).
      const heard = [];
      const listen = (r) => { if (r.url().includes('/api/')) heard.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`); };
      page.on('response', listen);
      await page.goto(new URL(`index.html#session=${state.id}`, url).href);
      try {
        await page.waitForFunction((id) => window.asterism?.state?.id === id, state.id);
      } catch (e) {
        const seen = await page.evaluate(() => ({ shown: window.asterism?.state?.id, message: document.getElementById('message')?.textContent, at: location.href }));
        throw new Error(`game ${state.id} not shown: ${JSON.stringify(seen)}; the page's API calls: ${heard.join(', ')}`, { cause: e });
      } finally {
        page.off('response', listen);
      }
      await page.waitForSelector('#board .cells [data-cell]');
      await page.waitForSelector('#moves li');
    },
  });
  list.push({
    name: 'online.html, a game in progress at its seat',
    async open(page) {
      await page.goto(new URL(await onlineGame(req), url).href);
      await page.waitForSelector('#game-view:not([hidden]) #status[data-you="0"]');
      await page.waitForSelector('#links:not([hidden]) #link-rows > *', { state: 'attached' });
      await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById('links-box')).open = true; });
      await page.waitForFunction(() => /\d:\d\d/.test(document.querySelector('#seat-0 .clock')?.textContent ?? ''));
      await page.waitForSelector('#moves li');
    },
  });
  return list;
}

// The serious and critical violations of the page open in `page`.
async function violations(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // @ts-ignore: axe is the script just added.
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// Opens each visit in one page of `ctx` and runs `check` on it; returns
// what each visit found, and asserts that every one was made (in `lang`).
async function eachVisit(ctx, lang, check) {
  const found = {};
  const page = await ctx.newPage();
  page.setDefaultTimeout(WAIT);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const req = ctx.request;
  let checked = 0;
  for (const visit of visits(req)) {
    await visit.open(page);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // Pages keep an event stream open: never idle; a moment for late text.
    await page.waitForTimeout(300);
    const v = await check(page);
    if (v.length) found[visit.name] = v;
    checked += 1;
  }
  assert.equal(checked, FILES.length + 2);
  assert.deepEqual(errors, []);
  return found;
}

// The passes run side by side (each its own context, the same browser):
// most of a page's time is waiting for the server and the page.
describe('every page', { concurrency: true }, () => {
  for (const [locale, theme, signedIn] of [['en-US', 'light', false], ['en-US', 'dark', false],
    ['ru-RU', 'light', true], ['ru-RU', 'dark', true]]) {
    const who = signedIn ? 'a signed-in player' : 'a visitor';
    test(`axe: no serious or critical violation on any page, ${locale}, ${theme} theme, ${who}`, async () => {
      const ctx = await context(locale, theme, signedIn);
      const found = await eachVisit(ctx, locale.slice(0, 2), violations);
      await ctx.close();
      assert.deepEqual(found, {}, `axe found: ${JSON.stringify(found, null, 1)}`);
    });
  }

  for (const [locale, signedIn] of [['en-US', false], ['ru-RU', true]]) {
    test(`a 390 x 844 phone never scrolls sideways on any page, ${locale}`, async () => {
      const ctx = await context(locale, 'light', signedIn, PHONE);
      const found = await eachVisit(ctx, locale.slice(0, 2), (page) => page.evaluate(() => {
        const wide = document.documentElement.scrollWidth;
        if (wide <= screen.width) return [];
        // The widest elements that stick out, to say where.
        const out = [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > screen.width + 0.5)
          .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right).slice(0, 3)
          .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''}`);
        return [`scrollWidth ${wide} > screen.width ${screen.width}: ${out.join(', ')}`];
      }));
      await ctx.close();
      assert.deepEqual(found, {}, `wider than the phone: ${JSON.stringify(found, null, 1)}`);
    });
  }
});
