// The header's links (issue 27's page; docs/view.md): every page with a
// <nav class="site-nav"> writes the same links, with the same words, titles
// and test ids, in plain HTML, so that the pages link to one another without
// scripts (tests/server/http_test.cpp and tests/python/test_learn.py read
// them so). The copies had drifted apart (titles on one page only, a Play
// link missing from the play page); this test fails when one does again.
// Only aria-current differs: on the page's own link, or the link it stands
// under (a game's rules page under Rules). Needs no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const CURRENT = 'aria-current="page"';
// The link a page is marked under, where it is not the page itself.
const UNDER = { 'tournament.html': 'tournaments.html', 'player.html': 'leaderboard.html', 'moderation.html': null };

/** @param {string} file */
function nav(file) {
  const m = fs.readFileSync(path.join(web, file), 'utf8').match(/<nav class="site-nav">([\s\S]*?)<\/nav>/);
  return m ? m[1] : null;
}

const pages = fs.readdirSync(web).filter((f) => f.endsWith('.html') && nav(f) !== null).sort();

test('every page with a header nav writes the same links', () => {
  assert.ok(pages.length >= 14, `only ${pages.length} pages have a site-nav`);
  const plain = (/** @type {string} */ html) => html.replaceAll(` ${CURRENT}`, '');
  const model = plain(/** @type {string} */ (nav('index.html')));
  const hrefs = [...model.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  for (const href of ['index.html', 'rules.html', 'learn.html', 'puzzles.html', 'online.html',
    'tournaments.html', 'leaderboard.html', 'account.html'])
    assert.ok(hrefs.includes(href), `the nav has no link to ${href}`);
  for (const a of model.match(/<a [^>]*>/g) ?? [])
    assert.match(a, /data-testid="[^"]+" title="[^"]+" data-i18n="nav\.[^"]+" data-i18n-title="nav\.[^"]+"/, a);
  for (const page of pages)
    assert.equal(plain(/** @type {string} */ (nav(page))), model, `${page}'s nav differs from index.html's`);
});

test("each page marks its own link, or the one it stands under", () => {
  for (const page of pages) {
    const marked = [.../** @type {string} */ (nav(page)).matchAll(/<a href="([^"]+)" aria-current="page"/g)].map((m) => m[1]);
    const want = page in UNDER ? UNDER[/** @type {keyof typeof UNDER} */ (page)]
      : page.startsWith('rules-') ? 'rules.html' : page;
    assert.deepEqual(marked, want ? [want] : [], page);
  }
});
