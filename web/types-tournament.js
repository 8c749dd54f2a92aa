// The JSON shapes of tournaments (issue 29; /work/contract-29.md and
// docs/accounts.md "Tournaments"): the list, one tournament's view (GET
// /api/tournaments/ID, the replies to its actions, and each event of its
// live stream), and the body that creates one. Like types.js, no page loads
// this file: pages name its types in JSDoc, and tsc checks them.
export {};

/**
 * A tournament's clock. A view gives a Fischer clock as `base` and
 * `increment` in ms; a correspondence clock as `per_move` in ms (or `days`).
 * @typedef {Object} TournamentClock
 * @property {'fischer'|'correspondence'} kind
 * @property {number} [base]  ms
 * @property {number} [increment]  ms
 * @property {number} [per_move]  ms
 * @property {number} [days]
 * @property {number} [minutes]
 */
/** @typedef {'swiss'|'round_robin'|'arena'} TournamentFormat */
/** @typedef {'entry'|'running'|'finished'|'cancelled'} TournamentStatus */

/**
 * A tournament in a list (GET /api/tournaments).
 * @typedef {Object} TournamentSummary
 * @property {string} id
 * @property {string} name
 * @property {string} game  the game's id
 * @property {string} spec  the canonical spec
 * @property {TournamentFormat} format
 * @property {TournamentStatus} status
 * @property {number} players
 * @property {number} starts_ms  0: started by hand
 * @property {number} round
 * @property {number} rounds
 * @property {TournamentClock} clock
 * @property {boolean} rated
 */
/** GET /api/tournaments: @typedef {{tournaments: TournamentSummary[], page: number, more: boolean}} TournamentList */

/** @typedef {{index: number, name: string, withdrawn: boolean, paused: boolean}} TournamentPlayer */
/**
 * What the viewer may do now; `pause` and `resume` (arena) where the
 * server says so.
 * @typedef {{join: boolean, leave: boolean, withdraw: boolean, start: boolean, cancel: boolean,
 *   pause?: boolean, resume?: boolean}} TournamentCan
 */
/**
 * A line of the standings, best first.
 * @typedef {Object} Standing
 * @property {number} rank
 * @property {number} player  the player's index
 * @property {string} name
 * @property {number} score  swiss and round robin: points; arena: arena points
 * @property {number} buchholz
 * @property {number} sb  Sonneborn-Berger
 * @property {number} games
 * @property {boolean} withdrawn
 */
/** @typedef {'1-0'|'0-1'|'1/2-1/2'|'*'} GameResult */
/** A game of a round, its players by index; aborted: it ended before both sides moved, and scores nothing: @typedef {{white: number, black: number, id: string, result: GameResult, aborted?: boolean}} RoundGame */
/** A round (1-based) and who sits it out (-1: nobody): @typedef {{round: number, games: RoundGame[], bye: number}} Round */
/** @typedef {{round: number, opponent: number, colour: 'white'|'black'|'', result: '1'|'0'|'1/2'|'*'|'bye'}} CrossCell */
/** @typedef {{player: number, cells: CrossCell[]}} CrossRow */

/**
 * One tournament, as the viewer sees it: GET /api/tournaments/ID, the
 * replies to its actions and the data of each `tournament` event of GET
 * /api/tournaments/ID/events.
 * @typedef {Object} TournamentView
 * @property {string} id
 * @property {string} name
 * @property {string} spec
 * @property {string} game
 * @property {TournamentFormat} format
 * @property {TournamentStatus} status
 * @property {string} reason  why it finished early or was cancelled
 * @property {import('./types.js').Reason} [reason_code]  that reason by code (a log of old has none)
 * @property {TournamentClock} clock
 * @property {boolean} rated
 * @property {string} creator
 * @property {number} starts_ms  0: started by hand
 * @property {number} ends_ms  arena: when it ends
 * @property {number} round  the current round
 * @property {number} rounds  swiss: rounds; round robin: rounds of the table; arena: 0
 * @property {TournamentPlayer[]} players
 * @property {number} you  the viewer's index, or -1
 * @property {TournamentCan} can
 * @property {Standing[]} standings
 * @property {Round[]} rounds_list
 * @property {CrossRow[]} crosstable
 * @property {string} winner  "" until finished
 * @property {boolean} [double]  round robin: two cycles
 * @property {number} [minutes]  arena: its length
 * @property {boolean} [streak]  arena: the streak bonus
 * @property {number} [max_players]
 */

/**
 * POST /api/tournaments: the body. `rounds` for swiss, `double` for round
 * robin, `minutes` and `streak` for arena.
 * @typedef {Object} NewTournament
 * @property {string} name
 * @property {string} game
 * @property {Record<string, string>} options
 * @property {{kind: 'fischer', minutes: number, increment: number}|{kind: 'correspondence', days: number}} clock
 * @property {boolean} rated
 * @property {TournamentFormat} format
 * @property {number} [rounds]
 * @property {boolean} [double]
 * @property {number} [minutes]
 * @property {boolean} [streak]
 * @property {number} starts_in  minutes from now; 0: started by hand
 * @property {number} [max_players]
 */
/** POST /api/tournaments: the answer. @typedef {{id: string, tournament: TournamentView}} CreatedTournament */
/** GET /api/games/ID of a tournament's game names its tournament: @typedef {import('./types.js').GameState & {tournament?: string}} TournamentGame */
