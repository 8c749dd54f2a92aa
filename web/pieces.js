// The men of Shatra and Star Pool Chess as drawings: asterism's own piece
// set, one geometric style for both games. Each man stands on the same
// pedestal and is drawn in a 100 x 100 box (y down); what tells the men
// apart is the outline above it:
//
//   king (biy, King)         a cross
//   queen (batyr)            a crown of five points
//   rook (tura, Rook)        a tower with battlements
//   bishop (yalkyn)          a mitre with a slit
//   knight (Knight)          a horse's head
//   pawn (shatra, Pawn)      a round head
//   sergeant (Sergeant)      a diamond head: it steps diagonally (a ferz)
//   lieutenant (Lieutenant)  a square head: it steps orthogonally (a wazir)
//   general (General)        the tower with a pennant: a rook that also
//                            steps diagonally
//   captain (Captain)        the mitre with a pennant: a bishop that also
//                            steps orthogonally
//   elephant (Great Elephant) an elephant's head, ears spread
//   wizard (Wizard)          a pointed hat with a star
//
// A man is a body (filled in its side's colour, outlined) and details
// (lines and dots in the other colour). Black men also get a light halo,
// so that they stand out on the dark squares, gates and citadels.
const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const PEDESTAL = 'M24 90 L76 90 L72 80 L28 80 Z';

const GLYPHS = {
  king: {
    body: [
      PEDESTAL,
      'M34 80 C36 66 40 56 39 48 L61 48 C60 56 64 66 66 80 Z',
      'M36 40 L64 40 L64 48 L36 48 Z',
      'M45 8 L55 8 L55 17 L64 17 L64 27 L55 27 L55 40 L45 40 L45 27 L36 27 L36 17 L45 17 Z',
    ],
    lines: ['M38 68 L62 68'],
  },
  queen: {
    body: [
      PEDESTAL,
      'M33 80 C35 68 33 58 26 32 L40 50 L42 24 L47 46 L50 16 L53 46 L58 24 L60 50 L74 32 ' +
        'C67 58 65 68 67 80 Z',
    ],
    dots: [[26, 29, 4.5], [42, 21, 4.5], [50, 13, 4.5], [58, 21, 4.5], [74, 29, 4.5]],
    lines: ['M36 66 L64 66'],
  },
  rook: {
    body: [
      PEDESTAL,
      'M31 80 L35 44 L29 44 L29 20 L38 20 L38 28 L45.5 28 L45.5 20 L54.5 20 L54.5 28 L62 28 ' +
        'L62 20 L71 20 L71 44 L65 44 L69 80 Z',
    ],
    lines: ['M35 44 L65 44', 'M33 66 L67 66'],
  },
  bishop: {
    body: [
      PEDESTAL,
      'M35 80 C37 68 40 62 39 58 C28 50 30 32 50 16 C70 32 72 50 61 58 C60 62 63 68 65 80 Z',
    ],
    dots: [[50, 12, 5]],
    lines: ['M57 28 L45 44', 'M39 58 L61 58'],
  },
  knight: {
    body: [
      PEDESTAL,
      'M33 80 C33 68 40 62 49 55 C44 52 37 55 30 58 C25 57 22 52 25 47 L41 31 ' +
        'C44 24 49 19 54 17 L57 8 L62 17 C72 23 75 40 72 56 C70 66 68 72 69 80 Z',
    ],
    dots: [[48, 30, 3]],
    lines: ['M63 22 C69 34 70 46 66 60'],
  },
  pawn: {
    body: [
      PEDESTAL,
      'M36 80 C38 66 44 58 45 50 L55 50 C56 58 62 66 64 80 Z',
      'M39 46 L61 46 L61 52 L39 52 Z',
      'M50 22 A13 13 0 1 1 49.99 22 Z',
    ],
  },
  sergeant: {
    body: [
      PEDESTAL,
      'M36 80 C38 66 44 58 45 50 L55 50 C56 58 62 66 64 80 Z',
      'M39 46 L61 46 L61 52 L39 52 Z',
      'M50 14 L66 31 L50 46 L34 31 Z',
    ],
    lines: ['M42 31 L58 31'],
  },
  lieutenant: {
    body: [
      PEDESTAL,
      'M36 80 C38 66 44 58 45 50 L55 50 C56 58 62 66 64 80 Z',
      'M39 46 L61 46 L61 52 L39 52 Z',
      'M38 20 L62 20 L62 44 L38 44 Z',
    ],
    lines: ['M50 25 L50 39', 'M43 32 L57 32'],
  },
  general: {
    body: [
      PEDESTAL,
      'M31 80 L35 46 L29 46 L29 26 L38 26 L38 33 L45.5 33 L45.5 26 L54.5 26 L54.5 33 L62 33 ' +
        'L62 26 L71 26 L71 46 L65 46 L69 80 Z',
      'M48 27 L48 6 L52 6 L52 27 Z',
      'M52 6 L70 11 L52 17 Z',
    ],
    lines: ['M35 46 L65 46', 'M33 66 L67 66'],
  },
  captain: {
    body: [
      PEDESTAL,
      'M35 80 C37 68 40 62 39 58 C28 50 30 34 50 22 C70 34 72 50 61 58 C60 62 63 68 65 80 Z',
      'M48 23 L48 4 L52 4 L52 23 Z',
      'M52 4 L70 9 L52 15 Z',
    ],
    lines: ['M57 33 L45 47', 'M39 58 L61 58'],
  },
  elephant: {
    body: [
      PEDESTAL,
      'M33 24 C18 16 8 34 14 50 C18 58 28 58 35 50 Z',
      'M67 24 C82 16 92 34 86 50 C82 58 72 58 65 50 Z',
      'M32 38 C30 20 70 20 68 38 C68 46 62 52 58 56 L57 70 C57 74 61 76 62 80 L38 80 ' +
        'C39 76 43 74 43 70 L42 56 C38 52 32 46 32 38 Z',
    ],
    dots: [[42, 38, 3], [58, 38, 3]],
    lines: ['M43 56 C40 60 36 62 33 61', 'M57 56 C60 60 64 62 67 61', 'M50 45 C50 56 48 64 50 72'],
  },
  wizard: {
    body: [
      PEDESTAL,
      'M35 80 C39 66 43 58 44 52 L56 52 C57 58 61 66 65 80 Z',
      'M26 52 C26 46 74 46 74 52 C74 56 26 56 26 52 Z',
      'M33 49 C43 36 46 22 58 6 C59 20 63 36 67 49 Z',
    ],
    star: [51, 34, 7],
  },
};

// Which glyph each man of each game is.
const SETS = {
  shatra: { biy: 'king', batyr: 'queen', tura: 'rook', yalkyn: 'bishop', shatra: 'pawn' },
  starpool: {
    King: 'king', General: 'general', Captain: 'captain', 'Great Elephant': 'elephant',
    Knight: 'knight', Rook: 'rook', Wizard: 'wizard', Pawn: 'pawn', Sergeant: 'sergeant',
    Lieutenant: 'lieutenant',
  },
};

// The glyph for a man of a game, or null when the game has no piece set
// (*Star's stones and Asterisk's tiles are drawn otherwise).
export function glyphFor(gameKind, manKind) {
  const set = SETS[gameKind];
  return set && set[manKind] ? set[manKind] : null;
}

function starPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

// Draws glyph `name` centred on (x, y), `size` board units tall, into
// `parent`; the side's colour comes from the CSS class of an ancestor
// (owner-0 or owner-1).
export function drawGlyph(parent, name, x, y, size) {
  const g = GLYPHS[name];
  const s = size / 100;
  const group = el('g', {
    class: `glyph glyph-${name}`,
    transform: `translate(${x - 50 * s} ${y - 50 * s}) scale(${s})`,
  }, parent);
  for (const d of g.body) el('path', { d, class: 'halo' }, group);
  for (const d of g.body) el('path', { d, class: 'body' }, group);
  for (const [cx, cy, r] of g.dots || []) {
    el('circle', { cx, cy, r, class: 'halo' }, group);
    el('circle', { cx, cy, r, class: 'body' }, group);
  }
  for (const d of g.lines || []) el('path', { d, class: 'detail' }, group);
  if (g.star) el('polygon', { points: starPoints(...g.star), class: 'detail-fill' }, group);
  return group;
}

// A small standalone picture of a man, for buttons and tests.
export function pieceIcon(gameKind, manKind, owner, px = 28) {
  const name = glyphFor(gameKind, manKind);
  const svg = el('svg', { viewBox: '0 0 1 1', width: px, height: px, class: `icon man owner-${owner}` }, null);
  if (name) drawGlyph(svg, name, 0.5, 0.5, 1);
  return svg;
}
