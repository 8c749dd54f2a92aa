// What the local page (app.js) says of its game beside the board: the
// status line, the draw offer's banner and the end of a game. They read
// the page's state and draw; nothing here asks the server.
import { $, button } from './dom.js';
import { resultLine } from './names.js';
import { t, side } from './i18n.js';
import { browsing as browsingOf } from './game.js';
import { drawScore } from './panels.js';

/** @typedef {import('./app.js').LocalUi} LocalUi */

/**
 * The seat of `player` in the game on screen: "human", "computer", ...
 * @param {LocalUi} ui @param {number} player
 */
export function seatOf(ui, player) {
  const p = ui.state?.players[player];
  return p ? p.seat : 'human';
}

/** @param {LocalUi} ui */
export function localStatus(ui) {
  const browsing = () => browsingOf(ui);
  /** @param {number} player */
  const seat = (player) => seatOf(ui, player);

  function renderStatus() {
    const s = ui.shown, game = ui.state;
    if (!s || !game) return;
    let text;
    if (s.terminal) text = t('status.gameOver', { result: resultLine(s) });
    else {
      const p = s.players[s.to_move];
      // Against the computer, the person's own turn says so (which side is
      // theirs is otherwise only in the setup); a position looked back at
      // is nobody's turn.
      const other = s.players.length === 2 ? s.players[1 - s.to_move] : null;
      const you = p.seat === 'human' && other?.seat === 'computer' && !browsing();
      text = t('status.toMove', { side: side(p.name, 'gen') }) +
        (p.seat === 'computer' ? t('status.computer') : you ? t('status.you') : '');
    }
    if (ui.preview) text = t('status.preview');
    else if (browsing()) text = t('status.looking', { shown: s.ply, ply: game.ply, text });
    else if (ui.busy) text += t('status.thinking');
    $('status').textContent = text;
    $('status').dataset.terminal = String(game.terminal);
    $('status').dataset.ply = String(game.ply);
    $('status').dataset.busy = String(ui.busy);
  }


  // The end of a game: its result and final score, and what to do next:
  // a rematch with the colours swapped, a review, or a new game.
  function renderEnd() {
    const s = ui.state, game = ui.game;
    const over = !!s && !!game && s.terminal && !browsing() && !ui.preview;
    $('game-end').hidden = !over;
    if (!over || !s || !game) return;
    $('game-end-text').textContent = t('status.gameOver', { result: resultLine(s) });
    drawScore($('game-end-score'), game, ui);
  }

  // Draws by agreement: "Offer draw" while a person may offer one, and a
  // banner with Accept and Decline while an offer to a person stands.
  function renderDraw() {
    const s = ui.state;
    if (!s) return;
    const draw = s.draw || { offered_by: -1, agreed: false };
    const people = s.players.filter((p) => p.seat === 'human').length;
    const offer = draw.offered_by;
    button('draw-offer').disabled = ui.preview || s.terminal || browsing() || ui.busy || s.players.length !== 2 ||
      people === 0 || offer >= 0;
    const toPerson = offer >= 0 && !s.terminal && seat(1 - offer) === 'human';
    $('draw-banner').hidden = !toPerson || browsing() || ui.preview;
    if (toPerson) {
      $('draw-text').textContent = t('draw.offers', { side: side(s.players[offer].name),
        who: seat(offer) === 'computer' ? t('status.computer') : '', other: side(s.players[1 - offer].name) });
    }
  }


  return { renderStatus, renderEnd, renderDraw };
}
