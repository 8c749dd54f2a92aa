// Player-facing words for the games and their options: a label and one line
// of help for each option, a name for each value, and a readable title for
// any game spec ("Shatra, Altai rules" rather than "shatra:rules=altai,
// notation=algebraic"). The catalog (GET /api/catalog) stays the authority
// on which options and values exist: an option or value missing here is
// shown with the catalog's own name and help, so a new one still works.
import { t as tr, side, has } from './i18n.js';
import { serverError } from './server-errors.js';

// Where an option sits in the setup form: 'bar' (always shown), 'more'
// (under "More options") or 'advanced' (under "Advanced: rule switches").
// `when(options)` hides an option that does nothing in the chosen mode.

// Each option's words are in the catalogue (locales/en-options.js): label
// 'opt.<game>.<name>', help '.help', a value's name '.v.<value>'.
/** @type {Record<string, Record<string, {place: string, when?: (o: Record<string, string>) => boolean}>>} */
const OPTIONS = {
  starstar: { size: { place: 'bar' }, swap: { place: 'more' } },
  asterisk: {
    mode: { place: 'bar' },
    size: { place: 'bar' },
    first_goals: { place: 'more', when: (o) => o.mode !== 'solitaire' },
    pie: { place: 'more', when: (o) => o.mode === 'inverted' },
    setup: { place: 'more', when: (o) => o.mode === 'solitaire' },
    seed: { place: 'more', when: (o) => o.mode === 'solitaire' },
  },
  shatra: {
    rules: { place: 'bar' },
    notation: { place: 'more' },
    ...Object.fromEntries(['beyond_ditch', 'max_capture', 'landing', 'great_road', 'mid_chain_promotion',
      'biy_capture_promotion', 'gate_drops', 'urgent_blocked', 'tower_squares', 'delayed_promotion',
      'biy_gate_capture', 'ep_exclusive', 'draws', 'enemy_drops', 'biy_gate_return', 'gate_privilege']
      .map((name) => [name, { place: 'advanced' }])),
    fortress_landing: { place: 'advanced', when: (o) => o.rules === 'original' },
  },
  starpool: { setup: { place: 'more' } },
};

/** The catalogue's string for `key`, or undefined. @param {string} key */
const word = (key) => (has(key) ? tr(key) : undefined);

/** An option's label in the page's language. @param {string} game @param {string} name */
const optionLabel = (game, name) => word(`opt.${game}.${name}`);
/** A value's name. @param {string} game @param {string} name @param {string} v */
const valueWord = (game, name, v) => word(`opt.${game}.${name}.v.${v}`);

// {label, help, place, valueName(v), shown(options)} for a catalog option.
export function optionWords(game, o) {
  const w = (OPTIONS[game] || {})[o.name] || {};
  const preset = o.name !== 'rules' && (o.allowed || []).includes('preset');
  return {
    label: optionLabel(game, o.name) || o.name,
    help: word(`opt.${game}.${o.name}.help`) || o.help || '',
    place: w.place || (preset ? 'advanced' : 'more'),
    valueName: (v) => {
      if (v === 'preset') return tr('opt.preset');
      const own = valueWord(game, o.name, v);
      if (own !== undefined) return own;
      if (v === 'true') return tr('opt.yes');
      if (v === 'false') return tr('opt.no');
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
    const size = o.size || '10';
    const board = word(`title.starstar.${size}`) || tr('title.starstar.rings', { n: size });
    return tr('title.starstar', { board }) + (o.swap === 'true' ? `, ${tr('title.swap')}` : '');
  },
  asterisk: (o) => {
    const mode = o.mode || 'standard';
    const parts = [word(`title.asterisk.${mode}`) || tr('title.asterisk.standard')];
    if ((o.size || '11') !== '11') parts.push(tr('title.asterisk.side', { n: o.size }));
    if (mode === 'solitaire') parts.push(tr('title.asterisk.deal', { deal: `${o.seed || '1'}${o.setup === 'B' ? 'B' : ''}` }));
    if (o.first_goals === 'L') parts.push(tr('title.asterisk.light'));
    if (o.pie === 'true') parts.push(tr('title.swap'));
    return parts.join(', ');
  },
  shatra: (o) => {
    const rules = o.rules || 'seed';
    const preset = valueWord('shatra', 'rules', rules) || tr('title.shatra.other', { rules });
    const changed = Object.keys(o).filter((k) => !['rules', 'notation'].includes(k) && o[k] !== 'preset');
    if (changed.length === 0) return preset;
    const words = changed.map((k) => {
      const label = optionLabel('shatra', k);
      return label ? `${label.toLowerCase()}: ${valueWord('shatra', k, o[k]) || o[k]}` : `${k}=${o[k]}`;
    });
    return tr('title.shatra.changed', { preset, words: words.join('; ') });
  },
  starpool: (o) => (o.setup && o.setup !== 'standard' ? tr('title.starpool.setup', { setup: o.setup }) : tr('title.starpool')),
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

// The games in the order the pages offer them (the puzzles' and lessons'
// tabs, a player's filter), with the names people know: the page's one list
// of games. scripts/check-game-layout.sh keeps the other pages from naming
// games; each game's rules page is rules-ID.html.
/** @type {[string, string][]} */
export const GAMES = [
  ['starstar', '*Star'], ['asterisk', 'Asterisk'], ['shatra', gameName('Shatra')], ['starpool', 'Star Pool Chess'],
];

// The spec each game's board on the home band is drawn at (a small board
// where a game has sizes).
/** @type {Record<string, string>} */
export const HOME_BOARDS = { starstar: 'starstar:size=6', asterisk: 'asterisk:size=8' };

// How a finished online game ended, in words ("" for the rules' own end):
// the ways players end one, or why the server ended it (its reason by code,
// or the line a server of old kept).
/** @param {string} t @param {import('./types.js').Reason} [reason] */
export const terminationText = (t, reason) => (t === 'rules' ? '' :
  ['resignation', 'agreement', 'time'].includes(t) ? tr(`end.${t}`) : serverError({ ...reason, error: t }));

// The outcome that already names each way of ending a player chooses
// (src/table/table.cpp: "White resigns", "White loses on time", "Draw by
// agreement"), so that the result line does not say it twice.
/** @type {Record<string, string>} */
const SAID = { resignation: 'resigns', time: 'time', agreement: 'agreed' };

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
 * How a game ended, by a state's outcome_kind and outcome_side
 * (src/table/table.cpp, docs/server.md), in the page's language, never by
 * reading its English `outcome`, which is kept only for a state without
 * them (a server of old).
 * @param {{outcome?: string, outcome_kind?: string, outcome_side?: string}} s
 */
export function outcomeText({ outcome = '', outcome_kind: kind, outcome_side: who = '' }) {
  if (kind === undefined) return outcome || tr('result.gameOver');
  if (kind === 'wins' || kind === 'resigns' || kind === 'time') return sideDid(who, kind);
  const key = /** @type {Record<string, string>} */ ({ draw: 'result.draw', agreed: 'result.agreed', won: 'result.won', lost: 'result.lost' })[kind];
  return tr(key ?? 'result.gameOver');
}

/**
 * How a game ended, in one line that says each thing once: "White wins
 * (1-0)", "White resigns: Black wins (0-1)", "White loses on time: Black
 * wins (0-1)", "Draw by agreement (1/2-1/2)"; a game the server ended
 * (status aborted) says why: of a game's state (types.js), whose `players`
 * name the sides.
 * @param {{outcome: string, outcome_kind?: string, outcome_side?: string, result: string, termination?: string, termination_reason?: import('./types.js').Reason, status?: string, players?: {name: string}[]}} g
 */
export function resultLine(g) {
  const { result, termination = '', termination_reason: reason, status = '', players = [] } = g;
  if (status === 'aborted') return tr('result.aborted', { why: termination ? terminationText(termination, reason) : tr('result.abandoned'), result });
  const kind = g.outcome_kind ?? '';
  let line = outcomeText(g);
  if (termination && termination !== 'rules' && SAID[termination] !== kind) line += ` ${terminationText(termination, reason)}`;
  const winner = (result === '1-0' ? players[0]?.name : result === '0-1' ? players[1]?.name : '') || '';
  if (winner && !['wins', 'won', 'lost'].includes(kind)) line += `: ${sideDid(winner, 'wins')}`;
  return `${line} (${result})`;
}

// The game and options a first visit starts with, and why: *Star has one
// kind of move (place a stone) and the small board plays in a few minutes,
// so it is the gentlest start; level 2 is the weakest computer that does
// search, beatable by a newcomer who has read the rules.
/**
 * A man's name by the server's side and kind: "White biy", «Белый бий»
 * (the adjective agrees with the man, so each pair has its key); a pair
 * the catalogue lacks is "{side} {kind}".
 * @param {string} sideName @param {string} kind
 */
export function manName(sideName, kind) {
  const key = `man.${sideName}.${kind}`;
  return has(key) ? tr(key) : tr('man.other', { side: side(sideName), kind });
}

export const FIRST_VISIT = { game: 'starstar', options: { size: '6' }, level: 2 };
