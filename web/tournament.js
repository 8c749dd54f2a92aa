// One tournament (tournament.html#id=ID, docs/accounts.md "Tournaments"):
// its name, game, clock, format and state with a countdown to its start,
// the buttons the server says the viewer may use (VIEW.can), the players,
// standings, rounds and crosstable (tournament-tables.js), the viewer's
// own game of the round as a banner, and the winner once it is over.
// It stays live by the tournament's event stream (GET .../events, each
// `tournament` event a whole view); while the stream is down the page
// asks for the view every 5 s instead, until the stream is back.
import { $, button } from './dom.js';
import { apiClient, errorText } from './shared.js';
import { gameTitle } from './names.js';
import { t as say } from './i18n.js';
import { serverError } from './server-errors.js';
import { playerLink, gameLink } from './people.js';
import { clockText, formatText, statusText, countdown, at, sideWords } from './tournament-words.js';
import { nameOf, renderPlayers, renderStandings, renderRounds, renderCrosstable } from './tournament-tables.js';

/** @typedef {import('./types-tournament.js').TournamentView} TournamentView */
/** @typedef {import('./types-tournament.js').TournamentCan} TournamentCan */
/**
 * The page's state: the tournament on screen and its view as last read,
 * the live stream and whether it is open, the polling timer that stands in
 * for it while it is down, and whether an action is under way. `me` is
 * the account signed in ("" for none), whose own view (`you`, `can`) is
 * read by GET whenever the stream says something changed; `reading` and
 * `again` keep those reads one at a time. `events` counts the stream's.
 * @typedef {{id: string, view: TournamentView|null, es: EventSource|null, live: boolean,
 *   poll: number|undefined, retry: number|undefined, busy: boolean, me: string,
 *   reading: boolean, again: boolean, events: number}} TournamentUi
 */

/** @type {TournamentUi} */
const ui = {
  id: '', view: null, es: null, live: false, poll: undefined, retry: undefined, busy: false, me: '',
  reading: false, again: false, events: 0,
};
const api = apiClient('is the network down?');
const POLL_MS = 5000;

/** @param {string} text @param {'error'|'hint'} [kind] */
function message(text, kind = 'error') {
  $('message').textContent = text;
  $('message').className = 'message' + (text ? ` ${kind}` : '');
}

const path = () => `/api/tournaments/${encodeURIComponent(ui.id)}`;
/** @param {TournamentView} v */
const over = (v) => v.status === 'finished' || v.status === 'cancelled';

// ---- loading and the live stream --------------------------------------------

async function route() {
  const id = new URLSearchParams(location.hash.slice(1)).get('id') || '';
  if (id === ui.id && ui.view) return;
  disconnect();
  ui.id = id;
  ui.view = null;
  $('tournament').hidden = true;
  message('');
  if (!id) {
    document.body.dataset.state = 'empty';
    message(say('tt.none'), 'hint');
    return;
  }
  document.body.dataset.state = 'loading';
  if (await fetchView()) connect();
}

// GET the view (the viewer's own: `you` and `can`); false if it failed.
async function fetchView() {
  const id = ui.id;
  try {
    const v = /** @type {TournamentView} */ (await api('GET', path()));
    if (ui.id === id) accept(v);
    return true;
  } catch (e) {
    if (ui.id !== id) return false;
    if (!ui.view) document.body.dataset.state = 'missing';
    message(errorText(e));
    return false;
  }
}

/** @param {TournamentView} v */
function accept(v) {
  if (v.id && v.id !== ui.id) return;
  ui.view = v;
  render();
  if (over(v)) disconnect();
}

// A view from the stream. The stream describes the tournament to
// everybody alike, as to somebody signed out (`you` -1, `can` all false):
// that is the view of a viewer signed out; one signed in reads their own.
/** @param {TournamentView} v */
function fromStream(v) {
  ui.events += 1;
  if (ui.me) refresh();
  else accept(v);
}

// The viewer's own view, read again after a change; changes that come
// while it is being read are caught up by one more read, so that the
// answers cannot arrive out of order.
async function refresh() {
  if (ui.reading) {
    ui.again = true;
    return;
  }
  ui.reading = true;
  do {
    ui.again = false;
    await fetchView();
  } while (ui.again);
  ui.reading = false;
}

function closeStream() {
  clearTimeout(ui.retry);
  if (ui.es) ui.es.close();
  ui.es = null;
}

function disconnect() {
  closeStream();
  stopPolling();
  setLive(true);
}

// EventSource reconnects by itself after a dropped connection; while it is
// not open the page polls (a new stream leaves the polling on), and once
// it opens again it reads the view once to catch up. A stream the browser
// gave up is opened again after 5 s.
function connect() {
  closeStream();
  if (!ui.view || over(ui.view)) return;
  const es = new EventSource(`${path()}/events`);
  ui.es = es;
  let opened = false;
  es.addEventListener('tournament', (e) => {
    if (ui.es === es) fromStream(/** @type {TournamentView} */ (JSON.parse(/** @type {MessageEvent} */ (e).data)));
  });
  es.addEventListener('open', () => {
    if (ui.es !== es) return;
    setLive(true);
    const missed = opened || ui.poll !== undefined;
    stopPolling();
    if (missed) fetchView();
    opened = true;
  });
  es.addEventListener('error', () => {
    if (ui.es !== es) return;
    setLive(es.readyState === EventSource.OPEN);
    if (es.readyState !== EventSource.OPEN) startPolling();
    if (es.readyState === EventSource.CLOSED) {
      ui.es = null;
      ui.retry = setTimeout(connect, POLL_MS);
    }
  });
}

function startPolling() {
  if (ui.poll !== undefined) return;
  ui.poll = setInterval(() => { if (!ui.busy) fetchView(); }, POLL_MS);
}

function stopPolling() {
  clearInterval(ui.poll);
  ui.poll = undefined;
}

/** @param {boolean} open */
function setLive(open) {
  ui.live = open;
  $('live').hidden = open;
  document.body.dataset.live = String(open);
}

// ---- drawing ----------------------------------------------------------------

function render() {
  const v = ui.view;
  if (!v) return;
  document.title = `${v.name} \u00b7 asterism`;
  $('tournament').hidden = false;
  $('tournament').dataset.status = v.status;
  $('tournament').dataset.round = String(v.round);
  $('tournament').dataset.you = String(v.you);
  $('t-name').textContent = v.name;
  $('t-facts').replaceChildren(`${gameTitle(v.spec || v.game)} \u00b7 ${clockText(v.clock)} \u00b7 ` +
    `${say(v.rated ? 'tours.rated.word' : 'tours.casual')} \u00b7 ${formatText(v)}${v.streak ? ` ${say('tt.streak')}` : ''} \u00b7 ${say('tt.createdBy')} `,
  playerLink(v.creator, 'creator-link'));
  renderStatus();
  renderWinner(v);
  renderYourGame(v);
  renderActions(v.can, v);
  renderPlayers(v);
  renderStandings(v);
  renderRounds(v);
  renderCrosstable(v);
  document.body.dataset.state = 'shown';
}

// The status line, with the countdown to the start or to an arena's end
// (redrawn every second).
function renderStatus() {
  const v = ui.view;
  if (!v) return;
  const now = Date.now();
  let text = statusText(v.status);
  if (v.status === 'entry') {
    text = !v.starts_ms ? say('tour.s.byCreator', { creator: v.creator }) :
      v.starts_ms > now ? say('tour.s.starts', { when: countdown(v.starts_ms, now), at: at(v.starts_ms) }) :
        say('tour.s.starting');
  } else if (v.status === 'running') {
    // A round robin pairs every round at the start, to be played at once.
    text = v.format === 'arena' ? (v.ends_ms ? say('tour.s.ends', { when: countdown(v.ends_ms, now) }) : say('tour.s.running')) :
      v.format === 'round_robin' ? say('tour.s.robin', { rounds: v.rounds }) :
        say('tour.s.round', { round: v.round, rounds: v.rounds });
  } else if (v.status === 'finished') {
    text = say(v.reason ? 'tour.s.finished.why' : 'tour.s.finished', { why: serverError({ ...v.reason_code, error: v.reason }) });
  } else if (v.status === 'cancelled') {
    text = say(v.reason ? 'tour.s.cancelled.why' : 'tour.s.cancelled', { why: serverError({ ...v.reason_code, error: v.reason }) });
  }
  $('t-status').textContent = text;
}

/** @param {TournamentView} v */
function renderWinner(v) {
  $('winner').hidden = !(v.status === 'finished' && v.winner);
  if ($('winner').hidden) return;
  $('winner').replaceChildren(say('tour.winner'), playerLink(v.winner, 'winner-link'));
  $('winner').dataset.name = v.winner;
}

// The viewer's unfinished games, as a banner with a link to play each: one
// in a swiss or an arena, every round's at once in a round robin.
/** @param {TournamentView} v */
function renderYourGame(v) {
  const box = $('your-game');
  const mine = v.you < 0 ? [] : v.rounds_list.flatMap((r) => r.games.map((g) => ({ r, g })))
    .filter(({ g }) => g.result === '*' && !g.aborted && (g.white === v.you || g.black === v.you));
  box.hidden = mine.length === 0;
  box.dataset.game = mine.map(({ g }) => g.id).join(' ');
  const lines = mine.map(({ r, g }) => {
    const other = nameOf(v, g.white === v.you ? g.black : g.white);
    const side = sideWords(v.game, g.white === v.you ? 'white' : 'black');
    const play = gameLink(g.id, say('tt.play'));
    play.className = 'button play';
    play.dataset.testid = 'your-game-play';
    const where = v.format === 'arena' ? say('tt.yourGame') : say('tt.yourGame.round', { round: r.round });
    const line = document.createElement('span');
    line.className = 'your-game-line';
    line.append(`${say('tt.against', { where, other, side })} `, play);
    return line;
  });
  box.replaceChildren(...lines);
}

/** @type {(keyof TournamentCan)[]} */
const ACTIONS = ['join', 'leave', 'start', 'pause', 'resume', 'withdraw', 'cancel'];

// The buttons the server allows. An arena's pause and resume, when the
// server does not say, follow the viewer's entry.
/** @param {TournamentCan} can @param {TournamentView} v */
function renderActions(can, v) {
  const me = v.players.find((p) => p.index === v.you);
  const arena = v.format === 'arena' && v.status === 'running' && !!me && !me.withdrawn;
  const allowed = {
    ...can,
    pause: can.pause ?? (arena && !me?.paused),
    resume: can.resume ?? (arena && !!me?.paused),
  };
  for (const a of ACTIONS) {
    button(a).hidden = !allowed[a];
    button(a).disabled = ui.busy;
  }
}

/** @type {Partial<Record<keyof TournamentCan, string>>} */
const CONFIRM = {
  withdraw: say('tour.confirm.withdraw'),
  cancel: say('tour.confirm.cancel'),
};

/** @param {keyof TournamentCan} what */
async function act(what) {
  const ask = CONFIRM[what];
  if (ui.busy || (ask && !window.confirm(ask))) return;
  ui.busy = true;
  if (ui.view) renderActions(ui.view.can, ui.view);
  message('');
  try {
    accept(/** @type {TournamentView} */ (await api('POST', `${path()}/${what}`, {})));
  } catch (e) {
    message(errorText(e));
  }
  ui.busy = false;
  if (ui.view) renderActions(ui.view.can, ui.view);
  // A tournament cancelled or finished has no stream; one started has one.
  if (ui.view && !over(ui.view) && !ui.es) connect();
}

async function start() {
  for (const a of ACTIONS) button(a).addEventListener('click', () => act(a));
  try {
    const r = await fetch('/api/account');
    if (r.ok) ui.me = /** @type {{name: string}} */ (await r.json()).name;
  } catch (e) {
    // Not signed in, or no network: the page shows the tournament as to anybody.
  }
  window.addEventListener('hashchange', route);
  setInterval(renderStatus, 1000);
  await route();
}

// Tests and the curious can see the state.
/** @type {Window & {asterismTournament?: TournamentUi}} */ (window).asterismTournament = ui;
start();
