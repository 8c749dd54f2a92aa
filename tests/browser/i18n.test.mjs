// The page in Russian as well as English (issue 27, point 8; web/i18n.js,
// docs/view.md "Languages"): a browser whose language is Russian sees the
// play page, the online lobby and the tournaments list in Russian, with
// <html lang="ru">; an English one sees English; the header's switch
// changes the language and the choice outlives a reload; a Shatra game
// started in Russian says whose move it is in Russian and its move list
// works, its cells' names for screen readers, a man's tooltip and a typed
// move's refusal are Russian; the options' names and help, game titles and
// score panels, the account, players, player, puzzles and learn pages, the
// tournament form's counted words, and the Shatra and *Star rules pages
// with every diagram drawn are Russian too, and so is an analysis's panel
// (no side named in English). Screenshots go to ASTERISM_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';
import { BLUNDER } from './a11y-helpers.mjs';

let browser;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});

after(async () => {
  if (browser) await browser.close();
});

// A page of a fresh context in `locale`, with page errors collected.
async function open(locale, file = '') {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(new URL(file, url).href);
  return { context, page };
}

const text = (page, selector) => page.locator(selector).first().innerText();
// The tournament form is shown only to a signed-in player: types a count
// into its hidden field as a keyboard would (an input event), and returns
// the word after it.
async function countWord(page, n) {
  await page.waitForSelector('#game option', { state: 'attached' });
  return page.evaluate((value) => {
    const field = /** @type {HTMLInputElement} */ (document.getElementById('rounds'));
    field.value = value;
    field.dispatchEvent(new Event('input'));
    return document.querySelector('#rounds-label [data-i18n="tours.rounds"]')?.textContent;
  }, n);
}
const lang = (page) => page.getAttribute('html', 'lang');
// Waits until `selector`'s text is `expected` (the page may still be
// fetching a position), then checks it.
async function waitText(page, selector, expected) {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want,
    [selector, expected], { timeout: 10000 }).catch(() => {});
  assert.equal(await text(page, selector), expected);
}

test('a Russian browser sees the play page, the lobby and the tournaments in Russian', async () => {
  const { context, page } = await open('ru-RU');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#new'), 'Новая партия');
  assert.equal(await text(page, '[data-testid="play-online"]'), 'Игра по сети');
  assert.equal(await text(page, '[data-testid="to-tournaments"]'), 'Турниры');
  assert.equal(await text(page, '#undo'), 'Вернуть ход');
  assert.equal(await text(page, 'section:has(#moves) h2'), 'Ходы');
  assert.equal(await text(page, '#lang-toggle'), 'English');
  assert.match(await text(page, '#theme-toggle'), /^(Тёмная|Светлая)$/);
  assert.match(await text(page, '#status'), /^Ход (первого игрока|белых|чёрных)/);
  // A first visit plays *Star on the small board: its title and score panel.
  await waitText(page, '#game-title', '*Star, малое поле');
  await waitText(page, '#score h2', 'Если бы партия кончилась сейчас');
  assert.equal(await text(page, '#score th:nth-child(2)'), 'пери');
  assert.equal(await page.locator('[data-testid="option-size"] option[value="10"]').innerText(), 'полное (275 клеток)');

  await page.goto(new URL('online.html', url).href);
  await page.waitForSelector('#lobby-view:not([hidden])');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#create-panel h2'), 'Новая партия по сети');
  assert.equal(await text(page, '#create-button'), 'Создать партию');
  assert.equal(await text(page, '[data-testid="play-online"]'), 'Игра по сети');
  assert.equal(await page.getAttribute('#name', 'placeholder'), 'Аноним');

  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, 'main h1'), 'Турниры');
  assert.equal(await text(page, '#create-button'), 'Создать турнир');
  // The word after a count agrees with it: 1 тур, 2 тура, 5 туров.
  for (const [n, word] of [['1', 'тур'], ['2', 'тура'], ['5', 'туров'], ['11', 'туров'], ['21', 'тур']]) {
    assert.equal(await countWord(page, n), word, `${n} rounds`);
  }
  await page.screenshot({ path: path.join(shots, 'i18n-ru-tournaments.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an English browser sees English', async () => {
  const { context, page } = await open('en-US');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'en');
  assert.equal(await text(page, '#new'), 'New game');
  assert.equal(await text(page, '[data-testid="play-online"]'), 'Play online');
  assert.equal(await text(page, '#lang-toggle'), 'Русский');
  await page.goto(new URL('online.html', url).href);
  await page.waitForSelector('#lobby-view:not([hidden])');
  assert.equal(await text(page, '#create-button'), 'Create game');
  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Tournaments');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the switch changes the language and it is remembered', async () => {
  const { context, page } = await open('en-US');
  await page.waitForSelector('#board .cells [data-cell]');
  await Promise.all([page.waitForEvent('load'), page.click('#lang-toggle')]);
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, '#new'), 'Новая партия');
  await page.reload();
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await text(page, '#new'), 'Новая партия');
  // Every page follows the choice.
  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Турниры');
  await Promise.all([page.waitForEvent('load'), page.click('#lang-toggle')]);
  assert.equal(await lang(page), 'en');
  assert.equal(await text(page, 'main h1'), 'Tournaments');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a Shatra game in Russian: whose move it is, and the move list', async () => {
  const { context, page } = await open('ru-RU');
  await page.waitForSelector('#board .cells [data-cell]');
  assert.equal(await page.locator('#game option[value="shatra"]').innerText(), 'Шатра');
  await page.selectOption('#game', 'shatra');
  await page.selectOption('#seat0', 'human');
  await page.selectOption('#seat1', 'human');
  await page.click('#new');
  await page.waitForFunction(() => window.asterism.state && window.asterism.state.game_id === 'shatra' &&
    !window.asterism.busy);
  await waitText(page, '#status', 'Ход белых');
  assert.equal(await text(page, '#seat0-name'), 'Белые');
  assert.equal(await text(page, '#seat1-name'), 'Чёрные');
  assert.match(await text(page, '#game-title'), /Шатра/);
  // The options' names, values and help are Russian, Altai terms included.
  assert.equal(await page.evaluate(() => document.querySelector('label:has([data-testid="option-rules"])')?.firstChild?.textContent?.trim()), 'Правила');
  assert.equal(await page.locator('[data-testid="option-rules"] option[value="altai"]').innerText(), 'Шатра в чтении русских и алтайских книг');
  assert.match(await page.getAttribute('label:has([data-testid="option-landing"])', 'title'), /батыр, тура или ялкын/);
  // (an advanced switch: folded, so its words are read as text, not as seen)
  assert.equal(await page.textContent('[data-testid="option-landing"] option[value="any"]'), 'на любую свободную клетку');
  // The board for screen readers and a man's tooltip are Russian, the
  // adjective agreeing with the man; an illegal typed move is refused in Russian.
  assert.match(await page.getAttribute('#board [data-cell="c1"][role="gridcell"]', 'aria-label'),
    /^c1, (Белый (бий|батыр|ялкын)|Белая (тура|шатра))/);
  assert.match(await page.textContent('#board .men [data-cell="c1"] title'), /^(Белый|Белая) [а-я]+$/);
  const labels = await page.$$eval('#board [role="gridcell"]', (cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.ok(labels.some((l) => /^\w+, пусто(, сюда можно пойти)?$/.test(l || '')), labels.slice(0, 5).join(' | '));
  await page.fill('#move-text', 'c1-c14');
  await page.click('#move-play');
  assert.match(await page.textContent('#move-error'), /^Ход «c1-c14» сейчас недопустим\. Ходы записываются так: c1-a6/);
  // The server's refusal of a move carries the rules engine's code and its
  // reasons inside (src/core/errors.h): the page says it in Russian, the
  // reasons too, not the English line.
  const refusal = await page.evaluate(async () => {
    const { serverError } = await import('/server-errors.js');
    const res = await fetch('/api/view', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'starstar', moves: ['Q99'] }) });
    return serverError(await res.json());
  });
  assert.equal(refusal, 'ход 1: не удаётся прочесть ход «Q99»: ожидается название клетки Nxy: буква луча * S T A R, цифра кольца (0 для 10-го кольца) и номер клетки');
  await page.fill('#move-text', '');
  // A legal move by typing it, as the move list will write it.
  const move = await page.evaluate(() => window.asterism.state.view.moves.find((m) => m.path.length === 2).text);
  await page.fill('#move-text', move);
  await page.click('#move-play');
  await page.waitForSelector('#status[data-ply="1"]');
  await page.waitForFunction(() => !window.asterism.busy);
  await waitText(page, '#status', 'Ход чёрных');
  assert.equal(await text(page, '#moves button.move'), await page.evaluate(() => window.asterism.state.history[0]));
  // Back to the start from the list's controls, and forward by the list.
  await page.click('#first');
  await waitText(page, '#status', 'Ход 0 из 1 (просмотр): Ход белых');
  await page.click('#moves button.move');
  await waitText(page, '#status', 'Ход чёрных');
  await page.screenshot({ path: path.join(shots, 'i18n-ru-shatra.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// An analysis in Russian: the position of an Asterisk game where the mover
// has a win in one (BLUNDER, a11y-helpers.mjs), analysed with the ownership
// map. The panel names the sides in Russian (the legend, the proven result,
// the graph's caption), builds the proven result from its numbers, and
// names no side in English; the board's marks' tooltips are Russian too.
test('an analysis in Russian names the sides and its proven result in Russian', async () => {
  const made = await fetch(new URL('/api/games', url), {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'local', game: BLUNDER.spec, players: ['human', 'human'] }),
  }).then((r) => r.json());
  for (const move of BLUNDER.moves.slice(0, BLUNDER.ply)) {
    await fetch(new URL(`/api/games/${made.id}/move`, url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move }),
    });
  }
  const { context, page } = await open('ru-RU', `#session=${made.id}`);
  await page.waitForFunction(([id, ply]) => window.asterism.state?.id === id && window.asterism.state.ply === ply, [made.id, BLUNDER.ply]);
  await page.check('#ownership');
  await page.click('#analyse-now');
  await page.waitForSelector(`#candidates[data-ply="${BLUNDER.ply}"]:not([hidden])`);
  await page.waitForSelector('#ownership-legend:not([hidden])');
  assert.match(await text(page, '#proven'), /^У (первого|второго) игрока доказан выигрыш за 1 полуход \(считая этот ход\)\.$/);
  assert.match(await text(page, '#candidates li'), / доказан выигрыш за 1 полуход, /);
  assert.match(await text(page, '#graph-caption'), /^Шансы первого игрока на победу/);
  assert.match(await text(page, '#ownership-legend'), /Первый/);
  assert.match(await page.textContent('#board .suggest.best title'), /^Вариант 1: /);
  const panel = await text(page, 'section:has(#analyse-now)');
  assert.doesNotMatch(panel, /\b(White|Black|First|Second)\b/, panel);
  await page.screenshot({ path: path.join(shots, 'i18n-ru-analysis.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Why a Star Pool Chess game ended, in each language's words: the engine's
// reason ("bare king") is for the records. The game of
// tests/data/review/random ends with Black baring White's King.
test('the end of a Star Pool Chess game is said in words in both languages', async () => {
  const record = fs.readFileSync(new URL('../data/review/random/starpool-random-vs-level7.rec', import.meta.url), 'utf8');
  const moves = [...record.matchAll(/^\d+\. (\S+)$/gm)].map((m) => m[1]);
  const made = await fetch(new URL('/api/games', url), {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'local', game: 'starpool', players: ['human', 'human'] }),
  }).then((r) => r.json());
  for (const move of moves) {
    await fetch(new URL(`/api/games/${made.id}/move`, url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move }),
    });
  }
  const said = {
    'en-US': 'The game ended: one side was left with a bare King (its King alone) and lost.',
    'ru-RU': 'Партия окончена: у одной стороны остался голый король (один король), она проиграла.',
  };
  for (const [locale, words] of Object.entries(said)) {
    const { context, page } = await open(locale, `#session=${made.id}`);
    await page.waitForFunction((id) => window.asterism.state?.id === id && window.asterism.state.terminal, made.id);
    const score = await text(page, '#score');
    assert.ok(score.includes(words), `${locale}: ${score}`);
    assert.doesNotMatch(score, /bare king/, score);
    await context.close();
  }
});

test('a Russian browser sees the account, players, puzzles and learn pages in Russian', async () => {
  const { context, page } = await open('ru-RU', 'account.html');
  await page.waitForSelector('body:not([data-state="loading"])');
  assert.equal(await lang(page), 'ru');
  assert.equal(await text(page, 'main h1'), 'Ваша учётная запись');
  assert.equal(await text(page, 'section:has(#signup) h2'), 'Регистрация');
  assert.equal(await text(page, '[data-testid="signup-button"]'), 'Зарегистрироваться');
  assert.equal(await text(page, 'label:has(#signup-name) span'), 'Имя');
  assert.equal(await page.getAttribute('#passkey-label', 'placeholder'), 'мой телефон');
  assert.equal(await page.title(), 'Учётная запись · asterism');
  assert.match(await page.textContent('#no-passkeys-here'), /^Этот браузер не может пользоваться ключами доступа/);
  assert.match(await page.textContent('[data-testid="relations-none"]'), /^Никого\. Заглушить или заблокировать/);
  // The server refuses in English; the page shows its line in Russian
  // (web/server-errors.js, err.acc.wrong).
  await page.fill('#signin-name', 'nobody');
  await page.fill('#signin-password', 'a password nobody has');
  await page.click('[data-testid="signin-button"]');
  await waitText(page, '#message', 'нет учётной записи с таким именем и паролем');

  await page.goto(new URL('leaderboard.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Игроки');
  assert.equal(await page.locator('#class option[value="live"]').innerText(), 'живая игра (часы Фишера)');
  await page.waitForFunction(() => document.getElementById('board-title')?.textContent !== '');
  assert.match(await text(page, '#board-title'), /, (живая игра \(часы Фишера\)|по переписке)$/);
  assert.equal(await text(page, '#find button'), 'Показать');

  await page.goto(new URL('player.html', url).href);
  await page.waitForFunction(() => document.body.dataset.state === 'empty');
  assert.equal(await text(page, '#message'), 'Впишите имя игрока выше или выберите его в таблице лучших.');

  await page.goto(new URL('puzzles.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Задачи');
  assert.equal(await text(page, '#next'), 'Следующая задача');
  assert.equal(await text(page, '[data-testid="puzzles-shatra"]'), 'Шатра');
  await page.waitForFunction(() => document.getElementById('task')?.textContent !== '', null, { timeout: 15000 });
  assert.match(await text(page, '#task'), /^Ход (белых|чёрных|первого игрока|второго игрока): выигрыш в \d+ ход(а|ов)?\. Цель: /);
  assert.match(await text(page, '#puzzle-title'), /^Задача 1 из \d+/);

  await page.goto(new URL('rules.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Правила');
  assert.equal(await text(page, '[data-testid="rules-shatra"]'), 'Шатра');
  assert.match(await text(page, '.game-cards li:has([data-testid="rules-shatra"]) span'), /^Алтайские шахматы-шашки/);

  // The Shatra rules page is written in Russian (web/rules/ru/shatra.html),
  // with every diagram of the English page drawn.
  await page.goto(new URL('rules-shatra.html', url).href);
  await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
  assert.equal(await text(page, 'main h1'), 'Шатра');
  assert.equal(await text(page, '#drops'), 'Крепость, выставление и темдек');
  assert.match(await text(page, 'main .lead'), /^Алтайские шахматы-шашки\. Фигуры ходят/);
  assert.equal(await page.title(), 'Шатра: правила · asterism');
  assert.equal(await page.locator('figure.diagram').count(), 13);
  assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), 13);
  assert.match(await page.getAttribute('figure.diagram svg', 'aria-label'), /^Начальная позиция/);
  // So is the *Star rules page (web/rules/ru/starstar.html), its worked
  // example's score included.
  await page.goto(new URL('rules-starstar.html', url).href);
  await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
  assert.equal(await text(page, '#board'), 'Доска');
  assert.equal(await page.title(), '*Star: правила · asterism');
  const starFigures = await page.locator('figure.diagram').count();
  assert.ok(starFigures >= 3, `${starFigures} diagrams`);
  assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), starFigures);
  // And the Asterisk and Star Pool Chess pages (web/rules/ru/*.html).
  for (const [game, title, board] of [['asterisk', 'Asterisk: правила · asterism', 'Доска'],
    ['starpool', 'Star Pool Chess: правила · asterism', 'Звёздный бассейн']]) {
    await page.goto(new URL(`rules-${game}.html`, url).href);
    await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
    assert.equal(await page.title(), title);
    assert.equal(await text(page, game === 'asterisk' ? '#board' : '#pool'), board);
    const figures = await page.locator('figure.diagram').count();
    assert.ok(figures >= 3, `${game}: ${figures} diagrams`);
    assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), figures, `${game}: every diagram drawn`);
  }

  await page.goto(new URL('learn.html', url).href);
  assert.equal(await text(page, 'main h1'), 'Обучение');
  assert.equal(await text(page, '#hint'), 'Подсказка');
  assert.equal(await page.getAttribute('.lesson-layout nav', 'aria-label'), 'Уроки');
  await page.waitForFunction(() => document.getElementById('lesson-rules')?.textContent !== '');
  assert.match(await text(page, '#lesson-rules'), /^Правила целиком: .+: правила\.$/);
  // Shatra's lessons are written in Russian (web/lessons/ru/shatra.json).
  await page.click('[data-testid="learn-shatra"]');
  await waitText(page, '#lesson-title', '1. Ход шатрой');
  assert.equal(await text(page, '#task'), 'Передвиньте шатру с c5 на одну клетку вперёд: нажмите на неё, затем на c6.');
  assert.equal(await text(page, '#lesson-rules a'), 'Шатра: правила');
  await page.click('#hint');
  assert.equal(await text(page, '#feedback'), 'Подсказка: Белые идут вверх по доске; c5 — третья шатра слева.');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an English browser keeps the options, the account page and the tournament form in English', async () => {
  const { context, page } = await open('en-US');
  await page.waitForSelector('#board .cells [data-cell]');
  await waitText(page, '#game-title', '*Star, small board');
  await waitText(page, '#score h2', 'If the game ended now');
  await page.selectOption('#game', 'shatra');
  assert.equal(await page.locator('[data-testid="option-rules"] option[value="altai"]').innerText(), 'Shatra, the Russian and Altai books\' reading');
  await page.goto(new URL('account.html', url).href);
  await page.waitForSelector('body:not([data-state="loading"])');
  assert.equal(await text(page, 'main h1'), 'Your account');
  assert.equal(await text(page, '[data-testid="signup-button"]'), 'Sign up');
  await page.goto(new URL('tournaments.html', url).href);
  assert.equal(await countWord(page, '1'), 'round');
  assert.equal(await countWord(page, '2'), 'rounds');
  // The Shatra rules page stays English, every diagram drawn.
  await page.goto(new URL('rules-shatra.html', url).href);
  await page.waitForSelector('body[data-diagrams="ready"]', { timeout: 30000 });
  assert.equal(await text(page, 'main h1'), 'Shatra');
  assert.equal(await text(page, '#drops'), 'The fortress, drops and the temdek');
  assert.match(await text(page, 'main .lead'), /^The chess-draughts of the Altai\./);
  assert.equal(await page.locator('figure.diagram[data-ready="true"]').count(), 13);
  assert.deepEqual(page.errors, []);
  await context.close();
});
