// The home band's words in English (home.js; en.js spreads them in).
/** @type {Record<string, string|string[]>} */
export default {
  'home.title': 'Four strategy games to learn and play',
  'home.lead': 'Play the computer at this screen, or people anywhere online. Each game takes a few minutes to learn.',
  'home.starstar': 'Take turns placing stones; when the board is full, groups touching the edge share it out, and more of the edge wins.',
  'home.asterisk': 'Pieces belong to nobody: join the three sides of the triangle by two of your three kinds of path (colour, shape, marking).',
  'home.shatra': 'The chess-draughts of the Altai: men move like chess men and capture by jumping; take the enemy biy to win.',
  'home.starpool': 'Chess on a 9 by 9 board with a pool in the middle; checkmate, stalemate or a bare king wins.',
  'home.ways': 'Where to start',
  'home.learn': 'Learn',
  'home.play': 'Play the computer',
  'home.friend': 'Play a friend',
  'home.close': 'Close',
  'home.resume': 'Your games in progress:',
  'home.resume.game': 'online game {id}',
};
