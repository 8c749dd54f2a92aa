// The asterism browser UI: game setup, moves by click or drag, computer
// play, draw offers, move list with navigation, analysis graph and records. It talks to
// `asterism serve` through the JSON API (docs/server.md) and draws boards
// from the server's view of each game (board.js), so it holds no rules.
import { drawBoard, el } from './board.js';
import { drawScore } from './panels.js';
import {
  apiClient, buildOptions as buildOptionsFor, changedOptions, candidates as candidatesOf, targets as targetsOf,
  clickStep, showChooser, renderSpecials as renderSpecialsOf, renderMoveList, wireBoard, wireLook, saveFile,
} from './shared.js';
import { gameTitle, FIRST_VISIT } from './names.js';

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
    forgetAnalysis();
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
  if ($('analysis').checked) analyse();
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
    ownership: shownOwnership(),
  });
  renderStatus();
  renderDraw();
  renderSpecials();
  drawScore($('score'), s, ui);
  renderMoves();
  renderGraph();
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
  const r = currentReview();
  if (!r) return;
  for (const m of r.moves) {
    if (!m.mark) continue;
    const b = $('moves').querySelector(`button[data-ply="${m.ply + 1}"]`);
    if (!b) continue;
    b.classList.add(m.mark);
    b.dataset.mark = m.mark;
    b.title = `${m.mark}: ${pointsLost(m)} points of win rate lost; better ${m.best}`;
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
  if (step.refuse) return refuse(explain(cell));
  ui.path = step.restart ? [cell] : step.path;
  if (step.finish) return finish(step.finish);
  if (step.stop) message('Click the next landing cell, or this cell again to stop here.', 'hint');
  render();
}

// Why a click starts or continues no move, in the words of the game.
function explain(cell) {
  const view = ui.shown.view;
  const moves = view.moves;
  const piece = view.pieces.find((p) => p.cell === cell);
  const captures = moves.length > 0 && moves.every((m) => m.capture);
  if (ui.path.length > 0) {
    const from = ui.path[0];
    return `${[...ui.path, cell].join(' \u2192 ')} is not a legal move` +
      (captures ? ' (a capture is compulsory).' : '.') +
      ` Click a highlighted cell, or another man to start again from ${from === cell ? 'it' : 'there'}.`;
  }
  if (ui.pick !== null) return `No ${ui.pick} can go on ${cell}.`;
  if (moves.every((m) => m.path.length <= 1)) {
    return piece ? `${cell} is taken.` : `You cannot play on ${cell} now.`;
  }
  const to = ui.shown.to_move;
  if (piece && piece.owner !== null && piece.owner !== to)
    return `That is ${ui.shown.players[piece.owner].name}'s man; ${ui.shown.players[to].name} is to move.`;
  if (piece) return `The man on ${cell} has no legal move` + (captures ? ' (a capture is compulsory elsewhere).' : '.');
  return `No move starts on ${cell}: click one of your men first.`;
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

// ---- analysis ---------------------------------------------------------------

// A new or loaded game starts with no graph, map or review.
function forgetAnalysis() {
  ui.winrates = new Map();
  ui.ownership = null;
  ui.review = null;
  $('review-marks').replaceChildren();
  $('review-summary').textContent = '';
  $('proven').textContent = '';
  $('expected').textContent = '';
}

// The ownership map to draw: the last analysis's, if the box is ticked and
// the position on screen is the one analysed.
function shownOwnership() {
  const o = ui.ownership;
  if (!$('ownership').checked || !o || !ui.shown) return null;
  return o.id === ui.state.id && o.ply === ui.shown.shown_ply ? o : null;
}

function currentReview() {
  return ui.review && ui.state && ui.review.id === ui.state.id ? ui.review : null;
}

const pointsLost = (m) => (100 * m.loss).toFixed(0);

// "win in 3" (plies, this move included) for the player to move, or "".
function provenText(c) {
  return c.proven ? `proven ${c.proven} in ${c.proven_plies}` : '';
}

async function analyse() {
  if (!ui.state || ui.state.terminal) return;
  // One analysis at a time: while one runs, remember that the position
  // changed and analyse the newest one afterwards, so that fast play (the
  // computer against itself) cannot pile searches up on the server.
  if (ui.analysing) {
    ui.analyseAgain = true;
    return;
  }
  ui.analysing = true;
  const id = ui.state.id, ply = ui.state.ply;
  try {
    // A steady budget, whatever the playing level, so that the graph's
    // points are comparable along the game: level 6's own (playouts for the
    // Monte Carlo searches, nodes for alpha-beta).
    const a = await api('POST', `/api/sessions/${id}/analyze`,
      { level: 6, ownership: $('ownership').checked });
    if (ui.state.id !== id) return;
    if (a.winrate_first !== undefined) ui.winrates.set(a.ply, a.winrate_first);
    showAnalysis(a, id);
    $('candidates').dataset.ply = String(ply);
    render();
  } catch (e) {
    if (!ui.state.terminal) message(e.message);
  } finally {
    ui.analysing = false;
    if (ui.analyseAgain) {
      ui.analyseAgain = false;
      if (ui.state.ply !== ply || ui.state.id !== id) analyse();
    }
  }
}

function showAnalysis(a, id) {
  const list = $('candidates');
  list.replaceChildren();
  for (const c of a.candidates) {
    const li = document.createElement('li');
    const unit = a.unit === 'nodes' ? 'nodes' : 'visits';
    const proven = provenText(c);
    li.textContent = `${c.move}  ${proven ? proven + ', ' : ''}${(100 * c.winrate).toFixed(0)}%  (${c.visits} ${unit})` +
      (c.pv.length > 1 ? `  ${c.pv.slice(1, 6).join(' ')}` : '');
    list.append(li);
  }
  const mover = ui.state.players[a.to_move] ? ui.state.players[a.to_move].name : '';
  $('proven').textContent = a.proven ? `${mover} has a proven ${a.proven} (plies, counting this move).` : '';
  ui.ownership = a.ownership ? { ...a.ownership, id, ply: a.ply } : null;
  const o = a.ownership;
  const names = ui.state.players.map((p) => p.name);
  $('expected').textContent = o && o.score ?
    `Expected score ${names[0]} ${o.score[0].toFixed(1)}, ${names[1]} ${o.score[1].toFixed(1)}; ` +
    `peries ${o.peries[0].toFixed(1)} and ${o.peries[1].toFixed(1)} (${o.samples} playouts).` : '';
}

function renderGraph() {
  const svg = $('graph');
  svg.replaceChildren();
  const W = 300, H = 110, pad = 5;
  const n = Math.max(ui.state ? ui.state.ply : 0, 1);
  const y = (w) => pad + (1 - w) * (H - 2 * pad);
  const x = (ply) => pad + (ply / n) * (W - 2 * pad);
  el('line', { x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5), class: 'half' }, svg);
  const pts = [...ui.winrates.entries()].filter(([p]) => p <= n).sort((a, b) => a[0] - b[0]);
  if (pts.length > 0) {
    el('polyline', { points: pts.map(([p, w]) => `${x(p)},${y(w)}`).join(' '), class: 'rate' }, svg);
    for (const [p, w] of pts) el('circle', { cx: x(p), cy: y(w), r: 2.2, class: 'rate-dot' }, svg);
  }
  // A review's marked moves, at the position they led to.
  const r = currentReview();
  for (const m of r ? r.moves : []) {
    if (!m.mark || m.ply + 1 > n) continue;
    const w = r.winrate_first[m.ply + 1];
    el('circle', { cx: x(m.ply + 1), cy: y(w), r: 3.6, class: `mark-dot ${m.mark}` }, svg);
  }
  if (ui.shown) {
    const px = x(ui.shown.shown_ply);
    el('line', { x1: px, x2: px, y1: pad, y2: H - pad, class: 'now' }, svg);
  }
  svg.dataset.points = String(pts.length);
  const first = ui.state ? ui.state.players[0].name : 'First';
  $('graph-caption').textContent = pts.length ?
    `${first}'s chance to win by the engine's analysis (an estimate), by move; click to go there.` :
    'Analyse positions or review the game to see the win-rate graph.';
}

// A click on the graph shows the position at that point.
function graphClick(e) {
  if (!ui.state) return;
  const box = $('graph').getBoundingClientRect();
  const n = Math.max(ui.state.ply, 1);
  const ply = Math.round(((e.clientX - box.left) / box.width * 300 - 5) / 290 * n);
  browse(Math.min(Math.max(ply, 0), ui.state.ply));
}

// ---- reviewing a game -------------------------------------------------------

// Asks the server to review the game (docs/server.md, "Reviewing a game")
// and follows its progress until it is done.
async function startReview() {
  if (!ui.state || ui.state.ply === 0) return message('There are no moves to review yet.');
  const id = ui.state.id;
  try {
    const r = await api('POST', `/api/sessions/${id}/review`, { level: Number($('review-level').value) });
    ui.reviewing = id;
    $('review').disabled = true;
    $('review-summary').textContent = 'Reviewing\u2026';
    followReview(id, r);
  } catch (e) {
    message(e.message);
  }
}

async function followReview(id, r) {
  const bar = $('review-progress');
  bar.hidden = false;
  try {
    while (r.status === 'running') {
      bar.max = r.total;
      bar.value = r.done;
      $('review-summary').textContent = `Reviewing: ${r.done} of ${r.total} positions\u2026`;
      await new Promise((done) => setTimeout(done, 300));
      r = await api('GET', `/api/sessions/${id}/review`);
    }
    if (r.status !== 'done') throw new Error(`the review failed: ${r.error}`);
    if (!ui.state || ui.state.id !== id) return;
    showReview(id, r);
  } catch (e) {
    message(e.message);
  } finally {
    bar.hidden = true;
    ui.reviewing = null;
    $('review').disabled = false;
  }
}

function showReview(id, r) {
  ui.review = { ...r, id };
  ui.winrates = new Map(r.winrate_first.map((w, ply) => [ply, w]));
  const list = $('review-marks');
  list.replaceChildren();
  const counts = {};
  for (const m of r.moves) {
    if (!m.mark) continue;
    counts[m.mark] = (counts[m.mark] || 0) + 1;
    const li = document.createElement('li');
    li.value = m.ply + 1;
    li.className = m.mark;
    const b = document.createElement('button');
    b.dataset.ply = String(m.ply + 1);
    b.textContent = `${m.move} (${m.mover_name}): ${m.mark}, ${pointsLost(m)} points lost; ` +
      `better ${m.best}${m.proven ? ` (${m.proven})` : ''}`;
    b.addEventListener('click', () => browse(m.ply + 1));
    li.append(b);
    list.append(li);
  }
  const t = r.thresholds;
  $('review-summary').textContent = `Reviewed at level ${r.level}: ` +
    `${counts.inaccuracy || 0} inaccuracies, ${counts.mistake || 0} mistakes, ${counts.blunder || 0} blunders ` +
    `(a loss of ${100 * t.inaccuracy}, ${100 * t.mistake}, ${100 * t.blunder} points or more of the mover's win rate).`;
  render();
}

// ---- records ----------------------------------------------------------------

// `format` is 'record' (asterism's own, docs/records.md) or 'pgn' (the
// chess-likes only); loading takes either, the server tells them apart.
async function saveRecord(format = 'record') {
  try {
    const r = await api('GET', `/api/sessions/${ui.state.id}/${format}`);
    saveFile(r, format);
    message(`Saved as ${r.filename}.`, 'hint');
  } catch (e) {
    message(e.message);
  }
}

async function loadRecord(file) {
  if (!file) return;
  try {
    const text = await file.text();
    const s = await api('POST', '/api/records', {
      record: text, players: [$('seat0').value, $('seat1').value], level: Number($('level').value),
    });
    forgetAnalysis();
    $('game').value = s.game_id;
    buildOptions();
    message(`Loaded ${file.name}: ${s.ply} moves.`, 'hint');
    show(s);
  } catch (e) {
    message(`Cannot load ${file.name}: ${e.message}`);
  } finally {
    $('load').value = '';
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
  $('analysis').addEventListener('change', () => { if ($('analysis').checked) analyse(); });
  $('analyse-now').addEventListener('click', analyse);
  $('ownership').addEventListener('change', () => {
    if ($('ownership').checked && !shownOwnership() && !browsing()) analyse();
    render();
  });
  $('graph').addEventListener('click', graphClick);
  for (let l = 2; l <= 7; l++) $('review-level').add(new Option(String(l), String(l), false, l === 5));
  $('review').addEventListener('click', startReview);
  $('save').addEventListener('click', () => saveRecord('record'));
  $('save-pgn').addEventListener('click', () => saveRecord('pgn'));
  $('load').addEventListener('change', () => loadRecord($('load').files[0]));
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
