// A widget of an online game's page (online.js): the links of a seat this
// browser holds (its seat, the invitation if this browser created the game,
// watching), each with a Copy button, in a panel that opens by itself while
// the game waits for its second player. (The clocks are views.js's.)
import { seatLinks } from './seats.js';
import { $ } from './dom.js';

/**
 * The links of game `id` for the holder of `secret` (none for a
 * spectator), while the game is not over; `waiting` opens the panel the
 * first time it is drawn for the game.
 * @param {string} id @param {string} secret
 * @param {{over: boolean, waiting: boolean}} game
 * @param {(text: string, kind?: string) => void} message
 */
export function renderLinks(id, secret, { over, waiting }, message) {
  /** @type {Record<string, string|undefined>} */
  const links = seatLinks(id, secret);
  $('links').hidden = !links.seat || over;
  const key = `${id} ${Object.keys(links).sort().join()}`;
  if (!links.seat || $('link-rows').dataset.key === key) return;
  if ($('link-rows').dataset.id !== id) /** @type {HTMLDetailsElement} */ ($('links-box')).open = waiting;
  $('link-rows').dataset.id = id;
  $('link-rows').dataset.key = key;
  $('link-rows').replaceChildren();
  $('links-note').textContent = links.invite ?
    'Send the invitation to your opponent. Keep your own link: it is your seat.' :
    'Keep your own link: it is your seat, in any browser. Anyone may watch by the watch link.';
  const rows = [['seat', 'Your seat'], ['invite', 'Invitation'], ['watch', 'Watch']];
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
    copy.textContent = 'Copy';
    copy.dataset.testid = `copy-${key}`;
    copy.addEventListener('click', () => copyText(input, message));
    row.append(`${label} `, input, copy);
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
  message('Link copied.', 'hint');
}
