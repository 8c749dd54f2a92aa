// axe-core (npm, pinned in package.json) on every page of the site (issue
// 27, point 7): no violation that axe rates serious or critical, in the
// light and the dark theme, with a game on the play page and the lobby,
// tournaments and a player's page as a visitor sees them. axe's own source
// is put into each page by Playwright (no page loads it itself), and each
// violation found is listed with its rule, its impact and where.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { url, openContext } from './chromium.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Each page, and what shows that it has drawn what it will draw.
const PAGES = [
  ['index.html', '#board .cells [data-cell]'],
  ['online.html', '#lobby-view:not([hidden])'],
  ['learn.html', 'main'],
  ['puzzles.html', 'main'],
  ['rules.html', 'main'],
  ['rules-starstar.html', 'main'],
  ['rules-asterisk.html', 'main'],
  ['rules-shatra.html', 'main'],
  ['rules-starpool.html', 'main'],
  ['account.html', 'main'],
  ['leaderboard.html', 'main'],
  ['player.html#name=nobody', 'main'],
  ['tournaments.html', 'main'],
  ['moderation.html', 'main'],
];

let browser;

before(async () => {
  // bypassCSP: the site's policy (script-src 'self') would refuse axe's
  // source put in by the test; the pages themselves are unchanged.
  browser = await openContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
});

after(async () => {
  if (browser) await browser.close();
});

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

for (const theme of ['light', 'dark']) {
  test(`axe: no serious or critical violation on any page, ${theme} theme`, async () => {
    const found = {};
    let checked = 0;
    for (const [where, ready] of PAGES) {
      const page = await browser.context.newPage();
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(new URL(where, url).href);
      await page.waitForSelector(ready);
      // Pages keep an event stream open: never idle; a moment for late text.
      await page.waitForTimeout(400);
      const v = await violations(page);
      if (v.length) found[where] = v;
      checked += 1;
      await page.close();
    }
    assert.equal(checked, PAGES.length);
    assert.deepEqual(found, {}, `axe found: ${JSON.stringify(found, null, 1)}`);
  });
}
