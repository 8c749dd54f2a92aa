// The tournaments (tournaments.html, docs/accounts.md "Tournaments"): those
// open for entry, those running and the finished ones a page at a time
// (GET /api/tournaments?status=...), and, signed in, the form of a new one
// (POST /api/tournaments), whose game and options are picked as the online
// lobby's form picks them (shared.js buildOptions). A new tournament opens
// at once on its own page (tournament.html#id=ID).
import { $, input, select, button } from './dom.js';
import { apiClient, buildOptions, changedOptions, errorText } from './shared.js';
import { gameTitle, gameName } from './names.js';
import { t as say, tn } from './i18n.js';
import { clockText, formatText, statusText, countdown, at, tournamentHref, tournamentLink }
  from './tournament-words.js';

/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types-tournament.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./types-tournament.js').TournamentList} TournamentList */
/** @typedef {import('./types-tournament.js').NewTournament} NewTournament */
/** @typedef {import('./types-tournament.js').CreatedTournament} CreatedTournament */
/**
 * The page's state: the catalog, the page of finished tournaments shown
 * (1-based) and whether there are older ones, whether someone is signed
 * in, and whether a request is under way.
 * @typedef {{catalog: Catalog|null, page: number, more: boolean, signedIn: boolean, busy: boolean,
 *   lists: Record<string, TournamentSummary[]>}} TournamentsUi
 */

/** @type {TournamentsUi} */
const ui = { catalog: null, page: 1, more: false, signedIn: false, busy: false, lists: {} };
const api = apiClient('is the network down?');

/** @param {string} text */
function message(text) {
  $('message').textContent = text;
  $('message').className = 'message' + (text ? ' error' : '');
}

// ---- the lists --------------------------------------------------------------

/** @param {TournamentSummary} t @param {number} now */
function whenText(t, now) {
  if (t.status === 'entry') return t.starts_ms ? say('tours.starts', { when: countdown(t.starts_ms, now) }) : say('tours.startsByCreator');
  // A round robin's summary may leave its number of rounds out (0).
  if (t.status === 'running') return t.format === 'arena' ? say('tours.playing') :
    t.rounds ? say('tours.roundOf', { round: t.round, rounds: t.rounds }) : say('tours.round', { round: t.round });
  return statusText(t.status);
}

/** @param {string} which @param {TournamentSummary[]} list */
function renderList(which, list) {
  const table = /** @type {HTMLTableElement} */ ($(which));
  table.replaceChildren();
  $(`${which}-none`).hidden = list.length > 0;
  if (!list.length) return;
  const head = table.createTHead().insertRow();
  for (const h of ['tours.th.tournament', 'tours.th.players', '']) {
    const th = document.createElement('th');
    th.textContent = h && say(h);
    head.append(th);
  }
  const body = table.createTBody();
  const now = Date.now();
  for (const t of list) {
    const tr = body.insertRow();
    tr.dataset.id = t.id;
    tr.dataset.status = t.status;
    // The name, and under it the game, clock and format: three columns
    // fit a phone.
    const facts = document.createElement('span');
    facts.className = 'note facts';
    facts.textContent = [gameTitle(t.spec || t.game), clockText(t.clock), t.rated ? say('tours.rated.word') : say('tours.casual'),
      formatText(t)].join(' \u00b7 ');
    tr.insertCell().append(tournamentLink(t), facts);
    tr.insertCell().textContent = String(t.players);
    const when = tr.insertCell();
    when.className = 'when';
    when.textContent = whenText(t, now);
    if (t.status === 'entry' && t.starts_ms) when.title = at(t.starts_ms);
  }
}

/** @param {string} status @param {number} page */
const listOf = (status, page) =>
  /** @type {Promise<TournamentList>} */ (api('GET', `/api/tournaments?status=${status}&page=${page}`));

async function load() {
  ui.busy = true;
  syncPager();
  try {
    const [entry, running, finished] = await Promise.all([
      listOf('entry', 1), listOf('running', 1), listOf('finished', ui.page)]);
    ui.lists = { entry: entry.tournaments, running: running.tournaments, finished: finished.tournaments };
    for (const [which, list] of Object.entries(ui.lists)) renderList(which, list);
    ui.more = finished.more;
    $('finished-page').textContent = ui.page > 1 || finished.more ? say('pl.pageN', { n: ui.page }) : '';
    message('');
  } catch (e) {
    message(errorText(e));
  }
  ui.busy = false;
  syncPager();
  document.body.dataset.state = 'shown';
}

function syncPager() {
  button('newer').disabled = ui.busy || ui.page <= 1;
  button('older').disabled = ui.busy || !ui.more;
}

// The countdowns to the start, every second, from the lists last read.
function tick() {
  const now = Date.now();
  for (const t of ui.lists.entry || []) {
    const cell = document.querySelector(`#entry tr[data-id="${CSS.escape(t.id)}"] .when`);
    if (cell) cell.textContent = whenText(t, now);
  }
}

// ---- the form ---------------------------------------------------------------

function syncForm() {
  const format = select('format').value;
  $('fischer').hidden = select('clock').value !== 'fischer';
  $('days-label').hidden = select('clock').value !== 'correspondence';
  $('rounds-label').hidden = format !== 'swiss';
  $('double-label').hidden = format !== 'round_robin';
  $('arena').hidden = format !== 'arena';
}

/** @returns {NewTournament} */
function createBody() {
  const format = /** @type {NewTournament['format']} */ (select('format').value);
  /** @type {NewTournament} */
  const body = {
    name: input('name').value.trim(),
    game: select('game').value,
    options: changedOptions(/** @type {HTMLFormElement} */ ($('create'))),
    clock: select('clock').value === 'correspondence' ? { kind: 'correspondence', days: Number(input('days').value) } :
      { kind: 'fischer', minutes: Number(input('minutes').value), increment: Number(input('increment').value) },
    rated: input('rated').checked,
    format,
    starts_in: Number(input('starts-in').value),
  };
  if (format === 'swiss') body.rounds = Number(input('rounds').value);
  if (format === 'round_robin') body.double = input('double').checked;
  if (format === 'arena') {
    body.minutes = Number(input('arena-minutes').value);
    body.streak = input('streak').checked;
  }
  const most = input('max-players').value.trim();
  if (most) body.max_players = Number(most);
  return body;
}

async function create() {
  if (ui.busy) return;
  ui.busy = true;
  button('create-button').disabled = true;
  message('');
  try {
    const r = /** @type {CreatedTournament} */ (await api('POST', '/api/tournaments', createBody()));
    location.assign(tournamentHref(r.id));
  } catch (e) {
    message(errorText(e));
  }
  ui.busy = false;
  button('create-button').disabled = false;
}

// The word after each number of the form agrees with it: «2 тура», «5 туров»
// (the static text in the HTML is the form for 5).
const COUNTED = [['rounds', 'tours.rounds', 'tours.n.rounds'], ['days', 'tours.days-per-move', 'tours.n.days'],
  ['max-players', 'tours.players', 'tours.n.players']];

function syncCounts() {
  for (const [id, word, key] of COUNTED) {
    const span = $(id).parentElement?.querySelector(`[data-i18n="${word}"]`);
    if (span) span.textContent = tn(key, Number(input(id).value));
  }
}

function wireForm() {
  for (const [id] of COUNTED) $(id).addEventListener('input', syncCounts);
  syncCounts();
  const catalog = ui.catalog;
  if (!catalog) return;
  for (const g of catalog.games) {
    if (g.players && g.players !== 2) continue;
    select('game').add(new Option(gameName(g.title), g.id, false, g.id === localStorage.getItem('asterism-game')));
  }
  const build = () => {
    const info = catalog.games.find((g) => g.id === select('game').value);
    if (info) buildOptions(info);
    // One player's form (Asterisk Solitaire) has no place in a tournament.
    const mode = /** @type {HTMLSelectElement|null} */ (document.querySelector('#create [data-option="mode"]'));
    const solo = mode && [...mode.options].find((o) => o.value === 'solitaire');
    if (solo) solo.remove();
  };
  build();
  $('game').addEventListener('change', build);
  for (const id of ['clock', 'format']) $(id).addEventListener('change', syncForm);
  syncForm();
  $('create').addEventListener('submit', (e) => { e.preventDefault(); create(); });
}

async function start() {
  try {
    ui.catalog = /** @type {Catalog} */ (await api('GET', '/api/catalog'));
  } catch (e) {
    message(errorText(e));
  }
  wireForm();
  ui.signedIn = await fetch('/api/account').then((r) => r.ok, () => false);
  $('create').hidden = !ui.signedIn;
  $('signed-out').hidden = ui.signedIn;
  button('newer').addEventListener('click', () => { ui.page = Math.max(1, ui.page - 1); load(); });
  button('older').addEventListener('click', () => { ui.page += 1; load(); });
  await load();
  // Entries and rounds change as people come and go; ten seconds is fresh enough.
  setInterval(() => { if (!ui.busy) load(); }, 10000);
  setInterval(tick, 1000);
}

// Tests and the curious can see the state.
/** @type {Window & {asterismTournaments?: TournamentsUi}} */ (window).asterismTournaments = ui;
start();
