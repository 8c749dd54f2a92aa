// The server's error messages in the page's language (issue 27, point 8).
// The server refuses a request with one English line ({"error": "..."});
// locales/en-errors.js holds each line a player can meet as a pattern, the
// server's words with {name} where it puts a value, and ru-errors.js their
// translations. serverError() finds the pattern a line matches and gives
// its translation with the values filled in; a line that matches none (a
// message left out, or one newer than the catalogue) is shown as it came.
import { lang } from './i18n.js';
import en from './locales/en.js';
import ru from './locales/ru.js';

/** @typedef {Record<string, string|string[]>} Catalogue */
/** @typedef {{key: string, re: RegExp, names: string[], fixed: number}} Pattern */

/** The catalogues that translate, by language (English is the servers'). */
/** @type {Record<string, Catalogue>} */
const OTHERS = { ru };

/** @type {Pattern[]|null} */
let compiled = null;

// Every 'err.*' English string (but the men's words, err.man.*) as an
// anchored RegExp: its text literally, each {name} a lazy group. The one
// with the most fixed text is tried first, so that "the game is over
// ({result}, {sideGen} resigns)" wins over "the game is over ({result})".
/** @returns {Pattern[]} */
function patterns() {
  if (compiled) return compiled;
  compiled = [];
  for (const [key, text] of Object.entries(en)) {
    if (!key.startsWith('err.') || key.startsWith('err.man.') || typeof text !== 'string') continue;
    /** @type {string[]} */
    const names = [];
    const parts = text.split(/\{(\w+)\}/);
    const source = parts.map((part, i) => {
      if (i % 2) {
        names.push(part);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }).join('');
    const fixed = parts.filter((_, i) => i % 2 === 0).join('').length;
    compiled.push({ key, re: new RegExp(`^${source}$`), names, fixed });
  }
  compiled.sort((a, b) => b.fixed - a.fixed);
  return compiled;
}

/**
 * A value the server put in a message, in the catalogue's words: {why} is a
 * message of its own; {side...} a side's name (its genitive when the name
 * ends in Gen); {kind...} a man's kind. Anything else is kept.
 * @param {string} name @param {string} value @param {Catalogue} catalogue
 */
function word(name, value, catalogue) {
  /** @param {string} key */
  const own = (key) => {
    const s = catalogue[key] ?? en[key];
    return typeof s === 'string' ? s : value;
  };
  if (name === 'why') return translate(value, catalogue);
  if (name.startsWith('side')) return own(`side.${value}${name.endsWith('Gen') ? '.gen' : ''}`);
  if (name.startsWith('kind')) return own(`err.man.${value}`);
  return value;
}

/**
 * `message`, a server's English line, in the words of `catalogue` (a
 * language's whole catalogue, locales/<lang>.js); unchanged when no
 * pattern matches it.
 * @param {string} message @param {Catalogue} catalogue
 */
export function translate(message, catalogue) {
  for (const p of patterns()) {
    const m = p.re.exec(message);
    if (!m) continue;
    const text = catalogue[p.key] ?? en[p.key];
    if (typeof text !== 'string') return message;
    /** @type {Record<string, string>} */
    const params = {};
    p.names.forEach((name, i) => { params[name] = word(name, m[i + 1], catalogue); });
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? params[name] : all));
  }
  return message;
}

/**
 * A server's error message in the page's language (English: as it came).
 * @param {string} message
 */
export function serverError(message) {
  const catalogue = OTHERS[lang];
  return catalogue ? translate(message, catalogue) : message;
}
