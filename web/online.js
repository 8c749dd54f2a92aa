// Online play in the browser (docs/online.md): the lobby (a new game, open
// challenges, games in progress, the archive) and one game, live, for its
// two players and any number of spectators. A seat's secret comes in the
// page's fragment (#game=ID&secret=S), which browsers never send to the
// server on a page load; requests carry it as "Authorization: Bearer".
// The game is drawn by the same game module as the local page (game.js,
// views.js), from the game's state as the server sends it, the one shape
// of every game (types.js, GameState); the rules stay on the server.
import { $, input, button } from './dom.js';
import { t, side } from './i18n.js';
import { gameTitle, resultLine } from './names.js';
import { lobbyPage, rememberedName, rememberName } from './lobby.js';
import { seatSecret, storeSeat, forgetSeat, playsHere, setPlaysHere, announceTaken, onTaken, askTakeover }
  from './seats.js';
import { finishedGame } from './finished.js';
import { renderLinks, renderSeats as renderSeatsOf, renderTournament } from './online-widgets.js';
import { renderRatedJoin, renderRatingChanges } from './online-rated.js';
import { chatPanel } from './chat.js';
import { turnSignals } from './turn.js';
import { liveStream } from './online-stream.js';
import { changeQueue, isChange } from './online-change.js';
import { apiClient, errorText, renderSpecials as renderSpecialsOf } from './shared.js';
import { gameUi, gameController } from './game.js';
import { renderBoard, renderScore, renderMoves, renderClocks } from './views.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').MoveChange} MoveChange */
/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types.js').ViewMove} ViewMove */
/**
 * The page's state: the game module's (game.js) and this page's own.
 * @typedef {import('./game.js').GameUi & {
 *   catalog: Catalog|null, id: string|null, secret: string, you: number,
 *   state: GameState|null, receivedAt: number,
 *   replay: {ply: number, total: number, state: GameState}|null,
 *   replaySession: {game: string, id: string}|null,
 *   es: EventSource|null, live: boolean, retry: number|undefined,
 *   lobbyTimer: number|undefined, archiveOffset: number,
 *   play: (move: ViewMove|string) => Promise<string>,
 * }} OnlineUi
 * `id` the game on screen; `secret` this tab's seat secret for it, if any;
 * `you` the seat that secret holds, -1 for a spectator; `state` the game
 * as the server last described it, `receivedAt` when it arrived
 * (performance.now(), for the clocks); `replay` a finished game's position
 * being replayed, read from the local session `replaySession`; `es` the
 * live stream, `live` whether it is open.
 */

/** @type {OnlineUi} */
const ui = {
  ...gameUi(),
  catalog: null,
  id: null,
  secret: '',
  you: -1,
  state: null,
  receivedAt: 0,
  replay: null,
  replaySession: null,
  es: null,
  live: false,
  retry: undefined,
  lobbyTimer: undefined,
  archiveOffset: 0,
  play: (move) => play(move),
};

// ---- talking to the server --------------------------------------------------

const api = apiClient('is the network down?');

/** @param {string} text @param {string} [kind] @param {string} [box] */
function message(text, kind = 'error', box = 'message') {
  const m = $(box);
  m.textContent = text || '';
  m.className = 'message' + (text ? ` ${kind}` : '');
}

/** @param {string} id */
const gameInfo = (id) => ui.catalog?.games.find((g) => g.id === id);

// The lobby (lobby.js), and a finished game's replay, records and
// analysis (finished.js).
const lobby = lobbyPage(ui, { api, message, leaveGame: () => leaveGame() });
const finished = finishedGame(ui, { api, message, render: () => render() });

// Moves by click and drag (game.js), on this seat's turn.
const ctrl = gameController(ui, {
  whyNot: () => (myTurn() ? '' : whyNot()),
  explain: (cell) => t('og.click.illegal', { path: [...ui.path, cell].join(' \u2192 ') }),
  play, message, render: () => render(),
});

// The chat (chat.js), told of new messages by the live stream (online-stream.js).
const chat = chatPanel({ api });
const { connect, disconnect, catchUp } = liveStream(ui, {
  api, accept: (s) => accept(s), change: (c) => acceptChange(c), liveChanged: () => { if (ui.state) renderSeats(ui.state); }, chat: chat.onEvent,
  taken: () => takenBy(t('og.elsewhere')),
});
/** @param {GameState} s */
const renderSeats = (s) => renderSeatsOf(ui, s, seatName);

// "Your move": the title, a beep, a notification (turn.js).
const signals = turnSignals();

// ---- routing ----------------------------------------------------------------

// A seat link's secret moves out of the address bar into the browser's
// storage (seats.js): the address shown is the watch link.
function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get('game');
  const secret = params.get('secret');
  if (id && secret) {
    storeSeat(id, secret);
    history.replaceState(null, '', `#game=${id}`);
  }
  if (id) showGame(id, { fromLink: !!secret });
  else lobby.show();
}

function leaveGame() {
  disconnect();
  ui.id = null;
  ui.state = null;
  ui.game = null;
  ui.position = null;
  ui.replay = null;
  ui.path = [];
  ui.pick = null;
  signals.reset();
  chat.leave();
  $('taken-banner').hidden = true;
}

// ---- one game: loading and the live stream ---------------------------------

/**
 * Opens game `id`, as the seat this browser holds if any. A seat whose
 * stream is connected elsewhere (another browser or tab) is taken over only
 * if the player says so (`take` says it already), else this page watches.
 * @param {string} id @param {{fromLink?: boolean, take?: boolean}} [how]
 */
async function showGame(id, { fromLink = false, take = false } = {}) {
  clearInterval(ui.lobbyTimer);
  if (ui.id !== id) leaveGame();
  ui.id = id;
  ui.secret = seatSecret(id);
  $('taken-banner').hidden = true;
  $('lobby-view').hidden = true;
  $('game-view').hidden = false;
  message('');
  try {
    const s = /** @type {GameState} */ (await api('GET', `/api/games/${id}`, undefined, ui.secret));
    if (ui.id !== id) return;
    ui.you = s.you ?? -1;
    if (ui.secret && ui.you < 0) {
      message(t(fromLink ? 'og.secret.link' : 'og.secret.kept'));
      forgetSeat(id);
      ui.secret = '';
    }
    ui.flipped = ui.you === 1;
    input('join-name').value = rememberedName();
    const seat = ui.you;
    if (seat >= 0 && !take && !s.terminal && s.seats[seat].connected && !s.seats[seat].computer &&
      !playsHere(id)) {
      ui.you = -1;
      accept(s);
      const yes = await askTakeover(`${s.players[seat].name}, ${seatName(seat)}`);
      if (ui.id !== id) return;
      if (yes) ui.you = seat;
      else watchHere(t('og.elsewhere'));
    }
    if (ui.you >= 0) announceTaken(id, ui.you);
    accept(s);
    if (!s.terminal) connect();
  } catch (e) {
    message(t('og.cannotOpen', { error: errorText(e) }));
  }
}

// This page watches the game it shows, its seat played elsewhere; `why`
// says so in a banner, with "Play here" to take the seat back.
/** @param {string} why */
function watchHere(why) {
  ui.secret = '';
  ui.you = -1;
  if (ui.id) setPlaysHere(ui.id, false);
  showTaken(why, true);
}

/** @param {string} why @param {boolean} canTake */
function showTaken(why, canTake) {
  $('taken-text').textContent = why;
  $('take-back').hidden = !canTake || !ui.id || !seatSecret(ui.id);
  $('taken-banner').hidden = false;
}

// Another tab of this browser (seats.js), or another browser (the server's
// `taken` event on this page's seat stream), took this page's seat: watch.
onTaken((id, seat) => {
  if (ui.id === id && ui.you === seat) takenBy(t('og.elsewhere.tab'));
});
/** @param {string} why */
function takenBy(why) {
  if (ui.you < 0) return;
  watchHere(why);
  if (ui.state && !ui.state.terminal) connect();
  render();
}

// A state from a reply, the stream or a catch-up; an older one (by its
// event number) than the one on screen is ignored. `own`: the reply to
// this page's own action, which may come before the stream's news of it.
/** @param {GameState} s @param {boolean} [own] */
function accept(s, own = false) {
  const old = ui.state;
  // The reply to this page's own action can come after the stream's newer
  // state (the computer's answer): it is dropped, but the page was drawn
  // busy while it waited, so it is drawn again.
  if (old && s.id === old.id && s.seq < old.seq) {
    if (own) render();
    return;
  }
  // A change's state leaves out the board's cells and its box, which never
  // change: keep those of the game's full state (GET).
  if (!s.view.cells && old && old.id === s.id) {
    s.view.cells = old.view.cells;
    s.view.box = old.view.box;
    s.start = old.start;
  }
  if (old && old.id === s.id && !own) takenElsewhere(old, s);
  ui.state = s;
  ui.game = s;
  ui.receivedAt = performance.now();
  if (!old || old.ply !== s.ply || old.terminal !== s.terminal) ctrl.clearMove();
  if (s.terminal && ui.es) disconnect();
  render();
}

// Moves' changes (online-change.js), applied in the order they came.
const acceptChange = changeQueue(ui, { accept, catchUp: () => catchUp(), render: () => render() });

// Another browser holding this seat's secret shows itself only by what it
// does: the event stream does not say how many streams a seat has (the
// server would have to, docs/online.md), so a move of this seat that this
// page did not send is the first it can know of it.
/** @param {GameState} old @param {GameState} s */
function takenElsewhere(old, s) {
  if (ui.you < 0 || ui.busy || s.ply !== old.ply + 1 || old.to_move !== ui.you) return;
  showTaken(t('og.movedElsewhere', { move: s.history[s.history.length - 1] }), false);
}

// ---- one game: drawing ------------------------------------------------------

function myTurn() {
  const s = ui.state;
  return !!s && ui.you >= 0 && s.status === 'playing' && !s.terminal && s.to_move === ui.you && !ui.replay;
}

function render() {
  const s = ui.state;
  if (!s) return;
  // What the board shows: the game, or a position of its replay.
  ui.position = ui.replay ? ui.replay.state : ui.game;
  renderBoard(ui, { active: myTurn() });
  renderScore(ui);
  renderStatus(s);
  renderSeats(s);
  renderTournament(s);
  renderClocks(ui, ui.state, ui.receivedAt);
  renderBanners(s);
  renderActions(s);
  renderSpecialsOf(myTurn() ? s.view : null, play, false);
  renderMoves(ui, finished.replayTo);
  if (ui.id) renderLinks(ui.id, ui.secret, { over: s.terminal || s.status === 'aborted', waiting: s.status === 'open', rated: Boolean(s.rated) }, message);
  $('save-pgn').hidden = !gameInfo(s.game_id)?.pgn;
  $('analyse').hidden = !s.terminal;
  $('turn-prefs').hidden = ui.you < 0;
  chat.update(s, ui.you, ui.secret, !!ui.es);
  const last = s.history[s.history.length - 1];
  signals.update(myTurn(), t('og.title', { game: gameTitle(s.game) }),
    last ? t('og.played', { who: seatName(1 - ui.you), move: last }) : t('og.arrived'));
}

/** @param {number} i */
function seatName(i) {
  const seat = ui.state?.seats[i];
  return seat && seat.joined ? seat.name || t('online.anonymous') : t('og.waitingPlayer');
}

/** @param {GameState} s */
function renderStatus(s) {
  let text;
  if (ui.replay) text = t('og.replay', { ply: ui.replay.ply, total: ui.replay.total });
  // The result banner says how it ended, once.
  else if (s.terminal) text = t('result.gameOver');
  else if (s.status === 'open') text = t(s.rated ? 'og.waitingSecond.rated' : 'og.waitingSecond');
  else if (myTurn()) text = t('og.yourMove', { side: side(s.players[ui.you].name) });
  else text = t('og.toMove', { who: seatName(s.to_move), side: side(s.players[s.to_move].name, 'gen') });
  if (ui.busy) text += ' \u2026';
  $('status').textContent = text;
  $('status').dataset.ply = String(s.ply);
  $('status').dataset.terminal = String(s.terminal);
  $('status').dataset.you = String(ui.you);
}

/** @param {GameState} s */
function renderBanners(s) {
  const over = s.terminal;
  // A game the server ended (aborted) is not over by the rules, but done.
  $('result').hidden = !over && s.status !== 'aborted';
  $('result').textContent = resultLine(s);
  $('join').hidden = !(ui.you >= 0 && !s.seats[ui.you].joined && !over);
  renderRatedJoin(Boolean(s.rated), !$('join').hidden, () => { if (ui.state) render(); });
  renderRatingChanges(s);
  const offer = over ? -1 : s.draw.offered_by;
  $('draw-banner').hidden = offer < 0;
  if (offer >= 0) {
    const mine = ui.you === 1 - offer;
    $('draw-text').textContent = t(mine ? 'og.drawOffered.you' : ui.you === offer ? 'og.drawOffered.wait' : 'og.drawOffered',
      { who: seatName(offer) });
    for (const b of ['draw-accept', 'draw-decline']) $(b).hidden = !mine;
  }
  const asker = over ? -1 : s.takeback_by;
  $('takeback-banner').hidden = asker < 0;
  if (asker >= 0) {
    const mine = ui.you === 1 - asker;
    $('takeback-text').textContent = t(mine ? 'og.takeback.you' : ui.you === asker ? 'og.takeback.wait' : 'og.takeback',
      { who: seatName(asker) });
    for (const b of ['takeback-accept', 'takeback-decline']) $(b).hidden = !mine;
  }
}

/** @param {GameState} s */
function renderActions(s) {
  const playing = s.status === 'playing' && !s.terminal;
  $('actions').hidden = ui.you < 0 || s.terminal;
  const computer = s.seats.some((x) => x.computer);
  button('resign').disabled = !playing || ui.busy;
  button('draw-offer').disabled = !playing || ui.busy || s.draw.offered_by >= 0;
  $('takeback').textContent = computer ? t('play.undo') : t('online.takeback');
  button('takeback').disabled = !playing || ui.busy || s.takeback_by >= 0 || s.ply === 0;
  $('replay').hidden = !s.terminal;
  const ply = ui.replay ? ui.replay.ply : s.ply;
  for (const id of ['first', 'back']) button(id).disabled = ply === 0;
  for (const id of ['forward', 'last']) button(id).disabled = !ui.replay || ply === ui.replay.total;
}

// ---- one game: moves --------------------------------------------------------

// Why this player may not move now, when it is not their turn.
function whyNot() {
  const s = ui.state;
  if (ui.replay) return t('og.why.replay');
  if (!s) return '';
  if (s.terminal) return t('og.why.over');
  if (ui.you < 0) return t('og.why.watching');
  if (!s.seats[ui.you].joined) return t('og.why.seat');
  if (s.status === 'open') return t('og.why.wait');
  return t('og.why.turn', { who: seatName(s.to_move) });
}

// Sends a move (an entry of view.moves, or its text) with the ply it is
// made at, so that a retried request cannot play it twice.
/** @param {ViewMove|string} move */
async function play(move) {
  $('chooser').hidden = true;
  const text = typeof move === 'string' ? move : move.text;
  return act('move', { move: text, ply: ui.state?.ply });
}

// An action of this seat; the reply is the new state, or a move's change
// (the stream brings the same to everybody else).
// It resolves to the server's refusal, '' when there was none.
/** @param {string} what @param {Record<string, unknown>} body @returns {Promise<string>} */
async function act(what, body) {
  if (ui.busy || !ui.state) return '';
  const id = ui.id;
  ui.busy = true;
  if (ui.state) renderStatus(ui.state);
  try {
    const s = /** @type {GameState|MoveChange} */ (await api('POST', `/api/games/${id}/${what}`, body, ui.secret));
    // A move's reply is its change: the board stays busy until it is drawn.
    if (isChange(s)) await acceptChange(s, true);
    ui.busy = false;
    if (ui.id !== id) return '';
    const answer = isChange(s) ? '' : s.answer;
    message(answer ? t(answer === 'accepted' ? 'draw.accepts' : 'draw.declines', { side: t('seat.computer.the') }) : '',
      'hint');
    if (isChange(s)) render();
    else accept(s, true);
    return '';
  } catch (e) {
    ui.busy = false;
    ui.path = [];
    message(errorText(e));
    if (ui.state) render();
    return errorText(e);
  }
}

/** @param {Event} e */
async function join(e) {
  e.preventDefault();
  const name = input('join-name').value.trim();
  rememberName(name);
  await act('join', { name });
}

function resign() {
  if (window.confirm(t('og.resign.confirm'))) act('resign', {});
}

// ---- wiring -----------------------------------------------------------------

function wireGame() {
  $('join').addEventListener('submit', join);
  $('resign').addEventListener('click', resign);
  $('draw-offer').addEventListener('click', () => act('draw', { action: 'offer' }));
  $('draw-accept').addEventListener('click', () => act('draw', { action: 'accept' }));
  $('draw-decline').addEventListener('click', () => act('draw', { action: 'decline' }));
  $('takeback').addEventListener('click', () => act('takeback', { action: 'request' }));
  $('takeback-accept').addEventListener('click', () => act('takeback', { action: 'accept' }));
  $('takeback-decline').addEventListener('click', () => act('takeback', { action: 'decline' }));
  $('take-back').addEventListener('click', () => { if (ui.id) showGame(ui.id, { take: true }); });
  finished.wire();
  ctrl.wire({ follow: false });
}

async function start() {
  try {
    ui.catalog = /** @type {Catalog} */ (await api('GET', '/api/catalog'));
  } catch (e) {
    message(errorText(e), 'error', 'lobby-message');
    $('lobby-view').hidden = false;
    return;
  }
  lobby.wire();
  wireGame();
  setInterval(() => renderClocks(ui, ui.state, ui.receivedAt), 200);
  window.addEventListener('hashchange', route);
  route();
}

// Tests and the curious can see the state (and play a move by its text).
/** @type {Window & {asterismOnline?: OnlineUi}} */ (window).asterismOnline = ui;
start();
