// The puzzles page (puzzles.html): positions proven by `asterism puzzles`
// (docs/learn.md, "Puzzles"), served one at a time by GET /api/puzzles/GAME.
// A puzzle: {game: spec, position, to_move, solution: [moves: the learner's,
// the defence's, ...], win_in, horizon, exact, refutations: [per learner
// step {wrong move: the answer that refutes it}], also: [per learner step
// [other moves that win too]], source}.
//
// The learner plays the solution's moves; the defence's moves are played
// after them. Nothing is kept on the server: every board is POST /api/view
// of the puzzle's position and the moves played so far, so the board and
// its legal moves are the engine's. A wrong move is shown with the stored,
// proven refutation (no search is run), then taken back.
import { drawBoard } from './board.js';
import {
  candidates, targets as targetsOf, clickStep, explainClick, showChooser, renderSpecials, wireBoard,
} from './shared.js';
import { api, positionState } from './diagram.js';

const $ = (id) => document.getElementById(id);
const GAMES = [
  ['starstar', '*Star', 'rules-starstar.html'], ['asterisk', 'Asterisk', 'rules-asterisk.html'],
  ['shatra', 'Shatra', 'rules-shatra.html'], ['starpool', 'Star Pool Chess', 'rules-starpool.html'],
];

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
};

const solvedKey = (game, i) => `asterism-puzzle-${game}-${i}`;
const placeKey = (game) => `asterism-puzzle-at-${game}`;
// The learner's step: how many of their moves are behind them.
const learnerStep = () => Math.ceil(ui.played.length / 2);

function feedback(text, kind) {
  const f = $('feedback');
  f.textContent = text;
  f.className = kind || '';
  f.dataset.result = kind || '';
}

// ---- the board ---------------------------------------------------------------

function render() {
  if (!ui.state) return;
  const view = ui.state.view;
  const open = !ui.solved && !ui.busy && !ui.refuted;
  const cands = open ? candidates(view.moves, ui.path, ui.pick) : [];
  let targets = targetsOf(cands, ui.path, ui.pick);
  if (ui.hinted && ui.path.length === 0 && open) targets = hintCells();
  const chessLike = ui.game === 'shatra' || ui.game === 'starpool';
  drawBoard($('board'), view, {
    flipped: chessLike && ui.puzzle.to_move === 1,
    labels: ui.labels,
    letters: ui.letters,
    path: ui.path,
    targets,
    last: view.last ? view.last.path : [],
    captured: view.last ? view.last.captured || [] : [],
  });
  renderSpecials(open ? view : null, judge, true);
  $('board').dataset.step = String(learnerStep());
  $('board').dataset.solved = String(ui.solved);
  $('board').dataset.refuted = String(ui.refuted);
  $('back').hidden = !ui.refuted;
}

// The first cell of the solution's next move, shown with the hint.
function hintCells() {
  const text = ui.puzzle.solution[ui.played.length];
  const move = ui.state.view.moves.find((m) => m.text === text);
  return move && move.path.length ? [move.path[0]] : [];
}

function clickCell(cell) {
  if (!ui.state || ui.busy || ui.solved || ui.refuted) return;
  const step = clickStep(ui.state.view.moves, ui.path, ui.pick, cell);
  if (step.refuse) {
    feedback(explainClick(ui.state, ui.path, ui.pick, cell), 'wrong');
    ui.path = [];
    return render();
  }
  ui.path = step.restart ? [cell] : step.path;
  if (step.finish) {
    if (step.finish.length === 1) return judge(step.finish[0]);
    showChooser(step.finish, ui.state.view, judge, () => { ui.path = []; render(); });
  }
  render();
}

const show = async (moves) => {
  ui.state = await positionState(ui.puzzle.game, ui.puzzle.position, moves);
};

// ---- judging a move ------------------------------------------------------------

async function judge(move) {
  $('chooser').hidden = true;
  ui.path = [];
  const p = ui.puzzle;
  const step = learnerStep();
  const right = p.solution[ui.played.length];
  if (move.text !== right) return wrong(move.text, step);
  ui.busy = true;
  try {
    ui.played = p.solution.slice(0, ui.played.length + 1);
    await show(ui.played);
    if (ui.played.length === p.solution.length) return finish();
    feedback(`Right: ${move.text}. The best defence follows.`, 'right');
    render();
    await new Promise((r) => setTimeout(r, 500));
    const reply = p.solution[ui.played.length];
    ui.played = p.solution.slice(0, ui.played.length + 1);
    await show(ui.played);
    if (ui.played.length === p.solution.length) return finish();
    const left = Math.ceil((p.solution.length - ui.played.length) / 2);
    feedback(`Right: ${move.text}. The defence: ${reply}. Your move again` +
      ` (${left === 1 ? 'one move' : `${left} moves`} left).`, 'right');
  } catch (e) {
    feedback(e.message, 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

// A move off the line: one that wins too is said so and not played; any
// other is played with its proven refutation, until "Take back".
async function wrong(text, step) {
  const p = ui.puzzle;
  if ((p.also[step] || []).includes(text)) {
    feedback(`${text} wins too, but this puzzle's line is faster. Find the quickest win.`, 'hint');
    return render();
  }
  const answer = (p.refutations[step] || {})[text];
  ui.busy = true;
  try {
    await show(answer ? [...ui.played, text, answer] : [...ui.played, text]);
    ui.refuted = true;
    const within = p.exact ? 'no forced win is left' :
      `no forced win is left within ${p.horizon} plies of the puzzle's start`;
    feedback(answer ? `Not this one: ${text}. After the answer ${answer}, ${within}.` :
      `Not this one: ${text} ends the game without the win (${ui.state.outcome}).`, 'wrong');
  } catch (e) {
    feedback(e.message, 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

async function takeBack() {
  ui.refuted = false;
  ui.busy = true;
  await show(ui.played);
  ui.busy = false;
  feedback('Taken back. Try another move.', '');
  render();
}

function finish() {
  ui.solved = true;
  ui.busy = false;
  localStorage.setItem(solvedKey(ui.game, ui.index), 'done');
  feedback(`Solved! ${ui.state.outcome || ''}`.trim(), 'right');
  $('feedback').dataset.result = 'done';
  $('next').classList.add('ready');
  render();
}

// ---- puzzles -------------------------------------------------------------------

function sideName() {
  const players = ui.state.players || [];
  const me = players[ui.puzzle.to_move];
  return me ? me.name : (ui.puzzle.to_move === 0 ? 'First' : 'Second');
}

async function showPuzzle(index) {
  ui.index = ((index % ui.total) + ui.total) % ui.total;
  Object.assign(ui, {
    puzzle: null, state: null, played: [], refuted: false, solved: false, busy: true,
    path: [], pick: null, hinted: false,
  });
  localStorage.setItem(placeKey(ui.game), String(ui.index));
  history.replaceState(null, '', `#${ui.game}/${ui.index + 1}`);
  $('next').classList.remove('ready');
  feedback('', '');
  try {
    const r = await api('GET', `/api/puzzles/${ui.game}?i=${ui.index}&n=1`);
    ui.puzzle = r.puzzles[0];
    await show([]);
  } catch (e) {
    ui.busy = false;
    feedback(`The puzzle could not be loaded: ${e.message}`, 'wrong');
    return;
  }
  const p = ui.puzzle;
  const done = localStorage.getItem(solvedKey(ui.game, ui.index)) ? ' \u2713' : '';
  $('puzzle-title').textContent = `Puzzle ${ui.index + 1} of ${ui.total}${done}`;
  $('task').textContent = `${sideName()} to move and win` +
    (p.win_in > 1 ? ` in ${p.win_in} moves.` : ' in one move.');
  $('puzzle-source').textContent = `From ${p.source}. Proven by the solver` +
    (p.exact ? ' to the end of the game.' : `; no other first move wins within ${p.horizon} plies.`);
  ui.busy = false;
  render();
}

async function showGame(game, index) {
  Object.assign(ui, { game, puzzle: null, state: null, busy: true });
  for (const b of $('game-tabs').children) b.setAttribute('aria-selected', String(b.dataset.game === game));
  const [, title, rulesPage] = GAMES.find(([id]) => id === game);
  const rules = $('puzzle-rules');
  const a = document.createElement('a');
  a.href = rulesPage;
  a.textContent = `${title}, the rules`;
  rules.replaceChildren('New to the game? ', a, '.');
  try {
    const r = await api('GET', `/api/puzzles/${game}?n=1`);
    ui.total = r.total;
  } catch (e) {
    ui.total = 0;
    ui.puzzle = null;
    ui.state = null;
    $('board').replaceChildren();
    feedback(`No puzzles: ${e.message}`, 'wrong');
    return;
  }
  const kept = Number(localStorage.getItem(placeKey(game)) || 0);
  await showPuzzle(index === undefined ? kept : index);
}

function start() {
  for (const [id, title] of GAMES) {
    const b = document.createElement('button');
    b.textContent = title;
    b.dataset.game = id;
    b.dataset.testid = `puzzles-${id}`;
    b.setAttribute('role', 'tab');
    b.addEventListener('click', () => showGame(id));
    $('game-tabs').append(b);
  }
  $('hint').addEventListener('click', () => {
    if (!ui.puzzle || ui.solved || ui.refuted) return;
    ui.hinted = true;
    feedback('Hint: the marked man or cell starts the winning move.', 'hint');
    render();
  });
  $('back').addEventListener('click', takeBack);
  $('retry').addEventListener('click', () => ui.total && showPuzzle(ui.index));
  $('next').addEventListener('click', () => ui.total && showPuzzle(ui.index + 1));
  $('prev').addEventListener('click', () => ui.total && showPuzzle(ui.index - 1));
  $('letters').checked = ui.letters;
  $('letters').addEventListener('change', () => {
    ui.letters = $('letters').checked;
    localStorage.setItem('asterism-men', ui.letters ? 'letters' : 'pieces');
    render();
  });
  $('labels').addEventListener('change', () => { ui.labels = $('labels').checked; render(); });
  wireBoard(ui, clickCell, true);
  addEventListener('hashchange', openFromHash);
  openFromHash();
}

// "#shatra/6" opens Shatra's sixth puzzle; no hash, *Star's where the
// learner left off.
function openFromHash() {
  const [game, n] = location.hash.slice(1).split('/');
  const known = GAMES.some(([id]) => id === game);
  const index = known && n ? Number(n) - 1 || 0 : undefined;
  if (known && game === ui.game && ui.total) return showPuzzle(index || 0);
  showGame(known ? game : 'starstar', index);
}

// Tests and the curious can see the state from the console.
window.asterismPuzzles = ui;
start();
