// Mr. White's guess, a spotlight on every screen: he was found out and has 60 s to name the
// civilians' word (or grade); a right guess steals the victory. Everyone else watches the
// clue wall with him. What he proposed is shown on the next screen ("Raté !" or "Volé !").
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { announce } from "../stage.js";
import { draftForm } from "../draft.js";
import { clueWall } from "../cluewall.js";
import { avatar, nameOf } from "./common.js";

export function guessScreen(root, app) {
  const timer = countdown({ ring: true });
  const lead = h("p", { class: "big-news", id: "guess-lead" });
  const waiting = h("p", { class: "spot-text", id: "guess-waiting", role: "status" });
  let form = null;
  const slot = h("div");
  const wall = clueWall(app, { compact: true }); // rows of two lines: in view under his field
  fill(root, h("div", { class: "play-grid" },
    h("div", { class: "stack play-main" }, h("h1", { text: t("guess.title") }),
      h("section", { class: "spotlight mr-white", "aria-labelledby": "guess-lead" }, timer.el, lead, waiting), slot),
    h("div", { class: "stack play-side" }, wall.el),
  ));
  let announced = false;
  return {
    update(model) {
      const mine = model.game.guesser === model.myId;
      timer.set(model.deadline, 60);
      fill(timer.face, avatar(model.byId[model.game.guesser] || { name: nameOf(model, model.game.guesser) }, "big"));
      if (!form) {
        const grade = model.settings.mode === "grade";
        form = draftForm(app, {
          id: "guess-input", type: "guess", label: grade ? "guess.label_grade" : "guess.label_word",
          placeholder: grade ? "guess.placeholder_grade" : "guess.placeholder_word", submit: "guess.submit", maxLength: 60,
          tip: "tip.guess",
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
      wall.update(model);
    },
  };
}
