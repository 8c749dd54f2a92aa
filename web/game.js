// The one game module of the local page (app.js) and the online page
// (online.js), in the spirit of lichess's ui/round: a controller over the
// game on screen in the one shape every home of a game answers with
// (types.js, TableState: the server's state JSON as it comes), the move in progress and
// the board's look; views.js draws it. The controller turns clicks and
// drags on the board into moves; the page says what differs: whether this
// player may move now, how a click that starts no move is explained, how a
// move is sent and how the page redraws.
import { $ } from './dom.js';
import { clickStep, showChooser, wireBoard, wireLook } from './shared.js';
import { wireBoardKeys, wireTyping } from './access.js';
import { wireConfirm } from './touch.js';
import { t as say } from './i18n.js';

/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').ViewMove} ViewMove */

/**
 * What a game's page holds, whichever page it is; each page adds its own.
 * @typedef {Object} GameUi
 * @property {TableState|null} game  the game as its home last described it
 * @property {TableState|null} position  the position on screen: the game's,
 *   or an earlier one while browsing or replaying
 * @property {string[]} path  cells clicked for the move in progress
 * @property {string|null} pick  a piece type or promotion chosen for it
 * @property {boolean} flipped
 * @property {boolean} labels
 * @property {boolean} letters  men as letters in discs, else drawn pieces
 * @property {boolean} busy  a request that changes the game is under way
 * @property {{step: number}|null} animation  the last move shown landing by landing
 * @property {(pick: string) => void} selectPick  the Asterisk supply is a
 *   palette: choosing a type limits the next move to it
 * @property {string|null} focus  the cell the keyboard is on (access.js)
 * @property {ViewMove|null} pending  a move tapped, waiting to be confirmed (touch.js)
 */

/**
 * What a page tells the controller.
 * @typedef {Object} GamePage
 * @property {() => string} whyNot  why this player may not move now, '' when they may
 * @property {(cell: string) => string} explain  why a click on `cell` starts no move
 * @property {(move: ViewMove) => unknown} play  sends a move; the
 *   promise it may return says why it was refused ('' when it was not)
 * @property {() => void} render
 * @property {(text: string, kind?: string) => void} message
 * @property {boolean} [pickHint]  say what a chosen pick waits for
 */

/**
 * The GameUi fields of a page before its first game.
 * @returns {GameUi}
 */
export function gameUi() {
  return {
    game: null,
    position: null,
    path: [],
    pick: null,
    flipped: false,
    labels: false,
    letters: localStorage.getItem('asterism-men') === 'letters',
    busy: false,
    animation: null,
    selectPick: () => {},
    focus: null,
    pending: null,
  };
}

// Whether the position on screen is an earlier one than the game's.
/** @param {GameUi} ui */
export const browsing = (ui) => !!ui.position && !!ui.game && ui.position.ply !== ui.game.ply;

/**
 * @param {GameUi} ui
 * @param {GamePage} page
 */
export function gameController(ui, page) {
  /** @param {string} text */
  function refuse(text) {
    page.message(text);
    ui.path = [];
    page.render();
  }

  // A click (or tap, or Enter on the keyboard's cell) on `cell`. With
  // "Confirm moves" on, a tap that completes a move only selects it: a
  // second tap on its last cell, or the Play button, plays it (touch.js).
  /** @param {string|null} cell @param {boolean} [touch] */
  function clickCell(cell, touch = false) {
    if (!cell || !ui.position) return;
    const why = page.whyNot();
    if (why) return refuse(why);
    if (ui.busy) return;
    page.message('');
    if (ui.pending) {
      const held = ui.pending;
      ui.pending = null;
      if (cell === held.path[held.path.length - 1]) return void page.play(held);
      ui.path = [];
    }
    ui.focus = cell;
    const step = clickStep(ui.position.view.moves, ui.path, ui.pick, cell);
    if (step.refuse) return refuse(page.explain(cell));
    ui.path = step.restart ? [cell] : step.path || [];
    if (step.finish) return finish(step.finish, touch);
    if (step.stop) page.message(say('click.stop'), 'hint');
    page.render();
  }

  // The cells are chosen; if moves differ only in a pick, ask for it.
  /** @param {ViewMove[]} moves @param {boolean} [touch] */
  function finish(moves, touch = false) {
    if (moves.length === 1 && touch && confirm.wanted()) {
      ui.pending = moves[0];
      return page.render();
    }
    if (moves.length === 1) return page.play(moves[0]);
    if (!ui.position) return;
    // A choice made from the keyboard gives the focus back to the board.
    const back = () => {
      const cell = $('board').querySelector('.cells [tabindex="0"]');
      if (document.activeElement?.closest('#chooser') && cell instanceof SVGElement) cell.focus();
    };
    showChooser(moves, ui.position.view, (m) => { back(); return page.play(m); },
      () => { back(); ui.path = []; page.render(); });
    page.render();
  }

  ui.selectPick = (pick) => {
    ui.pick = ui.pick === pick ? null : pick;
    ui.path = [];
    if (page.pickHint) page.message(ui.pick ? say('click.pick', { pick }) : '', 'hint');
    page.render();
  };

  // Forgets the move in progress (a new position, Escape).
  function clearMove() {
    ui.path = [];
    ui.pick = null;
    ui.pending = null;
    $('chooser').hidden = true;
  }

  // "Confirm moves" and the bar that asks (touch.js).
  const confirm = wireConfirm(ui, { play: (m) => page.play(m), cancel: () => { clearMove(); page.render(); } });

  /**
   * The board's clicks and drags (`follow`: the dragged man follows the
   * pointer), its keys and the typed move (access.js), its look (Flip,
   * Labels, Letters), Escape, and with `browse` the arrow keys.
   * @param {{follow: boolean, browse?: (ply: number) => unknown}} how
   */
  function wire({ follow, browse }) {
    wireBoard(ui, clickCell, follow);
    wireBoardKeys(ui, clickCell);
    wireTyping(ui, page);
    wireLook(ui, page.render);
    document.addEventListener('keydown', (e) => {
      if (e.target instanceof Element && e.target.closest('input, select')) return;
      if (!ui.position) return;
      if (browse && e.key === 'ArrowLeft') browse(ui.position.ply - 1);
      if (browse && e.key === 'ArrowRight') browse(ui.position.ply + 1);
      if (e.key === 'Escape') { clearMove(); page.render(); }
    });
  }

  return { clickCell, finish, refuse, clearMove, wire };
}
