// The server's error messages in English (server-errors.js; en.js spreads
// this in, ru-errors.js translates it). The server refuses a request with
// one English line, {"error": "..."} (src/server: fail(STATUS, "...")); each
// 'err.*' value here is such a line as a PATTERN: the server's words
// exactly, with {name} where the server puts a value (a name, a number, a
// move). server-errors.js matches the line against every pattern (the one
// that explains most of the line wins, the reasons in its {why} values
// counted), then fills the translation with the values.
// A value is kept as the server sent it, except: {why} holds a message of
// its own, translated in turn by these patterns; {side...} holds a side's
// name ("White"), shown as side.<name>, and {side...Gen} its genitive
// (side.<name>.gen); {kind...} holds a man's kind ("biy", "Rook"), shown
// as err.man.<kind> (those words are not patterns). The quotes the server
// puts around a name ('Bob') are the pattern's, so Russian writes «Bob».
// errors.test.mjs checks that every pattern's text is in the server's
// sources (src/server, and src/table, src/core and src/games, whose rules
// refuse an illegal move, and src/record), and that every fail() of the
// server with a fixed message is covered here or listed there as left out.
//
// Left out, so shown in English as they come:
// - malformed requests the page never makes: a JSON field of the wrong type
//   or value ("'ply' must be a whole number from 0 to ...", "'action' must
//   be ...", "'seat'", "'clock'", "'format'", "'status'", "'page'", "'room'",
//   "'after'", "'class'", "'game'/'move' is missing", "'options'",
//   "'players'", "'moves'"), a body that is not JSON ("malformed JSON",
//   "bad JSON value", "the JSON body nests deeper ...", "send ... requests
//   as application/json"), a wrong method or path (405, "no such page"),
//   text that is not UTF-8 (a browser always sends UTF-8), and the fields
//   the browser itself fills ('credential', 'endpoint', 'keys', the passkey's
//   client data and its other WebAuthn checks but the few below);
// - computer players' specs ("bad player ..."): the page offers only the
//   catalog's levels;
// - internal failures: "internal error: {why}" is translated, its why is not.
// A typed start position's, a loaded record's and a game spec's messages
// are in en-errors-input.js.
/** @type {Record<string, string|string[]>} */
export default {
  // Limits: rates, sizes, a busy server (src/server/api.cpp, net/).
  'err.limit.rate': "too many requests from your address ({n} a second); wait a moment",
  'err.limit.body': "the request body is {size} bytes; the limit is {limit}",
  'err.limit.connections': "too many open connections; try again shortly",
  'err.limit.bodies': "the server is receiving too many request bodies; try again shortly",
  'err.limit.busy': "the server is busy",
  'err.limit.streams': "too many live connections on the server; try again shortly",
  'err.limit.streams.yours': "too many live connections from your address ({n}); close some pages",
  'err.limit.slow': "the request did not arrive in time; send it whole and promptly",
  'err.limit.searches.yours': "you already have {n} computer moves or analyses under way; wait for one to finish",
  'err.limit.searches.all': "the server is busy with {n} computer moves and analyses; try again in a few seconds",
  'err.limit.reviews': "the server is busy reviewing other games (at most {n} at a time); try again shortly",
  'err.limit.passwords': "the server is busy checking other passwords; try again in a moment",
  'err.limit.ceremonies': "too many passkey ceremonies under way; try again in a minute",
  'err.server.noGames': "this server holds no games",
  'err.server.noOnline': "online play is off on this server (start it with a data folder)",
  'err.server.internal': "internal error: {why}",
  'err.server.internal.bare': "internal error",
  'err.server.stopped': "the search stopped: {why}",
  'err.server.stopping': "the server is stopping",
  'err.server.noMove': "the search found no move in its time",
  'err.server.saveGame': "the game could not be saved; nothing changed (try again)",
  'err.server.saveTournament': "the tournament could not be saved; nothing changed (try again)",

  // A game at this screen or online: finding it, its end by the server.
  'err.game.none': "no game '{id}'",
  'err.game.gone': "no game '{id}' (it may have ended long ago; start a new one)",
  'err.game.perAddress': "your network has {n} games on this server; close one (DELETE it) or wait for it to expire",
  'err.game.crowded': "the server is nearly full of games; networks holding {n} or more wait for room",
  'err.game.full': "the server holds its maximum of {n} games in play; try again in a minute",
  'err.game.ended': "this game was ended by the server: {why}",
  'err.game.ended.room': "closed to make room for other games",
  'err.game.ended.closed': "closed by its player",
  'err.game.ended.unused': "abandoned: not used in time",
  'err.game.ended.nobody': "nobody joined in time",
  'err.game.ended.idle': "abandoned: no move in time",
  'err.game.changes': "this game has reached its limit of {n} stored changes; it can still be resigned",
  'err.game.changed': "the game changed while the computer was thinking",
  'err.game.changed.ask': "the game changed while the computer was thinking; ask again",
  'err.game.changed.thought': "the game changed while the computer thought; ask again",
  'err.game.undo': "nothing to undo",
  'err.game.record': "'record' is missing: send the record's text",
  'err.game.viewMove': "move {n}: {why}",
  'err.game.person': "{sideGen} is played by a person",
  'err.game.oneResign': "a one-player game cannot be resigned",
  'err.game.oneClock': "a one-player game has no clock to lose on",

  // Game over (src/table/table.cpp over_message, src/core/state_game.h).
  'err.over': "the game is over",
  'err.over.result': "the game is over ({result})",
  'err.over.agreed': "the game is over ({result}, draw by agreement)",
  'err.over.resigned': "the game is over ({result}, {sideGen} resigns)",
  'err.over.time': "the game is over ({result}, {sideGen} loses on time)",
  'err.over.noMoves': "{why}; no more moves",
  'err.over.atMove': "the game is over at that move; no more moves",

  // Turns, clocks, draws and takebacks.
  'err.turn.notYours': "it is not your turn",
  'err.turn.ply': "the game is at ply {ply}, not {sent}",
  'err.turn.time': "your time ran out",
  'err.turn.waiting': "the other seat is not taken yet; send your invitation link",
  'err.draw.one': "a one-player game has no draws",
  'err.draw.none': "no draw offer stands",
  'err.draw.toComputer': "the offer is to the computer, which answers it by itself",
  'err.draw.noOffer': "no draw offer from your opponent stands",
  'err.draw.computers': "no person plays in this game; the computers offer draws by themselves",
  'err.draw.computerPlayer': "player {n} is the computer, which makes its own offers",
  'err.takeback.none': "no takeback request from your opponent stands",
  'err.takeback.noMove': "there is no move to take back",
  'err.takeback.noOwn': "there is no move of yours to take back",

  // Seats and joining (src/server/games/seats.cpp, routes.cpp).
  'err.seat.secret': "this needs your seat's secret (Authorization: Bearer SECRET from your link), or to be signed in to the account the seat is bound to",
  'err.seat.wrongSecret': "that secret holds no seat of this game",
  'err.seat.joinFirst': "take your seat first (POST /api/games/ID/join with your name)",
  'err.seat.invitation': "this needs the invitation's secret (Authorization: Bearer SECRET)",
  'err.seat.bothTaken': "both seats are taken",
  'err.seat.taken': "this seat is taken already",
  'err.seat.challenged': "this seat is kept for the player who was challenged",
  'err.seat.rated': "this game is rated: sign in to an account to take the seat",
  'err.seat.self': "an account cannot play itself in a rated game",
  'err.seat.signIn': "sign in to the account that is to hold the seat",
  'err.seat.seatSecret': "this needs the seat's secret (Authorization: Bearer SECRET)",
  'err.seat.other': "this seat belongs to another account",
  'err.seat.takeFirst': "take the seat first (POST /api/games/ID/join)",
  'err.seat.nameLong': "'name' is longer than {max} bytes",
  'err.seat.nameChar': "'name' contains {what}, which a name may not",

  // New games and challenges.
  'err.new.rated.signIn': "sign in to an account to create a rated game",
  'err.new.rated.computer': "games against the computer are unrated",
  'err.new.rated.clock': "a rated game needs a clock (live Fischer or correspondence)",
  'err.new.twoPlayers': "online games are for two players; play {game} on your own",
  'err.new.full': "the server holds its maximum of {n} games open or in progress; try again later",
  'err.new.held': "your network holds {n} unfinished games; finish or resign some first",
  'err.new.waiting': "you have {n} games waiting for a player; start one of those first",
  'err.challenge.signIn': "sign in to an account to challenge a player",
  'err.challenge.self': "you cannot challenge your own account",
  'err.challenge.blocked': "{name} does not accept challenges from you",
  'err.player.none': "no player '{name}'",

  // Accounts, signing in, names and passwords (src/server/accounts/).
  'err.acc.taken': "the name '{name}' is taken",
  'err.acc.newAccounts': "too many new accounts from your address; try again later",
  'err.acc.attempts.address': "too many sign-in attempts from your address; wait a minute",
  'err.acc.attempts.account': "too many sign-in attempts for this account; wait a minute",
  'err.acc.wrong': "no account with that name and password",
  'err.acc.signedOut': "you are not signed in",
  'err.acc.suspendedUntil': "this account is suspended until {time}",
  'err.acc.suspended': "this account is suspended",
  'err.acc.recovery': "wrong name or recovery code",
  'err.acc.deleteConfirm': "to delete the account, 'confirm' must be its name",
  'err.acc.own': "that is your own account",
  'err.acc.moderators': "moderators only",
  'err.acc.push': "push notifications are off on this server",
  'err.name.length': "a name has {min} to {max} characters",
  'err.name.letters': "a name may hold Latin or Cyrillic letters, digits, '_', '-' and '.'",
  'err.name.mixed': "a name may not mix Latin and Cyrillic letters (they look alike)",
  'err.name.begin': "a name begins with a letter or a digit",
  'err.pw.short': "a password needs at least {n} characters",
  'err.pw.long': "a password may have at most {n} bytes",
  'err.pw.repeated': "a password of one character repeated is too easy to guess",
  'err.pw.run': "a run of keys in order is too easy to guess",
  'err.pw.common': "that password is one of the most common; choose another",
  'err.pw.name': "a password may not contain the account's name",

  // Passkeys (src/server/accounts/passkeys.cpp, webauthn.cpp).
  'err.pk.host': "passkeys need a host name, not an address",
  'err.pk.expired.register': "no such register under way (it may have expired); start again",
  'err.pk.expired.login': "no such login under way (it may have expired); start again",
  'err.pk.most': "this account has {n} passkeys, the most it may hold",
  'err.pk.otherAccount': "this passkey was begun for another account",
  'err.pk.notAccepted': "the passkey was not accepted: {why}",
  'err.pk.registered': "this passkey is registered already",
  'err.pk.noAccount': "this passkey belongs to no account here",
  'err.pk.notSignedIn': "the passkey did not sign in: {why}",
  'err.pk.site': "the passkey is for another site",
  'err.pk.present': "the authenticator did not see the user present",
  'err.pk.signature': "the signature does not verify",
  'err.pk.count': "the authenticator's signature count went back: it may be a copy",
  'err.pk.challenge': "the challenge is not the one the server issued",
  'err.pk.origin': "the ceremony ran on '{origin}', not on {site}",
  'err.pk.frame': "the ceremony ran in another site's frame",

  // A game's chat, reports and moderation (src/server/chat/chat.cpp).
  'err.chat.controls': "'text' may not hold control characters (one line of text)",
  'err.chat.char': "'text' contains {what}, which a message may not",
  'err.chat.empty': "'text' is empty",
  'err.chat.long': "a message has at most {n} characters",
  'err.chat.none': "no message '{id}'",
  'err.chat.noneHere': "no message '{id}' in this game",
  'err.chat.playersRoom': "the players' room is the two players' own",
  'err.chat.spectatorsRoom': "players read the spectators' room once the game has ended",
  'err.chat.onlyPlayers': "only the two players write in the players' room",
  'err.chat.playersWrite': "players write in the players' room",
  'err.chat.signIn': "sign in to an account to write in the spectators' room",
  'err.chat.fast': "you are writing fast; wait a moment",
  'err.chat.full': "this game's chat is full ({n} messages)",
  'err.chat.reason': "'reason' is UTF-8 text of at most {n} bytes",
  'err.chat.cannotRead': "you cannot read that message",
  'err.chat.own': "that is your own message",
  'err.chat.modsFull': "the moderators' list is full; try again later",

  // Reviews and puzzles.
  'err.rv.noMoves': "nothing to review: the game has no moves yet",
  'err.rv.long': "the game has {n} moves; a review covers at most {max}",
  'err.rv.running': "a review of this game is still running; wait for it to finish",
  'err.rv.none': "no review of this game has been asked for",
  'err.puz.none': "no puzzles for {game} on this server",

  // Tournaments (src/server/tournaments/): create, enter, withdraw, pause;
  // and why one ended (tournament.js shows the server's reason).
  'err.tour.none': "no tournament '{id}'",
  'err.tour.name': "'name' must be 1 to 60 bytes of text",
  'err.tour.twoPlayers': "tournaments are for two-player games",
  'err.tour.arenaClock': "an arena is played with a live clock (fischer)",
  'err.tour.signIn.create': "sign in to an account to create a tournament",
  'err.tour.off': "this server does not hold tournaments",
  'err.tour.moderators': "on this server, moderators create the tournaments",
  'err.tour.serverFull': "the server holds its maximum of {n} tournaments; try again when one has ended",
  'err.tour.yours': "you have {n} tournaments not yet ended",
  'err.tour.changes': "this tournament has reached its limit of {n} stored changes",
  'err.tour.signIn.entered': "sign in to the account that entered",
  'err.tour.notEntered': "you have not entered this tournament",
  'err.tour.signIn.enter': "sign in to an account to enter a tournament",
  'err.tour.closed': "entries are closed",
  'err.tour.entered': "you have entered already",
  'err.tour.full': "the tournament is full ({n} players)",
  'err.tour.withdrawInstead': "it has started: withdraw instead",
  'err.tour.notRunning': "the tournament is not running",
  'err.tour.withdrawn': "you have withdrawn already",
  'err.tour.signIn': "sign in first",
  'err.tour.starter': "only its creator or a moderator starts a tournament",
  'err.tour.started': "the tournament has started already",
  'err.tour.two': "a tournament needs two players to start",
  'err.tour.ended': "the tournament has ended",
  'err.tour.canceller': "its creator cancels it before the start; a moderator at any time",
  'err.tour.arenaPause': "only a running arena pauses",
  'err.tour.paused': "you are paused already",
  'err.tour.notPaused': "you are not paused",
  'err.tour.why.entered': "fewer than two players entered",
  'err.tour.why.left': "fewer than two players left",
  'err.tour.why.cancelled': "cancelled by {name}",
  'err.tour.why.pairing': "no legal pairing is left: {why}",

  // A typed move the rules refuse (src/games/*/notation.cpp): the frame,
  // then each game's reasons ({why}).
  'err.move.unreadable': "cannot read move '{move}': {why}",
  'err.move.illegal': "illegal move '{move}'",
  'err.move.illegal.why': "illegal move '{move}': {why}",
  'err.move.notCell': "'{cell}' is not a cell",
  'err.move.shatra.unreadable': "cannot read move '{move}': {why} (moves look like c5-c7, c3:e5:g7 or e13-d14=Q)",
  'err.move.shatra.empty': "it is empty",
  'err.move.shatra.separator': "'-' or ':' expected at '{rest}'",
  'err.move.shatra.mixes': "it mixes '-' and ':'",
  'err.move.shatra.long': "it is too long",
  'err.move.shatra.promotesTwice': "it promotes twice",
  'err.move.shatra.noTarget': "it has no target cell",
  'err.move.shatra.noCell': "a cell is missing",
  'err.move.shatra.noPromotion': "a promotion piece is missing",
  'err.move.shatra.promotion': "promotion is to Q, R or B",
  'err.move.shatra.paren': "')' expected",
  'err.move.shatra.noMan': "no {sideGen} man on {cell}",
  'err.move.shatra.kind': "the man on {cell} is a {kind}",
  'err.move.shatra.which': "say which piece to promote to (=Q, =R or =B)",
  'err.move.shatra.unavailable': "that promotion piece is not available",
  'err.move.shatra.capture': "a capture is compulsory",
  'err.move.starpool.unreadable': "cannot read move '{move}': {why} (write from and to cells: b1-c3, d4xw3, or w1<>a1 for a swap)",
  'err.move.starpool.letter': "no man has the letter {letter}",
  'err.move.starpool.short': "too short",
  'err.move.starpool.separator': "expected '-', 'x' or '<>' after the first cell",
  'err.move.starpool.noMan': "no man on {cell}",
  'err.move.starpool.side': "{cell} holds a {sideGen} man and {side2Gen} is to move",
  'err.move.starpool.kind': "the man on {cell} is a {kind}, not a {kind2}",
  'err.move.starpool.notSwap': "that is not a swap",
  'err.move.starpool.swap': "a swap is written with '<>'",
  'err.move.starpool.cannot': "the {kind} cannot go there",
  'err.move.starpool.check': "the {kind} cannot go there (the King is in check)",
  'err.move.star.swapOff': "swap is not allowed: the swap option is off (use starstar:swap=true)",
  'err.move.star.swapWhen': "swap is only legal as White's reply to Black's first stone",
  'err.move.star.form': "expected a cell name Nxy: arm letter * S T A R, ring digit (0 for ring 10), offset digit",
  'err.move.star.ring': "ring {ring} is off the {rings}-ring board",
  'err.move.star.offset': "ring {ring} has offsets 0 to {max} only",
  'err.move.star.black': "cell {cell} is occupied by a black stone",
  'err.move.star.white': "cell {cell} is occupied by a white stone",
  'err.move.ast.pure': "there are no {type} pieces (the pure types dha and lce do not exist)",
  'err.move.ast.type': "'{type}' is not a piece type (dhe, dca, dce, lha, lhe, lca)",
  'err.move.ast.cell': "'{cell}' is not a cell of the side-{n} board (a1 to {last}, column letter at most the row number)",
  'err.move.ast.occupied': "{cell} is occupied ({type})",
  'err.move.ast.supply': "no {type} left in the supply",
  'err.move.ast.opening': "the opening's three pieces must differ in type; {type} is already on the board",
  'err.move.ast.swap.standard': "swap is only legal as the second player's first turn",
  'err.move.ast.swap.pie': "swap is only legal as the first player's answer to the second player's first placement",
  'err.move.ast.swap.noPie': "swap needs the option pie=true in Inverted",
  'err.move.ast.swap.solitaire': "there is no swap in Solitaire",
  'err.move.ast.form': "'{move}' is not a move: write TYPE@CELL such as dhe@c5",
  'err.move.ast.form.swap': "'{move}' is not a move: write TYPE@CELL such as dhe@c5, or swap",
  'err.move.ast.drawn': "the drawn piece is {type}, not {type2}",
  'err.move.ast.first': "'{move}' is not a move: the first turn hands a piece over, e.g. >dhe",
  'err.move.ast.handed': "a piece has been handed over already ({type}): write CELL>TYPE such as c5>dhe",
  'err.move.ast.mustHand': "placing {type} on {cell} does not end the game, so a piece must be handed over: write {cell}>TYPE",
  'err.move.ast.ends': "placing {type} on {cell} ends the game; write {cell} alone",

  // The men's kinds as the rules name them inside a message ({kind}); not
  // patterns. Shatra's men, then Star Pool Chess's.
  'err.man.biy': "biy", 'err.man.batyr': "batyr", 'err.man.tura': "tura",
  'err.man.yalkyn': "yalkyn", 'err.man.shatra': "shatra",
  'err.man.King': "King", 'err.man.General': "General", 'err.man.Captain': "Captain",
  'err.man.Great Elephant': "Great Elephant", 'err.man.Knight': "Knight", 'err.man.Rook': "Rook",
  'err.man.Wizard': "Wizard", 'err.man.Pawn': "Pawn", 'err.man.Sergeant': "Sergeant",
  'err.man.Lieutenant': "Lieutenant",
};
