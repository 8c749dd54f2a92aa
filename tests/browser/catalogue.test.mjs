// The message catalogues (web/locales/*.js, issue 27 point 8): English and
// Russian have the same keys, each string the same {placeholders} in both,
// plural lists their language's number of forms (two in English, three in
// Russian), and every key the pages name literally (data-i18n* attributes
// in web/*.html, t('...') and tn('...') in web/*.js) is in the reference
// catalogue; and every error code the server can send has its text, with
// the same parameters, in every shipped language (issue 42 point 4). Needs
// no browser: node reads the files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../web/locales/en.js';
import ru from '../../web/locales/ru.js';
import serverCodes from '../../web/locales/en-errors.js';
import engineWords from '../../web/locales/en-errors-engine.js';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const holes = (s) => [...new Set([...(Array.isArray(s) ? s.join(' ') : s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

// The languages the page ships (i18n.js's LOCALES).
const SHIPPED = { en, ru };

// The server's error codes, written from its catalogue (src/server/
// error_table.h) by the C++ test ErrorCatalogue.CodesFileIsCurrent, which
// fails when this file is not the catalogue as it is.
const codes = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-error-codes.json'), 'utf8'));

test('every error code the server can send is translated, with its parameters, in every shipped language', () => {
  assert.ok(Object.keys(codes).length > 200, `${Object.keys(codes).length} codes`);
  const wrong = [];
  for (const [code, { params }] of Object.entries(codes)) {
    const want = [...params].sort().join();
    for (const [lang, catalogue] of Object.entries(SHIPPED)) {
      const text = catalogue[`err.${code}`];
      if (typeof text !== 'string') wrong.push(`${lang}: no 'err.${code}'`);
      else if (holes(text).join() !== want) wrong.push(`${lang}: 'err.${code}' has {${holes(text)}}, the server's {${want}}`);
    }
  }
  assert.deepEqual(wrong, []);
  // en-errors.js holds the server's codes and nothing else.
  const stale = Object.keys(serverCodes).filter((k) => !(k.slice(4) in codes));
  assert.deepEqual(stale, [], 'keys of en-errors.js that are no code of the server');
});

// The rules engine's codes, written from its catalogue (src/core/
// error_table.h and each game's errors.h) by the C++ test
// ErrorCatalogue.EngineCodesFileIsCurrent.
const engineCodes = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'engine-error-codes.json'), 'utf8'));

test('every error code the rules engine can send is translated, with its parameters, in every shipped language', () => {
  assert.ok(Object.keys(engineCodes).length > 200, `${Object.keys(engineCodes).length} codes`);
  const wrong = [];
  for (const [code, { text, params }] of Object.entries(engineCodes)) {
    if (code in codes) wrong.push(`${code}: a code of the server too`);
    const want = [...params].sort().join();
    for (const [lang, catalogue] of Object.entries(SHIPPED)) {
      const words = catalogue[`err.${code}`];
      if (typeof words !== 'string') wrong.push(`${lang}: no 'err.${code}'`);
      else if (holes(words).join() !== want) wrong.push(`${lang}: 'err.${code}' has {${holes(words)}}, the engine's {${want}}`);
    }
    // The page's English is the engine's own line.
    if (en[`err.${code}`] !== text) wrong.push(`en: 'err.${code}' is not the engine's "${text}"`);
  }
  assert.deepEqual(wrong, []);
  // en-errors-engine.js holds the engine's codes and the men's words, nothing else.
  const stale = Object.keys(engineWords).filter((k) => !(k.slice(4) in engineCodes) && !k.startsWith('err.man.'));
  assert.deepEqual(stale, [], 'keys of en-errors-engine.js that are no code of the engine');
});

test('English and Russian have the same keys', () => {
  const missing = (a, b) => Object.keys(a).filter((k) => !(k in b));
  assert.deepEqual(missing(en, ru), [], 'keys English has and Russian lacks');
  assert.deepEqual(missing(ru, en), [], 'keys Russian has and English lacks');
  assert.ok(Object.keys(en).length > 300, `${Object.keys(en).length} keys`);
});

test('each string has the same placeholders and its language\'s plural forms', () => {
  const wrong = [];
  for (const [key, text] of Object.entries(en)) {
    const other = ru[key];
    if (other === undefined) continue;
    if (Array.isArray(text) !== Array.isArray(other)) wrong.push(`${key}: a plural list in one language only`);
    else if (Array.isArray(text) && (text.length !== 2 || other.length !== 3)) wrong.push(`${key}: ${text.length} and ${other.length} forms`);
    if (holes(text).join() !== holes(other).join()) wrong.push(`${key}: {${holes(text)}} and {${holes(other)}}`);
    if ((Array.isArray(other) ? other : [other]).some((s) => typeof s !== 'string' || !s.trim())) wrong.push(`${key}: empty in Russian`);
  }
  assert.deepEqual(wrong, []);
});

test('every key the pages name is in the catalogue', () => {
  const used = new Map();
  const note = (key, file) => used.set(key, file);
  for (const file of fs.readdirSync(web).filter((f) => /\.(html|js)$/.test(f))) {
    const text = fs.readFileSync(path.join(web, file), 'utf8');
    if (file.endsWith('.html')) {
      for (const m of text.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) note(m[1], file);
    } else if (file.endsWith('.js')) {
      for (const m of text.matchAll(/\btn?\(\s*'([^'$]+)'/g)) note(m[1], file);
    }
  }
  assert.ok(used.size > 100, `${used.size} keys named in web/`);
  const unknown = [...used].filter(([key]) => !(key in en)).map(([key, file]) => `${key} (${file})`);
  assert.deepEqual(unknown, []);
});

// The pages' static text (web/*.html) is all in the catalogue: once the
// scripts, styles, comments and every element with data-i18n are taken
// out, no words are left but the project's name and the three games' names,
// which stay Latin in Russian as the designers wrote them (Shatra has its
// Russian name, game.shatra). The rules pages (rules-<game>.html) are whole
// texts, translated as rules/<lang>/<game>.html (the test after the next).
test('every static text of the pages has a catalogue key', () => {
  const names = new Set(['asterism', '*Star', 'Asterisk', 'Star Pool Chess']);
  const left = [];
  for (const file of fs.readdirSync(web).filter((f) => f.endsWith('.html') && !f.startsWith('rules-'))) {
    let html = fs.readFileSync(path.join(web, file), 'utf8')
      .replace(/&[a-z]+;/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|title)\b[^>]*>[\s\S]*?<\/\1>/g, '');
    // An element with data-i18n, innermost first, until none is left.
    for (let before = ''; before !== html;) {
      before = html;
      html = html.replace(/<(\w+)\b[^>]*\bdata-i18n="[^"]*"[^>]*>(?:(?!<\1\b)[\s\S])*?<\/\1>/g, '');
    }
    for (const text of html.replace(/<[^>]*>/g, '\n').split('\n').map((x) => x.trim())) {
      if (/[A-Za-zА-Яа-я]{2,}/.test(text) && !names.has(text)) left.push(`${file}: ${text}`);
    }
  }
  assert.deepEqual(left, []);
});

// The words in the pages' attributes, which the test above never reads: a
// tooltip (title), a field's placeholder or an aria-label with words in it
// carries its key (data-i18n-title, data-i18n-placeholder,
// data-i18n-aria-label, which i18n.js fills), in every page, the rules
// pages' headers included; so does a page's <title> (data-i18n) with words
// other than the project's name (the rules pages' titles come with their
// translated text, rules.js). A recovery code's mask (xxxx-xxxx-...) is
// no words.
test('every tooltip, placeholder and page title of the pages has a catalogue key', () => {
  const words = (v) => /[A-Za-zА-Яа-я]{2,}/.test(v) && !/^[x-]+$/.test(v) && v !== 'asterism';
  const left = [];
  for (const file of fs.readdirSync(web).filter((f) => f.endsWith('.html'))) {
    // (a comment is blanked to its line breaks, so that the lines named are the file's)
    const html = fs.readFileSync(path.join(web, file), 'utf8').replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ''));
    for (const m of html.matchAll(/<[a-z][a-z0-9-]*\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
      const tag = m[0];
      const line = html.slice(0, m.index).split('\n').length;
      for (const attr of ['title', 'placeholder', 'aria-label']) {
        const value = new RegExp(`\\s${attr}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
        if (value !== undefined && words(value) && !new RegExp(`\\sdata-i18n-${attr}="[^"]+"`).test(tag))
          left.push(`${file}:${line}: ${attr}="${value}"`);
      }
    }
    const title = /<title\b([^>]*)>([^<]*)<\/title>/.exec(html);
    if (title && !file.startsWith('rules-') && words(title[2]) && !/\sdata-i18n="[^"]+"/.test(title[1]))
      left.push(`${file}: <title>${title[2]}</title>`);
  }
  assert.deepEqual(left, []);
});

// The lessons' words in another language (web/lessons/<lang>/<game>.json,
// laid over the English book by learn.js) follow the English lessons one
// for one: the same number, every lesson's five texts, a step's words only
// where the English line has that step, and a wrong move's words only for
// a move the English lesson explains too (or one it could be: its line's
// moves are never "wrong").
test('each translated lesson book matches its English one', () => {
  const dir = path.join(web, 'lessons');
  const books = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => fs.readdirSync(path.join(dir, d.name)).map((f) => path.join(d.name, f)));
  for (const game of ['starstar', 'asterisk', 'shatra', 'starpool'])
    assert.ok(books.includes(path.join('ru', `${game}.json`)), `translated books: ${books}`);
  const wrong = [];
  for (const file of books) {
    const words = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const english = JSON.parse(fs.readFileSync(path.join(dir, path.basename(file)), 'utf8'));
    if (words.game !== english.game) wrong.push(`${file}: game ${words.game}`);
    if (words.lessons.length !== english.lessons.length) wrong.push(`${file}: ${words.lessons.length} lessons, English ${english.lessons.length}`);
    words.lessons.forEach((w, i) => {
      const l = english.lessons[i] || { line: [] };
      for (const k of ['title', 'task', 'wrong', 'hint', 'done'])
        if (typeof w[k] !== 'string' || !w[k].trim()) wrong.push(`${file} #${i + 1}: no ${k}`);
      for (const move of Object.keys(w.wrong_moves || {}))
        if (!(move in (l.wrong_moves || {}))) wrong.push(`${file} #${i + 1}: wrong move ${move} not in English`);
      (w.line || []).forEach((s, j) => {
        if (!l.line[j]) wrong.push(`${file} #${i + 1}: step ${j + 1} not in English`);
        else if (s.right !== undefined && l.line[j].right === undefined) wrong.push(`${file} #${i + 1}: step ${j + 1} says right, English not`);
      });
    });
  }
  assert.deepEqual(wrong, []);
});

// A translated rules page (web/rules/<lang>/<game>.html, put in place of
// rules-<game>.html's text by rules.js) has as many diagrams as the English
// page, in the same order, each caption naming the same moves, and the same
// section anchors, so that links into the page still land.
test('each translated rules page matches its English one', () => {
  const figures = (html) => [...html.matchAll(/<figure class="diagram"[^>]*>([\s\S]*?)<\/figure>/g)]
    .map((m) => [...m[1].matchAll(/<code class="move">([^<]*)<\/code>/g)].map((c) => c[1]));
  const ids = (html) => [...html.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1]);
  let pages = 0;
  for (const language of fs.readdirSync(path.join(web, 'rules'))) {
    for (const file of fs.readdirSync(path.join(web, 'rules', language))) {
      const ours = fs.readFileSync(path.join(web, 'rules', language, file), 'utf8');
      const english = fs.readFileSync(path.join(web, `rules-${file}`), 'utf8');
      assert.deepEqual(figures(ours), figures(english), `${language}/${file}: the diagrams and their moves`);
      assert.deepEqual(ids(ours), ids(english), `${language}/${file}: the sections`);
      assert.doesNotMatch(ours, /<figure class="diagram" data-/, `${language}/${file}: a figure takes its data from the English page`);
      pages++;
    }
  }
  assert.ok(pages >= 1);
  // Every game's page has its Russian text.
  const games = fs.readdirSync(web).map((f) => /^rules-(\w+)\.html$/.exec(f)?.[1]).filter(Boolean);
  const missing = games.filter((g) => !fs.existsSync(path.join(web, 'rules', 'ru', `${g}.html`)));
  assert.equal(games.length, 4);
  assert.deepEqual(missing, [], 'rules pages with no Russian text');
});
