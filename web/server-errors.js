// The server's errors in the page's language (issue 42 point 4). The
// server refuses a request with {"error": "<English line>", "code":
// "<stable code>", "params": {...}} (src/server/error_table.h, its one
// catalogue); the page shows the code's template of the page's language,
// 'err.' + code in locales/*-errors.js, with the parameters put in, and
// never reads the English. A reply without a code the page knows (an older
// or newer server) is shown as its English line.
//
// The rules engine's errors carry codes too (src/core/errors.h): an
// illegal move, a bad position, spec or record, why a game is over come as
// the engine's own code and parameters, or as a parameter of a server's
// code that is itself a reason, {code, params} ({why} of 'game.viewMove',
// 'over.*'...), translated in turn from locales/*-errors-engine.js. A man's
// kind and a side are parameters shown in the page's words.
//
// One kind of value is still English: a few reasons the server keeps or
// passes on as lines (how a game or a tournament ended, a passkey's
// verification), read by matching them against the patterns of
// locales/en-errors-rules.js.
import { lang } from './i18n.js';
import en from './locales/en.js';
import ru from './locales/ru.js';
import rulesLines from './locales/en-errors-rules.js';

/** @typedef {Record<string, string|string[]>} Catalogue */
/** @typedef {{key: string, re: RegExp, names: string[], fixed: number}} Pattern */
/** @typedef {{error?: string, code?: string, params?: Record<string, unknown>}} ErrorReply */

/** The catalogues that translate, by language (English is the default). */
/** @type {Record<string, Catalogue>} */
const CATALOGUES = { en, ru };

/** @type {Pattern[]|null} */
let compiled = null;

// The kept reasons of en-errors-rules.js, each as an anchored RegExp: its text literally, each
// {name} a lazy group, and how much fixed text it has (the longer first,
// for equal matches below).
/** @returns {Pattern[]} */
function patterns() {
  if (compiled) return compiled;
  compiled = [];
  for (const [key, text] of Object.entries(rulesLines)) {
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
 * A value put in a message, in the catalogue's words: {side...} a side's
 * name (its genitive when the name ends in Gen); {kind...} a man's kind.
 * Anything else is kept ({why} is read by reading()).
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
 * An engine's English `message` in the words of `catalogue`, by the
 * pattern that explains most of it: the one whose fixed text, with that of
 * the messages in its {why} values read in turn, covers the most
 * characters (on a tie, the pattern with more fixed text of its own). So
 * "illegal move 'b1-c3': b1 holds a Black man and White is to move" is the
 * frame "illegal move '{move}': {why}" with its reason. `kept` lists the
 * values it leaves as they came. Null when no pattern matches.
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
      text: typeof text === 'string' ? fill(text, params) : message,
      covered,
      kept,
    };
  }
  return best;
}

/**
 * `template` with each {name} of `params` put in (a brace that names no
 * parameter, such as a JSON example's, stays).
 * @param {string} template @param {Record<string, string>} params
 */
function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in params ? params[name] : all));
}

/**
 * `message`, a line of the rules engine in English (or a kept reason), in
 * the words of `catalogue`; unchanged when no pattern matches it.
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
 * Whether `value` is a reason of the rules engine, {code, params}.
 * @param {unknown} value @returns {value is ErrorReply}
 */
function isReason(value) {
  return typeof value === 'object' && value !== null && typeof (/** @type {ErrorReply} */ (value)).code === 'string';
}

/**
 * A coded error in the words of `catalogue`: the template of 'err.' + code
 * with its parameters, each a side's or a man's name in the catalogue's
 * words, a reason ({code, params}) translated in turn, an engine's uncoded
 * line ({why}) read as translate() reads it, any other value as it came.
 * Null when the catalogue has no such code (nor one of its reasons).
 * @param {ErrorReply} reply @param {Catalogue} catalogue
 */
export function translateCode(reply, catalogue) {
  const template = reply.code ? catalogue[`err.${reply.code}`] ?? en[`err.${reply.code}`] : undefined;
  if (typeof template !== 'string') return null;
  /** @type {Record<string, string>} */
  const params = {};
  for (const [name, value] of Object.entries(reply.params ?? {})) {
    if (isReason(value)) {
      // A reason of the rules engine inside this message, by its own code.
      const inner = translateCode(value, catalogue);
      if (inner === null) return null;
      params[name] = inner;
      continue;
    }
    const text = typeof value === 'string' ? value : String(value);
    params[name] = name === 'why' ? translate(text, catalogue) : word(name, text, catalogue);
  }
  return fill(template, params);
}

/**
 * A server's error in the page's language: a reply ({error, code,
 * params}) by its code, or its English line when the code is unknown; a
 * bare English line (a reason a record keeps) as translate() reads it.
 * @param {ErrorReply|string} reply
 */
export function serverError(reply) {
  const catalogue = CATALOGUES[lang] ?? en;
  if (typeof reply === 'string') return lang === 'en' ? reply : translate(reply, catalogue);
  return translateCode(reply, catalogue) ?? reply.error ?? '';
}
