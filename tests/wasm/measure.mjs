// Measures the page's engine in node (docs/wasm.md, "The page's thinking";
// not a test: it asserts nothing): the time of a level-10 move from each
// game's start, one thread, and the engine's memory (the WebAssembly
// heap, which only grows) after it, and after a review of a 20-move game at
// the page's highest review level. Run it after the wasm preset's build:
//
//   node tests/wasm/measure.mjs web
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';

const webDir = resolve(process.argv[2] || 'web');
const reviewLevel = Number(process.argv[3] || 7);
const games = ['starstar', 'starstar:size=6', 'asterisk', 'asterisk:size=8', 'shatra', 'shatra:rules=original', 'starpool'];

const { default: create } = await import(pathToFileURL(join(webDir, 'engine', 'asterism-engine.js')).href);
const wasmBinary = await readFile(join(webDir, 'engine', 'asterism-engine.wasm'));

// A fresh engine for each game, so that each heap is that game's own.
async function engine() {
  const module = await create({ wasmBinary });
  return {
    module,
    ask: (question) => JSON.parse(module.ccall('asterism_request', 'string', ['string'], [JSON.stringify(question)])),
    heapMB: () => (module.HEAP8.length / (1 << 20)).toFixed(0),
  };
}

for (const spec of games) {
  const e = await engine();
  const start = performance.now();
  const move = e.ask({ op: 'choose', spec, moves: [], player: 'level:10', seed: 1 });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const moveHeap = e.heapMB();
  const moves = [];
  for (let ply = 0; ply < 20; ply++) {
    const answer = e.ask({ op: 'choose', spec, moves, player: 'level:3', seed: ply + 1 });
    if (!answer.ok) break;
    moves.push(answer.move);
  }
  const reviewStart = performance.now();
  const review = e.ask({ op: 'review', spec, moves, level: reviewLevel, seed: 1 });
  const reviewSeconds = ((performance.now() - reviewStart) / 1000).toFixed(1);
  console.log(`${spec}: level 10 ${move.move ?? move.error} in ${seconds} s, heap ${moveHeap} MB; ` +
    `review of ${moves.length} moves at level ${reviewLevel} ${review.ok ? 'done' : review.error} in ${reviewSeconds} s, heap ${e.heapMB()} MB`);
}
