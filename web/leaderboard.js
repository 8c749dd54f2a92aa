// The leaderboard (leaderboard.html#game=SPEC&class=live): the best
// settled ratings of one game, rules form and time class (GET
// /api/leaderboard/SPEC). A rating belongs to the game's canonical spec,
// so the page asks the server for the spec of the form chosen (POST
// /api/view names it) rather than writing it itself. Names link to the
// players' profiles and are drawn as text.
import { t } from './i18n.js';
import { $, input, select } from './dom.js';
import { apiClient, errorText } from './shared.js';
import { gameTitle, optionWords, parseSpec } from './names.js';
import { className, playerLink } from './people.js';

/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types.js').CatalogGame} CatalogGame */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types-social.js').Leaderboard} Leaderboard */
/** @typedef {{catalog: Catalog|null, spec: string, cls: string, busy: boolean}} BoardUi */

/** @type {BoardUi} */
const ui = { catalog: null, spec: '', cls: 'live', busy: false };
const api = apiClient('is the network down?');

/** @param {string} text */
function message(text) {
  $('message').textContent = text;
  $('message').className = 'message' + (text ? ' error' : '');
}

/** @param {string} id */
const gameInfo = (id) => ui.catalog?.games.find((g) => g.id === id);

// The options that tell a game's forms apart (its bar options: *Star's
// board, Asterisk's form and board, Shatra's rules), as selects; the
// others keep their defaults. Solitaire is for one player and never rated.
/** @param {CatalogGame} info @param {Record<string, string>} chosen */
function buildVariant(info, chosen) {
  const box = $('variant');
  box.replaceChildren();
  for (const o of info.options) {
    const words = optionWords(info.id, o);
    if (words.place !== 'bar' || !o.allowed.length) continue;
    const label = document.createElement('label');
    label.append(`${words.label} `);
    const s = document.createElement('select');
    s.name = o.name;
    s.dataset.testid = `option-${o.name}`;
    for (const v of o.allowed) {
      if (v === 'solitaire') continue;
      s.add(new Option(words.valueName(v), v, false, (chosen[o.name] ?? o.default) === v));
    }
    s.addEventListener('change', choose);
    label.append(s);
    box.append(label);
  }
}

function chosenOptions() {
  /** @type {Record<string, string>} */
  const options = {};
  for (const s of $('variant').querySelectorAll('select')) options[s.name] = s.value;
  return options;
}

// The canonical spec of the form chosen, then its address.
async function choose() {
  try {
    const view = /** @type {TableState} */ (await api('POST', '/api/view',
      { game: select('game').value, options: chosenOptions() }));
    location.hash = `game=${encodeURIComponent(view.game)}&class=${select('class').value}`;
  } catch (e) {
    message(errorText(e));
  }
}

async function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const spec = params.get('game');
  ui.cls = params.get('class') === 'correspondence' ? 'correspondence' : 'live';
  select('class').value = ui.cls;
  if (!spec) {
    const info = gameInfo(select('game').value);
    if (info && !$('variant').children.length) buildVariant(info, {});
    await choose();
    return;
  }
  const { id, options } = parseSpec(spec);
  const info = gameInfo(id);
  if (info) {
    select('game').value = id;
    buildVariant(info, options);
  }
  ui.spec = spec;
  await load();
}

async function load() {
  const spec = ui.spec;
  const cls = ui.cls;
  ui.busy = true;
  document.body.dataset.state = 'loading';
  message('');
  $('board-title').textContent = `${gameTitle(spec)}, ${className(cls)}`;
  const table = /** @type {HTMLTableElement} */ ($('board'));
  try {
    const b = /** @type {Leaderboard} */ (
      await api('GET', `/api/leaderboard/${encodeURIComponent(spec)}?class=${cls}`));
    if (spec !== ui.spec || cls !== ui.cls) return;
    table.replaceChildren();
    table.dataset.game = b.game;
    table.dataset.class = b.class;
    // Settled ratings ranked; provisional ones after them, marked and unranked.
    const rows = [...b.players.map((p) => ({ p, settled: true })),
      ...(b.provisional || []).map((p) => ({ p, settled: false }))];
    $('board-none').hidden = rows.length > 0;
    if (rows.length) {
      const head = table.createTHead().insertRow();
      for (const h of ['#', t('pp.player'), t('pp.rating'), t('pl.games')]) {
        const th = document.createElement('th');
        th.textContent = h;
        head.append(th);
      }
    }
    const body = table.createTBody();
    rows.forEach(({ p, settled }, i) => {
      const tr = body.insertRow();
      tr.dataset.name = p.name;
      tr.dataset.provisional = String(!settled);
      tr.insertCell().textContent = settled ? String(i + 1) : '';
      tr.insertCell().append(playerLink(p.name));
      const rating = tr.insertCell();
      rating.textContent = `${Math.round(p.rating)} \u00b1 ${Math.round(p.deviation)}`;
      if (!settled) {
        const flag = document.createElement('span');
        flag.className = 'provisional';
        flag.textContent = t('pl.provisional');
        rating.append(' ', flag);
      }
      tr.insertCell().textContent = String(p.games);
    });
  } catch (e) {
    table.replaceChildren();
    message(errorText(e));
  }
  ui.busy = false;
  document.body.dataset.state = 'shown';
}

async function start() {
  try {
    ui.catalog = /** @type {Catalog} */ (await api('GET', '/api/catalog'));
  } catch (e) {
    message(errorText(e));
    return;
  }
  for (const g of ui.catalog.games) {
    if (g.players && g.players !== 2) continue;
    select('game').add(new Option(g.title, g.id));
  }
  $('game').addEventListener('change', () => {
    const info = gameInfo(select('game').value);
    if (info) buildVariant(info, {});
    choose();
  });
  $('class').addEventListener('change', choose);
  $('find').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input('find-name').value.trim();
    if (name) location.href = `player.html#name=${encodeURIComponent(name)}`;
  });
  window.addEventListener('hashchange', route);
  await route();
}

/** @type {Window & {asterismBoard?: BoardUi}} */ (window).asterismBoard = ui;
start();
