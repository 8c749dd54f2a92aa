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
// On a Russian page the text comes from rules/ru/<game>.html, if there is
// one, in place of the English <main>; its figures take their data-* from
// the English figures in the same order, so the diagrams have one source.
import { drawBoard, el } from './board.js';
import { positionState, moveOf } from './diagram.js';
import { errorText } from './shared.js';
import { t, lang } from './i18n.js';

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

const DATA = ['spec', 'position', 'moves', 'show', 'mark', 'labels', 'score'];

// Puts the page's translation, if it has one, in place of its English text
// (rules-shatra.html: rules/ru/shatra.html); without one the page stays
// English.
async function translate() {
  const game = /rules-(\w+)\.html/.exec(location.pathname)?.[1];
  const main = document.querySelector('main');
  if (lang === 'en' || !game || !main) return;
  const response = await fetch(`rules/${lang}/${game}.html`).catch(() => undefined);
  if (!response || !response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const english = main.querySelectorAll('figure.diagram');
  const figures = /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('figure.diagram'));
  if (figures.length !== english.length) return;
  figures.forEach((figure, i) => {
    const from = /** @type {HTMLElement} */ (english[i]).dataset;
    for (const key of DATA) if (from[key] !== undefined) figure.dataset[key] = from[key];
  });
  main.replaceChildren(...doc.body.childNodes);
  if (doc.title) document.title = doc.title;
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

// Diagrams are drawn one after another, in reading order.
async function start() {
  await translate();
  const figures = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('figure.diagram'));
  for (const figure of figures) await drawDiagram(figure);
  document.body.dataset.diagrams = 'ready';
}

start();
