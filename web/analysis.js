// The analysis and review of a session's game (the local page, app.js,
// owns it): "Analyse now" and analysing every position, the candidates,
// proven results and the ownership map, the win-rate graph, and reviewing
// a whole game with its marked moves (marked in the move list by views.js).
// It reads the game module's shape of the game (game.js: `game`,
// `position`). analysisPanels(ui, page) closes over the page's state `ui`
// and its helpers `page` = {api, message, render, browse}.
import { el } from './board.js';
import { $, input, select, button } from './dom.js';
import { errorText } from './shared.js';
import { pointsLost } from './views.js';

/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').Candidate} Candidate */
/** @typedef {import('./types.js').Ownership} Ownership */
/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./types.js').FinishedReview} FinishedReview */
/** @typedef {import('./shared.js').Api} Api */
/**
 * The game module's state (game.js) and the analysis's.
 * @typedef {import('./game.js').GameUi & {
 *   winrates: Map<number, number>,
 *   ownership: (Ownership & {id: string, ply: number})|null,
 *   review: (FinishedReview & {id: string})|null,
 *   reviewing: string|null,
 *   analysing: boolean,
 *   analyseAgain: boolean,
 * }} AnalysisUi
 * `winrates`: ply -> the first player's win rate, from analyses;
 * `ownership`: the last analysis's map, with its session and ply;
 * `review`: the last finished review, with its session; `reviewing`: the
 * session of a review under way; `analysing`: an analysis is under way,
 * `analyseAgain`: and the position changed meanwhile.
 */

/**
 * @param {AnalysisUi} ui
 * @param {{api: Api, message: (text: string, kind?: string) => void, render: () => void,
 *   browse: (ply: number) => unknown}} page
 */
export function analysisPanels(ui, { api, message, render, browse }) {
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
    if (!input('ownership').checked || !o || !ui.position || !ui.game) return null;
    return o.id === ui.game.id && o.ply === ui.position.ply ? o : null;
  }

  function currentReview() {
    return ui.review && ui.game && ui.review.id === ui.game.id ? ui.review : null;
  }

  // "win in 3" (plies, this move included) for the player to move, or "".
  /** @param {Candidate} c */
  function provenText(c) {
    return c.proven ? `proven ${c.proven} in ${c.proven_plies}` : '';
  }

  async function analyse() {
    if (!ui.game || ui.game.terminal) return;
    // One analysis at a time: while one runs, remember that the position
    // changed and analyse the newest one afterwards, so that fast play (the
    // computer against itself) cannot pile searches up on the server.
    if (ui.analysing) {
      ui.analyseAgain = true;
      return;
    }
    ui.analysing = true;
    const id = ui.game.id, ply = ui.game.ply;
    try {
      // A steady budget, whatever the playing level, so that the graph's
      // points are comparable along the game: level 6's own (playouts for the
      // Monte Carlo searches, nodes for alpha-beta).
      const a = /** @type {Analysis} */ (await api('POST', `/api/sessions/${id}/analyze`,
        { level: 6, ownership: input('ownership').checked }));
      if (ui.game?.id !== id) return;
      if (a.winrate_first !== undefined) ui.winrates.set(a.ply, a.winrate_first);
      showAnalysis(a, id);
      $('candidates').dataset.ply = String(ply);
      render();
    } catch (e) {
      if (!ui.game?.terminal) message(errorText(e));
    } finally {
      ui.analysing = false;
      if (ui.analyseAgain) {
        ui.analyseAgain = false;
        if (ui.game?.ply !== ply || ui.game.id !== id) analyse();
      }
    }
  }

  /** @param {Analysis} a @param {string} id */
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
    const names = ui.game ? ui.game.sides : [];
    const mover = names[a.to_move] || '';
    $('proven').textContent = a.proven ? `${mover} has a proven ${a.proven} (plies, counting this move).` : '';
    ui.ownership = a.ownership ? { ...a.ownership, id, ply: a.ply } : null;
    const o = a.ownership;
    $('expected').textContent = o && o.score && o.peries ?
      `Expected score ${names[0]} ${o.score[0].toFixed(1)}, ${names[1]} ${o.score[1].toFixed(1)}; ` +
      `peries ${o.peries[0].toFixed(1)} and ${o.peries[1].toFixed(1)} (${o.samples} playouts).` : '';
  }

  function renderGraph() {
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
    const first = ui.game ? ui.game.sides[0] : 'First';
    $('graph-caption').textContent = pts.length ?
      `${first}'s chance to win by the engine's analysis (an estimate), by move; click to go there.` :
      'Analyse positions or review the game to see the win-rate graph.';
  }

  // A click on the graph shows the position at that point.
  /** @param {MouseEvent} e */
  function graphClick(e) {
    if (!ui.game) return;
    const box = $('graph').getBoundingClientRect();
    const n = Math.max(ui.game.ply, 1);
    const ply = Math.round(((e.clientX - box.left) / box.width * 300 - 5) / 290 * n);
    browse(Math.min(Math.max(ply, 0), ui.game.ply));
  }

  // ---- reviewing a game -------------------------------------------------------

  // Asks the server to review the game (docs/server.md, "Reviewing a game")
  // and follows its progress until it is done.
  async function startReview() {
    if (!ui.game || ui.game.ply === 0) return message('There are no moves to review yet.');
    const id = ui.game.id;
    try {
      const r = /** @type {Review} */ (await api('POST', `/api/sessions/${id}/review`,
        { level: Number(select('review-level').value) }));
      ui.reviewing = id;
      button('review').disabled = true;
      $('review-summary').textContent = 'Reviewing\u2026';
      followReview(id, r);
    } catch (e) {
      message(errorText(e));
    }
  }

  /** @param {string} id @param {Review} r */
  async function followReview(id, r) {
    const bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
    bar.hidden = false;
    try {
      while (r.status === 'running') {
        bar.max = r.total;
        bar.value = r.done;
        $('review-summary').textContent = `Reviewing: ${r.done} of ${r.total} positions\u2026`;
        await new Promise((done) => setTimeout(done, 300));
        r = /** @type {Review} */ (await api('GET', `/api/sessions/${id}/review`));
      }
      if (!finished(r)) throw new Error(`the review failed: ${r.error}`);
      if (!ui.game || ui.game.id !== id) return;
      showReview(id, r);
    } catch (e) {
      message(errorText(e));
    } finally {
      bar.hidden = true;
      ui.reviewing = null;
      button('review').disabled = false;
    }
  }

  /** @param {string} id @param {FinishedReview} r */
  function showReview(id, r) {
    ui.review = { ...r, id };
    ui.winrates = new Map(r.winrate_first.map((w, ply) => [ply, w]));
    const list = $('review-marks');
    list.replaceChildren();
    /** @type {Record<string, number>} */
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

  return {
    forgetAnalysis, shownOwnership, currentReview, analyse, renderGraph, graphClick, startReview,
  };
}

// A review done carries its moves, win rates and thresholds.
/** @param {Review} r @returns {r is FinishedReview} */
const finished = (r) => r.status === 'done' && !!r.moves && !!r.winrate_first && !!r.thresholds;
