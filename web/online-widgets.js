// Widgets of an online game's page (online.js): the links of a seat this
// browser holds (its seat, the invitation if this browser created the game,
// watching), each with a Copy button, in a panel that opens by itself while
// the game waits for its second player; and the two seats, with their
// players' names (an account's a link to its profile) and whether they are
// connected; and a link back to the tournament a game belongs to. (The
// clocks are views.js's.)
import { seatLinks } from './seats.js';
import { t as say, side } from './i18n.js';
import { $ } from './dom.js';
import { gameTitle } from './names.js';
import { playerLink } from './people.js';

/** @typedef {import('./types.js').GameState} GameState */

/**
 * The links of game `id` for the holder of `secret` (none for a
 * spectator), also once the game is over (the watch link shares the
 * finished game), without the invitation then (nobody can join any more);
 * `waiting` opens the panel the first time it is drawn for the game.
 * @param {string} id @param {string} secret
 * `rated` adds that the invitation's holder must sign in to take the seat.
 * @param {{over: boolean, waiting: boolean, rated?: boolean}} game
 * @param {(text: string, kind?: string) => void} message
 */
export function renderLinks(id, secret, { over, waiting, rated = false }, message) {
  /** @type {Record<string, string|undefined>} */
  const links = seatLinks(id, secret);
  if (over) delete links.invite;
  $('links').hidden = !links.seat;
  const key = `${id} ${Object.keys(links).sort().join()} ${rated}`;
  if (!links.seat || $('link-rows').dataset.key === key) return;
  if ($('link-rows').dataset.id !== id) /** @type {HTMLDetailsElement} */ ($('links-box')).open = waiting;
  $('link-rows').dataset.id = id;
  $('link-rows').dataset.key = key;
  $('link-rows').replaceChildren();
  $('links-note').textContent = links.invite ?
    say('links.invite') + (rated ? ` ${say('links.invite.rated')}` : '') : say('links.own');
  const rows = [['seat', say('links.seat')], ['invite', say('links.invitation')], ['watch', say('links.watch')]];
  for (const [key, label] of rows) {
    const link = links[key];
    if (!link) continue;
    const row = document.createElement('div');
    row.className = 'link-row';
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = new URL(link, location.href).href;
    input.dataset.testid = `link-${key}`;
    input.id = `link-${key}`;
    const copy = document.createElement('button');
    copy.textContent = say('links.copy');
    copy.dataset.testid = `copy-${key}`;
    copy.addEventListener('click', () => copyText(input, message));
    // The row's words name its field for screen readers (axe: label).
    const name = document.createElement('label');
    name.htmlFor = input.id;
    name.textContent = label;
    row.append(name, input, copy);
    $('link-rows').append(row);
  }
}

// The clipboard API needs a secure origin (https or this machine); plain
// http elsewhere falls back to selecting the text and the copy command.
/**
 * @param {HTMLInputElement} input
 * @param {(text: string, kind?: string) => void} message
 */
async function copyText(input, message) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();
    document.execCommand('copy');
  }
  message(say('links.copied'), 'hint');
}

/**
 * The seats of game `s`, from seat `ui.you`'s point of view (-1 a
 * spectator); `ui.live` whether this page's stream is open (if not, who
 * else is connected is unknown); `seatName(i)` the name shown for seat i.
 * @param {{live: boolean, you: number, flipped: boolean}} ui
 * @param {GameState} s @param {(i: number) => string} seatName
 */
export function renderSeats(ui, s, seatName) {
  $('game-title').textContent = gameTitle(s.game) + (s.rated ? ` \u00b7 ${say('pp.rated')}` : '');
  for (const i of [0, 1]) {
    const seat = s.seats[i];
    const row = $(`seat-${i}`);
    const dot = /** @type {HTMLElement} */ (row.querySelector('.dot'));
    // Cut off ourselves, we do not know who else is connected.
    const state = seat.computer ? 'computer' : !ui.live ? 'unknown' :
      seat.connected ? 'connected' : 'away';
    dot.className = `dot ${state}`;
    dot.title = say(`seat.dot.${state}`);
    row.dataset.connected = String(seat.computer || seat.connected);
    row.classList.toggle('to-move', !s.terminal && s.status === 'playing' && s.to_move === i);
    row.classList.toggle('you', ui.you === i);
    const who = /** @type {HTMLElement} */ (row.querySelector('.who'));
    // An account's name links to its profile; a guest's is only text.
    const name = seat.account && seat.joined && seat.name ? playerLink(seat.name, `seat-link-${i}`) : seatName(i);
    who.replaceChildren(`${side(s.players[i].name)}: `, name, (seat.computer ? say('status.computer') : '') + (ui.you === i ? say('seat.you') : ''));
  }
  // The seats in the order of the board's sides: the one drawn at the
  // bottom (a player's own, unless they flip) listed last.
  $('players').classList.toggle('flipped', ui.flipped);
}

// A tournament game's way back to its tournament (types-tournament.js,
// TournamentGame). A state that leaves the field out keeps the link of
// the same game.
/** @param {import('./types-tournament.js').TournamentGame} s */
export function renderTournament(s) {
  const box = $('tournament-of');
  if (s.tournament) {
    box.dataset.game = s.id;
    /** @type {HTMLAnchorElement} */ (box.querySelector('a')).href = `tournament.html#id=${encodeURIComponent(s.tournament)}`;
  }
  box.hidden = box.dataset.game !== s.id;
}
