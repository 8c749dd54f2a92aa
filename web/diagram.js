// Positions for the rules pages and the lessons, as the engine sees them:
// a position string (and moves from it) goes to the server, which parses
// it, and the board is drawn from the view it answers (docs/view.md), so a
// diagram can only show a real position. POST /api/view keeps nothing on
// the server; each answer is remembered for the tab's life so that a page
// read twice asks once.
import { apiClient } from './shared.js';
import { parseSpec } from './names.js';
import { viewInBrowser } from './local-game.js';

/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').View} View */

export const api = apiClient('is it still running?');

// The body of POST /api/view for a spec and a position string; with `kind`
// "local" and two people's seats, POST /api/games's for a local game there.
/** @param {string} spec @param {string} [position] */
export function positionBody(spec, position) {
  const { id, options } = parseSpec(spec);
  /** @type {{game: string, options: Record<string, string>, position?: string}} */
  const body = { game: id, options };
  if (position) body.position = position;
  return body;
}

// The game state (view included) of `position` after `moves` (an array of
// move texts), for the game `spec`.
/** @param {string} spec @param {string} position @param {string[]} [moves] @returns {Promise<TableState>} */
export async function positionState(spec, position, moves = []) {
  const key = `asterism-diagram:${spec}|${position || ''}|${moves.join(' ')}`;
  const kept = sessionStorage.getItem(key);
  if (kept) return JSON.parse(kept);
  const body = positionBody(spec, position);
  /** @type {TableState} */
  let s;
  try {
    s = /** @type {TableState} */ (await api('POST', '/api/view', { ...body, moves }));
  } catch (e) {
    // Offline (docs/wasm.md): the browser's engine draws the same view,
    // from the same rules; the server's refusal stands if it cannot.
    s = await viewInBrowser(spec, position, moves).catch(() => { throw e; });
  }
  try {
    sessionStorage.setItem(key, JSON.stringify(s));
  } catch (e) {
    // A full storage only costs a second request next time.
  }
  return s;
}

// The move of a view named by its text, or undefined.
/** @param {View} view @param {string} text */
export const moveOf = (view, text) => view.moves.find((m) => m.text === text);
