// The online lobby (online.html; online.js shows one game): the form for a
// new game, open challenges to accept, games in progress to play or watch,
// and the archive, a page at a time. lobbyPage(ui, page) closes over the
// online page's state `ui` and its helpers `page` = {api, message,
// leaveGame}; it returns {show, wire}.
import { gameTitle, gameName, terminationText } from './names.js';
import { t, lang } from './i18n.js';
import { buildOptions as buildOptionsFor, changedOptions, errorText } from './shared.js';
import { $, input, select, button } from './dom.js';
import { seatSecret, storeSeat, storeLinks } from './seats.js';
import { groupRuleForms } from './rule-forms.js';

/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types.js').CreatedGame} CreatedGame */
/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').GameEntry} GameEntry */
/** @typedef {import('./types.js').Lobby} Lobby */
/** @typedef {import('./types.js').Archive} Archive */
/** @typedef {import('./shared.js').Api} Api */
/**
 * What the lobby needs of the online page's state (online.js, OnlineUi).
 * @typedef {{catalog: Catalog|null, lobbyTimer: number|undefined, archiveOffset: number}} LobbyUi
 */

// Whether someone is signed in (GET /api/account answers 401 if not):
// only they may ask for a rated game or challenge a player by name.
async function signedIn() {
  try {
    return (await fetch('/api/account')).ok;
  } catch (e) {
    return false;
  }
}

const ARCHIVE_PAGE = 10;

// The player's name, remembered by the browser (seats.js keeps the seats).
export const rememberedName = () => localStorage.getItem('asterism-name') || '';

/** @param {string} name */
export function rememberName(name) {
  if (name.trim()) localStorage.setItem('asterism-name', name.trim());
}

/**
 * @param {LobbyUi} ui
 * @param {{api: Api, message: (text: string, kind?: string, box?: string) => void,
 *   leaveGame: () => void}} page
 */
export function lobbyPage(ui, { api, message, leaveGame }) {
  /** @param {string} id */
  const gameInfo = (id) => ui.catalog?.games.find((g) => g.id === id);

  function buildOptions() {
    const info = gameInfo(select('game').value);
    if (info) buildOptionsFor(info);
    groupRuleForms();
  }

  function clockBody() {
    const kind = select('clock').value;
    if (kind === 'fischer')
      return { kind, minutes: Number(input('minutes').value), increment: Number(input('increment').value) };
    if (kind === 'correspondence') return { kind, days: Number(input('days').value) };
    return { kind: 'none' };
  }

  function createBody() {
    const against = select('opponent').value;
    /** @type {Record<string, unknown>} */
    const body = {
      game: select('game').value,
      options: changedOptions(/** @type {HTMLFormElement} */ ($('create'))),
      seat: select('seat').value,
      name: input('name').value.trim(),
      opponent: against === 'computer' ? `level:${select('level').value}` : 'person',
      lobby: against === 'lobby',
      clock: clockBody(),
    };
    if (input('position').value.trim()) body.position = input('position').value.trim();
    if (!$('account-row').hidden) {
      if (input('rated').checked && !input('rated').disabled) body.rated = true;
      const challenge = input('challenge').value.trim();
      if (challenge && !input('challenge').disabled) {
        body.challenge = challenge;
        body.lobby = false;
      }
    }
    return body;
  }

  async function createGame() {
    message('', 'error', 'lobby-message');
    rememberName(input('name').value);
    try {
      const r = /** @type {CreatedGame} */ (await api('POST', '/api/games', createBody()));
      storeSeat(r.id, r.secret);
      storeLinks(r.id, r.links);
      location.hash = `game=${r.id}`;
    } catch (e) {
      message(errorText(e), 'error', 'lobby-message');
    }
  }

  /** @param {string} id */
  async function acceptChallenge(id) {
    try {
      // Joining an open challenge without a secret answers with the seat's.
      const r = /** @type {GameState & {secret: string}} */ (await api('POST', `/api/games/${id}/join`,
        { name: rememberedName() }));
      storeSeat(id, r.secret);
      location.hash = `game=${id}`;
    } catch (e) {
      message(errorText(e), 'error', 'lobby-message');
      refreshLobby();
    }
  }

  // One row of a list: cells of text, then a button or link.
  /** @param {HTMLTableElement} table @param {string[]} cells @param {HTMLElement} action */
  function listRow(table, cells, action) {
    const tr = table.insertRow();
    for (const c of cells) tr.insertCell().textContent = c;
    tr.insertCell().append(action);
    return tr;
  }

  /** @param {string} text @param {string} hash @param {string} testid */
  function linkTo(text, hash, testid) {
    const a = document.createElement('a');
    a.textContent = text;
    a.href = `#${hash}`;
    a.className = 'button';
    a.dataset.testid = testid;
    return a;
  }

  /** @type {Record<string, string>} */
  /** @param {string} kind */
  const clockName = (kind) => (['none', 'fischer', 'correspondence'].includes(kind) ? t(`lobby.clock.${kind}`) : kind);
  /** @param {string} id */
  const table = (id) => /** @type {HTMLTableElement} */ ($(id));

  /** @param {GameEntry[]} games */
  function renderOpen(games) {
    const list = table('open-list');
    list.replaceChildren();
    $('open-empty').hidden = games.length > 0;
    for (const g of games) {
      const waiting = g.names[0] ? 1 : 0;  // the seat still open
      const host = g.names[1 - waiting] || t('online.anonymous');
      /** @type {HTMLElement} */
      let action;
      if (seatSecret(g.id)) action = linkTo(t('lobby.open'), `game=${g.id}`, 'open-own');
      else {
        action = document.createElement('button');
        action.textContent = t('online.accept');
        action.dataset.testid = 'accept';
        action.addEventListener('click', () => acceptChallenge(g.id));
      }
      const tr = listRow(list, [gameTitle(g.game), t('lobby.waits', { host }), clockName(g.clock)], action);
      tr.dataset.id = g.id;
    }
  }

  /** @param {GameEntry[]} games */
  function renderPlaying(games) {
    const list = table('playing-list');
    list.replaceChildren();
    $('playing-empty').hidden = games.length > 0;
    for (const g of games) {
      const action = seatSecret(g.id) ? linkTo(t('lobby.play'), `game=${g.id}`, 'play') :
        linkTo(t('lobby.watch'), `game=${g.id}`, 'watch');
      const tr = listRow(list, [gameTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
        clockName(g.clock)], action);
      tr.dataset.id = g.id;
    }
  }


  async function refreshArchive() {
    try {
      const a = /** @type {Archive} */ (await api('GET', `/api/archive?offset=${ui.archiveOffset}&limit=${ARCHIVE_PAGE}`));
      const list = table('archive-list');
      list.replaceChildren();
      $('archive-empty').hidden = a.games.length > 0;
      for (const g of a.games) {
        const when = new Date(g.updated).toLocaleString(lang === 'en' ? [] : lang, { dateStyle: 'short', timeStyle: 'short' });
        const tr = listRow(list, [gameTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
          `${g.result} ${terminationText(g.termination, g.termination_reason)}`.trim(), when],
        linkTo(t('lobby.replay'), `game=${g.id}`, 'replay'));
        tr.dataset.id = g.id;
      }
      const last = Math.min(a.total, ui.archiveOffset + a.games.length);
      $('archive-page').textContent = a.total ? t('lobby.page', { from: ui.archiveOffset + 1, to: last, total: a.total }) : '';
      button('archive-newer').disabled = ui.archiveOffset === 0;
      button('archive-older').disabled = last >= a.total;
    } catch (e) {
      message(errorText(e), 'error', 'lobby-message');
    }
  }

  async function refreshLobby() {
    try {
      const l = /** @type {Lobby} */ (await api('GET', '/api/lobby'));
      renderOpen(l.open);
      renderPlaying(l.playing);
    } catch (e) {
      message(errorText(e), 'error', 'lobby-message');
    }
  }

  function show() {
    leaveGame();
    $('game-view').hidden = true;
    $('lobby-view').hidden = false;
    $('live').hidden = true;
    document.title = t('lobby.title');
    refreshLobby();
    refreshArchive();
    clearInterval(ui.lobbyTimer);
    // The lists change as people come and go; a few seconds is fresh enough.
    ui.lobbyTimer = setInterval(() => { refreshLobby(); refreshArchive(); }, 4000);
  }

  function syncCreateForm() {
    const against = select('opponent').value;
    $('level-label').hidden = against !== 'computer';
    $('fischer').hidden = select('clock').value !== 'fischer';
    $('days-label').hidden = select('clock').value !== 'correspondence';
    // A rated game needs a clock and a person; a challenge, a person.
    const person = against !== 'computer';
    const clock = select('clock').value !== 'none';
    // A box that cannot be sent is not left ticked: the game made is the
    // game the form shows (issue 43, point 3), and a rated one says at once
    // who may take its other seat.
    input('rated').disabled = !person || !clock;
    if (input('rated').disabled) input('rated').checked = false;
    input('challenge').disabled = !person;
    $('rated-note').textContent = !person ? t('lobby.rated.computer') :
      !clock ? t('lobby.rated.clock') : input('rated').checked ? t('lobby.rated.signedIn') : '';
  }

  function wire() {
    for (let l = 1; l <= 10; l++) select('level').add(new Option(String(l), String(l), false, l === 3));
    const chosen = localStorage.getItem('asterism-game');
    for (const g of ui.catalog ? ui.catalog.games : []) {
      if (g.players && g.players !== 2) continue;
      select('game').add(new Option(gameName(g.title), g.id, false, g.id === chosen));
    }
    buildOptions();
    $('game').addEventListener('change', buildOptions);
    input('name').value = rememberedName();
    for (const id of ['opponent', 'clock', 'rated']) $(id).addEventListener('change', syncCreateForm);
    syncCreateForm();
    signedIn().then((yes) => { $('account-row').hidden = !yes; });
    $('create').addEventListener('submit', (e) => { e.preventDefault(); createGame(); });
    $('archive-newer').addEventListener('click', () => {
      ui.archiveOffset = Math.max(0, ui.archiveOffset - ARCHIVE_PAGE);
      refreshArchive();
    });
    $('archive-older').addEventListener('click', () => {
      ui.archiveOffset += ARCHIVE_PAGE;
      refreshArchive();
    });
  }

  return { show, wire };
}
