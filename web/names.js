// Player-facing words for the games and their options: a label and one line
// of help for each option, a name for each value, and a readable title for
// any game spec ("Shatra, Altai rules" rather than "shatra:rules=altai,
// notation=algebraic"). The catalog (GET /api/catalog) stays the authority
// on which options and values exist: an option or value missing here is
// shown with the catalog's own name and help, so a new one still works.
import { t as tr, side } from './i18n.js';

// Where an option sits in the setup form: 'bar' (always shown), 'more'
// (under "More options") or 'advanced' (under "Advanced: rule switches").
// `when(options)` hides an option that does nothing in the chosen mode.

const OPTIONS = {
  starstar: {
    size: {
      label: 'Board', place: 'bar',
      help: 'How many rings of cells. The full board is the designer\u2019s; the small one is a quick game.',
      values: { 6: 'small (105 cells)', 8: 'medium (180 cells)', 10: 'full (275 cells)' },
    },
    swap: {
      label: 'Swap', place: 'more',
      help: 'After the first stone the second player may take it over instead of playing, so the first stone must not be too good.',
      values: { false: 'no swap', true: 'second player may swap' },
    },
  },
  asterisk: {
    mode: {
      label: 'Form', place: 'bar',
      help: 'Asterisk for two; Inverted, where you choose the piece your opponent must place; or Solitaire for one.',
      values: { standard: 'Asterisk', inverted: 'Inverted', solitaire: 'Solitaire' },
    },
    size: {
      label: 'Board', place: 'bar',
      help: 'Cells along each side of the triangle. 11 is the standard game, 8 a short one.',
      values: { 8: 'small (8 a side)', 11: 'standard (11 a side)', 12: '12 a side', 15: '15 a side', 20: '20 a side' },
    },
    first_goals: {
      label: 'First player plays for', place: 'more',
      help: 'The values the first player tries to connect; the second player has the other three.',
      values: { D: 'dark, hex, asterisk', L: 'light, circle, empty' },
      when: (o) => o.mode !== 'solitaire',
    },
    pie: {
      label: 'Swap (Inverted)', place: 'more',
      help: 'In Inverted, the first player may take over the second player\u2019s goals after their first placement.',
      values: { false: 'no swap', true: 'swap allowed' },
      when: (o) => o.mode === 'inverted',
    },
    setup: {
      label: 'Deal', place: 'more',
      help: 'Which cells the Solitaire deal fills before you start: all but the second ring (A), or the outer and third rings (B).',
      values: { A: 'A: fill all but ring 1', B: 'B: fill rings 0 and 2' },
      when: (o) => o.mode === 'solitaire',
    },
    seed: {
      label: 'Deal number', place: 'more',
      help: 'Each number is one shuffle of the pieces; the same number gives the same deal.',
      when: (o) => o.mode === 'solitaire',
    },
  },
  shatra: {
    rules: {
      label: 'Rules', place: 'bar',
      help: 'Shatra was written down differently by different sources; pick whose rules to play.',
      values: {
        seed: 'Shatra, as in the sources',
        altai: 'Shatra, Altai rules',
        shatrabase: 'Shatra, as Shatrabase plays it',
        // Spec section 14 gives no name of its own players for this form
        // (only Shatrabase's "Original"), so the name says what it is.
        original: 'Shatra, Original form (biy and 23 shatras)',
      },
    },
    notation: {
      label: 'Moves written as', place: 'more',
      help: 'Only how moves are written in the list and in records; every form is understood.',
      values: { algebraic: 'letters and numbers (c3:e5)', numeric: 'traditional numbers (1 to 62)', shatrabase: 'as Shatrabase writes them' },
    },
    beyond_ditch: {
      label: 'Shatra beyond the ditch', place: 'advanced',
      help: 'How a shatra steps once it has crossed into the enemy half.',
      values: { king: 'one step any way', forward: 'forward, diagonally forward or sideways' },
    },
    max_capture: {
      label: 'Longest capture', place: 'advanced',
      help: 'After its first jump, must a chain take as many men as it can?',
      values: { on: 'must take the most', off: 'free choice' },
    },
    landing: {
      label: 'Landing after a long leap', place: 'advanced',
      help: 'Where a batyr, tura or yalkyn may land beyond the man it jumps.',
      values: { any: 'any empty cell', continue: 'where it can capture again, if any', nearest: 'the nearest such cell' },
    },
    great_road: {
      label: 'Great road', place: 'advanced',
      help: 'May a batyr or tura still in the fortress run straight up the d-file?',
      values: { off: 'no', on: 'yes' },
    },
    mid_chain_promotion: {
      label: 'Promotion inside a chain', place: 'advanced',
      help: 'Does a shatra that lands on the far rank in the middle of a chain promote there?',
      values: { on: 'at once', off: 'only where the chain ends' },
    },
    biy_capture_promotion: {
      label: 'Promotion when taking the biy', place: 'advanced',
      help: 'A shatra that takes the biy on the far rank: is it also promoted?',
      values: { off: 'no, the game is simply over', on: 'yes, one move per type' },
    },
    gate_drops: {
      label: 'Drops from the gate', place: 'advanced',
      help: 'May a man standing on a gate be dropped like one in the fortress?',
      values: { on: 'yes', off: 'only the biy on its own gate' },
    },
    urgent_blocked: {
      label: 'Urgent man cannot drop', place: 'advanced',
      help: 'A man that must be dropped but has nowhere to go:',
      values: { suspend: 'the duty waits a turn', lose: 'its side has no move and loses' },
    },
    tower_squares: {
      label: 'Tower squares', place: 'advanced',
      help: 'May a shatra on the enemy\u2019s far field corner step into the enemy fortress?',
      values: { off: 'no', on: 'yes' },
    },
    delayed_promotion: {
      label: 'Waiting shatra promotes', place: 'advanced',
      help: 'When a shatra waiting on the far rank gets the piece just captured.',
      values: { turn_end: 'when the capturing turn ends', jump: 'inside the jump' },
    },
    biy_gate_capture: {
      label: 'Biy capturing from its gate', place: 'advanced',
      help: 'May it land inside its own fortress?',
      values: { any: 'yes', outward: 'only outside' },
    },
    ep_exclusive: {
      label: 'En passant only', place: 'advanced',
      help: 'When a shatra can take en passant, is the plain capture of the same man also offered?',
      values: { off: 'both offered', on: 'en passant only' },
    },
    draws: {
      label: 'Draw rules', place: 'advanced',
      help: 'Threefold repetition, two bare biys and 100 moves without progress end the game drawn.',
      values: { on: 'on', off: 'off (draws only by agreement)' },
    },
    enemy_drops: {
      label: 'Drops from the enemy home', place: 'advanced',
      help: 'Which men standing in the enemy\u2019s fortress or gate may be put onto the enemy half instead of moving.',
      values: { pieces: 'every man but a shatra', none: 'none', all: 'every man, shatras too' },
    },
    biy_gate_return: {
      label: 'Biy back onto its gate', place: 'advanced',
      help: 'May the biy step or capture back onto its own gate while its temdek stands or its home area is closed?',
      values: { on: 'yes', off: 'no' },
    },
    gate_privilege: {
      label: 'Biy\u2019s right on a gate', place: 'advanced',
      help: 'May a man on a gate that alone can capture make another move instead, as the biy may?',
      values: { off: 'no', on: 'yes' },
    },
    fortress_landing: {
      label: 'Fortress shatra capturing home', place: 'advanced',
      help: 'May a shatra\u2019s capture that starts in its own fortress land in its own home area?',
      values: { never: 'never', from_fortress: 'yes, and it must leave on the next turn' },
      when: (o) => o.rules === 'original',
    },
  },
  starpool: {
    setup: {
      label: 'Start position', place: 'more',
      help: 'The original diagram is lost; this is the reconstruction asterism plays.',
      values: { standard: 'standard' },
    },
  },
};

// {label, help, place, valueName(v), shown(options)} for a catalog option.
export function optionWords(game, o) {
  const w = (OPTIONS[game] || {})[o.name] || {};
  const preset = o.name !== 'rules' && (o.allowed || []).includes('preset');
  return {
    label: w.label || o.name,
    help: w.help || o.help || '',
    place: w.place || (preset ? 'advanced' : 'more'),
    valueName: (v) => {
      if (v === 'preset') return 'as the rules say';
      if (w.values && w.values[v] !== undefined) return w.values[v];
      if (v === 'true') return 'yes';
      if (v === 'false') return 'no';
      return v;
    },
    shown: (options) => !w.when || w.when(options),
  };
}

// "starstar:size=6,swap=true" -> {id: 'starstar', options: {size: '6', swap: 'true'}}.
/** @param {string} spec */
export function parseSpec(spec) {
  const [id, rest] = String(spec).split(':');
  /** @type {Record<string, string>} */
  const options = {};
  for (const kv of (rest || '').split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    options[k] = v;
  }
  return { id, options };
}

const TITLES = {
  starstar: (o) => {
    const board = { 6: 'small board', 8: 'medium board', 10: 'full board' }[o.size || '10'] || `${o.size} rings`;
    return `*Star, ${board}` + (o.swap === 'true' ? ', with swap' : '');
  },
  asterisk: (o) => {
    const mode = o.mode || 'standard';
    const name = { standard: 'Asterisk', inverted: 'Inverted Asterisk', solitaire: 'Asterisk Solitaire' }[mode] || 'Asterisk';
    const parts = [name];
    if ((o.size || '11') !== '11') parts.push(`${o.size} a side`);
    if (mode === 'solitaire') parts.push(`deal ${o.seed || '1'}${o.setup === 'B' ? 'B' : ''}`);
    if (o.first_goals === 'L') parts.push('first player light');
    if (o.pie === 'true') parts.push('with swap');
    return parts.join(', ');
  },
  shatra: (o) => {
    const preset = OPTIONS.shatra.rules.values[o.rules || 'seed'] || `Shatra (${o.rules})`;
    const changed = Object.keys(o).filter((k) => !['rules', 'notation'].includes(k) && o[k] !== 'preset');
    if (changed.length === 0) return preset;
    const words = changed.map((k) => {
      const w = OPTIONS.shatra[k];
      return w ? `${w.label.toLowerCase()}: ${w.values[o[k]] || o[k]}` : `${k}=${o[k]}`;
    });
    return `${preset}, changed: ${words.join('; ')}`;
  },
  starpool: (o) => 'Star Pool Chess' + (o.setup && o.setup !== 'standard' ? `, ${o.setup} start` : ''),
};

// A readable title for a game spec; unknown games keep their spec.
export function gameTitle(spec) {
  const { id, options } = parseSpec(spec);
  const make = TITLES[id];
  return make ? gameName(make(options)) : String(spec);
}

// A game's name in the page's language: the games keep their own Latin
// names, except Shatra («Шатра» in Russian).
/** @param {string} title */
export const gameName = (title) => title.replace(/\bShatra\b/g, tr('game.shatra'));

// How a finished online game ended, in words ("" for the rules' own end).
/** @param {string} t */
export const terminationText = (t) => (t === 'rules' ? '' :
  ['resignation', 'agreement', 'time'].includes(t) ? tr(`end.${t}`) : t);

// The word by which the server's outcome already names each way of ending
// (src/table/table.cpp: "White resigns", "White loses on time", "Draw by
// agreement"), so that the result line does not say it twice.
/** @type {Record<string, RegExp>} */
const SAID = { resignation: /resign/i, time: /time/i, agreement: /agreement/i };

/**
 * What a side did (wins, resigns, time: lost on time) in the page's
 * language: "Белые выиграли", or a neutral form for a side without one.
 * @param {string} name @param {'wins'|'resigns'|'time'} what
 */
function sideDid(name, what) {
  const own = tr(`side.${name}.${what}`);
  return own === `side.${name}.${what}` ? tr(`result.${what}`, { side: side(name) }) : own;
}

/**
 * The server's outcome (src/table/table.cpp, src/server/draws.cpp) in the
 * page's language; one it does not know is kept as it is.
 * @param {string} outcome
 */
export function outcomeText(outcome) {
  let m;
  if ((m = /^(.+) wins$/.exec(outcome))) return sideDid(m[1], 'wins');
  if ((m = /^(.+) resigns$/.exec(outcome))) return sideDid(m[1], 'resigns');
  if ((m = /^(.+) loses on time$/.exec(outcome))) return sideDid(m[1], 'time');
  const known = { 'Draw': 'result.draw', 'Draw by agreement': 'result.agreed',
    'Won': 'result.won', 'Game over': 'result.gameOver' }[outcome];
  return known ? tr(known) : outcome;
}

/**
 * How a game ended, in one line that says each thing once: "White wins
 * (1-0)", "White resigns: Black wins (0-1)", "White loses on time: Black
 * wins (0-1)", "Draw by agreement (1/2-1/2)"; a game the server ended
 * (status aborted) says why. `sides` are the sides' names in the game.
 * @param {{outcome: string, result: string, termination?: string, status?: string, sides?: string[]}} g
 */
export function resultLine({ outcome, result, termination = '', status = '', sides = [] }) {
  if (status === 'aborted') return tr('result.aborted', { why: termination || tr('result.abandoned'), result });
  const english = outcome || 'Game over';
  let line = outcomeText(english);
  const said = SAID[termination];
  if (termination && termination !== 'rules' && !(said && said.test(english))) line += ` ${terminationText(termination)}`;
  const winner = result === '1-0' ? sides[0] : result === '0-1' ? sides[1] : '';
  if (winner && !/\bwins\b|\bwon\b/i.test(english)) line += `: ${sideDid(winner, 'wins')}`;
  return `${line} (${result})`;
}

// The game and options a first visit starts with, and why: *Star has one
// kind of move (place a stone) and the small board plays in a few minutes,
// so it is the gentlest start; level 2 is the weakest computer that does
// search, beatable by a newcomer who has read the rules.
export const FIRST_VISIT = { game: 'starstar', options: { size: '6' }, level: 2 };
