// The JSON shapes of accounts' social side (issue 28, /work/contract-28.md
// and docs/accounts.md): "my games", profiles, ratings, the leaderboard,
// recovery codes, relations, notifications, chat and moderation. Like
// types.js, no page loads this file: pages name its types in JSDoc. It is
// a file of its own because types.js is at the house limit of 450 lines.
export {};

// ---- games in lists (my games, a player's games) ----------------------------

/**
 * A game in "my games" (GET /api/account/games, with `my_turn` and
 * `challenge`) and in a player's games (GET /api/players/NAME/games).
 * The contract calls the spec `spec`; the server sends it as `game`, and
 * the pages read either.
 * @typedef {Object} GameSummary
 * @property {string} id
 * @property {string} [game]  the spec (as the server sends it)
 * @property {string} [spec]  the spec (as the contract names it)
 * @property {'open'|'playing'|'finished'|'aborted'} status
 * @property {string} result
 * @property {string} termination
 * @property {import('./types.js').Reason} [termination_reason]  when the server ended it, why, by code
 * @property {boolean} rated
 * @property {'live'|'correspondence'|'untimed'} time_class
 * @property {0|1} seat
 * @property {string|null} opponent
 * @property {boolean} [my_turn]
 * @property {boolean} [challenge]  a challenge to me that waits for my answer
 * @property {number} updated  ms
 * @property {number} created  ms
 */
/** GET /api/account/games, GET /api/players/NAME/games: @typedef {{games: GameSummary[], page: number, more: boolean, name?: string}} GamePage */

// ---- players and ratings ----------------------------------------------------

/**
 * @typedef {Object} Rating
 * @property {string} game  the canonical spec
 * @property {'live'|'correspondence'} class
 * @property {number} rating
 * @property {number} deviation
 * @property {boolean} provisional
 * @property {number} games
 */
/** GET /api/players/NAME: @typedef {{name: string, created: number, ratings: Rating[]}} Player */
/** @typedef {{at: number, rating: number, deviation: number, game_id: string}} RatingPoint */
/** GET /api/players/NAME/rating-history: @typedef {{name: string, game: string, class: string, points: RatingPoint[]}} RatingHistory */
/** GET /api/leaderboard/SPEC (settled ratings, then provisional ones apart): @typedef {{game: string, class: string, players: (Rating & {name: string})[], provisional: (Rating & {name: string})[]}} Leaderboard */

// ---- the account's own settings ---------------------------------------------

/** @typedef {{your_turn: boolean, challenge: boolean, game_over: boolean}} Notifications */
/**
 * GET /api/account; POST .../register adds `recovery_codes`.
 * @typedef {Object} AccountInfo
 * @property {string} name
 * @property {number} created
 * @property {boolean} [moderator]
 * @property {Notifications} [notifications]
 * @property {number} [push_subscriptions]
 * @property {number} [recovery_codes_left]
 * @property {string[]} [recovery_codes]
 */
/** POST /api/account/recover: @typedef {{name: string, codes_left: number, password_set?: boolean}} Recovered */
/** POST /api/account/recovery-codes: @typedef {{recovery_codes: string[]}} RecoveryCodes */
/** @typedef {{name: string, mute: boolean, block: boolean}} Relation */
/** GET /api/account/relations: @typedef {{relations: Relation[]}} Relations */
/** GET /api/push/key: @typedef {{key: string}} PushKey */

// ---- chat (GET and POST /api/games/ID/chat) --------------------------------

/** @typedef {'players'|'spectators'} Room */
/** @typedef {{id: number, from: string, text: string, at: number, mine: boolean}} ChatMessage */
/**
 * GET /api/games/ID/chat?room=R&after=N; `why` (the server's, beyond the
 * contract) says why the room cannot be written.
 * @typedef {{room: Room, messages: ChatMessage[], can_write: boolean, why?: string, why_code?: string}} ChatPage
 */
/** The live stream's `chat` event's data: @typedef {{room: Room, id: number}} ChatEvent */

// ---- moderation --------------------------------------------------------------

/**
 * @typedef {Object} Report
 * @property {number} id
 * @property {{id: number, game: string, room: Room, from: string, text: string, at: number, hidden: boolean}} message
 * @property {string} reporter
 * @property {string} reason
 * @property {number} at
 */
/** GET /api/moderation/reports: @typedef {{reports: Report[]}} Reports */
/** POST /api/moderation/accounts/NAME/suspend: @typedef {{name: string, suspended_until: number}} Suspended */
