// The pieces of the browser UI that the local page (app.js) and the online
// page (online.js) share: talking to the server, the game-options form, the
// click-to-move logic over a view's moves, and the widgets both draw the
// same way. It starts nothing on import, so that either page can use it.
import { cellAt, asteriskIcon } from './board.js';
import { optionWords } from './names.js';
import { $, input } from './dom.js';
import { t as say, side } from './i18n.js';
import { serverError } from './server-errors.js';
import { pieceWords } from './access.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ViewMove} ViewMove */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').CatalogGame} CatalogGame */
/** @typedef {import('./types.js').CatalogOption} CatalogOption */
/** @typedef {import('./types.js').AsteriskExtras} AsteriskExtras */
/** @typedef {import('./types.js').RecordFile} RecordFile */
/**
 * A JSON API call: the reply's JSON object, or an Error with the server's
 * one-line message, in the page's language where the catalogue has it
 * (server-errors.js). Callers say which shape (types.js) they asked for.
 * @typedef {(method: string, path: string, body?: unknown, secret?: string) => Promise<unknown>} Api
 */

// ---- talking to the server --------------------------------------------------

// A JSON API caller; `unreachable` finishes the message shown when the
// server cannot be reached at all (the pages guess different reasons).
// A seat's secret, when given, goes as "Authorization: Bearer".
/** The guesses the pages give, by key. @type {Record<string, string>} */
const UNREACHABLE = { 'is the network down?': 'api.networkDown', 'is it still running?': 'api.stillRunning' };

/** @param {string} unreachable @returns {Api} */
export function apiClient(unreachable) {
  return async function api(method, path, body, secret = '') {
    /** @type {Record<string, string>} */
    const headers = {};
    /** @type {RequestInit} */
    const init = { method, headers };
    // Every state change says JSON, body or not: the server refuses any
    // other (a guard against other sites' pages, docs/server.md).
    if (method !== 'GET') headers['Content-Type'] = 'application/json';
    if (body !== undefined) init.body = JSON.stringify(body);
    if (secret) headers.Authorization = `Bearer ${secret}`;
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      throw new Error(say('api.unreachable', { why: UNREACHABLE[unreachable] ? say(UNREACHABLE[unreachable]) : unreachable }));
    }
    /** @type {{error?: string, code?: string, params?: Record<string, unknown>}} */
    let data = {};
    try {
      data = await res.json();
    } catch (e) {
      data = { error: say('api.noMessage', { status: res.status }) };
    }
    if (!res.ok) throw new Error(data.error ? serverError(data) : say('api.status', { status: res.status }));
    return data;
  };
}

// The words of a failure caught: an Error's message (the API client's are
// the server's one line), else what was thrown.
/** @param {unknown} e */
export const errorText = (e) => (e instanceof Error ? e.message : String(e));

// ---- the game-options form --------------------------------------------------

// Fills #options, #more-options and the "Advanced" rule switches (made
// inside #more when first needed) with the inputs of a catalog game's
// options, in player's words (names.js), and clears #position if the form
// has one (the tournaments' form has none). An option
// that does nothing in the chosen mode is hidden (and left at its default,
// so it is not sent). Returns a function that reports the options chosen.
/** @param {CatalogGame} info */
export function buildOptions(info) {
  const box = $('options');
  box.replaceChildren();
  $('more-options').replaceChildren();
  const advanced = advancedBox();
  advanced.box.replaceChildren();
  const position = document.getElementById('position');
  if (position) /** @type {HTMLInputElement} */ (position).value = '';
  const rows = info.options.map((o) => {
    const words = optionWords(info.id, o);
    const label = document.createElement('label');
    label.title = words.help;
    label.className = `option option-${words.place}`;
    label.append(`${words.label} `);
    const input = optionInput(o, words);
    label.append(input);
    if (words.place !== 'bar') {
      const help = document.createElement('small');
      help.className = 'option-help';
      help.textContent = words.help;
      label.append(help);
    }
    ({ bar: box, advanced: advanced.box }[words.place] || $('more-options')).append(label);
    return { o, words, label, input };
  });
  advanced.details.hidden = !rows.some((r) => r.words.place === 'advanced');
  const chosen = () => Object.fromEntries(rows.map((r) => [r.o.name, r.input.value]));
  const refresh = () => {
    const now = chosen();
    for (const r of rows) {
      const shown = r.words.shown(now);
      r.label.hidden = !shown;
      if (!shown) r.input.value = r.o.default;
    }
  };
  for (const r of rows) r.input.addEventListener('change', refresh);
  refresh();
  return chosen;
}

/**
 * @param {CatalogOption} o
 * @param {{valueName: (v: string) => string}} words
 */
function optionInput(o, words) {
  /** @type {HTMLInputElement|HTMLSelectElement} */
  let field;
  if (o.type === 'seed') {
    const box = document.createElement('input');
    box.type = 'number';
    box.min = '0';
    box.value = o.default;
    box.className = 'seed';
    field = box;
  } else {
    const list = document.createElement('select');
    for (const v of o.type === 'bool' ? ['false', 'true'] : o.allowed)
      list.add(new Option(words.valueName(v), v, false, v === o.default));
    field = list;
  }
  field.dataset.option = o.name;
  field.dataset.default = o.default;
  field.dataset.testid = `option-${o.name}`;
  return field;
}

// The folded "Advanced: rule switches" box inside #more.
function advancedBox() {
  let details = document.getElementById('advanced');
  if (!details) {
    details = document.createElement('details');
    details.id = 'advanced';
    details.dataset.testid = 'advanced';
    const summary = document.createElement('summary');
    summary.textContent = say('opt.advanced');
    const box = document.createElement('span');
    box.id = 'advanced-options';
    details.append(summary, box);
    $('more-options').after(details);
  }
  return { details, box: $('advanced-options') };
}

// The options of a form that differ from their defaults: only those are
// sent, so that options of another mode (Asterisk) stay at their defaults.
/** @param {HTMLFormElement} form */
export function changedOptions(form) {
  /** @type {Record<string, string>} */
  const options = {};
  for (const field of form.querySelectorAll('input[data-option], select[data-option]')) {
    const f = /** @type {HTMLInputElement|HTMLSelectElement} */ (field);
    if (f.dataset.option && f.value !== f.dataset.default) options[f.dataset.option] = f.value;
  }
  return options;
}

// ---- moves by click ---------------------------------------------------------

// Whether move `m` begins with the cells `path` and fits the chosen pick.
/** @param {ViewMove} m @param {string[]} path @param {string|null} pick */
function fits(m, path, pick) {
  return m.path.length >= path.length && path.every((c, i) => m.path[i] === c) &&
    (pick === null || m.pick === undefined || m.pick === pick);
}

// The moves that continue the move in progress (strictly longer than it).
/** @param {ViewMove[]} moves @param {string[]} path @param {string|null} pick */
export function candidates(moves, path, pick) {
  return moves.filter((m) => m.path.length > path.length && fits(m, path, pick));
}

// The cells to highlight: the next landings of the move in progress, or,
// with a pick chosen and no cell yet, the cells the pick can go on.
/** @param {ViewMove[]} cands @param {string[]} path @param {string|null} pick */
export function targets(cands, path, pick) {
  if (path.length > 0) return [...new Set(cands.map((m) => m.path[path.length]))];
  return pick !== null ? [...new Set(cands.map((m) => m.path[0]))] : [];
}

// What a click on `cell` does to the move in progress `path`:
//   {path, finish: moves}  the cells `path` are complete (the moves differ
//                          at most in a pick);
//   {restart: true}        the click starts a new move from another man;
//   {refuse: true}         the click continues and starts no move;
//   {path, stop}           the path grows; `stop` says it may also end here.
/**
 * @param {ViewMove[]} moves @param {string[]} path @param {string|null} pick @param {string} cell
 * @returns {{path?: string[], finish?: ViewMove[], restart?: boolean, refuse?: boolean, stop?: boolean}}
 */
export function clickStep(moves, path, pick, cell) {
  const prefix = [...path, cell];
  const cands = moves.filter((m) => fits(m, prefix, pick));
  if (cands.length === 0) {
    // The same cell again ends a chain that may stop there (Shatra's biy).
    if (path.length > 0 && cell === path[path.length - 1]) {
      const done = moves.filter((m) => m.path.length === path.length && fits(m, path, pick));
      if (done.length) return { path, finish: done };
    }
    // A click on another man starts again from there.
    if (path.length > 0 && moves.some((m) => fits(m, [cell], pick) && m.path.length > 1))
      return { restart: true };
    return { refuse: true };
  }
  const exact = cands.filter((m) => m.path.length === prefix.length);
  if (exact.length && exact.length === cands.length) return { path: prefix, finish: exact };
  return { path: prefix, stop: exact.length > 0 };
}

// Why a click on `cell` starts or continues no move, in the words of the
// game: `shown` is the position on screen, `path` and `pick` the move in
// progress.
/** @param {TableState} shown @param {string[]} path @param {string|null} pick @param {string} cell */
export function explainClick(shown, path, pick, cell) {
  const view = shown.view;
  const moves = view.moves;
  const piece = view.pieces.find((p) => p.cell === cell);
  const captures = moves.length > 0 && moves.every((m) => m.capture);
  if (path.length > 0) {
    const from = path[0];
    return say(captures ? 'click.illegal.capture' : 'click.illegal', { path: [...path, cell].join(' \u2192 ') }) + ' ' +
      say(from === cell ? 'click.again.it' : 'click.again.there');
  }
  if (pick !== null) return say('click.noPick', { pick, cell });
  if (moves.every((m) => m.path.length <= 1)) {
    return say(piece ? 'click.taken' : 'click.cannot', { cell });
  }
  const to = shown.to_move;
  if (piece && piece.owner !== null && piece.owner !== to)
    return say('click.notYours', { owner: side(shown.players[piece.owner]?.name, 'gen'), side: side(shown.players[to]?.name, 'gen') });
  if (piece) return say(captures ? 'click.stuck.capture' : 'click.stuck', { cell });
  return say('click.nothing', { cell });
}

// The Asterisk supply type a move picks, else nothing.
/** @param {View} view @param {ViewMove} m */
function pickType(view, m) {
  if (view.kind !== 'asterisk' || !m.pick) return null;
  return /** @type {AsteriskExtras} */ (view.extras).supply.find((x) => x.type === m.pick) ?? null;
}

// An Asterisk supply type's icon for a move that picks one, else nothing.
/** @param {View} view @param {ViewMove} m @param {number} size */
function pickIcon(view, m, size) {
  const t = pickType(view, m);
  return t ? asteriskIcon(t, size) : null;
}

// The cells are chosen and the moves differ only in a pick: #chooser asks
// for it, calling play(move) or cancel().
/**
 * @param {ViewMove[]} moves @param {View} view
 * @param {(m: ViewMove) => unknown} play @param {() => void} cancel
 */
export function showChooser(moves, view, play, cancel) {
  const chooser = $('chooser');
  chooser.replaceChildren();
  const title = document.createElement('div');
  title.textContent = moves[0].pick_label ? say('choose.label', { label: moves[0].pick_label }) : say('choose.one');
  chooser.append(title);
  for (const m of moves) {
    const b = document.createElement('button');
    b.dataset.move = m.text;
    b.dataset.pick = m.pick || '';
    const icon = pickIcon(view, m, 24);
    if (icon) b.append(icon, ' ');
    // An Asterisk piece by its looks, with its code ("dark hexagon (dhe)");
    // a phone shows the icon alone (style.css), the words still read aloud.
    const type = pickType(view, m);
    const words = document.createElement('span');
    words.className = 'pick-words';
    words.textContent = type ? pieceWords({ ...type, cell: '', owner: null, kind: type.type }, view.kind, []) : m.pick || m.text;
    b.append(words);
    b.title = m.text;
    b.addEventListener('click', () => { chooser.hidden = true; play(m); });
    chooser.append(b);
  }
  const b = document.createElement('button');
  b.textContent = say('play.cancel');
  b.addEventListener('click', () => { chooser.hidden = true; cancel(); });
  chooser.append(b);
  chooser.hidden = false;
}

// Moves made without clicking cells (a swap, Asterisk's hand-over), as
// buttons in #specials (none while `view` is null: no move may be made);
// `icons` adds the supply type's icon to each.
/** @param {View|null} view @param {(m: ViewMove) => unknown} play @param {boolean} icons */
export function renderSpecials(view, play, icons) {
  const box = $('specials');
  box.replaceChildren();
  if (!view) return;
  for (const m of view.moves.filter((mv) => mv.path.length === 0)) {
    const b = document.createElement('button');
    b.dataset.move = m.text;
    const icon = icons ? pickIcon(view, m, 20) : null;
    if (icon) b.append(icon, ' ');
    b.append(m.label || m.text);
    b.addEventListener('click', () => play(m));
    box.append(b);
  }
}

// ---- wiring -----------------------------------------------------------------

// Clicks and drags on #board. Dragging a man onto a cell is the same as
// clicking that cell next; a press and release without a drag is one click
// only. With `follow`, the dragged man follows the pointer. A finger acts
// when it is lifted, and not at all when the browser took the touch to
// pan a board larger than the screen (touch.js): then pointercancel.
/**
 * @param {{path: string[]}} ui  the move in progress
 * @param {(cell: string|null, touch?: boolean) => void} clickCell @param {boolean} follow
 */
export function wireBoard(ui, clickCell, follow) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('board')));
  /** @type {string|null} */
  let down = null;
  let dragged = false;
  svg.addEventListener('pointerdown', (e) => {
    down = cellAt(e);
    dragged = false;
    if (down && e.pointerType !== 'touch') clickCell(down);
  });
  svg.addEventListener('pointercancel', () => { down = null; });
  svg.addEventListener('pointerup', (e) => {
    const up = cellAt(e);
    if (e.pointerType === 'touch') {
      if (down) clickCell(down, true);
      if (down && up && up !== down && ui.path.length > 0) clickCell(up, true);
    } else if (dragged && down && up && up !== down && ui.path.length > 0) clickCell(up);
    down = null;
    dragged = false;
  });
  svg.addEventListener('pointermove', (e) => {
    if (!down || ui.path.length === 0 || !(e.buttons & 1)) return;
    dragged = true;
    if (follow) followPointer(svg, ui.path[0], e);
  });
}

/** @param {SVGSVGElement} svg @param {string} cell @param {PointerEvent} e */
function followPointer(svg, cell, e) {
  const man = svg.querySelector('.men [data-cell="' + CSS.escape(cell) + '"]');
  const ctm = svg.getScreenCTM();
  if (!man || !ctm) return;
  const pt = svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const p = pt.matrixTransform(ctm.inverse());
  const c = man.querySelector('circle');
  if (!c) return;
  man.setAttribute('transform', `translate(${p.x - c.cx.baseVal.value} ${p.y - c.cy.baseVal.value})`);
  man.classList.add('dragging');
}

// The board's look: Flip, labels and letters-or-pieces (remembered on this
// browser), each redrawing the board.
/**
 * @param {{flipped: boolean, labels: boolean, letters: boolean}} ui
 * @param {() => void} render
 */
export function wireLook(ui, render) {
  $('flip').addEventListener('click', () => { ui.flipped = !ui.flipped; render(); });
  $('labels').addEventListener('change', () => { ui.labels = input('labels').checked; render(); });
  input('letters').checked = ui.letters;
  $('letters').addEventListener('change', () => {
    ui.letters = input('letters').checked;
    localStorage.setItem('asterism-men', ui.letters ? 'letters' : 'pieces');
    render();
  });
}

// Offers a record the server sent ({filename, record|pgn}) as a download.
/** @param {RecordFile} r @param {'record'|'pgn'} format */
export function saveFile(r, format) {
  const blob = new Blob([r[format] || ''], { type: format === 'pgn' ? 'application/x-chess-pgn' : 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = r.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
