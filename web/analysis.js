// The analysis and review of a local game (the local page, app.js,
// owns it): "Analyse now" and analysing every position, of the position on
// screen (the game's, or one browsed back to), its candidates (listed, and
// drawn on the board by board.js), proven results and the ownership map with
// its legend, a hint, the win-rate graph (analysis-graph.js), and reviewing
// a whole game with its marked moves (review-panel.js; marked in the move
// list by views.js).
// It reads the game module's shape of the game (game.js: `game`,
// `position`). analysisPanels(ui, page) closes over the page's state `ui`
// and its helpers `page` = {api, message, render, browse}.
//
// The hint, the analysis and the review are searched in the visitor's
// browser by the WebAssembly engine in a worker (thinking.js) from the
// game's spec, start position and moves; where it cannot load, by the
// server (POST /api/games/ID/analyze and .../review), as before.
import { el } from './board.js';
import { $, input } from './dom.js';
import { errorText } from './shared.js';
import { t, tn, side } from './i18n.js';
import { thinker, engineUsable, showAfterASecond, Stopped, Unavailable } from './thinking.js';
import { renderGraph, graphClick } from './analysis-graph.js';
import { reviewPanel, provenText } from './review-panel.js';

/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').Candidate} Candidate */
/** @typedef {import('./types.js').Ownership} Ownership */
/** @typedef {import('./types.js').FinishedReview} FinishedReview */
/** @typedef {import('./shared.js').Api} Api */
/** @typedef {import('./board.js').Suggestion} Suggestion */
/** @typedef {import('./thinking.js').Thinker} Thinker */
/**
 * The game module's state (game.js) and the analysis's.
 * @typedef {import('./game.js').GameUi & {
 *   winrates: Map<number, number>,
 *   ownership: (Ownership & {key: string})|null,
 *   best: {key: string, moves: string[]}|null,
 *   hint: {key: string, move: string}|null,
 *   review: (FinishedReview & {id: string})|null,
 *   reviewing: string|null,
 *   analysing: boolean,
 *   analyseAgain: boolean,
 *   start?: string,
 * }} AnalysisUi
 * `winrates`: ply -> the first player's win rate, from analyses;
 * `ownership`: the last analysis's map, `best` its candidates' moves (best
 * first) and `hint` the last hint's move, each with the key of the position
 * it is of (positionKey); `review`: the last finished review, with its
 * game; `reviewing`: the game of a review under way; `analysing`: an
 * analysis is under way, `analyseAgain`: and the position changed meanwhile;
 * `start`: the position the game started from ('' the game's own), which a
 * page that holds its game itself sets; absent, the page asks the server's
 * game for its position at ply 0.
 */

// The page's words about the analysis, in one place.
const TEXT = {
  get over() { return t('an.over'); },
  hint: (/** @type {string} */ move) => t('an.hint', { move }),
  get hintNone() { return t('an.hint-none'); },
  get thinking() { return t('an.thinking'); },
  get legend() { return t('an.legend'); },
  get first() { return t('an.first'); },
  get second() { return t('an.second'); },
};

// How many of the analysis's candidates are drawn on the board.
const DRAWN = 3;

// A hint is a short search whatever level the game is played at: the
// analysis's own level-6 search, so that it comes quickly and is as good at
// level 1 as at level 10. The server stops it after this many seconds; the
// browser searches the level's whole budget, so that a slow device gives
// the same hint later, not a weaker one.
const HINT_SECONDS = 1;
// The level of the hint and of the analysis (the graph's points are
// comparable along the game when they all have one budget).
const ANALYSIS_LEVEL = 6;

/**
 * The engine's analysis (engine_api.cpp) in the server's shape (types.js).
 * @param {Record<string, any>} a @returns {Analysis}
 */
function fromEngine(a) {
  /** @type {Candidate[]} */
  const candidates = a.candidates.map((/** @type {Record<string, any>} */ c) => ({
    move: c.move, visits: c.visits, winrate: c.winrate, pv: c.pv,
    ...(c.proven ? { proven: c.proven > 0 ? 'win' : 'loss', proven_plies: c.proven_plies } : {}),
  }));
  return {
    ply: a.ply, to_move: a.to_move, candidates, playouts: a.effort, unit: a.unit, seconds: a.seconds,
    level: a.level, winrate_first: a.winrate_first, proven: a.candidates[0]?.proven_text || undefined,
    ownership: a.ownership,
  };
}

/**
 * @param {AnalysisUi} ui
 * @param {{api: Api, message: (text: string, kind?: string) => void, render: () => void,
 *   browse: (ply: number) => unknown}} page
 */
export function analysisPanels(ui, { api, message, render, browse }) {
  // The browser's searches (thinking.js): the position's (an analysis or a
  // hint: a newer question stops the one before) and the review's
  // (review-panel.js), so that the page holds at most two engines' memory.
  const search = thinker();
  const review = reviewPanel(ui, { api, message, render, browse, question, positionKey });
  /** The position the search under way is of, and whether it is a hint's. */
  let searching = { key: '', hint: false };
  /** @type {{key: string, done: Promise<unknown>}|null} the browser's analysis under way */
  let pendingAnalysis = null;
  /** @type {{id: string, start: string}|null} the last game's start position */
  let knownStart = null;

  // The position the game started from: the page's, or the server
  // game's state at ply 0 (a set-up position or a loaded record's).
  async function startPosition() {
    const g = ui.game;
    if (!g) return '';
    if (typeof ui.start === 'string') return ui.start;
    if (!g.id) return '';
    if (knownStart?.id !== g.id) {
      const s = /** @type {import('./types.js').GameState} */ (await api('GET', `/api/games/${g.id}?ply=0`));
      knownStart = { id: g.id, start: s.position };
    }
    return knownStart.start;
  }

  // The worker's question about the position after `ply` moves.
  /** @param {number} ply @param {Record<string, unknown>} rest */
  async function question(ply, rest) {
    const g = ui.game;
    if (!g) throw new Stopped('no game');
    return { spec: g.game, position: await startPosition(), moves: g.history.slice(0, ply), ...rest };
  }

  /**
   * The answer of the browser's engine where it can think, else the server's.
   * @param {Thinker} mind @param {() => Promise<Record<string, unknown>>} ask
   * @param {(progress: any) => void} onProgress @param {() => Promise<any>} server
   */
  async function think(mind, ask, onProgress, server) {
    if (engineUsable()) {
      try {
        return { here: true, answer: await mind.ask(await ask(), onProgress) };
      } catch (e) {
        if (!(e instanceof Unavailable)) throw e;
      }
    }
    return { here: false, answer: await server() };
  }

  // The progress of a hint or an analysis that takes more than a second:
  // the playouts or nodes searched so far, with a Stop.
  /** @param {Promise<unknown>} done */
  function showThinking(done) {
    $('thinking-text').textContent = t('th.starting');
    // The server's search cannot be stopped from here: no Stop for it.
    $('thinking-stop').hidden = !engineUsable();
    showAfterASecond($('thinking'), done);
  }
  /** @param {{effort: number, unit: string}} so_far */
  function thinkingProgress(so_far) {
    const effort = tn(so_far.unit === 'nodes' ? 'an.nodes' : 'an.playouts', so_far.effort);
    $('thinking-text').textContent = t('th.progress', { effort });
  }
  function stopThinking() {
    search.stop();
    $('thinking').hidden = true;
  }
  $('thinking-stop').addEventListener('click', stopThinking);

  // A search of a game that ended, or a hint of a position no longer on
  // screen, is moot: stopped when the page draws. An analysis of an earlier
  // position goes on: it is a point of the graph.
  function stopMoot() {
    if (!search.busy()) return;
    if (ui.game?.terminal || (searching.hint && searching.key !== positionKey())) search.stop();
  }

  // A new or loaded game starts with no graph, map or review.
  function forgetAnalysis() {
    stopThinking();
    review.forget();
    ui.winrates = new Map();
    ui.ownership = null;
    ui.best = null;
    ui.hint = null;
    $('candidates').replaceChildren();
    $('proven').textContent = '';
    $('expected').textContent = '';
  }

  // The position on screen, named by its game, its ply and the moves that
  // led to it, so that an analysis is shown on no other position (nor on
  // the same ply after an undo and another move).
  function positionKey() {
    const g = ui.game, p = ui.position;
    return g && p ? `${g.id}@${p.ply}:${g.history.slice(0, p.ply).join(' ')}` : '';
  }

  // The ownership map to draw: the last analysis's, if the box is ticked and
  // the position on screen is the one analysed.
  function shownOwnership() {
    const o = ui.ownership;
    if (!input('ownership').checked || !o) return null;
    return o.key === positionKey() ? o : null;
  }

  // The moves to draw on the board: a hint's, and the analysis's best few,
  // of the position on screen only (a move, a step back or forward clears
  // them). A move the view cannot place (a swap) is only listed.
  /** @returns {Suggestion[]} */
  function suggestions() {
    const key = positionKey(), view = ui.position?.view;
    if (!view) return [];
    /** @param {string} text */
    const pathOf = (text) => view.moves.find((m) => m.text.toLowerCase() === text.toLowerCase())?.path || [];
    /** @type {Suggestion[]} */
    const out = [];
    // The review's better move first: after the marked move, it is what the
    // board on screen is about.
    const better = review.betterShown(key);
    if (better) out.push(better);
    const hint = ui.hint && ui.hint.key === key ? ui.hint.move : null;
    if (hint) out.push({ text: hint, path: pathOf(hint), rank: 0, hint: true });
    if (ui.best && ui.best.key === key) {
      ui.best.moves.slice(0, DRAWN).forEach((text, rank) => {
        if (text !== hint) out.push({ text, path: pathOf(text), rank });
      });
    }
    // One mark a path: Asterisk's candidates may be two pieces on one cell,
    // of which the better's rank is drawn.
    const seen = new Set();
    return out.filter((s) => {
      const path = s.path.join(' ');
      if (!path || seen.has(path)) return false;
      seen.add(path);
      return true;
    });
  }

  // The candidates' list while its position is on screen, and the legend
  // of the ownership map while one is drawn: each side's square (drawn as
  // the board draws it) and what a square's size says.
  function renderShown() {
    stopMoot();
    review.findBetter();
    $('candidates').hidden = !ui.best || ui.best.key !== positionKey();
    const box = $('ownership-legend'), o = shownOwnership(), p = ui.position;
    box.hidden = !o || !p;
    if (!o || !p) return box.replaceChildren();
    const names = p.players.map((x) => side(x.name));
    const items = [0, 1].map((side) => {
      const span = document.createElement('span');
      span.className = 'swatch';
      span.dataset.side = String(side);
      const svg = el('svg', { viewBox: '-0.5 -0.5 1 1', class: `board kind-${p.view.kind}`, 'aria-hidden': 'true' });
      el('rect', { x: -0.4, y: -0.4, width: 0.8, height: 0.8, class: `own own-${side}` },
        el('g', { class: 'ownership' }, svg));
      // "Black (first player)"; a side already named First needs no more.
      const name = names[side] || '', role = side === 0 ? TEXT.first : TEXT.second;
      span.append(svg, role.startsWith(name.toLowerCase()) ? name : `${name} (${role})`);
      return span;
    });
    const note = document.createElement('span');
    note.className = 'note';
    note.textContent = TEXT.legend;
    box.replaceChildren(...items, note);
  }

  // Analyses the position on screen: the game's, or the one browsed back
  // to (the server takes the game back to `ply` on a copy). "Analyse now"
  // says why a finished position has nothing to analyse; analysing every
  // position passes it by.
  async function analyse(explicit = false) {
    const p = ui.position;
    if (!ui.game || !p) return;
    if (p.terminal) {
      if (explicit) message(TEXT.over, 'hint');
      return;
    }
    // One analysis at a time: while one runs, remember that the position
    // changed and analyse the newest one afterwards, so that fast play (the
    // computer against itself) cannot pile searches up on the server, nor
    // stop every search in the browser before it gives the graph its point.
    if (ui.analysing) {
      ui.analyseAgain = true;
      return;
    }
    ui.analysing = true;
    const id = ui.game.id, ply = p.ply, key = positionKey();
    try {
      // A steady budget, whatever the playing level, so that the graph's
      // points are comparable along the game: level 6's own (playouts for the
      // Monte Carlo searches, nodes for alpha-beta).
      const ownership = input('ownership').checked;
      searching = { key, hint: false };
      const thought = think(search,
        () => question(ply, { op: 'analyse', level: ANALYSIS_LEVEL, ownership, seed: ply + 1 }), thinkingProgress,
        () => api('POST', `/api/games/${id}/analyze`, { level: ANALYSIS_LEVEL, ownership, ply }));
      showThinking(thought);
      pendingAnalysis = { key, done: thought };
      const { here: answered, answer } = await thought;
      const a = answered ? fromEngine(answer) : /** @type {Analysis} */ (answer);
      if (ui.game?.id !== id) return;
      if (a.winrate_first !== undefined) ui.winrates.set(a.ply, a.winrate_first);
      showAnalysis(a, key);
      $('candidates').dataset.ply = String(ply);
      render();
    } catch (e) {
      if (ui.game?.id === id && !(e instanceof Stopped)) message(errorText(e));
    } finally {
      ui.analysing = false;
      // Not over a hint asked meanwhile, which stopped this analysis.
      if (ui.analyseAgain && !search.busy()) {
        ui.analyseAgain = false;
        if (positionKey() !== key) analyse();
      }
    }
  }

  // A hint for the position on screen: the engine's move, drawn on the
  // board and named in the message line, not played.
  async function hint() {
    const p = ui.position;
    if (!ui.game || !p) return;
    if (p.terminal) return message(TEXT.over, 'hint');
    const id = ui.game.id, key = positionKey();
    // The position's analysis, under way or on screen, has the move already.
    if (engineUsable() && pendingAnalysis?.key === key && search.busy()) await pendingAnalysis.done.catch(() => {});
    if (positionKey() !== key) return;
    if (engineUsable() && ui.best && ui.best.key === key && ui.best.moves.length > 0) {
      ui.hint = { key, move: ui.best.moves[0] };
      message(TEXT.hint(ui.best.moves[0]), 'hint');
      return render();
    }
    message(TEXT.thinking, 'hint');
    try {
      searching = { key, hint: true };
      const thought = think(search,
        () => question(p.ply, { op: 'analyse', level: ANALYSIS_LEVEL, seed: p.ply + 1 }), thinkingProgress,
        () => api('POST', `/api/games/${id}/analyze`, { level: ANALYSIS_LEVEL, seconds: HINT_SECONDS, ply: p.ply }));
      showThinking(thought);
      const { here, answer } = await thought;
      const a = here ? fromEngine(answer) : /** @type {Analysis} */ (answer);
      if (positionKey() !== key) return;
      const best = a.candidates[0];
      ui.hint = best ? { key, move: best.move } : null;
      message(best ? TEXT.hint(best.move) : TEXT.hintNone, 'hint');
      render();
    } catch (e) {
      if (e instanceof Stopped) return message('');
      if (ui.game?.id === id) message(errorText(e));
    }
  }

  /** @param {Analysis} a @param {string} key */
  function showAnalysis(a, key) {
    const list = $('candidates');
    list.replaceChildren();
    for (const c of a.candidates) {
      const li = document.createElement('li');
      const unit = tn(a.unit === 'nodes' ? 'an.nodes' : 'an.visits', c.visits);
      const proven = provenText(c);
      li.textContent = `${c.move}  ${proven ? t('an.candidate.proven', { proven }) + ', ' : ''}${(100 * c.winrate).toFixed(0)}%  (${unit})` +
        (c.pv.length > 1 ? `  ${c.pv.slice(1, 6).join(' ')}` : '');
      list.append(li);
    }
    const names = (ui.game ? ui.game.players : []).map((x) => side(x.name));
    const mover = side(ui.game?.players[a.to_move]?.name || '', 'gen');
    // The top-level `proven` is the best candidate's result in the server's
    // (English) words: the page builds its own from that candidate's numbers.
    $('proven').textContent = a.proven ? t('an.proven', { mover, proven: provenText(a.candidates[0], a.proven) }) : '';
    ui.ownership = a.ownership ? { ...a.ownership, key } : null;
    ui.best = { key, moves: a.candidates.map((c) => c.move) };
    const o = a.ownership;
    $('expected').textContent = o && o.score && o.peries ?
      t('an.expected', {
        a: names[0], sa: o.score[0].toFixed(1), b: names[1], sb: o.score[1].toFixed(1),
        pa: o.peries[0].toFixed(1), pb: o.peries[1].toFixed(1), n: o.samples,
      }) : '';
  }

  return {
    forgetAnalysis, shownOwnership, suggestions, renderShown, currentReview: review.currentReview, analyse, hint,
    renderGraph: () => renderGraph(ui, review.currentReview),
    graphClick: (/** @type {MouseEvent} */ e) => graphClick(ui, browse, e), startReview: review.startReview,
    betterInWords: () => review.betterInWords(positionKey()),
  };
}
