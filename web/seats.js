// The seats this browser holds in online games (docs/online.md, "In the
// browser"). A seat link (#game=ID&secret=S) is read once: its secret is
// kept in localStorage under secretKey(ID), with the game's links if this
// browser created it, and the address bar shows the watch link instead, so
// that a copied address or a shared screen gives nobody the seat. One tab
// at a time plays a seat: the tab that does says so in its sessionStorage
// (which a reload keeps), and tells the browser's other tabs by a
// BroadcastChannel when it takes a seat over, so that they watch instead.
// Another browser cannot be told this way; the server's event stream does
// not say how many streams a seat has (see online.js, takenElsewhere).
import { t } from './i18n.js';

/** @typedef {{seat?: string, invite?: string, watch?: string}} Links */

/** @param {string} id */
export const secretKey = (id) => `asterism-secret-${id}`;
/** @param {string} id */
export const linksKey = (id) => `asterism-links-${id}`;
/** @param {string} id */
const holdingKey = (id) => `asterism-holding-${id}`;

// Earlier pages kept secrets and links in the tab's sessionStorage: they
// are still read from there.
/** @param {string} key */
const read = (key) => localStorage.getItem(key) || sessionStorage.getItem(key);

/** @param {string} id */
export const seatSecret = (id) => read(secretKey(id)) || '';

/** @param {string} id @param {string} secret */
export function storeSeat(id, secret) {
  localStorage.setItem(secretKey(id), secret);
}

// A secret that holds no seat of its game is not kept.
/** @param {string} id */
export function forgetSeat(id) {
  for (const s of [localStorage, sessionStorage]) s.removeItem(secretKey(id));
}

/** @param {string} id @param {Links} links */
export function storeLinks(id, links) {
  localStorage.setItem(linksKey(id), JSON.stringify(links));
}

/**
 * The links a seat holder can show again: those the server gave this
 * browser when it created the game (with the invitation), else the seat's
 * and the watch link made from the secret. The invitation of a game made in
 * another browser is not known here (the server gives it only once).
 * @param {string} id @param {string} secret
 * @returns {Links}
 */
export function seatLinks(id, secret) {
  /** @type {Links} */
  const stored = JSON.parse(read(linksKey(id)) || '{}');
  if (!secret) return stored;
  return { ...stored, seat: `online.html#game=${id}&secret=${secret}`, watch: `online.html#game=${id}` };
}

/** Every seat this browser holds: @returns {{id: string, secret: string}[]} */
export function heldSeats() {
  const prefix = secretKey('');
  /** @type {Map<string, string>} */
  const seats = new Map();
  for (const s of [sessionStorage, localStorage]) {
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      const secret = key && key.startsWith(prefix) ? s.getItem(key) : null;
      if (key && secret) seats.set(key.slice(prefix.length), secret);
    }
  }
  return [...seats].map(([id, secret]) => ({ id, secret }));
}

// Whether this tab played the seat of game `id` last (a reload keeps it).
/** @param {string} id */
export const playsHere = (id) => sessionStorage.getItem(holdingKey(id)) === '1';

/** @param {string} id @param {boolean} on */
export function setPlaysHere(id, on) {
  if (on) sessionStorage.setItem(holdingKey(id), '1');
  else sessionStorage.removeItem(holdingKey(id));
}

const channel = 'BroadcastChannel' in window ? new BroadcastChannel('asterism-seats') : null;

// Tells this browser's other tabs that this one now plays the seat.
/** @param {string} id @param {number} seat */
export function announceTaken(id, seat) {
  setPlaysHere(id, true);
  if (channel) channel.postMessage({ id, seat });
}

// Calls `taken(id, seat)` when another tab of this browser takes a seat.
/** @param {(id: string, seat: number) => void} taken */
export function onTaken(taken) {
  if (!channel) return;
  channel.addEventListener('message', (e) => {
    const m = /** @type {{id?: unknown, seat?: unknown}} */ (e.data);
    if (typeof m.id === 'string' && typeof m.seat === 'number') taken(m.id, m.seat);
  });
}

/**
 * Asks, in the page's dialog (#takeover), whether to play here a seat that
 * is connected elsewhere; true to take it over, false to watch.
 * @param {string} who  the seat's name in the game, and its player's
 * @returns {Promise<boolean>}
 */
export function askTakeover(who) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('takeover'));
  const text = /** @type {HTMLElement} */ (document.getElementById('takeover-text'));
  text.textContent = t('seat.takeover', { who });
  return new Promise((resolve) => {
    /** @param {boolean} answer */
    const done = (answer) => {
      dialog.close();
      resolve(answer);
    };
    /** @type {HTMLElement} */ (document.getElementById('takeover-yes')).onclick = () => done(true);
    /** @type {HTMLElement} */ (document.getElementById('takeover-no')).onclick = () => done(false);
    dialog.oncancel = () => resolve(false);
    dialog.showModal();
  });
}
