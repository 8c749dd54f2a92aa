// The server's error messages in the message catalogue (issue 27 point 8;
// web/locales/en-errors.js, ru-errors.js, web/server-errors.js): every
// 'err.*' pattern is the server's own words, so that a message reworded in
// C++ fails here instead of silently going back to English; every fail() of
// the server whose message is fixed text is either covered by a pattern or
// left out below on purpose, so that a new message must be decided on; and
// translate() turns real messages into Russian, values and all. Needs no
// browser: node reads the sources. (English and Russian having the same keys
// and placeholders is catalogue.test.mjs's check, over these keys too.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import { translate, serverError } from '../../web/server-errors.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The fixed-text messages of src/server's fail() (and HttpResponse::error)
// that stay English, by family (see en-errors.js's head): requests the page
// never makes wrong, fields the browser itself fills, and checks of UTF-8,
// which a browser always sends.
const LEFT_OUT = new Set([
  // The operator's routes (/metrics), not the players'.
  "the operator's routes answer the loopback interface or the metrics token only",
  // A JSON body or field of the wrong shape (json_args.cpp, api.cpp, ...).
  'the request body must be a JSON object',
  "'game' is missing: name a game, e.g. \"starstar\"",
  "'options' must be an object",
  'each player must be "human", "computer" or a player such as "level:6"',
  "'players' must be a list of one or two of \"human\" and \"computer\"",
  "'moves' must hold move texts",
  "'move' is missing: send the move's text, e.g. {\"move\": \"*10\"}",
  "'move' is missing: send the move's text",
  "'action' must be \"offer\", \"accept\" or \"decline\"",
  "'class' must be \"live\" or \"correspondence\"",
  "'game' is missing: the game's spec, e.g. shatra",
  "'room' must be \"players\" or \"spectators\"",
  "'after' must be a message number",
  "'clock' must be an object such as {\"kind\": \"fischer\"}",
  "'clock' kind must be \"none\", \"fischer\" or \"correspondence\"",
  "'page' must be a number below 1000000",
  "'page' must be a number from 1",
  "'seat' must be \"first\", \"second\" or \"random\"",
  "'format' must be \"swiss\", \"round_robin\" or \"arena\"",
  "'status' must be entry, running, finished or cancelled",
  // The tournament form always sends a clock.
  'a tournament needs a clock: {"kind": "fischer"} or "correspondence"',
  // Text that is not UTF-8: a browser sends UTF-8.
  "'text' must be UTF-8 text",
  "'name' must be UTF-8 text",
  // Filled in by the browser, not the player: a passkey's answer, the
  // request's Host, a push subscription.
  "'credential' must be the browser's answer: {id, response: {...}}",
  'the request names no Host',
  'the client data is not base64url JSON',
  "'endpoint' must be an https:// address of at most 1000 bytes",
  "'keys' must hold 'p256dh' (65 bytes) and 'auth' (16 bytes), base64url",
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

// The layers whose words reach the page: the server, and the rules that
// refuse a move or end a game (the table, the core, the games).
const layers = ['src/server', 'src/table', 'src/core', 'src/games'];
const texts = new Map(layers.flatMap((d) => sources(path.join(root, d))).map((f) => [f, fs.readFileSync(f, 'utf8')]));
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

/**
 * Each fail(STATUS, message) and HttpResponse::error(STATUS, message) of
 * src/server whose message is fixed text: one literal, or either branch of
 * `cond ? "a" : "b"`. Messages built with values are not listed.
 * @returns {{message: string, where: string}[]}
 */
function fixedFailures() {
  const out = [];
  for (const [file, text] of texts) {
    if (!file.startsWith(path.join(root, 'src/server'))) continue;
    const lits = literals(text);
    for (const m of text.matchAll(/\b(?:fail|HttpResponse::error)\(\s*\d{3}\s*,/g)) {
      // The expression up to the call's closing parenthesis, each literal as §k.
      let depth = 1, shape = '', i = m.index + m[0].length;
      while (depth > 0) {
        const lit = lits.findIndex((l) => l.start === i);
        if (lit >= 0) {
          shape += `§${lit}`;
          i = lits[lit].end;
          continue;
        }
        if (text.startsWith('//', i)) { i = text.indexOf('\n', i); continue; }
        const c = text[i++];
        if (c === '(') depth++;
        if (c === ')') depth--;
        if (depth > 0) shape += c;
      }
      shape = shape.replace(/\s+/g, ' ').trim();
      const where = `${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}`;
      let one;
      if ((one = /^§(\d+)$/.exec(shape))) out.push({ message: lits[Number(one[1])].value, where });
      else if ((one = /^[^?§]*\? ?§(\d+) ?: ?§(\d+)$/.exec(shape))) {
        out.push({ message: lits[Number(one[1])].value, where }, { message: lits[Number(one[2])].value, where });
      }
    }
  }
  return out;
}

const errKeys = Object.keys(en).filter((k) => k.startsWith('err.'));
const patternKeys = errKeys.filter((k) => !k.startsWith('err.man.'));
/** Whether some pattern matches `message` (in English it comes back whole). */
const covered = (message) => patternKeys.some((k) => {
  const source = String(en[k]).split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
  return new RegExp(`^${source}$`).test(message);
});

// ---- the tests ------------------------------------------------------------------

test("every 'err.*' pattern is the server's own words", () => {
  assert.ok(patternKeys.length > 200, `${patternKeys.length} patterns`);
  assert.ok(corpus.length > 1000, `${corpus.length} string literals read`);
  const missing = [];
  for (const key of errKeys) {
    const text = en[key];
    if (typeof text !== 'string') { missing.push(`${key}: not a string`); continue; }
    for (const piece of text.split(/\{\w+\}/)) {
      if (piece && !inSources(piece)) missing.push(`${key}: ${JSON.stringify(piece)}`);
    }
  }
  assert.deepEqual(missing, [], 'pattern text found in no string literal of src/{server,table,core,games}');
});

test("every fixed message of the server's fail() is covered or left out on purpose", () => {
  const failures = fixedFailures();
  assert.ok(failures.length > 120, `${failures.length} fixed messages read`);
  const messages = new Set(failures.map((f) => f.message));
  const undecided = failures.filter((f) => !covered(f.message) && !LEFT_OUT.has(f.message))
    .map((f) => `${f.where}: ${f.message}`);
  assert.deepEqual(undecided, [], 'give these a pattern in en-errors.js, or list them in LEFT_OUT');
  assert.deepEqual([...LEFT_OUT].filter((m) => !messages.has(m)), [], 'LEFT_OUT names messages the server no longer has');
  assert.deepEqual([...LEFT_OUT].filter(covered), [], 'LEFT_OUT names messages a pattern covers');
  // Covered ones are translated, and in English come back as they were.
  for (const { message } of failures.filter((f) => covered(f.message))) {
    assert.equal(translate(message, en), message);
    assert.notEqual(translate(message, ru), message, `not translated: ${message}`);
  }
});

test('translate() puts real messages into Russian', () => {
  const cases = [
    ['it is not your turn', 'сейчас не ваш ход'],
    ["the name 'Bob' is taken", 'имя «Bob» уже занято'],
    ['too many requests from your address (20 a second); wait a moment',
      'слишком много запросов с вашего адреса (можно 20 в секунду); подождите немного'],
    ['the game is over (1-0, Black resigns); no more moves', 'партия окончена (1-0, сдача чёрных); ходов больше нет'],
    ['the game is over (0-1, First loses on time)', 'партия окончена (0-1, у первого игрока кончилось время)'],
    ['the game is over (1/2-1/2, draw by agreement)', 'партия окончена (1/2-1/2, ничья по соглашению)'],
    ['the game is over (1-0)', 'партия окончена (1-0)'],
    ["illegal move 'c1-c14': a capture is compulsory", 'ход «c1-c14» недопустим: бить обязательно'],
    ["illegal move '3-9': no White man on c3", 'ход «3-9» недопустим: на c3 нет фигуры белых'],
    ["illegal move 'Nb1-c3': the man on b1 is a Rook, not a Knight", 'ход «Nb1-c3» недопустим: на b1 стоит ладья, а не конь'],
    ["cannot read move 'c5+': '-' or ':' expected at '+' (moves look like c5-c7, c3:e5:g7 or e13-d14=Q)",
      "не удаётся прочесть ход «c5+»: на месте «+» ожидается '-' или ':' (ходы записываются так: c5-c7, c3:e5:g7 или e13-d14=Q)"],
    ['this game was ended by the server: nobody joined in time', 'партию завершил сервер: второе место никто не занял вовремя'],
    ['the tournament is full (16 players)', 'мест в турнире больше нет (игроков: 16)'],
    ['a password needs at least 8 characters', 'в пароле должно быть не меньше 8 знаков'],
  ];
  for (const [message, russian] of cases) assert.equal(translate(message, ru), russian);
  // An unknown message, and an unknown reason inside a known one, stay English.
  assert.equal(translate('something new went wrong', ru), 'something new went wrong');
  assert.equal(translate('internal error: disk full', ru), 'внутренняя ошибка сервера: disk full');
  // In node the page's language is English: serverError gives the message as it came.
  assert.equal(serverError('it is not your turn'), 'it is not your turn');
});
