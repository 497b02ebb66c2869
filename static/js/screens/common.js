// Pieces shared by several screens: player tags (words + symbols, never colour alone),
// the kick button and its in-page confirmation.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";

/** A player's face: their avatar (or initial) on their colour; decorative, the name says who. */
export function avatar(player, size = "") {
  const face = player.avatar || (player.name ? [...player.name][0].toUpperCase() : "?");
  return h("span", {
    class: `avatar${size ? ` ${size}` : ""}`, "aria-hidden": "true",
    style: { "--c": player.color }, text: face,
  });
}

/** Avatar + name of a player id, as one inline piece. */
export function who(model, id, size = "") {
  const player = model.byId[id] || { id, name: nameOf(model, id) };
  return h("span", { class: "who" }, avatar(player, size), h("span", { class: "name", text: player.name }));
}

/** The badge on a bot's name, wherever names are shown. */
export function botTag(player) {
  return player.bot
    ? h("span", { class: "tag", dataset: { bot: player.bot }, text: `🤖 ${t("tag.bot", { strength: t(`bots.strength.${player.bot}`) })}` })
    : null;
}

/** Tags next to a player's name: host, you, connection, out of the game. */
export function playerTags(model, player, { connection = true, you = true, host = true } = {}) {
  const tags = [];
  if (host && player.id === model.hostId) tags.push(h("span", { class: "tag accent", text: `👑 ${t("tag.host")}` }));
  if (you && player.id === model.myId) tags.push(h("span", { class: "tag", text: t("tag.you") }));
  if (player.bot) tags.push(botTag(player));
  if (player.eliminated) {
    // A revealed role stays shown for the rest of the game.
    const role = player.revealedRole ? ` · ${roleName(player.revealedRole)}` : "";
    // The one just voted out: said once their card has flipped (style.css: .after-flip).
    const fresh = model.phase === "reveal" && model.reveal && model.reveal.eliminated === player.id;
    tags.push(h("span", { class: `tag bad${fresh ? " after-flip" : ""}`, dataset: { role: player.revealedRole || "" }, text: `✖ ${t("tag.eliminated")}${role}` }));
  }
  if (player.kicked) tags.push(h("span", { class: "tag bad", text: `⛔ ${t("tag.kicked")}` }));
  if (connection && !player.kicked && !player.bot) {
    tags.push(player.connected
      ? h("span", { class: "tag good", text: `● ${t("tag.online")}` })
      : h("span", { class: "tag warn", text: `○ ${t("tag.offline")}` }));
  }
  return h("span", { class: "tags" }, tags);
}

/** The role a revealed player had, in words. */
export function roleName(role) {
  if (!role) return t("role.hidden");
  // Accessibility mode: a shape per camp beside its name (colours are never the only sign).
  const shape = document.documentElement.dataset.a11y === "on" ? CAMP_SHAPES[role] : null;
  return shape ? `${shape} ${t(`role.${role}`)}` : t(`role.${role}`);
}

const CAMP_SHAPES = { civilian: "●", undercover: "▲", mr_white: "◆" };

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

/** Kick = ban, so the host confirms first, in the page (not the browser's confirm()). */
export async function askKick(app, name, id) {
  const yes = await confirmDialog({
    title: t("kick.confirm", { name }), text: t("kick.hint"), yes: t("kick.yes", { name }), danger: true,
  });
  if (yes) app.send("kick", { player_id: id });
}

/** An in-page yes/no question; resolves true on "yes". Escape or the backdrop say no. */
export function confirmDialog({ title, text, yes, no = t("common.cancel"), danger = false }) {
  const dialog = document.getElementById("confirm-dialog");
  return new Promise((resolve) => {
    let answer = false;
    const cancel = h("button", { type: "button", class: "btn", id: "confirm-no", text: no, onclick: () => dialog.close() });
    const ok = h("button", {
      type: "button", class: `btn ${danger ? "danger" : "primary"}`, id: "confirm-yes", text: yes,
      onclick: () => { answer = true; dialog.close(); },
    });
    fill(dialog,
      h("div", { class: "sheet-body stack" },
        h("h2", { id: "confirm-title", text: title }),
        text ? h("p", { class: "hint", text }) : null,
        h("div", { class: "row" }, cancel, ok)));
    dialog.onclick = (event) => { if (event.target === dialog) dialog.close(); };
    dialog.addEventListener("close", () => resolve(answer), { once: true });
    dialog.showModal();
    cancel.focus();
  });
}
