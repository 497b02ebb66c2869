// What the room says beside the screens, without piling up:
// - one status banner at a time under the top bar, the most important first (reconnecting,
//   reload, paused, spectator); while the socket reconnects the page is calmly dimmed;
// - a compact strip of players who dropped out of a game (their grace counting down);
// - toasts at the bottom, one at a time (a refusal not shown by a form, a new host, who came
//   back or left), each replacing the last and fading after a few seconds.
// Each has an icon and words (never colour alone); toasts are also read out.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { secondsLeft } from "./clock.js";
import { announce } from "./stage.js";

const PRIORITY = ["reconnecting", "outdated", "paused", "spectator"];
const TOAST_MS = 4500;

let root = null;
let statusSlot = null;
let awayStrip = null;
let toastSlot = null;
const shown = new Map(); // key -> {kind, icon, tkey, params, text, reload}
let toastTimer = null;
let toastShown = null; // {key, icon, tkey, params, text, kind}
let graceTimer = null;
let lastHost = null;
let lastConnected = null; // player id -> connected, to toast comings and goings
let lastNames = {}; // player id -> name, to say who left

function bannerEl(key, banner) {
  const children = [
    h("span", { class: `icon${key === "reconnecting" ? " spin" : ""}`, "aria-hidden": "true", text: banner.icon }),
    h("span", { class: "grow", text: banner.text ?? t(banner.tkey, banner.params) }),
  ];
  if (banner.reload) {
    children.push(h("button", { type: "button", class: "btn small", text: t("banner.reload"), onclick: () => location.reload() }));
  }
  return h("div", { class: `banner ${banner.kind}`, role: "status", dataset: { banner: key } }, children);
}

function renderStatus() {
  const key = PRIORITY.find((k) => shown.has(k));
  fill(statusSlot, key ? bannerEl(key, shown.get(key)) : null);
  document.body.classList.toggle("offline", shown.has("reconnecting"));
}

function renderToast() {
  if (!toastShown) {
    fill(toastSlot);
    return;
  }
  const toast = toastShown;
  fill(toastSlot, h("div", { class: `toast ${toast.kind || "info"}`, dataset: { banner: toast.key } },
    h("span", { class: "icon", "aria-hidden": "true", text: toast.icon }),
    h("span", { text: toast.text ?? t(toast.tkey, toast.params) })));
}

export const banners = {
  init(element, toasts) {
    root = element;
    statusSlot = h("div");
    awayStrip = h("ul", { class: "away-strip", id: "away-strip", hidden: true });
    fill(root, statusSlot, awayStrip);
    toastSlot = toasts;
  },

  /** show("reconnecting", {kind: "warn", icon: "⟳", tkey: "banner.reconnecting"}) */
  show(key, options) {
    shown.set(key, { kind: "info", icon: "ℹ", ...options });
    renderStatus();
  },

  hide(key) {
    if (shown.delete(key)) renderStatus();
  },

  clearAll() {
    shown.clear();
    renderStatus();
    clearInterval(graceTimer);
    graceTimer = null;
    lastHost = null;
    lastConnected = null;
    if (awayStrip) {
      fill(awayStrip);
      awayStrip.hidden = true;
    }
    this.hideToast();
  },

  retranslate() {
    renderStatus();
    renderToast();
  },

  /** A short message at the bottom, replacing the one before; read out (at once if urgent). */
  toast(key, options, urgent = false) {
    toastShown = { key, icon: "ℹ", ...options };
    renderToast();
    announce(options.text ?? t(options.tkey, options.params), urgent);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => this.hideToast(), options.ms || TOAST_MS);
  },

  hideToast() {
    toastShown = null;
    clearTimeout(toastTimer);
    if (toastSlot) renderToast();
  },

  /** A refused command that no form is showing. */
  flash(text) {
    this.toast("flash", { kind: "bad", icon: "⚠", text }, true);
  },

  /** Banners and toasts that follow the view: spectator, pause, host change, presence. */
  fromModel(model) {
    // "late": joined during a game (plays the next one); "eliminated": watches the rest.
    if (model.spectatorKind) {
      this.show("spectator", { kind: "info", icon: "👁", tkey: `banner.spectator_${model.spectatorKind}` });
    } else {
      this.hide("spectator");
    }
    // Only watchers can see it: the room pauses when no player still in the game is connected.
    if (model.paused && model.phase !== "lobby") this.show("paused", { kind: "warn", icon: "⏸", tkey: "banner.paused" });
    else this.hide("paused");
    if (lastHost && model.hostId && model.hostId !== lastHost) {
      const host = model.byId[model.hostId];
      const tkey = model.hostId === model.myId ? "banner.host_you" : "banner.host_new";
      this.toast("host", { icon: "👑", tkey, params: { name: host ? host.name : "?" }, ms: 8000 });
    } else {
      this.presence(model);
    }
    lastHost = model.hostId;
    this.graces(model);
  },

  /** Comings and goings as one toast, never a banner: "Léa a rejoint", "Léa est partie",
   *  "Yanis est revenu·e", "Yanis s'est déconnecté·e". */
  presence(model) {
    const listed = model.players.filter((p) => !p.kicked);
    const now = Object.fromEntries(listed.map((p) => [p.id, p.connected]));
    if (lastConnected) {
      const came = listed.filter((p) => !(p.id in lastConnected) && p.id !== model.myId).map((p) => p.name);
      // Gone from the list (left the lobby); a kicked player stays listed, the host knows.
      const went = Object.keys(lastConnected).filter((id) => !model.byId[id]).map((id) => lastNames[id] || "?");
      if (came.length) this.arrivals("joined", came);
      else if (went.length) this.arrivals("left", went);
      for (const [id, connected] of Object.entries(now)) {
        if (id === model.myId || !(id in lastConnected) || lastConnected[id] === connected) continue;
        // In a game the strip of away players already says who left.
        if (!connected && model.phase !== "lobby" && model.phase !== "ended") continue;
        const name = model.byId[id]?.name || "?";
        this.toast(`presence:${id}`, connected
          ? { kind: "good", icon: "👋", tkey: "toast.back", params: { name } }
          : { kind: "warn", icon: "📵", tkey: "toast.gone", params: { name } });
      }
    }
    lastConnected = now;
    lastNames = Object.fromEntries(listed.map((p) => [p.id, p.name]));
  },

  /** One toast for everyone who came (or went) in the same view. */
  arrivals(what, names) {
    const many = names.length > 1 ? "_many" : "";
    this.toast(`presence:${what}`, {
      kind: what === "joined" ? "good" : "info", icon: what === "joined" ? "🙌" : "🚪",
      tkey: `toast.${what}${many}`, params: { name: names[0], names: names.join(", ") },
    });
  },

  graces(model) {
    // In a game: a disconnected player's grace counts down, then they are announced away
    // (their turns are skipped, they count as abstaining) until they come back.
    // While paused the graces are frozen: the pause banner says it all.
    const inGame = model.phase !== "lobby" && model.phase !== "ended" && !model.paused;
    const away = inGame ? model.players.filter((p) => !p.connected && !p.kicked && !p.spectator && !p.eliminated && p.id !== model.myId) : [];
    const update = () => {
      awayStrip.hidden = !away.length;
      fill(awayStrip, away.map((player) => {
        const left = secondsLeft(player.graceEndsAt);
        return h("li", { dataset: { banner: `grace:${player.id}` } },
          h("span", { class: "dot", "aria-hidden": "true", text: "○" }),
          t(left ? "banner.grace" : "banner.grace_over", { name: player.name, s: Math.ceil(left || 0) }));
      }));
    };
    update();
    clearInterval(graceTimer);
    graceTimer = away.some((p) => p.graceEndsAt) ? setInterval(update, 1000) : null;
  },
};
