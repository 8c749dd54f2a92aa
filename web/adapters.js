// The two adapters of the one game module (game.js): a local session
// (/api/sessions, docs/server.md) and an online game (/api/games,
// docs/online.md) described as the one Game shape (types.js) that the
// board, the score, the move list, the clocks, the analysis and the review
// read. Each page keeps its server's JSON for what only it shows: the local
// page its seats and setup, the online page its seats, banners and links.

/** @typedef {import('./types.js').Session} Session */
/** @typedef {import('./types.js').OnlineGame} OnlineGame */
/** @typedef {import('./types.js').Game} Game */

// A session's state, or a position of it (`?ply=N`, whose `ply` is still
// the game's: the position is the shown one).
/** @param {Session} s @returns {Game} */
export function fromSession(s) {
  return {
    id: s.id,
    spec: s.game,
    gameId: s.game_id,
    // POST /api/view answers in the one state of /api/games, whose `ply` is
    // the shown position's; the local routes' old shape has `shown_ply`.
    ply: s.shown_ply ?? s.ply,
    toMove: s.to_move,
    terminal: s.terminal,
    result: s.result,
    outcome: s.outcome,
    termination: '',
    sides: s.players.map((p) => p.name),
    score: s.score,
    view: s.view,
    moveHelp: s.move_help,
    history: s.history,
    drawOfferedBy: s.draw ? s.draw.offered_by : -1,
    clock: null,
  };
}

/** @param {OnlineGame} s @returns {Game} */
export function fromOnline(s) {
  return {
    id: s.id,
    spec: s.game,
    gameId: s.game_id,
    ply: s.ply,
    toMove: s.to_move,
    terminal: s.terminal,
    result: s.result,
    outcome: s.outcome,
    termination: s.termination,
    sides: s.players.map((p) => p.name),
    score: s.score,
    view: s.view,
    moveHelp: s.move_help,
    history: s.history,
    drawOfferedBy: s.draw.offered_by,
    clock: s.clock,
  };
}
