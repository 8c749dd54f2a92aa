// What the local page (app.js) asks of its game's home besides moves: a
// draw offer and its answer, a position of the game to look at, undo, and
// the seats and level changed during a game.
import { select, input } from './dom.js';
import { errorText } from './shared.js';
import { t, side } from './i18n.js';
import { browsing as browsingOf } from './game.js';

/** @typedef {import('./app.js').LocalUi} LocalUi */
/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').TableState} TableState */
/** @typedef {import('./shared.js').Api} Api */

/**
 * @param {LocalUi} ui
 * @param {{api: Api, message: (text: string, kind?: string) => void, show: (s: GameState) => void,
 *   setState: (s: GameState, shown?: TableState) => void, render: () => void, renderStatus: () => void,
 *   analyse: () => void, maybeComputer: () => void}} page
 */
export function localActions(ui, { api, message, show, setState, render, renderStatus, analyse, maybeComputer }) {
  const browsing = () => browsingOf(ui);

  /** @param {'offer'|'accept'|'decline'} action */
  async function drawAction(action) {
    if (!ui.state || ui.busy || ui.preview) return;
    const id = ui.state.id;
    ui.busy = true;
    renderStatus();
    try {
      const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/draw`, { action }));
      ui.busy = false;
      if (ui.state.id !== id) return;
      if (s.answer) {
        const other = s.players.find((p) => p.seat === 'computer');
        const said = s.answer === 'accepted' ? 'draw.accepts' : 'draw.declines';
        message(t(said, { side: other ? side(other.name) : t('seat.computer.the') }), 'hint');
      } else if (action === 'decline') {
        message(t('draw.declined'), 'hint');
      } else {
        message('');
      }
      show(s);
    } catch (e) {
      ui.busy = false;
      message(errorText(e));
      render();
    }
  }


  /** @param {number} ply */
  async function browse(ply) {
    if (!ui.state || ui.preview) return;
    ply = Math.max(0, Math.min(ui.state.ply, ply));
    const id = ui.state.id;
    try {
      const shown = ply === ui.state.ply ? ui.state :
        /** @type {GameState} */ (await api('GET', `/api/games/${id}?ply=${ply}`));
      if (ui.state.id !== id) return;
      setState(ui.state, shown);
      ui.path = [];
      render();
      if (input('analysis').checked) analyse();
      if (!browsing()) maybeComputer();
    } catch (e) {
      message(errorText(e));
    }
  }

  async function undo() {
    if (ui.busy) return message(t('play.why.undo'));
    if (!ui.state) return;
    try {
      // Against the computer, undo takes back the computer's reply as well,
      // so that a person is to move again.
      const someoneComputer = ui.state.players.some((p) => p.seat === 'computer');
      const id = ui.state.id;
      const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/takeback`,
        someoneComputer ? { to_human: true } : { count: 1 }));
      if (ui.state.id !== id) return;
      message('');
      setState(s);
      ui.path = [];
      render();
    } catch (e) {
      message(errorText(e));
    }
  }

  async function changeSeats() {
    // A game not started takes its seats and level when "New game" starts it.
    if (!ui.state || ui.preview) return;
    const id = ui.state.id;
    try {
      const s = /** @type {GameState} */ (await api('POST', `/api/games/${id}/players`, {
        players: [select('seat0').value, select('seat1').value], level: Number(select('level').value),
      }));
      if (ui.state.id !== id) return;  // a new game began meanwhile
      setState(s, browsing() && ui.shown ? ui.shown : s);
      render();
      maybeComputer();
    } catch (e) {
      message(errorText(e));
    }
  }


  return { drawAction, browse, undo, changeSeats };
}
