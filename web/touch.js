// Phones (issue 27): "Confirm moves", so that a mis-tap does not play at
// once, and the board's size on a small screen, where every cell is a
// target of at least 32 CSS px (WCAG 2.5.8 asks 24; the platforms 44):
// the whole board when it fits so below the page's top (Shatra's own
// fortress stays above the fold), else a larger board that pans sideways
// inside its box (#board-wrap), never the page.
import { $, input } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ViewMove} ViewMove */

const CONFIRM = 'asterism-confirm';
export const MIN_TARGET = 32;
// Cells are drawn a little above the minimum, for rounding and borders.
const DRAWN_TARGET = 33;

/**
 * The "Confirm moves" box (#confirm-moves): on by default where the main
 * pointer is a finger, remembered once changed. The bar (#confirm) shows
 * the move a tap completed, with Play and Cancel.
 * @param {{pending: ViewMove|null}} ui
 * @param {{play: (m: ViewMove) => unknown, cancel: () => void}} how
 */
export function wireConfirm(ui, how) {
  const box = document.getElementById('confirm-moves');
  if (!(box instanceof HTMLInputElement)) return { wanted: () => false };
  const stored = localStorage.getItem(CONFIRM);
  box.checked = stored ? stored === 'on' : matchMedia('(pointer: coarse)').matches;
  box.addEventListener('change', () => localStorage.setItem(CONFIRM, box.checked ? 'on' : 'off'));
  $('confirm-play').addEventListener('click', () => {
    const m = ui.pending;
    ui.pending = null;
    if (m) how.play(m);
  });
  $('confirm-cancel').addEventListener('click', how.cancel);
  return { wanted: () => input('confirm-moves').checked };
}

// The bar under a pending move; it floats over the page's top, so that
// showing it moves nothing on the page.
/** @param {{pending: ViewMove|null, path: string[]}} ui */
export function renderConfirm(ui) {
  const bar = document.getElementById('confirm');
  if (!bar) return;
  const m = ui.pending;
  // A new position or another move in progress forgets the pending move.
  if (m && m.path.join(' ') !== ui.path.join(' ')) ui.pending = null;
  bar.hidden = !ui.pending;
  if (ui.pending) $('confirm-text').textContent = t('touch.confirm', { move: ui.pending.text });
}

// The smallest target of a view, in board units: the widest disc about a
// cell's centre (where its man stands and a finger aims) inside its
// outline, less the outline that its neighbours draw over its edge (0.03,
// style.css). A tap anywhere in a cell takes the cell, a man's included
// (board.js, cellAt); *Star's cells around the centre are narrower than
// their box (0.87 of it).
/** @param {View} view */
function smallestCell(view) {
  let least = Infinity;
  for (const c of view.cells || []) {
    c.poly.forEach((a, i) => {
      const b = c.poly[(i + 1) % c.poly.length];
      const dx = b[0] - a[0], dy = b[1] - a[1], len = dx * dx + dy * dy;
      const t = len ? Math.max(0, Math.min(1, ((c.x - a[0]) * dx + (c.y - a[1]) * dy) / len)) : 0;
      least = Math.min(least, 2 * Math.hypot(c.x - a[0] - t * dx, c.y - a[1] - t * dy) - 0.03);
    });
  }
  return Number.isFinite(least) && least > 0 ? least : 1;
}

/** @type {{key: string, height: number, loose: number}} */
let room = { key: '', height: 0, loose: 0 };
// The whole board at once, on a screen where the board pans: a map to look
// at, not to play on (its cells are below MIN_TARGET), so a tap on it goes
// back to full size with the tapped place in the middle.
// `followed`: the last move followMove saw.
/** @type {{on: boolean, view: View|null, followed: string}} */
const over = { on: false, view: null, followed: '' };

/**
 * Sizes #board on a narrow screen (CSS decides above 820 px): the largest
 * whole board that fits the box's width and the screen's height below the
 * board's top, if its cells are then at least MIN_TARGET wide; else cells
 * of DRAWN_TARGET and a board that pans in #board-wrap, centred once (and
 * again for a board of another size), with a "Whole board" button under it
 * for the overview. The height is measured once for a game and a screen, so
 * that a message line above the board that comes and goes does not resize
 * it at every move.
 * @param {View} view
 */
export function sizeBoard(view) {
  const svg = $('board');
  const wrap = document.getElementById('board-wrap');
  if (!wrap || !view.box) return;
  over.view = view;
  if (!matchMedia('(max-width: 820px)').matches) {
    svg.style.width = svg.style.height = '';
    wrap.classList.remove('pans', 'overview');
    overviewButton(wrap).hidden = true;
    return;
  }
  const box = view.box;
  const w = box[2] - box[0], h = box[3] - box[1];
  const key = `${view.kind} ${w} ${h} ${innerWidth} ${innerHeight}`;
  if (room.key !== key) {
    const top = svg.getBoundingClientRect().top + scrollY;
    // The move controls held at the screen's bottom (style.css) are kept
    // off the board: Shatra's own fortress is not drawn under them.
    const controls = document.getElementById('controls');
    const held = controls && getComputedStyle(controls).position === 'sticky' ? controls.offsetHeight : 0;
    room = { key, height: Math.max(innerHeight * 0.6, innerHeight - top - 8 - held),
      loose: Math.max(innerHeight * 0.6, innerHeight - top - 8) };
  }
  const cell = smallestCell(view);
  // A board that would pan only for the controls' sake is shown whole: its
  // last row passes under them, a short scroll away (a small *Star board).
  const tight = Math.min(wrap.clientWidth / w, room.height / h);
  const fit = tight * cell >= MIN_TARGET ? tight : Math.min(wrap.clientWidth / w, room.loose / h);
  const small = fit * cell < MIN_TARGET;
  const pans = small && !over.on;
  const scale = pans ? DRAWN_TARGET / cell : fit;
  const was = wrap.classList.contains('pans'), drawn = `${svg.style.width} ${svg.style.height}`;
  svg.style.width = `${Math.floor(scale * w)}px`;
  svg.style.height = `${Math.floor(scale * h)}px`;
  wrap.classList.toggle('pans', pans);
  wrap.classList.toggle('overview', small && over.on);
  const button = overviewButton(wrap);
  button.hidden = !small;
  button.textContent = t(over.on ? 'touch.fullSize' : 'touch.overview');
  button.setAttribute('aria-pressed', String(small && over.on));
  // Centred when it starts to pan and when a board of another size pans in
  // its place: the full *Star board kept the small one's scroll, its left
  // side shown, so that its top corner was at the screen's right edge and,
  // under the status, the empty corner beside its upper left edge.
  const resized = `${svg.style.width} ${svg.style.height}` !== drawn;
  if (pans && (!was || resized)) wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
}

/**
 * Measures the room below the board's top again and sizes the board shown
 * to it: what stood above the board and has gone for good (the home page's
 * welcome band, home.js) leaves the board more of the screen, which the
 * room measured once for the game would not give it.
 */
export function refitBoard() {
  room.key = '';
  if (over.view) sizeBoard(over.view);
}

/**
 * A board that pans (sizeBoard) brings a new last move into view: the
 * opponent's move on a wide *Star or Asterisk board could land outside the
 * part shown. Only when the move changes, so that the player's own panning
 * between moves is left alone; the board is scrolled only as far as needed.
 * @param {string[]} cells the last move's cells (its path)
 */
export function followMove(cells) {
  const wrap = document.getElementById('board-wrap');
  const key = cells.join(' ');
  if (!wrap || !wrap.classList.contains('pans') || key === over.followed) return;
  over.followed = key;
  const box = wrap.getBoundingClientRect();
  for (const name of cells) {
    const cell = /** @type {Element|null} */ ($('board').querySelector(`.cells [data-cell="${CSS.escape(name)}"]`));
    if (!cell) continue;
    const r = cell.getBoundingClientRect();
    if (r.left < box.left) wrap.scrollLeft -= box.left - r.left + 8;
    else if (r.right > box.right) wrap.scrollLeft += r.right - box.right + 8;
  }
}

/**
 * A board that pans (sizeBoard) shows the part where `cells` are: the
 * middle of their horizontal extent is centred. A puzzle opens on the
 * cells its legal moves use rather than on the board's centre, which on a
 * wide *Star or Asterisk board could leave the few empty cells of a
 * near-full board, the answer's among them, off the screen.
 * @param {string[]} cells
 */
export function showCells(cells) {
  const wrap = document.getElementById('board-wrap');
  if (!wrap || !wrap.classList.contains('pans') || !cells.length) return;
  const box = wrap.getBoundingClientRect();
  let left = Infinity, right = -Infinity;
  for (const name of cells) {
    const cell = $('board').querySelector(`.cells [data-cell="${CSS.escape(name)}"]`);
    if (!cell) continue;
    const r = cell.getBoundingClientRect();
    left = Math.min(left, r.left);
    right = Math.max(right, r.right);
  }
  if (left <= right) wrap.scrollLeft += (left + right) / 2 - (box.left + box.right) / 2;
}

// The overview's button, made once under #board-wrap; and, while the
// overview shows, a tap on the board (caught before the board's own
// handlers) that zooms back in around the place tapped.
/** @param {HTMLElement} wrap @returns {HTMLButtonElement} */
function overviewButton(wrap) {
  const made = document.getElementById('board-overview');
  if (made instanceof HTMLButtonElement) return made;
  const button = document.createElement('button');
  button.id = 'board-overview';
  button.dataset.testid = 'board-overview';
  button.type = 'button';
  button.hidden = true;
  wrap.after(button);
  button.addEventListener('click', () => zoom(wrap, !over.on, 0.5));
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    wrap.addEventListener(type, (e) => {
      if (!over.on) return;
      e.stopPropagation();
      e.preventDefault();
      if (type !== 'pointerup' || !(e instanceof PointerEvent)) return;
      const r = $('board').getBoundingClientRect();
      zoom(wrap, false, r.width ? (e.clientX - r.left) / r.width : 0.5);
    }, true);
  }
  return button;
}

/** @param {HTMLElement} wrap @param {boolean} on @param {number} across the place to centre, 0..1 of the width */
function zoom(wrap, on, across) {
  over.on = on;
  if (!over.view) return;
  sizeBoard(over.view);
  if (!on) wrap.scrollLeft = across * wrap.scrollWidth - wrap.clientWidth / 2;
}

/**
 * Brings the board into view clear of the status line and the move
 * controls that a phone holds at the screen's top and bottom (style.css):
 * scrolled by itself, the board's top row went under the status line.
 */
export function showBoard() {
  /** @param {string} id */
  const held = (id) => {
    const e = document.getElementById(id);
    return e && getComputedStyle(e).position === 'sticky' ? e.getBoundingClientRect().height : 0;
  };
  const board = $('board');
  board.style.scrollMarginTop = `${held('status')}px`;
  board.style.scrollMarginBottom = `${held('controls')}px`;
  board.scrollIntoView({ block: 'nearest' });
}
