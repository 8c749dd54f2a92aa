// The JSON shapes of an analysis and a review (POST /api/games/ID/analyze
// and .../review, and the engine's worker: docs/server.md, docs/review.md).
// Like types.js, no page loads this file: pages name its types in JSDoc;
// types.js names each of them too.
export {};

/**
 * @typedef {Object} Candidate
 * @property {string} move
 * @property {number} visits
 * @property {number} winrate  for the player to move
 * @property {string[]} pv
 * @property {'win'|'loss'} [proven]
 * @property {number} [proven_plies]
 */
/**
 * @typedef {Object} Ownership
 * @property {number} samples
 * @property {number[]} first  per cell, in the view's cell order
 * @property {number[]} second
 * @property {number[]} [score]  *Star: each player's expected score
 * @property {number[]} [peries]
 */
/**
 * POST /api/games/ID/analyze.
 * @typedef {Object} Analysis
 * @property {number} ply
 * @property {number} to_move
 * @property {Candidate[]} candidates
 * @property {number} playouts
 * @property {'playouts'|'nodes'} unit
 * @property {number} seconds
 * @property {number} level
 * @property {number} [winrate_first]
 * @property {string} [proven]  "win in 3"
 * @property {Ownership} [ownership]
 */

/**
 * @typedef {Object} ReviewMove
 * @property {number} ply
 * @property {string} move
 * @property {number} mover
 * @property {string} mover_name
 * @property {number} before
 * @property {number} after
 * @property {number} loss
 * @property {''|'inaccuracy'|'mistake'|'blunder'} mark
 * @property {string} best
 * @property {string} [proven]  "win in 3", the server's words
 * @property {boolean} [decisive]  the move that lost the game (docs/review.md)
 * @property {boolean} [forced_loss]  after it the other player wins by force; not after the better move
 * @property {number} [odds_cut]  in a lost position, how many times the move cut the mover's odds (3 or more)
 * @property {'win'|'loss'} [proven_result]  the same for the page's words
 * @property {number} [proven_plies]
 */
/**
 * POST and GET /api/games/ID/review; the last three once done.
 * @typedef {Object} Review
 * @property {'queued'|'running'|'done'|'failed'} status
 * @property {number} level
 * @property {number} done
 * @property {number} total
 * @property {string} [error]
 * @property {import('./types.js').Reason} [reason]  the failure's reason by code, when it has one
 * @property {{inaccuracy: number, mistake: number, blunder: number}} [thresholds]
 * @property {number[]} [winrate_first]  per position 0..moves
 * @property {ReviewMove[]} [moves]
 * @property {ReviewPlayer[]} [players]  each player who moved (docs/review.md, accuracy)
 * @property {number} [tempo_bias]  what the graph took out, 0..1
 */
/**
 * @typedef {Object} ReviewPlayer
 * @property {number} player
 * @property {string} name
 * @property {number} moves
 * @property {number} accuracy  percent, lichess's formula
 * @property {number} inaccuracies
 * @property {number} mistakes
 * @property {number} blunders
 */
/** @typedef {Review & Required<Pick<Review, 'thresholds'|'winrate_first'|'moves'>>} FinishedReview */
