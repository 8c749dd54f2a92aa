// Every JSON shape the pages read, declared once, for the type checker
// (`tsc -p web/jsconfig.json`, run by scripts/browser-test.sh). No page
// loads this file: others name its types in JSDoc, as
// `/** @typedef {import('./types.js').View} View */`, which costs nothing at
// run time. The server's own words are docs/server.md (a game's state, local
// games, analysis, review), docs/online.md (online games, lobby, archive,
// events), docs/learn.md (lessons, puzzles) and docs/view.md (the drawing of
// a position). A game is one shape, GameState, whoever holds it: the server
// (a local or an online game) or the page's engine (local-game.js), which
// answers with the very state the server writes.
export {};

/**
 * A reason by code, as a server's error carries it in its parameters and a
 * game, a tournament or a review says why it ended: {code, params},
 * translated by server-errors.js (locales/*-errors-reasons.js).
 * @typedef {{code: string, params?: Record<string, unknown>}} Reason
 */

// ---- the drawing of a position (docs/view.md) -------------------------------
/**
 * @typedef {Object} View
 * @property {'starstar'|'asterisk'|'shatra'|'starpool'} kind
 * @property {[number, number, number, number]} [box]  min x, min y, max x, max y
 *   (left out of an online game's states after the first: accept() in online.js)
 * @property {ViewCell[]} [cells]  in cell id order; left out as `box` is
 * @property {ViewPiece[]} pieces
 * @property {ViewDecor[]} [decor]
 * @property {StarstarExtras|AsteriskExtras|ShatraExtras|StarpoolExtras} extras  by `kind`
 * @property {ViewMove[]} moves  the legal moves
 * @property {ViewMove} [last]  the last move, absent at the start
 */

/**
 * @typedef {Object} ViewCell
 * @property {string} name  the cell as moves write it
 * @property {number} x
 * @property {number} y
 * @property {number[][]} poly  its outline, [x, y] points
 * @property {string} cls  its region, as CSS classes
 */

/**
 * A man or stone. Asterisk's shared pieces also carry their type's
 * attributes (AsteriskType) and have no owner.
 * @typedef {Object} ViewPiece
 * @property {string} cell
 * @property {0|1|null} owner
 * @property {string} kind  stone, biy, Wizard, or an Asterisk type (dhe)
 * @property {string} [label]  the man's letter
 * @property {string} [cls]  reserve, urgent, next-entry, star
 * @property {string} [type]
 * @property {string} [colour]
 * @property {string} [shape]
 * @property {string} [marking]
 */

/**
 * @typedef {Object} ViewDecor
 * @property {'polygon'|'polyline'|'text'} shape
 * @property {number[][]} points
 * @property {string} cls
 * @property {string} [text]
 */

/**
 * A legal move, made by clicking the cells of its path in order.
 * @typedef {Object} ViewMove
 * @property {string} text
 * @property {string[]} path  empty for a swap or a hand-over (see `label`)
 * @property {string} [pick]  tells moves with the same path apart
 * @property {string} [pick_label]
 * @property {string} [label]  the button of a move with an empty path
 * @property {boolean} [capture]
 * @property {string[]} [captured]  cells of the men a chain takes
 * @property {boolean} [drop]
 * @property {boolean} [swap]
 */

/**
 * An Asterisk piece type: `count` left of `of` in the supply.
 * @typedef {Object} AsteriskType
 * @property {string} type  dhe, lca...
 * @property {string} colour  dark, light
 * @property {string} shape  hex, circle
 * @property {string} marking  asterisk, empty
 * @property {number} [count]
 * @property {number} [of]
 */

/** @typedef {{rings: number, swap: boolean}} StarstarExtras */
/**
 * @typedef {Object} AsteriskExtras
 * @property {'standard'|'inverted'|'solitaire'} mode
 * @property {number} size
 * @property {AsteriskType[]} supply
 * @property {string[]} chains  values with a three-sided chain
 * @property {{first: string, second: string}} goal_sets  D or L
 * @property {Record<string, string[]>} goal_values
 * @property {AsteriskType|null} [hand]  Inverted
 * @property {AsteriskType|null} [current]  Solitaire
 * @property {number} [queue_left]  Solitaire
 */
/**
 * @typedef {Object} ShatraExtras
 * @property {{white: boolean, black: boolean}} temdek  (the Original form: home area closed)
 * @property {{white: number, black: number}} reserves
 * @property {string[]} gates
 * @property {'original'} [form]
 * @property {{white: string|null, black: string|null}} [next_entry]
 */
/** @typedef {{in_check: boolean, end_reason: string}} StarpoolExtras */

// ---- scores (each game's score() JSON) --------------------------------------
/**
 * @typedef {Object} StarstarSide
 * @property {number} peries
 * @property {number} quarks
 * @property {number} quark_point
 * @property {number} stars
 * @property {number} score
 */
/**
 * @typedef {Object} StarstarScore
 * @property {StarstarSide} black
 * @property {StarstarSide} white
 * @property {number} margin  Black's lead
 * @property {boolean} provisional  until the board is full
 */
/**
 * @typedef {Object} AsteriskScore
 * @property {Record<string, 'first'|'second'|null>} [goals]  who holds each attribute's chain
 * @property {{first: string, second: string}} [goal_sets]
 * @property {Record<string, number>} supply
 */
/**
 * @typedef {Object} ShatraScore
 * @property {{White: number, Black: number}} material
 * @property {{White: Record<string, number>, Black: Record<string, number>}} men
 * @property {{White: number, Black: number}} reserves
 * @property {{White: boolean, Black: boolean}} temdek
 * @property {string} [end]
 * @property {string} [reason]
 */
/**
 * @typedef {Object} StarpoolScore
 * @property {{White: number, Black: number}} material
 * @property {{White: number, Black: number}} men
 * @property {boolean} check
 * @property {string|null} end
 */
/** @typedef {StarstarScore|AsteriskScore|ShatraScore|StarpoolScore} Score */

// ---- the catalog (GET /api/catalog) -----------------------------------------
/**
 * @typedef {Object} CatalogOption
 * @property {string} name
 * @property {string} type  int, enum, bool, seed
 * @property {string} default
 * @property {string[]} allowed  empty for bool and seed
 * @property {string} help
 */
/**
 * @typedef {Object} CatalogGame
 * @property {string} id
 * @property {string} title
 * @property {string} summary
 * @property {CatalogOption[]} options
 * @property {boolean} pgn  whether PGN covers it
 * @property {boolean} search
 * @property {number} [players]
 */
/** @typedef {{games: CatalogGame[], levels: {min: number, max: number}}} Catalog */

// ---- a game's state (/api/games, docs/server.md "A game's state") ---------
/**
 * A side of the game and who plays it.
 * @typedef {Object} StatePlayer
 * @property {string} name  the side's name in the game (Black, White...)
 * @property {'human'|'computer'} seat
 * @property {string} player  "human" or the computer's player (level:3)
 */
// The analysis and review shapes are in types-analysis.js (the house limit of 450 lines).
/** @typedef {import('./types-analysis.js').Candidate} Candidate */
/** @typedef {import('./types-analysis.js').Ownership} Ownership */
/** @typedef {import('./types-analysis.js').Analysis} Analysis */
/** @typedef {import('./types-analysis.js').ReviewMove} ReviewMove */
/** @typedef {import('./types-analysis.js').Review} Review */
/** @typedef {import('./types-analysis.js').ReviewPlayer} ReviewPlayer */
/** @typedef {import('./types-analysis.js').FinishedReview} FinishedReview */

/** GET .../record and .../pgn: @typedef {{filename: string, record?: string, pgn?: string}} RecordFile */

// ---- online games (/api/games, docs/online.md) ------------------------------
/**
 * @typedef {Object} OnlineSeat
 * @property {string} name  the person's display name ("" for none yet)
 * @property {boolean} computer
 * @property {string} player
 * @property {boolean} joined
 * @property {boolean} connected
 * @property {boolean} [account]  whether an account holds the seat (docs/accounts.md)
 */
/**
 * @typedef {Object} Clock
 * @property {'none'|'fischer'|'correspondence'} kind
 * @property {number} base  ms
 * @property {number} increment  ms
 * @property {number} per_move  ms
 * @property {number[]} left  ms, as of the state
 * @property {number} running  the seat whose clock runs, or -1
 */
/**
 * The table's part of every game's state, and all of POST /api/view's (a
 * diagram, which no game holds: id "", both seats a person's): what the
 * board, the score, the move list, the analysis and the review read.
 * @typedef {Object} TableState
 * @property {string} id  the game's (a local game's token); "" for POST /api/view
 * @property {string} game  the canonical spec
 * @property {string} game_id
 * @property {string} title
 * @property {StatePlayer[]} players  the sides and who plays them
 * @property {string[]} history  the game's moves
 * @property {number} ply  moves made to reach the position described
 * @property {number} to_move  -1 when over
 * @property {boolean} terminal
 * @property {string} result
 * @property {string} outcome  the English line ("White wins"), for a script
 * @property {''|'wins'|'resigns'|'time'|'draw'|'agreed'|'won'|'lost'} [outcome_kind]  how it ended, for the page's words
 * @property {string} [outcome_side]  the side outcome_kind names, "" for none
 * @property {Score} score
 * @property {string} position
 * @property {string} move_help
 * @property {number} review_level  the level a review of the form runs at unless asked for another
 * @property {View} view
 * @property {{offered_by: number, agreed: boolean}} draw  offered_by: -1 or a side
 */
/**
 * A game's state, local or online, from the server or the page's engine
 * (one C++ function writes it for both: game_state, src/table/table_json.h):
 * GET /api/games/ID (with `you`; with `?ply=N` the position after N moves,
 * the game's length still `history.length`), the replies to its actions and
 * the event stream's states (online: without view.cells and view.box, which
 * accept() in online.js keeps from the first).
 * @typedef {TableState & GameFrame} GameState
 * @typedef {Object} GameFrame
 * @property {'local'|'online'} kind
 * @property {'open'|'playing'|'finished'|'aborted'} status
 * @property {OnlineSeat[]} seats
 * @property {string} termination  "" or rules, resignation, agreement, time, or why the server ended it
 * @property {Reason} [termination_reason]  that reason by code, when the server ended it
 * @property {number} takeback_by  -1 or a seat
 * @property {Clock} clock  kind "none" for a local game
 * @property {number} seq  the number of the game's events
 * @property {number} now  its home's time, ms
 * @property {boolean} rated  a rated game (docs/accounts.md)
 * @property {number} [level]  a local game's computer level
 * @property {string} [tournament]
 * @property {string} [start]  GET: the position the history starts from, "" for the game's own
 * @property {number} [you]  GET: the seat of the secret sent, -1 without
 * @property {string} [secret]  POST .../join of a lobby game: the seat taken
 * @property {string} [move]  POST .../computer: the computer's move
 * @property {'accepted'|'declined'} [answer]  the computer's answer to a draw offer
 */
/**
 * A move's change (docs/server.md, "A move's change"): the reply to an
 * online game's move and the stream's `move` event; online-change.js lays
 * it over the state it follows.
 * @typedef {Object} MoveChange
 * @property {'move'} change
 * @property {string} move  the move, as the history writes it
 * @property {string} id
 * @property {number} seq
 * @property {number} ply
 * @property {number} to_move
 * @property {boolean} terminal
 * @property {string} result
 * @property {string} outcome
 * @property {''|'wins'|'resigns'|'time'|'draw'|'agreed'|'won'|'lost'} [outcome_kind]
 * @property {string} [outcome_side]
 * @property {Score} score
 * @property {{offered_by: number, agreed: boolean}} draw
 * @property {'open'|'playing'|'finished'|'aborted'} status
 * @property {string} termination
 * @property {Reason} [termination_reason]
 * @property {number} takeback_by
 * @property {Clock} clock
 * @property {number} now
 */
/**
 * POST /api/games.
 * @typedef {Object} CreatedGame
 * @property {string} id
 * @property {number} seat
 * @property {string} secret
 * @property {{seat: string, invite?: string, watch: string}} links
 * @property {GameState} state
 */
/** POST /api/games {kind: "local"}: @typedef {{id: string, kind: 'local', state: GameState}} CreatedLocalGame */
/**
 * A row of the lobby and the archive.
 * @typedef {Object} GameEntry
 * @property {string} id
 * @property {string} game
 * @property {string[]} names  the seats' display names ("" while open)
 * @property {string} clock  its kind
 * @property {string} result
 * @property {string} status
 * @property {string} termination
 * @property {Reason} [termination_reason]
 * @property {number} updated  ms since 1970
 */
/** GET /api/lobby: @typedef {{open: GameEntry[], playing: GameEntry[]}} Lobby */
/** GET /api/archive: @typedef {{games: GameEntry[], offset: number, total: number}} Archive */
/**
 * An event of GET /api/games/ID/events: `event: state`, `id` the state's
 * `seq`, `data` the GameState as JSON; or `event: move`, `data` a MoveChange.
 * @typedef {{type: 'state'|'move', lastEventId: string, data: string}} StateEvent
 */

// ---- accounts (/api/account, docs/accounts.md) ------------------------------
/** GET /api/account, and the replies to signing in: @typedef {{name: string, created: number}} Account */
/** GET /api/account/passkeys (ids base64url): @typedef {{passkeys: PasskeyEntry[]}} PasskeyList */
/** @typedef {{id: string, label: string, alg: 'ES256'|'EdDSA', created: number}} PasskeyEntry */
/** POST .../logout and .../logout-everywhere: @typedef {{signed_out: boolean, sessions_ended: number}} SignedOut */
/** POST .../passkey/register/finish: @typedef {{name: string, passkey: string}} PasskeyAdded */
/** @typedef {{type: 'public-key', id: string}} CredentialRef */
/** @typedef {'required'|'preferred'|'discouraged'} Requirement */
/**
 * POST /api/account/passkey/register/begin: `publicKey`, the options for
 * navigator.credentials.create, binary fields (challenge, user.id,
 * credential ids) as base64url; PasskeyRequest likewise from .../login/begin
 * for navigator.credentials.get. Times in ms, like every `created`.
 * @typedef {Object} PasskeyCreation
 * @property {string} challenge
 * @property {{id: string, name: string}} rp
 * @property {{id: string, name: string, displayName: string}} user
 * @property {{type: 'public-key', alg: number}[]} pubKeyCredParams
 * @property {CredentialRef[]} excludeCredentials
 * @property {{residentKey: Requirement, userVerification: Requirement}} authenticatorSelection
 * @property {'none'|'indirect'|'direct'|'enterprise'} attestation
 * @property {number} timeout
 */
/** @typedef {{challenge: string, rpId: string, allowCredentials: CredentialRef[], userVerification: Requirement, timeout: number}} PasskeyRequest */

// ---- lessons (web/lessons/GAME.json, docs/learn.md) -------------------------
/**
 * @typedef {Object} LessonStep
 * @property {string[]} play  moves accepted; the first is the main line
 * @property {string} [right]
 * @property {string|Record<string, string>} [reply]  the answer, or one per move
 */
/**
 * @typedef {Object} Lesson
 * @property {string} title
 * @property {string} spec
 * @property {string} [position]
 * @property {string} task
 * @property {'move'|'win'} goal
 * @property {LessonStep[]} line
 * @property {string} wrong
 * @property {Record<string, string>} [wrong_moves]
 * @property {string} hint
 * @property {string} [done]
 * @property {boolean} [labels]
 * @property {boolean} [flip]
 */
/** @typedef {{title: string, rules: string, lessons: Lesson[]}} LessonBook */

// ---- puzzles (GET /api/puzzles/GAME, docs/learn.md "Puzzles") -------------
/**
 * A position proven by `asterism puzzles`: `to_move` forces a win, and
 * `solution` is the whole forced line, the winner's moves and the best
 * defence's in turn. The per-step lists are indexed by the winner's step
 * (0 for the first move, 1 for the third ply...).
 * @typedef {Object} Puzzle
 * @property {string} game  the spec (shatra:rules=seed,notation=algebraic)
 * @property {string} position
 * @property {0|1} to_move  the winner
 * @property {string[]} solution
 * @property {number} win_in  the winner's moves in `solution`
 * @property {number} horizon  plies within which no other first move wins
 * @property {boolean} exact  no other first move wins at all
 * @property {Record<string, string>[]} refutations  per step, each wrong move
 *   and the defence's answer to it ("" when the move itself ends the game)
 * @property {string[][]} also  per step, other moves that win too
 * @property {string} source  the game it was found in
 * @property {string} id  12 hex digits from its spec and position: its address
 * @property {string} set  its set (the file's stem: starstar, starstar-8...)
 * @property {string[]} themes
 * @property {number} rating  its Glicko-2 rating now (solvers' results move it)
 * @property {number} deviation
 */
/**
 * GET /api/puzzles/GAME?i=I&n=K: puzzles I..I+K-1 of `total`, counted
 * round the end.
 * @typedef {{game: string, total: number, first: number, puzzles: Puzzle[]}} PuzzleList
 */
