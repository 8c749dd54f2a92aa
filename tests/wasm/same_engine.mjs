// The same engine in both homes (issue 45, docs/wasm.md): the WebAssembly
// build of the asterism tool, run by node, must count and choose exactly as
// the native binary does.
//
//   - `bench`: the last line, `Bench: N`, is the native one, and so is every
//     row's count: the playouts' checks, the perft nodes, and the fixed
//     searches' nodes, scores and best moves;
//   - perft of each game's start position, at a depth of about a second
//     natively;
//   - seeded matches between levels (node and playout budgets) of each game,
//     whose reports (results, plies) are the same;
//   - `state --json` (legal moves, the 64-bit hash, the score) along a line
//     of play of each game;
//   - the commands it leaves out, and threads it cannot start, are refused
//     in one line with exit code 2.
//
// It prints the nodes/s of the bench's searches side by side (alpha-beta
// and MCTS, one thread each), asserting nothing about speed: docs/wasm.md
// records a run with --sequential, which runs the two homes one after the
// other so that they do not share the cores.
//
// Usage: node same_engine.mjs NATIVE_ASTERISM WASM_ASTERISM_JS [--sequential]
// Exit 77 (skipped) when the WebAssembly build is not there.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const [nativeBin, wasmJs, ...flags] = process.argv.slice(2);
const sequential = flags.includes('--sequential');
if (!nativeBin || !wasmJs) {
  console.error('usage: node same_engine.mjs NATIVE_ASTERISM WASM_ASTERISM_JS [--sequential]');
  process.exit(2);
}
if (!existsSync(wasmJs)) {
  console.log(`skipped: no WebAssembly build at ${wasmJs} (cmake --preset wasm && cmake --build --preset wasm)`);
  process.exit(77);
}

const homes = {
  native: (args) => run(nativeBin, args, { maxBuffer: 1 << 26 }),
  wasm: (args) => run(process.execPath, [wasmJs, ...args], { maxBuffer: 1 << 26 }),
};

let failures = 0;
function check(same, what, native, wasm) {
  if (same) return;
  failures++;
  console.error(`FAIL: ${what}\n  native: ${native}\n  wasm:   ${wasm}`);
}

// Both homes' stdout for the same arguments, at once or one after the other.
async function both(args) {
  if (sequential) {
    const native = await homes.native(args);
    const wasm = await homes.wasm(args);
    return { native: native.stdout, wasm: wasm.stdout };
  }
  const [native, wasm] = await Promise.all([homes.native(args), homes.wasm(args)]);
  return { native: native.stdout, wasm: wasm.stdout };
}

// The rows of a bench report that count (not time), by table: the playouts'
// games and check, the perft nodes, the searches' nodes, score and best
// move; and the rates of the searches for the speed table. A table starts
// at its header line; a row's label may hold spaces, its numbers are the
// last columns.
function benchRows(text) {
  const rows = { playouts: [], perft: [], search: [], threads: [] };
  let table = null;
  for (const line of text.split('\n')) {
    const header = line.match(/^(game|perft|search|threads)\s/);
    if (header) {
      table = header[1] === 'game' ? 'playouts' : header[1];
      continue;
    }
    const cols = line.trim().split(/\s+/);
    if (!table || cols.length < 4 || line.startsWith('Bench:')) continue;
    const at = (i) => cols[cols.length - i];
    if (table === 'playouts') {
      rows.playouts.push({ key: cols.slice(0, -4).join(' '), count: `${at(4)} games, check ${at(1)}` });
    } else if (table === 'perft') {
      rows.perft.push({ key: `${cols.slice(0, -3).join(' ')} depth ${at(3)}`, count: at(2) });
    } else if (table === 'search') {
      const kind = at(7);
      rows.search.push({ key: `${cols.slice(0, -7).join(' ')} ${kind} ${at(6)} ${at(5)}`, count: `${at(4)} nodes, score ${at(2)}, best ${at(1)}`, rate: +at(3), kind });
    } else if (table === 'threads' && at(5) === '1') {
      rows.threads.push({ key: `${cols[0]} ${cols[1]}`, rate: +at(3), unit: at(2) });
    }
  }
  return rows;
}

function compareRows(table, native, wasm) {
  check(native.length > 0 && native.length === wasm.length, `bench ${table}: row count`, native.length, wasm.length);
  native.forEach((row, i) => {
    const other = wasm[i] || {};
    check(row.key === other.key && row.count === other.count, `bench ${table}: ${row.key}`, row.count, `${other.key}: ${other.count}`);
  });
}

function speedTable(native, wasm) {
  const lines = ['| search | kind | native nodes/s | wasm nodes/s | wasm/native |', '|---|---|---:|---:|---:|'];
  const add = (label, kind, a, b) => lines.push(`| ${label} | ${kind} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(2)} |`);
  native.search.forEach((row, i) => add(row.key, row.kind, row.rate, wasm.search[i]?.rate ?? 0));
  native.threads.forEach((row, i) => add(row.key, row.unit === 'nodes' ? 'alpha-beta' : 'mcts', row.rate, wasm.threads[i]?.rate ?? 0));
  return lines.join('\n');
}

async function bench() {
  // --threads 1: the scaling runs with one thread only (the WebAssembly
  // build has no others); the signature does not depend on it.
  const out = await both(['bench', '--threads', '1']);
  const signature = (text) => text.trim().split('\n').pop();
  check(/^Bench: \d+$/.test(signature(out.native)) && signature(out.native) === signature(out.wasm), 'bench signature', signature(out.native), signature(out.wasm));
  const native = benchRows(out.native);
  const wasm = benchRows(out.wasm);
  for (const table of ['playouts', 'perft', 'search']) compareRows(table, native[table], wasm[table]);
  console.log(`bench: ${signature(out.wasm)} in both homes`);
  console.log(speedTable(native, wasm));
}

// Each game's start position at a depth of about a second natively (the
// connection games' default sizes grow too fast; their 8-cell forms).
const perfts = [['starstar', 4], ['asterisk:size=8', 4], ['shatra', 4], ['shatra:rules=original', 5], ['starpool', 5]];

async function perft() {
  for (const [spec, depth] of perfts) {
    const out = await both(['perft', spec, String(depth)]);
    const nodes = (text) => (text.match(/^nodes: (\d+)$/m) || [])[1];
    check(nodes(out.native) !== undefined && nodes(out.native) === nodes(out.wasm), `perft ${spec} ${depth}`, nodes(out.native), nodes(out.wasm));
    console.log(`perft ${spec} ${depth}: ${nodes(out.wasm)} in both homes`);
  }
}

// Seeded matches between levels, two games each (both colours of one
// random opening): any move chosen differently would change the plies or
// the results the reports give.
const matchGames = ['starstar:size=6', 'asterisk:size=8', 'shatra', 'shatra:rules=original', 'starpool'];

async function matches() {
  for (const spec of matchGames) {
    const args = ['match', spec, '--a', 'level:6', '--b', 'level:4', '--games', '2', '--random-plies', '2', '--seed', '11', '--quiet'];
    const out = await both(args);
    check(out.native.includes('plies:') && out.native === out.wasm, `match ${spec}`, out.native, out.wasm);
    console.log(`match ${spec}: ${(out.wasm.match(/^plies:.*$/m) || [''])[0]} in both homes`);
  }
}

// A line of play of each game, chosen from the native legal moves, and the
// whole `state --json` of its last position in both homes.
async function states() {
  for (const spec of matchGames) {
    const moves = [];
    for (let ply = 0; ply < 8; ply++) {
      const state = JSON.parse((await homes.native(['state', spec, '--moves', moves.join(' '), '--json'])).stdout);
      if (state.terminal) break;
      moves.push(state.legal[(ply * 7 + 3) % state.legal.length]);
    }
    const out = await both(['state', spec, '--moves', moves.join(' '), '--json']);
    check(out.native.includes('"hash"') && out.native === out.wasm, `state ${spec} after ${moves.join(' ')}`, out.native, out.wasm);
  }
  console.log(`state --json: the same after 8 plies of each game`);
}

// The commands the WebAssembly build leaves out say so, and so does asking
// it for threads, which it cannot start: one line, exit code 2.
async function notBuilt() {
  const refusals = [
    [['serve', '--port', '0'], /not in this build/],
    [['match', 'shatra', '--a', 'level:2', '--games', '2', '--parallel', '2'], /--parallel must be at most 1/],
    [['match', 'starstar:size=6', '--a', 'mcts:playouts=10,threads=2', '--games', '1'], /threads must be a whole number from 1 to 1$/m],
    [['bench', '--threads', '2'], /--threads must be from 0 to 1/],
  ];
  for (const [args, why] of refusals) {
    try {
      await homes.wasm(args);
      check(false, `wasm ${args.join(' ')}`, 'an error', 'it ran');
    } catch (e) {
      check(e.code === 2 && why.test(e.stderr), `wasm ${args.join(' ')}`, `exit 2, ${why}`, `exit ${e.code}: ${e.stderr}`);
    }
  }
}

await notBuilt();
await states();
await perft();
await matches();
await bench();
if (failures > 0) {
  console.error(`${failures} difference(s) between the native and the WebAssembly engine`);
  process.exit(1);
}
console.log('the same engine in both homes');
