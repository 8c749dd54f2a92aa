// The header's links, one definition for every page (web/nav.js): each
// page of web/ with a header has the empty placeholder
// <nav class="site-nav"></nav>, no links written by hand in it and no other
// nav in its header, and loads nav.js; nav.js's links name catalogue keys
// that English and Russian both have. Those checks need no browser (node
// reads the files). With ASTERISM_URL (scripts/browser-test.sh), a browser
// opens the play page, a rules page and the online lobby in English and in
// Russian: the same links in the same order, each with its words and title
// in the page's language, the current page's (or its section's) link alone
// marked aria-current="page", and the Dark/Light button and the language
// switch after the links. Screenshots of the headers, 1280 x 800 and
// 390 x 844, go to ASTERISM_SHOTS.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import { LINKS, currentHref } from '../../web/nav.js';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const pages = fs.readdirSync(web).filter((f) => f.endsWith('.html')).sort();

test('every page with a header has the empty nav placeholder and loads nav.js', () => {
  const wrong = [];
  let headers = 0;
  for (const file of pages) {
    const html = fs.readFileSync(path.join(web, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    const header = /<header\b[^>]*>([\s\S]*?)<\/header>/.exec(html);
    if (!header) continue;
    headers++;
    const navs = [...header[1].matchAll(/<nav\b([^>]*)>([\s\S]*?)<\/nav>/g)];
    const placeholder = navs.filter((m) => /\bclass="site-nav"/.test(m[1]));
    if (placeholder.length !== 1) wrong.push(`${file}: ${placeholder.length} <nav class="site-nav"> in its header, not 1`);
    for (const m of placeholder)
      if (m[2].trim()) wrong.push(`${file}: links written by hand in <nav class="site-nav"> (nav.js fills it)`);
    if (navs.length > placeholder.length) wrong.push(`${file}: another <nav> in its header`);
    // A link of the list outside the placeholder (the title's home link aside).
    const outside = header[1].replace(/<h1\b[\s\S]*?<\/h1>/g, '').replace(/<nav\b[\s\S]*?<\/nav>/g, '');
    for (const l of LINKS)
      if (outside.includes(`href="${l.href}"`)) wrong.push(`${file}: a link to ${l.href} in its header, beside the nav`);
    if (!/<script type="module" src="nav\.js"><\/script>/.test(html)) wrong.push(`${file}: does not load nav.js`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(headers >= 15, `${headers} pages with a header`);
});

test('nav.js names each page once, by keys both catalogues have', () => {
  const missing = LINKS.flatMap((l) => [l.key, l.title]).filter((k) => !(k in en) || !(k in ru));
  assert.deepEqual(missing, []);
  for (const field of ['href', 'testid', 'key'])
    assert.equal(new Set(LINKS.map((l) => l[field])).size, LINKS.length, `${field}s are distinct`);
  for (const l of LINKS) assert.ok(fs.existsSync(path.join(web, l.href)), l.href);
  // Which link is current, by location.pathname.
  const cases = {
    '/': 'index.html', '/index.html': 'index.html', '/rules-shatra.html': 'rules.html', '/rules.html': 'rules.html',
    '/online.html': 'online.html', '/tournament.html': 'tournaments.html', '/player.html': 'leaderboard.html',
    '/moderation.html': '', '/some/folder/': 'index.html', '/some/folder/learn.html': 'learn.html',
  };
  for (const [where, href] of Object.entries(cases)) assert.equal(currentHref(where), href, where);
});

const url = process.env.ASTERISM_URL;

describe('the header in a browser', { skip: url ? false : 'ASTERISM_URL is not set' }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let shots = '';
  before(async () => {
    const { chromium } = await import('playwright-core');
    const shared = await import('./chromium.mjs');
    shots = shared.shots;
    browser = await chromium.launch({ executablePath: shared.chromiumPath, headless: true, args: shared.chromiumArgs });
  });
  after(async () => { if (browser) await browser.close(); });

  // The page's header links as the browser has them, and what follows them.
  async function header(locale, file, viewport) {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(file, url).href);
    await page.waitForSelector('header nav.site-nav #lang-toggle');
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      links: [...document.querySelectorAll('header nav.site-nav a')].map((a) => ({
        href: a.getAttribute('href'), testid: a.getAttribute('data-testid'), text: a.textContent,
        title: a.getAttribute('title'), key: a.getAttribute('data-i18n'), titleKey: a.getAttribute('data-i18n-title'),
        current: a.getAttribute('aria-current'),
      })),
      after: [...document.querySelectorAll('header nav.site-nav > :not(a)')].map((e) => e.id),
      navs: document.querySelectorAll('header nav').length,
    }));
    return { context, page, seen, errors };
  }

  for (const [locale, words] of [['en-US', en], ['ru-RU', ru]]) {
    test(`the same links on the play page, a rules page and the lobby, in ${locale}`, async () => {
      for (const [file, current] of [['', 'index.html'], ['rules-shatra.html', 'rules.html'], ['online.html', 'online.html']]) {
        const { context, page, seen, errors } = await header(locale, file, { width: 1280, height: 800 });
        assert.equal(seen.lang, locale.slice(0, 2), file);
        assert.deepEqual(seen.links, LINKS.map((l) => ({
          href: l.href, testid: l.testid, text: words[l.key], title: words[l.title], key: l.key, titleKey: l.title,
          current: l.href === current ? 'page' : null,
        })), `${file || '/'} in ${locale}`);
        assert.deepEqual(seen.after, ['theme-toggle', 'lang-toggle'], `${file}: the buttons after the links`);
        assert.equal(seen.navs, 1, `${file}: one nav in the header`);
        if (file === 'rules-shatra.html') await page.screenshot({ path: path.join(shots, `nav-rules-shatra-${locale}.png`) });
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }

  test('screenshots of the header, desktop and phone', async () => {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      for (const file of ['index.html', 'online.html']) {
        const { context, page, errors } = await header('en-US', file, viewport);
        await page.waitForSelector(file === 'online.html' ? '#lobby-view:not([hidden])' : '#board .cell');
        const width = await page.evaluate(() => document.scrollingElement?.scrollWidth);
        assert.ok(width !== undefined && width <= viewport.width, `${file} is ${width} px wide at ${viewport.width}`);
        await page.screenshot({ path: path.join(shots, `nav-${file.replace('.html', '')}-${name}.png`) });
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });
});
