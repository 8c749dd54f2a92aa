// The local page's records (app.js): "Save record" and "Save PGN" download
// the game, "Load record or PGN" continues one in a new game. `format` is
// 'record' (asterism's own, docs/records.md) or 'pgn' (the chess-likes
// only); loading takes either, the server tells them apart.
import { saveFile } from './shared.js';

const $ = (id) => document.getElementById(id);

// Wires the three controls; `loaded(state)` shows a game just loaded.
export function wireRecords(ui, { api, message, loaded }) {
  async function saveRecord(format) {
    try {
      const r = await api('GET', `/api/sessions/${ui.state.id}/${format}`);
      saveFile(r, format);
      message(`Saved as ${r.filename}.`, 'hint');
    } catch (e) {
      message(e.message);
    }
  }

  async function loadRecord(file) {
    if (!file) return;
    try {
      const text = await file.text();
      const s = await api('POST', '/api/records', {
        record: text, players: [$('seat0').value, $('seat1').value], level: Number($('level').value),
      });
      message(`Loaded ${file.name}: ${s.ply} moves.`, 'hint');
      loaded(s);
    } catch (e) {
      message(`Cannot load ${file.name}: ${e.message}`);
    } finally {
      $('load').value = '';
    }
  }

  $('save').addEventListener('click', () => saveRecord('record'));
  $('save-pgn').addEventListener('click', () => saveRecord('pgn'));
  $('load').addEventListener('change', () => loadRecord($('load').files[0]));
}
