// Rated means rated (issue 43, point 3): the server refuses a guest the
// other seat of a rated game (409), so the page says so before anyone
// tries. The creator's waiting line and links say that the other seat
// needs a signed-in player; the invitation's join form asks a guest to sign
// in or create an account first (in another tab, so the invitation stays
// open here) and offers the seat once they have. Once it has ended, both
// players' rating changes are shown under the result.
import { $, button } from './dom.js';
import { t } from './i18n.js';

// Whether this browser is signed in, asked again when the page comes back
// into view (the guest may just have signed in in the other tab).
/** @type {boolean|null} */
let signedIn = null;
/** @type {(() => void)|null} */
let redraw = null;

async function ask() {
  try {
    signedIn = (await fetch('/api/account')).ok;
  } catch (e) {
    signedIn = false;
  }
  if (redraw) redraw();
}

document.addEventListener('visibilitychange', () => { if (!document.hidden && signedIn === false) ask(); });
window.addEventListener('focus', () => { if (signedIn === false) ask(); });

/**
 * The join form of a rated game: for a guest, the words asking them to sign
 * in and a disabled button; for an account, the button as usual.
 * @param {boolean} rated @param {boolean} joinShown @param {() => void} again  redraws the page
 */
export function renderRatedJoin(rated, joinShown, again) {
  redraw = again;
  if (rated && joinShown && signedIn === null) {
    signedIn = false;
    ask();
  }
  const guest = rated && joinShown && signedIn !== true;
  $('join-rated').hidden = !guest;
  button('join-button').disabled = guest;
}

// ---- the rating changes of a rated game that has ended ------------------------

/** @type {string} */
let changesShown = '';

/**
 * Under the result of a rated game that has ended, both players' rating
 * changes: each account's rating after this game (its point in the
 * account's rating history) and before it (the point before, or the
 * starting 1500). A game that counted for nobody (fewer than two moves)
 * has no point, and shows none.
 * @param {import('./types.js').GameState} s
 */
export async function renderRatingChanges(s) {
  const box = $('rating-changes');
  const done = s.terminal && s.rated;
  if (!done) {
    box.hidden = true;
    changesShown = '';
    return;
  }
  if (changesShown === s.id) return;
  changesShown = s.id;
  const kind = s.clock && s.clock.kind === 'fischer' ? 'live' : 'correspondence';
  const lines = [];
  for (const seat of s.seats) {
    if (!seat.account || !seat.name) continue;
    try {
      const r = await fetch(`/api/players/${encodeURIComponent(seat.name)}/rating-history?game=${encodeURIComponent(s.game)}&class=${kind}`);
      if (!r.ok) continue;
      const points = /** @type {import('./types-social.js').RatingHistory} */ (await r.json()).points;
      const i = points.findIndex((p) => p.game_id === s.id);
      if (i < 0) continue;
      const after = Math.round(points[i].rating), before = Math.round(i > 0 ? points[i - 1].rating : 1500);
      const change = after - before;
      lines.push(t('og.rating.change', { name: seat.name, before, after, change: `${change >= 0 ? '+' : '\u2212'}${Math.abs(change)}` }));
    } catch (e) {
      // A change the server cannot tell now is left out, not guessed.
    }
  }
  if (changesShown !== s.id) return;
  box.textContent = lines.length ? `${t('og.rating.title')} ${lines.join('; ')}.` : '';
  box.hidden = !lines.length;
}
