// Measures the page's engine in Debian's chromium (docs/wasm.md, "Speed in
// the browser"; not a test, it asserts nothing): a level-10 move from each
// game's start in the site's worker (web/engine-worker.js, one thread), and
// the same move by the engine run in the page itself with the CPU slowed
// RATE times through the DevTools protocol (Emulation.setCPUThrottlingRate,
// 4: a phone-class budget), which slows the page's own thread and not its
// workers (measured: a worker's move takes as long at 4x as at 1x).
// Against a running `asterism serve` of a tree whose engine is built:
//
//   cd tests/browser && ASTERISM_URL=http://127.0.0.1:PORT/ node measure-thinking.mjs [RATE...]
import { url, openContext } from './chromium.mjs';

const rates = process.argv.slice(2).map(Number);
const games = ['starstar', 'starstar:size=6', 'asterisk', 'asterisk:size=8', 'shatra', 'shatra:rules=original', 'starpool'];
const browser = await openContext({});
try {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(600000);
  await page.goto(new URL('/', url).href);
  const cdp = await browser.context.newCDPSession(page);
  for (const spec of games) {
    const result = await page.evaluate(async (game) => {
      // A fresh worker each time: the engine's loading is timed apart.
      const worker = new Worker('/engine-worker.js', { type: 'module' });
      const ask = (question) => new Promise((resolve) => {
        const listen = (e) => {
          if (e.data.progress !== undefined) return;
          worker.removeEventListener('message', listen);
          resolve(e.data);
        };
        worker.addEventListener('message', listen);
        worker.postMessage(question);
      });
      let start = performance.now();
      await ask({ id: 1, op: 'games' });
      const load = performance.now() - start;
      start = performance.now();
      const answer = await ask({ id: 2, spec: game, moves: [], level: 10, seed: 1 });
      const move = performance.now() - start;
      worker.terminate();
      return { load, move, answer: answer.move ?? answer.error, isolated: self.crossOriginIsolated };
    }, spec);
    console.log(`worker, ${spec}: engine loaded in ${(result.load / 1000).toFixed(1)} s, ` +
      `level-10 move ${result.answer} in ${(result.move / 1000).toFixed(1)} s (cross-origin isolated: ${result.isolated})`);
  }
  for (const rate of rates.length ? rates : [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const spec of games) {
      const result = await page.evaluate(async (game) => {
        // One engine in the page for every game, kept between moves.
        const held = /** @type {any} */ (window);
        if (!held.engine) held.engine = await (await import('/engine/asterism-engine.js')).default();
        const engine = held.engine;
        const start = performance.now();
        const answer = JSON.parse(engine.ccall('asterism_request', 'string', ['string'],
          [JSON.stringify({ op: 'choose', spec: game, moves: [], player: 'level:10', seed: 1 })]));
        return { move: performance.now() - start, answer: answer.move ?? answer.error };
      }, spec);
      console.log(`page's thread slowed ${rate}x, ${spec}: level-10 move ${result.answer} in ${(result.move / 1000).toFixed(1)} s`);
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
}
