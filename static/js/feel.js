// Sound and haptics on the big moments (your turn, a vote resolved, a reveal, the end), off
// with the mute toggle in the top bar, remembered on the device. The sounds are synthesised
// (a few notes with the Web Audio API): no file to download.
import { store } from "./store.js";
import { t } from "./i18n.js";

const NOTES = {
  turn: [[660, 0, 0.12], [880, 0.14, 0.18]],
  vote: [[440, 0, 0.1], [330, 0.12, 0.2]],
  reveal: [[523, 0, 0.12], [392, 0.14, 0.12], [262, 0.28, 0.3]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.35]],
  miss: [[300, 0, 0.18], [220, 0.2, 0.3]],
};
const BUZZ = { turn: [200, 100, 200], vote: [80], reveal: [60, 60, 120], win: [100, 50, 100, 50, 200], miss: [150] };

let audio = null;

export function muted() {
  return store.muted();
}

/** Play the cue for a moment ("turn", "vote", "reveal", "win", "miss") unless muted. */
export function cue(kind) {
  if (muted()) return;
  if (navigator.vibrate && BUZZ[kind]) {
    try {
      navigator.vibrate(BUZZ[kind]);
    } catch {
      /* not allowed before a tap: fine */
    }
  }
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context || !NOTES[kind]) return;
  try {
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    for (const [frequency, at, length] of NOTES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + length + 0.05);
    }
  } catch {
    /* no audio on this device: the screen says it all */
  }
}

/** The top bar's toggle: 🔔 / 🔕, with its state in words for screen readers. */
export function initMute(button) {
  const draw = () => {
    const off = muted();
    button.textContent = off ? "🔕" : "🔔";
    button.setAttribute("aria-pressed", String(off));
    button.setAttribute("aria-label", t("sound.mute"));
    button.title = t(off ? "sound.off" : "sound.on");
  };
  button.addEventListener("click", () => {
    store.setMuted(!muted());
    draw();
    if (!muted()) cue("vote");
  });
  draw();
  return draw;
}
