// Role reveal: tap the card to see your word (or grade, or "Tu es Mr. White"), tap again
// to hide it, then confirm — possible only once the card was opened. Confirming hides the
// card again (the phone may lie on the table). Over when everyone confirmed or after the
// server's delay; whoever never looked is shown their card before their first clue.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { cardButton } from "../rolecard.js";
import { countdown } from "../countdown.js";
import { store } from "../store.js";

export function roleScreen(root, app) {
  const timer = countdown();
  const cardSlot = h("div", { id: "card-slot" });
  const confirm = h("button", { type: "button", class: "btn primary", id: "confirm-role", text: t("role.confirm") });
  const why = h("p", { class: "hint", id: "confirm-why" });
  const ready = h("p", { class: "tally", id: "ready-count", role: "status" });
  confirm.addEventListener("click", () => app.send("confirm_role"));
  const intro = h("p", { class: "hint", id: "role-intro", text: t("role.intro") });
  fill(root, h("div", { class: "stack narrow" },
    h("h1", { text: t("role.title") }),
    intro, cardSlot, confirm, why, ready, timer.el,
  ));
  let shownFor = null;
  return {
    update(model) {
      timer.set(model.deadline);
      const seen = store.cardSeen(app.code) === String(model.gameNo);
      // Redrawn (hidden) when the secret changes and once confirmed.
      const key = `${JSON.stringify(model.secret)}:${model.confirmed}`;
      if (key !== shownFor) {
        shownFor = key;
        // Watching (a late arrival, told so once by the banner): no card, no "hide your screen".
        fill(cardSlot, !model.secret
          ? h("p", { class: "panel", id: "role-watching", text: t("role.watching") })
          : model.confirmed
            ? h("p", { class: "panel card-put-away", id: "card-put-away", text: t("role.put_away") })
            : cardButton(model.secret, () => {
                store.setCardSeen(app.code, String(model.gameNo));
                app.render();
              }));
      }
      confirm.hidden = !model.secret;
      intro.hidden = !model.secret;
      confirm.disabled = model.confirmed || !seen;
      confirm.textContent = model.confirmed ? t("role.confirmed") : t("role.confirm");
      why.hidden = !model.secret || model.confirmed || seen;
      why.textContent = t("role.open_first");
      ready.textContent = t("role.ready", { n: model.confirmedCount, total: model.activeCount });
    },
  };
}
