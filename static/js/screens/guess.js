// Mr. White's guess: eliminated, he has 60 s to name the civilians' word (or grade);
// a right guess steals the victory. Everyone else waits.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { announce } from "../live.js";
import { draftForm } from "../draft.js";
import { nameOf } from "./common.js";

export function guessScreen(root, app) {
  const timer = countdown();
  const lead = h("p", { class: "big-news", id: "guess-lead" });
  const waiting = h("p", { class: "panel", id: "guess-waiting", role: "status" });
  let form = null;
  const slot = h("div");
  fill(root, h("div", { class: "stack" }, h("h1", { text: t("guess.title") }), lead, timer.el, slot, waiting));
  let announced = false;
  return {
    update(model) {
      const mine = model.game.guesser === model.myId;
      timer.set(model.deadline, 60);
      if (!form) {
        const grade = model.settings.mode === "grade";
        form = draftForm(app, {
          id: "guess-input", type: "guess", label: grade ? "guess.label_grade" : "guess.label_word",
          placeholder: grade ? "guess.placeholder_grade" : "guess.placeholder_word", submit: "guess.submit", maxLength: 60,
        });
        if (grade) {
          form.input.setAttribute("inputmode", "numeric");
        }
        fill(slot, form.el);
      }
      form.update(mine, `${model.seq}:guess`);
      lead.textContent = mine ? t("guess.you") : t("guess.other", { name: nameOf(model, model.game.guesser) });
      waiting.hidden = mine;
      waiting.textContent = t("guess.waiting", { name: nameOf(model, model.game.guesser) });
      if (mine && !announced) {
        announced = true;
        announce(lead.textContent, true);
        form.focus();
      }
    },
  };
}
