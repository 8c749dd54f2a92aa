// The chat of an online game's page (online.html; online.js draws the
// game). Two rooms a game (docs/accounts.md "Chat"): the players' own, and
// the spectators', which the players read once the game has ended. The
// panel shows the rooms this viewer may read, each with its messages (as
// text only), a line for a new one (300 characters at most, the count
// shown) or one line saying why this viewer cannot write there, and a
// "report" button on other people's messages. A signed-in player can mute
// or block the opponent. The live stream says only that a room has a new
// message (`chat` events, online-stream.js); the panel then asks for the
// messages after the last it has, with its own credentials. Without a
// stream (a finished game's page closes it) it asks every few seconds.
import { $ } from './dom.js';
import { errorText } from './shared.js';
import { t as tr, lang } from './i18n.js';
import { serverError } from './server-errors.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./shared.js').Api} Api */
/** @typedef {import('./types-social.js').Room} Room */
/** @typedef {import('./types-social.js').ChatPage} ChatPage */
/** @typedef {import('./types-social.js').ChatEvent} ChatEvent */
/** @typedef {import('./types-social.js').ChatMessage} ChatMessage */
/** @typedef {import('./types-social.js').AccountInfo} AccountInfo */
/** @typedef {import('./types-social.js').Relations} Relations */
/** @typedef {import('./types-social.js').Relation} Relation */
/**
 * A room on screen: its last message's id, and its elements.
 * @typedef {{room: Room, last: number, list: HTMLElement, why: HTMLElement, form: HTMLFormElement,
 *   text: HTMLInputElement, count: HTMLElement, loading: boolean, again: boolean}} RoomBox
 */

const LIMIT = 300;
const POLL_MS = 5000;
/** @type {Record<Room, string>} */
const ROOM_NAMES = { players: 'chat.players', spectators: 'chat.spectators' };

/** @param {{api: Api}} page */
export function chatPanel({ api }) {
  const state = {
    id: '',
    secret: '',
    key: '',
    /** @type {RoomBox[]} */ rooms: [],
    /** @type {AccountInfo|null|undefined} */ account: undefined,
    /** @type {Relation|null} */ relation: null,
    opponent: '',
    /** @type {number|undefined} */ timer: undefined,
  };

  /** @param {string} text @param {'error'|'hint'} [kind] */
  function say(text, kind = 'error') {
    $('chat-message').textContent = text;
    $('chat-message').className = 'message' + (text ? ` ${kind}` : '');
  }

  // Who is signed in, once a page: the buttons to mute and block need it.
  async function whoAmI() {
    if (state.account !== undefined) return;
    try {
      const res = await fetch('/api/account');
      state.account = res.ok ? /** @type {AccountInfo} */ (await res.json()) : null;
    } catch (e) {
      state.account = null;
    }
  }

  /**
   * Draws the panel for game `s` as seen from seat `you` (-1 a spectator);
   * `streaming` whether the live stream is open (else the panel polls).
   * @param {GameState} s @param {number} you @param {string} secret @param {boolean} streaming
   */
  function update(s, you, secret, streaming) {
    const over = s.terminal || s.status === 'aborted';
    /** @type {Room[]} */
    const rooms = you >= 0 ? (over ? ['players', 'spectators'] : ['players']) : ['spectators'];
    const key = `${s.id} ${you} ${rooms.join()}`;
    state.secret = secret;
    const other = you >= 0 ? s.seats[1 - you] : null;
    state.opponent = other && other.account && other.joined && other.name && other.name !== 'deleted player'
      ? other.name : '';
    $('chat').hidden = false;
    if (key !== state.key) {
      state.key = key;
      state.id = s.id;
      build(rooms);
      loadAll();
      whoAmI().then(loadRelation);
    }
    renderRelations();
    clearInterval(state.timer);
    state.timer = streaming ? undefined : setInterval(loadAll, POLL_MS);
  }

  function leave() {
    clearInterval(state.timer);
    state.timer = undefined;
    state.key = '';
    state.id = '';
    state.rooms = [];
    $('chat-rooms').replaceChildren();
    $('chat').hidden = true;
    say('');
  }

  /** @param {ChatEvent|null} e  null: anything may have been missed */
  function onEvent(e) {
    for (const box of state.rooms) if (!e || e.room === box.room) load(box);
  }

  const loadAll = () => { for (const box of state.rooms) load(box); };

  // ---- the rooms ------------------------------------------------------------

  /** @param {Room[]} rooms */
  function build(rooms) {
    state.rooms = rooms.map((room) => {
      const div = document.createElement('div');
      div.className = 'chat-room';
      div.dataset.room = room;
      div.dataset.testid = `room-${room}`;
      const h = document.createElement('h3');
      h.textContent = tr(ROOM_NAMES[room]);
      const list = document.createElement('ol');
      list.className = 'chat-list';
      list.dataset.testid = 'chat-list';
      list.setAttribute('aria-live', 'polite');
      const why = document.createElement('p');
      why.className = 'note chat-why';
      why.dataset.testid = 'chat-why';
      why.hidden = true;
      const form = document.createElement('form');
      form.className = 'chat-form';
      form.hidden = true;
      const text = document.createElement('input');
      text.maxLength = LIMIT;
      text.dataset.testid = 'chat-input';
      text.setAttribute('aria-label', tr(`chat.to.${room}`));
      text.placeholder = tr('chat.placeholder');
      text.autocomplete = 'off';
      const count = document.createElement('span');
      count.className = 'chat-count note';
      count.textContent = `0/${LIMIT}`;
      const sendButton = document.createElement('button');
      sendButton.textContent = tr('chat.send');
      sendButton.dataset.testid = 'chat-send';
      form.append(text, count, sendButton);
      div.append(h, list, why, form);
      /** @type {RoomBox} */
      const box = { room, last: 0, list, why, form, text, count, loading: false, again: false };
      text.addEventListener('input', () => { count.textContent = `${text.value.length}/${LIMIT}`; });
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        send(box);
      });
      return box;
    });
    $('chat-rooms').replaceChildren(...state.rooms.map((b) => /** @type {HTMLElement} */ (b.list.parentElement)));
  }

  /** @param {Room} room */
  const chatPath = (room) => `/api/games/${encodeURIComponent(state.id)}/chat?room=${room}`;

  // The messages after the last one shown; one request a room at a time,
  // and one more if asked meanwhile.
  /** @param {RoomBox} box */
  async function load(box) {
    if (box.loading) {
      box.again = true;
      return;
    }
    box.loading = true;
    const key = state.key;
    try {
      const page = /** @type {ChatPage} */ (await api('GET', `${chatPath(box.room)}&after=${box.last}`,
        undefined, state.secret));
      if (key !== state.key) return;
      for (const m of page.messages) {
        if (m.id <= box.last) continue;
        box.list.append(messageRow(box, m));
        box.last = m.id;
      }
      box.list.scrollTop = box.list.scrollHeight;
      box.form.hidden = !page.can_write;
      box.why.hidden = page.can_write;
      box.why.textContent = page.can_write ? '' : page.why ? serverError({ error: page.why, code: page.why_code }) : tr('chat.cannot');
    } catch (e) {
      if (key !== state.key) return;
      box.form.hidden = true;
      box.why.hidden = false;
      box.why.textContent = errorText(e);
    } finally {
      box.loading = false;
      if (box.again && key === state.key) {
        box.again = false;
        load(box);
      }
    }
  }

  // Everything in the room again (after a mute, whose messages go).
  function reloadAll() {
    for (const box of state.rooms) {
      box.last = 0;
      box.list.replaceChildren();
      load(box);
    }
  }

  /** @param {RoomBox} box @param {ChatMessage} m */
  function messageRow(box, m) {
    const li = document.createElement('li');
    li.dataset.id = String(m.id);
    li.dataset.from = m.from;
    li.className = m.mine ? 'mine' : '';
    const from = document.createElement('span');
    from.className = 'from';
    from.textContent = m.from;
    const text = document.createElement('span');
    text.className = 'text';
    text.textContent = m.text;
    const at = document.createElement('time');
    at.dateTime = new Date(m.at).toISOString();
    at.textContent = new Date(m.at).toLocaleTimeString(lang === 'en' ? [] : lang, { hour: '2-digit', minute: '2-digit' });
    li.append(from, ' ', text, ' ', at);
    if (!m.mine) {
      const report = document.createElement('button');
      report.className = 'report';
      report.textContent = tr('chat.report');
      report.title = tr('chat.report.title');
      report.dataset.testid = 'report';
      report.addEventListener('click', () => reportMessage(m, report));
      li.append(' ', report);
    }
    return li;
  }

  /** @param {RoomBox} box */
  async function send(box) {
    const text = box.text.value.trim();
    if (!text) return;
    const button = /** @type {HTMLButtonElement} */ (box.form.querySelector('button'));
    button.disabled = true;
    try {
      await api('POST', `/api/games/${encodeURIComponent(state.id)}/chat`, { room: box.room, text }, state.secret);
      box.text.value = '';
      box.count.textContent = `0/${LIMIT}`;
      say('');
      load(box);
    } catch (e) {
      say(errorText(e));
    } finally {
      button.disabled = false;
    }
  }

  /** @param {ChatMessage} m @param {HTMLButtonElement} button */
  async function reportMessage(m, button) {
    const reason = window.prompt(tr('chat.report.why', { name: m.from }), '');
    if (reason === null) return;
    button.disabled = true;
    try {
      await api('POST', `/api/games/${encodeURIComponent(state.id)}/chat/${m.id}/report`,
        reason.trim() ? { reason: reason.trim() } : {}, state.secret);
      button.textContent = tr('chat.reported');
      say(tr('chat.reported.note'), 'hint');
    } catch (e) {
      button.disabled = false;
      say(errorText(e));
    }
  }

  // ---- muting and blocking the opponent --------------------------------------

  async function loadRelation() {
    state.relation = null;
    if (state.account) {
      try {
        const r = /** @type {Relations} */ (await api('GET', '/api/account/relations'));
        const name = state.opponent.toLowerCase();
        state.relation = r.relations.find((x) => x.name.toLowerCase() === name) || null;
      } catch (e) {
        state.relation = null;
      }
    }
    renderRelations();
  }

  function renderRelations() {
    const shown = !!state.account && !!state.opponent && state.opponent !== state.account.name;
    $('chat-relations').hidden = !shown;
    if (!shown) return;
    const r = state.relation;
    $('mute-opponent').textContent = tr(r?.mute ? 'chat.unmute' : 'chat.mute', { name: state.opponent });
    $('block-opponent').textContent = tr(r?.block ? 'chat.unblock' : 'chat.block', { name: state.opponent });
  }

  /** @param {'mute'|'block'} what */
  async function relate(what) {
    const name = state.opponent;
    const on = !state.relation?.[what];
    if (what === 'block' && on && !window.confirm(tr('chat.block.confirm', { name }))) return;
    try {
      state.relation = /** @type {Relation} */ (await api('POST', '/api/account/relations', { name, [what]: on }));
      say(tr(on ? (what === 'mute' ? 'chat.muted' : 'chat.blocked') : `acc.rel.un${what}.done`, { name }), 'hint');
      renderRelations();
      reloadAll();
    } catch (e) {
      say(errorText(e));
    }
  }

  $('mute-opponent').addEventListener('click', () => relate('mute'));
  $('block-opponent').addEventListener('click', () => relate('block'));

  return { update, leave, onEvent };
}
