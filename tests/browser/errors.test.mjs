// The errors a page shows in its own language (issue 42 point 4). The
// rules engine's errors come with codes (src/core/errors.h): an illegal
// move, a typed position, a loaded record, a game spec, why a game is over,
// each its code and parameters, a reason inside a parameter of its own
// ({why}: {code, params}); server-errors.js translates them by code,
// reasons and all, and catalogue.test.mjs checks that every code has its
// text in every shipped language. What is left of reading English is a few
// reasons the server keeps or passes on as lines (how a game or a
// tournament ended, a passkey's verification: locales/en-errors-rules.js):
// each such pattern is the sources' own words, so that a line reworded in
// C++ fails here instead of silently going back to English. Needs no
// browser: node reads the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import rulesErrors from '../../web/locales/en-errors-rules.js';
import { translate, translateCode, serverError } from '../../web/server-errors.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

// The kept reasons are the server's words; its error catalogue is not read
// (its English is the coded errors', which the page never matches).
const layers = ['src/server'];
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

const patternKeys = Object.keys(rulesErrors);

// ---- the tests ------------------------------------------------------------------

test("every pattern of the kept reasons is the sources' own words", () => {
  assert.ok(patternKeys.length > 10, `${patternKeys.length} patterns`);
  assert.ok(corpus.length > 1000, `${corpus.length} string literals read`);
  const missing = [];
  for (const key of patternKeys) {
    const text = en[key];
    if (typeof text !== 'string') { missing.push(`${key}: not a string`); continue; }
    for (const piece of text.split(/\{\w+\}/)) {
      if (piece && !inSources(piece)) missing.push(`${key}: ${JSON.stringify(piece)}`);
    }
  }
  assert.deepEqual(missing, [], 'pattern text found in no string literal of src/server');
});

test('translate() puts the kept reasons into Russian', () => {
  assert.equal(translate('nobody joined in time', ru), 'второе место никто не занял вовремя');
  assert.notEqual(translate('fewer than two players entered', ru), 'fewer than two players entered');
  // An unknown line stays English; the rules' lines are no patterns now.
  assert.equal(translate('something new went wrong', ru), 'something new went wrong');
  assert.equal(translate('the game is over (1-0)', ru), 'the game is over (1-0)');
});

/** A reason of the engine: {code, params}. @param {string} code @param {Record<string, unknown>} [params] */
const why = (code, params = {}) => ({ code, params });

test('a coded error is shown by its code, the reasons inside by theirs', () => {
  const cases = [
    [{ code: 'turn.notYours', params: {} }, 'сейчас не ваш ход'],
    [{ code: 'acc.taken', params: { name: 'Bob' } }, 'имя «Bob» уже занято'],
    [{ code: 'limit.rate', params: { n: 20 } },
      'слишком много запросов с вашего адреса (можно 20 в секунду); подождите немного'],
    [{ code: 'over.noMoves', params: { why: why('over.resigned', { result: '1-0', sideGen: 'Black' }) } },
      'партия окончена (1-0, сдача чёрных); ходов больше нет'],
    [{ code: 'over.conflict', params: { why: why('over.time', { result: '0-1', sideGen: 'First' }) } },
      'партия окончена (0-1, у первого игрока кончилось время)'],
    [why('over.rules.noMoves', { why: why('over.agreed', { result: '1/2-1/2' }) }),
      'партия окончена (1/2-1/2, ничья по соглашению); ходов больше нет'],
    // The engine's own code at the top, as the server sends it.
    [why('move.illegal.why', { move: 'c1-c14', why: why('move.shatra.capture') }),
      'ход «c1-c14» недопустим: бить обязательно'],
    [why('move.illegal.why', { move: '3-9', why: why('move.shatra.noMan', { sideGen: 'White', cell: 'c3' }) }),
      'ход «3-9» недопустим: на c3 нет фигуры белых'],
    [why('move.illegal.why', { move: 'Nb1-c3', why: why('move.starpool.kind', { cell: 'b1', kind: 'Rook', kind2: 'Knight' }) }),
      'ход «Nb1-c3» недопустим: на b1 стоит ладья, а не конь'],
    [why('move.shatra.unreadable', { move: 'c5+', why: why('move.shatra.separator', { rest: '+' }) }),
      "не удаётся прочесть ход «c5+»: на месте «+» ожидается '-' или ':' (ходы записываются так: c5-c7, c3:e5:g7 или e13-d14=Q)"],
    // A server's code with an engine's reason inside.
    [{ code: 'game.viewMove', params: { n: 2, why: why('move.star.black', { cell: 'S32' }) } },
      translateCode({ code: 'game.viewMove', params: { n: 2, why: 'x' } }, ru)?.replace('x', translateCode(why('move.star.black', { cell: 'S32' }), ru) ?? '')],
    [{ code: 'tour.full', params: { n: 16 } }, 'мест в турнире больше нет (игроков: 16)'],
    // A server's internal reason has no translation: it stays as it came.
    [{ code: 'server.internal', params: { why: 'disk full' } }, 'внутренняя ошибка сервера: disk full'],
    // A kept reason inside a coded error, read by its pattern.
    [{ code: 'game.ended', params: { why: 'nobody joined in time' } },
      'партию завершил сервер: второе место никто не занял вовремя'],
  ];
  for (const [reply, russian] of cases) {
    const text = translateCode({ error: 'English', ...reply }, ru);
    assert.equal(text, russian, reply.code);
    assert.ok(text && !/[{}]/.test(text) && !/illegal|cannot|over/.test(text), `${reply.code}: ${text}`);
  }
  // Unknown to the page (an older or newer server): its English line, also
  // for a reason inside whose code the page does not know.
  assert.equal(translateCode({ error: 'a new refusal', code: 'no.such', params: {} }, ru), null);
  assert.equal(serverError({ error: 'a new refusal', code: 'no.such', params: {} }), 'a new refusal');
  assert.equal(serverError({ error: 'the line', code: 'move.illegal.why', params: { move: 'x', why: why('no.such') } }), 'the line');
  assert.equal(serverError({ error: 'no code at all' }), 'no code at all');
  // In node the page's language is English: the code's English text.
  assert.equal(serverError({ error: 'x', code: 'acc.taken', params: { name: 'Bob' } }), "the name 'Bob' is taken");
  assert.equal(serverError({ error: 'x', code: 'move.illegal.why', params: { move: 'b1-c3', why: why('over') } }),
    "illegal move 'b1-c3': the game is over");
});

test("a typed position's, a record's and a spec's errors come out in Russian", () => {
  const shatra = '3/1S1/3/1/6k/7/7/7/7/KK5/1/3/3/3 w - - - - 0 1';
  const cases = [
    [why('pos.shatra', { position: shatra, why: why('pos.shatra.many.biy', { sideGen: 'White' }) }),
      `неверная позиция «${shatra}»: у белых слишком много биев`],
    [why('pos.shatra', { position: 'P w', why: why('pos.shatra.closed', { sideGen: 'Black', t: 't' }) }),
      'неверная позиция «P w»: дом чёрных закрыт (шатра чёрных стоит в своей крепости), поэтому в поле темдеков должно быть t'],
    [why('pos.shatra', { position: 'P x', why: why('move.notCell', { cell: 'q9' }) }), 'неверная позиция «P x»: «q9» — не клетка'],
    [why('pos.starpool', { position: 'S', why: why('pos.starpool.clock', { low: 0 }) }),
      'неверная позиция Star Pool Chess «S»: счётчик полуходов должен быть числом от 0 до 9999'],
    [why('pos.star', { why: why('pos.star.cells', { ring: 2, n: 10, got: 3 }) }), 'неверная позиция *Star: в кольце 2 должно быть 10 клеток, а не 3'],
    [why('pos.ast.count', { n: 7, type: 'dhe', size: 8, full: 6 }), 'неверная позиция: фишек dhe: 7, а в наборе для поля 8 по стороне их 6'],
    [why('rec.line', { source: 'record', line: 6, why: why('rec.move', { n: 2, move: 'c1-c14', why: why('move.illegal.why', { move: 'c1-c14', why: why('move.shatra.capture') }) }) }),
      'record, строка 6: ход 2 «c1-c14»: ход «c1-c14» недопустим: бить обязательно'],
    [why('rec.line', { source: 'record', line: 12, why: why('pgn.game', { n: 1, why: why('pgn.result', { result: '2-0' }) }) }),
      'record, строка 12: партия 1: неизвестный результат «2-0» (пишите 1-0, 0-1, 1/2-1/2 или *)'],
    [why('spec.bad', { key: 'size', value: '7', game: 'starstar', why: why('spec.allowed', { list: '6, 8, 10' }) }),
      'неверная настройка size=7 игры starstar: допустимые значения — 6, 8, 10'],
    [why('spec.unknown', { key: 'rule', game: 'shatra', list: 'rules, notation' }), 'у игры shatra нет настройки «rule» (есть: rules, notation)'],
  ];
  for (const [reply, russian] of cases) {
    assert.equal(translateCode(reply, ru), russian, reply.code);
    // The English is the engine's line, values and all.
    assert.ok(!/\{\w+\}/.test(translateCode(reply, en) ?? '{}'), reply.code);
  }
});
