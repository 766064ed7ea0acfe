// A quiet move sound made with WebAudio (no sound file, nothing fetched, nothing for the CSP
// to allow), and the player's choice to turn it off, kept in localStorage.

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

/** A short, soft two-tone click; silently nothing where audio is unavailable. */
export function playMoveSound() {
  if (!soundOn()) return;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    context = context || new Context();
    // Browsers start audio suspended until the page had a click; resume() then just waits.
    if (context.state === "suspended") context.resume().catch(() => {});
    const now = context.currentTime;
    for (const [offset, frequency] of [[0, 660], [0.07, 880]]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.06, now + offset + 0.01); // quiet: 6 % volume
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.12);
      tone.connect(gain).connect(context.destination);
      tone.start(now + offset);
      tone.stop(now + offset + 0.13);
    }
  } catch {
    // no audio device or a refused context: the move still shows
  }
}

/** Wire a toggle button (aria-pressed, text "Move sound: on|off"). */
export function bindSoundToggle(button) {
  if (!button) return;
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = `Move sound: ${on ? "on" : "off"}`;
  };
  button.addEventListener("click", () => {
    setSoundOn(!soundOn());
    show();
    if (soundOn()) playMoveSound(); // the click also lets the browser start audio
  });
  show();
}
