// The lessons page (learn.html): for each game a list of lessons from
// web/lessons/<game>.json, each a position, a task in one sentence and the
// moves that solve it. The learner plays on the board; a move is judged
// before it is sent: a right one is played (and the scripted answer after
// it), a wrong one is explained and not played. The position lives in a
// local game of two people (the browser's engine, else the server's: docs/server.md), so the board and
// its legal moves are the engine's. tests/python/test_learn.py replays every
// lesson through the rules.
//
// A lesson: {title, spec, position, task, goal: "move"|"win",
//   line: [{play: [moves accepted, the first is the main line], right?,
//           reply?: the opponent's answer, or {move accepted: its answer}}],
//   wrong, wrong_moves?: {move: why},
//   hint, done, labels?: cell names shown at first}
//
// The board is the game page's for keyboards and screen readers
// (access.js): named cells, the arrow keys and Enter, a live region saying
// the moves played (the learner's and the answers), and "Type a move",
// completing from the legal moves.
import { drawBoard } from './board.js';
import {
  candidates, targets as targetsOf, clickStep, explainClick, showChooser, renderSpecials, wireBoard,
} from './shared.js';
import { api as serverApi, positionBody } from './diagram.js';
import { localGames, isLocalId } from './local-game.js';
import { offlineReady } from './offline.js';
import { errorText } from './shared.js';
import { t, lang } from './i18n.js';
import { GAMES, gameName, gameTitle, outcomeText } from './names.js';
import { announce, describer, startCell, wireBoardKeys, wireTyping } from './access.js';
import { $, input, svg } from './dom.js';
import { sizeBoard } from './touch.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').LessonBook} LessonBook */
/** @typedef {import('./types.js').LessonStep} LessonStep */
/** @typedef {import('./types.js').ViewMove} ViewMove */

// A lesson's game is held in the browser when the engine loads there
// (local-game.js), so that the lessons work offline; else the server's.
const local = localGames(serverApi);
const api = local.api;

/**
 * @typedef {Object} LearnUi
 * @property {string|null} game  the game id of the lessons shown
 * @property {LessonBook|null} book  that game's lesson file
 * @property {number} index  the lesson shown
 * @property {GameState|null} state  its game's state
 * @property {number} step  the step of its line the learner is at
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
 */
/** @type {LearnUi} */
const ui = {
  game: null,       // the game id of the lessons shown
  book: null,       // that game's lesson file
  index: 0,         // the lesson shown
  state: null,      // its game's state
  step: 0,          // the step of its line the learner is at
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
};

// The lesson shown (there is one once a book is loaded: every caller
// comes after showGame's).
const lesson = () => {
  if (!ui.book) throw new Error('no lessons are loaded');
  return ui.book.lessons[ui.index];
};
/** @param {string|null} game @param {number} i */
const doneKey = (game, i) => `asterism-lesson-${game}-${i}`;

/** @param {string} text @param {string} kind */
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
  const open = !ui.solved && !ui.busy;
  const cands = open ? candidates(view.moves, ui.path, ui.pick) : [];
  let targets = targetsOf(cands, ui.path, ui.pick);
  if (ui.hinted && ui.path.length === 0 && open) targets = hintCells();
  const shown = ui.position = ui.state;
  ui.flipped = lesson().flip === true;
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
  $('board').dataset.step = String(ui.step);
  $('board').dataset.solved = String(ui.solved);
  announce(shown);
}

// The first cell of the main-line move, shown with the hint.
function hintCells() {
  const step = lesson().line[ui.step];
  const move = step && ui.state && ui.state.view.moves.find((m) => m.text === step.play[0]);
  return move && move.path.length ? [move.path[0]] : [];
}

/** @param {string|null} cell */
function clickCell(cell) {
  if (!cell || !ui.state || ui.busy || ui.solved) return;
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

// Why a move may not be made now ('' when it may): the typed move's answer.
const whyNot = () => (ui.solved ? t('learn.type.done') : ui.busy || !ui.state ? t('learn.type.wait') : '');

// ---- judging a move ------------------------------------------------------------

/** @param {ViewMove} move */
async function judge(move) {
  $('chooser').hidden = true;
  ui.path = [];
  const l = lesson();
  const step = l.line[ui.step];
  if (!step.play.includes(move.text)) {
    const why = (l.wrong_moves || {})[move.text] || l.wrong;
    feedback(t('learn.wrong', { move: move.text, why }), 'wrong');
    return render();
  }
  ui.busy = true;
  try {
    await play(move.text);
    const last = ui.step === l.line.length - 1;
    const reply = replyTo(step, move.text);
    if (reply && !ui.state?.terminal) {
      feedback(step.right || t('learn.right.plain'), 'right');
      render();
      await new Promise((r) => setTimeout(r, 500));
      await play(reply);
    }
    if (last) return finish();
    feedback(`${step.right || t('learn.right.plain')}${reply ? ` ${t('learn.answer', { reply })}` : ''}`, 'right');
    ui.step += 1;
  } catch (e) {
    feedback(errorText(e), 'wrong');
  } finally {
    ui.busy = false;
    render();
  }
}

// The opponent's answer to the learner's move: one for the step, or one per
// accepted move.
/** @param {LessonStep} step @param {string} text @returns {string|undefined} */
const replyTo = (step, text) => (step.reply && typeof step.reply === 'object' ? step.reply[text] : step.reply);

/** @param {string} text */
async function play(text) {
  if (!ui.state) return;
  ui.state = /** @type {GameState} */ (await api('POST', `/api/games/${ui.state.id}/move`, { move: text }));
}

function finish() {
  const l = lesson();
  ui.solved = true;
  ui.busy = false;
  localStorage.setItem(doneKey(ui.game, ui.index), 'done');
  const over = ui.state?.terminal ? ` (${outcomeText(ui.state)})` : '';
  feedback(`${t('learn.right')} ${l.done || ''}${over}`.trim(), 'right');
  $('feedback').dataset.result = 'done';
  $('next').classList.add('ready');
  renderList();
  render();
}

// ---- lessons -----------------------------------------------------------------

// The numbers of showGame()'s and showLesson()'s latest calls.
let gameAsked = 0, lessonAsked = 0;

/** @param {number} index */
async function showLesson(index) {
  const old = ui.state, book = ui.book;
  if (!book) return;
  const asked = ++lessonAsked;
  ui.index = Math.max(0, Math.min(index, book.lessons.length - 1));
  Object.assign(ui, {
    state: null, position: null, focus: null, step: 0, solved: false, busy: true, path: [], pick: null, hinted: false,
  });
  history.replaceState(null, '', `#${ui.game}/${ui.index + 1}`);
  if (old) api('DELETE', `/api/games/${old.id}`).catch(() => {});
  const l = lesson();
  $('lesson-title').textContent = `${ui.index + 1}. ${l.title}`;
  $('task').textContent = l.task;
  // A lesson that names cells by ring and arm shows the names at first.
  ui.labels = l.labels === true;
  input('labels').checked = ui.labels;
  feedback('', '');
  // The live region's last line belongs to the lesson left (issue 43).
  $('announce').textContent = '';
  // After a game's last lesson, "Next" leads to the next game's first.
  const lastOfGame = ui.index === book.lessons.length - 1;
  const nextGame = GAMES[(GAMES.findIndex(([id]) => id === ui.game) + 1) % GAMES.length];
  $('next').textContent = lastOfGame ? t('learn.nextGame', { game: nextGame[1] }) : t('learn.next');
  $('next').classList.remove('ready');
  renderList();
  try {
    const body = { kind: 'local', players: ['human', 'human'], ...positionBody(l.spec, l.position) };
    const made = /** @type {import('./types.js').CreatedLocalGame} */ (await api('POST', '/api/games', body)).state;
    // A lesson chosen meanwhile is the one shown: this one's game goes.
    if (asked !== lessonAsked) return void api('DELETE', `/api/games/${made.id}`).catch(() => {});
    ui.state = made;
  } catch (e) {
    if (asked !== lessonAsked) return;
    feedback(t('learn.startFailed', { why: errorText(e) }), 'wrong');
  }
  ui.busy = false;
  render();
}

function renderList() {
  const list = $('lesson-list');
  list.replaceChildren();
  if (!ui.book) return;
  ui.book.lessons.forEach((l, i) => {
    const li = document.createElement('li');
    if (localStorage.getItem(doneKey(ui.game, i))) li.className = 'done';
    const b = document.createElement('button');
    b.textContent = l.title;
    b.dataset.lesson = String(i + 1);
    if (i === ui.index) b.className = 'current';
    b.addEventListener('click', () => showLesson(i));
    li.append(b);
    list.append(li);
  });
}

// The lessons' words in the page's language (web/lessons/<lang>/<game>.json:
// the same lessons in the same order, their texts only) laid over the
// English book; a game without such a file keeps its English words.
/** @param {LessonBook} book @param {string} game @returns {Promise<LessonBook>} */
async function inLanguage(book, game) {
  if (lang === 'en') return book;
  const res = await fetch(`lessons/${lang}/${game}.json`).catch(() => null);
  if (!res || !res.ok) return book;
  /** @type {{lessons?: any[]}} */
  const words = await res.json().catch(() => ({}));
  book.lessons.forEach((l, i) => {
    const w = (words.lessons || [])[i] || {};
    /** @type {Record<string, unknown>} */
    const texts = l;
    for (const k of ['title', 'task', 'wrong', 'hint', 'done']) if (typeof w[k] === 'string') texts[k] = w[k];
    if (w.wrong_moves) l.wrong_moves = { ...l.wrong_moves, ...w.wrong_moves };
    (w.line || []).forEach((/** @type {{right?: string}} */ s, /** @type {number} */ j) => {
      if (l.line[j] && typeof s.right === 'string') l.line[j].right = s.right;
    });
  });
  return book;
}

/** @param {string} game @param {number} [index] */
async function showGame(game, index = 0) {
  // Only the latest choice opens: a lesson asked for (a tab, the address)
  // while an earlier one's book was loading is not overwritten when that
  // one arrives, nor is the address set back to it.
  const asked = ++gameAsked;
  ui.game = game;
  for (const b of /** @type {HTMLCollectionOf<HTMLElement>} */ ($('game-tabs').children)) b.setAttribute('aria-selected', String(b.dataset.game === game));
  /** @type {LessonBook} */
  let loaded;
  try {
    const res = await fetch(`lessons/${game}.json`);
    if (!res.ok) throw new Error(t('api.status', { status: res.status }));
    loaded = await inLanguage(/** @type {LessonBook} */ (await res.json()), game);
  } catch (e) {
    if (asked === gameAsked) feedback(t('learn.loadFailed', { why: errorText(e) }), 'wrong');
    return;
  }
  if (asked !== gameAsked) return;
  ui.book = loaded;
  const book = ui.book;
  const rules = $('lesson-rules');
  rules.replaceChildren(`${t('learn.whole')} `);
  const a = document.createElement('a');
  a.href = book.rules;
  a.textContent = t('puz.rules', { game: gameName(book.title) });
  rules.append(a, '.');
  await showLesson(index);
}

function start() {
  for (const [id, title] of GAMES) {
    const b = document.createElement('button');
    b.textContent = title;
    b.dataset.game = id;
    b.dataset.testid = `learn-${id}`;
    b.setAttribute('role', 'tab');
    b.addEventListener('click', () => showGame(id));
    $('game-tabs').append(b);
  }
  $('hint').addEventListener('click', () => {
    if (!ui.book || ui.solved) return;
    ui.hinted = true;
    feedback(t('learn.hint', { hint: lesson().hint }), 'hint');
    render();
  });
  $('retry').addEventListener('click', () => showLesson(ui.index));
  $('next').addEventListener('click', () => {
    if (!ui.book) return;
    if (ui.index < ui.book.lessons.length - 1) return showLesson(ui.index + 1);
    const at = GAMES.findIndex(([id]) => id === ui.game);
    return showGame(GAMES[(at + 1) % GAMES.length][0]);
  });
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
  addEventListener('pagehide', () => {
    local.stop();
    if (ui.state && !isLocalId(ui.state.id)) fetch(`/api/games/${ui.state.id}`, {
      method: 'DELETE', keepalive: true, headers: { 'Content-Type': 'application/json' },
    }).catch(() => {});
  });
  addEventListener('hashchange', openFromHash);
  offlineReady();
  openFromHash();
}

// "#shatra/6" opens Shatra's sixth lesson; no hash, *Star's first.
function openFromHash() {
  const [game, n] = location.hash.slice(1).split('/');
  const known = GAMES.some(([id]) => id === game);
  const index = known && n ? Number(n) - 1 || 0 : 0;
  if (known && game === ui.game && ui.book) return showLesson(index);
  showGame(known ? game : GAMES[0][0], index);
}

// Tests and the curious can see the state from the console.
/** @type {Window & {asterismLearn?: LearnUi}} */ (window).asterismLearn = ui;
start();
