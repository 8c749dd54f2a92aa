// A widget of an online game's page (online.js): the links of a game this
// tab created (its seat, the invitation, watching), each with a Copy
// button. (The clocks are views.js's.)
import { linksKey } from './lobby.js';
import { $ } from './dom.js';

// The links of a game this tab created (lobby.js keeps them), when it is
// not over: its seat, the invitation, watching.
/**
 * @param {string} id @param {boolean} over
 * @param {(text: string, kind?: string) => void} message
 */
export function renderLinks(id, over, message) {
  /** @type {Record<string, string>|null} */
  const links = JSON.parse(sessionStorage.getItem(linksKey(id)) || 'null');
  $('links').hidden = !links || over;
  if (!links || $('link-rows').dataset.id === id) return;
  $('link-rows').dataset.id = id;
  $('link-rows').replaceChildren();
  const rows = [['seat', 'Your seat'], ['invite', 'Invitation'], ['watch', 'Watch']];
  for (const [key, label] of rows.filter(([k]) => links[k])) {
    const row = document.createElement('div');
    row.className = 'link-row';
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = new URL(links[key], location.href).href;
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
