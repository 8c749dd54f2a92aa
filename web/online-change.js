// A move's change in an online game (docs/server.md, "A move's change"):
// the stream's `move` event, and the reply to this page's own move, carry
// the move and what it changed (ply, side to move, result, score, clock,
// status, draw and takeback), not the whole state. The page replays the
// game's moves from its start in its own engine (local-game.js,
// viewInBrowser: the server's rules and view, compiled to WebAssembly) to
// draw the new position and its legal moves, and lays the change's fields
// over that. When the change does not follow the state on screen (an event
// was missed) or the browser has no engine, the caller fetches the whole
// game instead, as lila's round does after a gap.
import { viewInBrowser } from './local-game.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').MoveChange} MoveChange */

/**
 * Whether a reply or an event is a move's change rather than a state.
 * @param {GameState|MoveChange} s
 * @returns {s is MoveChange}
 */
export const isChange = (s) => 'change' in s && s.change === 'move';

/**
 * The state after `change`, from `old`, the state it follows; null when it
 * does not follow it or the page's engine cannot draw it (then the caller
 * fetches the game).
 * @param {GameState} old
 * @param {MoveChange} change
 * @returns {Promise<GameState|null>}
 */
export async function applyChange(old, change) {
  if (change.id !== old.id || change.seq !== old.seq + 1 || change.ply !== old.ply + 1) return null;
  const history = [...old.history, change.move];
  let table;
  try {
    table = await viewInBrowser(old.game, old.start || '', history);
  } catch (e) {
    return null;
  }
  if (table.ply !== change.ply) return null;
  const { change: _kind, move: _move, ...fields } = change;
  return {
    ...old,
    ...fields,
    history,
    position: table.position,
    move_help: table.move_help,
    // The cells and the box never change during a game: the first state's.
    view: { ...table.view, cells: old.view.cells, box: old.view.box },
    termination_reason: change.termination_reason,
  };
}

/**
 * A queue of the changes a page is given (the stream's and its own move's
 * replies), each applied to the state on screen in turn: `accept`ed when it
 * follows it, else the game is fetched (`catchUp`). The returned function
 * resolves when its change is drawn.
 * @param {{state: GameState|null}} ui
 * @param {{accept: (s: GameState, own?: boolean) => void, catchUp: () => Promise<void>,
 *   render: () => void}} page
 * @returns {(c: MoveChange, own?: boolean) => Promise<void>}
 */
export function changeQueue(ui, { accept, catchUp, render }) {
  /** @type {Promise<void>} */
  let changes = Promise.resolve();
  return (c, own = false) => {
    changes = changes.then(async () => {
      const old = ui.state;
      if (!old || old.id !== c.id) return;
      if (c.seq <= old.seq) {
        if (own) render();
        return;
      }
      const s = await applyChange(old, c);
      if (ui.state === old && s) accept(s, own);
      else if (ui.state && ui.state.id === c.id && ui.state.seq < c.seq) await catchUp();
      else if (own) render();
    });
    return changes;
  };
}
