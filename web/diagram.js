// Positions for the rules pages and the lessons, as the engine sees them:
// a position string (and moves from it) goes to the server, which parses
// it, and the board is drawn from the view it answers (docs/view.md), so a
// diagram can only show a real position. The server has no stateless
// "view of a position" route, so each position is a short session of two
// people that is deleted as soon as its view is read; one at a time, and
// remembered for the tab's life so that a page read twice asks once.
import { apiClient } from './shared.js';
import { parseSpec } from './names.js';

export const api = apiClient('is it still running?');

// The body of POST /api/sessions for a spec and a position string.
export function sessionBody(spec, position) {
  const { id, options } = parseSpec(spec);
  const body = { game: id, options, players: ['human', 'human'] };
  if (position) body.position = position;
  return body;
}

let queue = Promise.resolve();

// Runs `job` after the jobs asked before it, so that a page never holds
// more than one session of its own for diagrams.
function inTurn(job) {
  const run = queue.then(job, job);
  queue = run.catch(() => {});
  return run;
}

// The game state (view included) of `position` after `moves` (an array of
// move texts), for the game `spec`.
export function positionState(spec, position, moves = []) {
  const key = `asterism-diagram:${spec}|${position || ''}|${moves.join(' ')}`;
  const kept = sessionStorage.getItem(key);
  if (kept) return Promise.resolve(JSON.parse(kept));
  return inTurn(async () => {
    let s = await api('POST', '/api/sessions', sessionBody(spec, position));
    try {
      for (const move of moves) s = await api('POST', `/api/sessions/${s.id}/move`, { move });
    } finally {
      api('DELETE', `/api/sessions/${s.id}`).catch(() => {});
    }
    try {
      sessionStorage.setItem(key, JSON.stringify(s));
    } catch (e) {
      // A full storage only costs a second request next time.
    }
    return s;
  });
}

// The move of a view named by its text, or undefined.
export const moveOf = (view, text) => view.moves.find((m) => m.text === text);
