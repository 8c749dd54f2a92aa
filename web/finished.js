// A finished online game (online.js): stepping back through it, saving it
// as a record or PGN, and opening it for analysis at the local page, at the
// move on screen. finishedGame(ui, page) closes over the online page's state
// `ui` and its helpers `page` = {api, message, render}; it returns
// {replayTo, wire}.
import { saveFile, errorText } from './shared.js';
import { $ } from './dom.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').RecordFile} RecordFile */
/** @typedef {import('./types.js').CreatedLocalGame} CreatedLocalGame */
/** @typedef {import('./shared.js').Api} Api */
/**
 * What this module needs of the online page's state (online.js, OnlineUi).
 * @typedef {{id: string|null, state: GameState|null, path: string[],
 *   replay: {ply: number, total: number, state: GameState}|null,
 *   replaySession: {game: string, id: string}|null}} FinishedUi
 */

/**
 * @param {FinishedUi} ui
 * @param {{api: Api, message: (text: string, kind?: string) => void, render: () => void}} page
 */
export function finishedGame(ui, { api, message, render }) {
  async function sessionFromRecord() {
    const r = /** @type {RecordFile} */ (await api('GET', `/api/games/${ui.id}/record`));
    const made = /** @type {CreatedLocalGame} */ (await api('POST', '/api/games', { kind: 'local', record: r.record, players: ['human', 'human'] }));
    return made.state;
  }

  // Positions of a finished game come from a local game loaded from its
  // record (the server's browsing API), made on the first step back.
  /** @param {number} ply */
  async function replayTo(ply) {
    const s = ui.state, id = ui.id;
    if (!s || !s.terminal || !id) return;
    ply = Math.max(0, Math.min(s.ply, ply));
    try {
      if (ply === s.ply) {
        ui.replay = null;  // the final position: the game itself
      } else {
        if (!ui.replaySession || ui.replaySession.game !== id)
          ui.replaySession = { game: id, id: (await sessionFromRecord()).id };
        const state = /** @type {GameState} */ (await api('GET', `/api/games/${ui.replaySession.id}?ply=${ply}`));
        if (!ui.state || ui.state.id !== s.id) return;
        ui.replay = { ply, total: s.ply, state };
      }
      ui.path = [];
      render();
    } catch (e) {
      message(errorText(e));
    }
  }

  /** @param {'record'|'pgn'} format */
  async function download(format) {
    try {
      const r = /** @type {RecordFile} */ (await api('GET', `/api/games/${ui.id}/${format}`));
      saveFile(r, format);
    } catch (e) {
      message(errorText(e));
    }
  }

  // Opens the game at the local page as lichess's analysis board does: the
  // whole game (a fresh local game from its record, every move kept, to step
  // through), at the move on screen, which that page analyses at once.
  async function analyse() {
    try {
      const session = await sessionFromRecord();
      const ply = ui.replay ? ui.replay.ply : ui.state?.ply ?? 0;
      location.href = `index.html#session=${session.id}&ply=${ply}`;
    } catch (e) {
      message(errorText(e));
    }
  }

  function wire() {
    $('first').addEventListener('click', () => replayTo(0));
    const ply = () => (ui.replay ? ui.replay.ply : ui.state?.ply ?? 0);
    $('back').addEventListener('click', () => replayTo(ply() - 1));
    $('forward').addEventListener('click', () => replayTo(ply() + 1));
    $('last').addEventListener('click', () => replayTo(ui.state?.ply ?? 0));
    $('save').addEventListener('click', () => download('record'));
    $('save-pgn').addEventListener('click', () => download('pgn'));
    $('analyse').addEventListener('click', analyse);
  }

  return { replayTo, wire };
}
