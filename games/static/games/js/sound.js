// A quiet move sound made with WebAudio (no sound file, nothing fetched, nothing for the CSP
// to allow), and the player's choice to turn it off, kept in localStorage.

import { gettext } from "./i18n.js";

const KEY = "raumschach.sound";
let context = null;

export function soundOn() {
  try {
    return window.localStorage.getItem(KEY) !== "off";
  } catch {
    return true; // storage refused (private mode): the default
  }
}

export function setSoundOn(on) {
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // the choice lasts for this page only
  }
}

/** Tones [[offset s, frequency Hz, length s], ...] at `volume`; silently nothing where audio
 * is unavailable or the player turned sounds off. */
function playTones(tones, volume) {
  if (!soundOn()) return;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    context = context || new Context();
    // Browsers start audio suspended until the page had a click; resume() then just waits.
    if (context.state === "suspended") context.resume().catch(() => {});
    const now = context.currentTime;
    for (const [offset, frequency, length] of tones) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(volume, now + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + length);
      tone.connect(gain).connect(context.destination);
      tone.start(now + offset);
      tone.stop(now + offset + length + 0.01);
    }
  } catch {
    // no audio device or a refused context: the move still shows
  }
}

/** A short, soft two-tone click (quiet: 6 % volume). */
export function playMoveSound() {
  playTones([[0, 660, 0.12], [0.07, 880, 0.12]], 0.06);
}

/** The low-time warning of a live game (issue 46): three short high beeps, once when the
 * player's own clock falls under the warning time; the same on/off choice as the move sound. */
export function playLowTimeSound() {
  if (!soundOn()) return;
  // Counted on the page (data-low-time-sounds) so one can see it sounded once, not per tick.
  const body = document.body;
  body.dataset.lowTimeSounds = String(Number(body.dataset.lowTimeSounds || 0) + 1);
  playTones([[0, 1175, 0.08], [0.14, 1175, 0.08], [0.28, 1175, 0.08]], 0.08);
}

/** Wire a toggle button (aria-pressed, text "Move sound: on|off"). */
export function bindSoundToggle(button) {
  if (!button) return;
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? gettext("Move sound: on") : gettext("Move sound: off");
  };
  button.addEventListener("click", () => {
    setSoundOn(!soundOn());
    show();
    if (soundOn()) playMoveSound(); // the click also lets the browser start audio
  });
  show();
}
