// A newcomer's first ten minutes (issue 43): each numbered point of the
// issue walked at both sizes (1280 x 800 and a 390 x 844 phone with touch)
// and in both languages (English, Russian). Screenshots go to
// ASTERISM_SHOTS as newcomer-<point>-<size>-<language>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';
import { GAMES, newGame, until, setSetting, ratio } from './a11y-helpers.mjs';

const SIZES = {
  desk: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const LANGS = { en: 'en-US', ru: 'ru-RU' };
// Every (size, language) pair, the order the tests walk them.
const EACH = Object.keys(SIZES).flatMap((size) => Object.keys(LANGS).map((lang) => ({ size, lang })));

let browser;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});

after(async () => {
  if (browser) await browser.close();
});

// A page at `where` in a fresh context of that size and language; its
// script errors are kept in page.errors. `setup(context)` runs first.
async function open({ size, lang }, where = '', setup = async () => {}) {
  const context = await browser.newContext({ locale: LANGS[lang], ...SIZES[size] });
  await setup(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.goto(new URL(where, url).href);
  return { context, page };
}

const shot = (page, point, { size, lang }) =>
  page.screenshot({ path: path.join(shots, `newcomer-${point}-${size}-${lang}.png`) });
const text = (page, selector) => page.locator(selector).first().innerText();

// Point 2: the *Star panel names what its count is (the count if the game
// ended now; the final score after the end) and never says "leads", so it
// cannot seem to contradict the analysis's expected score.
test('2. the score panel says what its count is, and the final score after the end', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at);
    await newGame(page, 'starstar', { options: { size: '6' } });
    const words = at.lang === 'en' ? /if the game ended now/i : /если бы партия кончилась сейчас/i;
    assert.match(await text(page, '[data-testid="score-title"]'), words);
    assert.match(await text(page, '[data-testid="score-margin"]'), words);
    assert.doesNotMatch(await text(page, '#score'), /leads|estimate|впереди на|оценка/i);
    await shot(page, 'score', at);
    // The same panel of a game that has ended: the final score, in words
    // that say who won by how much.
    const ended = await page.evaluate(async () => {
      const { drawScore } = await import('./panels.js');
      const box = document.createElement('section');
      const side = (score) => ({ peries: 1, quarks: 2, quark_point: 1, stars: 3, score });
      const s = window.asterism.position;
      const final = { ...s, terminal: true, score: { black: side(40), white: side(35), margin: 5, provisional: false } };
      drawScore(box, final, { pick: null, selectPick: () => {} });
      return box.innerText;
    });
    assert.match(ended, at.lang === 'en' ? /Final score[\s\S]*Black won by 5 points\./ :
      /Итоговый счёт[\s\S]*Чёрные выиграли с перевесом в 5 очков\./);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 3: a rated game made on the online page says at once that its other
// seat needs a signed-in player (the form's note, the waiting line, the
// links); a box that cannot be sent (no clock) is not left ticked; a guest
// opening the invitation is asked to sign in or create an account, and the
// seat's button waits until they have. Each pair gets its own account,
// from its own address (a server allows few new accounts per address).
test('3. a rated game says its other seat needs an account, and the invitation asks a guest to sign in', async () => {
  let n = 0;
  for (const at of EACH) {
    n += 1;
    const address = async (context) => context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.43.3.${n}` });
    const { context, page } = await open(at, 'online.html', address);
    const name = `rated${n}${Date.now() % 100000}`;
    const made = await page.evaluate(([name]) => fetch('/api/account/register', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password: 'a quiet walk by the green river' }),
    }).then((r) => r.status), [name]);
    assert.equal(made, 201);
    await page.reload();
    await page.waitForSelector('#account-row:not([hidden])');
    await page.selectOption('#opponent', 'invite');
    await page.selectOption('#clock', 'fischer');
    await page.check('#rated');
    assert.match(await text(page, '#rated-note'), at.lang === 'en' ? /signed in/ : /вошедшего в профиль/);
    // Without a clock the game cannot be rated: the box is cleared, not
    // left ticked while the game is made unrated.
    await page.selectOption('#clock', 'none');
    assert.equal(await page.isChecked('#rated'), false);
    await page.selectOption('#clock', 'fischer');
    await page.check('#rated');
    await page.click('#create-button');
    await page.waitForFunction(() => window.asterismOnline?.state?.status === 'open');
    assert.equal(await page.evaluate(() => window.asterismOnline.state.rated), true);
    assert.match(await text(page, '#status'), at.lang === 'en' ? /signed in to an account: the game is rated/ : /рейтинговая/);
    const invite = await page.inputValue('[data-testid="link-invite"]');
    assert.match(await text(page, '#links-note'), at.lang === 'en' ? /must sign in/ : /нужно войти/);
    await shot(page, 'rated-made', at);
    // The guest, in a browser of their own at the same size and language.
    const guest = await open(at, invite, async (c) => c.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.43.4.${n}` }));
    await guest.page.waitForSelector('#join:not([hidden])');
    await guest.page.waitForSelector('#join-rated:not([hidden])');
    assert.equal(await guest.page.isDisabled('#join-button'), true);
    assert.equal(await guest.page.getAttribute('[data-testid="join-signin"]', 'href'), 'account.html');
    await shot(guest.page, 'rated-invited', at);
    assert.deepEqual([...page.errors, ...guest.page.errors], []);
    await guest.context.close();
    await context.close();
  }
});

// Point 4, measured: the controls a finger uses, each at least 44 x 44 px
// on a phone (WCAG 2.5.5), in the header (the menu's links once opened),
// the setup panel and the move controls; returns the ones too small.
const smallTargets = (page) => page.evaluate(() => {
  const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const small = [];
  const scope = 'body > header, #controls, #setup, #confirm, #chooser, .fold-buttons';
  for (const e of document.querySelectorAll(`:is(${scope}) :is(a, button, select, input:not([type=checkbox]), label:has(> input[type=checkbox]))`)) {
    if (!seen(e) || e.closest('h1')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) small.push(`${e.tagName} ${e.id || e.textContent.trim().slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return small;
});
// Whether the whole board, the status line and the move controls are on
// screen together (the board between the status and the controls).
const boardInView = (page) => page.evaluate(() => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const cells = [...document.querySelectorAll('#board .cells [data-cell]')].map((c) => c.getBoundingClientRect());
  const top = Math.min(...cells.map((r) => r.top)), bottom = Math.max(...cells.map((r) => r.bottom));
  const status = box('status'), controls = box('controls');
  const wrap = document.getElementById('board-wrap');
  const pans = wrap.classList.contains('pans');
  const whole = top >= status.bottom - 0.5 && bottom <= controls.top + 0.5;
  // A board that pans fills the width instead (its cells would be too small whole).
  const fills = pans && wrap.getBoundingClientRect().width >= innerWidth - 16;
  return { board: whole || fills, pans, status: status.top >= 0 && status.bottom <= innerHeight,
    controls: controls.top >= 0 && controls.bottom <= innerHeight + 0.5, top: Math.round(top), bottom: Math.round(bottom),
    statusBottom: Math.round(status.bottom), controlsTop: Math.round(controls.top) };
});

test('4. phones: the header folds into a menu, the setup into a panel, the board with its status and controls in view, 44-px targets', async () => {
  for (const at of EACH.filter((x) => x.size === 'phone')) {
    const { context, page } = await open(at);
    await page.waitForSelector('#board .cells [data-cell]');
    assert.equal(await page.isVisible('#game'), false, 'the setup is folded');
    assert.equal(await page.isVisible('[data-testid="to-rules"]'), false, 'the links are folded');
    const header = await page.evaluate(() => document.querySelector('body > header').getBoundingClientRect().height);
    assert.ok(header <= 60, `the folded header is ${header} px tall`);
    await page.click('#menu-toggle');
    assert.equal(await page.isVisible('[data-testid="to-rules"]'), true);
    assert.deepEqual(await smallTargets(page), [], 'the menu');
    await shot(page, 'phone-menu', at);
    await page.click('#menu-toggle');
    await page.click('#setup-toggle');
    assert.deepEqual(await smallTargets(page), [], 'the setup');
    await shot(page, 'phone-setup', at);
    for (const game of GAMES) {
      await newGame(page, game, { seats: ['human', 'computer'] });
      assert.equal(await page.isVisible('#game'), false, 'a new game folds the setup');
      const seen = await boardInView(page);
      // Shatra, with both fortresses, fits between the status line and the
      // controls; a board that pans fills the width.
      assert.ok(seen.board && seen.status && seen.controls, `${game}: ${JSON.stringify(seen)}`);
      if (game === 'shatra') assert.equal(seen.pans, false, 'Shatra is whole, both fortresses');
      assert.deepEqual(await smallTargets(page), [], `${game}: the move controls`);
      await shot(page, `phone-${game}`, at);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Asterisk's chooser opens beside the cell it is for, in view, at both
// sizes and in both languages (at 1280 x 800 it was drawn under the board,
// off screen), and names its pieces in the page's language.
test('4. Asterisk\'s piece chooser opens in view beside the tapped cell', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at);
    await newGame(page, 'asterisk');
    if (at.size === 'phone') await setSetting(page, '#confirm-moves', false);
    // A cell near the board's bottom, where the chooser used to be hidden.
    const cell = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('#board .cells [data-cell]')];
      cells.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom);
      return cells[0].getAttribute('data-cell');
    });
    const target = page.locator(`#board .cells [data-cell="${cell}"]`);
    await target.scrollIntoViewIfNeeded();
    if (at.size === 'phone') await target.tap({ force: true });
    else await target.click({ force: true });
    await page.waitForSelector('#chooser:not([hidden])');
    const where = await page.evaluate((name) => {
      const c = document.getElementById('chooser').getBoundingClientRect();
      const r = document.querySelector(`#board .cells [data-cell="${name}"]`).getBoundingClientRect();
      const gap = Math.max(c.left - r.right, r.left - c.right, c.top - r.bottom, r.top - c.bottom);
      return { inView: c.top >= 0 && c.left >= 0 && c.bottom <= innerHeight && c.right <= innerWidth, gap: Math.round(gap) };
    }, cell);
    assert.ok(where.inView, `the chooser is on screen ${JSON.stringify(where)}`);
    assert.ok(where.gap >= 0 && where.gap <= 40, `the chooser is beside the cell ${JSON.stringify(where)}`);
    if (at.size === 'phone') {
      // On a phone the pieces are finger-sized icons in a short block that
      // leaves the board in sight (it covered most of it with words).
      const fit = await page.evaluate(() => {
        const c = document.getElementById('chooser').getBoundingClientRect();
        const b = document.querySelector('#board').getBoundingClientRect();
        const w = Math.max(0, Math.min(c.right, b.right) - Math.max(c.left, b.left));
        const h = Math.max(0, Math.min(c.bottom, b.bottom) - Math.max(c.top, b.top));
        const small = [...document.querySelectorAll('#chooser button')].map((e) => e.getBoundingClientRect())
          .filter((r) => r.width < 44 || r.height < 44).length;
        return { covered: (w * h) / (b.width * b.height), height: Math.round(c.height), small };
      });
      assert.ok(fit.covered <= 0.2 && fit.height <= 140, `the chooser leaves the board in sight ${JSON.stringify(fit)}`);
      assert.equal(fit.small, 0, `every button of the chooser is 44 px or more ${JSON.stringify(fit)}`);
    }
    // Its words in the page's language: the question and Cancel.
    const words = await page.$$eval('#chooser > div, #chooser > button:last-child', (es) => es.map((e) => e.textContent.trim()));
    assert.match(words[0], at.lang === 'en' ? /^Choose/ : /^Выберите/);
    assert.equal(words.at(-1), at.lang === 'en' ? 'Cancel' : 'Отмена');
    // Each piece by its looks in words, its code beside: "dark hexagon (dhe)".
    const pieces = await page.$$eval('#chooser button[data-move]', (bs) => bs.map((b) => b.textContent.trim()));
    assert.ok(pieces.length >= 2, JSON.stringify(pieces));
    for (const p of pieces) assert.match(p, at.lang === 'en' ? /^(dark|light) (hexagon|circle).* \([a-z]{3}\)$/ : /^(тёмн|светл).* \([a-z]{3}\)$/, p);
    await shot(page, 'chooser', at);
    await page.click('#chooser button[data-move]');
    await page.waitForFunction(() => window.asterism.state.ply === 1 && !window.asterism.busy);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 5: the play page's address stays '/', with a band above it for a
// first visit: what the four games are, a board of each drawn, and the ways
// in (Learn, Play the computer, Play a friend, Puzzles, Tournaments). A
// returning player does not see it, and finds a link back to the online
// game they left.
test('5. a first visit is oriented; a returning player lands by the game they left', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at);
    await page.waitForSelector('#welcome:not([hidden])');
    await page.waitForFunction(() => document.querySelectorAll('#welcome svg.home-board .cells [data-cell]').length > 0 &&
      [...document.querySelectorAll('#welcome svg.home-board')].every((s) => s.querySelector('[data-cell]')));
    assert.equal(await page.locator('#welcome svg.home-board').count(), 4);
    const ways = await page.$$eval('#welcome .home-ways a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(ways, ['learn.html', '#board', 'online.html', 'puzzles.html', 'tournaments.html']);
    assert.match(await text(page, '#welcome h2'), at.lang === 'en' ? /Four strategy games/ : /Четыре стратегические игры/);
    if (at.size === 'phone') assert.deepEqual(await smallTargets(page), []);
    await shot(page, 'home', at);
    // The play page is below, at the same address, as before (its first
    // game is drawn once the engine or the server has made it, which may
    // come after the band's boards).
    await page.waitForSelector('#board .cells [data-cell]');
    await page.click('[data-testid="home-play"]');
    assert.equal(await page.isVisible('#welcome'), false);
    // The game waiting below is against the computer: the status line says
    // whose the turn is.
    const you = at.lang === 'en' ? 'Black to move (you, against the computer)' : 'Ход чёрных (вы, против компьютера)';
    await page.waitForFunction((w) => document.getElementById('status').textContent === w, you).catch(() => {});
    assert.equal(await text(page, '#status'), you);
    // An online game left unfinished: the returning player's way back.
    await page.goto(new URL('online.html', url).href);
    await page.waitForSelector('#create-button');
    await page.selectOption('#opponent', 'invite');
    await page.click('#create-button');
    await page.waitForFunction(() => window.asterismOnline?.state?.status === 'open');
    const id = await page.evaluate(() => window.asterismOnline.state.id);
    await page.goto(new URL('/', url).href);
    await page.waitForSelector('#resume:not([hidden])');
    assert.equal(await page.isVisible('#welcome'), false, 'a returning player does not see the band');
    assert.equal(await page.getAttribute('#resume a', 'href'), `online.html#game=${id}`);
    await shot(page, 'returning', at);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 5, the band's place (web/home.js): it orients a first visit with no
// game, a reload before any move included, and gives way to a game: a move
// typed (not a tap on the board), a record loaded, New game pressed, and a
// returning player landing on the game they left by its address (the band
// not remembered as seen, as by the page before this rule): then it is not
// shown at all, not even for a moment above the resumed game.
test('5. the welcome band gives way to a game played, loaded, started or resumed', async () => {
  const record = await fs.readFile(path.resolve('../data/review/random/starstar6-level7-vs-random.rec'));
  // Whether the band was ever shown on the page since it was loaded.
  const watch = (context) => context.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const band = document.getElementById('welcome');
      const seen = () => { if (band && !band.hidden) window.bandShown = true; };
      if (band) new MutationObserver(seen).observe(band, { attributes: true, attributeFilter: ['hidden'] });
      seen();
    });
  });
  const hidden = (page) => page.waitForSelector('#welcome', { state: 'hidden' });
  for (const at of EACH) {
    let { context, page } = await open(at, '', watch);
    await page.waitForSelector('#welcome:not([hidden])');
    await page.waitForFunction(() => window.asterism.state?.id && document.querySelector('#board .cells [data-cell]'));
    await page.reload();
    await page.waitForFunction(() => window.asterism.state?.id && document.querySelector('#board .cells [data-cell]'));
    await page.waitForSelector('#welcome:not([hidden])');
    // A move typed into the move box: the game has begun.
    const move = await page.evaluate(() => window.asterism.position.view.moves[0].text);
    await page.fill('#move-text', move);
    await page.press('#move-text', 'Enter');
    await until(page, () => window.asterism.state.ply >= 1);
    await hidden(page);
    // The game left, its address kept; the band forgotten (as a browser
    // that played before this rule): back on the game, no band at all.
    await page.evaluate(() => localStorage.removeItem('asterism-home-seen'));
    await page.reload();
    await page.waitForFunction(() => window.asterism.state?.ply >= 1 && document.querySelector('#moves li'));
    await page.waitForTimeout(300);
    assert.equal(await page.isVisible('#welcome'), false, 'a game resumed by its address has no band above it');
    assert.equal(await page.evaluate(() => window.bandShown ?? false), false, 'not even for a moment');
    await shot(page, 'resumed', at);
    await context.close();
    // A first visit that loads a record.
    ({ context, page } = await open(at));
    await page.waitForSelector('#welcome:not([hidden])');
    await page.waitForFunction(() => window.asterism.state?.id && document.querySelector('#board .cells [data-cell]'));
    await page.setInputFiles('#load', { name: 'starstar6.rec', mimeType: 'text/plain', buffer: record });
    await page.waitForFunction(() => window.asterism.state?.history.length === 105);
    await hidden(page);
    await shot(page, 'loaded', at);
    await context.close();
    // A first visit that starts a new game from the setup.
    ({ context, page } = await open(at));
    await page.waitForSelector('#welcome:not([hidden])');
    await page.waitForFunction(() => window.asterism.state?.id && document.querySelector('#board .cells [data-cell]'));
    await newGame(page, 'shatra', { seats: ['human', 'computer'] });
    await hidden(page);
    // The board takes the room the band leaves (a phone's board was sized
    // below it): as tall as on the same game's page opened without the band.
    const height = () => page.evaluate(() => Math.round(document.getElementById('board').getBoundingClientRect().height));
    const given = await height();
    await shot(page, 'new-game', at);
    await page.reload();
    await page.waitForFunction(() => window.asterism.state?.game.startsWith('shatra') && document.querySelector('#board .cells [data-cell]'));
    assert.equal(given, await height(), 'the board is as tall as without the band');
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 7: each puzzle says what the side to move plays for, the hint
// names the piece, the page keeps the source line to itself, and solving
// it shows the final position's result and score; the live region and the
// lesson texts name Asterisk's pieces in words, and a lesson starts with a
// silent live region.
const WORDS = {
  en: { goal: /Goal: /, score: { starstar: /Final count: Black \d+, White \d+\./, asterisk: /Paths joining all three sides: /,
    shatra: /Material left: White \d+, Black \d+\./, starpool: /Material left: White \d+, Black \d+\./ },
  hint: /^Hint: (move your|place a|place your) /, solved: /^Solved! .*(wins|Draw)/, placed: /dark hexagon/ },
  ru: { goal: /Цель: /, score: { starstar: /Итоговый счёт: чёрные \d+, белые \d+\./, asterisk: /Цепочки, соединяющие все три стороны: /,
    shatra: /Осталось материала: у белых \d+, у чёрных \d+\./, starpool: /Осталось материала: у белых \d+, у чёрных \d+\./ },
  hint: /^Подсказка: (ходите|поставьте) /, solved: /^Решено! /, placed: /тёмный шестиугольник/ },
};

test('7. puzzles state the goal, hint by the piece, keep the source off the page, and end with the score', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at, 'puzzles.html');
    const w = WORDS[at.lang];
    for (const game of GAMES) {
      await page.goto(new URL(`puzzles.html#${game}/1`, url).href);
      await page.waitForFunction((g) => { const ui = window.asterismPuzzles; return ui && ui.game === g && ui.puzzle && ui.state && !ui.busy; }, game);
      assert.match(await text(page, '#task'), w.goal, `${game}: the goal`);
      const source = await text(page, '#puzzle-source');
      assert.doesNotMatch(source, /selfplay|seed|From |Источник/, `${game}: no source line on the page`);
      await page.click('#hint');
      await page.waitForSelector('#feedback[data-result="hint"]');
      assert.match(await text(page, '#feedback'), w.hint, `${game}: the hint names the piece`);
      assert.doesNotMatch(await text(page, '#feedback'), /marked man|отмеченной фигуры/);
      const solution = await page.evaluate(() => window.asterismPuzzles.puzzle.solution);
      for (let i = 0; i < solution.length; i += 2) {
        await page.fill('#move-text', solution[i]);
        await page.press('#move-text', 'Enter');
        await page.waitForFunction((n) => window.asterismPuzzles.played.length >= n && !window.asterismPuzzles.busy,
          Math.min(i + 2, solution.length));
      }
      await page.waitForSelector('#feedback[data-result="done"]');
      const done = await text(page, '#feedback');
      assert.match(done, w.solved, `${game}: solved, with its result`);
      assert.match(done, w.score[game], `${game}: the final score`);
      if (game === 'asterisk' || game === 'shatra') await shot(page, `puzzle-${game}`, at);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('7. lessons and the live region name Asterisk\'s pieces in words; a new lesson starts silent', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at, 'learn.html#asterisk/1');
    const w = WORDS[at.lang];
    await page.waitForFunction(() => { const ui = window.asterismLearn; return ui && ui.game === 'asterisk' && ui.state && !ui.busy; });
    await page.fill('#move-text', 'dhe@d5');
    await page.press('#move-text', 'Enter');
    await page.waitForFunction(() => document.getElementById('announce').textContent.length > 0);
    const said = await page.textContent('#announce');
    assert.match(said, w.placed, `the live region said ${said}`);
    assert.doesNotMatch(await page.textContent('#announce'), /dhe@d5/);
    await page.click('#next');
    await page.waitForFunction(() => { const ui = window.asterismLearn; return ui && ui.index === 1 && ui.state && !ui.busy; });
    assert.equal(await page.textContent('#announce'), '', 'the last lesson\'s line is not carried over');
    assert.match(await text(page, '#task'), at.lang === 'en' ? /plain dark hexagon \(dhe\)/ : /тёмного шестиугольника без знака \(dhe\)/);
    await shot(page, 'lesson', at);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 8: Shatra's forms by the names players use, the other readings
// under "Advanced" in the same menu, each saying whose reading it is; the
// default the sources' form (which the rules, lessons and puzzles teach);
// the material table names the men in words.
test('8. Shatra\'s forms by plain names, the other readings under Advanced, men in words', async () => {
  const NAMES = {
    en: { plain: ['Shatra of the sources', 'Altai Shatra'], group: /^Advanced/, advanced: [/Russian and Altai books' reading/, /Shatrabase program's reading/], men: ['biy', 'batyr', 'shatra'] },
    ru: { plain: ['Шатра по источникам', 'Алтай Шатра'], group: /^Для знатоков/, advanced: [/русских и алтайских книг/, /программы Shatrabase/], men: ['бий', 'батыр', 'шатра'] },
  };
  for (const at of EACH) {
    const { context, page } = await open(at);
    const n = NAMES[at.lang];
    await page.waitForSelector('#board .cells [data-cell]');
    if (at.size === 'phone') await page.click('#setup-toggle');
    await page.selectOption('#game', 'shatra');
    const menu = await page.$eval('select[data-option="rules"]', (s) => ({
      value: s.value,
      top: [...s.children].filter((c) => c.tagName === 'OPTION').map((o) => o.textContent),
      group: s.querySelector('optgroup')?.label,
      advanced: [...s.querySelectorAll('optgroup option')].map((o) => o.textContent),
    }));
    assert.deepEqual(menu.top, n.plain);
    assert.match(menu.group, n.group);
    assert.equal(menu.advanced.length, 2);
    menu.advanced.forEach((name, i) => assert.match(name, n.advanced[i]));
    assert.equal(menu.value, 'seed', 'the default is the form the rules, lessons and puzzles teach');
    await page.selectOption('select[data-option="rules"]', 'original');
    await page.click('#new');
    await page.waitForFunction(() => window.asterism.state && window.asterism.state.game.startsWith('shatra:rules=original'));
    const head = await page.$$eval('#score table th', (ths) => ths.map((th) => th.textContent));
    for (const man of n.men) assert.ok(head.includes(man), `${man} in ${head}`);
    assert.ok(!head.some((h) => /^[KQSRB]$/.test(h)), `no letter codes in ${head}`);
    await shot(page, 'shatra-forms', at);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 8's last part: choosing a game in the menu draws that game's empty
// board at once (and an option chosen redraws it), without starting a game:
// the game before is still the session, and "New game" starts the one
// chosen with the seats set after.
test('8. choosing a game draws its board at once; New game starts it', async () => {
  const STATUS = { en: /press .New game/, ru: /нажмите .Новая партия/ };
  for (const at of EACH) {
    const { context, page } = await open(at);
    await page.waitForFunction(() => window.asterism.state?.id && document.querySelectorAll('#board .cells [data-cell]').length > 0);
    const old = await page.evaluate(() => ({ id: window.asterism.state.id, game: window.asterism.state.game }));
    assert.ok(!old.game.startsWith('shatra'), old.game);
    if (at.size === 'phone') await page.click('#setup-toggle');
    await page.selectOption('#game', 'shatra');
    await page.waitForFunction(() => window.asterism.position?.game.startsWith('shatra:'));
    const drawn = () => page.$$eval('#board .cells [data-cell]', (cells) => cells.map((c) => c.dataset.cell).sort());
    const cells = async (options) => (await (await fetch(new URL('/api/view', url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'shatra', options }),
    })).json()).view.cells.map((c) => c.name).sort();
    assert.deepEqual(await drawn(), await cells({}));
    assert.ok(await page.locator('#board .man').count() > 0, 'the men of the start position are drawn');
    assert.match(await text(page, '#game-title'), /Shatra|Шатра/);
    assert.match(await text(page, '#status'), STATUS[at.lang]);
    assert.equal(await page.evaluate(() => window.asterism.state.id), old.id, 'no game was started');
    // The first visit's band gives way to the board of the game chosen.
    assert.equal(await page.isVisible('#welcome'), false, 'the band gives way');
    await shot(page, 'chosen-game', at);
    // A click on the board starts nothing and says what to do.
    if (at.size === 'desk') {
      await page.locator('#board .man').first().click();
      assert.match(await text(page, '#message'), STATUS[at.lang]);
      assert.equal(await page.evaluate(() => window.asterism.state.id), old.id);
    }
    // An option redraws the board of that option at once.
    await page.evaluate(() => { for (const d of document.querySelectorAll('#setup details')) d.open = true; });
    await page.selectOption('select[data-option="rules"]', 'altai');
    await page.waitForFunction(() => window.asterism.position.game.includes('rules=altai'));
    assert.deepEqual(await drawn(), await cells({ rules: 'altai' }));
    await page.selectOption('#seat0', 'human');
    await page.selectOption('#seat1', 'human');
    await page.click('#new');
    await page.waitForFunction((o) => window.asterism.state.id !== o && !window.asterism.preview, old.id);
    assert.match(await page.evaluate(() => window.asterism.state.game), /^shatra:rules=altai/);
    assert.deepEqual(await page.evaluate(() => window.asterism.state.players.map((p) => p.seat)), ['human', 'human']);
    assert.doesNotMatch(await text(page, '#status'), STATUS[at.lang]);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 9: every mark drawn on a board (a target dot, the paths of the
// last and the chosen move, rings, numbers, the ditch and home lines, the
// suggested move, the focus ring, the marks on men) at 3:1 or more against
// every cell fill of each game's board (WCAG 1.4.11), in the dark theme
// and the light. Each mark's colour is read from the browser's computed
// style of a probe drawn on the board with the mark's classes, its opacity
// blended over the cell.
const MARKS = {
  all: [['circle', 'target-dot', 'fill'], ['polyline', 'last-path', 'stroke'], ['polyline', 'sel-path', 'stroke'],
    ['circle', 'last-ring', 'stroke'], ['text', 'step-number', 'fill'], ['text', 'captured-mark', 'fill'],
    ['polygon', 'focus-ring', 'stroke'], ['g.suggest>polyline', 'shaft', 'stroke'], ['g.suggest>polygon', 'head', 'fill']],
  starstar: [['circle', 'star-dot', 'fill']],
  asterisk: [['polyline', 'side', 'stroke']],
  shatra: [['line', 'ditch', 'stroke'], ['polygon', 'home', 'stroke'], ['text', 'temdek', 'fill'],
    ['g.man next-entry>circle', 'disc', 'stroke'], ['g.man reserve>circle', 'disc', 'stroke'], ['g.man urgent>circle', 'disc', 'stroke']],
  starpool: [],
};
const weakMarks = (page, marks) => page.evaluate((marks) => {
  const parse = (s) => { const m = /rgba?\(([^)]+)\)/.exec(s || ''); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return { rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 }; };
  const lum = (rgb) => { const c = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const svg = document.querySelector('#board');
  const ns = 'http://www.w3.org/2000/svg';
  const cells = [...new Set([...svg.querySelectorAll('.cells [data-cell]')].map((c) => JSON.stringify(parse(getComputedStyle(c).fill)?.rgb)))]
    .map((s) => JSON.parse(s)).filter(Boolean);
  const weak = [];
  for (const [tag, cls, prop] of marks) {
    const [outer, inner] = tag.includes('>') ? tag.split('>') : [null, tag];
    const host = document.createElementNS(ns, 'g');
    svg.append(host);
    let parent = host;
    if (outer) {
      const [name, ...classes] = outer.split(/[. ]/).filter(Boolean);
      const g = document.createElementNS(ns, name);
      g.setAttribute('class', classes.join(' '));
      host.append(g);
      parent = g;
    }
    const el = document.createElementNS(ns, inner);
    el.setAttribute('class', cls);
    parent.append(el);
    const c = parse(getComputedStyle(el)[prop]);
    let alpha = c ? c.a : 0;
    for (let e = el; e && e !== svg; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
    host.remove();
    if (!c) { weak.push(`${cls}: no ${prop}`); continue; }
    for (const cell of cells) {
      const seen = c.rgb.map((v, i) => alpha * v + (1 - alpha) * cell[i]);
      const r = ratio(seen, cell);
      if (r < 3) weak.push(`${outer ? `${outer} ` : ''}${cls} ${prop} ${c.rgb} (opacity ${alpha.toFixed(2)}) on ${cell}: ${r.toFixed(2)}`);
    }
  }
  return weak;
}, marks);

test('9. marks on every board at 3:1 against its cells, dark theme and light', async () => {
  const at = { size: 'desk', lang: 'en' };
  const { context, page } = await open(at);
  const weak = [];
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => { localStorage.setItem('asterism-theme', t); }, theme);
    await page.reload();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    for (const game of GAMES) {
      await newGame(page, game);
      weak.push(...(await weakMarks(page, [...MARKS.all, ...MARKS[game]])).map((w) => `${theme} ${game}: ${w}`));
    }
  }
  assert.deepEqual(weak, []);
  await context.close();
});

// Point 9 for the phone's chooser, which shows the pieces as icons alone:
// each icon (its body or its outline) at 3:1 or more against its button,
// in the dark theme and the light.
test('9. the chooser\'s piece icons at 3:1 against their buttons, dark theme and light', async () => {
  const at = { size: 'phone', lang: 'en' };
  const { context, page } = await open(at);
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => { localStorage.setItem('asterism-theme', t); }, theme);
    await page.reload();
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    await newGame(page, 'asterisk');
    await setSetting(page, '#confirm-moves', false);
    const cell = page.locator('#board .cells [data-cell]').first();
    await cell.scrollIntoViewIfNeeded();
    await cell.tap({ force: true });
    await page.waitForSelector('#chooser:not([hidden]) button[data-move] svg');
    const icons = await page.$$eval('#chooser button[data-move]', (buttons) => buttons.map((b) => {
      const rgb = (s) => (/rgba?\(([^)]+)\)/.exec(s || '')?.[1] || '').split(/[ ,/]+/).filter(Boolean).slice(0, 3).map(Number);
      const body = getComputedStyle(b.querySelector('svg .body'));
      return { move: b.dataset.move, fill: rgb(body.fill), stroke: rgb(body.stroke), button: rgb(getComputedStyle(b).backgroundColor) };
    }));
    assert.ok(icons.length >= 2, JSON.stringify(icons));
    for (const i of icons) {
      const r = Math.max(ratio(i.fill, i.button), ratio(i.stroke, i.button));
      assert.ok(r >= 3, `${theme}: the icon of ${i.move} has ${r.toFixed(2)}:1 on its button ${JSON.stringify(i)}`);
    }
    await shot(page, `chooser-${theme}`, at);
    await page.click('#chooser button:last-child');
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

// The smaller points: the password's rules said before a refusal, a
// passkey on a page reached by an IP address refused in words, and the
// online page's header links the same as every other page's.
test('also: the password rule is said first, passkeys on an IP address are explained, the online header is the same', async () => {
  for (const at of EACH) {
    const { context, page } = await open(at, 'account.html');
    await page.waitForSelector('body[data-state="signed-out"]');
    assert.match(await text(page, '[data-i18n="acc.password.note"]'), at.lang === 'en' ? /without your name/ : /без вашего имени/);
    // The tests reach the server as 127.0.0.1: a passkey cannot be made here.
    await page.fill('#signup-name', `ip${Date.now() % 100000}`);
    await page.click('#signup-passkey');
    await page.waitForFunction(() => document.getElementById('message').textContent.length > 0);
    assert.match(await text(page, '#message'), at.lang === 'en' ? /domain name/ : /доменному имени/);
    assert.doesNotMatch(await text(page, '#message'), /invalid domain/i);
    await shot(page, 'passkey-ip', at);
    await page.goto(new URL('online.html', url).href);
    const links = await page.$$eval('body > header nav a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, ['index.html', 'rules.html', 'learn.html', 'puzzles.html', 'online.html', 'tournaments.html', 'leaderboard.html', 'account.html']);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 4 on a wide screen: every *Star lesson's Hint button, and each
// puzzle's, is on screen at 1280 x 800 with the page at its top.
test('4. a lesson\'s and a puzzle\'s Hint is on screen at 1280x800', async () => {
  const at = { size: 'desk', lang: 'en' };
  const { context, page } = await open(at, 'learn.html#starstar/3');
  const inView = () => page.evaluate(() => { const r = document.getElementById('hint').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
  for (let n = 1; n <= 9; n++) {
    // A fresh document each time, the page at its top: going from one
    // lesson's address to another's only by its hash and then reloading
    // came back to the first lesson's address about one run in three (the
    // reload raced the hash's change; seen in this test's own report).
    await page.goto('about:blank');
    await page.goto(new URL(`learn.html#starstar/${n}`, url).href);
    // (each load starts the lesson's engine afresh: a loaded box needs time)
    await page.waitForFunction((i) => { const ui = window.asterismLearn; return ui && ui.index === i && ui.state && !ui.busy; }, n - 1, { timeout: 60000 })
      .catch(async (e) => {
        // What the page showed, for a run elsewhere (one waited here in vain once).
        const seen = await page.evaluate(() => {
          const ui = window.asterismLearn;
          return { address: location.href, index: ui?.index, state: !!ui?.state, busy: ui?.busy,
            worker: !!navigator.serviceWorker?.controller, feedback: document.getElementById('feedback')?.textContent };
        }).catch((err) => ({ unreadable: String(err) }));
        throw new Error(`${e.message.split('\n')[0]}; lesson ${n}: the page showed ${JSON.stringify(seen)}; it threw ${JSON.stringify(page.errors)}`);
      });
    assert.ok(await inView(), `*Star lesson ${n}: Hint on screen`);
    if (n === 3) await shot(page, 'lesson-hint', at);
  }
  for (const game of GAMES) {
    await page.goto(new URL(`puzzles.html#${game}/1`, url).href);
    await page.waitForFunction((g) => { const ui = window.asterismPuzzles; return ui && ui.game === g && ui.state && !ui.busy; }, game);
    assert.ok(await inView(), `${game} puzzle: Hint on screen`);
  }
  await context.close();
});

// Point 3, the end: a rated game between two accounts, two moves each and
// a resignation, shows both players' rating changes under the result.
test('3. a rated game that ends shows both rating changes', async () => {
  let n = 0;
  for (const at of [{ size: 'desk', lang: 'en' }, { size: 'phone', lang: 'ru' }]) {
    n += 1;
    const person = async (who) => {
      const p = await open(at, 'online.html', (c) => c.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.43.5.${2 * n + who}` }));
      const name = `${who ? 'bo' : 'al'}${n}x${Date.now() % 100000}`;
      const made = await p.page.evaluate((name) => fetch('/api/account/register', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, password: 'a quiet walk by the green river' }),
      }).then((r) => r.status), name);
      assert.equal(made, 201);
      await p.page.reload();
      return { ...p, name };
    };
    const al = await person(0), bo = await person(1);
    await al.page.waitForSelector('#account-row:not([hidden])');
    await al.page.selectOption('#opponent', 'invite');
    await al.page.selectOption('#clock', 'fischer');
    await al.page.check('#rated');
    await al.page.click('#create-button');
    await al.page.waitForFunction(() => window.asterismOnline?.state?.status === 'open');
    const id = await al.page.evaluate(() => window.asterismOnline.state.id);
    await bo.page.goto(await al.page.inputValue('[data-testid="link-invite"]'));
    await bo.page.waitForSelector('#join:not([hidden])');
    await bo.page.waitForFunction(() => !document.getElementById('join-button').disabled);
    await bo.page.click('#join-button');
    const both = [al.page, bo.page];
    for (const p of both) await p.waitForFunction(() => window.asterismOnline?.state?.status === 'playing');
    // Four moves, each by the seat to move, with its secret.
    for (let ply = 0; ply < 4; ply++) {
      for (const p of both) await p.waitForFunction((k) => window.asterismOnline.state.ply === k, ply);
      const mover = (await al.page.evaluate(() => window.asterismOnline.state.to_move === window.asterismOnline.you)) ? al.page : bo.page;
      const status = await mover.evaluate(async (gameId) => {
        const ui = window.asterismOnline, move = ui.state.view.moves[0].text;
        const secret = localStorage.getItem(`asterism-secret-${gameId}`);
        const r = await fetch(`/api/games/${gameId}/move`, { method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` }, body: JSON.stringify({ move }) });
        return r.status;
      }, id);
      assert.equal(status, 200);
    }
    for (const p of both) await p.waitForFunction(() => window.asterismOnline.state.ply === 4);
    await al.page.evaluate(async (gameId) => {
      const secret = localStorage.getItem(`asterism-secret-${gameId}`);
      await fetch(`/api/games/${gameId}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` }, body: '{}' });
    }, id);
    for (const p of both) {
      await p.waitForSelector('#rating-changes:not([hidden])');
      const line = await text(p, '#rating-changes');
      assert.match(line, at.lang === 'en' ? /^Ratings: / : /^Рейтинги: /);
      assert.match(line, new RegExp(`${al.name} 1500 \u2192 \\d+ \\(\u2212\\d+\\)`), line);
      assert.match(line, new RegExp(`${bo.name} 1500 \u2192 \\d+ \\(\\+\\d+\\)`), line);
    }
    await shot(bo.page, 'rating-changes', at);
    assert.deepEqual([...al.page.errors, ...bo.page.errors], []);
    await al.context.close();
    await bo.context.close();
  }
});

// Point 1: a review players believe. A *Star game on the small board
// between level 7 (Black) and a random player (White), loaded from its
// record (tests/data/review/random/, the C++ test's game), reviewed at the
// default level: the random side's moves are marked (A31, the move that
// lost the game, a mistake and said so), the level-7 side's are not, each
// player's accuracy is listed in the page's language, and a marked move
// shows the better move on the board.
const REVIEW_WORDS = {
  en: { decisive: '(the move that lost the game)', mistake: 'mistake', accuracy: /: Accuracy \d+\.\d% · / },
  ru: { decisive: '(ход, которым проиграна партия)', mistake: 'ошибка', accuracy: /: точность \d+,\d% · / },
};

test('1. a review marks the random side\'s moves, names the move that lost the game, and shows the better move', async () => {
  const record = await fs.readFile(path.resolve('../data/review/random/starstar6-level7-vs-random.rec'));
  for (const at of EACH) {
    const { context, page } = await open(at);
    await page.waitForSelector('#board .cells [data-cell]');
    await page.setInputFiles('#load', { name: 'starstar6.rec', mimeType: 'text/plain', buffer: record });
    await page.waitForFunction(() => window.asterism.state?.terminal && window.asterism.state.history.length === 105);
    // The end of the game offers its review (point 6); the Review panel's
    // button is the same one.
    await page.click(await page.isVisible('#end-review') ? '#end-review' : '#review');
    await page.waitForSelector('#review-players li', { timeout: 120000 });
    const review = await page.evaluate(() => window.asterism.review);
    const marked = (mover) => review.moves.filter((m) => m.mover === mover && m.mark).length;
    assert.ok(marked(1) >= 3, `${marked(1)} of the random side's moves marked`);
    assert.equal(marked(0), 0, 'the level-7 side is not marked');
    const decisive = review.moves.find((m) => m.decisive);
    assert.equal(decisive?.move, 'A31');
    const words = REVIEW_WORDS[at.lang];
    const item = page.locator(`#review-marks button[data-ply="${decisive.ply + 1}"]`);
    const line = await item.textContent();
    assert.ok(line.includes(words.decisive) && line.includes(words.mistake), line);
    const rows = await page.$$eval('#review-players li', (lis) => lis.map((li) => li.textContent));
    assert.equal(rows.length, 2);
    for (const row of rows) assert.match(row, words.accuracy);
    await item.click();
    await page.waitForFunction((p) => window.asterism.shown.ply === p, decisive.ply + 1);
    // The score panel counts the position looked back at, as of that move,
    // not "now" in a game that is over (point 2).
    const here = at.lang === 'en' ? 'ended at this move' : 'кончилась на этом ходу';
    await page.waitForFunction((words) => document.querySelector('#score [data-testid="score-title"]')?.textContent.includes(words), here);
    assert.ok((await text(page, '#score [data-testid="score-margin"]')).includes(here));
    const better = page.locator('[data-testid="suggestions"] .suggest.better').first();
    await better.waitFor();
    // The click brings the board, and the better move on it, into view.
    const box = await better.boundingBox();
    const view = page.viewportSize();
    assert.ok(box && box.y >= 0 && box.y + box.height <= view.height, `the better move at ${JSON.stringify(box)}`);
    // The whole board, clear of the status line and the controls a phone
    // holds at the screen's top and bottom (its top row once went under
    // the status line).
    const clear = await page.evaluate(() => {
      const held = (id, edge, none) => {
        const e = document.getElementById(id);
        return e && getComputedStyle(e).position === 'sticky' ? e.getBoundingClientRect()[edge] : none;
      };
      const cells = [...document.querySelectorAll('#board .cells [data-cell]')].map((c) => c.getBoundingClientRect());
      return { top: Math.min(...cells.map((r) => r.top)), bottom: Math.max(...cells.map((r) => r.bottom)),
        under: held('status', 'bottom', 0), over: held('controls', 'top', innerHeight) };
    });
    assert.ok(clear.top >= clear.under - 0.5 && clear.bottom <= clear.over + 0.5, `the board's cells and the held bars: ${JSON.stringify(clear)}`);
    // A position looked back at is nobody's turn: no "you".
    assert.doesNotMatch(await text(page, '#status'), at.lang === 'en' ? /\(you,/ : /\(вы,/);
    await shot(page, 'review', at);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Point 6, at both sizes and in both languages: a finished game (the same
// record, loaded) ends with its result and final score, Rematch, Review
// this game and New game, each a finger's size on a phone; it has its own
// address, so a reload returns to it, finished; Rematch swaps the seats;
// and a review of a game with no moves is refused with a message.
const END_WORDS = {
  en: { over: /^Game over: /, nothing: 'There are no moves to review yet.' },
  ru: { over: /^Партия окончена: /, nothing: 'Разбирать пока нечего: ходов ещё нет.' },
};

test('6. a game that ends well: result, score, Rematch, Review, New game, its own address', async () => {
  const record = await fs.readFile(path.resolve('../data/review/random/starstar6-level7-vs-random.rec'));
  for (const at of EACH) {
    const { context, page } = await open(at);
    const words = END_WORDS[at.lang];
    await page.waitForSelector('#board .cells [data-cell]');
    await page.setInputFiles('#load', { name: 'starstar6.rec', mimeType: 'text/plain', buffer: record });
    await page.waitForFunction(() => window.asterism.state?.terminal && window.asterism.state.history.length === 105);
    const game = await page.evaluate(() => window.asterism.state.id);
    await page.waitForSelector('#game-end:not([hidden])');
    assert.match(await text(page, '#game-end-text'), words.over);
    assert.notEqual((await text(page, '#game-end-score')).trim(), '');
    for (const b of ['#end-rematch', '#end-review', '#end-new']) assert.equal(await page.isVisible(b), true, b);
    if (at.size === 'phone') {
      const small = await page.$$eval('#end-rematch, #end-review, #end-new', (bs) => bs
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width < 43.5 || r.height < 43.5).length);
      assert.equal(small, 0, 'the end buttons are 44 px or more');
    }
    await shot(page, 'end', at);
    // Its own address: a reload comes back to the finished game.
    assert.equal(new URL(page.url()).hash, `#local=${game}`);
    await page.reload();
    await page.waitForFunction((id) => window.asterism.state?.id === id && window.asterism.state.terminal, game);
    assert.equal(await page.isVisible('#game-end'), true);
    // Rematch: the same game, the seats swapped.
    const seats = await page.evaluate(() => window.asterism.state.players.map((p) => p.seat));
    await page.click('#end-rematch');
    await page.waitForFunction((id) => window.asterism.state?.id !== id, game);
    const swapped = await page.evaluate(() => window.asterism.state.players.map((p) => p.seat));
    assert.deepEqual(swapped, [...seats].reverse());
    // A new game with no moves: its review is refused, in words. The
    // rematch's computer moves first; Review is clicked only once the new
    // game (both seats people's, no move) is the one on screen (a run under
    // load once clicked it on the rematch, which had a move to review).
    const rematchId = await page.evaluate(() => window.asterism.state.id);
    await newGame(page, 'starstar', { options: { size: '6' } });
    await until(page, (id) => { const s = window.asterism.state; return s && s.id !== id && s.ply === 0 &&
      s.players.every((p) => p.seat === 'human') && !window.asterism.busy; }, rematchId, 20000);
    await page.click('#review');
    // (A run elsewhere once waited 20 s here in vain: until() says what the page showed then.)
    await until(page, (w) => document.querySelector('#message')?.textContent.includes(w), words.nothing, 20000);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
