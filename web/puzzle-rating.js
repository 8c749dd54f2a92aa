// The solver's puzzle rating (docs/learn.md, "Puzzles"): an account's is
// the server's (POST /api/puzzles/GAME/attempts rates its first attempt at
// each puzzle); a guest's is kept in this browser, per game, and the server
// computes each update with the same Glicko-2 (POST .../guest) without
// keeping anything. A guest's puzzles already rated are kept too, so that
// each is rated once, as an account's are. Also the choice of the next
// puzzle (GET .../next: near the rating, or for a streak above the last).
import { api } from './diagram.js';

/**
 * @typedef {Object} PuzzleRating
 * @property {number} rating
 * @property {number} deviation
 * @property {number} volatility
 * @property {boolean} [provisional]
 */
/**
 * The answer to an attempt.
 * @typedef {{rated: boolean, why?: string, before?: PuzzleRating, rating: PuzzleRating|null}} Attempt
 */
/** @typedef {import('./types.js').Puzzle} Puzzle */

// The most puzzle ids a guest's list keeps per game, and sends to be skipped.
const KEEP = 5000;
const SKIP = 150;

/** @type {Promise<string>|null} the signed-in account's name, '' for a guest */
let account = null;
/** @returns {Promise<string>} */
export function accountName() {
  if (!account) {
    account = fetch('/api/account').then(async (r) => (r.ok ? (await r.json()).name || '' : ''))
      .catch(() => '');
  }
  return account;
}

// Asked again when the page comes back into view: the visitor may have
// signed in or out in another tab.
document.addEventListener('visibilitychange', () => { if (!document.hidden) account = null; });

/** @param {string} game */
const ratingKey = (game) => `asterism-puzzle-rating-${game}`;
/** @param {string} game */
const ratedKey = (game) => `asterism-puzzle-rated-${game}`;

/** @param {string} key @returns {any} */
function kept(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || 'null');
  } catch (e) {
    return null;
  }
}

/** @param {string} game @returns {string[]} */
const guestRated = (game) => kept(ratedKey(game)) || [];

/**
 * The solver's rating in `game` now (null: none yet).
 * @param {string} game @returns {Promise<PuzzleRating|null>}
 */
export async function currentRating(game) {
  const name = await accountName();
  if (!name) return kept(ratingKey(game));
  try {
    const p = /** @type {{ratings: (PuzzleRating & {class: string, game: string})[]}} */ (
      await api('GET', `/api/players/${encodeURIComponent(name)}`));
    return (p.ratings || []).find((r) => r.class === 'puzzle' && r.game === game) || null;
  } catch (e) {
    return null;
  }
}

/**
 * Rates an attempt at puzzle `id` of `game` (its first only).
 * @param {string} game @param {string} id @param {boolean} solved @returns {Promise<Attempt>}
 */
export async function report(game, id, solved) {
  if (await accountName()) return /** @type {Attempt} */ (await api('POST', `/api/puzzles/${game}/attempts`, { id, solved }));
  const done = guestRated(game);
  if (done.includes(id)) return { rated: false, why: 'repeated', rating: kept(ratingKey(game)) };
  /** @type {{id: string, solved: boolean, rating?: PuzzleRating}} */
  const body = { id, solved };
  const before = kept(ratingKey(game));
  if (before) body.rating = { rating: before.rating, deviation: before.deviation, volatility: before.volatility };
  const r = /** @type {Attempt} */ (await api('POST', `/api/puzzles/${game}/guest`, body));
  localStorage.setItem(ratingKey(game), JSON.stringify(r.rating));
  localStorage.setItem(ratedKey(game), JSON.stringify([...done, id].slice(-KEEP)));
  return r;
}

/**
 * The next puzzle's id: near the solver's rating, or with `above` the
 * lowest rated above it; never one of `skip` while others are left.
 * @param {string} game @param {string} set @param {{above?: number, skip?: string[], theme?: string}} ask
 * @returns {Promise<Puzzle>}
 */
export async function nextPuzzle(game, set, ask) {
  const q = new URLSearchParams();
  if (set) q.set('set', set);
  if (ask.theme) q.set('theme', ask.theme);
  const skip = [...(ask.skip || [])];
  if (ask.above !== undefined) {
    q.set('above', String(Math.max(0, Math.floor(ask.above))));
  } else if (!(await accountName())) {
    const mine = kept(ratingKey(game));
    if (mine) q.set('rating', String(Math.round(mine.rating)));
    skip.push(...guestRated(game));
  }
  const ids = [...new Set(skip)].slice(-SKIP);
  if (ids.length) q.set('skip', ids.join(','));
  return /** @type {{puzzle: Puzzle}} */ (await api('GET', `/api/puzzles/${game}/next?${q}`)).puzzle;
}

/** @param {string} game @param {string} set @returns {Promise<{date: string, puzzle: Puzzle}>} */
export async function dailyPuzzle(game, set) {
  const q = set ? `?set=${encodeURIComponent(set)}` : '';
  return /** @type {{date: string, puzzle: Puzzle}} */ (await api('GET', `/api/puzzles/${game}/daily${q}`));
}
