// The local page (index.html): game setup, computer play, draw offers,
// undo, navigation and records (the status and the end of a game in
// local-status.js; draws, browsing, undo and seats in local-actions.js),
// over the one game module (game.js, the
// controller; views.js, the board, score and move list), which read the
// game's state as it comes (types.js, GameState); the analysis, its graph
// and the review are analysis.js. Its games are held in the browser by the
// engine (local-game.js) when it has WebAssembly, else by `asterism serve`
// through the JSON API (docs/server.md, /api/games with kind "local");
// either answers the same state, and the page draws boards from that view
// of each game, so it holds no rules. A game held in the browser has its
// own address, #local=ID.
import { $, input, select, button } from './dom.js';
import { apiClient, errorText, explainClick, renderSpecials as renderSpecialsOf } from './shared.js';
import { gameTitle, gameName, FIRST_VISIT } from './names.js';
import { t } from './i18n.js';
import { setupBar } from './setup-bar.js';
import { turnSignals } from './turn.js';
import { analysisPanels } from './analysis.js';
import { wireRecords } from './records.js';
import { gameUi, gameController, browsing as browsingOf } from './game.js';
import { renderBoard, renderScore, renderMoves } from './views.js';
import { localGames, isLocalId, STOPPED } from './local-game.js';
import { localStatus, seatOf as seatOfUi } from './local-status.js';
import { localActions } from './local-actions.js';
import { offlineReady } from './offline.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').CreatedLocalGame} CreatedLocalGame */
/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types.js').ViewMove} ViewMove */
/**
 * The page's state: the game module's and the analysis's (analysis.js),
 * the catalog, and the game's states: `state` the game as its home last
 * described it, `shown` the state on screen (an earlier ply while
 * browsing), which the game module reads as `game` and `position`;
 * `preview`: `shown` (and so `game` and `position`) is the start of a game
 * chosen in the setup bar and not yet started, which no game holds ("New
 * game" starts it: POST /api/view's state); `state` stays the game it would
 * replace.
 * @typedef {import('./analysis.js').AnalysisUi & {
 *   catalog: Catalog|null, state: GameState|null, shown: TableState|null, preview: boolean,
 * }} LocalUi
 */

/** @type {LocalUi} */
const ui = {
  ...gameUi(),
  catalog: null,
  state: null,
  shown: null,
  preview: false,
  winrates: new Map(),
  ownership: null,
  best: null,
  hint: null,
  review: null,
  reviewing: null,
  analysing: false,
  analyseAgain: false,
};

// ---- talking to the server --------------------------------------------------

// The local games' routes are answered in the browser when the engine
// loads (local-game.js); everything else is the server's.
const local = localGames(apiClient('is it still running?'));
const api = local.api;

// The local game an address names (#local=ID), or ''.
const linkedLocal = () => new URLSearchParams(location.hash.slice(1)).get('local') || '';

/** @param {string} text @param {string} [kind] */
function message(text, kind = 'error') {
  const m = $('message');
  m.textContent = text || '';
  m.className = text ? kind : '';
}

// The analysis, its graph and the review (analysis.js).
const panels = analysisPanels(ui, { api, message, render: () => render(), browse: (ply) => browse(ply) });

// Moves by click and drag (game.js); this page explains a refused click in
// the words of the game.
const ctrl = gameController(ui, {
  whyNot, play, message, render: () => render(), pickHint: true,
  explain: (cell) => (ui.position ? explainClick(ui.position, ui.path, ui.pick, cell) : ''),
});

// The states on screen: `state` the game, `shown` the position shown.
/** @param {GameState} state @param {TableState} [shown] */
function setState(state, shown = state) {
  // A game of another form is reviewed at that form's level (docs/review.md,
  // "A review's level per form"); a level chosen stays for the same form.
  if (state.review_level && state.game !== ui.state?.game) select('review-level').value = String(state.review_level);
  ui.state = ui.game = state;
  ui.shown = ui.position = shown;
}

// ---- setup form -------------------------------------------------------------

// "Your move" signals against the computer (turn.js).
const signals = turnSignals();

// The setup bar (setup-bar.js).
const { gameInfo, buildOptions, setupBody, syncSetup, seatNames, setOptions, setupFor } = setupBar(ui);

async function newGame() {
  // A board of the game chosen, asked for before, is not to cover the game.
  previewAsked++;
  message('');
  try {
    const s = /** @type {CreatedLocalGame} */ (await api('POST', '/api/games', { kind: 'local', ...setupBody() })).state;
    panels.forgetAnalysis();
    signals.reset();
    // A new game is a new address, so that Back returns to the last one.
    if (isLocalId(s.id) && linkedLocal() && linkedLocal() !== s.id) history.pushState(null, '', `#local=${s.id}`);
    show(s);
  } catch (e) {
    message(errorText(e));
  }
}

// ---- the board of a game chosen, before it starts --------------------------

// Choosing a game or one of its options draws that game's empty board at
// once (issue 43 point 8), from its start position as POST /api/view gives
// it (the browser's engine, else the server). No game is started: the seats
// and options chosen next are the game's that "New game" starts, and the
// game before is left as it was (`state` is still its session, so that
// nothing is asked of a game no one holds). A newer choice, "New game" or a
// game shown makes an answer still under way moot.
let previewAsked = 0;
async function preview() {
  const asked = ++previewAsked;
  const { game, options } = setupBody();
  try {
    const s = /** @type {TableState} */ (await api('POST', '/api/view', { game, options }));
    if (asked !== previewAsked) return;
    panels.forgetAnalysis();
    message('');
    ui.shown = ui.game = ui.position = s;
    ui.preview = true;
    ui.path = [];
    ui.pick = null;
    $('game-title').textContent = gameTitle(s.game);
    seatNames(s);
    render();
  } catch (e) {
    if (asked === previewAsked) message(errorText(e));
  }
}

// ---- the game on screen -----------------------------------------------------

const browsing = () => browsingOf(ui);

/** @param {number} player */
const seatOf = (player) => seatOfUi(ui, player);
const { renderStatus, renderEnd, renderDraw } = localStatus(ui);

function computerToMove() {
  const s = ui.state;
  return !!s && !s.terminal && s.to_move >= 0 && seatOf(s.to_move) === 'computer';
}

/** @param {GameState} state @param {{animate?: boolean}} [opts] */
function show(state, opts = {}) {
  previewAsked++;
  // The setup bar follows the game when another is shown; a move of the
  // same game (the computer's, answered while a person was choosing the
  // next game's seats) leaves what the person chose.
  const another = ui.state?.id !== state.id;
  setState(state);
  ui.preview = false;
  ui.path = [];
  ui.pick = null;
  if (isLocalId(state.id)) {
    if (linkedLocal() !== state.id) history.replaceState(null, '', `${location.pathname}${location.search}#local=${state.id}`);
  } else {
    sessionStorage.setItem('asterism-session', state.id);
  }
  // Against the computer, a person's turn once it has answered is news
  // (turn.js); the first move of a game is not.
  const vsComputer = state.players.some((p) => p.seat === 'computer');
  signals.update(vsComputer && !state.terminal && !computerToMove() && state.ply > 0, `${gameTitle(state.game)} \u00b7 asterism`,
    t('play.computerPlayed', { move: state.history[state.history.length - 1] || '' }));
  $('game-title').textContent = gameTitle(state.game);
  if (another) syncSetup(state);
  render();
  if (opts.animate && state.view.last && state.view.last.path.length > 2) animateLast(state.view.last.path.length);
  if (input('analysis').checked) panels.analyse();
  setTimeout(maybeComputer, 0);
}

function render() {
  const s = ui.position, game = ui.game;
  if (!s || !game) return;
  renderBoard(ui, { active: true, ownership: panels.shownOwnership(), suggest: panels.suggestions() });
  panels.renderShown();
  renderStatus();
  renderDraw();
  renderSpecials();
  renderScore(ui);
  renderMoves(ui, browse, panels.currentReview());
  panels.renderGraph();
  renderEnd();
  $('save-pgn').hidden = !gameInfo(s.view.kind)?.pgn;
  button('undo').disabled = game.ply === 0;
  button('computer').disabled = game.terminal || ui.preview;
  button('hint').disabled = s.terminal || ui.preview;
  // A game not started has no session to analyse, review or save.
  for (const id of ['analyse-now', 'review', 'save', 'save-pgn']) button(id).disabled = ui.preview;
  for (const id of ['first', 'back']) button(id).disabled = s.ply === 0;
  for (const id of ['forward', 'last']) button(id).disabled = s.ply === game.ply;
}

// The same game again, each side's seat (person or computer) swapped.
async function rematch() {
  const s = ui.state;
  if (!s) return;
  if (s.players.length === 2) {
    select('seat0').value = s.players[1].seat;
    select('seat1').value = s.players[0].seat;
  }
  select('level').value = String(s.level);
  await newGame();
}

function renderSpecials() {
  const s = ui.position;
  renderSpecialsOf(!s || browsing() || s.terminal ? null : s.view, play, true);
  // A review's better move that the board cannot draw (the swap) is said
  // where the special moves' buttons are.
  const words = panels.betterInWords();
  if (words) $('specials').append(Object.assign(document.createElement('p'), { className: 'better-words', textContent: `! ${words}` }));
}

// ---- making moves -----------------------------------------------------------

// Why a person may not move now ('' when they may): game.js refuses a
// click with it.
function whyNot() {
  if (ui.preview) return t('play.why.preview');
  if (browsing()) return t('play.why.browsing');
  if (ui.state?.terminal) return t('play.why.over');
  if (ui.busy || computerToMove()) return t('play.why.computer');
  return '';
}

/** @param {ViewMove} move */
async function play(move) {
  $('chooser').hidden = true;
  if (ui.busy || !ui.state) return;
  ui.busy = true;
  try {
    const id = ui.state.id;
    const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/move`, { move: move.text }));
    ui.busy = false;
    if (ui.preview && ui.state.id === id) return void (ui.state = s);
    if (ui.state.id !== id) return;
    message('');
    show(s);
    return '';
  } catch (e) {
    ui.busy = false;
    ui.path = [];
    message(errorText(e));
    render();
    return errorText(e);
  }
}

async function maybeComputer(force = false) {
  if (ui.busy || !ui.state || ui.state.terminal || browsing() || ui.preview) return;
  if (!force && !computerToMove()) return;
  ui.busy = true;
  renderStatus();
  const id = ui.state.id;
  try {
    const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/computer`, {}));
    ui.busy = false;
    // A game chosen meanwhile stays on screen; the game before moved on.
    if (ui.preview && ui.state.id === id) return void (ui.state = s);
    // A new game began meanwhile: its computer, if to move, was kept waiting.
    if (ui.state.id !== id) return void maybeComputer();
    show(s, { animate: true });
  } catch (e) {
    ui.busy = false;
    // A new game stopped the search: its failure is not news.
    if (ui.state?.id !== id || (e instanceof Error && e.message === STOPPED)) return void renderStatus();
    message(errorText(e));
    renderStatus();
  }
}

// Shows the last move's chain one landing at a time.
/** @param {number} steps */
function animateLast(steps) {
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

// ---- draws, navigation, undo, seats (local-actions.js) ---------------------

const { drawAction, browse, undo, changeSeats } = localActions(ui, {
  api, message, show, setState, render: () => render(), renderStatus, analyse: () => panels.analyse(),
  maybeComputer: () => maybeComputer(),
});

// ---- wiring -----------------------------------------------------------------

async function start() {
  for (let l = 1; l <= 10; l++) select('level').add(new Option(String(l), String(l), false, l === 3));
  /** @type {Catalog} */
  let catalog;
  try {
    catalog = /** @type {Catalog} */ (await api('GET', '/api/catalog'));
    ui.catalog = catalog;
  } catch (e) {
    message(errorText(e));
    return;
  }
  // The game chosen last on this browser; on a first visit the gentlest
  // start (names.js, FIRST_VISIT, says why).
  const chosen = localStorage.getItem('asterism-game');
  const first = !chosen && catalog.games.some((g) => g.id === FIRST_VISIT.game);
  const game = first ? FIRST_VISIT.game : chosen;
  for (const g of catalog.games) select('game').add(new Option(gameName(g.title), g.id, false, g.id === game));
  buildOptions();
  if (first) setOptions(FIRST_VISIT.options, FIRST_VISIT.level);
  $('game').addEventListener('change', () => {
    localStorage.setItem('asterism-game', select('game').value);
    buildOptions();
    preview();
  });
  // An option chosen by the player (setOptions' own events do not bubble).
  $('setup').addEventListener('change', (e) => {
    if (e.target instanceof HTMLElement && e.target.dataset.option) preview();
  });
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  for (const id of ['seat0', 'seat1', 'level']) $(id).addEventListener('change', changeSeats);
  $('first').addEventListener('click', () => browse(0));
  $('back').addEventListener('click', () => browse((ui.position?.ply ?? 0) - 1));
  $('forward').addEventListener('click', () => browse((ui.position?.ply ?? 0) + 1));
  $('last').addEventListener('click', () => browse(ui.game?.ply ?? 0));
  $('undo').addEventListener('click', undo);
  $('computer').addEventListener('click', () => maybeComputer(true));
  $('draw-offer').addEventListener('click', () => drawAction('offer'));
  $('draw-accept').addEventListener('click', () => drawAction('accept'));
  $('draw-decline').addEventListener('click', () => drawAction('decline'));
  $('analysis').addEventListener('change', () => { if (input('analysis').checked) panels.analyse(); });
  $('analyse-now').addEventListener('click', () => panels.analyse(true));
  $('hint').addEventListener('click', panels.hint);
  $('ownership').addEventListener('change', () => {
    if (input('ownership').checked && !panels.shownOwnership()) panels.analyse();
    render();
  });
  $('graph').addEventListener('click', panels.graphClick);
  for (let l = 2; l <= 7; l++) select('review-level').add(new Option(String(l), String(l), false, l === 5));
  $('review').addEventListener('click', panels.startReview);
  $('end-rematch').addEventListener('click', rematch);
  $('end-review').addEventListener('click', panels.startReview);
  $('end-new').addEventListener('click', newGame);
  // Back and Forward between local games' addresses.
  addEventListener('popstate', () => {
    const id = linkedLocal();
    if (id && id !== ui.state?.id) openLocal(id);
  });
  // Whatever the engine thinks about is for this page only.
  addEventListener('pagehide', () => local.stop());
  offlineReady();
  wireRecords(ui, {
    api, message,
    loaded: (s) => {
      panels.forgetAnalysis();
      setupFor(s);
      show(s);
    },
  });
  ctrl.wire({ follow: true, browse });
  // Pick up the game this tab was playing, if the server still has it, or
  // the one a link names (#session=ID&ply=N: the online page's "Analyse",
  // which shows move N and analyses it).
  const params = new URLSearchParams(location.hash.slice(1));
  const linked = params.get('session'), linkedPly = params.get('ply');
  if (linkedLocal() && await openLocal(linkedLocal())) return;
  const id = linked || sessionStorage.getItem('asterism-session');
  if (linked) history.replaceState(null, '', location.pathname + location.search);
  if (id) {
    try {
      const s = /** @type {GameState} */ (await api('GET', `/api/games/${id}`));
      setupFor(s);
      show(s);
      if (linked && linkedPly !== null) {
        await browse(Number(linkedPly));
        panels.analyse(true);
      }
      return;
    } catch (e) {
      sessionStorage.removeItem('asterism-session');
    }
  }
  newGame();
}

// Opens the local game `id`, kept in this browser; false (with the reason
// shown) when it is not there.
/** @param {string} id */
async function openLocal(id) {
  try {
    const s = /** @type {GameState} */ (await api('GET', `/api/games/${id}`));
    panels.forgetAnalysis();
    setupFor(s);
    show(s);
    return true;
  } catch (e) {
    message(errorText(e));
    return false;
  }
}

// Tests and the curious can see the state from the console.
/** @type {Window & {asterism?: LocalUi}} */ (window).asterism = ui;
start();
