// The asterism browser UI: game setup, moves by click or drag, computer
// play, draw offers, move list with navigation and records; the analysis,
// its graph and the review are analysis.js. It talks to
// `asterism serve` through the JSON API (docs/server.md) and draws boards
// from the server's view of each game (board.js), so it holds no rules.
import { drawBoard } from './board.js';
import { drawScore } from './panels.js';
import {
  apiClient, buildOptions as buildOptionsFor, changedOptions, candidates as candidatesOf, targets as targetsOf,
  clickStep, explainClick, showChooser, renderSpecials as renderSpecialsOf, renderMoveList, wireBoard, wireLook,
} from './shared.js';
import { gameTitle, FIRST_VISIT } from './names.js';
import { analysisPanels } from './analysis.js';
import { wireRecords } from './records.js';

const $ = (id) => document.getElementById(id);

const ui = {
  catalog: null,
  state: null,          // the session as the server last described it
  shown: null,          // the state on screen (an earlier ply while browsing)
  path: [],             // cells clicked for the move in progress
  pick: null,           // a piece type or promotion chosen for it
  flipped: false,
  labels: false,
  letters: localStorage.getItem('asterism-men') === 'letters',  // else drawn pieces
  busy: false,          // a request that changes the game is under way
  winrates: new Map(),  // ply -> first player's winrate, from analyses
  animation: null,
  ownership: null,      // {id, ply, first, second, ...}: the last analysis's ownership map
  review: null,         // {id, moves, winrate_first, ...}: the last finished review
  reviewing: null,      // the session id of a review under way
};

// ---- talking to the server --------------------------------------------------

const api = apiClient('is it still running?');

function message(text, kind = 'error') {
  const m = $('message');
  m.textContent = text || '';
  m.className = text ? kind : '';
}

// The analysis, its graph and the review (analysis.js).
const panels = analysisPanels(ui, { api, message, render: () => render(), browse: (ply) => browse(ply) });

// ---- setup form -------------------------------------------------------------

function gameInfo(id) {
  return ui.catalog.games.find((g) => g.id === id);
}

function buildOptions() {
  buildOptionsFor(gameInfo($('game').value));
}

function setupBody() {
  const body = {
    game: $('game').value,
    options: changedOptions($('setup')),
    players: [$('seat0').value, $('seat1').value],
    level: Number($('level').value),
  };
  if ($('position').value.trim()) body.position = $('position').value.trim();
  return body;
}

async function newGame(extra = {}) {
  message('');
  try {
    const s = await api('POST', '/api/sessions', { ...setupBody(), ...extra });
    panels.forgetAnalysis();
    show(s);
  } catch (e) {
    message(e.message);
  }
}

// ---- the game on screen -----------------------------------------------------

function browsing() {
  return ui.shown && ui.state && ui.shown.shown_ply !== ui.state.ply;
}

function seatOf(player) {
  return ui.state.players[player] ? ui.state.players[player].seat : 'human';
}

function computerToMove() {
  const s = ui.state;
  return s && !s.terminal && s.to_move >= 0 && seatOf(s.to_move) === 'computer';
}

function show(state, opts = {}) {
  ui.state = state;
  ui.shown = state;
  ui.path = [];
  ui.pick = null;
  sessionStorage.setItem('asterism-session', state.id);
  document.title = `${gameTitle(state.game)} \u00b7 asterism`;
  $('game-title').textContent = gameTitle(state.game);
  syncSetup();
  render();
  if (opts.animate && state.view.last && state.view.last.path.length > 2) animateLast();
  if ($('analysis').checked) panels.analyse();
  setTimeout(maybeComputer, 0);
}

function syncSetup() {
  const s = ui.state;
  $('seat0-name').textContent = s.players[0].name;
  $('seat0').value = s.players[0].seat;
  $('seat1-label').hidden = s.players.length < 2;
  if (s.players[1]) {
    $('seat1-name').textContent = s.players[1].name;
    $('seat1').value = s.players[1].seat;
  }
  $('level').value = String(s.level);
}

// The cells that continue the move in progress, and the moves that could.
function candidates() {
  return candidatesOf(ui.shown.view.moves, ui.path, ui.pick);
}

function render() {
  const s = ui.shown;
  const view = s.view;
  const cands = candidates();
  const targets = targetsOf(cands, ui.path, ui.pick);
  drawBoard($('board'), view, {
    flipped: ui.flipped,
    labels: ui.labels,
    letters: ui.letters,
    path: ui.path,
    targets,
    last: view.last ? view.last.path : [],
    captured: view.last && !ui.animation ? view.last.captured || [] : [],
    lastStep: ui.animation ? ui.animation.step : undefined,
    ownership: panels.shownOwnership(),
  });
  renderStatus();
  renderDraw();
  renderSpecials();
  drawScore($('score'), s, ui);
  renderMoves();
  panels.renderGraph();
  $('help').textContent = s.move_help;
  $('save-pgn').hidden = !ui.catalog.games.find((g) => g.id === view.kind)?.pgn;
  $('undo').disabled = ui.state.ply === 0;
  $('computer').disabled = ui.state.terminal;
  for (const id of ['first', 'back']) $(id).disabled = s.shown_ply === 0;
  for (const id of ['forward', 'last']) $(id).disabled = s.shown_ply === ui.state.ply;
}

function renderStatus() {
  const s = ui.shown;
  let text;
  if (s.terminal) text = `Game over: ${s.outcome} (${s.result})`;
  else {
    const p = s.players[s.to_move];
    text = `${p.name} to move` + (p.seat === 'computer' ? ' (computer)' : '');
  }
  if (browsing()) text = `Move ${s.shown_ply} of ${ui.state.ply} (looking back): ` + text;
  else if (ui.busy) text += ' \u2014 the computer is thinking\u2026';
  $('status').textContent = text;
  $('status').dataset.terminal = String(ui.state.terminal);
  $('status').dataset.ply = String(ui.state.ply);
  $('status').dataset.busy = String(ui.busy);
}

// Draws by agreement: "Offer draw" while a person may offer one, and a
// banner with Accept and Decline while an offer to a person stands.
function renderDraw() {
  const s = ui.state;
  const draw = s.draw || { offered_by: -1, agreed: false };
  const people = s.players.filter((p) => p.seat === 'human').length;
  const offer = draw.offered_by;
  $('draw-offer').disabled = s.terminal || browsing() || ui.busy || s.players.length !== 2 ||
    people === 0 || offer >= 0;
  const toPerson = offer >= 0 && !s.terminal && seatOf(1 - offer) === 'human';
  $('draw-banner').hidden = !toPerson || browsing();
  if (toPerson) {
    $('draw-text').textContent = `${s.players[offer].name}` +
      (seatOf(offer) === 'computer' ? ' (computer)' : '') +
      ` offers a draw. ${s.players[1 - offer].name}, do you accept?`;
  }
}

async function drawAction(action) {
  if (!ui.state || ui.busy) return;
  const id = ui.state.id;
  ui.busy = true;
  renderStatus();
  try {
    const s = await api('POST', `/api/sessions/${id}/draw`, { action });
    ui.busy = false;
    if (ui.state.id !== id) return;
    if (s.answer) {
      const other = s.players.find((p) => p.seat === 'computer');
      const verb = s.answer === 'accepted' ? 'accepts' : 'declines';
      message(`${other ? other.name : 'The computer'} ${verb} the draw.`, 'hint');
    } else if (action === 'decline') {
      message('Draw declined.', 'hint');
    } else {
      message('');
    }
    show(s);
  } catch (e) {
    ui.busy = false;
    message(e.message);
    render();
  }
}

function renderSpecials() {
  renderSpecialsOf(browsing() || ui.state.terminal ? null : ui.shown.view, play, true);
}

function renderMoves() {
  renderMoveList(ui.state.history, ui.shown.shown_ply, browse);
  // A review marks its moves: ?! an inaccuracy, ? a mistake, ?? a blunder.
  const r = panels.currentReview();
  if (!r) return;
  for (const m of r.moves) {
    if (!m.mark) continue;
    const b = $('moves').querySelector(`button[data-ply="${m.ply + 1}"]`);
    if (!b) continue;
    b.classList.add(m.mark);
    b.dataset.mark = m.mark;
    b.title = `${m.mark}: ${panels.pointsLost(m)} points of win rate lost; better ${m.best}`;
  }
}

// ---- making moves -----------------------------------------------------------

function refuse(text) {
  message(text);
  ui.path = [];
  render();
}

function clickCell(cell) {
  if (!cell || !ui.shown) return;
  if (browsing()) return refuse('You are looking at an earlier position: press \u00bb to go back to the game.');
  if (ui.state.terminal) return refuse('The game is over: undo a move or start a new game.');
  if (ui.busy || computerToMove()) return refuse('It is the computer\u2019s turn; wait for its move.');
  message('');
  const step = clickStep(ui.shown.view.moves, ui.path, ui.pick, cell);
  if (step.refuse) return refuse(explainClick(ui.shown, ui.path, ui.pick, cell));
  ui.path = step.restart ? [cell] : step.path;
  if (step.finish) return finish(step.finish);
  if (step.stop) message('Click the next landing cell, or this cell again to stop here.', 'hint');
  render();
}

// The cells are chosen; if moves differ only in a pick, ask for it.
function finish(moves) {
  if (moves.length === 1) return play(moves[0]);
  showChooser(moves, ui.shown.view, play, () => { ui.path = []; render(); });
  render();
}

async function play(move) {
  $('chooser').hidden = true;
  if (ui.busy) return;
  ui.busy = true;
  try {
    const id = ui.state.id;
    const s = await api('POST', `/api/sessions/${id}/move`, { move: move.text });
    ui.busy = false;
    if (ui.state.id !== id) return;
    message('');
    show(s);
  } catch (e) {
    ui.busy = false;
    ui.path = [];
    message(e.message);
    render();
  }
}

async function maybeComputer(force = false) {
  if (ui.busy || !ui.state || ui.state.terminal || browsing()) return;
  if (!force && !computerToMove()) return;
  ui.busy = true;
  renderStatus();
  const id = ui.state.id;
  try {
    const s = await api('POST', `/api/sessions/${id}/computer`, {});
    ui.busy = false;
    if (ui.state.id !== id) return;  // a new game began meanwhile
    show(s, { animate: true });
  } catch (e) {
    ui.busy = false;
    message(e.message);
    renderStatus();
  }
}

// Shows the last move's chain one landing at a time.
function animateLast() {
  const steps = ui.state.view.last.path.length;
  ui.animation = { step: 1 };
  const tick = () => {
    if (!ui.animation) return;
    ui.animation.step += 1;
    if (ui.animation.step > steps) ui.animation = null;
    render();
    if (ui.animation) setTimeout(tick, 450);
  };
  render();
  setTimeout(tick, 450);
}

// ---- navigation, undo -------------------------------------------------------

async function browse(ply) {
  if (!ui.state) return;
  ply = Math.max(0, Math.min(ui.state.ply, ply));
  const id = ui.state.id;
  try {
    const shown = ply === ui.state.ply ? ui.state :
      await api('GET', `/api/sessions/${id}?ply=${ply}`);
    if (ui.state.id !== id) return;
    ui.shown = shown;
    ui.path = [];
    render();
    if (!browsing()) maybeComputer();
  } catch (e) {
    message(e.message);
  }
}

async function undo() {
  if (ui.busy) return message('Wait for the computer\u2019s move, then undo.');
  try {
    // Against the computer, undo takes back the computer's reply as well,
    // so that a person is to move again.
    const someoneComputer = ui.state.players.some((p) => p.seat === 'computer');
    const id = ui.state.id;
    const s = await api('POST', `/api/sessions/${id}/undo`,
      someoneComputer ? { to_human: true } : { count: 1 });
    if (ui.state.id !== id) return;
    message('');
    ui.state = s;
    ui.shown = s;
    ui.path = [];
    render();
  } catch (e) {
    message(e.message);
  }
}

async function changeSeats() {
  if (!ui.state) return;
  const id = ui.state.id;
  try {
    const s = await api('POST', `/api/sessions/${id}/players`, {
      players: [$('seat0').value, $('seat1').value], level: Number($('level').value),
    });
    if (ui.state.id !== id) return;  // a new game began meanwhile
    ui.state = s;
    if (!browsing()) ui.shown = s;
    render();
    maybeComputer();
  } catch (e) {
    message(e.message);
  }
}

// ---- wiring -----------------------------------------------------------------

async function start() {
  for (let l = 1; l <= 10; l++) $('level').add(new Option(String(l), String(l), false, l === 3));
  try {
    ui.catalog = await api('GET', '/api/catalog');
  } catch (e) {
    message(e.message);
    return;
  }
  // The game chosen last on this browser; on a first visit the gentlest
  // start (names.js, FIRST_VISIT, says why).
  const chosen = localStorage.getItem('asterism-game');
  const first = !chosen && ui.catalog.games.some((g) => g.id === FIRST_VISIT.game);
  const game = first ? FIRST_VISIT.game : chosen;
  for (const g of ui.catalog.games) $('game').add(new Option(g.title, g.id, false, g.id === game));
  buildOptions();
  if (first) firstVisit();
  $('game').addEventListener('change', () => {
    localStorage.setItem('asterism-game', $('game').value);
    buildOptions();
  });
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  for (const id of ['seat0', 'seat1', 'level']) $(id).addEventListener('change', changeSeats);
  $('first').addEventListener('click', () => browse(0));
  $('back').addEventListener('click', () => browse(ui.shown.shown_ply - 1));
  $('forward').addEventListener('click', () => browse(ui.shown.shown_ply + 1));
  $('last').addEventListener('click', () => browse(ui.state.ply));
  $('undo').addEventListener('click', undo);
  $('computer').addEventListener('click', () => maybeComputer(true));
  $('draw-offer').addEventListener('click', () => drawAction('offer'));
  $('draw-accept').addEventListener('click', () => drawAction('accept'));
  $('draw-decline').addEventListener('click', () => drawAction('decline'));
  wireLook(ui, render);
  $('analysis').addEventListener('change', () => { if ($('analysis').checked) panels.analyse(); });
  $('analyse-now').addEventListener('click', panels.analyse);
  $('ownership').addEventListener('change', () => {
    if ($('ownership').checked && !panels.shownOwnership() && !browsing()) panels.analyse();
    render();
  });
  $('graph').addEventListener('click', panels.graphClick);
  for (let l = 2; l <= 7; l++) $('review-level').add(new Option(String(l), String(l), false, l === 5));
  $('review').addEventListener('click', panels.startReview);
  wireRecords(ui, {
    api, message,
    loaded: (s) => {
      panels.forgetAnalysis();
      $('game').value = s.game_id;
      buildOptions();
      show(s);
    },
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select')) return;
    if (e.key === 'ArrowLeft' && ui.shown) browse(ui.shown.shown_ply - 1);
    if (e.key === 'ArrowRight' && ui.shown) browse(ui.shown.shown_ply + 1);
    if (e.key === 'Escape') { ui.path = []; ui.pick = null; $('chooser').hidden = true; render(); }
  });
  wireBoard(ui, clickCell, true);
  // Pick up the game this tab was playing, if the server still has it, or
  // the one a link names (#session=ID: the online page's "Analyse").
  const linked = new URLSearchParams(location.hash.slice(1)).get('session');
  const id = linked || sessionStorage.getItem('asterism-session');
  if (linked) history.replaceState(null, '', location.pathname + location.search);
  if (id) {
    try {
      const s = await api('GET', `/api/sessions/${id}`);
      $('game').value = s.game_id;
      buildOptions();
      return show(s);
    } catch (e) {
      sessionStorage.removeItem('asterism-session');
    }
  }
  newGame();
}

// Sets the setup bar to the first visit's game, options and level.
function firstVisit() {
  for (const [k, v] of Object.entries(FIRST_VISIT.options)) {
    const input = document.querySelector(`[data-option="${k}"]`);
    if (input) input.value = v;
  }
  $('level').value = String(FIRST_VISIT.level);
}

// The Asterisk supply is a palette: choosing a type limits the next move to it.
ui.selectPick = (pick) => {
  ui.pick = ui.pick === pick ? null : pick;
  ui.path = [];
  message(ui.pick ? `Now click a cell for ${pick}.` : '', 'hint');
  render();
};
// Tests and the curious can see the state from the console.
window.asterism = ui;
start();
