// The puzzles page's ways through the puzzles (issue 44, points 3 and 4):
// the next puzzle at the solver's rating, in order, or a streak (puzzles of
// rising rating until the first miss, unrated, the best streak kept per
// game in this browser); the daily puzzle; the set; the solver's rating
// line and each attempt's change; the puzzle's own address to share.
import { $, select } from './dom.js';
import { has, t, tn } from './i18n.js';
import { errorText } from './shared.js';
import { currentRating, dailyPuzzle, nextPuzzle, report } from './puzzle-rating.js';

/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./puzzle-rating.js').PuzzleRating} PuzzleRating */

/**
 * What the modes need of the page (puzzles.js).
 * @typedef {Object} ModesPage
 * @property {() => {game: string|null, puzzle: Puzzle|null, mode: string, set: string, theme: string, reported: boolean,
 *   streak: {count: number, last: number, ids: string[], over: boolean}, daily: string}} ui
 * @property {(id: string, set?: string) => Promise<void>} showById
 * @property {(step: number) => Promise<void>} step  the next or previous in order
 * @property {() => Promise<void>} reload  the game again (another set)
 * @property {(text: string, kind: string) => void} feedback
 */
/** @type {ModesPage|null} */
let page = null;
const P = () => /** @type {ModesPage} */ (page);

/** @param {string} game */
const bestKey = (game) => `asterism-puzzle-streak-${game}`;

/** @param {PuzzleRating|null} r @param {PuzzleRating|undefined} [before] */
function ratingLine(r, before) {
  const el = $('puzzle-rating');
  if (!r) {
    el.textContent = t('puz.rating.none');
    el.dataset.rating = '';
    return;
  }
  const now = `${Math.round(r.rating)}${r.provisional ? '?' : ''} \u00b1 ${Math.round(r.deviation)}`;
  const change = before ? Math.round(r.rating) - Math.round(before.rating) : 0;
  el.textContent = t(before ? 'puz.rating.change' : 'puz.rating', { rating: now, change: change >= 0 ? `+${change}` : String(change) });
  el.dataset.rating = String(Math.round(r.rating));
}

function streakLine() {
  const ui = P().ui();
  const el = $('streak');
  el.hidden = ui.mode !== 'streak';
  if (!ui.game) return;
  const best = Number(localStorage.getItem(bestKey(ui.game)) || 0);
  el.textContent = t('puz.streak.line', { n: ui.streak.count, best });
  el.dataset.count = String(ui.streak.count);
}

// Called once a puzzle is on the board: its address, the lines.
export async function shown() {
  const ui = P().ui();
  const p = ui.puzzle;
  if (!p || !ui.game) return;
  const where = `#${ui.game}/${p.set}/${p.id}`;
  history.replaceState(null, '', where);
  /** @type {HTMLAnchorElement} */ ($('share')).href = new URL(where, location.href).href;
  $('puzzle-daily').textContent = ui.daily ? t('puz.daily.of', { date: ui.daily }) : '';
  $('puzzle-daily').hidden = !ui.daily;
  streakLine();
  if (ui.mode !== 'streak') ratingLine(await currentRating(ui.game));
}

/** @param {boolean} solved */
async function attempt(solved) {
  const ui = P().ui();
  const p = ui.puzzle;
  if (!p || !ui.game || ui.reported) return;
  ui.reported = true;
  if (ui.mode === 'streak') return streakResult(solved, p);
  try {
    const r = await report(ui.game, p.id, solved);
    if (r.rated && r.rating) ratingLine(r.rating, r.before);
    else $('puzzle-rating').textContent = `${$('puzzle-rating').textContent} ${t(r.why === 'full' ? 'puz.rating.full' : 'puz.rating.again')}`;
  } catch (e) {
    $('puzzle-rating').textContent = t('puz.rating.failed', { why: errorText(e) });
  }
}

/** @param {boolean} solved @param {Puzzle} p */
function streakResult(solved, p) {
  const ui = P().ui();
  const game = /** @type {string} */ (ui.game);
  if (solved) {
    ui.streak.count += 1;
    ui.streak.last = p.rating;
    ui.streak.ids.push(p.id);
    const best = Number(localStorage.getItem(bestKey(game)) || 0);
    if (ui.streak.count > best) localStorage.setItem(bestKey(game), String(ui.streak.count));
  } else {
    ui.streak.over = true;
    $('streak').dataset.over = 'true';
  }
  streakLine();
  if (!solved) $('streak').textContent += ` ${tn('puz.streak.over', ui.streak.count)}`;
}

// A wrong move (or the hint) before the puzzle is solved: a miss.
export const missed = () => attempt(false);
export const solved = () => attempt(true);

// The next puzzle as the mode says.
export async function next() {
  const ui = P().ui();
  if (!ui.game) return;
  ui.daily = '';
  if (ui.mode === 'order') return P().step(1);
  try {
    if (ui.mode === 'streak') {
      if (ui.streak.over || !ui.puzzle || !ui.reported) Object.assign(ui.streak, { count: 0, last: 0, ids: [], over: false });
      delete $('streak').dataset.over;
      const p = await nextPuzzle(ui.game, ui.set, { above: ui.streak.last, skip: ui.streak.ids, theme: ui.theme });
      return P().showById(p.id, ui.set);
    }
    const p = await nextPuzzle(ui.game, ui.set, { skip: ui.puzzle ? [ui.puzzle.id] : [], theme: ui.theme });
    await P().showById(p.id, ui.set);
  } catch (e) {
    P().feedback(ui.mode === 'streak' ? t('puz.streak.top', { why: errorText(e) }) : errorText(e), 'wrong');
  }
}

async function daily() {
  const ui = P().ui();
  if (!ui.game) return;
  try {
    const { date, puzzle } = await dailyPuzzle(ui.game, ui.set);
    await P().showById(puzzle.id, ui.set);
    ui.daily = date;
    await shown();
  } catch (e) {
    P().feedback(errorText(e), 'wrong');
  }
}

/**
 * The themes of the puzzles shown (the generator's ids, in words where the
 * page has them), for Next at the rating or in a streak.
 * @param {Record<string, number>} themes
 */
function showThemes(themes) {
  const ui = P().ui();
  const box = select('theme');
  const any = document.createElement('option');
  any.value = '';
  any.textContent = t('puz.theme.any');
  box.replaceChildren(any, ...Object.entries(themes).map(([id, n]) => {
    const o = document.createElement('option');
    o.value = id;
    o.textContent = `${has(`puz.theme.${id}`) ? t(`puz.theme.${id}`) : id} (${n})`;
    return o;
  }));
  if (!(ui.theme in themes)) ui.theme = '';
  box.value = ui.theme;
  $('theme-box').hidden = Object.keys(themes).length === 0;
}

/**
 * The game's sets and themes in the choosers.
 * @param {{set: string, total: number}[]} sets @param {Record<string, number>} [themes]
 */
export function showSets(sets, themes = {}) {
  showThemes(themes);
  const ui = P().ui();
  const box = select('set');
  const all = document.createElement('option');
  all.value = '';
  all.textContent = t('puz.set.all');
  box.replaceChildren(all, ...sets.map(({ set, total }) => {
    const o = document.createElement('option');
    o.value = set;
    o.textContent = `${set} (${total})`;
    return o;
  }));
  box.value = sets.some((s) => s.set === ui.set) ? ui.set : '';
  $('set-box').hidden = sets.length < 2;
}

/** @param {ModesPage} p */
export function wireModes(p) {
  page = p;
  const ui = p.ui();
  const mode = select('mode');
  mode.value = ui.mode;
  mode.addEventListener('change', () => {
    ui.mode = mode.value;
    localStorage.setItem('asterism-puzzle-mode', ui.mode);
    Object.assign(ui.streak, { count: 0, last: 0, ids: [], over: false });
    streakLine();
    if (ui.mode === 'streak') next();
    else if (ui.game) currentRating(ui.game).then((r) => ratingLine(r));
  });
  select('theme').addEventListener('change', () => { ui.theme = select('theme').value; });
  select('set').addEventListener('change', () => {
    ui.set = select('set').value;
    p.reload();
  });
  $('daily').addEventListener('click', daily);
}
