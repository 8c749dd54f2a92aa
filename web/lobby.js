// The online lobby (online.html; online.js shows one game): the form for a
// new game, open challenges to accept, games in progress to play or watch,
// and the archive, a page at a time. lobbyPage(ui, page) closes over the
// online page's state `ui` and its helpers `page` = {api, message,
// leaveGame}; it returns {show, wire}.
import { gameTitle, terminationText } from './names.js';
import { buildOptions as buildOptionsFor, changedOptions } from './shared.js';

const $ = (id) => document.getElementById(id);
const ARCHIVE_PAGE = 10;

// Where this tab keeps a game's seat secret and links, and the player's name.
export const secretKey = (id) => `asterism-secret-${id}`;
export const linksKey = (id) => `asterism-links-${id}`;
export const rememberedName = () => localStorage.getItem('asterism-name') || '';

export function rememberName(name) {
  if (name.trim()) localStorage.setItem('asterism-name', name.trim());
}

export function lobbyPage(ui, { api, message, leaveGame }) {
  const gameInfo = (id) => ui.catalog.games.find((g) => g.id === id);

  function buildOptions() {
    buildOptionsFor(gameInfo($('game').value));
  }

  function clockBody() {
    const kind = $('clock').value;
    if (kind === 'fischer')
      return { kind, minutes: Number($('minutes').value), increment: Number($('increment').value) };
    if (kind === 'correspondence') return { kind, days: Number($('days').value) };
    return { kind: 'none' };
  }

  function createBody() {
    const against = $('opponent').value;
    const body = {
      game: $('game').value,
      options: changedOptions($('create')),
      seat: $('seat').value,
      name: $('name').value.trim(),
      opponent: against === 'computer' ? `level:${$('level').value}` : 'person',
      lobby: against === 'lobby',
      clock: clockBody(),
    };
    if ($('position').value.trim()) body.position = $('position').value.trim();
    return body;
  }

  async function createGame() {
    message('', 'error', 'lobby-message');
    rememberName($('name').value);
    try {
      const r = await api('POST', '/api/games', createBody());
      sessionStorage.setItem(secretKey(r.id), r.secret);
      sessionStorage.setItem(linksKey(r.id), JSON.stringify(r.links));
      location.hash = `game=${r.id}&secret=${r.secret}`;
    } catch (e) {
      message(e.message, 'error', 'lobby-message');
    }
  }

  async function acceptChallenge(id) {
    try {
      const r = await api('POST', `/api/games/${id}/join`, { name: rememberedName() });
      sessionStorage.setItem(secretKey(id), r.secret);
      location.hash = `game=${id}&secret=${r.secret}`;
    } catch (e) {
      message(e.message, 'error', 'lobby-message');
      refreshLobby();
    }
  }

  // One row of a list: cells of text, then a button or link.
  function listRow(table, cells, action) {
    const tr = table.insertRow();
    for (const c of cells) tr.insertCell().textContent = c;
    tr.insertCell().append(action);
    return tr;
  }

  function linkTo(text, hash, testid) {
    const a = document.createElement('a');
    a.textContent = text;
    a.href = `#${hash}`;
    a.className = 'button';
    a.dataset.testid = testid;
    return a;
  }

  const clockName = (kind) => ({ none: 'no clock', fischer: 'Fischer', correspondence: 'correspondence' }[kind] || kind);

  function renderOpen(games) {
    const table = $('open-list');
    table.replaceChildren();
    $('open-empty').hidden = games.length > 0;
    for (const g of games) {
      const waiting = g.names[0] ? 1 : 0;  // the seat still open
      const host = g.names[1 - waiting] || 'Anonymous';
      const mine = sessionStorage.getItem(secretKey(g.id));
      let action;
      if (mine) action = linkTo('Open', `game=${g.id}&secret=${mine}`, 'open-own');
      else {
        action = document.createElement('button');
        action.textContent = 'Accept';
        action.dataset.testid = 'accept';
        action.addEventListener('click', () => acceptChallenge(g.id));
      }
      const tr = listRow(table, [gameTitle(g.game), `${host} waits`, clockName(g.clock)], action);
      tr.dataset.id = g.id;
    }
  }

  function renderPlaying(games) {
    const table = $('playing-list');
    table.replaceChildren();
    $('playing-empty').hidden = games.length > 0;
    for (const g of games) {
      const mine = sessionStorage.getItem(secretKey(g.id));
      const action = mine ? linkTo('Play', `game=${g.id}&secret=${mine}`, 'play') :
        linkTo('Watch', `game=${g.id}`, 'watch');
      const tr = listRow(table, [gameTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
        clockName(g.clock)], action);
      tr.dataset.id = g.id;
    }
  }


  async function refreshArchive() {
    try {
      const a = await api('GET', `/api/archive?offset=${ui.archiveOffset}&limit=${ARCHIVE_PAGE}`);
      const table = $('archive-list');
      table.replaceChildren();
      $('archive-empty').hidden = a.games.length > 0;
      for (const g of a.games) {
        const when = new Date(g.updated).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
        const tr = listRow(table, [gameTitle(g.game), `${g.names[0]} \u2013 ${g.names[1]}`,
          `${g.result} ${terminationText(g.termination)}`.trim(), when],
        linkTo('Replay', `game=${g.id}`, 'replay'));
        tr.dataset.id = g.id;
      }
      const last = Math.min(a.total, ui.archiveOffset + a.games.length);
      $('archive-page').textContent = a.total ? `${ui.archiveOffset + 1}\u2013${last} of ${a.total}` : '';
      $('archive-newer').disabled = ui.archiveOffset === 0;
      $('archive-older').disabled = last >= a.total;
    } catch (e) {
      message(e.message, 'error', 'lobby-message');
    }
  }

  async function refreshLobby() {
    try {
      const l = await api('GET', '/api/lobby');
      renderOpen(l.open);
      renderPlaying(l.playing);
    } catch (e) {
      message(e.message, 'error', 'lobby-message');
    }
  }

  function show() {
    leaveGame();
    $('game-view').hidden = true;
    $('lobby-view').hidden = false;
    $('live').hidden = true;
    document.title = 'asterism: play online';
    refreshLobby();
    refreshArchive();
    clearInterval(ui.lobbyTimer);
    // The lists change as people come and go; a few seconds is fresh enough.
    ui.lobbyTimer = setInterval(() => { refreshLobby(); refreshArchive(); }, 4000);
  }

  function syncCreateForm() {
    const against = $('opponent').value;
    $('level-label').hidden = against !== 'computer';
    $('fischer').hidden = $('clock').value !== 'fischer';
    $('days-label').hidden = $('clock').value !== 'correspondence';
  }

  function wire() {
    for (let l = 1; l <= 10; l++) $('level').add(new Option(String(l), String(l), false, l === 3));
    const chosen = localStorage.getItem('asterism-game');
    for (const g of ui.catalog.games) {
      if (g.players && g.players !== 2) continue;
      $('game').add(new Option(g.title, g.id, false, g.id === chosen));
    }
    buildOptions();
    $('game').addEventListener('change', buildOptions);
    $('name').value = rememberedName();
    for (const id of ['opponent', 'clock']) $(id).addEventListener('change', syncCreateForm);
    syncCreateForm();
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
