// What several browser tests share: a new game on the local page, a wait
// that says what the page showed, the contrast of colours as the browser
// computed them (access, phone, analysis), and a constructed blunder
// (review, analysis).

export const GAMES = ['starstar', 'asterisk', 'shatra', 'starpool'];

// A new game of `game` on the local page (index.html) with the seats, level
// and options (the setup bar's, by name: {size: '6'}) given; resolves when
// the page shows it.
export async function newGame(page, game, { seats = ['human', 'human'], level = 1, options = {} } = {}) {
  // The page's own first game (made as it loads) is waited for first: taken for
  // the new one, it would end the wait below before the new one is shown.
  await page.waitForFunction(() => window.asterism && window.asterism.state && window.asterism.state.id);
  // On a phone the setup is a panel behind a button (menu.js): opened first.
  if (!(await page.isVisible('#game')) && (await page.isVisible('#setup-toggle'))) await page.click('#setup-toggle');
  await page.selectOption('#game', game);
  for (const [name, value] of Object.entries(options)) await page.selectOption(`#setup [data-option="${name}"]`, value);
  await page.selectOption('#level', String(level));
  await page.selectOption('#seat0', seats[0]);
  await page.selectOption('#seat1', seats[1]);
  const old = await page.evaluate(() => window.asterism.state && window.asterism.state.id);
  await page.click('#new');
  await page.waitForFunction((o) => window.asterism.state && window.asterism.state.id !== o &&
    !window.asterism.busy, old);
  // A new game's first redraw done (the seats' change may redraw again).
  await page.waitForFunction(() => document.querySelectorAll('#board .cells [data-cell]').length > 0);
}

// Ticks or clears a setting of the move controls (a selector: '#labels',
// '#confirm-moves'): on a phone it is in the bar's "More" sheet
// (web/controls-more.js), opened for it and closed after.
export async function setSetting(page, selector, on) {
  const more = page.locator('#controls-more-toggle');
  const folded = !(await page.locator(selector).isVisible()) && (await more.isVisible());
  if (folded) await more.click();
  await page.locator(selector).setChecked(on);
  if (folded) await more.click();
}

// Waits for `fn(arg)` to hold on the local page; on a timeout the error
// says what the page showed (its ply, whose turn, busy or not, the message
// and move-box lines, the errors it threw), so that a failure in a run
// elsewhere can be read without the run at hand.
export async function until(page, fn, arg, timeout = 60000) {
  try {
    await page.waitForFunction(fn, arg, { timeout });
  } catch (e) {
    const seen = await page.evaluate(() => {
      const a = window.asterism, s = a && a.state;
      const text = (id) => (document.getElementById(id) || {}).textContent || '';
      return {
        id: s && s.id, seats: s && s.players.map((p) => p.seat), address: location.hash,
        ply: s && s.ply, toMove: s && s.to_move, terminal: s && s.terminal, busy: a && a.busy,
        last: s && s.history.slice(-3), message: text('message'), moveError: text('move-error'), status: text('status'),
        review: text('review-summary'),
      };
    }).catch((err) => ({ unreadable: String(err) }));
    throw new Error(`${e.message.split('\n')[0]}; the page showed ${JSON.stringify(seen)}; ` +
      `it threw ${JSON.stringify(page.errors || [])}`);
  }
}

export const ply = (page) => page.evaluate(() => window.asterism.state.ply);
export const view = (page) => page.evaluate(() => window.asterism.position.view);

// WCAG 2 contrast of two [r, g, b] colours (0-255).
export function ratio(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Runs in the page: the computed colours of the texts and the men on the
// board. Texts: [what, colour, background] where the background is the
// first opaque one behind the element (translucent ones blended over it);
// a board's text is measured on the fill of its cell. Men: [what, fill,
// outline, [every cell fill on the board]].
export function pageColours(selectors) {
  const parse = (s) => {
    const m = s.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 };
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let rgb = [255, 255, 255];
    for (const l of layers.reverse()) rgb = rgb.map((v, i) => l.rgb[i] * l.a + v * (1 - l.a));
    return rgb;
  };
  const fill = (el, prop = 'fill') => {
    const c = el ? parse(getComputedStyle(el)[prop]) : null;
    return c && c.a > 0 ? c.rgb : null;
  };
  const cellFill = (name) => fill(document.querySelector(`#board .cells [data-cell="${CSS.escape(name)}"]`));
  const texts = [];
  for (const sel of selectors) {
    for (const el of [...document.querySelectorAll(sel)].slice(0, 3)) {
      if (!el.getClientRects().length || !el.textContent.trim()) continue;
      if (el instanceof SVGElement) {
        const cell = [...document.querySelectorAll('#board .cells [data-cell]')].find((c) => {
          const r = c.getBoundingClientRect(), t = el.getBoundingClientRect();
          const x = t.x + t.width / 2, y = t.y + t.height / 2;
          return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom && document.elementsFromPoint(x, y).includes(c);
        });
        if (cell) texts.push([`${sel} ${el.textContent}`, fill(el), fill(cell)]);
      } else {
        texts.push([`${sel} "${el.textContent.trim().slice(0, 20)}"`, parse(getComputedStyle(el).color).rgb, background(el)]);
      }
    }
  }
  const cells = [...new Set([...document.querySelectorAll('#board .cells [data-cell]')]
    .map((c) => JSON.stringify(fill(c))))].map((s) => JSON.parse(s)).filter(Boolean);
  const men = [];
  for (const man of document.querySelectorAll('#board .men .man')) {
    // The man's body, and what outlines it: a halo around a drawn man if
    // it has one, else the body's own stroke.
    const body = man.querySelector('.stone, .apiece .body, .glyph .body, .disc:not(.ring)');
    const halo = man.querySelector('.glyph .halo');
    const outline = (halo && fill(halo, 'stroke')) || fill(body, 'stroke');
    const what = `${man.getAttribute('class')} on ${man.getAttribute('data-cell')}`;
    men.push([what, fill(body), outline, cells, cellFill(man.getAttribute('data-cell'))]);
  }
  return { texts, men };
}

// A constructed blunder (review.test.mjs, analysis.test.mjs): Asterisk on the
// 8-cell board, where at ply 31 (0-based) the player to move could win at
// once but plays c8, and the opponent wins with c6.
export const BLUNDER = {
  spec: 'asterisk:size=8',
  ply: 31,
  moves: ['lha@a8', 'dhe@d5', 'lca@b5', 'dhe@b7', 'lha@a6', 'dca@f7', 'dca@c4', 'dhe@b4', 'lhe@a7',
    'lca@b8', 'lhe@d7', 'lhe@e7', 'lhe@d6', 'lha@a1', 'lca@d8', 'lhe@c3', 'dca@c7', 'dhe@h8',
    'dca@b2', 'dca@c5', 'dhe@f6', 'dhe@g8', 'lha@a2', 'dce@e6', 'lca@a3', 'dce@a4', 'dce@g7',
    'lhe@b6', 'lha@a5', 'lha@f8', 'dca@b3', 'dce@c8', 'lca@c6'],
};
