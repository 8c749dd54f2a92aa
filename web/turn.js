// "Your move" signals of a game's page (the online page, and the local page
// against the computer): the tab's title starts "(your move) " (in the
// page's language) while it is this player's turn; when the turn comes
// back to them, a short beep (Web Audio, an oscillator: no sound file to load), on or off as the player
// chose (remembered in localStorage), and a browser notification while the
// page is hidden, if the player asked for them and the browser allowed it.
// The permission is asked only when the player ticks "Notify me", which is
// the user gesture browsers want for it.
import { $, input } from './dom.js';
import { t } from './i18n.js';

const SOUND = 'asterism-sound';
const NOTIFY = 'asterism-notify';

/** @type {AudioContext|null} */
let audio = null;

// Browsers let a page make sound only after a gesture on it: the audio
// context is made, or resumed, at the player's clicks and keys.
function unlock() {
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === 'suspended') audio.resume();
  } catch (e) {
    audio = null;  // no Web Audio here: the page stays silent
  }
}

// Two short tones, 880 then 660 Hz, about a fifth of a second in all.
function beep() {
  if (!audio || audio.state !== 'running') return;
  const t = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(880, t);
  osc.frequency.setValueAtTime(660, t + 0.09);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.25, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.2);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + 0.21);
}

const canNotify = () => 'Notification' in window;

/** @param {string} title @param {string} body */
function notify(title, body) {
  if (!canNotify() || !document.hidden || Notification.permission !== 'granted' ||
    localStorage.getItem(NOTIFY) !== 'on') return;
  const n = new Notification(title, { body, tag: 'asterism-your-move' });
  n.addEventListener('click', () => { window.focus(); n.close(); });
}

/**
 * The signals of one page, wired to its "Sound" (#sound) and "Notify me"
 * (#notify) boxes. update(mine, title, body) is called at every redraw:
 * `mine` whether this player is to move, `title` the page's title without
 * the prefix, `body` the notification's line. The sound and the
 * notification mark a turn coming back, not the first look at a game
 * (reset() when another game is shown). Each signal given is counted in
 * the body's data-turn-signals, for tests.
 */
export function turnSignals() {
  /** @type {boolean|null} */
  let was = null;
  let given = 0;
  const sound = input('sound');
  const notifyBox = input('notify');
  sound.checked = localStorage.getItem(SOUND) !== 'off';
  sound.addEventListener('change', () => {
    localStorage.setItem(SOUND, sound.checked ? 'on' : 'off');
    if (sound.checked) { unlock(); beep(); }
  });
  $('notify-label').hidden = !canNotify();
  notifyBox.checked = canNotify() && Notification.permission === 'granted' && localStorage.getItem(NOTIFY) === 'on';
  notifyBox.addEventListener('change', async () => {
    localStorage.setItem(NOTIFY, notifyBox.checked ? 'on' : 'off');
    if (!notifyBox.checked || !canNotify() || Notification.permission === 'granted') return;
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') {
      notifyBox.checked = false;
      localStorage.setItem(NOTIFY, 'off');
      notifyBox.title = t('turn.denied');
    }
  });
  for (const e of ['pointerdown', 'keydown']) document.addEventListener(e, unlock, { capture: true });

  /** @param {boolean} mine @param {string} title @param {string} body */
  function update(mine, title, body) {
    document.title = (mine ? t('turn.yours') : '') + title;
    if (mine && was === false) {
      if (sound.checked) beep();
      notify(title, body);
      document.body.dataset.turnSignals = String(++given);
    }
    was = mine;
  }
  return { update, reset: () => { was = null; } };
}
