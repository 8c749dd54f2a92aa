// Online play in the browser (docs/online.md): the lobby (a new game, open
// challenges, games in progress, the archive) and one game, live, for its
// two players and any number of spectators. A seat's secret comes in the
// page's fragment (#game=ID&secret=S), which browsers never send to the
// server on a page load; requests carry it as "Authorization: Bearer".
// Boards and scores are drawn by the same modules as the local page
// (board.js, panels.js); the rules stay on the server.
import { drawBoard } from './board.js';
import { drawScore } from './panels.js';
import { gameTitle, terminationText } from './names.js';
import { lobbyPage, secretKey, rememberedName, rememberName } from './lobby.js';
import { finishedGame } from './finished.js';
import { renderClocks, renderLinks } from './online-widgets.js';
import {
  apiClient, candidates as candidatesOf, targets as targetsOf,
  clickStep, showChooser, renderSpecials as renderSpecialsOf, renderMoveList, wireBoard, wireLook,
} from './shared.js';

const $ = (id) => document.getElementById(id);

const ui = {
  catalog: null,
  id: null,             // the game on screen
  secret: '',           // this tab's seat secret for it, if any
  you: -1,              // the seat that secret holds, -1 for a spectator
  state: null,          // the game as the server last described it
  receivedAt: 0,        // performance.now() when `state` arrived (for the clocks)
  replay: null,         // finished games: {ply, total, state} while replaying
  replaySession: null,  // {game, id}: the local session the replay reads positions from
  path: [],             // cells clicked for the move in progress
  pick: null,           // a piece type or promotion chosen for it
  flipped: false,
  labels: false,
  letters: localStorage.getItem('asterism-men') === 'letters',
  busy: false,          // a request that changes the game is under way
  es: null,             // the live stream
  live: false,          // the stream is open
  retry: null,
  lobbyTimer: null,
  archiveOffset: 0,
};

// ---- talking to the server --------------------------------------------------

const api = apiClient('is the network down?');

function message(text, kind = 'error', box = 'message') {
  const m = $(box);
  m.textContent = text || '';
  m.className = 'message' + (text ? ` ${kind}` : '');
}

const gameInfo = (id) => ui.catalog.games.find((g) => g.id === id);

// "shatra:rules=altai,notation=algebraic" -> "Shatra, Altai rules" (names.js).
const specTitle = (spec) => gameTitle(spec);


// The lobby (lobby.js), and a finished game's replay, records and
// analysis (finished.js).
const lobby = lobbyPage(ui, { api, message, leaveGame: () => leaveGame() });
const finished = finishedGame(ui, { api, message, render: () => render() });

// ---- routing ----------------------------------------------------------------

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get('game');
  if (id) showGame(id, params.get('secret') || '');
  else lobby.show();
}

function leaveGame() {
  disconnect();
  ui.id = null;
  ui.state = null;
  ui.replay = null;
  ui.path = [];
  ui.pick = null;
}

// ---- one game: loading and the live stream ---------------------------------

async function showGame(id, secretFromLink) {
  clearInterval(ui.lobbyTimer);
  if (ui.id !== id) leaveGame();
  ui.id = id;
  if (secretFromLink) sessionStorage.setItem(secretKey(id), secretFromLink);
  ui.secret = secretFromLink || sessionStorage.getItem(secretKey(id)) || '';
  $('lobby-view').hidden = true;
  $('game-view').hidden = false;
  message('');
  try {
    const s = await api('GET', `/api/games/${id}`, undefined, ui.secret);
    if (ui.id !== id) return;
    ui.you = s.you;
    if (ui.secret && s.you < 0) {
      message('The secret in this link holds no seat of this game: you are watching it.');
      ui.secret = '';
    }
    ui.flipped = ui.you === 1;
    $('join-name').value = rememberedName();
    accept(s);
    if (!s.terminal) connect();
  } catch (e) {
    message(`Cannot open the game: ${e.message}`);
  }
}

function disconnect() {
  clearTimeout(ui.retry);
  if (ui.es) ui.es.close();
  ui.es = null;
  setLive(true);
}

// EventSource reconnects by itself after a dropped connection (the server
// asks for 2 s) and the server catches it up from Last-Event-ID; the page
// also fetches the game when the stream opens again, so that nothing is
// missed, and retries itself if the browser gives the stream up.
function connect() {
  disconnect();
  const q = ui.secret ? `?secret=${encodeURIComponent(ui.secret)}` : '';
  const es = new EventSource(`/api/games/${ui.id}/events${q}`);
  ui.es = es;
  let opened = false;
  es.addEventListener('state', (e) => {
    if (ui.es === es) accept(JSON.parse(e.data));
  });
  es.addEventListener('open', () => {
    if (ui.es !== es) return;
    setLive(true);
    if (opened) catchUp();
    opened = true;
  });
  es.addEventListener('error', () => {
    if (ui.es !== es) return;
    setLive(es.readyState === EventSource.OPEN);
    if (es.readyState === EventSource.CLOSED) ui.retry = setTimeout(connect, 3000);
  });
}

function setLive(open) {
  const changed = ui.live !== open;
  ui.live = open;
  $('live').hidden = open;
  document.body.dataset.live = String(open);
  if (changed && ui.state) renderSeats();
}

async function catchUp() {
  const id = ui.id;
  try {
    const s = await api('GET', `/api/games/${id}`, undefined, ui.secret);
    if (ui.id === id) accept(s);
  } catch (e) {
    // The stream will bring the next state; a failed catch-up changes nothing.
  }
}

// A state from a reply, the stream or a catch-up; an older one (by its
// event number) than the one on screen is ignored.
function accept(s) {
  const old = ui.state;
  if (old && s.id === old.id && s.seq < old.seq) return;
  // A change's state leaves out the board's cells and its box, which never
  // change: keep those of the game's full state (GET).
  if (!s.view.cells && old && old.id === s.id) {
    s.view.cells = old.view.cells;
    s.view.box = old.view.box;
  }
  ui.state = s;
  ui.receivedAt = performance.now();
  if (!old || old.ply !== s.ply || old.terminal !== s.terminal) {
    ui.path = [];
    ui.pick = null;
    $('chooser').hidden = true;
  }
  if (s.terminal && ui.es) disconnect();
  document.title = `${gameTitle(s.game)} online \u00b7 asterism`;
  render();
}

// ---- one game: drawing ------------------------------------------------------

const myTurn = () => {
  const s = ui.state;
  return s && ui.you >= 0 && s.status === 'playing' && !s.terminal && s.to_move === ui.you && !ui.replay;
};

// What the board shows: the game, or a position of its replay.
const shown = () => (ui.replay ? ui.replay.state : ui.state);

function candidates() {
  return candidatesOf(shown().view.moves, ui.path, ui.pick);
}

function render() {
  const s = shown();
  const view = s.view;
  const cands = myTurn() ? candidates() : [];
  const targets = targetsOf(cands, ui.path, ui.pick);
  drawBoard($('board'), view, {
    flipped: ui.flipped, labels: ui.labels, letters: ui.letters, path: ui.path, targets,
    last: view.last ? view.last.path : [],
    captured: view.last ? view.last.captured || [] : [],
  });
  // The score panel names the sides as the local page's state does.
  drawScore($('score'), s.players ? s : { ...s, players: s.names.map((name) => ({ name })) }, ui);
  $('help').textContent = s.move_help;
  renderStatus();
  renderSeats();
  renderClocks(ui);
  renderBanners();
  renderActions();
  renderSpecials();
  renderMoves();
  renderLinks(ui, message);
  renderRecord();
}

function seatName(i) {
  const seat = ui.state.seats[i];
  return seat.joined ? seat.name || 'Anonymous' : 'waiting for a player';
}

function renderStatus() {
  const s = ui.state;
  let text;
  if (ui.replay) text = `Replay: move ${ui.replay.ply} of ${ui.replay.total}`;
  else if (s.terminal) text = `Game over: ${s.outcome} (${s.result})`;
  else if (s.status === 'open') text = 'Waiting for the second player to take their seat';
  else if (myTurn()) text = `Your move (${s.names[ui.you]})`;
  else text = `${seatName(s.to_move)} (${s.names[s.to_move]}) to move`;
  if (ui.busy) text += ' \u2026';
  $('status').textContent = text;
  $('status').dataset.ply = String(s.ply);
  $('status').dataset.terminal = String(s.terminal);
  $('status').dataset.you = String(ui.you);
}

function renderSeats() {
  const s = ui.state;
  $('game-title').textContent = specTitle(s.game);
  for (const i of [0, 1]) {
    const seat = s.seats[i];
    const row = $(`seat-${i}`);
    const dot = row.querySelector('.dot');
    // Cut off ourselves, we do not know who else is connected.
    const state = seat.computer ? 'computer' : !ui.live ? 'unknown' :
      seat.connected ? 'connected' : 'away';
    dot.className = `dot ${state}`;
    dot.title = { computer: 'the computer', connected: 'connected', away: 'not connected',
      unknown: 'not known while this page is reconnecting' }[state];
    row.dataset.connected = String(seat.computer || seat.connected);
    row.classList.toggle('to-move', !s.terminal && s.status === 'playing' && s.to_move === i);
    row.classList.toggle('you', ui.you === i);
    const who = row.querySelector('.who');
    who.textContent = `${s.names[i]}: ${seatName(i)}` + (seat.computer ? ' (computer)' : '') +
      (ui.you === i ? ' (you)' : '');
  }
  // The seats in the order of the board's sides: the one drawn at the
  // bottom (a player's own, unless they flip) listed last.
  $('players').classList.toggle('flipped', ui.flipped);
}

function renderBanners() {
  const s = ui.state;
  const over = s.terminal;
  $('result').hidden = !over;
  if (over) $('result').textContent = `${s.outcome} (${s.result}) ${terminationText(s.termination)}`.trim();
  $('join').hidden = !(ui.you >= 0 && !s.seats[ui.you].joined && !over);
  const offer = over ? -1 : s.draw_offered_by;
  $('draw-banner').hidden = offer < 0;
  if (offer >= 0) {
    const mine = ui.you === 1 - offer;
    $('draw-text').textContent = `${seatName(offer)} offers a draw` + (mine ? '. Do you accept?' :
      ui.you === offer ? '; waiting for the answer.' : '.');
    for (const b of ['draw-accept', 'draw-decline']) $(b).hidden = !mine;
  }
  const asker = over ? -1 : s.takeback_by;
  $('takeback-banner').hidden = asker < 0;
  if (asker >= 0) {
    const mine = ui.you === 1 - asker;
    $('takeback-text').textContent = `${seatName(asker)} asks to take their last move back` +
      (mine ? '. Do you agree?' : ui.you === asker ? '; waiting for the answer.' : '.');
    for (const b of ['takeback-accept', 'takeback-decline']) $(b).hidden = !mine;
  }
}

function renderActions() {
  const s = ui.state;
  const playing = s.status === 'playing' && !s.terminal;
  $('actions').hidden = ui.you < 0 || s.terminal;
  const computer = s.seats.some((x) => x.computer);
  $('resign').disabled = !playing || ui.busy;
  $('draw-offer').disabled = !playing || ui.busy || s.draw_offered_by >= 0;
  $('takeback').textContent = computer ? 'Undo' : 'Takeback';
  $('takeback').disabled = !playing || ui.busy || s.takeback_by >= 0 || s.ply === 0;
  $('replay').hidden = !s.terminal;
  const ply = ui.replay ? ui.replay.ply : s.ply;
  for (const id of ['first', 'back']) $(id).disabled = ply === 0;
  for (const id of ['forward', 'last']) $(id).disabled = !ui.replay || ply === ui.replay.total;
}

// Moves made without clicking cells, as buttons, on this seat's turn only.
function renderSpecials() {
  renderSpecialsOf(myTurn() ? ui.state.view : null, play, false);
}

function renderMoves() {
  renderMoveList(ui.state.history, ui.replay ? ui.replay.ply : ui.state.ply, finished.replayTo);
}

function renderRecord() {
  const s = ui.state;
  const info = ui.catalog && gameInfo(s.game_id);
  $('save-pgn').hidden = !(info && info.pgn);
  $('analyse').hidden = !s.terminal;
}

// ---- one game: moves by click ----------------------------------------------

function refuse(text) {
  message(text);
  ui.path = [];
  render();
}

function whyNot() {
  const s = ui.state;
  if (ui.replay) return 'This is a replay: press \u00bb for the final position.';
  if (s.terminal) return 'The game is over.';
  if (ui.you < 0) return 'You are watching this game.';
  if (!s.seats[ui.you].joined) return 'Take your seat first.';
  if (s.status === 'open') return 'Wait for your opponent to take their seat.';
  return `It is ${seatName(s.to_move)}\u2019s turn.`;
}

function clickCell(cell) {
  if (!cell || !ui.state) return;
  if (!myTurn()) return refuse(whyNot());
  if (ui.busy) return;
  message('');
  const step = clickStep(ui.state.view.moves, ui.path, ui.pick, cell);
  if (step.refuse) return refuse(`${[...ui.path, cell].join(' \u2192 ')} starts no legal move.`);
  ui.path = step.restart ? [cell] : step.path;
  if (step.finish) return finish(step.finish);
  if (step.stop) message('Click the next landing cell, or this cell again to stop here.', 'hint');
  render();
}

// The cells are chosen; if moves differ only in a pick, ask for it.
function finish(moves) {
  if (moves.length === 1) return play(moves[0]);
  showChooser(moves, ui.state.view, play, () => { ui.path = []; render(); });
  render();
}

// Sends a move (an entry of view.moves, or its text) with the ply it is
// made at, so that a retried request cannot play it twice.
async function play(move) {
  $('chooser').hidden = true;
  const text = typeof move === 'string' ? move : move.text;
  await act('move', { move: text, ply: ui.state.ply });
}

// An action of this seat; the reply is the new state (the stream brings
// the same to everybody else).
async function act(what, body) {
  if (ui.busy || !ui.state) return;
  const id = ui.id;
  ui.busy = true;
  renderStatus();
  try {
    const s = await api('POST', `/api/games/${id}/${what}`, body, ui.secret);
    ui.busy = false;
    if (ui.id !== id) return;
    message(s.answer ? `The computer ${s.answer === 'accepted' ? 'accepts' : 'declines'} the draw.` : '',
      'hint');
    accept(s);
  } catch (e) {
    ui.busy = false;
    ui.path = [];
    message(e.message);
    if (ui.state) render();
  }
}

async function join(e) {
  e.preventDefault();
  const name = $('join-name').value.trim();
  rememberName(name);
  await act('join', { name });
}

function resign() {
  if (window.confirm('Resign this game?')) act('resign', {});
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
  finished.wire();
  wireLook(ui, render);
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select') || !ui.state) return;
    if (e.key === 'Escape') { ui.path = []; ui.pick = null; $('chooser').hidden = true; render(); }
  });
  wireBoard(ui, clickCell, false);
}

async function start() {
  try {
    ui.catalog = await api('GET', '/api/catalog');
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
    $('lobby-view').hidden = false;
    return;
  }
  lobby.wire();
  wireGame();
  setInterval(() => renderClocks(ui), 200);
  window.addEventListener('hashchange', route);
  route();
}

// The Asterisk supply is a palette: choosing a type limits the next move to it.
ui.selectPick = (pick) => {
  ui.pick = ui.pick === pick ? null : pick;
  ui.path = [];
  render();
};
// Tests and the curious can see the state (and play a move by its text).
ui.play = play;
window.asterismOnline = ui;
start();
