// A home that orients (issue 43, point 5). The play page stays at its
// address (index.html, '/'): a short band above it tells a first-time
// visitor in a few lines what the four games are, a small board of each
// drawn by the engine, and leads to Learn, Play the computer, Play a
// friend, Puzzles and Tournaments. A returning player, one who has started
// a game, made a move or closed the band, does not see it again; instead a
// line leads back to the online games this browser still holds a seat in.
import { t } from './i18n.js';
import { $ } from './dom.js';
import { drawBoard } from './board.js';
import { positionState } from './diagram.js';
import { heldSeats } from './seats.js';
import { GAMES, HOME_BOARDS } from './names.js';
import { refitBoard, showBoard } from './touch.js';

const SEEN = 'asterism-home-seen';

function close() {
  localStorage.setItem(SEEN, '1');
  if ($('welcome').hidden) return;
  $('welcome').hidden = true;
  // A phone's board was sized below the band: it takes the room left.
  refitBoard();
}

// One line per game (names.js): its board and what it is, in words.
function listGames() {
  const list = $('home-games');
  if (list.children.length) return;
  for (const [game, title] of GAMES) {
    const li = document.createElement('li');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.dataset.game = game;
    svg.setAttribute('class', 'home-board');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-hidden', 'true');
    const words = document.createElement('span');
    const name = document.createElement('b');
    name.textContent = title;
    const what = document.createElement('span');
    what.textContent = t(`home.${game}`);
    words.append(name, ' ', what);
    li.append(svg, words);
    list.append(li);
  }
}

async function drawBoards() {
  listGames();
  for (const [game] of GAMES) {
    const spec = HOME_BOARDS[game] ?? game;
    const svg = /** @type {SVGSVGElement|null} */ (document.querySelector(`#welcome svg[data-game="${game}"]`));
    if (!svg) continue;
    try {
      const s = await positionState(spec, '');
      drawBoard(svg, s.view, { labels: false, letters: false, path: [], targets: [], last: [], captured: [] });
      // drawBoard sets the board's own classes: the band's size is added back.
      svg.classList.add('home-board');
    } catch (e) {
      // The words say what the game is without its picture.
      svg.remove();
    }
  }
}

// The online games this browser holds a seat in and that are not over,
// each a link back to its seat (at most three are asked about).
async function showResume() {
  const links = [];
  for (const { id } of heldSeats().slice(-3)) {
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(id)}`);
      if (!r.ok) continue;
      const g = await r.json();
      if (g.terminal || (g.status !== 'playing' && g.status !== 'open')) continue;
      const a = document.createElement('a');
      a.href = `online.html#game=${id}`;
      a.textContent = t('home.resume.game', { id });
      links.push(a);
    } catch (e) {
      // A game the server cannot answer for is not offered.
    }
  }
  if (!links.length) return;
  const line = $('resume');
  line.append(...links.flatMap((a, i) => (i ? [' ', a] : [a])));
  line.hidden = false;
}

// The band gives way to a game (issue 43): it orients a first visit with
// no game, and once the visitor has a game of their own on the board, a
// game with moves (played by a tap, typed, or the computer's; loaded from
// a record; resumed from its address) or one they started (New game), it is
// hidden and not shown again, as if closed. Hidden rather than folded to a
// line: the header keeps Learn, Rules and Puzzles in reach, and on a phone
// every line above the board pushes the board down; lichess and Board Game
// Arena, too, show their welcome only to a visitor with nothing going.
const hasMoves = () => !!document.querySelector('#moves li');

/** @param {HTMLElement} band */
function show(band) {
  band.hidden = false;
  drawBoards();
}

function start() {
  const band = document.getElementById('welcome');
  if (!band) return;
  if (localStorage.getItem(SEEN)) {
    showResume();
    return;
  }
  // A page opened on a game by its address (#local=ID, #session=ID) shows
  // the band only once that game is drawn without moves (a first visit
  // reloaded): a returning player's game is not pushed down by a band
  // that then goes. Any other first visit shows it at once.
  const named = /(^|&)(local|session)=/.test(location.hash.slice(1));
  if (!named) show(band);
  else {
    const drawn = new MutationObserver(() => {
      if (!document.querySelector('#board [data-cell]')) return;
      drawn.disconnect();
      if (hasMoves()) close();
      else if (!localStorage.getItem(SEEN)) show(band);
    });
    drawn.observe($('board'), { childList: true, subtree: true });
  }
  new MutationObserver(() => { if (hasMoves()) close(); }).observe($('moves'), { childList: true });
  $('welcome-close').addEventListener('click', close);
  $('welcome-play').addEventListener('click', (e) => {
    e.preventDefault();
    close();
    showBoard();
  });
  // Starting a game, loading one or tapping the board makes a returning
  // player; so does choosing a game in the setup, whose board is then drawn
  // (on a phone below the setup panel, and the band would push it further).
  $('setup').addEventListener('submit', close);
  $('game').addEventListener('change', close);
  $('load').addEventListener('change', close);
  $('board').addEventListener('click', close);
}

start();
