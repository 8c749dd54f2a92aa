// The live stream of an online game's page (online.js): Server-Sent
// Events (GET /api/games/ID/events, docs/online.md), each a state of the
// game or a move's change (online-change.js); while the stream is down the
// page says "reconnecting…", and when it is back the page fetches the game
// to catch up.
import { $ } from './dom.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').MoveChange} MoveChange */
/** @typedef {import('./shared.js').Api} Api */
/** @typedef {import('./types-social.js').ChatEvent} ChatEvent */
/**
 * What the stream needs of the online page's state (online.js, OnlineUi).
 * @typedef {{id: string|null, secret: string, state: GameState|null, es: EventSource|null,
 *   live: boolean, retry: number|undefined}} StreamUi
 */

/**
 * @param {StreamUi} ui
 * @param {{api: Api, accept: (s: GameState) => void, change: (c: MoveChange) => void,
 *   liveChanged: () => void, chat: (e: ChatEvent|null) => void, taken: () => void}} page
 *   `change` is given a move's change (the stream's `move` event);
 *   `chat` is told of a chat room's new message (chat.js), and with null
 *   when the stream opens again (messages may have been missed); `taken`
 *   that this page's seat was opened by another stream (another browser).
 */
export function liveStream(ui, { api, accept, change, liveChanged, chat, taken }) {
  function disconnect() {
    clearTimeout(ui.retry);
    if (ui.es) ui.es.close();
    ui.es = null;
    setLive(true);
  }

  // EventSource reconnects by itself after a dropped connection (the server
  // asks for 2 s) and the server catches it up from Last-Event-ID; the page
  // also fetches the game when the stream opens again, so that nothing is
  // missed, and retries itself if the browser gives the stream up.
  function connect() {
    disconnect();
    const q = ui.secret ? `?secret=${encodeURIComponent(ui.secret)}` : '';
    const es = new EventSource(`/api/games/${ui.id}/events${q}`);
    ui.es = es;
    let opened = false;
    // The stream's events (types.js, StateEvent) carry a state each.
    es.addEventListener('state', (e) => {
      if (ui.es === es) accept(/** @type {GameState} */ (JSON.parse(e.data)));
    });
    es.addEventListener('move', (e) => {
      if (ui.es === es) change(/** @type {MoveChange} */ (JSON.parse(e.data)));
    });
    // A chat event says which room has a new message, never its text.
    es.addEventListener('chat', (e) => {
      if (ui.es === es) chat(/** @type {ChatEvent} */ (JSON.parse(e.data)));
    });
    es.addEventListener('taken', () => {
      if (ui.es === es) taken();
    });
    es.addEventListener('open', () => {
      if (ui.es !== es) return;
      setLive(true);
      if (opened) {
        catchUp();
        chat(null);
      }
      opened = true;
    });
    es.addEventListener('error', () => {
      if (ui.es !== es) return;
      setLive(es.readyState === EventSource.OPEN);
      if (es.readyState === EventSource.CLOSED) ui.retry = setTimeout(connect, 3000);
    });
  }

  /** @param {boolean} open */
  function setLive(open) {
    const changed = ui.live !== open;
    ui.live = open;
    $('live').hidden = open;
    document.body.dataset.live = String(open);
    if (changed) liveChanged();
  }

  async function catchUp() {
    const id = ui.id;
    try {
      const s = /** @type {GameState} */ (await api('GET', `/api/games/${id}`, undefined, ui.secret));
      if (ui.id === id) accept(s);
    } catch (e) {
      // The stream will bring the next state; a failed catch-up changes nothing.
    }
  }

  return { connect, disconnect, catchUp };
}
