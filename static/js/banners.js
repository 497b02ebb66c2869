// Banners under the top bar: reconnecting, a player's reconnection grace, spectator,
// host change, reload. Each has an icon and words (never colour alone); role="status".
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { secondsLeft } from "./clock.js";
import { announce } from "./live.js";

let root = null;
const shown = new Map(); // key -> {kind, icon, tkey, params, reload, el}
let flashTimer = null;
let graceTimer = null;
let lastHost = null;

function render(key) {
  const banner = shown.get(key);
  const text = banner.text ?? t(banner.tkey, banner.params);
  const children = [
    h("span", { class: "icon", "aria-hidden": "true", text: banner.icon }),
    h("span", { class: "grow", text }),
  ];
  if (banner.reload) {
    children.push(
      h("button", { type: "button", class: "btn small", text: t("banner.reload"), onclick: () => location.reload() }),
    );
  }
  if (!banner.el) {
    banner.el = h("div", { class: `banner ${banner.kind}`, role: "status", dataset: { banner: key } });
    root.append(banner.el);
  }
  fill(banner.el, children);
}

export const banners = {
  init(element) {
    root = element;
  },

  /** show("reconnecting", {kind: "warn", icon: "⟳", tkey: "banner.reconnecting"}) */
  show(key, options) {
    const old = shown.get(key);
    const banner = { kind: "info", icon: "ℹ", ...options, el: old ? old.el : null };
    if (old && old.kind !== banner.kind && old.el) old.el.className = `banner ${banner.kind}`;
    shown.set(key, banner);
    render(key);
  },

  hide(key) {
    const banner = shown.get(key);
    if (banner && banner.el) banner.el.remove();
    shown.delete(key);
  },

  clearAll() {
    for (const key of [...shown.keys()]) this.hide(key);
    clearInterval(graceTimer);
    graceTimer = null;
    lastHost = null;
  },

  retranslate() {
    for (const key of shown.keys()) render(key);
  },

  /** A short message (a refused command): shown for a few seconds, read out at once. */
  flash(text) {
    this.show("flash", { kind: "bad", icon: "⚠", text });
    announce(text, true);
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => this.hide("flash"), 5000);
  },

  /** Banners that follow the view: graces, spectator, host change. */
  fromModel(model) {
    // "late": joined during a game (plays the next one); "eliminated": watches the rest.
    if (model.spectatorKind) {
      this.show("spectator", { kind: "info", icon: "👁", tkey: `banner.spectator_${model.spectatorKind}` });
    } else {
      this.hide("spectator");
    }
    if (lastHost && model.hostId && model.hostId !== lastHost) {
      const host = model.byId[model.hostId];
      const tkey = model.hostId === model.myId ? "banner.host_you" : "banner.host_new";
      this.show("host", { kind: "info", icon: "👑", tkey, params: { name: host ? host.name : "?" } });
      announce(t(tkey, { name: host ? host.name : "?" }));
      setTimeout(() => this.hide("host"), 8000);
    }
    lastHost = model.hostId;
    // Only watchers can see it: the room pauses when no player still in the game is connected.
    if (model.paused && model.phase !== "lobby") {
      this.show("paused", { kind: "warn", icon: "⏸", tkey: "banner.paused" });
    } else {
      this.hide("paused");
    }
    this.graces(model);
  },

  graces(model) {
    // In a game: a disconnected player's grace counts down, then they are announced away
    // (their turns are skipped, they count as abstaining) until they come back.
    // While paused the graces are frozen: the pause banner says it all.
    const inGame = model.phase !== "lobby" && model.phase !== "ended" && !model.paused;
    const away = inGame ? model.players.filter((p) => !p.connected && !p.kicked && !p.spectator && !p.eliminated && p.id !== model.myId) : [];
    for (const key of [...shown.keys()]) {
      if (key.startsWith("grace:") && !away.some((p) => `grace:${p.id}` === key)) this.hide(key);
    }
    const update = () => {
      for (const player of away) {
        const left = secondsLeft(player.graceEndsAt);
        this.show(`grace:${player.id}`, {
          kind: "warn",
          icon: "📵",
          tkey: left ? "banner.grace" : "banner.grace_over",
          params: { name: player.name, s: Math.ceil(left || 0) },
        });
      }
    };
    update();
    clearInterval(graceTimer);
    graceTimer = away.some((p) => p.graceEndsAt) ? setInterval(update, 1000) : null;
  },
};
