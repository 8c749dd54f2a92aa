// The puzzles page (puzzles.html): positions proven by `asterism puzzles`
// (docs/learn.md, "Puzzles"), served one at a time by GET /api/puzzles/GAME.
// A puzzle (Puzzle in types.js) is a position, the side that wins from it
// and the whole forced line, with the proven answer to every wrong move.
//
// The learner plays the solution's moves; the defence's moves are played
// after them. Nothing is kept on the server: every board is POST /api/view
// of the puzzle's position and the moves played so far, so the board and
// its legal moves are the engine's. A wrong move is shown with the stored,
// proven refutation (no search is run), then taken back.
//
// The board is the game page's for keyboards and screen readers
// (access.js): named cells, the arrow keys and Enter, a live region saying
// the moves played (the learner's and the defence's), and "Type a move",
// completing from the legal moves.
import { drawBoard, sided } from './board.js';
import {
  candidates, targets as targetsOf, clickStep, explainClick, showChooser, renderSpecials, wireBoard, errorText,
} from './shared.js';
import { api, positionState } from './diagram.js';
import { t, tn, side } from './i18n.js';
import { GAMES, gameTitle, outcomeText } from './names.js';
import { goalText, hintText, finalText } from './puzzle-words.js';
import { missed, next, shown, showSets, solved, wireModes } from './puzzle-modes.js';
import { announce, describer, startCell, wireBoardKeys, wireTyping } from './access.js';
import { $, input, svg } from './dom.js';
import { showCells, sizeBoard } from './touch.js';

/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./types.js').PuzzleList} PuzzleList */
/** @typedef {import('./types.js').ViewMove} ViewMove */

// Each game: its id and its name (names.js); its rules page is rules-ID.html.
/** @typedef {[string, string]} PuzzleGame */

/**
 * @typedef {Object} PuzzlesUi
 * @property {string|null} game  the game id of the puzzles shown
 * @property {number} total  that game's puzzles on the server
 * @property {number} index  the puzzle shown
 * @property {Puzzle|null} puzzle
 * @property {TableState|null} state  the board shown: the puzzle's position after `played`
 * @property {string[]} played  the solution's moves played so far
 * @property {boolean} refuted  a wrong move and its refutation are shown
 * @property {boolean} solved
 * @property {boolean} busy
 * @property {string[]} path
 * @property {string|null} pick
 * @property {boolean} hinted
 * @property {boolean} letters
 * @property {boolean} labels
 * @property {import('./types.js').TableState|null} position  `state` as access.js reads it
 * @property {string|null} focus  the keyboard's cell (access.js)
 * @property {boolean} flipped
 * @property {string} mode  how Next chooses: 'rating', 'order' or 'streak' (puzzle-modes.js)
 * @property {string} set  the set shown ('' all the game's)
 * @property {string} theme  the theme Next asks for ('' any)
 * @property {string[]|null} ids  the puzzles' ids in order, of the game and set shown
 * @property {boolean} reported  the attempt at the puzzle shown is rated (or counted in the streak)
 * @property {{count: number, last: number, ids: string[], over: boolean}} streak
 * @property {string} daily  the date whose daily puzzle is shown, else ''
 */
/** @type {PuzzlesUi} */
const ui = {
  game: null,     // the game id of the puzzles shown
  total: 0,       // that game's puzzles on the server
  index: 0,       // the puzzle shown
  puzzle: null,
  state: null,    // the board shown: the puzzle's position after `played`
  played: [],     // the solution's moves played so far
  refuted: false, // a wrong move and its refutation are shown
  solved: false,
  busy: false,
  path: [],
  pick: null,
  hinted: false,
  letters: localStorage.getItem('asterism-men') === 'letters',
  labels: false,
  position: null,
  focus: null,
  flipped: false,
  mode: localStorage.getItem('asterism-puzzle-mode') || 'rating',
  set: '',
  theme: '',
  ids: null,
  reported: false,
  streak: { count: 0, last: 0, ids: [], over: false },
  daily: '',
};

/** @param {string|null} game @param {number} i */
const solvedKey = (game, i) => `asterism-puzzle-${game}-${i}`;
/** @param {string} game */
const placeKey = (game) => `asterism-puzzle-at-${game}`;
// The learner's step: how many of their moves are behind them.
const learnerStep = () => Math.ceil(ui.played.length / 2);

// The puzzle shown (there is one once it is loaded: every caller comes
// after showPuzzle's).
const puzzle = () => {
  if (!ui.puzzle) throw new Error('no puzzle is loaded');
  return ui.puzzle;
};

/** @param {string} text @param {string} kind */
function feedback(text, kind) {
  const f = $('feedback');
  f.textContent = text;
  f.className = kind || '';
  f.dataset.result = kind || '';
}

// ---- the board ---------------------------------------------------------------

function render() {
  if (!ui.state || !ui.puzzle) return;
  const view = ui.state.view;
  const open = !ui.solved && !ui.busy && !ui.refuted;
  const cands = open ? candidates(view.moves, ui.path, ui.pick) : [];
  let targets = targetsOf(cands, ui.path, ui.pick);
  if (ui.hinted && ui.path.length === 0 && open) targets = hintCells();
  const chessLike = sided(view.kind);
  // Each puzzle its own game for the live region (a view's id is "").
  const shown = ui.position = { ...ui.state, id: `puzzle:${ui.game}:${ui.index}` };
  ui.flipped = chessLike && ui.puzzle.to_move === 1;
  if (!ui.focus || !(view.cells || []).some((c) => c.name === ui.focus)) ui.focus = startCell(view);
  drawBoard(svg('board'), view, {
    flipped: ui.flipped,
    labels: ui.labels,
    letters: ui.letters,
    path: ui.path,
    targets,
    last: view.last ? view.last.path : [],
    captured: view.last ? view.last.captured || [] : [],
    describe: describer(shown, { path: ui.path, targets }),
    title: t('board.title', { game: gameTitle(shown.game), n: (view.cells || []).length }),
    focus: ui.focus,
  });
  // A phone's board: cells of 32 px, or a board that pans (touch.js).
  sizeBoard(view);
  renderSpecials(open ? view : null, judge, true);
  $('board').dataset.step = String(learnerStep());
  $('board').dataset.solved = String(ui.solved);
  $('board').dataset.refuted = String(ui.refuted);
  $('back').hidden = !ui.refuted;
  announce(shown);
}

// The first cell of the solution's next move, shown with the hint.
function hintCells() {
  const text = puzzle().solution[ui.played.length];
  const move = ui.state && ui.state.view.moves.find((m) => m.text === text);
  return move && move.path.length ? [move.path[0]] : [];
}

/** @param {string|null} cell */
function clickCell(cell) {
  if (!cell || !ui.state || ui.busy || ui.solved || ui.refuted) return;
  ui.focus = cell;
  const step = clickStep(ui.state.view.moves, ui.path, ui.pick, cell);
  if (step.refuse) {
    feedback(explainClick(ui.state, ui.path, ui.pick, cell), 'wrong');
    ui.path = [];
    return render();
  }
  ui.path = step.restart ? [cell] : step.path || [];
  if (step.finish) {
    if (step.finish.length === 1) return judge(step.finish[0]);
    showChooser(step.finish, ui.state.view, judge, () => { ui.path = []; render(); });
  }
  render();
}

// Shows the puzzle's position after `moves`, and answers it.
/** @param {string[]} moves */
const show = async (moves) => {
  const p = puzzle();
  ui.state = await positionState(p.game, p.position, moves);
  return ui.state;
};

// Why a move may not be made now ('' when it may): the typed move's answer.
const whyNot = () => (ui.solved ? t('puz.type.done') : ui.refuted ? t('puz.type.back') :
  ui.busy || !ui.state ? t('learn.type.wait') : '');

// ---- judging a move ------------------------------------------------------------

/** @param {ViewMove} move */
async function judge(move) {
  $('chooser').hidden = true;
  ui.path = [];
  const p = puzzle();
  const step = learnerStep();
  const right = p.solution[ui.played.length];
  if (move.text !== right) return wrong(move.text, step);
  ui.busy = true;
  try {
    ui.played = p.solution.slice(0, ui.played.length + 1);
    await show(ui.played);
    if (ui.played.length === p.solution.length) return finish();
    feedback(t('puz.right', { move: move.text }), 'right');
    render();
    await new Promise((r) => setTimeout(r, 500));
    const reply = p.solution[ui.played.length];
    ui.played = p.solution.slice(0, ui.played.length + 1);
    await show(ui.played);
    if (ui.played.length === p.solution.length) return finish();
    const left = Math.ceil((p.solution.length - ui.played.length) / 2);
    feedback(tn('puz.right.more', left, { move: move.text, reply }), 'right');
  } catch (e) {
    feedback(errorText(e), 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

// A move off the line: one that wins too is said so and not played; any
// other is played with its proven refutation, until "Take back".
/** @param {string} text @param {number} step */
async function wrong(text, step) {
  const p = puzzle();
  if ((p.also[step] || []).includes(text)) {
    feedback(t('puz.also', { move: text }), 'hint');
    return render();
  }
  const answer = (p.refutations[step] || {})[text];
  ui.busy = true;
  try {
    missed();
    const shown = await show(answer ? [...ui.played, text, answer] : [...ui.played, text]);
    ui.refuted = true;
    const within = p.exact ? t('puz.noWin') : tn('puz.noWin.within', p.horizon);
    feedback(answer ? t('puz.wrong', { move: text, answer, within }) :
      t('puz.wrong.ends', { move: text, outcome: outcomeText(shown) }), 'wrong');
  } catch (e) {
    feedback(errorText(e), 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

async function takeBack() {
  ui.busy = true;
  try {
    await show(ui.played);
    ui.refuted = false;
    feedback(t('puz.takenBack'), '');
  } catch (e) {
    feedback(t('puz.backFailed', { why: errorText(e) }), 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

function finish() {
  ui.solved = true;
  ui.busy = false;
  localStorage.setItem(solvedKey(ui.game, ui.index), 'done');
  feedback(ui.state ? finalText(ui.state) : t('puz.solved'), 'right');
  $('feedback').dataset.result = 'done';
  $('next').classList.add('ready');
  render();
  solved();
}

// ---- puzzles -------------------------------------------------------------------

// The winner's name in the game (Black, White...), as the server gives it;
// the page says it with i18n's side() ("White" is «белых» in «Ход белых»).
/** @param {TableState} state @param {Puzzle} p */
function sideName(state, p) {
  const me = (state.players || [])[p.to_move];
  return me ? me.name : (p.to_move === 0 ? 'First' : 'Second');
}

/** @param {number} index */
async function showPuzzle(index) {
  const game = ui.game;
  if (!game) return;
  ui.index = ((index % ui.total) + ui.total) % ui.total;
  Object.assign(ui, {
    puzzle: null, state: null, position: null, focus: null, played: [], refuted: false, solved: false, busy: true,
    path: [], pick: null, hinted: false, reported: false,
  });
  localStorage.setItem(placeKey(game), String(ui.index));
  $('next').classList.remove('ready');
  feedback('', '');
  /** @type {Puzzle} */
  let p;
  /** @type {TableState} */
  let state;
  try {
    const r = /** @type {PuzzleList} */ (await api('GET', `/api/puzzles/${game}?i=${ui.index}&n=1${setQuery()}`));
    p = ui.puzzle = r.puzzles[0];
    state = await show([]);
  } catch (e) {
    ui.busy = false;
    feedback(t('puz.loadFailed', { why: errorText(e) }), 'wrong');
    return;
  }
  const done = localStorage.getItem(solvedKey(game, ui.index)) ? ' \u2713' : '';
  $('puzzle-title').textContent = t('puz.title', { n: ui.index + 1, of: ui.total }) + done;
  $('task').textContent = `${tn('puz.task', p.win_in, { side: side(sideName(state, p), 'gen') })} ${goalText(state, p.to_move)}`.trim();
  // The source (the self-play game it came from) is kept for the records,
  // not said on the page: the proof is what a player needs.
  $('puzzle-source').dataset.source = p.source;
  $('puzzle-source').textContent = p.exact ? t('puz.proof.exact') : tn('puz.proof', p.horizon);
  ui.busy = false;
  render();
  showCells(state.view.moves.flatMap((m) => m.path));
  await shown();
}

const setQuery = () => (ui.set ? `&set=${encodeURIComponent(ui.set)}` : '');

// The ids of the game's puzzles in order (of the set shown) and its sets;
// none offline, where only the puzzles by number are kept.
async function loadIds() {
  try {
    const q = ui.set ? `?set=${encodeURIComponent(ui.set)}` : '';
    const r = /** @type {{puzzles: {id: string}[], sets: {set: string, total: number}[], themes: Record<string, number>}} */ (
      await api('GET', `/api/puzzles/${ui.game}${q}`));
    ui.ids = r.puzzles.map((p) => p.id);
    showSets(r.sets, r.themes);
  } catch (e) {
    ui.ids = null;
    showSets([]);
  }
}

// Opens puzzle `id` of the game shown: of the set shown if it is there,
// else among all the game's.
/** @param {string} id @param {string} [set] */
async function showById(id, set = ui.set) {
  if (set !== ui.set || !ui.ids) await reload(set, false);
  let index = (ui.ids || []).indexOf(id);
  if (index < 0 && ui.set) {
    await reload('', false);
    index = (ui.ids || []).indexOf(id);
  }
  if (index < 0) return feedback(t('puz.loadFailed', { why: id }), 'wrong');
  await showPuzzle(index);
}

// The game again with set `set`: its total and ids, then (if `open`) its
// first puzzle.
/** @param {string} set @param {boolean} [open] */
async function reload(set = ui.set, open = true) {
  ui.set = set;
  ui.daily = '';
  try {
    const r = /** @type {PuzzleList} */ (await api('GET', `/api/puzzles/${ui.game}?n=1${setQuery()}`));
    ui.total = r.total;
  } catch (e) {
    ui.total = 0;
    Object.assign(ui, { puzzle: null, state: null });
    $('board').replaceChildren();
    feedback(t('puz.none', { why: errorText(e) }), 'wrong');
    return false;
  }
  await loadIds();
  if (open) await showPuzzle(0);
  return true;
}

/**
 * @param {PuzzleGame} entry
 * @param {number|string} [at]  a puzzle's number from 0 or its id; else where the learner left off
 */
async function showGame([game, title], at) {
  Object.assign(ui, { game, puzzle: null, state: null, position: null, busy: true, ids: null });
  for (const b of /** @type {HTMLCollectionOf<HTMLElement>} */ ($('game-tabs').children)) b.setAttribute('aria-selected', String(b.dataset.game === game));
  const rules = $('puzzle-rules');
  const a = document.createElement('a');
  a.href = `rules-${game}.html`;
  a.textContent = t('puz.rules', { game: title });
  rules.replaceChildren(`${t('puz.new')} `, a, '.');
  if (!(await reload('', false))) return;
  if (typeof at === 'string') return showById(at, '');
  const kept = Number(localStorage.getItem(placeKey(game)) || 0);
  await showPuzzle(at === undefined ? kept : at);
}

function start() {
  for (const entry of GAMES) {
    const [id, title] = entry;
    const b = document.createElement('button');
    b.textContent = title;
    b.dataset.game = id;
    b.dataset.testid = `puzzles-${id}`;
    b.setAttribute('role', 'tab');
    b.addEventListener('click', () => showGame(entry));
    $('game-tabs').append(b);
  }
  $('hint').addEventListener('click', () => {
    if (!ui.puzzle || ui.solved || ui.refuted) return;
    ui.hinted = true;
    missed();
    const next = ui.state ? ui.state.view.moves.find((m) => m.text === puzzle().solution[ui.played.length]) : undefined;
    feedback(ui.state ? hintText(ui.state, next) : t('puz.hint.text'), 'hint');
    render();
  });
  $('back').addEventListener('click', takeBack);
  $('retry').addEventListener('click', () => ui.total && showPuzzle(ui.index));
  $('next').addEventListener('click', () => ui.total && next());
  $('prev').addEventListener('click', () => ui.total && step(-1));
  input('letters').checked = ui.letters;
  $('letters').addEventListener('change', () => {
    ui.letters = input('letters').checked;
    localStorage.setItem('asterism-men', ui.letters ? 'letters' : 'pieces');
    render();
  });
  $('labels').addEventListener('change', () => { ui.labels = input('labels').checked; render(); });
  wireBoard(ui, clickCell, true);
  wireBoardKeys(ui, clickCell, () => { ui.path = []; $('chooser').hidden = true; render(); });
  wireTyping(ui, { whyNot, play: judge, message: (text) => feedback(text, text ? 'wrong' : '') });
  wireModes({ ui: () => ui, showById, step, reload: () => reload(ui.set).then(() => undefined), feedback });
  addEventListener('hashchange', openFromHash);
  openFromHash();
}

/** @param {number} by */
const step = (by) => { ui.daily = ''; return showPuzzle(ui.index + by); };

// "#shatra/6" opens Shatra's sixth puzzle, "#shatra/SET/ID" (or
// "#shatra/ID") the puzzle of that id, its own address; no hash, *Star's
// where the learner left off.
function openFromHash() {
  const parts = location.hash.slice(1).split('/');
  const known = GAMES.find(([id]) => id === parts[0]);
  const last = parts[parts.length - 1] || '';
  /** @type {number|string|undefined} */
  let at;
  if (known && /^[0-9a-f]{12}$/.test(last)) at = last;
  else if (known && parts[1]) at = Number(parts[1]) - 1 || 0;
  if (known && parts[0] === ui.game && ui.total) {
    if (typeof at === 'string') return showById(at, '');
    return showPuzzle(at || 0);
  }
  showGame(known || GAMES[0], at);
}

// Tests and the curious can see the state from the console.
/** @type {Window & {asterismPuzzles?: PuzzlesUi}} */ (window).asterismPuzzles = ui;
start();
