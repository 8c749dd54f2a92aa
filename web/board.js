// Draws a game's view (the JSON of Game::view, docs/view.md) as SVG. The
// server gives every cell's outline in board units, so this file knows no
// game's geometry: it only knows how to draw the kinds of men.
import { drawGlyph, glyphFor } from './pieces.js';
import { t } from './i18n.js';
import { manName } from './names.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ViewPiece} ViewPiece */
/** @typedef {import('./types.js').AsteriskType} AsteriskType */
/** @typedef {import('./types.js').Ownership} Ownership */
/** @typedef {[number, number]} Point */
/**
 * A move the engine suggests: its text, its cells (a view move's path) and
 * its rank among the candidates (0 the best); `hint` for a hint's move,
 * `better` for the move a review says was better than the one played.
 * @typedef {{text: string, path: string[], rank: number, hint?: boolean, better?: boolean}} Suggestion
 */

const NS = 'http://www.w3.org/2000/svg';

// An SVG element with attributes, appended to `parent` if given.
/**
 * @param {string} name @param {Record<string, string|number>} [attrs]
 * @param {Element|null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const e = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** @param {number[][]} pts */
const pointsText = (pts) => pts.map((p) => `${p[0]},${p[1]}`).join(' ');

// Draws one Asterisk piece type at (x, y) with radius r: dark or light
// fill, hexagon or circle, and a six-spoked asterisk or a plain face.
/**
 * @param {Element} parent @param {{colour?: string, shape?: string, marking?: string}} t
 * @param {number} x @param {number} y @param {number} r
 */
export function asteriskPiece(parent, t, x, y, r) {
  const g = el('g', { class: `apiece ${t.colour} ${t.shape} ${t.marking}` }, parent);
  if (t.shape === 'hex') {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = -Math.PI / 2 + (k * Math.PI) / 3;
      pts.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
    }
    el('polygon', { points: pointsText(pts), class: 'body' }, g);
  } else {
    el('circle', { cx: x, cy: y, r: r * 0.9, class: 'body' }, g);
  }
  if (t.marking === 'asterisk') {
    for (let k = 0; k < 3; k++) {
      const a = (k * Math.PI) / 3;
      const dx = Math.cos(a) * r * 0.5, dy = Math.sin(a) * r * 0.5;
      el('line', { x1: x - dx, y1: y - dy, x2: x + dx, y2: y + dy, class: 'mark' }, g);
    }
  }
  return g;
}

// A small standalone SVG of an Asterisk piece, for the supply and choosers.
/** @param {AsteriskType} t @param {number} [size] */
export function asteriskIcon(t, size = 28) {
  const svg = el('svg', { viewBox: '-1 -1 2 2', width: size, height: size, class: 'icon' });
  asteriskPiece(svg, t, 0, 0, 0.95);
  return svg;
}

// The chess-like games' men are drawn with asterism's piece set
// (pieces.js), or as letters in discs when `letters` is set.
/**
 * @param {Element} parent @param {ViewPiece} piece @param {number} x @param {number} y
 * @param {string} kind  the game's @param {boolean} letters
 */
function drawMan(parent, piece, x, y, kind, letters) {
  const cls = `man owner-${piece.owner} ${piece.cls || ''}`;
  const g = el('g', { class: cls, 'data-cell': piece.cell }, parent);
  if (kind === 'starstar') {
    el('circle', { cx: x, cy: y, r: 0.36, class: 'stone' }, g);
    // A stone of a star (a group holding two or more peries) has a dot.
    if ((piece.cls || '').includes('star')) el('circle', { cx: x, cy: y, r: 0.08, class: 'star-dot' }, g);
    return g;
  }
  if (kind === 'asterisk') {
    asteriskPiece(g, piece, x, y, 0.5);
    return g;
  }
  const glyph = letters ? null : glyphFor(kind, piece.kind);
  // The disc is the man's outline for clicks and dragging; under a drawn
  // man it is only a ring that marks reserve and urgent men.
  el('circle', { cx: x, cy: y, r: glyph ? 0.46 : 0.4, class: glyph ? 'disc ring' : 'disc' }, g);
  if (glyph) {
    drawGlyph(g, glyph, x, y + 0.02, 0.86);
  } else {
    const t = el('text', { x, y: y + 0.02, class: 'letter' }, g);
    t.textContent = piece.label || '?';
  }
  const title = el('title', {}, g);
  title.textContent = manName(piece.owner === 0 ? 'White' : 'Black', piece.kind);
  return g;
}

// Whether a board of this kind has a side at the bottom (the chess-likes), so
// that a page may show it from Black's side when Black is to play.
/** @param {string} kind */
export const sided = (kind) => kind === 'shatra' || kind === 'starpool';

// Draws `view` into `svg`. `ui` holds what the player is doing:
//   flipped, labels, letters: display choices (letters: men as letters in
//   discs rather than drawn pieces);
//   path: cells clicked so far (a move in progress);
//   targets: cells that would continue it;
//   last: the last move's path (shown with numbered steps);
//   lastStep: how many steps of `last` to show (for step-by-step replay);
//   captured: cells whose men the last move took;
//   ownership: {first, second}, per cell in the view's cell order, the
//   share of the search's playouts in which each player owns the cell
//   (docs/server.md), drawn as a shaded overlay;
//   suggest: the moves an analysis or a hint suggests, best first (below);
//   describe, title, focus: for keyboards and screen readers (access.js),
//   each cell's accessible name, the board's, and the cell that takes the
//   keyboard's focus (the one cell in the tab order: a roving tabindex).
/**
 * @typedef {Object} BoardLook
 * @property {boolean} [flipped]
 * @property {boolean} [labels]
 * @property {boolean} [letters]
 * @property {string[]} [path]
 * @property {string[]} [targets]
 * @property {string[]} [last]
 * @property {number} [lastStep]
 * @property {string[]} [captured]
 * @property {Ownership|null} [ownership]
 * @property {Suggestion[]} [suggest]
 * @property {(cell: string) => string} [describe]
 * @property {string} [title]
 * @property {string|null} [focus]
 */
/** @param {SVGSVGElement} svg @param {View} view @param {BoardLook} ui */
export function drawBoard(svg, view, ui) {
  // A redraw replaces the focused cell: the new one takes the focus back.
  const hadFocus = svg.contains(document.activeElement);
  svg.replaceChildren();
  const box = view.box || [0, 0, 1, 1];
  svg.setAttribute('viewBox', `${box[0]} ${box[1]} ${box[2] - box[0]} ${box[3] - box[1]}`);
  svg.setAttribute('class', `board kind-${view.kind}${ui.flipped ? ' flipped' : ''}`);
  // Flipping turns the drawing half a turn about its centre; points are
  // moved rather than the whole SVG rotated, so that text stays upright.
  const cx = box[0] + box[2], cy = box[1] + box[3];
  /** @param {number[]} p @returns {Point} */
  const at = (p) => (ui.flipped ? [cx - p[0], cy - p[1]] : [p[0], p[1]]);
  const viewCells = view.cells || [];
  const cells = new Map();
  for (const c of viewCells) cells.set(c.name, c);
  /** @param {string} name @returns {Point|null} */
  const centre = (name) => {
    const c = cells.get(name);
    return c ? at([c.x, c.y]) : null;
  };

  // A screen reader sees a grid of named cells in rows (by height on
  // screen, whatever the board's shape); what is drawn over them is hidden
  // from it, since each cell's name says what stands on it.
  const named = !!ui.describe;
  if (named) {
    svg.setAttribute('role', 'grid');
    svg.setAttribute('aria-label', ui.title || t('board.name'));
  }
  /** @type {Record<string, string>} */
  const hide = named ? { 'aria-hidden': 'true' } : {};
  const under = el('g', { class: 'decor', ...hide }, svg);
  const cellLayer = el('g', { class: 'cells', ...(named ? { role: 'rowgroup' } : {}) }, svg);
  const markLayer = el('g', { class: 'marks', ...hide }, svg);
  const menLayer = el('g', { class: 'men', ...hide }, svg);
  const over = el('g', { class: 'over', ...hide }, svg);

  for (const d of view.decor || []) {
    const pts = d.points.map(at);
    if (d.shape === 'text') {
      const t = el('text', { x: pts[0][0], y: pts[0][1], class: `decor ${d.cls}` }, over);
      t.textContent = d.text ?? '';
    } else {
      el(d.shape === 'polyline' ? 'polyline' : 'polygon',
        { points: pointsText(pts), class: `decor ${d.cls}` },
        d.cls.startsWith('home') || d.cls.startsWith('ditch') ? over : under);
    }
  }
  const path = ui.path || [];
  const targets = new Set(ui.targets || []);
  const lastSteps = (ui.last || []).slice(0, ui.lastStep ?? (ui.last || []).length);
  /** @type {Map<number, SVGElement>} */
  const rows = new Map();
  const order = named ? rowOrder(viewCells, at) : viewCells;
  for (const c of order) {
    let cls = `cell ${c.cls}`;
    if (targets.has(c.name)) cls += ' target';
    if (path.includes(c.name)) cls += ' selected';
    if (lastSteps.includes(c.name)) cls += ' last';
    /** @type {Record<string, string|number>} */
    const attrs = { points: pointsText(c.poly.map(at)), class: cls, 'data-cell': c.name };
    let parent = cellLayer;
    if (named && ui.describe) {
      const y = Math.round(at([c.x, c.y])[1] * 2);
      if (!rows.has(y)) rows.set(y, el('g', { role: 'row' }, cellLayer));
      parent = /** @type {SVGElement} */ (rows.get(y));
      Object.assign(attrs, { role: 'gridcell', 'aria-label': ui.describe(c.name),
        tabindex: c.name === ui.focus ? 0 : -1, 'aria-selected': String(path.includes(c.name)) });
    }
    el('polygon', attrs, parent);
  }
  // The last move: a line through its cells and, for chains, numbered steps.
  if (lastSteps.length > 1) {
    el('polyline', { points: pointsText(lastSteps.map(centre).filter((p) => p !== null)), class: 'last-path' },
      markLayer);
  }
  if (path.length > 1) {
    el('polyline', { points: pointsText(path.map(centre).filter((p) => p !== null)), class: 'sel-path' },
      markLayer);
  }
  // Men; a man being moved is drawn where the move in progress has got to.
  const moving = path.length > 1 ? path[0] : null;
  for (const p of view.pieces) {
    let where = centre(p.cell);
    if (!where) continue;
    if (p.cell === moving) where = centre(path[path.length - 1]) || where;
    const g = drawMan(menLayer, p, where[0], where[1], view.kind, !!ui.letters);
    if (p.cell === moving) g.classList.add('moving');
  }
  // A placement (one cell) is ringed, since the man on it hides the cell.
  if (lastSteps.length === 1) {
    const p = centre(lastSteps[0]);
    if (p) el('circle', { cx: p[0], cy: p[1], r: 0.46, class: 'last-ring' }, over);
  }
  for (const name of ui.captured || []) {
    const p = centre(name);
    if (!p) continue;
    const t = el('text', { x: p[0], y: p[1], class: 'captured-mark' }, over);
    t.textContent = '\u00d7';
  }
  for (const name of targets) {
    const p = centre(name);
    if (p) el('circle', { cx: p[0], cy: p[1], r: 0.14, class: 'target-dot', 'data-cell': name }, over);
  }
  if ((ui.last || []).length > 2) {
    lastSteps.slice(1).forEach((name, i) => {
      const p = centre(name);
      if (!p) return;
      const t = el('text', { x: p[0] + 0.3, y: p[1] - 0.28, class: 'step-number' }, over);
      t.textContent = String(i + 1);
    });
  }
  if (ui.ownership) drawOwnership(over, view, ui.ownership, at);
  if (ui.suggest && ui.suggest.length) drawSuggestions(over, ui.suggest, centre);
  const focused = ui.focus ? cells.get(ui.focus) : null;
  if (named && focused) el('polygon', { points: pointsText(focused.poly.map(at)), class: 'focus-ring' }, over);
  if (ui.labels) {
    for (const c of viewCells) {
      const p = at([c.x, c.y]);
      const t = el('text', { x: p[0], y: p[1] + 0.42, class: 'cell-label' }, over);
      t.textContent = c.name;
    }
  }
  if (hadFocus && ui.focus) {
    const cell = svg.querySelector(`.cells [data-cell="${CSS.escape(ui.focus)}"]`);
    if (cell instanceof SVGElement) cell.focus({ preventScroll: true });
  }
}

// The cells in reading order on screen: by rows (half a unit apart), each
// from left to right.
/** @param {import('./types.js').ViewCell[]} cells @param {(p: number[]) => Point} at */
function rowOrder(cells, at) {
  const key = (/** @type {import('./types.js').ViewCell} */ c) => {
    const p = at([c.x, c.y]);
    return [Math.round(p[1] * 2), p[0]];
  };
  return [...cells].sort((a, b) => {
    const ka = key(a), kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

// The cell under a pointer event, or null.
/** @param {MouseEvent} event */
export function cellAt(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY) || event.target;
  const withCell = target instanceof Element ? target.closest('[data-cell]') : null;
  return withCell ? withCell.getAttribute('data-cell') : null;
}

// The ownership map: on each cell a square in the colour of the player who
// owns it more often, as wide as the difference of the two shares is large
// (KataGo's way), so a cell owned half-and-half or by nobody stays clear.
/**
 * @param {Element} parent @param {View} view @param {Ownership} own
 * @param {(p: number[]) => Point} at
 */
function drawOwnership(parent, view, own, at) {
  const layer = el('g', { class: 'ownership', 'data-testid': 'ownership-overlay' }, parent);
  (view.cells || []).forEach((c, i) => {
    const d = (own.first[i] || 0) - (own.second[i] || 0);
    if (Math.abs(d) < 0.05) return;
    const side = 0.62 * Math.sqrt(Math.abs(d));
    const p = at([c.x, c.y]);
    const sq = el('rect', {
      x: p[0] - side / 2, y: p[1] - side / 2, width: side, height: side,
      class: `own own-${d > 0 ? 0 : 1}`, 'data-cell': c.name,
    }, layer);
    const title = el('title', {}, sq);
    title.textContent = `${c.name}: ${(100 * own.first[i]).toFixed(0)}% / ${(100 * own.second[i]).toFixed(0)}%`;
  });
}

// The suggested moves: an arrow from a move's first cell through its
// landings to its last, or a ring on the cell of a placement (*Star,
// Asterisk), numbered by rank. The best is drawn wide and solid, the next
// ones narrower and fainter, the worse over the better's way less often.
/**
 * @param {Element} parent @param {Suggestion[]} list
 * @param {(name: string) => Point|null} centre
 */
function drawSuggestions(parent, list, centre) {
  const layer = el('g', { class: 'suggestions', 'data-testid': 'suggestions' }, parent);
  for (const s of [...list].reverse()) {
    const pts = s.path.map(centre).filter((p) => p !== null);
    if (pts.length === 0) continue;
    const g = el('g', {
      class: `suggest ${s.rank === 0 ? 'best' : 'other'}${s.hint ? ' hint' : ''}${s.better ? ' better' : ''}`,
      'data-move': s.text, 'data-rank': s.rank, 'data-from': s.path[0], 'data-to': s.path[s.path.length - 1],
    }, layer);
    el('title', {}, g).textContent = s.hint ? t('an.mark.hint', { move: s.text }) :
      s.better ? t('an.mark.better', { move: s.text }) : t('an.mark.choice', { n: s.rank + 1, move: s.text });
    if (pts.length === 1) {
      const [x, y] = pts[0];
      el('circle', { cx: x, cy: y, r: s.rank === 0 ? 0.4 : 0.34, class: 'ring' }, g);
      el('text', { x, y: y + 0.02, class: 'rank' }, g).textContent = s.hint ? '?' : s.better ? '!' : String(s.rank + 1);
      continue;
    }
    arrow(g, pts, s.rank === 0 ? 0.16 : 0.09);
  }
}

// An arrow along `pts` (cell centres), its head a triangle ending a little
// short of the last centre, so that a man there stays in sight.
/** @param {Element} g @param {Point[]} pts @param {number} width */
function arrow(g, pts, width) {
  const [ax, ay] = pts[pts.length - 2], [bx, by] = pts[pts.length - 1];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / len, uy = (by - ay) / len;
  const headLen = Math.min(width * 3, len / 2), headHalf = width * 1.8;
  const tip = [bx - ux * 0.12, by - uy * 0.12], base = [tip[0] - ux * headLen, tip[1] - uy * headLen];
  const shaft = [...pts.slice(0, -1), base];
  el('polyline', { points: pointsText(shaft), class: 'shaft', 'stroke-width': width }, g);
  el('polygon', {
    points: pointsText([tip, [base[0] - uy * headHalf, base[1] + ux * headHalf],
      [base[0] + uy * headHalf, base[1] - ux * headHalf]]), class: 'head',
  }, g);
}
