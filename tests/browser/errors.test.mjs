// The errors a page shows in its own language (issue 42 point 4). The
// server's errors and the rules engine's come with codes (src/server/
// error_table.h, src/core/errors.h): an illegal move, a typed position, a
// loaded record, a game spec, why a game is over, each its code and
// parameters, a reason inside a parameter of its own ({why}: {code,
// params}), the server's own reasons too (why a search stopped, a passkey
// was refused, a game or a tournament ended: kReasonRows).
// server-errors.js translates them by code, reasons and all, and reads no
// English; catalogue.test.mjs checks that every code has its text in every
// shipped language. Needs no browser: node reads the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import { translateCode, serverError } from '../../web/server-errors.js';
import { resultLine, terminationText } from '../../web/names.js';

// ---- the tests ------------------------------------------------------------------

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
    // The server's own reasons inside its errors, by their codes.
    [{ code: 'game.ended', params: { why: why('game.ended.nobody') } },
      'партию завершил сервер: второе место никто не занял вовремя'],
    [{ code: 'pk.notAccepted', params: { why: why('pk.origin', { origin: "'https://evil.example'", site: 'https://asterism.example' }) } },
      translateCode({ code: 'pk.notAccepted', params: { why: 'x' } }, ru)?.replace('x', "проверка шла на 'https://evil.example', а не на https://asterism.example")],
    [{ code: 'server.stopped', params: { why: why('stop.server') } },
      translateCode({ code: 'server.stopped', params: { why: 'x' } }, ru)?.replace('x', 'сервер останавливается')],
    [why('tour.why.cancelled', { name: 'Hugo' }), 'отменил(а) Hugo'],
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
  // A line a server of old kept, without its reason's code: as it came.
  assert.equal(serverError({ error: 'nobody joined in time' }), 'nobody joined in time');
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

test('why the server ended a game is said by its reason, and a line of old as it came', () => {
  // In node the page's language is English: the reason's English text,
  // which need not be the line the log kept.
  const ended = { outcome: 'Game over', result: '*', status: 'aborted', termination: 'a line of old' };
  assert.equal(resultLine(ended), 'Ended by the server: a line of old (*)');
  assert.equal(resultLine({ ...ended, termination_reason: why('game.ended.idle') }),
    'Ended by the server: abandoned: no move in time (*)');
  assert.equal(terminationText('a line of old', why('game.ended.room')), 'closed to make room for other games');
  assert.equal(terminationText('resignation'), 'by resignation');
});
