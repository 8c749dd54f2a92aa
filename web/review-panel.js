// Reviewing a whole game (the local page's Review panel; analysis.js owns
// the analysis beside it): the review in the visitor's browser by the
// WebAssembly engine (thinking.js), else the server's (POST
// /api/games/ID/review) followed to its end; its marked moves listed with
// the better move, each player's accuracy and marks, and the better move of
// the marked move on screen drawn on the board (docs/review.md).
import { $, select, button } from './dom.js';
import { errorText } from './shared.js';
import { pointsLost } from './views.js';
import { t, tn, side, lang } from './i18n.js';
import { serverError } from './server-errors.js';
import { thinker, engineUsable, Stopped, Unavailable } from './thinking.js';
import { showBoard } from './touch.js';

/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./types.js').FinishedReview} FinishedReview */
/** @typedef {import('./shared.js').Api} Api */
/** @typedef {import('./board.js').Suggestion} Suggestion */
/** @typedef {import('./analysis.js').AnalysisUi} AnalysisUi */

// "win in 3" (plies, this move included) for the player to move, built
// from the candidate's numbers in the page's language; the server's own
// words ("win in 3", `fallback`) only if it gave no distance; else "".
/** @param {{proven?: 'win'|'loss', proven_plies?: number}|undefined} c (a candidate, or a review's move) @param {string} [fallback] */
export function provenText(c, fallback = '') {
  if (!c?.proven || c.proven_plies === undefined) return fallback;
  return tn(c.proven === 'win' ? 'an.proven.win' : 'an.proven.loss', c.proven_plies);
}

/**
 * @param {AnalysisUi} ui
 * @param {{api: Api, message: (text: string, kind?: string) => void, render: () => void,
 *   browse: (ply: number) => unknown, positionKey: () => string,
 *   question: (ply: number, rest: Record<string, unknown>) => Promise<Record<string, unknown>>}} page
 */
// A better move as the review's words give it: the pie rule's swap, which
// has no cell to show, said in words.
/** @param {string} move */
const moveInWords = (move) => (move === 'swap' ? t('rv.swap') : move);

export function reviewPanel(ui, { api, message, render, browse, question, positionKey }) {
  // The browser's engine of the review, apart from the analysis's.
  const reviewer = thinker();
  /**
   * The better move of the marked move that led to the position on screen:
   * that position's key, the move and its cells, which are the position
   * before's (the position on screen has the other player's moves).
   * `known` once the cells have come.
   * @type {{key: string, move: string, path: string[], known: boolean}|null}
   */
  let better = null;
  $('review-stop').addEventListener('click', () => reviewer.stop());

  // A new or loaded game starts with no review.
  function forget() {
    reviewer.stop();
    ui.review = null;
    $('review-marks').replaceChildren();
    $('review-players').replaceChildren();
    $('review-summary').textContent = '';
  }

  // The better move to draw on the position with key `key`, if it is the
  // one after a marked move.
  /** @param {string} key @returns {Suggestion|null} */
  function betterShown(key) {
    return better && better.key === key ? { text: better.move, path: better.path, rank: 0, better: true } : null;
  }

  // The better move of the position with key `key` when it has no cell to
  // draw (the pie rule's swap), in words; '' otherwise.
  /** @param {string} key */
  function betterInWords(key) {
    if (!better || better.key !== key || !better.known || better.path.length) return '';
    return t('an.mark.better', { move: moveInWords(better.move) });
  }

  function currentReview() {
    return ui.review && ui.game && ui.review.id === ui.game.id ? ui.review : null;
  }

  // The review's marked move that led to the position on screen (selected
  // in the review's list, or stepped to), if the game still has it there.
  function markedHere() {
    const r = currentReview(), p = ui.position, g = ui.game;
    if (!r || !p || !g || p.ply === 0) return null;
    const m = r.moves.find((move) => move.ply === p.ply - 1);
    return m && m.mark && m.best && g.history[m.ply] === m.move ? m : null;
  }

  // Finds the cells of the better move of the marked move on screen, from
  // the position before it (the game's state at that ply, the server's or
  // the browser's), and draws it when they come.
  function findBetter() {
    const m = markedHere(), key = positionKey(), id = ui.game?.id;
    if (!m || !id || better?.key === key) return;
    better = { key, move: m.best, path: [], known: false };
    api('GET', `/api/games/${id}?ply=${m.ply}`).then((before) => {
      const view = /** @type {import('./types.js').GameState} */ (before).view;
      const found = view.moves.find((v) => v.text.toLowerCase() === m.best.toLowerCase());
      if (!found || better?.key !== key) return;
      better = { key, move: m.best, path: found.path, known: true };
      if (positionKey() === key) render();
    }).catch(() => {});
  }

  // Reviews the game in the browser, or asks the server to (docs/server.md,
  // "Reviewing a game") and follows its progress until it is done.
  async function startReview() {
    if (!ui.game || ui.game.ply === 0) return message(t('rv.nothing'));
    const id = ui.game.id, level = Number(select('review-level').value);
    if (engineUsable() && await reviewHere(id, level)) return;
    try {
      const r = /** @type {Review} */ (await api('POST', `/api/games/${id}/review`, { level }));
      ui.reviewing = id;
      button('review').disabled = true;
      $('review-summary').textContent = t('rv.running');
      followReview(id, r);
    } catch (e) {
      message(errorText(e));
    }
  }

  // Reviews the game by the browser's engine, showing each position done,
  // with a Stop; false when the engine cannot load here.
  /** @param {string} id @param {number} level */
  async function reviewHere(id, level) {
    const g = ui.game;
    if (!g) return true;
    const bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
    bar.removeAttribute('value');
    bar.hidden = false;
    $('review-stop').hidden = false;
    ui.reviewing = id;
    button('review').disabled = true;
    $('review-summary').textContent = t('rv.running');
    try {
      const r = await reviewer.ask(await question(g.history.length, { op: 'review', level, seed: 1 }),
        (/** @type {{done: number, total: number}} */ step) => {
          bar.max = step.total;
          bar.value = step.done;
          $('review-summary').textContent = t('rv.progress', step);
        });
      const review = /** @type {Omit<FinishedReview, 'status'|'level'|'done'|'total'>} */ (r.review);
      const total = review.winrate_first.length;
      if (ui.game && ui.game.id === id) showReview(id, { status: 'done', level, done: total, total, ...review });
    } catch (e) {
      if (e instanceof Unavailable) return false;
      // A review stopped by a new game says nothing of the new one.
      if (ui.game?.id !== id) return true;
      $('review-summary').textContent = e instanceof Stopped ? t('rv.stopped') : '';
      if (!(e instanceof Stopped)) message(errorText(e));
    } finally {
      bar.hidden = true;
      $('review-stop').hidden = true;
      ui.reviewing = null;
      button('review').disabled = false;
    }
    return true;
  }

  /** @param {string} id @param {Review} r */
  async function followReview(id, r) {
    const bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
    bar.hidden = false;
    try {
      // "queued": the server's thinking pool has not reached it yet.
      while (r.status === 'running' || r.status === 'queued') {
        bar.max = r.total;
        bar.value = r.done;
        $('review-summary').textContent = t('rv.progress', { done: r.done, total: r.total });
        await new Promise((done) => setTimeout(done, 300));
        r = /** @type {Review} */ (await api('GET', `/api/games/${id}/review`));
      }
      if (!finished(r)) throw new Error(t('rv.failed', { error: serverError({ ...r.reason, error: r.error || '' }) }));
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
      const proven = provenText({ proven: m.proven_result, proven_plies: m.proven_plies }, m.proven);
      b.textContent = t(pointsLost(m) === '0' ? 'rv.markUnder' : 'rv.mark', {
        move: m.move, mover: side(m.mover_name), mark: t(`rv.${m.mark}`), points: pointsLost(m),
        best: moveInWords(m.best) + (proven ? ` (${proven})` : ''),
      }) + (m.decisive ? t('rv.decisive') : '') + (m.forced_loss ? t('rv.forcedLoss') : '') +
        (m.odds_cut ? tn('rv.oddsCut', m.odds_cut) : '');
      // The position and its better move are what the click is for: on a
      // phone the board is far above the list, so it is brought into view.
      b.addEventListener('click', () => {
        browse(m.ply + 1);
        showBoard();
      });
      li.append(b);
      list.append(li);
    }
    showPlayers(r);
    const th = r.thresholds;
    $('review-summary').textContent = t('rv.summary', {
      level: r.level, inaccuracies: tn('rv.inaccuracies', counts.inaccuracy || 0),
      mistakes: tn('rv.mistakes', counts.mistake || 0), blunders: tn('rv.blunders', counts.blunder || 0),
      a: 100 * th.inaccuracy, b: 100 * th.mistake, c: 100 * th.blunder,
    });
    render();
  }

  // Each player's accuracy and count of each mark, as lichess shows them
  // under its graph.
  /** @param {FinishedReview} r */
  function showPlayers(r) {
    const figure = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    $('review-players').replaceChildren(...(r.players || []).map((p) => {
      const li = document.createElement('li');
      li.dataset.player = String(p.player);
      li.textContent = t('rv.accuracy', {
        name: side(p.name), accuracy: figure.format(p.accuracy), inaccuracies: tn('rv.inaccuracies', p.inaccuracies),
        mistakes: tn('rv.mistakes', p.mistakes), blunders: tn('rv.blunders', p.blunders),
      });
      return li;
    }));
  }

  return { forget, betterShown, betterInWords, findBetter, currentReview, startReview };
}

// A review done carries its moves, win rates and thresholds.
/** @param {Review} r @returns {r is FinishedReview} */
const finished = (r) => r.status === 'done' && !!r.moves && !!r.winrate_first && !!r.thresholds;
