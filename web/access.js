// The board for keyboards and screen readers (issue 27), on the local and
// the online page alike (game.js wires it, views.js draws with it): each
// cell's accessible name (its name as moves write it, what stands on it,
// what a move in progress makes of it), the arrow keys moving a focus cell
// between neighbours on screen whatever the board's shape (a roving
// tabindex: the board is one stop of the Tab order), Enter or Space
// clicking the focus cell, a live region that says the moves played and the
// result, and a text box where a move is typed as the move list writes it,
// its list of suggestions the legal moves.
import { $, input } from './dom.js';
import { t as say, side as sideName, has } from './i18n.js';
import { manName, outcomeText } from './names.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').ViewPiece} ViewPiece */
/** @typedef {import('./types.js').ViewMove} ViewMove */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {{name: string, x: number, y: number}} ScreenCell */

// What stands on a cell, in words: the side and the man, or an Asterisk
// piece by its looks (the pieces are nobody's).
/** @param {ViewPiece} p @param {string} kind @param {string[]} sides */
export function pieceWords(p, kind, sides) {
  const cls = p.cls || '';
  if (kind === 'asterisk') {
    const shape = p.shape === 'hex' ? 'hex' : 'circle';
    const looks = has(`asterisk.${p.colour}.${shape}`) ? say(`asterisk.${p.colour}.${shape}`)
      : `${p.colour || ''} ${shape === 'hex' ? 'hexagon' : 'circle'}`;
    return say(p.marking === 'asterisk' ? 'asterisk.piece.marked' : 'asterisk.piece', { looks, type: p.type || p.kind });
  }
  const side = p.owner === null ? '' : sides[p.owner] || say('cell.player', { n: p.owner + 1 });
  const man = side ? manName(side, kind === 'starstar' ? 'stone' : p.kind) : p.kind;
  if (kind === 'starstar') return cls.includes('star') ? say('cell.stone.star', { stone: man }) : man;
  const marks = ['reserve', 'urgent', 'next-entry'].filter((m) => cls.split(' ').includes(m));
  return marks.length ? say('cell.marked', { man, marks: marks.map((m) => say(`cell.mark.${m}`)).join(', ') }) : man;
}

/**
 * Each cell's accessible name, as "e4, White batyr, selected".
 * @param {TableState} shown @param {{path: string[], targets: string[]}} move
 * @returns {(cell: string) => string}
 */
export function describer(shown, move) {
  const view = shown.view;
  /** @type {Map<string, ViewPiece>} */
  const on = new Map();
  for (const p of view.pieces) on.set(p.cell, p);
  const targets = new Set(move.targets);
  const last = new Set(view.last ? view.last.path : []);
  return (cell) => {
    const p = on.get(cell);
    const words = [cell, p ? pieceWords(p, view.kind, shown.players.map((x) => x.name)) : say('cell.empty')];
    if (move.path.includes(cell)) words.push(say('cell.selected'));
    if (targets.has(cell)) words.push(say('cell.target'));
    if (last.has(cell)) words.push(say('cell.last'));
    return words.join(', ');
  };
}

// The board's cells where they are on screen (Flip turns the drawing).
/** @param {View} view @param {boolean} flipped @returns {ScreenCell[]} */
export function screenCells(view, flipped) {
  const box = view.box || [0, 0, 1, 1];
  return (view.cells || []).map((c) => (flipped ?
    { name: c.name, x: box[0] + box[2] - c.x, y: box[1] + box[3] - c.y } : { name: c.name, x: c.x, y: c.y }));
}

const DIRECTIONS = /** @type {Record<string, number[]>} */ ({
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
});

/**
 * The cell an arrow key moves the focus to from `from`: the nearest in
 * that direction within about 60 degrees of it, a sideways step counting
 * half again, so that on hexagons Up goes to the row above, not two rows
 * up. null at the edge.
 * @param {ScreenCell[]} cells @param {string} from @param {string} key
 */
export function neighbour(cells, from, key) {
  const dir = DIRECTIONS[key];
  const a = cells.find((c) => c.name === from);
  if (!a || !dir) return null;
  let best = null, bestScore = Infinity;
  for (const c of cells) {
    const dx = c.x - a.x, dy = c.y - a.y;
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along < 0.3 || across > 2 * along) continue;
    const score = Math.hypot(dx, dy) + 0.5 * across;
    if (score < bestScore - 1e-9) { best = c.name; bestScore = score; }
  }
  return best;
}

// The cell the keyboard starts on: one the player may move from (or play
// on), else the middle of the board.
/** @param {View} view */
export function startCell(view) {
  const first = view.moves.find((m) => m.path.length > 0);
  if (first) return first.path[0];
  const cells = view.cells || [];
  const box = view.box || [0, 0, 1, 1];
  const mx = (box[0] + box[2]) / 2, my = (box[1] + box[3]) / 2;
  let best = cells[0];
  for (const c of cells) if (Math.hypot(c.x - mx, c.y - my) < Math.hypot(best.x - mx, best.y - my)) best = c;
  return best ? best.name : null;
}

/**
 * The arrow keys, Enter and Space on the board (#board). `click` is a
 * click on the focus cell; a move that needs a choice moves the focus to
 * the chooser's first button.
 * @param {{position: TableState|null, focus: string|null, flipped: boolean}} ui
 * @param {(cell: string) => void} click
 * @param {() => void} [cancel] Escape: forget the move in progress (the
 *   lesson and puzzle pages; the play pages' Escape is game.js's, on the
 *   whole document)
 */
export function wireBoardKeys(ui, click, cancel) {
  const svg = $('board');
  svg.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && cancel) return cancel();
    if (!ui.position || !ui.focus) return;
    if (e.key in DIRECTIONS) {
      e.preventDefault();
      e.stopPropagation();  // the page's own arrows browse the moves
      const next = neighbour(screenCells(ui.position.view, ui.flipped), ui.focus, e.key);
      if (next) moveFocus(svg, ui, next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      click(ui.focus);
      const chooser = $('chooser');
      if (!chooser.hidden) chooser.querySelector('button')?.focus();
    }
  });
}

// Moves the roving tabindex and the focus ring to `cell` without a redraw.
/** @param {Element} svg @param {{focus: string|null}} ui @param {string} cell */
function moveFocus(svg, ui, cell) {
  const next = svg.querySelector(`.cells [data-cell="${CSS.escape(cell)}"]`);
  if (!(next instanceof SVGElement)) return;
  for (const c of svg.querySelectorAll('.cells [tabindex="0"]')) c.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  ui.focus = cell;
  svg.querySelector('.focus-ring')?.setAttribute('points', next.getAttribute('points') || '');
  next.focus({ preventScroll: true });
}

// Refills the move box's list of suggestions (wireSuggestions); called
// after every drawing of the board, which renderBoard (views.js) ends with
// announce(): a move, a takeback, browsing, a new game.
let suggest = () => {};

/** @type {{id: string, ply: number, over: boolean, toMove: number}} */
let heard = { id: '', ply: 0, over: false, toMove: -1 };

/**
 * Says in the live region (#announce) the moves played since it last
 * spoke, by either side, and the result; a game first seen (or a move taken
 * back) is taken as it is, silently.
 * @param {import('./types.js').TableState|null} game
 */
export function announce(game) {
  suggest();
  const box = document.getElementById('announce');
  if (!game || !box) return;
  const n = game.history.length;
  const now = { id: game.id, ply: n, over: game.terminal, toMove: game.to_move };
  if (heard.id !== game.id || n < heard.ply) {
    heard = now;
    return;
  }
  // The mover of a move is the side that was to move before it (Asterisk's
  // first player moves twice at the start); of several, they alternate.
  const said = [];
  const sides = game.players.length || 1;
  for (let i = heard.ply; i < n; i++) {
    const side = game.players[(Math.max(0, heard.toMove) + i - heard.ply) % sides]?.name || '';
    said.push(say('announce.played', { side: sideName(side), move: moveWords(game, game.history[i]) }).trim());
  }
  if (game.terminal && !heard.over) said.push(say('announce.over', { outcome: outcomeText(game), result: game.result }));
  if (said.length) box.textContent = said.join(' ');
  heard = now;
}

// A move as the live region says it: an Asterisk piece by its looks, not
// its code ("dark hexagon with an asterisk (dhe) on b3", not "dhe@b3"),
// issue 43 point 7; other moves as written.
/** @param {import('./types.js').TableState} game @param {string} text */
function moveWords(game, text) {
  const drop = /^([a-z]{3})@(\S+)$/.exec(text);
  if (!drop || game.view.kind !== 'asterisk') return text;
  const supply = /** @type {import('./types.js').AsteriskExtras} */ (game.view.extras).supply || [];
  const type = supply.find((x) => x.type === drop[1]);
  if (!type) return text;
  const piece = pieceWords({ ...type, cell: drop[2], owner: null, kind: type.type }, 'asterisk', []);
  return say('announce.placed', { piece, cell: drop[2] });
}

/**
 * A typed move among the legal moves of `view`: the move, or why not. The
 * text is the move list's (a different case is forgiven); anything else
 * is an unknown move when it names a cell or piece the board does not
 * have, else an illegal one.
 * @param {View} view @param {string} text
 * @returns {{move?: ViewMove, error?: string, unknown?: boolean}}
 */
export function typedMove(view, text) {
  const moves = view.moves;
  const texts = moves.slice(0, 2).map((m) => m.text);
  const example = texts.length > 1 ? say('type.examples', { a: texts[0], b: texts[1] }) : texts.join('');
  if (!text) return { error: example ? say('type.how.example', { example }) : say('type.how') };
  const exact = moves.find((m) => m.text === text) ||
    moves.filter((m) => m.text.toLowerCase() === text.toLowerCase()).find((_, i, all) => all.length === 1);
  if (exact) return { move: exact };
  if (moves.length === 0) return { error: say('type.none') };
  // The characters that join cells in the moves' text (-, :, @), never in a cell's name.
  const names = new Set((view.cells || []).map((c) => c.name.toLowerCase()));
  for (const m of moves) if (m.pick) names.add(m.pick.toLowerCase());
  const inNames = new Set([...names].join(''));
  const joins = new Set([...moves.map((m) => m.text).join('')].filter((ch) => !inNames.has(ch.toLowerCase())));
  const parts = [...text.toLowerCase()].map((ch) => (joins.has(ch) || ch === ' ' ? '\n' : ch)).join('').split('\n');
  const stranger = parts.find((p) => p && !names.has(p));
  if (stranger !== undefined) {
    return { unknown: true, error: say('type.unknown', { text, stranger, example }) };
  }
  return { error: say('type.illegal', { text, example }) };
}

// The most moves the box's list offers at once. The first position of
// Asterisk at its usual size (11) has 396 and a *Star board of size 10 275,
// but the larger Asterisk boards have a thousand and more: past this many
// the list holds only the moves that begin as the text typed so far, which
// keeps the page quick and the list one a person can read.
export const MOST_SUGGESTED = 400;

/**
 * The box's suggestions for the text typed so far: the legal moves as the
 * move list writes them (the view's `text`, in the game's notation), all of
 * them, or past MOST_SUGGESTED the first that begin with `typed` (a
 * different case forgiven).
 * @param {ViewMove[]} moves @param {string} typed
 * @returns {string[]}
 */
export function suggestions(moves, typed) {
  const texts = [...new Set(moves.map((m) => m.text))];
  if (texts.length <= MOST_SUGGESTED) return texts;
  const start = typed.trim().toLowerCase();
  return texts.filter((t) => t.toLowerCase().startsWith(start)).slice(0, MOST_SUGGESTED);
}

/**
 * The move box's <datalist> (#move-suggestions, tied to it by `list`): the
 * suggestions for the position on screen while this player may move in it,
 * else none. The list is rebuilt only when it differs.
 * @param {HTMLInputElement} box @param {{position: TableState|null}} ui
 * @param {() => string} whyNot
 */
function wireSuggestions(box, ui, whyNot) {
  const list = document.createElement('datalist');
  list.id = 'move-suggestions';
  box.after(list);
  box.setAttribute('list', list.id);
  let filled = '';
  suggest = () => {
    const shown = ui.position;
    const texts = shown && !shown.terminal && !whyNot() ? suggestions(shown.view.moves, box.value) : [];
    if (texts.join('\n') === filled) return;
    filled = texts.join('\n');
    list.replaceChildren(...texts.map((text) => Object.assign(document.createElement('option'), { value: text })));
  };
}

/**
 * The "Type a move" box (#move-form): a legal move is played; anything
 * else gets its one line in #move-error. A move the page does not know but
 * the server might (another notation it reads: Shatra's numbered cells) is
 * sent, and the server's refusal is that line. The box completes from a
 * <datalist> of the legal moves (native: screen readers and phones offer
 * it), empty while this player may not move (not their turn, the game
 * over, an earlier position on screen); the form's autocomplete="off"
 * still keeps the browser's history of typed text out.
 * @param {{position: TableState|null}} ui
 * @param {{whyNot: () => string, play: (m: ViewMove) => unknown, message: (t: string) => void}} page
 */
export function wireTyping(ui, page) {
  const form = document.getElementById('move-form');
  if (!form) return;
  drawMoveForm(form);
  const box = input('move-text');
  const error = $('move-error');
  /** @param {string} text */
  const show = (text) => { error.textContent = text; box.setAttribute('aria-invalid', String(!!text)); };
  wireSuggestions(box, ui, page.whyNot);
  box.addEventListener('input', () => { show(''); suggest(); });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!ui.position) return;
    const why = page.whyNot();
    if (why) return show(why);
    const text = box.value.trim();
    const found = typedMove(ui.position.view, text);
    if (found.error && !found.unknown) return show(found.error);
    show('');
    const failed = await page.play(found.move || { text, path: [] });
    if (typeof failed === 'string' && failed) {
      page.message('');
      show(found.error ? say('type.server', { error: found.error, why: failed }) : failed);
    } else {
      box.value = '';
      suggest();
    }
  });
}

/**
 * The move box's label, box, button and error line, drawn into the page's
 * empty <form id="move-form">, whose data-i18n-hint names the box's
 * tooltip (how that page writes moves).
 * @param {HTMLElement} form
 */
function drawMoveForm(form) {
  const label = document.createElement('label');
  label.htmlFor = 'move-text';
  label.textContent = say('play.type');
  const box = document.createElement('input');
  Object.assign(box, { id: 'move-text', size: 12, autocapitalize: 'off', spellcheck: false, title: say(form.dataset.i18nHint || 'play.type.title') });
  box.dataset.testid = 'move-text';
  box.setAttribute('aria-describedby', 'move-error');
  const button = document.createElement('button');
  Object.assign(button, { type: 'submit', id: 'move-play', textContent: say('play.play') });
  button.dataset.testid = 'move-play';
  const error = document.createElement('span');
  Object.assign(error, { id: 'move-error', className: 'move-error' });
  error.dataset.testid = 'move-error';
  error.setAttribute('role', 'alert');
  form.replaceChildren(label, box, button, error);
}
