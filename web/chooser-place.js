// Asterisk's piece chooser (#chooser, shared.js's showChooser) opens beside
// the cell it is for, in view, on every screen size (issue 43, point 4): a
// chooser drawn under a board taller than the screen was off screen, so
// that a click on a cell seemed to do nothing. This places it whenever it
// is shown, by the cell last tapped, clicked or focused on the board.
/** @type {string} */
let lastCell = '';

/** @param {EventTarget|null} target */
function noteCell(target) {
  const cell = target instanceof Element ? target.closest('#board [data-cell]') : null;
  if (cell) lastCell = cell.getAttribute('data-cell') || '';
}

document.addEventListener('pointerdown', (e) => noteCell(e.target), true);
document.addEventListener('click', (e) => noteCell(e.target), true);
document.addEventListener('keydown', () => noteCell(document.activeElement), true);

const GAP = 8, EDGE = 4;

/** @param {number} x @param {number} low @param {number} high */
const clamp = (x, low, high) => Math.max(low, Math.min(x, high));

/** @param {HTMLElement} chooser */
function place(chooser) {
  const cell = lastCell ? document.querySelector(`#board .cells [data-cell="${CSS.escape(lastCell)}"]`) : null;
  if (!cell) {
    chooser.classList.remove('floating');
    return;
  }
  cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  chooser.classList.add('floating');
  const r = cell.getBoundingClientRect();
  const w = chooser.offsetWidth, h = chooser.offsetHeight;
  let x, y;
  if (r.right + GAP + w <= innerWidth - EDGE) x = r.right + GAP;
  else if (r.left - GAP - w >= EDGE) x = r.left - GAP - w;
  if (x !== undefined) {
    y = clamp(r.top + r.height / 2 - h / 2, EDGE, innerHeight - h - EDGE);
  } else {
    // No room on either side (a phone): above or below the cell, across.
    x = clamp(r.left + r.width / 2 - w / 2, EDGE, innerWidth - w - EDGE);
    y = r.bottom + GAP + h <= innerHeight - EDGE ? r.bottom + GAP : Math.max(EDGE, r.top - GAP - h);
  }
  chooser.style.left = `${Math.round(x)}px`;
  chooser.style.top = `${Math.round(y)}px`;
}

const chooser = document.getElementById('chooser');
if (chooser) {
  new MutationObserver(() => { if (!chooser.hidden) place(chooser); })
    .observe(chooser, { attributes: true, attributeFilter: ['hidden'], childList: true });
}
