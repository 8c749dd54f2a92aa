// The engine in the visitor's browser (docs/wasm.md): a module Web Worker
// that loads the WebAssembly engine (engine/asterism-engine.js and .wasm,
// which the wasm preset builds) when its first question comes, and answers
// each question with one message, so that the page stays responsive while
// it thinks. The page starts it with
//
//   new Worker('/engine-worker.js', {type: 'module'})
//
// and posts questions with an id of its choosing:
//
//   {id, spec, position?, moves, level, seed}
//       -> {id, ok: true, move, player}: the move the level plays with
//          that seed, the one the server's computer plays for the same
//          game and seed (a level is a node or playout budget, not a time)
//   {id, op: 'state' | 'analyse' | 'review' | 'games', ...}
//       -> {id, ok: true, ...}: the engine's answer (apps/web-engine/
//          engine_api.cpp); an analysis also sends {id, progress} now and
//          then, the analysis so far, and a review {id, progress: {done,
//          total}} after each position
//
// A question that cannot be answered gets {id, ok: false, error}: one line,
// like the server's errors; with `unavailable: true` when the engine itself
// could not be loaded (the page then asks the server), with `memory: true`
// when it ran out of its capped memory. The worker answers one question at
// a time; to stop a search the page terminates the worker and starts
// another (web/thinking.js).

/**
 * The parts of the worker's world and of the engine's module this file
 * uses (the type checker reads web/ with the DOM's types, not a worker's).
 * @typedef {{ccall(name: string, returns: string, args: string[], values: unknown[]): string,
 *   onProgress?: (analysis: string) => void}} EngineModule
 * @typedef {{postMessage(message: unknown): void,
 *   addEventListener(type: 'message', listener: (e: MessageEvent) => void): void}} WorkerScope
 */

const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

/** @type {Promise<EngineModule> | null} */
let loading = null;
/** The question being answered, whose analysis reports its progress. */
let current = 0;

// The engine's script is imported by a computed address, when first needed:
// a page that never asks the engine anything never downloads it.
function engine() {
  if (!loading) {
    const url = new URL('engine/asterism-engine.js', import.meta.url).href;
    loading = import(url).then((m) => m.default({
      onProgress: (/** @type {string} */ text) => scope.postMessage({ id: current, progress: JSON.parse(text) }),
    }));
  }
  return loading;
}

/**
 * The engine's request for a question: a level's move unless it names
 * another operation.
 * @param {Record<string, unknown>} question
 */
function request(question) {
  const { id, ...rest } = question;
  if (rest.op) return rest;
  const { level, ...choice } = rest;
  return { ...choice, op: 'choose', player: `level:${level ?? 3}` };
}

scope.addEventListener('message', async (event) => {
  const question = event.data || {};
  const id = question.id;
  /** @type {EngineModule} */
  let module;
  try {
    module = await engine();
  } catch (error) {
    loading = null;
    scope.postMessage({ id, ok: false, unavailable: true, error: `the engine did not load: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  try {
    current = id;
    const answer = JSON.parse(module.ccall('asterism_request', 'string', ['string'], [JSON.stringify(request(question))]));
    scope.postMessage({ id, ...answer });
  } catch (error) {
    // An abort (a trap, memory that cannot grow) leaves the module unusable:
    // the next question loads it afresh.
    loading = null;
    scope.postMessage({ id, ok: false, memory: true, error: `the engine failed: ${error instanceof Error ? error.message : String(error)}` });
  }
});
