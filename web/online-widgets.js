// Two widgets of an online game's page (online.js): the players' clocks,
// counted down between the server's states, and the links of a game this
// tab created (its seat, the invitation, watching), each with a Copy button.
import { linksKey } from './lobby.js';

const $ = (id) => document.getElementById(id);

// Milliseconds as the clock shows them: days and hours for correspondence,
// tenths in the last ten seconds.
function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  if (ms < 10000) return `0:${pad(s)}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

// The running clock counts down from what the server said, by the time
// since its state arrived (this machine's clock need not agree with the
// server's).
export function renderClocks(ui) {
  const s = ui.state;
  if (!s || ui.replay) return;
  const c = s.clock;
  for (const i of [0, 1]) {
    const box = $(`seat-${i}`).querySelector('.clock');
    box.hidden = c.kind === 'none';
    let left = c.left[i];
    if (c.running === i) left -= performance.now() - ui.receivedAt;
    box.textContent = clockText(left);
    box.classList.toggle('running', c.running === i);
    box.classList.toggle('low', c.kind === 'fischer' && left < 20000);
  }
  const note = c.kind === 'fischer' ? `Fischer clock: ${c.base / 60000} min + ${c.increment / 1000} s a move` +
      (c.running < 0 && !s.terminal ? '; it starts once each side has moved.' : '.') :
    c.kind === 'correspondence' ? `Correspondence: ${c.per_move / 86400000} days a move.` : 'No clock.';
  $('clock-note').textContent = note;
}

export function renderLinks(ui, message) {
  const links = JSON.parse(sessionStorage.getItem(linksKey(ui.id)) || 'null');
  $('links').hidden = !links || ui.state.terminal;
  if (!links || $('link-rows').dataset.id === ui.id) return;
  $('link-rows').dataset.id = ui.id;
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
    copy.addEventListener('click', () => copyText(input));
    row.append(`${label} `, input, copy);
    $('link-rows').append(row);
  }
}

// The clipboard API needs a secure origin (https or this machine); plain
// http elsewhere falls back to selecting the text and the copy command.
async function copyText(input) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();
    document.execCommand('copy');
  }
  message('Link copied.', 'hint');
}
