// The host's bots in the lobby: a strength and "Ajouter un bot"; on each bot's tile a
// "Retirer" button (docs/bots.md). Everyone sees who is a bot from the badge on its name.
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

/** Host-only, on a bot's tile in the lobby: takes the bot off the table. */
export function removeBotButton(app, bot) {
  return h("button", {
    type: "button", class: "kick-x", dataset: { key: `remove-${bot.id}`, removeBot: bot.id },
    "aria-label": t("bots.remove_label", { name: bot.name }), text: "✕",
    onclick: () => app.send("remove_bot", { player_id: bot.id }),
  });
}

/** The badge on a bot's name, wherever names are shown. */
export function botTag(player) {
  return player.bot
    ? h("span", { class: "tag", dataset: { bot: player.bot }, text: `🤖 ${t("tag.bot", { strength: t(`bots.strength.${player.bot}`) })}` })
    : null;
}
