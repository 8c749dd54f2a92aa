// The account page (account.html, docs/accounts.md): signing up and in with
// a password or a passkey, signing out here or everywhere, the account's
// passkeys, and claiming the guest seats this browser holds; the rest of
// the page (my games, recovery codes, notifications...) is account-more.js. The session is an
// HttpOnly cookie that no script reads: the page asks GET /api/account who
// is signed in. Every message from the server is shown as text.
import { $, input, button } from './dom.js';
import { apiClient, errorText } from './shared.js';
import { heldSeats } from './seats.js';
import { gameTitle, resultLine } from './names.js';
import { accountExtras, fromBase64url } from './account-more.js';
import { t, tn, lang, side as sideName } from './i18n.js';
import { serverError } from './server-errors.js';

/** @typedef {import('./types-social.js').AccountInfo} Account */
/** @typedef {import('./types.js').PasskeyList} PasskeyList */
/** @typedef {import('./types.js').PasskeyEntry} PasskeyEntry */
/** @typedef {import('./types.js').PasskeyAdded} PasskeyAdded */
/** @typedef {import('./types.js').PasskeyCreation} PasskeyCreation */
/** @typedef {import('./types.js').PasskeyRequest} PasskeyRequest */
/** @typedef {import('./types.js').CredentialRef} CredentialRef */
/** @typedef {import('./types.js').SignedOut} SignedOut */
/** @typedef {import('./types.js').GameState} GameState */
/**
 * The page's state: who is signed in (null signed out, undefined not yet
 * known), their passkeys, and whether a request is under way.
 * @typedef {{account: Account|null|undefined, passkeys: PasskeyEntry[], busy: boolean}} AccountUi
 */

/** @type {AccountUi} */
const ui = { account: undefined, passkeys: [], busy: false };

const unreachable = 'is the network down?';
const api = apiClient(unreachable);

/** @param {string} text @param {'error'|'hint'} [kind] */
function message(text, kind = 'error') {
  const m = $('message');
  m.textContent = text;
  m.className = 'message' + (text ? ` ${kind}` : '');
}

// The rest of the page (account-more.js), run by this page's busy().
const extras = accountExtras({ api, busy: (work) => { busy(work); }, message });

// ---- base64url, as the server writes binary fields ---------------------------

/** @param {ArrayBuffer} buffer */
function toBase64url(buffer) {
  let bytes = '';
  for (const b of new Uint8Array(buffer)) bytes += String.fromCharCode(b);
  return btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {CredentialRef[]} refs @returns {PublicKeyCredentialDescriptor[]} */
const descriptors = (refs) => refs.map((c) => ({ type: c.type, id: fromBase64url(c.id) }));

// ---- passkeys: the browser's half of the two ceremonies ----------------------

// The browser's refusals (the person cancelled, the time ran out, the
// authenticator holds this account's passkey already) in words.
/** @param {unknown} e @param {string} what */
function browserRefusal(e, what) {
  if (e instanceof DOMException) {
    if (e.name === 'NotAllowedError') return t('acc.refused.cancelled', { what });
    if (e.name === 'InvalidStateError') return t('acc.refused.held', { what });
    // A page reached by an IP address: the browser's own words ("invalid
    // domain") do not say what to do (issue 43).
    if (e.name === 'SecurityError' || /^[\d.]+$|^\[?[\da-f:]+\]?$/i.test(location.hostname))
      return t('acc.refused.domain', { what, host: location.hostname });
    return `${what}: ${e.message}`;
  }
  return `${what}: ${errorText(e)}`;
}

/**
 * Makes a passkey with the server's options and returns the body of
 * .../register/finish: the credential's fields as base64url.
 * @param {PasskeyCreation} o
 */
async function createPasskey(o) {
  /** @type {PublicKeyCredentialCreationOptions} */
  const options = {
    ...o,
    challenge: fromBase64url(o.challenge),
    user: { ...o.user, id: fromBase64url(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials),
  };
  let made;
  try {
    made = /** @type {PublicKeyCredential|null} */ (await navigator.credentials.create({ publicKey: options }));
  } catch (e) {
    throw new Error(browserRefusal(e, t('acc.passkey.notMade')));
  }
  if (!made) throw new Error(`${t('acc.passkey.notMade')}.`);
  const r = /** @type {AuthenticatorAttestationResponse} */ (made.response);
  return {
    id: made.id,
    type: made.type,
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      attestationObject: toBase64url(r.attestationObject),
    },
  };
}

/**
 * Signs with a passkey the browser offers and returns the body of
 * .../login/finish.
 * @param {PasskeyRequest} o
 */
async function usePasskey(o) {
  /** @type {PublicKeyCredentialRequestOptions} */
  const options = { ...o, challenge: fromBase64url(o.challenge), allowCredentials: descriptors(o.allowCredentials) };
  let used;
  try {
    used = /** @type {PublicKeyCredential|null} */ (await navigator.credentials.get({ publicKey: options }));
  } catch (e) {
    throw new Error(browserRefusal(e, t('acc.passkey.notUsed')));
  }
  if (!used) throw new Error(`${t('acc.passkey.notUsed')}.`);
  const r = /** @type {AuthenticatorAssertionResponse} */ (used.response);
  return {
    id: used.id,
    type: used.type,
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      authenticatorData: toBase64url(r.authenticatorData),
      signature: toBase64url(r.signature),
      userHandle: r.userHandle ? toBase64url(r.userHandle) : null,
    },
  };
}

const passkeysWork = () => window.isSecureContext && typeof PublicKeyCredential !== 'undefined' &&
  !!navigator.credentials;

// ---- who is signed in ---------------------------------------------------------

// GET /api/account: the account, or null when signed out (401).
async function whoIsSignedIn() {
  let res;
  try {
    res = await fetch('/api/account');
  } catch (e) {
    throw new Error(t('api.unreachable', { why: t('api.networkDown') }));
  }
  if (res.status === 401) return null;
  /** @type {{error?: string, code?: string, params?: Record<string, unknown>}} */
  let data = {};
  try {
    data = await res.json();
  } catch (e) {
    data = { error: t('api.noMessage', { status: res.status }) };
  }
  if (!res.ok) throw new Error(data.error ? serverError(data) : t('api.status', { status: res.status }));
  return /** @type {Account} */ (data);
}

async function refresh() {
  ui.account = await whoIsSignedIn();
  ui.passkeys = [];
  if (ui.account) ui.passkeys = (/** @type {PasskeyList} */ (await api('GET', '/api/account/passkeys'))).passkeys;
  await extras.refresh(ui.account);
  render();
}

// ---- drawing ------------------------------------------------------------------

/** @param {number} ms */
const day = (ms) => new Date(ms).toLocaleDateString(lang === 'en' ? undefined : lang, { year: 'numeric', month: 'long', day: 'numeric' });

function render() {
  const a = ui.account;
  document.body.dataset.state = a === undefined ? 'loading' : a ? 'signed-in' : 'signed-out';
  $('signed-out').hidden = a !== null;
  $('signed-in').hidden = !a;
  const passkeys = passkeysWork();
  $('no-passkeys-here').hidden = passkeys;
  for (const b of document.querySelectorAll('button')) {
    b.disabled = ui.busy || (b.classList.contains('passkey') && !passkeys);
  }
  extras.render(a);
  if (!a) {
    $('claimed').replaceChildren();
    return;
  }
  $('who').textContent = a.name;
  $('since').textContent = t('acc.since', { day: day(a.created) });
  const list = $('passkeys');
  list.replaceChildren(...ui.passkeys.map((k) => {
    const li = document.createElement('li');
    li.textContent = t('acc.passkey.row', { label: k.label, alg: k.alg, day: day(k.created) });
    li.dataset.id = k.id;
    return li;
  }));
  $('passkeys-none').hidden = ui.passkeys.length > 0;
  const held = guestSeats().length;
  $('guest-note').textContent = held
    ? tn('acc.guest.held', held)
    : t('acc.guest.none');
}

// Runs one request at a time, buttons disabled meanwhile; a failure's words
// (the server's one line, or the browser's) go to the message line.
/** @param {() => Promise<string>} work  resolves to the message to show */
async function busy(work) {
  if (ui.busy) return;
  ui.busy = true;
  message('');
  render();
  try {
    const done = await work();
    await refresh();
    // Busy until the outcome is on screen, so that whoever waits for the
    // page to be idle reads the message of this request, not an empty line.
    ui.busy = false;
    message(done, 'hint');
    render();
  } catch (e) {
    ui.busy = false;
    message(errorText(e));
    render();
  }
}

// ---- signing up, in and out ---------------------------------------------------

/** @param {SubmitEvent} e */
function signUp(e) {
  e.preventDefault();
  busy(async () => {
    const a = /** @type {Account} */ (await api('POST', '/api/account/register', {
      name: input('signup-name').value.trim(), password: input('signup-password').value,
    }));
    input('signup-password').value = '';
    extras.showCodes(a.recovery_codes);
    return t('acc.welcome', { name: a.name });
  });
}

/** @param {SubmitEvent} e */
function signIn(e) {
  e.preventDefault();
  busy(async () => {
    const a = /** @type {Account} */ (await api('POST', '/api/account/login', {
      name: input('signin-name').value.trim(), password: input('signin-password').value,
    }));
    input('signin-password').value = '';
    return t('acc.signedIn', { name: a.name });
  });
}

// Signed out, a passkey with a free name makes a new account; signed in, it
// is added to the account. The label tells the account's passkeys apart.
/** @param {string} name @param {string} label */
async function registerPasskey(name, label) {
  const begun = /** @type {{publicKey: PasskeyCreation}} */ (
    await api('POST', '/api/account/passkey/register/begin', ui.account ? {} : { name }));
  const credential = await createPasskey(begun.publicKey);
  return /** @type {PasskeyAdded} */ (
    await api('POST', '/api/account/passkey/register/finish', { credential, label }));
}

function signUpWithPasskey() {
  const name = input('signup-name').value.trim();
  if (!name) {
    message(t('acc.passkey.nameFirst'));
    input('signup-name').focus();
    return;
  }
  busy(async () => {
    const r = await registerPasskey(name, 'passkey');
    extras.showCodes(/** @type {{recovery_codes?: string[]}} */ (r).recovery_codes);
    return t('acc.welcome.passkey', { name: r.name });
  });
}

function signInWithPasskey() {
  busy(async () => {
    const begun = /** @type {{publicKey: PasskeyRequest}} */ (
      await api('POST', '/api/account/passkey/login/begin', {}));
    const credential = await usePasskey(begun.publicKey);
    const a = /** @type {Account} */ (await api('POST', '/api/account/passkey/login/finish', { credential }));
    return t('acc.signedIn', { name: a.name });
  });
}

function addPasskey() {
  busy(async () => {
    const label = input('passkey-label').value.trim() || 'passkey';
    await registerPasskey('', label);
    input('passkey-label').value = '';
    return t('acc.passkey.added', { label });
  });
}

/** @param {boolean} everywhere */
function signOut(everywhere) {
  busy(async () => {
    const r = /** @type {SignedOut} */ (
      await api('POST', `/api/account/${everywhere ? 'logout-everywhere' : 'logout'}`, {}));
    const n = r.sessions_ended;
    return everywhere ? tn('acc.signedOutAll', n) : t('acc.signedOut');
  });
}

// ---- claiming guest seats -----------------------------------------------------

// The seats this browser holds as a guest (seats.js keeps their secrets).
const guestSeats = heldSeats;

/** @param {string} text @param {string} [href] @param {string} [cls] */
function claimRow(text, href, cls) {
  const li = document.createElement('li');
  if (href) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    li.append(a);
  } else {
    li.textContent = text;
  }
  if (cls) li.className = cls;
  return li;
}

function claimGames() {
  busy(async () => {
    const seats = guestSeats();
    if (!seats.length) return t('acc.claim.none');
    const rows = [];
    let claimed = 0;
    for (const { id, secret } of seats) {
      try {
        const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/claim`, {}, secret));
        const seat = s.you ?? -1;
        const side = seat >= 0 ? s.players[seat].name : '?';
        const state = s.terminal ? resultLine(s) : t(s.status === 'open' ? 'acc.claim.waiting' : 'acc.claim.playing');
        const li = claimRow(t('acc.claim.row', { game: gameTitle(s.game), side: sideName(side, 'gen'), state }), `online.html#game=${id}`, 'claimed');
        li.dataset.id = id;
        li.dataset.seat = String(seat);
        rows.push(li);
        claimed++;
      } catch (e) {
        const li = claimRow(t('acc.claim.failed', { id: id.slice(0, 8), why: errorText(e) }), undefined, 'not-claimed');
        li.dataset.id = id;
        rows.push(li);
      }
    }
    $('claimed').replaceChildren(...rows);
    const left = seats.length - claimed;
    return tn('acc.claimed', claimed) + (left ? tn('acc.claimed.left', left) : '.');
  });
}

// ---- wiring -------------------------------------------------------------------

async function start() {
  $('signup').addEventListener('submit', signUp);
  $('signin').addEventListener('submit', signIn);
  button('signup-passkey').addEventListener('click', signUpWithPasskey);
  button('signin-passkey').addEventListener('click', signInWithPasskey);
  button('add-passkey').addEventListener('click', addPasskey);
  button('signout').addEventListener('click', () => signOut(false));
  button('signout-all').addEventListener('click', () => signOut(true));
  button('claim').addEventListener('click', claimGames);
  await extras.wire();
  try {
    await refresh();
  } catch (e) {
    ui.account = null;
    render();
    message(errorText(e));
  }
}

// Tests and the curious can see the state.
/** @type {Window & {asterismAccount?: AccountUi}} */ (window).asterismAccount = ui;
start();
