// The page's language (issue 27, point 8: the one living Shatra community
// plays in Russian): Russian when the browser prefers it ("ru..."), else
// English, until the player chooses with the header's button; the choice
// is remembered on this browser (localStorage, asterism-lang), as theme.js
// remembers the theme. Strings are in locales/en.js (the reference) and
// locales/ru.js; a key missing from Russian falls back to English, and one
// missing from both shows the key itself, so a gap is visible, not fatal.
// Static text carries data-i18n="key" (its text), data-i18n-title and
// data-i18n-placeholder, data-i18n-label and data-i18n-aria-label (those
// attributes), filled when this module runs;
// text built in scripts calls t(key, params) or tn(key, count, params).
import en from './locales/en.js';
import ru from './locales/ru.js';

const KEY = 'asterism-lang';
/** @type {Record<string, Record<string, string|string[]>>} */
const LOCALES = { en, ru };

/** @returns {'en'|'ru'} */
function chooseLang() {
  // The browser tests also import the page's modules into node, which has
  // no storage, no navigator's language and no document: English there.
  if (typeof localStorage === 'undefined') return 'en';
  const chosen = localStorage.getItem(KEY);
  if (chosen === 'en' || chosen === 'ru') return chosen;
  return (navigator.language || '').toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** The language of this page, 'en' or 'ru'. */
export const lang = chooseLang();
if (typeof document !== 'undefined') document.documentElement.lang = lang;

/** @param {string} key */
function lookup(key) {
  const own = LOCALES[lang][key];
  return own !== undefined ? own : en[key];
}

/** Whether either catalogue has `key`. @param {string} key */
export const has = (key) => lookup(key) !== undefined;

/**
 * Fills {name} in a string from `params`.
 * @param {string} text @param {Record<string, unknown>} [params]
 */
function fill(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

/**
 * The string of `key` in this page's language, with {name} filled from
 * `params`.
 * @param {string} key @param {Record<string, unknown>} [params]
 */
export function t(key, params) {
  const s = lookup(key);
  if (s === undefined) return key;
  return fill(Array.isArray(s) ? s[s.length - 1] : s, params);
}

/**
 * Which plural form a count takes: English has two (one, other), Russian
 * three (1 ход, 2 хода, 5 ходов; 11-14 take the third, 21 the first).
 * @param {number} n @param {string} [language]
 */
export function pluralIndex(n, language = lang) {
  const a = Math.abs(Math.trunc(n));
  if (language !== 'ru') return a === 1 ? 0 : 1;
  const ten = a % 10, hundred = a % 100;
  if (ten === 1 && hundred !== 11) return 0;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return 1;
  return 2;
}

/**
 * The string of `key` for a count: the key holds the forms (two in English,
 * three in Russian) and {n} is the count.
 * @param {string} key @param {number} n @param {Record<string, unknown>} [params]
 */
export function tn(key, n, params = {}) {
  let s = LOCALES[lang][key], language = lang;
  if (s === undefined) { s = en[key]; language = 'en'; }
  if (s === undefined) return key;
  const forms = Array.isArray(s) ? s : [s];
  return fill(forms[Math.min(pluralIndex(n, language), forms.length - 1)], { n, ...params });
}

/**
 * A side's name as the server gives it ("White", "First") in this
 * language; `form` 'gen' is the genitive ("Ход белых"). A name without a
 * translation is kept.
 * @param {string} name @param {''|'gen'} [form]
 */
export function side(name, form = '') {
  const key = `side.${name}${form ? '.' + form : ''}`;
  const s = lookup(key);
  return typeof s === 'string' ? s : name;
}

/** Fills the static text marked with data-i18n under `root`. @param {ParentNode} [root] */
export function translate(root = document) {
  if (lang === 'en') return;
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const key = /** @type {HTMLElement} */ (el).dataset.i18n || '';
    if (lookup(key) !== undefined) el.textContent = t(key);
  }
  for (const attr of ['title', 'placeholder', 'label', 'aria-label']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      const key = el.getAttribute(`data-i18n-${attr}`) || '';
      if (lookup(key) !== undefined) el.setAttribute(attr, t(key));
    }
  }
}

// The switch, in the header's links beside the Dark/Light button (added
// when the document is loaded, after theme.js's): it names the other
// language in that language, and reloads the page in it. Neither it nor the
// static text exists when node imports the module (the browser tests).
if (typeof document !== 'undefined') {
  translate();
  // The theme button's words, for theme.js (a classic script that cannot
  // import this module; it draws its button after this has run).
  /** @type {{asterismThemeWords?: Record<string, string>}} */ (/** @type {unknown} */ (window)).asterismThemeWords = {
    dark: t('theme.dark'), light: t('theme.light'), darkTitle: t('theme.dark.title'), lightTitle: t('theme.light.title'),
  };
  addEventListener('DOMContentLoaded', addSwitch);
}

function addSwitch() {
  const header = document.querySelector('header');
  if (!header) return;
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'lang-toggle';
  b.dataset.testid = 'lang-toggle';
  const other = lang === 'ru' ? 'en' : 'ru';
  b.textContent = other === 'ru' ? 'Русский' : 'English';
  b.lang = other;
  b.title = other === 'ru' ? 'Страница по-русски (запоминается в этом браузере)' : 'This page in English (remembered on this browser)';
  b.addEventListener('click', () => {
    localStorage.setItem(KEY, other);
    location.reload();
  });
  (header.querySelector('nav') || header).append(b);
}
