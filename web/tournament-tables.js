// The tables of one tournament's page (tournament.html; tournament.js
// loads the view and keeps it live): its players, the standings, the rounds
// with a link to each game, and the crosstable, each drawn whole from a
// view (types-tournament.js). Players are numbered from 1 by their index,
// in every table alike. Names are drawn as text.
import { $ } from './dom.js';
import { t as say } from './i18n.js';
import { playerLink, gameLink } from './people.js';
import { points, sideName, sideNameGen } from './tournament-words.js';

/** @typedef {import('./types-tournament.js').TournamentView} TournamentView */
/** @typedef {import('./types-tournament.js').RoundGame} RoundGame */
/** @typedef {import('./types-tournament.js').CrossCell} CrossCell */

/** @param {TournamentView} v @param {number} index */
export const nameOf = (v, index) => v.players.find((p) => p.index === index)?.name ?? `#${index + 1}`;

/** @param {HTMLTableElement} table @param {string[]} titles */
function head(table, titles) {
  const row = table.createTHead().insertRow();
  for (const t of titles) {
    const th = document.createElement('th');
    th.textContent = t;
    row.append(th);
  }
}

/** @param {string} text @param {string} cls */
function tag(text, cls) {
  const span = document.createElement('span');
  span.className = cls;
  span.textContent = text;
  return span;
}

/** @param {TournamentView} v */
export function renderPlayers(v) {
  const list = $('players');
  list.replaceChildren(...v.players.map((p) => {
    const li = document.createElement('li');
    li.value = p.index + 1;
    li.dataset.name = p.name;
    li.dataset.index = String(p.index);
    li.append(playerLink(p.name));
    if (p.index === v.you) li.append(' ', tag(say('tt.you'), 'tag you'));
    if (p.withdrawn) li.append(' ', tag(say('tt.withdrawn'), 'tag'));
    if (p.paused) li.append(' ', tag(say('tt.paused'), 'tag'));
    return li;
  }));
  $('players-none').hidden = v.players.length > 0;
  $('player-count').textContent = !v.players.length ? '' :
    v.max_players ? say('tt.count.max', { n: v.players.length, max: v.max_players }) : `(${v.players.length})`;
}

// Swiss and round robin: rank, player, score, Buchholz, Sonneborn-Berger,
// games; an arena's score is its points, and the tie-breaks say nothing.
/** @param {TournamentView} v */
export function renderStandings(v) {
  const table = /** @type {HTMLTableElement} */ ($('standings'));
  table.replaceChildren();
  $('standings-box').hidden = v.standings.length === 0;
  if (!v.standings.length) return;
  const arena = v.format === 'arena';
  head(table, arena ? ['#', say('tt.player'), say('tt.points'), say('tt.games')]
    : ['#', say('tt.player'), say('tt.score'), say('tt.buchholz'), say('tt.sb'), say('tt.games')]);
  const body = table.createTBody();
  for (const s of v.standings) {
    const tr = body.insertRow();
    tr.dataset.player = String(s.player);
    tr.dataset.name = s.name;
    tr.dataset.rank = String(s.rank);
    tr.dataset.score = String(s.score);
    if (s.player === v.you) tr.className = 'you';
    tr.insertCell().textContent = String(s.rank);
    const who = tr.insertCell();
    who.append(playerLink(s.name));
    if (s.withdrawn) who.append(' ', tag(say('tt.withdrawn'), 'tag'));
    const score = tr.insertCell();
    score.className = 'score';
    score.textContent = points(s.score);
    if (!arena) {
      tr.insertCell().textContent = points(s.buchholz);
      tr.insertCell().textContent = points(s.sb);
    }
    tr.insertCell().textContent = String(s.games);
  }
}

/** @param {RoundGame} g */
function resultText(g) {
  if (g.aborted) return say('tt.aborted');  // ended before both sides moved: no score
  return g.result === '1/2-1/2' ? '\u00bd-\u00bd' : g.result === '*' ? say('tt.playing') : g.result;
}

/** @param {TournamentView} v @param {RoundGame} g */
function gameRow(v, g) {
  const li = document.createElement('li');
  li.dataset.game = g.id;
  li.dataset.result = g.result;
  const mine = v.you >= 0 && (g.white === v.you || g.black === v.you);
  const link = gameLink(g.id, `${nameOf(v, g.white)} \u2013 ${nameOf(v, g.black)}`);
  li.append(link, ' ', tag(resultText(g), 'result'));
  if (mine && g.result === '*' && !g.aborted) {
    li.className = 'my-turn';
    const play = gameLink(g.id, say('tt.play'));
    play.className = 'button play';
    play.dataset.testid = 'play';
    li.append(' ', play);
  } else if (mine) {
    li.classList.add('mine');
  }
  return li;
}

// The rounds, the latest first: each game's players (white first) as a
// link to it, its result, and the viewer's own unfinished game marked
// "your game — play". An arena's games are one list, the latest first.
/** @param {TournamentView} v */
export function renderRounds(v) {
  const box = $('rounds');
  box.replaceChildren();
  $('rounds-box').hidden = v.rounds_list.length === 0;
  const arena = v.format === 'arena';
  $('rounds-title').textContent = arena ? say('tour.games') : say('tour.rounds');
  if (arena) {
    const ul = document.createElement('ul');
    ul.className = 'games';
    ul.dataset.round = 'all';
    ul.append(...v.rounds_list.flatMap((r) => r.games).map((g) => gameRow(v, g)).reverse());
    box.append(ul);
    return;
  }
  for (const r of [...v.rounds_list].reverse()) {
    const section = document.createElement('section');
    section.className = 'round';
    section.dataset.round = String(r.round);
    const h = document.createElement('h3');
    h.textContent = say('tt.round', { round: r.round });
    const ul = document.createElement('ul');
    ul.className = 'games';
    ul.append(...r.games.map((g) => gameRow(v, g)));
    if (r.bye >= 0) {
      const li = document.createElement('li');
      li.className = 'bye';
      li.dataset.bye = String(r.bye);
      li.append(playerLink(nameOf(v, r.bye)), ` ${say('tt.bye.has')}`);
      ul.append(li);
    }
    section.append(h, ul);
    box.append(section);
  }
}

// A side's letter, by the game's own names (*Star's first player is Black).
/** @param {string} game @param {CrossCell['colour']} colour */
const sideLetter = (game, colour) => sideName(game, colour).slice(0, 1).toLowerCase();

/** @param {string} game @param {CrossCell} c */
function crossText(game, c) {
  if (c.result === 'bye') return say('tt.bye');
  const result = c.result === '1/2' ? '\u00bd' : c.result;
  return c.opponent >= 0 ? `${result} ${c.opponent + 1}${sideLetter(game, c.colour)}` : result;
}

// A row per player (numbered as everywhere on the page), a column per
// round: the result, the opponent's number and the side played (by the
// game's names for them); then the score. An arena has no rounds to set
// side by side.
/** @param {TournamentView} v */
export function renderCrosstable(v) {
  const table = /** @type {HTMLTableElement} */ ($('crosstable'));
  table.replaceChildren();
  const rounds = Math.max(0, ...v.crosstable.flatMap((r) => r.cells.map((c) => c.round)));
  $('crosstable-box').hidden = v.format === 'arena' || rounds === 0;
  if ($('crosstable-box').hidden) return;
  const sides = [sideName(v.game, 'white'), sideName(v.game, 'black')];
  $('crosstable-legend').textContent = say('tt.legend', { sides: sides.map((n) => `${n.slice(0, 1).toLowerCase()}: ${n}`).join(', ') });
  const numbers = Array.from({ length: rounds }, (_, i) => String(i + 1));
  head(table, [say('tt.no'), say('tt.player'), ...numbers, say('tt.score')]);
  const body = table.createTBody();
  const score = new Map(v.standings.map((s) => [s.player, s.score]));
  for (const row of [...v.crosstable].sort((a, b) => a.player - b.player)) {
    const tr = body.insertRow();
    tr.dataset.player = String(row.player);
    if (row.player === v.you) tr.className = 'you';
    tr.insertCell().textContent = String(row.player + 1);
    tr.insertCell().append(playerLink(nameOf(v, row.player)));
    for (let r = 1; r <= rounds; r++) {
      const td = tr.insertCell();
      const c = row.cells.find((x) => x.round === r);
      td.dataset.round = String(r);
      if (!c) continue;
      td.textContent = crossText(v.game, c);
      td.dataset.result = c.result;
      td.dataset.opponent = String(c.opponent);
      td.className = `cross r-${c.result === '1/2' ? 'half' : c.result === '*' ? 'open' : c.result}`;
      if (c.opponent >= 0) td.title = say(c.colour ? 'tt.cell.as' : 'tt.cell', { name: nameOf(v, c.opponent), side: sideNameGen(v.game, c.colour) });
    }
    tr.insertCell().textContent = points(score.get(row.player) ?? 0);
  }
}
