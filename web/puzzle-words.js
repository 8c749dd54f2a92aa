// A puzzle in players' words (issue 43, point 7): the goal of the side to
// move in each game, a hint that names the piece to move or place, and the
// final position's result and score once solved. The puzzle's source (the
// self-play game it was found in) is for the records, not the page.
import { t, side, has } from './i18n.js';
import { outcomeText } from './names.js';
import { pieceWords } from './access.js';

/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').ViewMove} ViewMove */
/** @typedef {import('./types.js').AsteriskExtras} AsteriskExtras */
/** @typedef {import('./types.js').StarstarScore} StarstarScore */
/** @typedef {import('./types.js').ShatraScore} ShatraScore */
/** @typedef {import('./types.js').AsteriskScore} AsteriskScore */

/** @param {string} w  a word the server sends (dark, colour) */
const word = (w) => (has(`ast.${w}`) ? t(`ast.${w}`) : w);
/** @param {TableState} s */
const sides = (s) => (s.players || []).map((p) => p.name);

/**
 * What the side to move (`mover`, 0 or 1) plays for, in a sentence.
 * @param {TableState} s @param {number} mover
 */
export function goalText(s, mover) {
  const kind = s.view.kind;
  if (kind === 'asterisk') {
    const x = /** @type {AsteriskExtras} */ (s.view.extras);
    const set = mover === 0 ? x.goal_sets.first : x.goal_sets.second;
    const values = (x.goal_values[set] || []).map(word);
    return t('puz.goal.asterisk', { values: values.join(', ') });
  }
  if (kind === 'starstar' || kind === 'shatra' || kind === 'starpool') return t(`puz.goal.${kind}`);
  return '';
}

/**
 * The hint: which piece the winning move moves or places, and where (the
 * cell is also marked on the board).
 * @param {TableState} s @param {ViewMove|undefined} move
 */
export function hintText(s, move) {
  const view = s.view;
  const cell = move && move.path.length ? move.path[0] : '';
  if (!move || !cell) return t('puz.hint.text');
  const man = view.pieces.find((p) => p.cell === cell);
  if (man && view.kind !== 'asterisk') return t('puz.hint.move', { man: pieceWords(man, view.kind, sides(s)), cell });
  if (view.kind === 'asterisk' && move.pick) {
    const type = /** @type {AsteriskExtras} */ (view.extras).supply.find((x) => x.type === move.pick);
    if (type) return t('puz.hint.place', { man: pieceWords({ ...type, cell, owner: null, kind: type.type }, 'asterisk', []), cell });
  }
  if (view.kind === 'starstar') return t('puz.hint.stone', { cell });
  return t('puz.hint.text');
}

/**
 * The final position's result and score, in a sentence or two.
 * @param {TableState} s
 */
export function finalText(s) {
  const result = s.outcome ? outcomeText(s) : '';
  const kind = s.view.kind;
  let score = '';
  if (kind === 'starstar') {
    const sc = /** @type {StarstarScore} */ (s.score);
    score = t('puz.final.star', { black: sc.black.score, white: sc.white.score });
  } else if (kind === 'shatra' || kind === 'starpool') {
    const sc = /** @type {ShatraScore} */ (s.score);
    score = t('puz.final.material', { white: sc.material.White, black: sc.material.Black });
  } else if (kind === 'asterisk') {
    const goals = /** @type {AsteriskScore} */ (s.score).goals || {};
    const names = sides(s);
    const held = Object.entries(goals).filter(([, who]) => who !== null)
      .map(([attr, who]) => t('puz.final.chain', { goal: word(attr), side: side(names[who === 'first' ? 0 : 1] || '') }));
    if (held.length) score = t('puz.final.chains', { chains: held.join(', ') });
  }
  return [t('puz.solved'), result && `${result}.`, score].filter(Boolean).join(' ');
}
