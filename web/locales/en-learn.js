// The puzzles and learn pages in English (puzzles.js, learn.js and their
// HTML); en.js spreads this into the reference catalogue, ru-learn.js
// translates it.
/** @type {Record<string, string|string[]>} */
export default {
  // The puzzles page (puzzles.html, puzzles.js).
  'puz.page': "Puzzles · asterism",
  'puz.intro': "Positions from games the computer played against itself, where the side to move forces a win and only one first move does it. Every puzzle is proven by the engine's exact solver: you play the winning side, the board answers with the best defence, and a wrong move is answered with the reply that refutes it. Your progress is kept in this browser.",
  'puz.back': "Take back",
  'puz.hint': "Hint",
  'puz.retry': "Start again",
  'puz.prev': "Previous",
  'puz.next': "Next puzzle",
  'puz.labels': "Cell names",
  'puz.right': "Right: {move}. The best defence follows.",
  'puz.right.more': ["Right: {move}. The defence: {reply}. Your move again (one move left).", "Right: {move}. The defence: {reply}. Your move again ({n} moves left)."],
  'puz.also': "{move} wins too, but this puzzle's line is faster. Find the quickest win.",
  'puz.noWin': "no forced win is left",
  'puz.noWin.within': ["no forced win is left within {n} ply of the puzzle's start", "no forced win is left within {n} plies of the puzzle's start"],
  'puz.wrong': "Not this one: {move}. After the answer {answer}, {within}.",
  'puz.wrong.ends': "Not this one: {move} ends the game without the win ({outcome}).",
  'puz.takenBack': "Taken back. Try another move.",
  'puz.backFailed': "The move could not be taken back: {why}",
  'puz.solved': "Solved!",
  'puz.loadFailed': "The puzzle could not be loaded: {why}",
  'puz.title': "Puzzle {n} of {of}",
  'puz.task': ["{side} to move and win in one move.", "{side} to move and win in {n} moves."],
  'puz.source.exact': "From {source}. Proven by the solver to the end of the game.",
  'puz.source': ["From {source}. Proven by the solver; no other first move wins within {n} ply.", "From {source}. Proven by the solver; no other first move wins within {n} plies."],
  'puz.rules': "{game}, the rules",
  'puz.new': "New to the game?",
  'puz.none': "No puzzles: {why}",
  'puz.hint.text': "Hint: the marked man or cell starts the winning move.",

  // The learn page’s chrome (learn.html, learn.js); the lessons’ own texts are in web/lessons/*.json, English.
  'learn.page': "Learn to play · asterism",
  'learn.intro': "Short lessons, each a small position and one task. Play the move on the board; you are told whether it is right and why. Stuck? Ask for a hint. Your progress is kept in this browser.",
  'learn.lessons': "Lessons",
  'learn.next': "Next lesson",
  'learn.wrong': "Not this time: {move}. {why}",
  'learn.right': "Right!",
  'learn.nextGame': "Next: {game}",
  'learn.startFailed': "The lesson could not start: {why}",
  'learn.loadFailed': "The lessons could not be loaded: {why}",
  'learn.whole': "The whole rules:",
  'learn.hint': "Hint: {hint}",

  // The rules index (rules.html); the rules pages themselves are English.
  'rules.h': "The rules",
  'rules.lead': "asterism plays four games that few people have met. Each page below explains one of them from the start, with diagrams you can trust: every board on these pages is a real position, drawn by the same program that plays. When you have read one, the",
  'rules.lessons': "lessons",
  'rules.lead.end': "let you try it move by move.",
  'rules.starstar': "Place stones on a five-sided board of rings; at the end, your groups that touch the edge twice or more share out the edge. One kind of move: the easiest to start with.",
  'rules.asterisk': "Shared pieces with a colour, a shape and a marking on a triangle; join the three sides with chains of two of your three values.",
  'rules.shatra': "The chess-draughts of the Altai: men that move like chess men, capture by jumping, and come out of a fortress by drops.",
  'rules.starpool': "A Makruk relative with a pool in the middle that leads to citadels beyond the corners.",
  'rules.note': "The rules are written from asterism's rule specifications; where the old sources are unclear, asterism had to choose, and the pages say what it plays.",
  'rules.page': "Rules · asterism",
};
