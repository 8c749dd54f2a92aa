// Rated means rated (issue 43, point 3): the server refuses a guest the
// other seat of a rated game (409), so the page says so before anyone
// tries. The creator's waiting line and links say that the other seat
// needs a signed-in player; the invitation's join form asks a guest to sign
// in or create an account first (in another tab, so the invitation stays
// open here) and offers the seat once they have.
import { $, button } from './dom.js';

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
