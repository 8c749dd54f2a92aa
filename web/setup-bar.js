// The local page's setup bar (index.html, #setup): the game and its
// options as the catalog lists them, the seats and the level, the body of a
// new game from them, and the bar made to agree with a game on screen.
import { $, input, select } from './dom.js';
import { buildOptions as buildOptionsFor, changedOptions } from './shared.js';
import { parseSpec } from './names.js';
import { side } from './i18n.js';
import { groupRuleForms } from './rule-forms.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Catalog} Catalog */

/** @param {{catalog: Catalog|null}} ui */
export function setupBar(ui) {
  /** @param {string} id */
  const gameInfo = (id) => ui.catalog?.games.find((g) => g.id === id);

  function buildOptions() {
    const info = gameInfo(select('game').value);
    if (info) buildOptionsFor(info);
    groupRuleForms();
  }

  function setupBody() {
    /** @type {Record<string, unknown>} */
    const body = {
      game: select('game').value,
      options: changedOptions(/** @type {HTMLFormElement} */ ($('setup'))),
      players: [select('seat0').value, select('seat1').value],
      level: Number(select('level').value),
    };
    if (input('position').value.trim()) body.position = input('position').value.trim();
    return body;
  }


  /** @param {GameState} s */
  function syncSetup(s) {
    seatNames(s);
    select('seat0').value = s.players[0].seat;
    if (s.players[1]) select('seat1').value = s.players[1].seat;
    select('level').value = String(s.level);
  }

  // The seats named by the game's sides, leaving the seats chosen as they are.
  /** @param {import('./types.js').TableState} s */
  function seatNames(s) {
    $('seat0-name').textContent = side(s.players[0].name);
    $('seat1-label').hidden = s.players.length < 2;
    if (s.players[1]) $('seat1-name').textContent = side(s.players[1].name);
  }


  // Sets the setup bar's options as if chosen (a change event each, so that
  // the options a form shows follow), and the level if given.
  /** @param {Record<string, string>} options @param {number} [level] */
  function setOptions(options, level) {
    for (const [k, v] of Object.entries(options)) {
      const field = /** @type {HTMLSelectElement|null} */ (document.querySelector(`#setup [data-option="${k}"]`));
      if (field) { field.value = v; field.dispatchEvent(new Event('change')); }
    }
    if (level !== undefined) select('level').value = String(level);
  }

  // A game loaded or picked up again: the setup bar shows its game and
  // options, agreeing with the title above the board.
  /** @param {GameState} s */
  function setupFor(s) {
    select('game').value = s.game_id;
    buildOptions();
    setOptions(parseSpec(s.game).options);
  }

  return { gameInfo, buildOptions, setupBody, syncSetup, seatNames, setOptions, setupFor };
}
