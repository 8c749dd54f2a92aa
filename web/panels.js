// The score panel beside the board, one form per game: the *Star count
// (the board's count if the game ended now, until it has ended), Asterisk's
// goals and supply (the supply doubles as the piece palette), Shatra's
// material, reserves and temdeks, Star Pool Chess's material and check.
// Each game's panel is chosen by the view's `kind`, which tells which
// shapes (types.js) its score and extras have.
import { asteriskIcon } from './board.js';
import { t as say, tn, side as sideName, has } from './i18n.js';

// A word the server sends (Asterisk's values and attributes: "dark",
// "colour") in the page's language, or as sent.
/** @param {string} w */
const serverWord = (w) => (has(`ast.${w}`) ? say(`ast.${w}`) : w);

/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./types.js').StarstarScore} StarstarScore */
/** @typedef {import('./types.js').AsteriskScore} AsteriskScore */
/** @typedef {import('./types.js').AsteriskExtras} AsteriskExtras */
/** @typedef {import('./types.js').ShatraScore} ShatraScore */
/** @typedef {import('./types.js').ShatraExtras} ShatraExtras */
/** @typedef {import('./types.js').StarpoolScore} StarpoolScore */
/**
 * What a panel needs of the page: the pick chosen, and choosing one; the
 * game itself, when the position drawn may be an earlier one of it.
 * @typedef {{pick: string|null, selectPick: (pick: string) => void, state?: {ply: number}|null}} PickUi
 */

/** @param {(string|number)[][]} rows @param {string[]} [head] */
function table(rows, head) {
  const t = document.createElement('table');
  if (head) {
    const tr = t.insertRow();
    for (const h of head) {
      const th = document.createElement('th');
      th.textContent = h;
      tr.append(th);
    }
  }
  for (const r of rows) {
    const tr = t.insertRow();
    for (const c of r) tr.insertCell().textContent = String(c);
  }
  return t;
}

/** @param {HTMLElement} box @param {string} text @param {string} [testid] */
function heading(box, text, testid) {
  const h = document.createElement('h2');
  h.textContent = text;
  if (testid) h.dataset.testid = testid;
  box.append(h);
}

// The *Star panel names what its numbers are, so that it never seems to
// disagree with the analysis beside it (issue 43, point 2): during a game
// they are the board's count if the game ended now (the analysis gives the
// engine's forecast of the full board), after it the final score, and a
// game that ended before the board was full shows the count it stopped at.
// An earlier position looked back at (the game's own `ui.state` is further
// on) is counted as if the game had ended at that move.
/** @param {HTMLElement} box @param {TableState} s @param {PickUi} ui */
function starstar(box, s, ui) {
  const sc = /** @type {StarstarScore} */ (s.score);
  const back = !s.terminal && ui?.state && s.ply < ui.state.ply;
  const stage = back ? 'here' : !s.terminal ? 'now' : sc.provisional ? 'stopped' : 'final';
  heading(box, say(`score.star.${stage}`), 'score-title');
  if (stage === 'now' || stage === 'here') {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = say('score.star.note');
    box.append(p);
  }
  /** @param {import('./types.js').StarstarSide} x */
  const side = (x) => [x.peries, x.quarks, x.stars, x.score];
  box.append(table([
    [sideName('Black'), ...side(sc.black)],
    [sideName('White'), ...side(sc.white)],
  ], ['', say('score.star.peries'), say('score.star.quarks'), say('score.star.stars'), say('score.star.score')]));
  const m = document.createElement('p');
  m.dataset.testid = 'score-margin';
  m.textContent = sc.margin === 0 ? say(`score.star.level.${stage}`) :
    tn(`score.star.ahead.${stage}`, Math.abs(sc.margin), { side: sideName(sc.margin > 0 ? 'Black' : 'White') });
  box.append(m);
}

/** @param {HTMLElement} box @param {TableState} s @param {PickUi} ui */
function asterisk(box, s, ui) {
  const x = /** @type {AsteriskExtras} */ (s.view.extras);
  heading(box, say('score.ast.goals'), 'score-title');
  if (x.mode === 'solitaire') {
    const p = document.createElement('p');
    p.textContent = x.chains.length ? say('score.ast.chains', { chains: x.chains.join(', ') }) :
      say('score.ast.noChain');
    box.append(p);
    if (x.current) {
      const c = document.createElement('p');
      c.append(`${say('score.ast.toPlace')} `, asteriskIcon(x.current, 26),
        ` ${tn('score.ast.left', x.queue_left ?? 0, { type: x.current.type })}`);
      box.append(c);
    }
  } else {
    const names = s.players.map((x) => sideName(x.name));
    const held = /** @type {AsteriskScore} */ (s.score).goals || {};
    const rows = [];
    for (const [attr, holder] of Object.entries(held))
      rows.push([serverWord(attr), holder === null ? '\u2014' : holder === 'first' ? names[0] : names[1]]);
    box.append(table(rows, [say('score.ast.goal'), say('score.ast.heldBy')]));
    const sets = document.createElement('p');
    const gv = x.goal_values;
    /** @param {string} name @param {string} set */
    const goals = (name, set) => say('score.ast.set', { side: name, set, values: gv[set].map(serverWord).join(', ') });
    sets.textContent = `${goals(names[0], x.goal_sets.first)}; ${goals(names[1], x.goal_sets.second)}. ${say('score.ast.twoOfThree')}`;
    box.append(sets);
    if (x.mode === 'inverted') {
      const h = document.createElement('p');
      if (x.hand) h.append(`${say('score.ast.toPlace')} `, asteriskIcon(x.hand, 26), ` ${x.hand.type}`);
      else h.textContent = say('score.ast.noHand');
      box.append(h);
    }
  }
  heading(box, say('score.ast.supply'));
  const pal = document.createElement('div');
  pal.className = 'supply';
  pal.dataset.testid = 'supply';
  const pickable = new Set(s.view.moves.filter((m) => m.path.length === 1 && m.pick).map((m) => m.pick));
  for (const t of x.supply) {
    const b = document.createElement('button');
    b.className = 'supply-piece' + (ui.pick === t.type ? ' picked' : '');
    b.dataset.type = t.type;
    b.title = say('score.ast.piece', { colour: serverWord(t.colour), shape: serverWord(t.shape), marking: serverWord(t.marking),
      count: t.count, of: t.of }) + (x.mode === 'standard' ? ` ${say('score.ast.click')}` : '');
    b.append(asteriskIcon(t, 30), ` ${t.type} \u00d7${t.count}`);
    b.disabled = x.mode !== 'standard' || !pickable.has(t.type);
    b.addEventListener('click', () => ui.selectPick(t.type));
    pal.append(b);
  }
  box.append(pal);
}

/** @param {HTMLElement} box @param {TableState} s */
function shatra(box, s) {
  const sc = /** @type {ShatraScore} */ (s.score), x = /** @type {ShatraExtras} */ (s.view.extras);
  heading(box, say('score.material'), 'score-title');
  if (sc.end || sc.reason) {
    const e = document.createElement('p');
    e.textContent = say('score.ended', { why: sc.end || sc.reason });
    box.append(e);
  }
  const p = document.createElement('p');
  p.className = 'note';
  if (x.form === 'original') {
    // The Original form: biy, batyrs and shatras only; its home area is
    // closed while a shatra stands in the fortress, and the fortress
    // shatras enter one at a time (the next one is ringed on the board).
    const kinds = ['biy', 'batyr', 'shatra'];
    const next = x.next_entry || { white: null, black: null };
    /** @param {'white'|'black'} key */
    const home = (key) => say(x.temdek[key] ? 'shatra.closed' : 'shatra.open')
      + (next[key] ? say('shatra.next', { cell: next[key] }) : '');
    /** @param {'White'|'Black'} side @param {'white'|'black'} key */
    const row = (side, key) => [sideName(side), sc.material[side], ...kinds.map((k) => sc.men[side][k]), home(key)];
    box.append(table([row('White', 'white'), row('Black', 'black')],
      ['', say('shatra.value'), ...kinds.map((k) => say(`shatra.kind.${k}`)), say('shatra.home')]));
    p.textContent = say('shatra.original.note');
    box.append(p);
    return;
  }
  const kinds = ['biy', 'batyr', 'tura', 'yalkyn', 'shatra'];
  /** @param {'White'|'Black'} side @param {'white'|'black'} key */
  const row = (side, key) => [sideName(side), sc.material[side], ...kinds.map((k) => sc.men[side][k]),
    x.temdek[key] ? say('shatra.temdek.on', { n: x.reserves[key] }) : say('shatra.temdek.off')];
  box.append(table([row('White', 'white'), row('Black', 'black')],
    ['', say('shatra.value'), ...kinds.map((k) => say(`shatra.kind.${k}`)), say('shatra.temdek')]));
  p.textContent = say('shatra.note');
  box.append(p);
}

// Why a Star Pool Chess game ended, in words: the engine's end_reason
// (src/games/starpool/state.cpp) is English for the records; one it does
// not name yet is shown as it is.
const POOL_ENDS = { 'bare king': 'bareKing', checkmate: 'checkmate', stalemate: 'stalemate',
  '100 plies': 'plies100', repetition: 'repetition', 'move limit': 'moveLimit' };
/** @param {string} end */
const poolEnd = (end) => (POOL_ENDS[end] ? say(`score.pool.end.${POOL_ENDS[end]}`) : end);

/** @param {HTMLElement} box @param {TableState} s */
function starpool(box, s) {
  const sc = /** @type {StarpoolScore} */ (s.score);
  heading(box, say('score.material'), 'score-title');
  box.append(table([
    [sideName('White'), sc.material.White, sc.men.White],
    [sideName('Black'), sc.material.Black, sc.men.Black],
  ], ['', say('score.pool.value'), say('score.pool.men')]));
  const p = document.createElement('p');
  p.textContent = sc.end ? say('score.pool.ended', { end: poolEnd(sc.end) }) : sc.check ? say('score.pool.check') : '';
  box.append(p);
}

/** @param {HTMLElement} box @param {TableState} s @param {PickUi} ui */
export function drawScore(box, s, ui) {
  box.replaceChildren();
  const draw = { starstar, asterisk, shatra, starpool }[s.view.kind];
  try {
    if (draw) draw(box, s, ui);
    else {
      heading(box, say('score.title'));
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify(s.score, null, 1);
      box.append(pre);
    }
  } catch (e) {
    // A score of an unexpected shape should not break the page.
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(s.score, null, 1);
    box.append(pre);
  }
}
