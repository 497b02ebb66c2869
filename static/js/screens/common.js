// Pieces shared by several screens: player tags (words + symbols, never colour alone),
// the screen heading with the countdown, the kick button.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** Tags next to a player's name: host, you, connection, out of the game. */
export function playerTags(model, player, { connection = true } = {}) {
  const tags = [];
  if (player.id === model.hostId) tags.push(h("span", { class: "tag accent", text: `👑 ${t("tag.host")}` }));
  if (player.id === model.myId) tags.push(h("span", { class: "tag", text: t("tag.you") }));
  if (player.eliminated) tags.push(h("span", { class: "tag bad", text: `✖ ${t("tag.eliminated")}` }));
  if (player.kicked) tags.push(h("span", { class: "tag bad", text: `⛔ ${t("tag.kicked")}` }));
  if (connection && !player.kicked) {
    tags.push(player.connected
      ? h("span", { class: "tag good", text: `● ${t("tag.online")}` })
      : h("span", { class: "tag warn", text: `○ ${t("tag.offline")}` }));
  }
  return h("span", { class: "tags" }, tags);
}

/** The role a revealed player had, in words. */
export function roleName(role) {
  return role ? t(`role.${role}`) : t("role.hidden");
}

/** "Alex" for an id (or a placeholder when the id is unknown). */
export function nameOf(model, id) {
  if (id === null || id === undefined) return "—";
  const player = model.byId[id];
  return player ? player.name : t("common.someone");
}

/** Host-only: kick buttons for players still in the game. */
export function kickList(app, model, ids) {
  if (!model.isHost) return null;
  const others = ids.filter((id) => id !== model.myId && model.byId[id] && !model.byId[id].kicked);
  if (!others.length) return null;
  return h("details", { class: "panel kick-panel" },
    h("summary", { text: t("kick.title") }),
    h("p", { class: "hint", text: t("kick.hint") }),
    h("div", { class: "checks" }, others.map((id) =>
      h("button", {
        type: "button", class: "btn small danger", dataset: { kick: id },
        "aria-label": t("lobby.kick_label", { name: nameOf(model, id) }),
        text: `⛔ ${nameOf(model, id)}`,
        onclick: () => askKick(app, nameOf(model, id), id),
      }),
    )),
  );
}

/** Kick = ban, so the host confirms first. */
export function askKick(app, name, id) {
  if (window.confirm(t("kick.confirm", { name }))) app.send("kick", { player_id: id });
}
