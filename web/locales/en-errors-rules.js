// The lines the server passes on without a code of its own, in English:
// the rules engine's refusals (an illegal move, why a game is over: src/games,
// src/table), the few other layers' lines that reach a client inside a
// coded error's {why} (a draw offer's checks, a passkey's verification, the
// search), and the reasons a game's or a tournament's record keeps for its
// end. Each value is a PATTERN, the words exactly, with {name} where a value
// goes; server-errors.js matches such a line against them (the one that
// explains most of the line wins, the reasons in its {why} values counted)
// and fills the translation (ru-errors-rules.js) with the values. A value is
// kept as it came, except: {why} holds a message of its own, read in turn;
// {side...} holds a side's name ("White"), shown as side.<name>, and
// {side...Gen} its genitive (side.<name>.gen); {kind...} holds a man's kind
// ("biy", "Rook"), shown as err.man.<kind> (those words are not patterns).
// errors.test.mjs checks that each pattern is in the sources. The server's
// own errors are not here: they carry codes (en-errors.js).
/** @type {Record<string, string|string[]>} */
export default {
  // Game over and the table's own refusals (src/table/table.cpp).
  'err.game.person': "{sideGen} is played by a person",
  'err.game.oneResign': "a one-player game cannot be resigned",
  'err.game.oneClock': "a one-player game has no clock to lose on",
  'err.over': "the game is over",
  'err.over.result': "the game is over ({result})",
  'err.over.agreed': "the game is over ({result}, draw by agreement)",
  'err.over.resigned': "the game is over ({result}, {sideGen} resigns)",
  'err.over.time': "the game is over ({result}, {sideGen} loses on time)",
  // A game's own "no more moves" (src/games/asterisk/notation.cpp).
  'err.over.rules.noMoves': "{why}; no more moves",

  // The search (src/server/search_guard.cpp).
  'err.server.noMove': "the search found no move in its time",
  'err.game.changed': "the game changed while the computer was thinking",

  // A passkey's verification (src/server/accounts/webauthn.cpp), inside {why}.
  'err.pk.site': "the passkey is for another site",
  'err.pk.present': "the authenticator did not see the user present",
  'err.pk.signature': "the signature does not verify",
  'err.pk.count': "the authenticator's signature count went back: it may be a copy",
  'err.pk.challenge': "the challenge is not the one the server issued",
  'err.pk.origin': "the ceremony ran on '{origin}', not on {site}",
  'err.pk.frame': "the ceremony ran in another site's frame",

  // Why the server ended a game (src/server/games/local.cpp), inside {why}.
  'err.game.ended.room': "closed to make room for other games",
  'err.game.ended.closed': "closed by its player",
  'err.game.ended.unused': "abandoned: not used in time",
  'err.game.ended.nobody': "nobody joined in time",
  'err.game.ended.idle': "abandoned: no move in time",

  // Why a tournament ended (src/server/tournaments/rounds.cpp; tournament.js shows it).
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
