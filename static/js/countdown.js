// Countdowns drawn from the server's absolute deadline (clock-offset corrected): a bar, or a
// ring around the speaker's face that pulses in the last 5 s. Both turn to the warning style
// in the last 10 s, which are also announced to screen readers; the number of seconds is
// always written, so the warning never relies on colour alone.
import { h } from "./dom.js";
import { realSeconds, secondsLeft } from "./clock.js";
import { t } from "./i18n.js";
import { announce } from "./stage.js";

const WARNING_SECONDS = 10;
const PULSE_SECONDS = 5;

/** countdown({warn: false}) for a pause nobody has to act in (no warning, no announcement);
 *  countdown({ring: true}): a ring whose `face` slot holds who the time is for. */
export function countdown({ warn = true, ring = false } = {}) {
  const bar = ring ? null : h("span", { class: "countdown-fill" });
  const label = h("span", { class: "countdown-label" });
  const face = ring ? h("span", { class: "ring-face" }) : null;
  const el = ring
    ? h("div", { class: "countdown ring", hidden: true }, face, label)
    : h("div", { class: "countdown", hidden: true }, h("span", { class: "countdown-track" }, bar), label);
  let deadline = null;
  let total = null;
  let warned = false;
  let frame = null;

  function tick() {
    const left = secondsLeft(deadline);
    el.classList.toggle("no-timer", left === null);
    if (left === null) {
      // No timer: the ring still frames who is on, without a number.
      el.hidden = !ring;
      label.textContent = "";
      el.classList.remove("warning", "pulse");
      return;
    }
    el.hidden = false;
    const whole = Math.ceil(left);
    const warning = warn && left <= WARNING_SECONDS;
    const share = total ? Math.min(1, left / total) : 0;
    el.classList.toggle("warning", warning);
    el.classList.toggle("pulse", warn && left > 0 && left <= PULSE_SECONDS);
    if (bar) bar.style.width = `${100 * share}%`;
    else el.style.setProperty("--p", String(share));
    label.textContent = ring
      ? t("countdown.left", { s: whole })
      : warning ? t("countdown.warning", { s: whole }) : t("countdown.left", { s: whole });
    if (warning && !warned && left > 0) {
      warned = true;
      announce(t("countdown.warning", { s: whole }), true);
    }
  }

  function loop() {
    tick();
    frame = el.isConnected ? setTimeout(loop, 250) : null;
  }

  return {
    el,
    face,
    /** Follow `newDeadline` (epoch seconds, server clock), or hide with null. */
    set(newDeadline, totalSeconds) {
      if (newDeadline !== deadline) {
        warned = false;
        deadline = typeof newDeadline === "number" ? newDeadline : null;
        total = totalSeconds ? realSeconds(totalSeconds) : secondsLeft(deadline);
      }
      tick();
      if (frame === null) frame = setTimeout(loop, 250);
    },
  };
}
