// The server's error messages about what a player types or loads, in
// English: a start position ("Start position" under "More options", on the
// local page and the online form), a record or PGN file loaded ("Load record
// or PGN", docs/records.md), and a game spec with options (a record's Game
// tag, PGN's GameSpec, a typed seed). Patterns as in en-errors.js (its head
// says how they are read); en.js spreads this in, ru-errors-input.js
// translates it. errors.test.mjs checks that each is the server's words
// (src/games, src/core, src/record) and that every message those readers
// build is covered here or left out there on purpose.
/** @type {Record<string, string|string[]>} */
export default {
  // A game spec: "starstar:size=8", "shatra:rules=original,notation=numeric"
  // (src/core/registry.cpp); then the option combinations Asterisk refuses
  // (src/games/asterisk/rules.cpp).
  'err.spec.game': "unknown game '{id}' (known: {list})",
  'err.spec.emptyList': "empty option list after ':' in '{spec}'",
  'err.spec.emptyEnd': "empty option at the end of the spec for {game}",
  'err.spec.empty': "empty option in spec for {game}",
  'err.spec.form': "option '{item}' for {game} needs the form key=value",
  'err.spec.unknown': "unknown option '{key}' for {game} (options: {list})",
  'err.spec.unknown.none': "unknown option '{key}' for {game} (it has no options)",
  'err.spec.twice': "option '{key}' given twice for {game}",
  'err.spec.bad': "bad option {key}={value} for {game}: {why}",
  'err.spec.bool': "expected true or false",
  'err.spec.unsigned': "expected an unsigned integer",
  'err.spec.allowed': "allowed values are {list}",
  'err.spec.ast.goals': "option first_goals is for the two-player modes (solitaire has no goals)",
  'err.spec.ast.pie': "option pie=true is for mode=inverted only",
  'err.spec.ast.setup': "option setup=B is for mode=solitaire only",
  'err.spec.ast.seed': "option seed is for mode=solitaire only (it deals the pieces)",

  // A Shatra position string or SPN (src/games/shatra/notation.cpp): the
  // frame, then its reasons ({why}; "'c0' is not a cell" is err.move.notCell).
  'err.pos.shatra': "bad position '{position}': {why}",
  'err.pos.shatra.chainMarks': "marks men jumped in a chain in progress; a chain is one move here, so give the position before or after it",
  'err.pos.shatra.unexpected': "unexpected '{ch}' in '{group}'",
  'err.pos.shatra.cells': "'{group}' should describe {n} cells",
  'err.pos.shatra.number': "bad cell number '{field}'",
  'err.pos.shatra.many.biy': "too many {sideGen} biys",
  'err.pos.shatra.many.batyr': "too many {sideGen} batyrs",
  'err.pos.shatra.many.tura': "too many {sideGen} turas",
  'err.pos.shatra.many.yalkyn': "too many {sideGen} yalkyns",
  'err.pos.shatra.many.shatra': "too many {sideGen} shatras",
  'err.pos.shatra.original': "the Original form has no turas or yalkyns",
  'err.pos.shatra.more23': "{sideGen} has more than 23 shatras and batyrs",
  'err.pos.shatra.stand': "a {sideGen} shatra cannot stand on {cell} (it would have been promoted, or moved backward)",
  'err.pos.shatra.closed': "{sideGen}'s home area is closed (a {sideGen} shatra stands in its fortress), so the temdek field should say {t}",
  'err.pos.shatra.open': "{sideGen}'s home area is open (a {sideGen} shatra does not stand in its fortress), so the temdek field should not say {t}",
  'err.pos.shatra.noBiy': "there is no biy",
  'err.pos.shatra.urgentCapture': "urgent mark on {cell}, which holds no shatra that captured into its home",
  'err.pos.shatra.urgentReserve': "urgent mark on {cell}, which holds no reserve man",
  'err.pos.shatra.noEp': "the Original form has no en passant",
  'err.pos.shatra.temdek': "{sideGen}'s temdek is on with no man in its home area",
  'err.pos.shatra.ep': "no double step passed the en-passant cell {cell}",
  'err.pos.shatra.ranks': "the board needs 14 ranks separated by '/' (or SPN's 10 groups)",
  'err.pos.shatra.fields': "too many fields",
  'err.pos.shatra.temdeks': "temdeks are written T, t, Tt or -",
  'err.pos.shatra.chain': "a chain in progress cannot be set up; a whole chain is one move here",
  'err.pos.shatra.clock': "bad half-move clock",
  'err.pos.shatra.moveNumber': "bad move number",
  'err.pos.shatra.short': "expected the board, the side to move and the temdeks",
  'err.pos.shatra.side': "side to move must be w or b",

  // A Star Pool Chess position (src/games/starpool/notation.cpp, state.cpp).
  'err.pos.starpool': "bad Star Pool position '{position}': {why}",
  'err.pos.starpool.man': "unknown man '{ch}'",
  'err.pos.starpool.fewer': "rank {n} does not have nine entries",
  'err.pos.starpool.ranks': "more than nine ranks",
  'err.pos.starpool.more': "rank {n} has more than nine entries",
  'err.pos.starpool.pool': "'*' (the Star Pool) must be the fifth entry of rank 5",
  'err.pos.starpool.run': "an empty run covers e5",
  'err.pos.starpool.e5': "e5 is the Star Pool; write '*' there",
  'err.pos.starpool.shape': "expected nine ranks of nine entries",
  'err.pos.starpool.citadels': "citadels must be four entries in brackets, such as [WWww] or [----]",
  'err.pos.starpool.kings': "King flags must be K, k, Kk or -",
  'err.pos.starpool.clock': "the half-move clock must be a number from {low} to 9999",
  'err.pos.starpool.moveNumber': "the move number must be a number from {low} to 9999",
  'err.pos.starpool.fields': "expected ranks, [citadels], side to move, King flags, and optionally the half-move clock and move number",
  'err.pos.starpool.side': "side to move must be 'w' or 'b'",
  'err.pos.starpool.king': "{sideGen} must have exactly one King",
  'err.pos.starpool.men': "{sideGen} has more than {n} men",
  'err.pos.starpool.check': "the side not to move is in check",

  // A *Star position (src/games/starstar/notation.cpp).
  'err.pos.star': "bad *Star position: {why}",
  'err.pos.star.form': "expected the rings, a space and the side to move, b or w",
  'err.pos.star.cells': "ring {ring} has {n} cells, not {got}",
  'err.pos.star.rings': "more than {rings} rings, separated by '/'",
  'err.pos.star.unexpected': "unexpected '{ch}' in ring {ring} (use b, w, a count of empty cells from 1, or '/')",
  'err.pos.star.only': "ring {ring} has only {n} cells",
  'err.pos.star.found': "found {x} rings, the board has {rings}",

  // An Asterisk position (src/games/asterisk/notation.cpp, state.cpp): the
  // server writes each whole, so each pattern is.
  'err.pos.ast.fields.solitaire': "bad position: expected {n} fields (board and draw queue), got {count}",
  'err.pos.ast.fields.standard': "bad position: expected {n} fields (board, side to move and P1's goal set), got {count}",
  'err.pos.ast.fields.inverted': "bad position: expected {n} fields (board, side to move, P1's goal set and handed piece), got {count}",
  'err.pos.ast.rowCells': "bad position: row {r} has {n} cells, expected {m}",
  'err.pos.ast.char': "bad position: '{ch}' in row {r} (use . or a type digit 1-6)",
  'err.pos.ast.rows': "bad position: {n} rows, expected {m}",
  'err.pos.ast.moreRows': "bad position: more than {n} rows",
  'err.pos.ast.queue': "bad position: '{ch}' in the draw queue (use type digits 1-6, or - for none)",
  'err.pos.ast.side': "bad position: side to move '{x}' (use 1 or 2)",
  'err.pos.ast.goals': "bad position: goal set '{x}' (use D or L, the first player's)",
  'err.pos.ast.hand': "bad position: handed piece '{x}' (use a type digit 1-6, or - for none)",
  'err.pos.ast.draw': "bad position: {n} pieces to draw for {m} empty cells",
  'err.pos.ast.opening': "bad position: the first player makes the three opening placements",
  'err.pos.ast.differ': "bad position: the opening pieces must differ in type",
  'err.pos.ast.finished': "bad position: a finished game has no handed piece",
  'err.pos.ast.noHand': "bad position: only the first turn starts without a handed piece",
  'err.pos.ast.second': "bad position: the second player places the first piece",
  'err.pos.ast.wrongSide': "bad position: wrong side to move for {n} pieces without the pie swap",
  'err.pos.ast.count': "bad position: {n} {type} pieces, but the side-{size} set has {full}",

  // A record loaded (src/record/record.cpp): "record:LINE: ...", or
  // "record: ..." for the whole text; a move, the Game tag or the Position
  // tag the rules refuse is the rules' own message inside ({why}).
  'err.rec.line': "record:{line}: {why}",
  'err.rec.whole': "record: {why}",
  'err.rec.control': "control character (byte {n}) in the record",
  'err.rec.moveLine': "a move line starts with its number and a dot, as in '1. MOVE'",
  'err.rec.number': "expected move number {n}, found {found}",
  'err.rec.noMove': "move {n} has no move",
  'err.rec.oneMove': "one move per line: found '{text}' after {n}.",
  'err.rec.tagOrMove': "expected a tag ('Key: value') or a numbered move ('1. MOVE'), found '{text}'",
  'err.rec.tagLate': "tag '{key}' after the moves; tags come first",
  'err.rec.tagTwice': "tag '{key}' given twice (first on line {n})",
  'err.rec.noGame': "no 'Game:' tag naming the game",
  'err.rec.onePlayer': "a one-player game cannot be drawn by agreement",
  'err.rec.movesEnd': "the moves end the game ({result}), so no agreement ended it",
  'err.rec.agreedResult': "a game ended by agreement needs 'Result: 1/2-1/2'",
  'err.rec.move': "move {n} '{move}': {why}",
  'err.rec.result': "unknown result '{result}' (use *, 1-0, 0-1, 1/2-1/2, win or loss)",
  'err.rec.says': "the record says {result} but the moves end in {result2}",

  // A PGN text loaded (src/record/pgn.cpp): "record:LINE: game N: ..." for
  // what one game says, "record:LINE: ..." for the text's syntax.
  'err.pgn.game': "game {n}: {why}",
  'err.pgn.variationOpen': "a variation '(' is not closed by ')'",
  'err.pgn.tagInVariation': "a tag inside a variation: is a ')' missing?",
  'err.pgn.variationFirst': "a variation '(' before any move",
  'err.pgn.close': "')' without a '(' before it",
  'err.pgn.unexpected': "unexpected '{ch}' in the moves",
  'err.pgn.tagName': "a tag name is expected after '['",
  'err.pgn.tagValue': "tag '{name}' has no value in double quotes",
  'err.pgn.tagQuote': "the value of tag '{name}' is not closed by '\"'",
  'err.pgn.tagClose': "tag '{name}' is not closed by ']'",
  'err.pgn.comment': "a comment '{' is not closed by '}'",
  'err.pgn.continues': "'{token}' continues a capture, but no move is before it",
  'err.pgn.null': "null move '{token}': these games have no passing move",
  'err.pgn.variant': "unknown Variant '{name}': asterism reads PGN of Shatra and Star Pool Chess",
  'err.pgn.notCovered': "'{spec}' is not a game that PGN covers (shatra, starpool)",
  'err.pgn.mismatch': "the Variant tag says '{variant}' but GameSpec names '{spec}'",
  'err.pgn.result': "unknown result '{result}' (use 1-0, 0-1, 1/2-1/2 or *)",
  'err.pgn.none': "no game in the PGN text",
};
