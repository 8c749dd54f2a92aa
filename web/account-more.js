// The account page's second half (account.html; account.js signs in and
// out): "my games" with my turns and challenges to me first, recovery
// codes (shown once, after sign-up and after "New recovery codes"), signing
// in with a code, the download of my games, deleting the account, the
// notifications wanted and this device's push subscription (sw.js), and
// the players I muted or blocked. docs/accounts.md is the API.
import { t, tn } from './i18n.js';
import { $, input, button } from './dom.js';
import { errorText } from './shared.js';
import { gameItem, playerLink, profileHref } from './people.js';

/** @typedef {import('./shared.js').Api} Api */
/** @typedef {import('./types-social.js').AccountInfo} AccountInfo */
/** @typedef {import('./types-social.js').GamePage} GamePage */
/** @typedef {import('./types-social.js').GameSummary} GameSummary */
/** @typedef {import('./types-social.js').Relations} Relations */
/** @typedef {import('./types-social.js').Relation} Relation */
/** @typedef {import('./types-social.js').Recovered} Recovered */
/** @typedef {import('./types-social.js').RecoveryCodes} RecoveryCodes */
/** @typedef {import('./types-social.js').PushKey} PushKey */
/** @typedef {import('./types-social.js').Notifications} Notifications */
/**
 * What this half needs of account.js: the API, its one-request-at-a-time
 * runner (which reads the account again and redraws after the work) and
 * the message line.
 * @typedef {{api: Api, busy: (work: () => Promise<string>) => void,
 *   message: (text: string, kind?: 'error'|'hint') => void}} AccountPage
 */

/** @param {string} text @returns {ArrayBuffer} */
export function fromBase64url(text) {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bytes = atob(padded);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out.buffer;
}

const NOTIFICATIONS = /** @type {(keyof Notifications)[]} */ (['your_turn', 'challenge', 'game_over']);

/** @param {AccountPage} page */
export function accountExtras({ api, busy, message }) {
  const state = {
    /** @type {GameSummary[]} */ games: [],
    gamesPage: 0,
    more: false,
    /** @type {Relation[]} */ relations: [],
    /** @type {string} */ pushKey: '',
    subscribed: false,
  };

  // Read with the account after every change (account.js, refresh).
  /** @param {AccountInfo|null|undefined} account */
  async function refresh(account) {
    if (!account) return;
    const [games, relations] = await Promise.all([
      api('GET', `/api/account/games?page=${state.gamesPage}`),
      api('GET', '/api/account/relations'),
    ]);
    const g = /** @type {GamePage} */ (games);
    // My turns (and challenges to me, which wait for my answer) first,
    // as the server sends them; kept so whatever it sends.
    state.games = [...g.games].sort((a, b) => Number(!!b.my_turn) - Number(!!a.my_turn));
    state.more = g.more;
    state.relations = /** @type {Relations} */ (relations).relations;
  }

  /** @param {AccountInfo|null|undefined} account */
  function render(account) {
    if (!account) {
      $('codes-box').hidden = true;
      return;
    }
    $('moderation-box').hidden = !account.moderator;
    /** @type {HTMLAnchorElement} */ ($('my-profile')).href = profileHref(account.name);
    $('my-games').replaceChildren(...state.games.map(myGame));
    $('my-games-none').hidden = state.games.length > 0;
    button('my-newer').hidden = button('my-older').hidden = state.gamesPage === 0 && !state.more;
    button('my-newer').disabled ||= state.gamesPage === 0;
    button('my-older').disabled ||= !state.more;
    const n = account.notifications;
    for (const key of NOTIFICATIONS) {
      input(`notify-${key}`).checked = !!n && n[key];
      input(`notify-${key}`).disabled = !n;
    }
    const left = account.recovery_codes_left;
    $('codes-left').textContent = (left === undefined ? '' : `${tn('acc.codes.left', left)} `) + t('acc.codes.replace');
    button('push').hidden = !state.pushKey;
    const devices = account.push_subscriptions ?? 0;
    $('push-note').textContent = !state.pushKey ? pushMissing() :
      (state.subscribed ? `${t('acc.push.this')} ` : '') + tn('acc.push.devices', devices);
    $('relations').replaceChildren(...state.relations.map(relationRow));
    $('relations-none').hidden = state.relations.length > 0;
  }

  // ---- my games ---------------------------------------------------------------

  /** @param {GameSummary} g */
  function myGame(g) {
    const li = gameItem(g);
    if (g.challenge) {
      li.classList.add('challenge');
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.append(`${t('acc.challengeFrom')} `, playerLink(g.opponent), ':');
      const accept = document.createElement('button');
      accept.textContent = t('acc.accept');
      accept.className = 'inline-button';
      accept.dataset.testid = 'accept-challenge';
      accept.addEventListener('click', () => acceptChallenge(g));
      li.prepend(mark);
      li.append(accept);
    } else if (g.my_turn) {
      li.classList.add('my-turn');
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = t('acc.yourMove');
      li.prepend(mark);
    }
    li.dataset.myTurn = String(!!g.my_turn);
    return li;
  }

  // Takes the seat kept for me (the session's account holds it: no
  // secret needed) and opens the game.
  /** @param {GameSummary} g */
  function acceptChallenge(g) {
    busy(async () => {
      await api('POST', `/api/games/${encodeURIComponent(g.id)}/join`, {});
      location.assign(`online.html#game=${encodeURIComponent(g.id)}`);
      return t('acc.accepted', { name: g.opponent });
    });
  }

  // ---- recovery codes -----------------------------------------------------------

  /** @param {string[]|undefined} codes */
  function showCodes(codes) {
    if (!codes || !codes.length) return;
    $('codes').replaceChildren(...codes.map((c) => {
      const li = document.createElement('li');
      li.textContent = c;
      return li;
    }));
    $('codes-box').hidden = false;
  }

  function newCodes() {
    busy(async () => {
      const r = /** @type {RecoveryCodes} */ (await api('POST', '/api/account/recovery-codes', {}));
      showCodes(r.recovery_codes);
      return t('acc.codes.made');
    });
  }

  async function copyCodes() {
    const text = [...$('codes').querySelectorAll('li')].map((li) => li.textContent).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      message(t('acc.codes.copied'), 'hint');
    } catch (e) {
      // No clipboard (plain http elsewhere than this machine): select them.
      const range = document.createRange();
      range.selectNodeContents($('codes'));
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      message(t('acc.codes.selected'), 'hint');
    }
  }

  /** @param {SubmitEvent} e */
  function recover(e) {
    e.preventDefault();
    busy(async () => {
      const password = input('recover-password').value;
      /** @type {Record<string, string>} */
      const body = { name: input('recover-name').value.trim(), code: input('recover-code').value.trim() };
      if (password) body.password = password;
      const r = /** @type {Recovered} */ (await api('POST', '/api/account/recover', body));
      input('recover-code').value = '';
      input('recover-password').value = '';
      return t(password ? 'acc.recovered.password' : 'acc.recovered', { name: r.name }) + ` ${tn('acc.recovered.left', r.codes_left)}`;
    });
  }

  // ---- the account's data ----------------------------------------------------------

  /** @param {SubmitEvent} e */
  function deleteAccount(e) {
    e.preventDefault();
    busy(async () => {
      const typed = input('delete-name').value.trim();
      if (!typed) throw new Error(t('acc.delete.typeName'));
      await api('POST', '/api/account/delete', { confirm: typed });
      input('delete-name').value = '';
      return t('acc.deleted');
    });
  }

  // ---- notifications ----------------------------------------------------------------

  /** @param {keyof Notifications} key */
  function setNotification(key) {
    const on = input(`notify-${key}`).checked;
    busy(async () => {
      await api('POST', '/api/account/notifications', { [key]: on });
      return t('acc.notify.saved');
    });
  }

  const pushWorks = () => 'serviceWorker' in navigator && 'PushManager' in window && window.isSecureContext;
  const pushMissing = () => t(pushWorks() ? 'acc.push.noServer' : 'acc.push.noBrowser');

  // The server's key, and whether this browser already has a subscription.
  async function findPush() {
    if (!pushWorks()) return;
    try {
      const res = await fetch('/api/push/key');
      if (!res.ok) return;
      state.pushKey = /** @type {PushKey} */ (await res.json()).key;
      const reg = await navigator.serviceWorker.getRegistration('sw.js');
      state.subscribed = !!(reg && await reg.pushManager.getSubscription());
    } catch (e) {
      state.pushKey = '';
    }
  }

  function subscribe() {
    busy(async () => {
      if (await Notification.requestPermission() !== 'granted')
        throw new Error(t('acc.push.denied'));
      const reg = await navigator.serviceWorker.register('sw.js');
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true,
        applicationServerKey: fromBase64url(state.pushKey) });
      await api('POST', '/api/account/push', sub.toJSON());
      state.subscribed = true;
      return t('acc.push.done');
    });
  }

  // ---- muted and blocked players -----------------------------------------------------

  /** @param {Relation} r */
  function relationRow(r) {
    const li = document.createElement('li');
    li.dataset.name = r.name;
    li.append(playerLink(r.name), ` ${t(r.block ? 'acc.rel.blocked' : 'acc.rel.muted')}`);
    /** @param {'unblock'|'unmute'} what @param {Record<string, boolean>} change */
    const undo = (what, change) => {
      const b = document.createElement('button');
      b.textContent = t(`acc.rel.${what}`);
      b.className = 'inline-button';
      b.dataset.testid = what;
      b.addEventListener('click', () => busy(async () => {
        await api('POST', '/api/account/relations', { name: r.name, ...change });
        return t(`acc.rel.${what}.done`, { name: r.name });
      }));
      li.append(b);
    };
    if (r.block) undo('unblock', { block: false });
    else if (r.mute) undo('unmute', { mute: false });
    return li;
  }

  async function wire() {
    $('recover').addEventListener('submit', recover);
    $('delete').addEventListener('submit', deleteAccount);
    button('new-codes').addEventListener('click', newCodes);
    button('codes-copy').addEventListener('click', copyCodes);
    button('codes-done').addEventListener('click', () => { $('codes-box').hidden = true; });
    button('push').addEventListener('click', subscribe);
    for (const key of NOTIFICATIONS) input(`notify-${key}`).addEventListener('change', () => setNotification(key));
    /** @param {number} step */
    const turn = (step) => busy(async () => {
      state.gamesPage = Math.max(0, state.gamesPage + step);
      return '';
    });
    button('my-newer').addEventListener('click', () => turn(-1));
    button('my-older').addEventListener('click', () => turn(1));
    await findPush();
  }

  return { refresh, render, showCodes, wire };
}
