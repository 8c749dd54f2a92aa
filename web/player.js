// A player's profile (player.html#name=NAME, docs/accounts.md "Profiles"):
// their name and since when, their ratings per game and time class
// (provisional ones marked), a rating graph per game and class
// (rating-graph.js, from GET .../rating-history), and their games, 20 a
// page, newest first, filtered by game. Everything the server says about a
// person is drawn as text.
import { t, tn } from './i18n.js';
import { $, input, select, button } from './dom.js';
import { apiClient, errorText } from './shared.js';
import { GAMES, gameTitle } from './names.js';
import { className, day, gameItem } from './people.js';
import { ratingGraph } from './rating-graph.js';

/** @typedef {import('./types-social.js').Player} Player */
/** @typedef {import('./types-social.js').Rating} Rating */
/** @typedef {import('./types-social.js').RatingHistory} RatingHistory */
/** @typedef {import('./types-social.js').GamePage} GamePage */
/**
 * The page's state: the player shown, the page of their games and the
 * game they are filtered by ("" for all), and whether a request is under way.
 * @typedef {{name: string, player: Player|null, page: number, filter: string, more: boolean, busy: boolean}} PlayerUi
 */

/** @type {PlayerUi} */
const ui = { name: '', player: null, page: 0, filter: '', more: false, busy: false };
const api = apiClient('is the network down?');

/** @param {string} text @param {'error'|'hint'} [kind] */
function message(text, kind = 'error') {
  $('message').textContent = text;
  $('message').className = 'message' + (text ? ` ${kind}` : '');
}

/** @param {string} name */
const playerPath = (name) => `/api/players/${encodeURIComponent(name)}`;

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const name = (params.get('name') || '').trim();
  input('find-name').value = name;
  ui.page = Number(params.get('page')) || 0;
  ui.filter = params.get('game') || '';
  select('filter').value = ui.filter;
  if (name !== ui.name || !ui.player) load(name);
  else loadGames();
}

/** @param {string} name */
async function load(name) {
  ui.name = name;
  ui.player = null;
  $('profile').hidden = true;
  message('');
  if (!name) {
    document.body.dataset.state = 'empty';
    message(t('pl.empty'), 'hint');
    return;
  }
  document.body.dataset.state = 'loading';
  try {
    const p = /** @type {Player} */ (await api('GET', playerPath(name)));
    if (ui.name !== name) return;
    ui.player = p;
    document.title = `${p.name} \u00b7 asterism`;
    $('player-name').textContent = p.name;
    $('since').textContent = t('pl.since', { day: day(p.created) });
    $('profile').hidden = false;
    renderRatings(p.ratings);
    await Promise.all([renderGraphs(p), loadGames()]);
    document.body.dataset.state = 'shown';
  } catch (e) {
    if (ui.name !== name) return;
    document.body.dataset.state = 'missing';
    message(errorText(e));
  }
}

/** @param {Rating[]} ratings */
function renderRatings(ratings) {
  const table = /** @type {HTMLTableElement} */ ($('ratings'));
  table.replaceChildren();
  $('ratings-none').hidden = ratings.length > 0;
  if (!ratings.length) return;
  const head = table.createTHead().insertRow();
  for (const h of [t('pp.game'), t('pp.class'), t('pp.rating'), t('pl.games')]) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of ratings) {
    const tr = body.insertRow();
    tr.dataset.game = r.game;
    tr.dataset.class = r.class;
    tr.dataset.provisional = String(r.provisional);
    const board = document.createElement('a');
    board.href = `leaderboard.html#game=${encodeURIComponent(r.game)}&class=${r.class}`;
    board.textContent = gameTitle(r.game);
    board.title = t('pl.board.title');
    tr.insertCell().append(board);
    tr.insertCell().textContent = className(r.class);
    const cell = tr.insertCell();
    cell.className = 'rating';
    cell.textContent = `${Math.round(r.rating)} \u00b1 ${Math.round(r.deviation)}`;
    if (r.provisional) {
      const flag = document.createElement('span');
      flag.className = 'provisional';
      flag.textContent = t('pl.provisional');
      flag.title = t('pl.provisional.title');
      cell.append(' ', flag);
    }
    tr.insertCell().textContent = String(r.games);
  }
}

// A graph per game and class the player has a rating in.
/** @param {Player} p */
async function renderGraphs(p) {
  const box = $('graphs');
  box.replaceChildren();
  $('graphs-box').hidden = p.ratings.length === 0;
  const figures = await Promise.all(p.ratings.map(async (r) => {
    const q = `game=${encodeURIComponent(r.game)}&class=${encodeURIComponent(r.class)}`;
    const figure = document.createElement('figure');
    figure.className = 'graph';
    figure.dataset.game = r.game;
    figure.dataset.class = r.class;
    const caption = document.createElement('figcaption');
    const title = `${gameTitle(r.game)}, ${className(r.class)}`;
    try {
      const h = /** @type {RatingHistory} */ (await api('GET', `${playerPath(p.name)}/rating-history?${q}`));
      caption.textContent = `${title}: ${tn('pl.graph.games', h.points.length)}`;
      figure.append(ratingGraph(h.points, t('pl.graph.label', { name: p.name, title })), caption);
    } catch (e) {
      caption.textContent = `${title}: ${errorText(e)}`;
      figure.append(caption);
    }
    return figure;
  }));
  box.append(...figures);
}

async function loadGames() {
  const name = ui.name;
  if (!name || !ui.player) return;
  ui.busy = true;
  syncPager();
  const q = `page=${ui.page}` + (ui.filter ? `&game=${encodeURIComponent(ui.filter)}` : '');
  try {
    const g = /** @type {GamePage} */ (await api('GET', `${playerPath(name)}/games?${q}`));
    if (ui.name !== name) return;
    $('games').replaceChildren(...g.games.map(gameItem));
    $('games-none').hidden = g.games.length > 0;
    ui.more = g.more;
    $('games-page').textContent = g.games.length || ui.page ? t('pl.pageN', { n: ui.page + 1 }) : '';
  } catch (e) {
    message(errorText(e));
  }
  ui.busy = false;
  syncPager();
}

function syncPager() {
  button('newer').disabled = ui.busy || ui.page === 0;
  button('older').disabled = ui.busy || !ui.more;
}

// The page and filter live in the address, so that back and reload keep them.
/** @param {number} page @param {string} filter */
function go(page, filter) {
  const parts = [`name=${encodeURIComponent(ui.name)}`];
  if (filter) parts.push(`game=${encodeURIComponent(filter)}`);
  if (page) parts.push(`page=${page}`);
  location.hash = parts.join('&');
}

function start() {
  for (const [id, title] of GAMES) select('filter').add(new Option(title, id));
  $('find').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input('find-name').value.trim();
    if (name) location.hash = `name=${encodeURIComponent(name)}`;
  });
  select('filter').addEventListener('change', () => go(0, select('filter').value));
  button('newer').addEventListener('click', () => go(Math.max(0, ui.page - 1), ui.filter));
  button('older').addEventListener('click', () => go(ui.page + 1, ui.filter));
  window.addEventListener('hashchange', route);
  route();
}

// Tests and the curious can see the state.
/** @type {Window & {asterismPlayer?: PlayerUi}} */ (window).asterismPlayer = ui;
start();
