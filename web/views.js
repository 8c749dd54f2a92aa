// The views of the one game module (game.js): each draws a part of the game
// on screen from a page's GameUi, the same on the local and the online
// page: the board, the score panel and the help, the move list with a
// review's marks, and the clocks. The analysis and the review's panels are
// analysis.js; the page's own parts (status, seats, banners) its own.
import { $ } from './dom.js';
import { drawBoard } from './board.js';
import { drawScore } from './panels.js';
import { candidates, targets as targetsOf } from './shared.js';
import { announce, describer, startCell } from './access.js';
import { renderConfirm, sizeBoard, followMove } from './touch.js';
import { gameTitle } from './names.js';
import { t, tn } from './i18n.js';

/** @typedef {import('./game.js').GameUi} GameUi */
/** @typedef {import('./types.js').Ownership} Ownership */
/** @typedef {import('./types.js').FinishedReview} FinishedReview */
/** @typedef {import('./types.js').ReviewMove} ReviewMove */

/**
 * The board of the position on screen, with the move in progress; the cells
 * that continue it are marked while `active` (this player may move).
 * @param {GameUi} ui
 * @param {{active: boolean, ownership?: Ownership|null,
 *   suggest?: import('./board.js').Suggestion[]}} how
 */
export function renderBoard(ui, { active, ownership = null, suggest = [] }) {
  if (!ui.position) return;
  const view = ui.position.view;
  const cands = active ? candidates(view.moves, ui.path, ui.pick) : [];
  const targets = targetsOf(cands, ui.path, ui.pick);
  if (!ui.focus || !(view.cells || []).some((c) => c.name === ui.focus)) ui.focus = startCell(view);
  renderConfirm(ui);
  sizeBoard(view);
  drawBoard(/** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('board'))), view, {
    flipped: ui.flipped,
    labels: ui.labels,
    letters: ui.letters,
    path: ui.path,
    targets,
    describe: describer(ui.position, { path: ui.path, targets }),
    title: t('board.title', { game: gameTitle(ui.position.game), n: (view.cells || []).length }),
    focus: ui.focus,
    last: view.last ? view.last.path : [],
    captured: view.last && !ui.animation ? view.last.captured || [] : [],
    lastStep: ui.animation ? ui.animation.step : undefined,
    ownership,
    suggest,
  });
  followMove(view.last ? view.last.path : []);
  announce(ui.game);
}

// The score panel beside the board (panels.js) and how moves are written.
/** @param {GameUi} ui */
export function renderScore(ui) {
  if (!ui.position) return;
  drawScore($('score'), ui.position, ui);
  $('help').textContent = ui.position.move_help;
}

// Points of win rate a reviewed move lost.
/** @param {ReviewMove} m */
// Whole points, rounded down, so that a move shown as losing 10 points is
// never one marked below the 10 points of a mistake (9.99 is 9).
export const pointsLost = (m) => String(Math.floor(100 * m.loss + 1e-6));

/**
 * A move as a button of the list; a long Shatra chain (g7:e9:e7:c5) may
 * break after each landing rather than be cut off.
 * @param {string} text @param {number} ply @param {(ply: number) => unknown} browse
 */
function moveButton(text, ply, browse) {
  const b = document.createElement('button');
  const parts = text.split(/(?<=[:\-x])/);
  parts.forEach((part, i) => b.append(part, ...(i < parts.length - 1 ? [document.createElement('wbr')] : [])));
  b.className = 'move';
  b.dataset.ply = String(ply);
  b.addEventListener('click', () => browse(ply));
  return b;
}

/**
 * The game's moves in #moves, one numbered row per move number with every
 * side's move in it (each row keeps its number however many stand side by
 * side: style.css), the position on screen's marked; a click on a
 * move calls browse(ply). A review marks its moves: ?! an inaccuracy, ? a
 * mistake, ?? a blunder.
 * @param {GameUi} ui
 * @param {(ply: number) => unknown} browse
 * @param {FinishedReview|null} [review]
 */
export function renderMoves(ui, browse, review = null) {
  if (!ui.game || !ui.position) return;
  const list = $('moves');
  const sides = Math.max(1, ui.game.players.length);
  list.replaceChildren();
  /** @type {HTMLLIElement|null} */
  let row = null;
  ui.game.history.forEach((m, i) => {
    if (i % sides === 0) {
      row = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = `${i / sides + 1}.`;
      row.append(number);
      list.append(row);
    }
    const b = moveButton(m, i + 1, browse);
    if (i + 1 === ui.position?.ply) b.classList.add('current');
    row?.append(b);
  });
  list.style.setProperty('--sides', String(sides));
  // The current move is scrolled into view inside the list only:
  // scrollIntoView would scroll the page too, a little at every move, on a
  // phone where the list is under the board.
  const cur = /** @type {HTMLElement|null} */ (list.querySelector('.current'));
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + cur.offsetHeight - list.clientHeight;
  }
  for (const m of review ? review.moves : []) {
    if (!m.mark) continue;
    const b = /** @type {HTMLElement|null} */ (list.querySelector(`button[data-ply="${m.ply + 1}"]`));
    if (!b) continue;
    b.classList.add(m.mark);
    b.dataset.mark = m.mark;
    const points = Number(pointsLost(m));
    b.title = tn(points ? 'rv.mark.title' : 'rv.mark.titleUnder', points, { mark: t(`rv.${m.mark}`), best: m.best });
  }
}

// Milliseconds as the clock shows them: days and hours for correspondence,
// tenths in the last ten seconds.
/** @param {number} ms */
function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  if (ms < 10000) return `0:${pad(s)}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/**
 * Both sides' clocks in #seat-0 and #seat-1 and the clock's rule in
 * #clock-note; nothing for a game without a clock (a local session) or
 * while an earlier position is on screen. The running clock counts down
 * from what the server said, by the time since its state arrived
 * (`receivedAt`, performance.now(); this machine's clock need not agree
 * with the server's).
 * @param {GameUi} ui
 * @param {import('./types.js').GameState|null} g  the game (ui.game, with its clock)
 * @param {number} receivedAt
 */
export function renderClocks(ui, g, receivedAt) {
  const c = g && g.clock;
  if (!g || !c || (ui.position && ui.position.ply !== g.ply)) return;
  for (const i of [0, 1]) {
    const box = /** @type {HTMLElement} */ ($(`seat-${i}`).querySelector('.clock'));
    box.hidden = c.kind === 'none';
    let left = c.left[i];
    if (c.running === i) left -= performance.now() - receivedAt;
    box.textContent = clockText(left);
    box.classList.toggle('running', c.running === i);
    box.classList.toggle('low', c.kind === 'fischer' && left < 20000);
  }
  const note = c.kind === 'fischer' ? t(c.running < 0 && !g.terminal ? 'clock.fischer.waiting' : 'clock.fischer',
    { minutes: c.base / 60000, inc: c.increment / 1000 }) :
    c.kind === 'correspondence' ? t('clock.correspondence', { days: c.per_move / 86400000 }) : t('clock.none');
  $('clock-note').textContent = note;
}
