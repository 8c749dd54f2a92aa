// Online play in the browser (docs/online.md): the lobby (a new game, open
// challenges, games in progress, the archive) and one game, live, for its
// two players and any number of spectators. A seat's secret comes in the
// page's fragment (#game=ID&secret=S), which browsers never send to the
// server on a page load; requests carry it as "Authorization: Bearer".
// Boards and scores are drawn by the same modules as the local page
// (board.js, panels.js); the rules stay on the server.
import { drawBoard } from './board.js';
import { drawScore } from './panels.js';
import { gameTitle } from './names.js';
import {
  apiClient, buildOptions as buildOptionsFor, changedOptions, candidates as candidatesOf, targets as targetsOf,
  clickStep, showChooser, renderSpecials as renderSpecialsOf, renderMoveList, wireBoard, wireLook, saveFile,
} from './shared.js';

const $ = (id) => document.getElementById(id);
const ARCHIVE_PAGE = 10;

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
const secretKey = (id) => `asterism-secret-${id}`;
const linksKey = (id) => `asterism-links-${id}`;
const rememberedName = () => localStorage.getItem('asterism-name') || '';

function rememberName(name) {
  if (name.trim()) localStorage.setItem('asterism-name', name.trim());
}

// "shatra:rules=altai,notation=algebraic" -> "Shatra, Altai rules" (names.js).
const specTitle = (spec) => gameTitle(spec);

// ---- routing ----------------------------------------------------------------

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get('game');
  if (id) showGame(id, params.get('secret') || '');
  else showLobby();
}

function leaveGame() {
  disconnect();
  ui.id = null;
  ui.state = null;
  ui.replay = null;
  ui.path = [];
  ui.pick = null;
}

// ---- the lobby --------------------------------------------------------------

function buildOptions() {
  buildOptionsFor(gameInfo($('game').value));
}

function clockBody() {
  const kind = $('clock').value;
  if (kind === 'fischer')
    return { kind, minutes: Number($('minutes').value), increment: Number($('increment').value) };
  if (kind === 'correspondence') return { kind, days: Number($('days').value) };
  return { kind: 'none' };
}

function createBody() {
  const against = $('opponent').value;
  const body = {
    game: $('game').value,
    options: changedOptions($('create')),
    seat: $('seat').value,
    name: $('name').value.trim(),
    opponent: against === 'computer' ? `level:${$('level').value}` : 'person',
    lobby: against === 'lobby',
    clock: clockBody(),
  };
  if ($('position').value.trim()) body.position = $('position').value.trim();
  return body;
}

async function createGame() {
  message('', 'error', 'lobby-message');
  rememberName($('name').value);
  try {
    const r = await api('POST', '/api/games', createBody());
    sessionStorage.setItem(secretKey(r.id), r.secret);
    sessionStorage.setItem(linksKey(r.id), JSON.stringify(r.links));
    location.hash = `game=${r.id}&secret=${r.secret}`;
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
  }
}

async function acceptChallenge(id) {
  try {
    const r = await api('POST', `/api/games/${id}/join`, { name: rememberedName() });
    sessionStorage.setItem(secretKey(id), r.secret);
    location.hash = `game=${id}&secret=${r.secret}`;
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
    refreshLobby();
  }
}

// One row of a list: cells of text, then a button or link.
function listRow(table, cells, action) {
  const tr = table.insertRow();
  for (const c of cells) tr.insertCell().textContent = c;
  tr.insertCell().append(action);
  return tr;
}

function linkTo(text, hash, testid) {
  const a = document.createElement('a');
  a.textContent = text;
  a.href = `#${hash}`;
  a.className = 'button';
  a.dataset.testid = testid;
  return a;
}

const clockName = (kind) => ({ none: 'no clock', fischer: 'Fischer', correspondence: 'correspondence' }[kind] || kind);

function renderOpen(games) {
  const table = $('open-list');
  table.replaceChildren();
  $('open-empty').hidden = games.length > 0;
  for (const g of games) {
    const waiting = g.names[0] ? 1 : 0;  // the seat still open
    const host = g.names[1 - waiting] || 'Anonymous';
    const mine = sessionStorage.getItem(secretKey(g.id));
    let action;
    if (mine) action = linkTo('Open', `game=${g.id}&secret=${mine}`, 'open-own');
    else {
      action = document.createElement('button');
      action.textContent = 'Accept';
      action.dataset.testid = 'accept';
      action.addEventListener('click', () => acceptChallenge(g.id));
    }
    const tr = listRow(table, [specTitle(g.game), `${host} waits`, clockName(g.clock)], action);
    tr.dataset.id = g.id;
  }
}

function renderPlaying(games) {
  const table = $('playing-list');
  table.replaceChildren();
  $('playing-empty').hidden = games.length > 0;
  for (const g of games) {
    const mine = sessionStorage.getItem(secretKey(g.id));
    const action = mine ? linkTo('Play', `game=${g.id}&secret=${mine}`, 'play') :
      linkTo('Watch', `game=${g.id}`, 'watch');
    const tr = listRow(table, [specTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
      clockName(g.clock)], action);
    tr.dataset.id = g.id;
  }
}

const terminationText = (t) => ({ resignation: 'by resignation', agreement: 'by agreement',
  time: 'on time', rules: '' }[t] ?? t);

async function refreshArchive() {
  try {
    const a = await api('GET', `/api/archive?offset=${ui.archiveOffset}&limit=${ARCHIVE_PAGE}`);
    const table = $('archive-list');
    table.replaceChildren();
    $('archive-empty').hidden = a.games.length > 0;
    for (const g of a.games) {
      const when = new Date(g.updated).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
      const tr = listRow(table, [specTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
        `${g.result} ${terminationText(g.termination)}`.trim(), when],
      linkTo('Replay', `game=${g.id}`, 'replay'));
      tr.dataset.id = g.id;
    }
    const last = Math.min(a.total, ui.archiveOffset + a.games.length);
    $('archive-page').textContent = a.total ? `${ui.archiveOffset + 1}\u2013${last} of ${a.total}` : '';
    $('archive-newer').disabled = ui.archiveOffset === 0;
    $('archive-older').disabled = last >= a.total;
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
  }
}

async function refreshLobby() {
  try {
    const l = await api('GET', '/api/lobby');
    renderOpen(l.open);
    renderPlaying(l.playing);
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
  }
}

function showLobby() {
  leaveGame();
  $('game-view').hidden = true;
  $('lobby-view').hidden = false;
  $('live').hidden = true;
  document.title = 'asterism: play online';
  refreshLobby();
  refreshArchive();
  clearInterval(ui.lobbyTimer);
  // The lists change as people come and go; a few seconds is fresh enough.
  ui.lobbyTimer = setInterval(() => { refreshLobby(); refreshArchive(); }, 4000);
}

function syncCreateForm() {
  const against = $('opponent').value;
  $('level-label').hidden = against !== 'computer';
  $('fischer').hidden = $('clock').value !== 'fischer';
  $('days-label').hidden = $('clock').value !== 'correspondence';
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
  renderClocks();
  renderBanners();
  renderActions();
  renderSpecials();
  renderMoves();
  renderLinks();
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

// Milliseconds as the clock shows them: days and hours for correspondence,
// tenths in the last ten seconds.
function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  if (ms < 10000) return `0:${pad(s)}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

// The running clock counts down from what the server said, by the time
// since its state arrived (this machine's clock need not agree with the
// server's).
function renderClocks() {
  const s = ui.state;
  if (!s || ui.replay) return;
  const c = s.clock;
  for (const i of [0, 1]) {
    const box = $(`seat-${i}`).querySelector('.clock');
    box.hidden = c.kind === 'none';
    let left = c.left[i];
    if (c.running === i) left -= performance.now() - ui.receivedAt;
    box.textContent = clockText(left);
    box.classList.toggle('running', c.running === i);
    box.classList.toggle('low', c.kind === 'fischer' && left < 20000);
  }
  const note = c.kind === 'fischer' ? `Fischer clock: ${c.base / 60000} min + ${c.increment / 1000} s a move` +
      (c.running < 0 && !s.terminal ? '; it starts once each side has moved.' : '.') :
    c.kind === 'correspondence' ? `Correspondence: ${c.per_move / 86400000} days a move.` : 'No clock.';
  $('clock-note').textContent = note;
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
  renderMoveList(ui.state.history, ui.replay ? ui.replay.ply : ui.state.ply, replayTo);
}

function renderLinks() {
  const links = JSON.parse(sessionStorage.getItem(linksKey(ui.id)) || 'null');
  $('links').hidden = !links || ui.state.terminal;
  if (!links || $('link-rows').dataset.id === ui.id) return;
  $('link-rows').dataset.id = ui.id;
  $('link-rows').replaceChildren();
  const rows = [['seat', 'Your seat'], ['invite', 'Invitation'], ['watch', 'Watch']];
  for (const [key, label] of rows.filter(([k]) => links[k])) {
    const row = document.createElement('div');
    row.className = 'link-row';
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = new URL(links[key], location.href).href;
    input.dataset.testid = `link-${key}`;
    input.id = `link-${key}`;
    const copy = document.createElement('button');
    copy.textContent = 'Copy';
    copy.dataset.testid = `copy-${key}`;
    copy.addEventListener('click', () => copyText(input));
    row.append(`${label} `, input, copy);
    $('link-rows').append(row);
  }
}

// The clipboard API needs a secure origin (https or this machine); plain
// http elsewhere falls back to selecting the text and the copy command.
async function copyText(input) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();
    document.execCommand('copy');
  }
  message('Link copied.', 'hint');
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

// ---- finished games: replay, records, analysis ------------------------------

async function sessionFromRecord() {
  const r = await api('GET', `/api/games/${ui.id}/record`);
  return api('POST', '/api/records', { record: r.record, players: ['human', 'human'] });
}

// Positions of a finished game come from a local session loaded from its
// record (the server's browsing API), made on the first step back.
async function replayTo(ply) {
  const s = ui.state;
  if (!s || !s.terminal) return;
  ply = Math.max(0, Math.min(s.ply, ply));
  try {
    if (ply === s.ply) {
      ui.replay = null;  // the final position: the game itself
    } else {
      if (!ui.replaySession || ui.replaySession.game !== ui.id)
        ui.replaySession = { game: ui.id, id: (await sessionFromRecord()).id };
      const state = await api('GET', `/api/sessions/${ui.replaySession.id}?ply=${ply}`);
      if (!ui.state || ui.state.id !== s.id) return;
      ui.replay = { ply, total: s.ply, state };
    }
    ui.path = [];
    render();
  } catch (e) {
    message(e.message);
  }
}

async function download(format) {
  try {
    const r = await api('GET', `/api/games/${ui.id}/${format}`);
    saveFile(r, format);
  } catch (e) {
    message(e.message);
  }
}

// Opens the position on screen at the local page, whose analysis works on
// a game's current position: a fresh session from the record, taken back
// to the replayed move.
async function analyse() {
  try {
    const session = await sessionFromRecord();
    const back = ui.replay ? ui.replay.total - ui.replay.ply : 0;
    if (back > 0) await api('POST', `/api/sessions/${session.id}/undo`, { count: back });
    location.href = `index.html#session=${session.id}`;
  } catch (e) {
    message(e.message);
  }
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
  $('first').addEventListener('click', () => replayTo(0));
  $('back').addEventListener('click', () => replayTo((ui.replay ? ui.replay.ply : ui.state.ply) - 1));
  $('forward').addEventListener('click', () => replayTo((ui.replay ? ui.replay.ply : ui.state.ply) + 1));
  $('last').addEventListener('click', () => replayTo(ui.state.ply));
  $('save').addEventListener('click', () => download('record'));
  $('save-pgn').addEventListener('click', () => download('pgn'));
  $('analyse').addEventListener('click', analyse);
  wireLook(ui, render);
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select') || !ui.state) return;
    if (e.key === 'Escape') { ui.path = []; ui.pick = null; $('chooser').hidden = true; render(); }
  });
  wireBoard(ui, clickCell, false);
}

function wireLobby() {
  for (let l = 1; l <= 10; l++) $('level').add(new Option(String(l), String(l), false, l === 3));
  const chosen = localStorage.getItem('asterism-game');
  for (const g of ui.catalog.games) {
    if (g.players && g.players !== 2) continue;
    $('game').add(new Option(g.title, g.id, false, g.id === chosen));
  }
  buildOptions();
  $('game').addEventListener('change', buildOptions);
  $('name').value = rememberedName();
  for (const id of ['opponent', 'clock']) $(id).addEventListener('change', syncCreateForm);
  syncCreateForm();
  $('create').addEventListener('submit', (e) => { e.preventDefault(); createGame(); });
  $('archive-newer').addEventListener('click', () => {
    ui.archiveOffset = Math.max(0, ui.archiveOffset - ARCHIVE_PAGE);
    refreshArchive();
  });
  $('archive-older').addEventListener('click', () => {
    ui.archiveOffset += ARCHIVE_PAGE;
    refreshArchive();
  });
}

async function start() {
  try {
    ui.catalog = await api('GET', '/api/catalog');
  } catch (e) {
    message(e.message, 'error', 'lobby-message');
    $('lobby-view').hidden = false;
    return;
  }
  wireLobby();
  wireGame();
  setInterval(renderClocks, 200);
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
