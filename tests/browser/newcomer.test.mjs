// A newcomer's first ten minutes (issue 43): each numbered point of the
// issue walked at both sizes (1280 x 800 and a 390 x 844 phone with touch)
// and in both languages (English, Russian). Screenshots go to
// ASTERISM_SHOTS as newcomer-<point>-<size>-<language>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';
import { GAMES, newGame, until } from './a11y-helpers.mjs';

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
