// Phones (issue 43, point 4): the move controls held at the screen's
// bottom are one row of a finger's size (controls.css), the controls of
// every move; the rarer ones (offer a draw, flip the board) and the
// settings (labels, letters, confirm taps, sound, notifications) are in a
// sheet that the row's last button opens above it, as lichess's mobile
// board keeps its settings behind a menu button. On a wider screen the
// button is not shown and the sheet is part of the bar (display: contents).
// Loaded by the pages with move controls (index.html, online.html).

function wire() {
  const bar = document.getElementById('controls');
  const toggle = document.getElementById('controls-more-toggle');
  const sheet = document.getElementById('controls-more');
  if (!bar || !toggle || !sheet) return;
  const isOpen = () => bar.classList.contains('more-open');
  /** @param {boolean} open */
  const set = (open) => {
    bar.classList.toggle('more-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => set(!isOpen()));
  // An action chosen in the sheet closes it, as a menu does; a setting
  // ticked leaves it open, so that several can be set at once.
  sheet.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('button')) set(false);
  });
  // A tap anywhere else, or Escape, closes it too (the focus back on its button).
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && e.target instanceof Node && !bar.contains(e.target)) set(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    set(false);
    toggle.focus();
  });
}

if (document.readyState === 'loading') addEventListener('DOMContentLoaded', wire);
else wire();
