// The page in Russian as well as English (issue 27, point 8; web/i18n.js,
// docs/view.md "Languages"): a browser whose language is Russian sees the
// play page, the online lobby and the tournaments list in Russian, with
// <html lang="ru">; an English one sees English; the header's switch
// changes the language and the choice outlives a reload; a Shatra game
// started in Russian says whose move it is in Russian and its move list
// works. Screenshots go to ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';

let browser;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});

after(async () => {
  if (browser) await browser.close();
});

// A page of a fresh context in `locale`, with page errors collected.
async function open(locale, file = '') {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(file, url).href);
  return { context, page };
}

const text = (page, selector) => page.locator(selector).first().innerText();
const lang = (page) => page.getAttribute('html', 'lang');
// Waits until `selector`'s text is `expected` (the page may still be
// fetching a position), then checks it.
async function waitText(page, selector, expected) {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want,
    [selector, expected], { timeout: 10000 }).catch(() => {});
  assert.equal(await text(page, selector), expected);
}

test('a Russian browser sees the play page, the lobby and the tournaments in Russian', async () => {
  const { context, page } = await open('ru-RU');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#new'), 'Новая партия');
  assert.equal(await text(page, '[data-testid="play-online"]'), 'Игра по сети');
  assert.equal(await text(page, '[data-testid="to-tournaments"]'), 'Турниры');
  assert.equal(await text(page, '#undo'), 'Вернуть ход');
  assert.equal(await text(page, 'section:has(#moves) h2'), 'Ходы');
  assert.equal(await text(page, '#lang-toggle'), 'English');
  assert.match(await text(page, '#status'), /^Ход (первого игрока|белых|чёрных)/);

  await page.goto(new URL('online.html', url).href);
  await page.waitForSelector('#lobby-view:not([hidden])');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#create-panel h2'), 'Новая партия по сети');
  assert.equal(await text(page, '#create-button'), 'Создать партию');
  assert.equal(await text(page, '[data-testid="to-lobby"]'), 'Лобби');
  assert.equal(await page.getAttribute('#name', 'placeholder'), 'Аноним');

  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, 'main h1'), 'Турниры');
  assert.equal(await text(page, '#create-button'), 'Создать турнир');
  await page.screenshot({ path: path.join(shots, 'i18n-ru-tournaments.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an English browser sees English', async () => {
  const { context, page } = await open('en-US');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'en');
  assert.equal(await text(page, '#new'), 'New game');
  assert.equal(await text(page, '[data-testid="play-online"]'), 'Play online');
  assert.equal(await text(page, '#lang-toggle'), 'Русский');
  await page.goto(new URL('online.html', url).href);
  await page.waitForSelector('#lobby-view:not([hidden])');
  assert.equal(await text(page, '#create-button'), 'Create game');
  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Tournaments');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the switch changes the language and it is remembered', async () => {
  const { context, page } = await open('en-US');
  await page.waitForSelector('#board .cells [data-cell]');
  await Promise.all([page.waitForEvent('load'), page.click('#lang-toggle')]);
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#new'), 'Новая партия');
  await page.reload();
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await text(page, '#new'), 'Новая партия');
  // Every page follows the choice.
  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Турниры');
  await Promise.all([page.waitForEvent('load'), page.click('#lang-toggle')]);
  assert.equal(await lang(page), 'en');
  assert.equal(await text(page, 'main h1'), 'Tournaments');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a Shatra game in Russian: whose move it is, and the move list', async () => {
  const { context, page } = await open('ru-RU');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await page.locator('#game option[value="shatra"]').innerText(), 'Шатра');
  await page.selectOption('#game', 'shatra');
  await page.selectOption('#seat0', 'human');
  await page.selectOption('#seat1', 'human');
  await page.click('#new');
  await page.waitForFunction(() => window.asterism.state && window.asterism.state.game_id === 'shatra' &&
    !window.asterism.busy);
  await waitText(page, '#status', 'Ход белых');
  assert.equal(await text(page, '#seat0-name'), 'Белые');
  assert.equal(await text(page, '#seat1-name'), 'Чёрные');
  assert.match(await text(page, '#game-title'), /Шатра/);
  // A legal move by typing it, as the move list will write it.
  const move = await page.evaluate(() => window.asterism.state.view.moves.find((m) => m.path.length === 2).text);
  await page.fill('#move-text', move);
  await page.click('#move-play');
  await page.waitForSelector('#status[data-ply="1"]');
  await page.waitForFunction(() => !window.asterism.busy);
  await waitText(page, '#status', 'Ход чёрных');
  assert.equal(await text(page, '#moves button.move'), await page.evaluate(() => window.asterism.state.history[0]));
  // Back to the start from the list's controls, and forward by the list.
  await page.click('#first');
  await waitText(page, '#status', 'Ход 0 из 1 (просмотр): Ход белых');
  await page.click('#moves button.move');
  await waitText(page, '#status', 'Ход чёрных');
  await page.screenshot({ path: path.join(shots, 'i18n-ru-shatra.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});
