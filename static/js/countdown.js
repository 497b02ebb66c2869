// The countdown bar: drawn from the server's absolute deadline (clock-offset corrected),
// turning to the warning style in the last 10 s, which are also announced to screen readers.
// The number of seconds is always written, so the warning never relies on colour alone.
import { h } from "./dom.js";
import { realSeconds, secondsLeft } from "./clock.js";
import { t } from "./i18n.js";
import { announce } from "./live.js";

const WARNING_SECONDS = 10;

/** countdown({warn: false}) for a pause nobody has to act in (no warning, no announcement). */
export function countdown({ warn = true } = {}) {
  const fill = h("span", { class: "countdown-fill" });
  const label = h("span", { class: "countdown-label" });
  const el = h("div", { class: "countdown", hidden: true }, h("span", { class: "countdown-track" }, fill), label);
  let deadline = null;
  let total = null;
  let warned = false;
  let frame = null;

  function tick() {
    const left = secondsLeft(deadline);
    if (left === null) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const whole = Math.ceil(left);
    const warning = warn && left <= WARNING_SECONDS;
    el.classList.toggle("warning", warning);
    fill.style.width = `${total ? Math.min(100, (100 * left) / total) : 0}%`;
    label.textContent = warning ? t("countdown.warning", { s: whole }) : t("countdown.left", { s: whole });
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
