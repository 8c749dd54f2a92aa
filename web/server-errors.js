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
// anchored RegExp: its text literally, each {name} a lazy group, and how
// much fixed text it has (the longer first, for equal matches below).
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
 * A value the server put in a message, in the catalogue's words: {side...}
 * a side's name (its genitive when the name ends in Gen); {kind...} a man's
 * kind. Anything else is kept ({why} is read by reading()).
 * @param {string} name @param {string} value @param {Catalogue} catalogue
 */
function word(name, value, catalogue) {
  /** @param {string} key */
  const own = (key) => {
    const s = catalogue[key] ?? en[key];
    return typeof s === 'string' ? s : value;
  };
  if (name.startsWith('side')) return own(`side.${value}${name.endsWith('Gen') ? '.gen' : ''}`);
  if (name.startsWith('kind')) return own(`err.man.${value}`);
  return value;
}

/**
 * `message` in the words of `catalogue`, by the pattern that explains most
 * of it: the one whose fixed text, with that of the messages in its {why}
 * values read in turn, covers the most characters (on a tie, the pattern
 * with more fixed text of its own). So "illegal move 'b1-c3': b1 holds a
 * Black man and White is to move" is the frame "illegal move '{move}':
 * {why}" with its reason, not the reason's pattern alone with "illegal
 * move 'b1-c3': b1" for a cell, and "the game is over ({result}, {sideGen}
 * resigns)" wins over "the game is over ({result})". `kept` lists the
 * values it leaves as they came (those of {why} values read in turn, and a
 * {why} no pattern reads). Null when no pattern matches.
 * @param {string} message @param {Catalogue} catalogue
 * @returns {{text: string, covered: number, kept: string[]}|null}
 */
function reading(message, catalogue) {
  /** @type {{text: string, covered: number, kept: string[]}|null} */
  let best = null;
  for (const p of patterns()) {
    const m = p.re.exec(message);
    if (!m) continue;
    let covered = p.fixed;
    /** @type {string[]} */
    const kept = [];
    /** @type {Record<string, string>} */
    const params = {};
    p.names.forEach((name, i) => {
      const value = m[i + 1];
      const inner = name === 'why' ? reading(value, catalogue) : null;
      if (inner) {
        covered += inner.covered;
        kept.push(...inner.kept);
        params[name] = inner.text;
      } else {
        kept.push(value);
        params[name] = name === 'why' ? value : word(name, value, catalogue);
      }
    });
    if (best && covered <= best.covered) continue;
    const text = catalogue[p.key] ?? en[p.key];
    best = {
      text: typeof text === 'string'
        ? text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? params[name] : all))
        : message,
      covered,
      kept,
    };
  }
  return best;
}

/**
 * `message`, a server's English line, in the words of `catalogue` (a
 * language's whole catalogue, locales/<lang>.js); unchanged when no
 * pattern matches it.
 * @param {string} message @param {Catalogue} catalogue
 */
export function translate(message, catalogue) {
  return reading(message, catalogue)?.text ?? message;
}

/**
 * The values translate() keeps as they came in `message` (see reading()),
 * or null when no pattern matches: errors.test.mjs takes a message whose
 * kept values hold no words for one the catalogue translates whole.
 * @param {string} message @returns {string[]|null}
 */
export function keptValues(message) {
  return reading(message, en)?.kept ?? null;
}

/**
 * A server's error message in the page's language (English: as it came).
 * @param {string} message
 */
export function serverError(message) {
  const catalogue = OTHERS[lang];
  return catalogue ? translate(message, catalogue) : message;
}
