// A player's rating over time as inline SVG (player.html): a line through
// the ratings after each rated game, a point per game (its title says the
// rating, the deviation and the day), a rating axis with a few round
// labels and a time axis with the first and last day. No library: the
// drawing is a few elements, sized by the viewBox so that it fits any
// width (a phone's 390 px too).
import { lang } from './i18n.js';

/** @typedef {import('./types-social.js').RatingPoint} RatingPoint */

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 200;
const PAD = { left: 56, right: 14, top: 14, bottom: 30 };

/**
 * @param {string} tag @param {Record<string, string|number>} attrs @param {string} [text]
 * @returns {SVGElement}
 */
function el(tag, attrs, text) {
  const e = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {number} ms */
const day = (ms) => new Date(ms).toLocaleDateString(lang === 'en' ? undefined : lang, { year: 'numeric', month: 'short', day: 'numeric' });

// A step between labels of 10, 20, 25, 50, 100... so that about four fit.
/** @param {number} span */
function niceStep(span) {
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/**
 * The graph of `points` (oldest first), with `label` as its accessible name.
 * @param {RatingPoint[]} points @param {string} label
 * @returns {SVGSVGElement}
 */
export function ratingGraph(points, label) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (el('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', role: 'img', 'aria-label': label,
  })));
  if (!points.length) return svg;
  const ratings = points.map((p) => p.rating);
  // At least 100 points of rating shown, so that one game is not a cliff.
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < 100) {
    const mid = (hi + lo) / 2;
    lo = mid - 50;
    hi = mid + 50;
  }
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const t0 = points[0].at;
  const t1 = points[points.length - 1].at;
  const x = (/** @type {number} */ at, /** @type {number} */ i) => {
    const inner = W - PAD.left - PAD.right;
    // Evenly by game when all are at one moment (or there is one game).
    if (t1 === t0) return PAD.left + (points.length === 1 ? inner / 2 : (inner * i) / (points.length - 1));
    return PAD.left + (inner * (at - t0)) / (t1 - t0);
  };
  const y = (/** @type {number} */ r) => PAD.top + ((H - PAD.top - PAD.bottom) * (hi - r)) / (hi - lo);

  const grid = el('g', { class: 'axis' });
  for (let r = lo; r <= hi + 1e-9; r += step) {
    grid.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: 'grid-line' }));
    grid.append(el('text', { x: PAD.left - 6, y: y(r) + 4, 'text-anchor': 'end' }, String(Math.round(r))));
  }
  grid.append(el('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, class: 'axis-line' }));
  grid.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom,
    class: 'axis-line' }));
  grid.append(el('text', { x: PAD.left, y: H - 6, 'text-anchor': 'start' }, day(t0)));
  if (t1 !== t0) grid.append(el('text', { x: W - PAD.right, y: H - 6, 'text-anchor': 'end' }, day(t1)));
  svg.append(grid);

  const xy = points.map((p, i) => [x(p.at, i), y(p.rating)]);
  if (points.length > 1) {
    svg.append(el('polyline', { points: xy.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '),
      class: 'rating-line' }));
  }
  points.forEach((p, i) => {
    const dot = el('circle', { cx: xy[i][0].toFixed(1), cy: xy[i][1].toFixed(1), r: 5, class: 'rating-point' });
    dot.dataset.rating = String(p.rating);
    dot.append(el('title', {}, `${Math.round(p.rating)} \u00b1 ${Math.round(p.deviation)}, ${day(p.at)}`));
    svg.append(dot);
  });
  return svg;
}
