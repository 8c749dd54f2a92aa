// The server's errors in the page's language (issue 42 point 4). The
// server refuses a request with {"error": "<English line>", "code":
// "<stable code>", "params": {...}} (src/server/error_table.h, its one
// catalogue); the page shows the code's template of the page's language,
// 'err.' + code in locales/*-errors*.js, with the parameters put in, and
// never reads the English. A reply without a code the page knows (an older
// or newer server) is shown as its English line.
//
// A parameter may be a reason, {code, params}, translated by its code in
// turn: the rules engine's (src/core/errors.h: an illegal move, a bad
// position, spec or record, why a game is over; locales/*-errors-engine.js)
// or the server's own (kReasonRows: why a search stopped, why a passkey was
// refused, why the server ended a game or a tournament ended;
// locales/*-errors-reasons.js). A man's kind and a side are parameters
// shown in the page's words; any other value is shown as it came.
import { lang } from './i18n.js';
import en from './locales/en.js';
import ru from './locales/ru.js';

/** @typedef {Record<string, string|string[]>} Catalogue */
/** @typedef {{error?: string, code?: string, params?: Record<string, unknown>}} ErrorReply */

/** The catalogues that translate, by language (English is the default). */
/** @type {Record<string, Catalogue>} */
const CATALOGUES = { en, ru };

/**
 * A value put in a message, in the catalogue's words: {side...} a side's
 * name (its genitive when the name ends in Gen); {kind...} a man's kind.
 * Anything else is kept.
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
 * `template` with each {name} of `params` put in (a brace that names no
 * parameter, such as a JSON example's, stays).
 * @param {string} template @param {Record<string, string>} params
 */
function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in params ? params[name] : all));
}

/**
 * Whether `value` is a reason, {code, params}: the rules engine's or the server's.
 * @param {unknown} value @returns {value is ErrorReply}
 */
function isReason(value) {
  return typeof value === 'object' && value !== null && typeof (/** @type {ErrorReply} */ (value)).code === 'string';
}

/**
 * A coded error in the words of `catalogue`: the template of 'err.' + code
 * with its parameters, each a side's or a man's name in the catalogue's
 * words, a reason ({code, params}) translated in turn, any other value as
 * it came.
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
      // A reason inside this message, by its own code.
      const inner = translateCode(value, catalogue);
      if (inner === null) return null;
      params[name] = inner;
      continue;
    }
    params[name] = word(name, typeof value === 'string' ? value : String(value), catalogue);
  }
  return fill(template, params);
}

/**
 * A server's error or reason in the page's language: a reply ({error,
 * code, params}) by its code, or its English line when the code is
 * unknown (or it has none: a line an older server kept).
 * @param {ErrorReply} reply
 */
export function serverError(reply) {
  return translateCode(reply, CATALOGUES[lang] ?? en) ?? reply.error ?? '';
}
