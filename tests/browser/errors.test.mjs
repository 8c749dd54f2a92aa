// The lines the server passes on without codes of its own (issue 42 point
// 4): the rules engine's refusals (an illegal move, a typed position, a
// loaded record, a game spec, why a game is over) and the few reasons kept
// in a record, which the page still reads by matching them against the
// patterns of web/locales/en-errors-input.js and en-errors-rules.js. Every
// such pattern is the sources' own words, so that a line reworded in C++
// fails here instead of silently going back to English; every message,
// fixed or built with values, of the readers of what a player types or
// loads is covered by a pattern or left out below on purpose; translate()
// turns real lines into Russian, values and all; and a coded error of the
// server is shown by its code (server-errors.js translateCode), its {why}
// read as the rules' line. The server's own errors are not matched: they
// carry codes, which catalogue.test.mjs checks against the C++ catalogue.
// Needs no browser: node reads the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import inputErrors from '../../web/locales/en-errors-input.js';
import rulesErrors from '../../web/locales/en-errors-rules.js';
import { translate, translateCode, serverError, keptValues } from '../../web/server-errors.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The messages of the readers of what a player types or loads (a start
// position, a record or PGN file, a game spec; en-errors-input.js) that stay
// English, as inputMessages() below writes them ('…' for each value): none
// of them can follow from what a player sends.
const INPUT_LEFT_OUT = new Set([
  // Internal checks: a game reads only the options it declares, and every
  // option type is handled; games register once, at start-up.
  "internal: option '…' was not declared",
  'unknown option type',
  "game '…' registered twice",
  // An option's value is checked against its allowed list before a game
  // reads it, so these values never reach the games.
  '*Star boards have 6, 8 or 10 rings, not …',
  'Asterisk has no board of side … (sizes: 8, 11, 12, 15, 20)',
  "unknown Star Pool setup '…' (known: …)",
  // Writing a record or PGN of a game the server played: its moves and tags
  // are the server's own.
  'internal: a record to write has no Game tag',
  "internal: bad record tag name '…'",
  "internal: move … '…' cannot be written in a record",
  "internal: move '…' cannot be written as a PGN symbol",
  // The page offers "Save PGN" for the games PGN covers only.
  "PGN covers the chess-like games (…), not …; asterism's own records (docs/records.md) hold every game",
]);

// ---- reading C++ --------------------------------------------------------------

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.(cpp|h)$/.test(e.name)) out.push(p);
  }
  return out;
}

const unescape = (s) => s.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (all, c) =>
  c[0] === 'x' ? String.fromCharCode(parseInt(c.slice(1), 16)) :
    ({ n: '\n', t: '\t', r: '\r', 0: '\0' })[c] ?? c);

/**
 * The string literals of a C++ text, adjacent ones joined as the compiler
 * joins them ("a " "b"), with where each begins and ends; comments and
 * character literals are skipped (and 1'000's digit separators).
 * @param {string} text @returns {{value: string, start: number, end: number}[]}
 */
function literals(text) {
  const out = [];
  let joinable = false;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c === '"') {
      const raw = text[i - 1] === 'R';
      let j = i + 1, value;
      if (raw) {
        const open = text.indexOf('(', j);
        const close = text.indexOf(`)${text.slice(j, open)}"`, open);
        value = text.slice(open + 1, close);
        j = close + (open - i - 1) + 2;  // past )delim"
      } else {
        while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        value = unescape(text.slice(i + 1, j));
        j += 1;
      }
      if (joinable) {
        out[out.length - 1].value += value;
        out[out.length - 1].end = j;
      } else {
        out.push({ value, start: i, end: j });
      }
      joinable = true;
      i = j;
    } else if (c === "'" && !/\w/.test(text[i - 1] || '')) {
      let j = i + 1;
      while (text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      joinable = false;
      i = j + 1;
    } else {
      if (!/\s/.test(c)) joinable = false;
      i += 1;
    }
  }
  return out;
}

// The layers whose words reach the page: the server, the rules that refuse
// a move, a position or a spec or end a game (the table, the core, the
// games), and the reader of a record or PGN file loaded (src/record).
const layers = ['src/server', 'src/table', 'src/core', 'src/games', 'src/record'];
// Not the server's error catalogue: its English is the coded errors', which
// the page never matches.
const texts = new Map(layers.flatMap((d) => sources(path.join(root, d)))
  .filter((f) => !f.endsWith('error_table.h')).map((f) => [f, fs.readFileSync(f, 'utf8')]));
const corpus = [...new Set([...texts.values()].flatMap((t) => literals(t).map((l) => l.value)))].filter((s) => s);

/**
 * Whether `piece` is in the sources' string literals as written: inside one
 * literal, or as whole literals that the server writes one after another
 * around a value or a branch ("the game is over (" + result + how + ")",
 * how being ", draw by agreement"); a literal of one or two letters ("s")
 * is not taken for a word of its own.
 * @param {string} piece
 */
function inSources(piece) {
  if (corpus.some((l) => l.includes(piece))) return true;
  const parts = corpus.filter((l) => l.length > 2 || !/\w/.test(l));
  const reach = new Array(piece.length + 1).fill(false);
  reach[0] = true;
  for (let i = 0; i < piece.length; i++) {
    if (!reach[i]) continue;
    for (const l of parts) if (piece.startsWith(l, i)) reach[i + l.length] = true;
  }
  return reach[piece.length];
}

// ---- the readers of what a player types or loads ------------------------------

// Where a typed start position, a loaded record or PGN text and a game spec
// are refused (en-errors-input.js): every call in these files whose last
// argument is a message (GameError and the readers' own: bad_position(),
// BadPosition{}, bad(), error(), fail(), illegal(), unreadable(),
// unparsable()), and the statements that keep one for a later throw.
const INPUT_FILES = [
  'src/games/shatra/notation.cpp',
  'src/games/starpool/notation.cpp', 'src/games/starpool/state.cpp', 'src/games/starpool/rules.cpp',
  'src/games/starstar/notation.cpp', 'src/games/starstar/board.cpp',
  'src/games/asterisk/notation.cpp', 'src/games/asterisk/state.cpp', 'src/games/asterisk/rules.cpp',
  'src/games/asterisk/board.cpp',
  'src/core/registry.cpp',
  'src/record/record.cpp', 'src/record/pgn.cpp',
];
const CALLS = /\b(?:GameError|RecordError|BadPosition|bad_position|bad|error|fail|illegal|unreadable|unparsable)\s*[({]/g;
/** @type {{file: string, start: RegExp, within?: string}[]} */
const STATEMENTS = [
  // check_agreement's `problem = "...";`, thrown with the Termination tag's line.
  { file: 'src/record/record.cpp', start: /\bproblem = /g },
  // State::load returns why a position cannot stand; set_position throws it.
  { file: 'src/games/starpool/state.cpp', start: /\breturn /g, within: 'std::string State::load(' },
];

/**
 * The C++ text from `from` to the first of `stops` outside brackets, string
 * and character literals, each string literal written §k (its index in
 * `lits`); and where it stopped.
 * @param {string} text @param {{start: number, end: number}[]} lits
 * @param {number} from @param {string} stops
 */
function expression(text, lits, from, stops) {
  let depth = 0, shape = '', i = from;
  for (; i < text.length; i++) {
    const lit = lits.findIndex((l) => l.start === i);
    if (lit >= 0) {
      shape += `§${lit}`;
      i = lits[lit].end - 1;
      continue;
    }
    const c = text[i];
    if (c === "'" && !/\w/.test(text[i - 1] || '')) {
      let j = i + 1;
      while (text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      shape += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (depth === 0 && stops.includes(c)) break;
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    shape += c;
  }
  return { shape, end: i };
}

/** `shape` split at each top-level `sep` (not inside brackets). @param {string} shape @param {string} sep */
function splitTop(shape, sep) {
  const out = [];
  let depth = 0, last = 0;
  for (let i = 0; i < shape.length; i++) {
    const c = shape[i];
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && c === sep && !(sep === ':' && (shape[i + 1] === ':' || shape[i - 1] === ':'))) {
      out.push(shape.slice(last, i));
      last = i + 1;
    }
  }
  out.push(shape.slice(last));
  return out;
}

/** Whether one pair of brackets encloses all of `shape`. @param {string} shape */
function wrapped(shape) {
  if (!shape.startsWith('(') || !shape.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < shape.length - 1; i++) {
    if (shape[i] === '(') depth++;
    if (shape[i] === ')') depth--;
    if (depth === 0) return false;
  }
  return true;
}

/**
 * The texts a message expression makes, '…' for each value: literals as
 * written, std::string("...") as its literal, quote(x) and in_quotes(x) as
 * '…', anything else computed as '…'. Each `c ? a : b` gives its branches;
 * in a sum, the branches are taken together, the first of each and then
 * the second of each, as Shatra's temdek message's agree ("closed ...
 * stands ... say" and "open ... does not stand ... not say").
 * @param {string} shape @param {{value: string}[]} lits @returns {string[]}
 */
function variants(shape, lits) {
  shape = shape.trim();
  while (wrapped(shape)) shape = shape.slice(1, -1).trim();
  const ternary = splitTop(shape, '?');
  if (ternary.length > 1) {
    const [a, ...b] = splitTop(ternary.slice(1).join('?'), ':');
    return [...variants(a, lits), ...variants(b.join(':'), lits)];
  }
  const terms = splitTop(shape, '+');
  if (terms.length > 1) {
    const each = terms.map((t) => variants(t, lits));
    const n = Math.max(...each.map((v) => v.length));
    return Array.from({ length: n }, (_, i) => each.map((v) => v[Math.min(i, v.length - 1)]).join(''));
  }
  let m;
  if ((m = /^§(\d+)$/.exec(shape) || /^std::string(?:_view)?\(\s*§(\d+)\s*\)$/.exec(shape))) {
    return [lits[Number(m[1])].value];
  }
  if (/^(?:quote|in_quotes)\(/.test(shape)) return ["'…'"];
  if ((m = /^'(\\.|[^'\\])'$/.exec(shape))) return [unescape(m[1])];
  return ['…'];
}

/**
 * Every message the readers of INPUT_FILES build, '…' for each value: the
 * last argument of each call (but a constructor's passing its message on,
 * `: GameError(...)`, and an argument without a literal, which passes on a
 * message made elsewhere), and each statement of STATEMENTS.
 * @returns {{message: string, where: string}[]}
 */
function inputMessages() {
  const out = [];
  for (const file of INPUT_FILES) {
    const text = texts.get(path.join(root, file));
    assert.ok(text, `${file} is not read`);
    const lits = literals(text);
    const line = (at) => `${file}:${text.slice(0, at).split('\n').length}`;
    /** @param {string} shape @param {number} at */
    const add = (shape, at) => {
      if (!shape.includes('§')) return;
      for (const message of variants(shape, lits)) {
        if (/[A-Za-z]{2}/.test(message)) out.push({ message, where: line(at) });
      }
    };
    for (const m of text.matchAll(CALLS)) {
      const before = text.slice(0, m.index).trimEnd();
      if (before.endsWith(':') && !before.endsWith('::')) continue;
      const { shape } = expression(text, lits, m.index + m[0].length, m[0].endsWith('{') ? '}' : ')');
      const args = splitTop(shape, ',');
      add(args[args.length - 1], m.index);
    }
    for (const st of STATEMENTS.filter((x) => x.file === file)) {
      const from = st.within ? text.indexOf(st.within) : 0;
      const to = st.within ? text.indexOf('\n}\n', from) : text.length;
      assert.ok(from >= 0, `${st.within} is not in ${file}`);
      for (const m of text.slice(from, to).matchAll(st.start)) {
        const at = from + m.index + m[0].length;
        add(expression(text, lits, at, ';').shape, at);
      }
    }
  }
  return out;
}

/**
 * Whether the catalogue has `message` (a message of inputMessages(), '…'
 * for each value), and the text it is translated as: the message itself
 * when translate() keeps no words of it as they came (its values are '…'
 * or a notation's letter, the temdek field's T); else a pattern of these
 * readers or of a move's refusal that is this message with a value spelt
 * out ("rank {n} does not have nine entries" for "… does not have nine
 * entries", the C++ putting "rank N" in a variable, or "too many {sideGen}
 * biys" for "too many … …s"), given with '…' for its values.
 * @param {string} message @returns {string|null}
 */
function catalogued(message) {
  const kept = keptValues(message);
  if (kept && !kept.some((v) => /[A-Za-z]{2}/.test(v))) return message;
  const shape = new RegExp(`^${message.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
  const own = patternKeys.filter((k) => k in inputErrors || k.startsWith('err.move.'));
  for (const key of own) {
    const filled = String(en[key]).replace(/\{\w+\}/g, '…');
    if (shape.test(filled)) return filled;
  }
  return null;
}

const errKeys = Object.keys({ ...inputErrors, ...rulesErrors });
const patternKeys = errKeys.filter((k) => !k.startsWith('err.man.'));
/** Whether some pattern matches `message` (in English it comes back whole). */
const covered = (message) => patternKeys.some((k) => {
  const source = String(en[k]).split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
  return new RegExp(`^${source}$`).test(message);
});

// ---- the tests ------------------------------------------------------------------

test("every pattern of the engine's lines is the sources' own words", () => {
  assert.ok(patternKeys.length > 150, `${patternKeys.length} patterns`);
  assert.ok(corpus.length > 1000, `${corpus.length} string literals read`);
  const missing = [];
  for (const key of errKeys) {
    const text = en[key];
    if (typeof text !== 'string') { missing.push(`${key}: not a string`); continue; }
    for (const piece of text.split(/\{\w+\}/)) {
      if (piece && !inSources(piece)) missing.push(`${key}: ${JSON.stringify(piece)}`);
    }
  }
  assert.deepEqual(missing, [], 'pattern text found in no string literal of src/{server,table,core,games,record}');
});

test('translate() puts real lines of the rules into Russian', () => {
  const cases = [
    ['the game is over (1-0, Black resigns)', 'партия окончена (1-0, сдача чёрных)'],
    ['the game is over (0-1, First loses on time)', 'партия окончена (0-1, у первого игрока кончилось время)'],
    ['the game is over (1/2-1/2, draw by agreement)', 'партия окончена (1/2-1/2, ничья по соглашению)'],
    ['the game is over (1-0)', 'партия окончена (1-0)'],
    ["illegal move 'c1-c14': a capture is compulsory", 'ход «c1-c14» недопустим: бить обязательно'],
    ["illegal move '3-9': no White man on c3", 'ход «3-9» недопустим: на c3 нет фигуры белых'],
    ["illegal move 'Nb1-c3': the man on b1 is a Rook, not a Knight", 'ход «Nb1-c3» недопустим: на b1 стоит ладья, а не конь'],
    ["cannot read move 'c5+': '-' or ':' expected at '+' (moves look like c5-c7, c3:e5:g7 or e13-d14=Q)",
      "не удаётся прочесть ход «c5+»: на месте «+» ожидается '-' или ':' (ходы записываются так: c5-c7, c3:e5:g7 или e13-d14=Q)"],
    ['nobody joined in time', 'второе место никто не занял вовремя'],
    ['fewer than two players entered', translate('fewer than two players entered', ru)],
  ];
  for (const [message, russian] of cases) assert.equal(translate(message, ru), russian);
  assert.notEqual(translate('fewer than two players entered', ru), 'fewer than two players entered');
  // An unknown line stays English; a server's own line is not read at all.
  assert.equal(translate('something new went wrong', ru), 'something new went wrong');
  assert.equal(translate('it is not your turn', ru), 'it is not your turn');
});

test('a coded error is shown by its code, its {why} read as the rules\' line', () => {
  const cases = [
    [{ code: 'turn.notYours', params: {} }, 'сейчас не ваш ход'],
    [{ code: 'acc.taken', params: { name: 'Bob' } }, 'имя «Bob» уже занято'],
    [{ code: 'limit.rate', params: { n: 20 } },
      'слишком много запросов с вашего адреса (можно 20 в секунду); подождите немного'],
    [{ code: 'over.noMoves', params: { why: 'the game is over (1-0, Black resigns)' } },
      'партия окончена (1-0, сдача чёрных); ходов больше нет'],
    [{ code: 'rules.refused', params: { why: "illegal move 'c1-c14': a capture is compulsory" } },
      'ход «c1-c14» недопустим: бить обязательно'],
    [{ code: 'game.ended', params: { why: 'nobody joined in time' } },
      'партию завершил сервер: второе место никто не занял вовремя'],
    [{ code: 'tour.full', params: { n: 16 } }, 'мест в турнире больше нет (игроков: 16)'],
    [{ code: 'pw.short', params: { n: 8 } }, 'в пароле должно быть не меньше 8 знаков'],
    // A server's internal reason has no translation: it stays as it came.
    [{ code: 'server.internal', params: { why: 'disk full' } }, 'внутренняя ошибка сервера: disk full'],
  ];
  for (const [reply, russian] of cases) {
    assert.equal(translateCode({ error: 'English', ...reply }, ru), russian, reply.code);
  }
  // Unknown to the page (an older or newer server): its English line.
  assert.equal(translateCode({ error: 'a new refusal', code: 'no.such', params: {} }, ru), null);
  assert.equal(serverError({ error: 'a new refusal', code: 'no.such', params: {} }), 'a new refusal');
  assert.equal(serverError({ error: 'no code at all' }), 'no code at all');
  // In node the page's language is English: the code's English text.
  assert.equal(serverError({ error: 'x', code: 'acc.taken', params: { name: 'Bob' } }), "the name 'Bob' is taken");
});

test('every message of a typed position, a loaded record and a game spec is covered or left out on purpose', () => {
  const messages = inputMessages();
  assert.ok(messages.length > 120, `${messages.length} messages read`);
  const undecided = [], untranslated = [];
  for (const { message, where } of messages) {
    if (INPUT_LEFT_OUT.has(message)) continue;
    const text = catalogued(message);
    if (text === null) undecided.push(`${where}: ${message}`);
    else if (translate(text, ru) === text || translate(text, en) !== text) untranslated.push(`${where}: ${message}`);
  }
  assert.deepEqual(undecided, [], 'give these a pattern in en-errors-input.js, or list them in INPUT_LEFT_OUT');
  assert.deepEqual(untranslated, [], 'these do not come back whole in English, or are not translated');
  const built = new Set(messages.map((m) => m.message));
  assert.deepEqual([...INPUT_LEFT_OUT].filter((m) => !built.has(m)), [], 'INPUT_LEFT_OUT names messages the readers no longer build');
  assert.deepEqual([...INPUT_LEFT_OUT].filter((m) => catalogued(m) !== null), [], 'INPUT_LEFT_OUT names messages a pattern covers');
});

test('translate() puts a typed position\'s, a record\'s and a spec\'s messages into Russian', () => {
  const shatra = '3/1S1/3/1/6k/7/7/7/7/KK5/1/3/3/3 w - - - - 0 1';
  const starpool = 'rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNEL1LENR [WWww] w Kk 0 1';
  const cases = [
    // Start positions, as each game's set_position() words them.
    [`bad position '${shatra}': too many White biys`, `неверная позиция «${shatra}»: у белых слишком много биев`],
    ["bad position '3/1S1/3/1/6k/7/7 w': the board needs 14 ranks separated by '/' (or SPN's 10 groups)",
      "неверная позиция «3/1S1/3/1/6k/7/7 w»: доска записывается 14 рядами через '/' (или 10 группами SPN)"],
    ["bad position 'P w': Black's home area is closed (a Black shatra stands in its fortress), so the temdek field should say t",
      'неверная позиция «P w»: дом чёрных закрыт (шатра чёрных стоит в своей крепости), поэтому в поле темдеков должно быть t'],
    ["bad position 'P x': 'q9' is not a cell", 'неверная позиция «P x»: «q9» — не клетка'],
    [`bad Star Pool position '${starpool}': White must have exactly one King`,
      `неверная позиция Star Pool Chess «${starpool}»: у белых должен быть ровно один король`],
    ["bad Star Pool position 'rnelklenr/8/ppppppppp [WWww] w Kk': rank 8 does not have nine entries",
      'неверная позиция Star Pool Chess «rnelklenr/8/ppppppppp [WWww] w Kk»: в ряду 8 описано не девять клеток'],
    ["bad Star Pool position 'S': the half-move clock must be a number from 0 to 9999",
      'неверная позиция Star Pool Chess «S»: счётчик полуходов должен быть числом от 0 до 9999'],
    ['bad *Star position: ring 2 has 10 cells, not 3', 'неверная позиция *Star: в кольце 2 должно быть 10 клеток, а не 3'],
    ["bad position: expected 3 fields (board, side to move and P1's goal set), got 1",
      'неверная позиция: полей должно быть 3 (доска, очередь хода и цели первого игрока), а не 1'],
    ['bad position: 7 dhe pieces, but the side-8 set has 6', 'неверная позиция: фишек dhe: 7, а в наборе для поля 8 по стороне их 6'],
    // Records and PGN: the line, then the reader's reason or the rules' own.
    ['record:3: expected move number 2, found 3', 'запись, строка 3: ожидался ход номер 2, а записан 3'],
    ["record: no 'Game:' tag naming the game", "запись: нет тега 'Game:' с названием игры"],
    ["record:6: move 2 'c1-c14': illegal move 'c1-c14': a capture is compulsory",
      'запись, строка 6: ход 2 «c1-c14»: ход «c1-c14» недопустим: бить обязательно'],
    ["record:2: bad position 'x w': too many fields", 'запись, строка 2: неверная позиция «x w»: слишком много полей'],
    ["record:4: game 1: move 3 'b1-c3': illegal move 'b1-c3': b1 holds a Black man and White is to move",
      'запись, строка 4: партия 1: ход 3 «b1-c3»: ход «b1-c3» недопустим: на b1 стоит фигура чёрных, а ход белых'],
    ["record:12: game 1: unknown result '2-0' (use 1-0, 0-1, 1/2-1/2 or *)",
      'запись, строка 12: партия 1: неизвестный результат «2-0» (пишите 1-0, 0-1, 1/2-1/2 или *)'],
    ['record: no game in the PGN text', 'запись: в тексте PGN нет ни одной партии'],
    // Game specs: the registry's words and a game's own.
    ["record:1: unknown game 'chess' (known: starstar, asterisk, shatra, starpool)",
      'запись, строка 1: неизвестная игра «chess» (известны: starstar, asterisk, shatra, starpool)'],
    ['bad option size=7 for starstar: allowed values are 6, 8, 10',
      'неверная настройка size=7 игры starstar: допустимые значения — 6, 8, 10'],
    ['bad option seed=1.5 for asterisk: expected an unsigned integer',
      'неверная настройка seed=1.5 игры asterisk: ожидается целое число не меньше нуля'],
    ["unknown option 'rule' for shatra (options: rules, notation)", 'у игры shatra нет настройки «rule» (есть: rules, notation)'],
    ['record:1: option pie=true is for mode=inverted only', 'запись, строка 1: настройка pie=true бывает только при mode=inverted'],
  ];
  for (const [message, russian] of cases) {
    assert.equal(translate(message, ru), russian);
    assert.equal(translate(message, en), message);
  }
});
