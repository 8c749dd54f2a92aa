// The play pages' last words in English (i18n.js, en.js spreads them in):
// a man's name on the board (board.js's tooltip, access.js's cell names),
// the cells' words for screen readers and the typed-move refusals
// (access.js), and the online page's own lines (online.js, turn.js).
// A man is named by the server's side and kind: `man.<side>.<kind>`.

/** @type {Record<string, string|string[]>} */
export default {
  // Shatra's men, Star Pool Chess's pieces, *Star's stones (board.js, access.js).
  'man.White.biy': "White biy", 'man.Black.biy': "Black biy",
  'man.White.batyr': "White batyr", 'man.Black.batyr': "Black batyr",
  'man.White.tura': "White tura", 'man.Black.tura': "Black tura",
  'man.White.yalkyn': "White yalkyn", 'man.Black.yalkyn': "Black yalkyn",
  'man.White.shatra': "White shatra", 'man.Black.shatra': "Black shatra",
  'man.White.King': "White King", 'man.Black.King': "Black King",
  'man.White.General': "White General", 'man.Black.General': "Black General",
  'man.White.Captain': "White Captain", 'man.Black.Captain': "Black Captain",
  'man.White.Great Elephant': "White Great Elephant", 'man.Black.Great Elephant': "Black Great Elephant",
  'man.White.Knight': "White Knight", 'man.Black.Knight': "Black Knight",
  'man.White.Rook': "White Rook", 'man.Black.Rook': "Black Rook",
  'man.White.Wizard': "White Wizard", 'man.Black.Wizard': "Black Wizard",
  'man.White.Pawn': "White Pawn", 'man.Black.Pawn': "Black Pawn",
  'man.White.Sergeant': "White Sergeant", 'man.Black.Sergeant': "Black Sergeant",
  'man.White.Lieutenant': "White Lieutenant", 'man.Black.Lieutenant': "Black Lieutenant",
  'man.White.stone': "White stone", 'man.Black.stone': "Black stone",
  'man.other': "{side} {kind}",
  'board.name': "Board",

  // A cell's name for screen readers: "e4, White batyr, selected" (access.js).
  'asterisk.dark.hex': "dark hexagon", 'asterisk.light.hex': "light hexagon",
  'asterisk.dark.circle': "dark circle", 'asterisk.light.circle': "light circle",
  'asterisk.piece': "{looks} ({type})",
  'asterisk.piece.marked': "{looks} with an asterisk ({type})",
  'cell.player': "player {n}",
  'cell.stone.star': "{stone}, part of a star",
  'cell.marked': "{man} ({marks})",
  'cell.mark.reserve': "reserve",
  'cell.mark.urgent': "urgent",
  'cell.mark.next-entry': "enters next",
  'cell.empty': "empty",
  'cell.selected': "selected",
  'cell.target': "a move can go here",
  'cell.last': "last move",

  // The "Type a move" box's refusals (access.js).
  'type.how': "Type a move as the move list writes it.",
  'type.how.example': "Type a move as the move list writes it, such as {example}.",
  'type.examples': "{a} or {b}",
  'type.none': "There is no legal move now.",
  'type.unknown': "\u201c{text}\u201d is not a move of this game: there is no cell or piece \u201c{stranger}\u201d. Moves are written like {example}.",
  'type.illegal': "\u201c{text}\u201d is not a legal move now. Moves are written like {example}.",
  'type.server': "{error} (The server says: {why}.)",

  // The online game's own lines (online.js) and the tab's title (turn.js).
  'og.click.illegal': "{path} starts no legal move.",
  'og.secret.link': "The secret in this link holds no seat of this game: you are watching it.",
  'og.secret.kept': "The secret kept for it holds no seat of this game: you are watching it.",
  'og.elsewhere': "Your seat is played in another browser or tab; you are watching here.",
  'og.elsewhere.tab': "Your seat is now played in another tab of this browser; you are watching here.",
  'og.movedElsewhere': "A move of your seat ({move}) was made in another browser or tab.",
  'og.cannotOpen': "Cannot open the game: {error}",
  'og.title': "{game} online \u00b7 asterism",
  'og.played': "{who} played {move}: your move.",
  'og.arrived': "Your opponent is here: your move.",
  'turn.yours': "(your move) ",
  // The end of a local game (app.js, #game-end).
  'end.rematch': "Rematch",
  'end.rematch.title': "The same game again, the sides swapped",
  'end.review': "Review this game",
};
