// The header's links, the same on every page: each page has an empty
// <nav class="site-nav"></nav> in its header and loads this module after
// i18n.js; the links are written here once, and nowhere else.
// nav.test.mjs fails on a page whose header writes them by hand.
// This module imports i18n.js, so it runs after i18n.js has translated the
// page's static text: it writes each link's words itself with the same t()
// and keeps data-i18n and data-i18n-title on them, as the static text has.
// It runs before DOMContentLoaded, so theme.js's Dark/Light button and
// i18n.js's language switch, added then to the header's first <nav>, come
// after the links.
import { t } from './i18n.js';

/**
 * A link of the header: where it goes, the catalogue keys of its words and
 * its title, its data-testid for the tests, and the other pages it stands
 * for (a rules page of one game is under Rules).
 * @typedef {{href: string, key: string, title: string, testid: string, under?: RegExp}} NavLink
 */

/** @type {readonly NavLink[]} */
export const LINKS = [
  { href: 'index.html', key: 'nav.play', title: 'nav.local', testid: 'to-play' },
  { href: 'rules.html', key: 'nav.rules', title: 'nav.rules.title', testid: 'to-rules', under: /^rules-\w+\.html$/ },
  { href: 'learn.html', key: 'nav.learn', title: 'nav.learn.title', testid: 'to-learn' },
  { href: 'puzzles.html', key: 'nav.puzzles', title: 'nav.puzzles.title', testid: 'to-puzzles' },
  { href: 'online.html', key: 'nav.online', title: 'nav.online.title', testid: 'play-online' },
  { href: 'tournaments.html', key: 'nav.tournaments', title: 'nav.tournaments.title', testid: 'to-tournaments', under: /^tournament\.html$/ },
  { href: 'leaderboard.html', key: 'nav.players', title: 'nav.players.title', testid: 'to-players', under: /^player\.html$/ },
  { href: 'account.html', key: 'nav.account', title: 'nav.account.title', testid: 'to-account' },
];

/**
 * The href of the link that `pathname` (location.pathname) is, or is
 * under; '' if none. "/" (or any folder) is index.html.
 * @param {string} pathname
 */
export function currentHref(pathname) {
  const file = pathname.slice(pathname.lastIndexOf('/') + 1) || 'index.html';
  const link = LINKS.find((l) => l.href === file || (l.under && l.under.test(file)));
  return link ? link.href : '';
}

/**
 * Fills each empty <nav class="site-nav"> under `root` with the links, the
 * one of `pathname` marked aria-current="page".
 * @param {ParentNode} root @param {string} pathname
 */
export function fillNav(root, pathname) {
  const current = currentHref(pathname);
  for (const nav of root.querySelectorAll('nav.site-nav')) {
    if (nav.childElementCount) continue;
    nav.replaceChildren(...LINKS.map((l) => {
      const a = document.createElement('a');
      a.href = l.href;
      a.dataset.testid = l.testid;
      a.dataset.i18n = l.key;
      a.dataset.i18nTitle = l.title;
      a.textContent = t(l.key);
      a.title = t(l.title);
      if (l.href === current) a.setAttribute('aria-current', 'page');
      return a;
    }));
  }
}

// Not when node imports the module (the tests read LINKS).
if (typeof document !== 'undefined') fillNav(document, location.pathname);
