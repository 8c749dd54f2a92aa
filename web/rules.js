// The rules pages (rules-*.html): every <figure class="diagram"> names a
// game spec, a position string and moves played from it, and is drawn here
// by the page's own board renderer from the engine's view of it:
//   data-spec      the game spec ("shatra", "starstar:size=6")
//   data-position  a position string (none: the usual start)
//   data-moves     moves played from it before the diagram is shown
//   data-show      moves to draw on the diagram: their path, numbered for
//                  chains, and the men they take
//   data-mark      cells to mark with a dot (where a man may go)
//   data-labels    "true" writes every cell's name on it
// tests/python/test_learn.py replays every one through the rules, and checks
// that each <code class="move"> in the text is legal in the diagram before it.
import { drawBoard, el } from './board.js';
import { positionState, moveOf } from './diagram.js';
import { errorText } from './shared.js';
import { t } from './i18n.js';

/** @param {string|undefined} text */
const words = (text) => (text || '').split(/\s+/).filter(Boolean);

/** @param {HTMLElement} figure */
async function drawDiagram(figure) {
  const spec = figure.dataset.spec || '';
  const svg = /** @type {SVGSVGElement} */ (el('svg', { class: 'diagram-board', role: 'img' }));
  svg.setAttribute('aria-label', figure.querySelector('figcaption')?.textContent || 'a diagram');
  figure.prepend(svg);
  try {
    const s = await positionState(spec, figure.dataset.position || '', words(figure.dataset.moves));
    const shown = words(figure.dataset.show).map((t) => moveOf(s.view, t)).filter((m) => m !== undefined);
    const last = shown.length ? shown[0] : s.view.last;
    drawBoard(svg, s.view, {
      labels: figure.dataset.labels === 'true',
      letters: localStorage.getItem('asterism-men') === 'letters',
      path: [],
      targets: [...words(figure.dataset.mark), ...shown.slice(1).flatMap((m) => m.path.slice(-1))],
      last: last ? last.path : [],
      captured: last ? last.captured || [] : [],
    });
    figure.dataset.ready = 'true';
  } catch (e) {
    const p = document.createElement('p');
    p.className = 'diagram-error';
    p.textContent = t('rules.diagramFailed', { why: errorText(e) });
    svg.replaceWith(p);
    figure.dataset.ready = 'error';
  }
}

// Diagrams are drawn one after another, in reading order.
async function start() {
  const figures = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('figure.diagram'));
  for (const figure of figures) await drawDiagram(figure);
  document.body.dataset.diagrams = 'ready';
}

start();
