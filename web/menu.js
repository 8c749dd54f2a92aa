// Phones (issue 43, point 4): the header's links fold into a menu, and the
// play page's setup into a panel, each behind a button that only a narrow
// screen shows (style.css), so that the board, its status line and its
// controls have the screen. The setup panel folds again once a game is
// started from it. Loaded by every page that has a header.
import { t } from './i18n.js';
import { refitBoard } from './touch.js';

/**
 * A button in the header that shows or hides what `open` (a class on the
 * header) unfolds.
 * @param {HTMLElement} header @param {string} id @param {string} words @param {string} open @param {string} controls
 */
function toggle(header, id, words, open, controls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.className = 'fold-toggle';
  b.dataset.testid = id;
  b.textContent = words;
  b.setAttribute('aria-expanded', 'false');
  b.setAttribute('aria-controls', controls);
  b.addEventListener('click', () => {
    const on = header.classList.toggle(open);
    b.setAttribute('aria-expanded', String(on));
  });
  return b;
}

function fold() {
  const header = /** @type {HTMLElement|null} */ (document.querySelector('body > header'));
  const nav = header && header.querySelector('nav');
  if (!header || !nav) return;
  if (!nav.id) nav.id = 'site-nav';
  const buttons = document.createElement('span');
  buttons.className = 'fold-buttons';
  const setup = header.querySelector('#setup');
  if (setup) {
    const b = toggle(header, 'setup-toggle', t('nav.setup'), 'setup-open', 'setup');
    buttons.append(b);
    // A board drawn while the panel was open (the game chosen in it) was
    // sized below it: folded, the panel leaves the board its room.
    b.addEventListener('click', () => { if (!header.classList.contains('setup-open')) refitBoard(); });
    // A game started from the panel folds it: the board is what comes next.
    setup.addEventListener('submit', () => {
      header.classList.remove('setup-open');
      b.setAttribute('aria-expanded', 'false');
      refitBoard();
    });
  }
  buttons.append(toggle(header, 'menu-toggle', t('nav.menu'), 'menu-open', nav.id));
  const title = header.querySelector('h1');
  if (title) title.after(buttons);
  else header.prepend(buttons);
}

if (document.readyState === 'loading') addEventListener('DOMContentLoaded', fold);
else fold();
