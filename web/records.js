// The local page's records (app.js): "Save record" and "Save PGN" download
// the game, "Load record or PGN" continues one in a new game. `format` is
// 'record' (asterism's own, docs/records.md) or 'pgn' (the chess-likes
// only); loading takes either, the server tells them apart.
import { saveFile, errorText } from './shared.js';
import { $, input, select } from './dom.js';
import { t, tn } from './i18n.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').RecordFile} RecordFile */

// Wires the three controls; `loaded(state)` shows a game just loaded.
/**
 * @param {{state: GameState|null}} ui
 * @param {{api: import('./shared.js').Api, message: (text: string, kind?: string) => void,
 *   loaded: (s: GameState) => void}} page
 */
export function wireRecords(ui, { api, message, loaded }) {
  /** @param {'record'|'pgn'} format */
  async function saveRecord(format) {
    if (!ui.state) return;
    try {
      const r = /** @type {RecordFile} */ (await api('GET', `/api/games/${ui.state.id}/${format}`));
      saveFile(r, format);
      message(t('rec.saved', { file: r.filename }), 'hint');
    } catch (e) {
      message(errorText(e));
    }
  }

  /** @param {File|undefined} file */
  async function loadRecord(file) {
    if (!file) return;
    try {
      const text = await file.text();
      const s = /** @type {import('./types.js').CreatedLocalGame} */ (await api('POST', '/api/games', {
        kind: 'local', record: text, players: [select('seat0').value, select('seat1').value], level: Number(select('level').value),
      })).state;
      message(tn('rec.loaded', s.ply, { file: file.name }), 'hint');
      loaded(s);
    } catch (e) {
      message(t('rec.failed', { file: file.name, why: errorText(e) }));
    } finally {
      input('load').value = '';
    }
  }

  $('save').addEventListener('click', () => saveRecord('record'));
  $('save-pgn').addEventListener('click', () => saveRecord('pgn'));
  $('load').addEventListener('change', () => loadRecord(input('load').files?.[0]));
}
