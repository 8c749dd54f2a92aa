// The moderators' page (moderation.html, docs/accounts.md "Moderators"):
// the open reports of chat messages with each message's text, its author,
// game and room, who reported it and why; Hide or Unhide the message
// (which closes its reports) and suspend its author for some days. Anyone
// else is told the server's "moderators only". Every word from a person is
// drawn as text.
import { t } from './i18n.js';
import { $, button } from './dom.js';
import { apiClient, errorText } from './shared.js';
import { playerLink, gameLink, when } from './people.js';

/** @typedef {import('./types-social.js').Report} Report */
/** @typedef {import('./types-social.js').Reports} Reports */
/** @typedef {import('./types-social.js').Suspended} Suspended */
/** @typedef {{reports: Report[], busy: boolean}} ModerationUi */

/** @type {ModerationUi} */
const ui = { reports: [], busy: false };
const api = apiClient('is the network down?');

/** @param {string} text @param {'error'|'hint'} [kind] */
function message(text, kind = 'error') {
  $('message').textContent = text;
  $('message').className = 'message' + (text ? ` ${kind}` : '');
}

// One request at a time; the list is read again after each.
/** @param {() => Promise<string>} work */
async function busy(work) {
  if (ui.busy) return;
  ui.busy = true;
  document.body.dataset.state = 'busy';
  let said = '';
  let kind = /** @type {'error'|'hint'} */ ('hint');
  try {
    said = await work();
    const r = /** @type {Reports} */ (await api('GET', '/api/moderation/reports'));
    ui.reports = r.reports;
  } catch (e) {
    said = errorText(e);
    kind = 'error';
  }
  ui.busy = false;
  render();
  message(said, kind);
  document.body.dataset.state = kind === 'error' ? 'refused' : 'shown';
}

/** @param {string} text @param {string} testid @param {() => void} act */
function action(text, testid, act) {
  const b = document.createElement('button');
  b.textContent = text;
  b.dataset.testid = testid;
  b.addEventListener('click', act);
  return b;
}

/** @param {Report} r */
function reportRow(r) {
  const m = r.message;
  const li = document.createElement('li');
  li.className = 'report' + (m.hidden ? ' hidden' : '');
  li.dataset.id = String(r.id);
  li.dataset.message = String(m.id);
  const head = document.createElement('div');
  head.append(playerLink(m.from), ` ${t(m.room === 'players' ? 'mod.wrote.players' : 'mod.wrote.spectators')} `,
    gameLink(m.game, t('mod.aGame')), `, ${when(m.at)}:`);
  const text = document.createElement('span');
  text.className = 'text';
  text.dataset.testid = 'report-text';
  text.textContent = m.text;
  const why = document.createElement('div');
  why.className = 'note';
  why.append(`${t('mod.reportedBy')} `, playerLink(r.reporter), `, ${when(r.at)}` + (r.reason ? `: ${t('mod.reason', { reason: r.reason })}` : ` ${t('mod.noReason')}`));
  const days = document.createElement('input');
  days.type = 'number';
  days.min = '0';
  days.max = '3650';
  days.value = '7';
  days.dataset.testid = 'suspend-days';
  days.setAttribute('aria-label', t('mod.days'));
  const tools = document.createElement('div');
  tools.className = 'lesson-buttons';
  const hide = !m.hidden;
  tools.append(
    action(t(hide ? 'mod.hide' : 'mod.unhide'), hide ? 'hide' : 'unhide', () => busy(async () => {
      await api('POST', `/api/moderation/messages/${m.id}/hide`, { hidden: hide });
      return t(hide ? 'mod.hidden' : 'mod.shown');
    })),
    action(t('mod.suspend', { name: m.from }), 'suspend', () => busy(async () => {
      const n = Math.max(0, Math.floor(Number(days.value) || 0));
      const s = /** @type {Suspended} */ (await api('POST',
        `/api/moderation/accounts/${encodeURIComponent(m.from)}/suspend`, { days: n }));
      return s.suspended_until ? t('mod.suspended', { name: s.name, until: when(s.suspended_until) }) :
        t('mod.notSuspended', { name: s.name });
    })),
    days, ` ${t('mod.days')}`);
  li.append(head, text, why, tools);
  return li;
}

function render() {
  $('reports').replaceChildren(...ui.reports.map(reportRow));
  $('reports-none').hidden = ui.reports.length > 0 || document.body.dataset.state === 'refused';
  for (const b of document.querySelectorAll('button')) b.disabled = ui.busy;
}

button('reload').addEventListener('click', () => busy(async () => ''));
/** @type {Window & {asterismModeration?: ModerationUi}} */ (window).asterismModeration = ui;
busy(async () => '');
