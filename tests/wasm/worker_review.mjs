// The page's review in the browser (web/engine-worker.js, op 'review';
// docs/wasm.md) is the native one: for a short game of each game, played by
// the worker's own level 3, the worker's review at level 3 with seed 1 must
// be the JSON `asterism review --json --level 3 --seed 1` prints for the
// same game's record, field for field, and the worker must report its
// progress position by position, ending at every position done. An
// analysis is at the level it asks for. And the
// engine's memory is capped: the module declares its memory's maximum,
// 1 GB (apps/web-engine/CMakeLists.txt).
//
// Usage: node worker_review.mjs NATIVE_ASTERISM WEB_DIR
// Exit 77 (skipped) when the WebAssembly engine is not built in WEB_DIR/engine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs, startWorker } from './harness.mjs';

const { nativeBin, webDir } = scriptArgs('worker_review.mjs');
const plies = 10;
const level = 3;
const games = ['starstar:size=6', 'asterisk:size=8', 'shatra', 'starpool'];

let failures = 0;
const fail = (text) => { failures++; console.error(`FAIL: ${text}`); };

// The maximum, in bytes, of the memory the module defines (its memory
// section, id 5: a count, then flags and the initial and maximum sizes in
// 64 KiB pages, as LEB128 numbers), or null when it has none.
function memoryMaximum(bytes) {
  let at = 8;
  const number = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  while (at < bytes.length) {
    const id = bytes[at++], size = number(), end = at + size;
    if (id === 5) {
      number();
      const flags = number();
      number();
      return flags & 1 ? number() * 65536 : null;
    }
    at = end;
  }
  return null;
}
const cap = memoryMaximum(readFileSync(join(webDir, 'engine', 'asterism-engine.wasm')));
if (cap !== 1 << 30) fail(`the engine's memory should be capped at 1 GB, its maximum is ${cap}`);
else console.log('the engine\'s memory is capped at 1024 MB');
const folder = mkdtempSync(join(tmpdir(), 'asterism-review-'));
const engine = startWorker(webDir);
try {
  await engine.ready;
  for (const spec of games) {
    const moves = [];
    for (let ply = 0; ply < plies; ply++) {
      const answer = await engine.ask({ spec, moves, level, seed: 100 + ply });
      if (!answer.ok) break;
      moves.push(answer.move);
    }
    const canonical = (await engine.ask({ op: 'state', spec, moves: [] })).spec;
    const record = join(folder, `${spec.replace(/[^a-z0-9]/g, '_')}.txt`);
    writeFileSync(record, `Game: ${canonical}\n\n${moves.map((m, k) => `${k + 1}. ${m}`).join('\n')}\n`);
    const native = JSON.parse(execFileSync(nativeBin, ['review', record, '--json', '--level', String(level), '--seed', '1'], { encoding: 'utf8' }));
    const steps = [];
    const here = await engine.ask({ op: 'review', spec, moves, level, seed: 1 }, steps);
    if (!here.ok) {
      fail(`${spec}: the worker's review failed: ${here.error}`);
      continue;
    }
    if (JSON.stringify(here.review) !== JSON.stringify(native))
      fail(`${spec}: the worker's review differs from asterism review --json:\n  worker ${JSON.stringify(here.review)}\n  native ${JSON.stringify(native)}`);
    if (here.level !== level) fail(`${spec}: the review's level is ${here.level}, not ${level}`);
    const last = steps[steps.length - 1];
    if (steps.length < moves.length || !last || last.done !== last.total || last.total !== moves.length + 1)
      fail(`${spec}: progress ${JSON.stringify(steps)} does not reach ${moves.length + 1} positions`);
    const marks = (native.moves || []).filter((m) => m.mark).length;
    console.log(`${spec}: ${moves.length} moves reviewed alike (${marks} marked), ${steps.length} progress messages`);
  }
  // An analysis is at the level asked (the worker once dropped it, and
  // every analysis was level 10's), with what the page's graph needs.
  const analysis = await engine.ask({ op: 'analyse', spec: 'starstar:size=6', moves: ['*10'], level: 2, ownership: true });
  if (!analysis.ok || analysis.level !== 2 || analysis.ply !== 1 || analysis.to_move !== 1 ||
      typeof analysis.winrate_first !== 'number' || !analysis.ownership?.score)
    fail(`a level-2 analysis should say its level, ply, mover, first player's win rate and score: ${JSON.stringify(analysis).slice(0, 300)}`);
  const none = await engine.ask({ op: 'review', spec: 'shatra', moves: [], level });
  if (none.ok || !/no moves to review/.test(none.error)) fail(`a game without moves should be a one-line error, got ${JSON.stringify(none)}`);
  const badLevel = await engine.ask({ op: 'review', spec: 'shatra', moves: ['c3-b7'], level: 11 });
  if (badLevel.ok || !/'level' must be/.test(badLevel.error)) fail(`level 11 should be a one-line error, got ${JSON.stringify(badLevel)}`);
} finally {
  await engine.worker.terminate();
  rmSync(folder, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`${failures} failure(s)`);
  process.exit(1);
}
console.log(`the worker's review is asterism review --json for ${games.length} games`);
