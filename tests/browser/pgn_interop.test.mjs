// An independent PGN parser reads every PGN file asterism writes. The
// parser is @mliebelt/pgn-parser from npm (pinned in package-lock.json), a
// PEG grammar of the PGN standard. Its grammar knows chess moves only, so
// before it reads a file each move token is checked against the standard's
// symbol token (section 7: a letter or digit, then letters, digits and
// _ + # = : -) and replaced by the chess move "e4"; everything else (tags
// and their escapes, move numbers, comments of both kinds, line breaks,
// results, game boundaries) is the parser's to read as written. What it
// reads must be what the records hold.
//
// The records are random games of both chess-likes that `asterism play`
// plays and saves, given comments and tags here; `asterism pgn export`
// writes them as one file, and `asterism pgn import` must read it back to
// the same records. Needs ASTERISM_BIN (scripts/browser-test.sh sets it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgnParser from '@mliebelt/pgn-parser';

const bin = process.env.ASTERISM_BIN;
if (!bin) throw new Error('set ASTERISM_BIN to the asterism binary');

const SYMBOL = /^[A-Za-z0-9][A-Za-z0-9_+#=:-]*$/;
const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/;
const NUMBER = /^\d+\.(\.\.)?$/;

// Replaces each move token by "e4", outside tag lines and comments, and
// returns the masked text with the original moves of each game.
function maskMoves(text) {
  let out = '';
  const games = [[]];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const lineStart = i === 0 || text[i - 1] === '\n';
    let end = i + 1;
    if ((c === '[' || c === '%') && lineStart) end = text.indexOf('\n', i) + 1 || text.length;
    else if (c === '{') end = text.indexOf('}', i) + 1;
    else if (c === ';') end = text.indexOf('\n', i) + 1 || text.length;
    else if (!/\s/.test(c)) {
      while (end < text.length && !/[\s{};()]/.test(text[end])) end++;
      const token = text.slice(i, end);
      if (RESULT.test(token)) {
        games.push([]);
      } else if (!NUMBER.test(token)) {
        assert.match(token, SYMBOL, `'${token}' is not a PGN symbol token`);
        games[games.length - 1].push(token);
        out += 'e4';
        i = end;
        continue;
      }
    }
    assert.ok(end > i, `unclosed comment at offset ${i}`);
    out += text.slice(i, end);
    i = end;
  }
  games.pop();
  return { masked: out, games };
}

// An asterism record: its tags and its moves with their comments.
function readRecord(text) {
  const tags = {};
  const moves = [];
  for (const line of text.split('\n')) {
    const m = /^\d+\. (\S+)(?: ; (.*))?$/.exec(line);
    if (m) moves.push({ move: m[1], comment: m[2] || '' });
    else if (/^[A-Za-z]\w*: /.test(line)) tags[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 2);
  }
  return { tags, moves };
}

const COMMENTS = ['a plain remark', 'braces } close', 'quotes " and \\ backslash', '100% sure',
  '% at the start', '{ opens', 'Unicode: батыр ♞'];

function makeRecords(dir) {
  const files = [];
  const specs = ['shatra', 'shatra:rules=altai,notation=numeric', 'shatra:rules=shatrabase,notation=shatrabase',
    'starpool'];
  let n = 0;
  for (const spec of specs) {
    for (let seed = 1; seed <= 3; seed++, n++) {
      const file = path.join(dir, `g${n}.rec`);
      // A random game, played to its end and saved (stdin is empty).
      execFileSync(bin, ['play', spec, '--first', 'random', '--second', 'random', '--seed', String(seed),
        '--save', file], { input: '', stdio: ['pipe', 'ignore', 'inherit'], maxBuffer: 1 << 28 });
      // Comments on some moves and a few tags, PGN's awkward characters among them.
      const lines = fs.readFileSync(file, 'utf8').split('\n').map((line, k) =>
        /^\d+\. \S+$/.test(line) && k % 5 === n % 5 ? `${line} ; ${COMMENTS[k % COMMENTS.length]}` : line);
      lines.splice(2, 0, `Event: Club "night" \\ ${n}`, `Comment: ${COMMENTS[n % COMMENTS.length]}`);
      fs.writeFileSync(file, lines.join('\n'));
      files.push(file);
    }
  }
  return files;
}

test('an independent PGN parser reads every file asterism writes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asterism-pgn-'));
  try {
    const files = makeRecords(dir);
    const pgnFile = path.join(dir, 'all.pgn');
    execFileSync(bin, ['pgn', 'export', ...files, '-o', pgnFile]);
    const text = fs.readFileSync(pgnFile, 'utf8');
    for (const line of text.split('\n')) assert.ok(line.length <= 79, `line over 79 characters: ${line}`);

    const { masked, games: moveTokens } = maskMoves(text);
    const parsed = pgnParser.parseGames(masked);
    assert.equal(parsed.length, files.length);
    assert.equal(moveTokens.length, files.length);
    const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();
    parsed.forEach((game, g) => {
      const rec = readRecord(fs.readFileSync(files[g], 'utf8'));
      const where = `game ${g + 1} (${path.basename(files[g])})`;
      // Tags: the roster, the game and what the record held, unescaped.
      const t = game.tags;
      for (const m of t.messages || []) assert.match(m.message, /not known/, `${where}: ${m.message}`);
      assert.equal(t.Event, rec.tags.Event, where);
      assert.equal(t.White, rec.tags.First, where);
      assert.equal(t.Black, rec.tags.Second, where);
      assert.equal(t.Result, rec.tags.Result, where);
      assert.equal(t.Date.value, rec.tags.Date.replaceAll('-', '.'), where);
      assert.equal(t.GameSpec, rec.tags.Game, where);
      assert.equal(t.Variant, rec.tags.Game.startsWith('shatra') ? 'Shatra' : 'Star Pool Chess', where);
      assert.equal(t.BlackLevel, rec.tags.SecondLevel, where);
      assert.equal(squash(game.gameComment && game.gameComment.comment), rec.tags.Comment, where);
      // Moves: one a record move, in order, with its comment, then the result.
      assert.equal(game.moves.length, rec.moves.length, where);
      assert.deepEqual(moveTokens[g], rec.moves.map((m) => m.move.replace('<>', '=')), where);
      game.moves.forEach((m, k) => {
        assert.equal(m.notation.notation, 'e4', `${where}, move ${k + 1}`);
        assert.equal(m.turn, k % 2 === 0 ? 'w' : 'b', `${where}, move ${k + 1}`);
        assert.equal(squash(m.commentAfter), rec.moves[k].comment, `${where}, move ${k + 1}`);
      });
    });

    // And asterism reads its own file back to the same records.
    const out = path.join(dir, 'back');
    fs.mkdirSync(out);
    execFileSync(bin, ['pgn', 'import', pgnFile, '--out', out]);
    files.forEach((file, g) => {
      const back = readRecord(fs.readFileSync(path.join(out, `all-${String(g + 1).padStart(2, '0')}.rec`), 'utf8'));
      assert.deepEqual(back, readRecord(fs.readFileSync(file, 'utf8')), `game ${g + 1}`);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
