// The host's bots panel in the lobby: a strength and "Ajouter un bot" (docs/bots.md). The
// "Retirer" button on each bot's tile is the lobby's (lobby.js), the badge on a bot's name
// the tags' (common.js): those are drawn with the lobby's first screen, this panel after it.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export const STRENGTHS = ["debutant", "normal", "malin"];
const MAX_SEATS = 20;

export function botsPanel(app) {
  const strength = h("select", { id: "bot-strength", "aria-label": t("bots.strength") },
    STRENGTHS.map((s) => h("option", { value: s, text: t(`bots.strength.${s}`) })));
  strength.value = "normal";
  const add = h("button", { type: "button", class: "btn small", id: "add-bot", text: t("bots.add") });
  add.addEventListener("click", () => app.send("add_bot", { strength: strength.value }));
  const el = h("section", { class: "panel stack", id: "bots", "aria-labelledby": "bots-title" },
    h("h3", { id: "bots-title", text: t("bots.title") }),
    h("p", { class: "hint", text: t("bots.hint") }),
    h("div", { class: "row" }, strength, add),
  );
  return {
    el,
    update(model) {
      el.hidden = !model.isHost;
      add.disabled = model.players.length >= MAX_SEATS;
    },
  };
}
