// The analysis's win-rate graph (analysis.js owns the panel): the first
// player's win rate after each ply analysed or reviewed, the review's marked
// moves on it, the position on screen, and a click that shows the position
// at that point.
import { el } from './board.js';
import { $ } from './dom.js';
import { t, side } from './i18n.js';

/** @typedef {import('./analysis.js').AnalysisUi} AnalysisUi */
/** @typedef {import('./types.js').FinishedReview} FinishedReview */

/**
 * Draws the first player's win rate after each ply analysed, the review's
 * marked moves on it and the position on screen.
 * @param {AnalysisUi} ui @param {() => (FinishedReview & {id: string})|null} currentReview
 */
export function renderGraph(ui, currentReview) {
  const svg = $('graph');
  svg.replaceChildren();
  const W = 300, H = 110, pad = 5;
  const n = Math.max(ui.game ? ui.game.ply : 0, 1);
  /** @param {number} w */
  const y = (w) => pad + (1 - w) * (H - 2 * pad);
  /** @param {number} ply */
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
    if (!r || !m.mark || m.ply + 1 > n) continue;
    const w = r.winrate_first[m.ply + 1];
    el('circle', { cx: x(m.ply + 1), cy: y(w), r: 3.6, class: `mark-dot ${m.mark}` }, svg);
  }
  if (ui.position) {
    const px = x(ui.position.ply);
    el('line', { x1: px, x2: px, y1: pad, y2: H - pad, class: 'now' }, svg);
  }
  svg.dataset.points = String(pts.length);
  const first = side(ui.game?.players[0]?.name || 'First', 'gen');
  $('graph-caption').textContent = pts.length ? t('an.graph', { first }) : t('an.graph-empty');
}

// A click on the graph shows the position at that point.
/** @param {AnalysisUi} ui @param {(ply: number) => unknown} browse @param {MouseEvent} e */
export function graphClick(ui, browse, e) {
  if (!ui.game) return;
  const box = $('graph').getBoundingClientRect();
  const n = Math.max(ui.game.ply, 1);
  const ply = Math.round(((e.clientX - box.left) / box.width * 300 - 5) / 290 * n);
  browse(Math.min(Math.max(ply, 0), ui.game.ply));
}
