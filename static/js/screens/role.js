// Role reveal: tap the card to see your word (or grade, or "Tu es Mr. White"), tap again
// to hide it, then confirm. Over when everyone confirmed or after the server's delay.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton } from "../rolecard.js";
import { countdown } from "../countdown.js";

export function roleScreen(root, app) {
  const timer = countdown();
  const cardSlot = h("div", { id: "card-slot" });
  const confirm = h("button", { type: "button", class: "btn primary", id: "confirm-role", text: t("role.confirm") });
  const ready = h("p", { class: "tally", id: "ready-count", role: "status" });
  confirm.addEventListener("click", () => app.send("confirm_role"));
  fill(root, h("div", { class: "stack" },
    h("h1", { text: t("role.title") }),
    h("p", { class: "hint", text: t("role.intro") }),
    cardSlot, confirm, ready, timer.el,
  ));
  let shownSecret = null;
  return {
    update(model) {
      timer.set(model.deadline);
      const key = JSON.stringify(model.secret);
      if (key !== shownSecret) {
        shownSecret = key;
        fill(cardSlot, model.secret ? cardButton(model.secret) : h("p", { class: "panel", text: t("role.spectator") }));
      }
      confirm.hidden = !model.secret;
      confirm.disabled = model.confirmed;
      confirm.textContent = model.confirmed ? t("role.confirmed") : t("role.confirm");
      ready.textContent = t("role.ready", { n: model.confirmedCount, total: model.activeCount });
    },
  };
}
