// What the two tournament pages share (tournaments.html, the list and the
// form; tournament.html, one tournament): a tournament's clock, format,
// status and start in words, the sides' names, and a link to one. Names
// are drawn as text.

import { t as tr, tn, side, lang } from './i18n.js';

/** @typedef {import('./types-tournament.js').TournamentClock} TournamentClock */
/** @typedef {import('./types-tournament.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./types-tournament.js').TournamentView} TournamentView */

// A count and its noun in the page's language (i18n.js): "1 day", "2 days";
// "1 день", "2 дня", "5 дней".
/** @param {number} n @param {'day'|'round'} word */
const plural = (n, word) => tn(`tw.${word}`, n);
/** @param {number} x */
const short = (x) => String(Math.round(x * 100) / 100);

// "1 min + 2 s", "3 days a move". The view gives ms; a request's own
// minutes and days are read too.
/** @param {TournamentClock} c */
export function clockText(c) {
  if (c.kind === 'correspondence') {
    const days = c.days ?? (c.per_move ? c.per_move / 86400000 : 0);
    return tr('tw.aMove', { days: plural(Number(short(days)), 'day') });
  }
  const minutes = c.minutes ?? (c.base ?? 0) / 60000;
  const inc = (c.increment ?? 0) / 1000;
  return tr('tw.fischer', { minutes: short(minutes), inc: short(inc) });
}

// "Swiss, 5 rounds", "round robin (double)", "arena, 30 min".
/**
 * @param {{format: string, rounds: number, double?: boolean, minutes?: number,
 *   starts_ms?: number, ends_ms?: number}} t
 */
export function formatText(t) {
  if (t.format === 'swiss') return tr('tw.swiss', { rounds: plural(t.rounds, 'round') });
  if (t.format === 'round_robin') return tr(t.double ? 'tw.robin.double' : 'tw.robin') +
    (t.rounds ? `, ${plural(t.rounds, 'round')}` : '');
  if (t.format === 'arena') {
    const minutes = t.minutes ?? (t.ends_ms && t.starts_ms ? Math.round((t.ends_ms - t.starts_ms) / 60000) : 0);
    return minutes ? tr('tw.arena.minutes', { minutes }) : tr('tw.arena');
  }
  return t.format;
}

/** @type {Record<string, string>} */
const STATUS = { entry: 'tw.entry', running: 'tw.running', finished: 'tw.finished', cancelled: 'tw.cancelled' };
/** @param {string} s */
export const statusText = (s) => (STATUS[s] ? tr(STATUS[s]) : s);

// "in 4:05", "in 2 h 10 min", "now": how long until `ms`.
/** @param {number} ms @param {number} now */
export function countdown(ms, now) {
  const left = Math.max(0, Math.round((ms - now) / 1000));
  if (left === 0) return tr('tw.now');
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  if (h >= 24) return tr('tw.in', { time: `${plural(Math.floor(h / 24), 'day')} ${h % 24} ${tr('tw.h')}` });
  if (h > 0) return tr('tw.in', { time: `${h} ${tr('tw.h')} ${m} ${tr('tw.min')}` });
  return tr('tw.in', { time: `${m}:${String(s).padStart(2, '0')}` });
}

/** @param {number} ms */
export const at = (ms) => new Date(ms).toLocaleString(lang === 'en' ? [] : lang, { dateStyle: 'medium', timeStyle: 'short' });

/** @param {string} id */
export const tournamentHref = (id) => `tournament.html#id=${encodeURIComponent(id)}`;

/** @param {{id: string, name: string}} t */
export function tournamentLink(t) {
  const a = document.createElement('a');
  a.href = tournamentHref(t.id);
  a.textContent = t.name;
  a.dataset.testid = 'tournament-link';
  return a;
}

// A score as people write it: 1.5 as "1½".
/** @param {number} x */
export function points(x) {
  const whole = Math.floor(x);
  const half = Math.abs(x - whole - 0.5) < 1e-9;
  if (half) return whole ? `${whole}\u00bd` : '\u00bd';
  return short(x);
}

// The sides of each game by the names its rules give them, the first
// mover's first. A tournament's view calls the first seat "white" and the
// second "black", whatever the game: *Star's first player is Black.
/** @type {Record<string, [string, string]>} */
const SIDES = {
  starstar: ['Black', 'White'], asterisk: ['First', 'Second'], shatra: ['White', 'Black'], starpool: ['White', 'Black'],
};

/** @param {string} game  the game's id @param {'white'|'black'|''} colour  the view's word for the seat */
export function sideName(game, colour) {
  return englishSide(game, colour) && side(englishSide(game, colour));
}

/** The same in the genitive («за белых»). @param {string} game @param {'white'|'black'|''} colour */
export const sideNameGen = (game, colour) => englishSide(game, colour) && side(englishSide(game, colour), 'gen');

/** The side's name as the server gives it. @param {string} game @param {'white'|'black'|''} colour */
function englishSide(game, colour) {
  const [first, second] = SIDES[game] || ['First', 'Second'];
  return colour === 'white' ? first : colour === 'black' ? second : '';
}

// "as Black, moving first"; Asterisk's sides are called first and second.
/** @param {string} game @param {'white'|'black'} colour */
export function sideWords(game, colour) {
  const name = englishSide(game, colour);
  const order = colour === 'white' ? 'first' : 'second';
  return name.toLowerCase() === order ? tr(`tt.moving.${order}`) : tr(`tt.as.${order}`, { side: side(name, 'gen') });
}
