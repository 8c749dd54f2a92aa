// What the pages about people share (player.html, leaderboard.html, the
// account page's "my games"): links to a profile and to a game, a game of a
// list in one line, and the words for time classes.
// Names are drawn as text (textContent), never as HTML.
import { gameTitle, terminationText } from './names.js';
import { t, lang } from './i18n.js';

/** @typedef {import('./types-social.js').GameSummary} GameSummary */

/** @type {Record<string, string>} */
const CLASSES = { live: 'pp.class.live', correspondence: 'pp.class.correspondence', untimed: 'pp.class.untimed', puzzle: 'pp.class.puzzle' };
/** @param {string} c */
export const className = (c) => (CLASSES[c] ? t(CLASSES[c]) : c);

// The server sends a summary's spec as `game`; the contract named it `spec`.
/** @param {GameSummary} g */
export const specOf = (g) => g.game || g.spec || '';

/** @param {string} name */
export const profileHref = (name) => `player.html#name=${encodeURIComponent(name)}`;

// A link to a player's profile; the neutral name of a deleted account, or
// none at all, is plain text.
/** @param {string|null} name @param {string} [testid] */
export function playerLink(name, testid = 'player-link') {
  if (!name || name === 'deleted player') {
    const span = document.createElement('span');
    span.textContent = name ? t('pp.deleted') : t('pp.nobody');
    return span;
  }
  const a = document.createElement('a');
  a.href = profileHref(name);
  a.textContent = name;
  a.dataset.testid = testid;
  return a;
}

/** @param {string} id @param {string} text */
export function gameLink(id, text) {
  const a = document.createElement('a');
  a.href = `online.html#game=${encodeURIComponent(id)}`;
  a.textContent = text;
  a.dataset.testid = 'game-link';
  return a;
}

/** @param {number} ms */
export const when = (ms) => new Date(ms).toLocaleString(lang === 'en' ? [] : lang, { dateStyle: 'short', timeStyle: 'short' });

/** @param {number} ms */
export const day = (ms) => new Date(ms).toLocaleDateString(lang === 'en' ? undefined : lang, { year: 'numeric', month: 'long', day: 'numeric' });

// How a game of a list stands, from the point of view of its seat `g.seat`.
/** @param {GameSummary} g */
export function standing(g) {
  if (g.status === 'open') return t(g.challenge ? 'pp.st.answer' : 'pp.st.waiting');
  if (g.status === 'playing') return t('acc.claim.playing');
  if (g.status === 'aborted') return t('pp.st.aborted');
  const won = (g.result === '1-0' && g.seat === 0) || (g.result === '0-1' && g.seat === 1);
  const lost = (g.result === '1-0' && g.seat === 1) || (g.result === '0-1' && g.seat === 0);
  const how = terminationText(g.termination, g.termination_reason);
  return `${t(won ? 'pp.st.won' : lost ? 'pp.st.lost' : 'pp.st.drawn')} ${g.result}${how ? ` ${how}` : ''}`;
}

/**
 * One game as a list item: its title (a link to the game), the opponent
 * (a link to their profile), rated or not, how it stands and when.
 * @param {GameSummary} g
 * @returns {HTMLLIElement}
 */
export function gameItem(g) {
  const li = document.createElement('li');
  li.dataset.id = g.id;
  li.dataset.status = g.status;
  li.className = 'game-item';
  const vs = document.createElement('span');
  // A challenge to me names its challenger already (account-more.js).
  if (!g.challenge) vs.append(` ${t('pp.vs')} `, playerLink(g.opponent, 'opponent-link'));
  const info = document.createElement('span');
  info.className = 'note';
  info.textContent = ` \u00b7 ${t(g.rated ? 'pp.rated' : 'pp.casual')}, ${className(g.time_class)} \u00b7 ` +
    `${standing(g)} \u00b7 ${when(g.updated)}`;
  li.append(gameLink(g.id, gameTitle(specOf(g))), vs, info);
  return li;
}
