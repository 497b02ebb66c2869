// Lobby, a place to gather: the room code big (castable to a TV), share link + QR, the players
// with their faces, and for the host the presets (one line each), the theme cards and every
// setting under "Réglages avancés"; the start button stays in reach at the bottom and says
// why it waits. Guests see who is here, the game that is set up in one line, and wait.
import { h, fill, keepFocus, whenIdle, afterFrame } from "../dom.js";
import { t } from "../i18n.js";
import { store } from "../store.js";
import { MR_WHITE_MIN_PLAYERS } from "../model.js";
import { askKick, avatar, playerTags } from "./common.js";

// The presets: a few ways to play, each a set of settings sent in one change; the lobby shows
// which one the current settings match (none once the host tunes them by hand).
const PRESETS = [
  { id: "quick", changes: { mode: "classic", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 30, vote_timer: true, vote_seconds: 45 } },
  { id: "classic", changes: { mode: "classic", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
  { id: "mr_white", changes: { mode: "classic", mr_white: true, clue_rounds_per_vote: 2, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
  { id: "grades", changes: { mode: "grade", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
];

// The lobby's first draw in this page waits for no panel below a phone's first screen: those
// load (their modules) and are built right after it, an empty slot holding each one's place;
// each is code and layout fewer before that draw under a slow CPU
// (tests/web/bench_interactive.py). A lobby drawn again (a language switch, "Rejouer")
// builds them at once, so nothing blinks.
let drawnOnce = false;

/** The panel `load` resolves to, put in the page by `place` and kept up to date with the
 *  latest model (`latest()`); built after the first draw or as soon as `build` is called. */
function laterPanel(load, place, latest) {
  let panel = null;
  let asked = false;
  let failed = false;
  function build() {
    if (asked) return;
    asked = true;
    load().then((loaded) => {
      panel = loaded;
      place(panel.el);
      const model = latest();
      if (model) panel.update(model);
    }, (error) => {
      asked = false; // offline for a moment: the next view (or opening) asks again
      failed = true;
      console.warn(error);
    });
  }
  if (drawnOnce) build();
  else whenIdle(build);
  return {
    build,
    update(model) {
      if (panel) panel.update(model);
      else if (failed) build();
    },
  };
}

/** The preset the settings match, or null. */
function presetOf(settings) {
  return PRESETS.find((p) => Object.entries(p.changes).every(([key, value]) => settings[key] === value)) || null;
}

export const REMATCH_WAIT_MS = 30_000; // after "Rejouer": the others' time to finish reading

let rematchTimer = null;

export function lobbyScreen(root, app) {
  const code = app.code;
  // The server knows the address phones can reach (with --lan, the machine's LAN address,
  // as in the QR code); until it answers, this page's own address. Asked for once the first
  // frame is drawn, with the QR code's image: a request and its answer fewer before it.
  let link = `${location.origin}/r/${code}`;
  const linkText = h("p", { class: "share-link", id: "share-link", text: link });
  const askShareUrl = () => fetch(`/api/rooms/${encodeURIComponent(code)}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((summary) => {
      // Only a different address is written: a new text node would drop a selection made
      // meanwhile by "Copier le lien" (no clipboard), so that one is made again.
      if (summary && typeof summary.share_url === "string" && summary.share_url !== link) {
        const selection = window.getSelection();
        const selected = selection.rangeCount > 0 && linkText.contains(selection.anchorNode);
        link = summary.share_url;
        linkText.textContent = link;
        if (selected) selection.selectAllChildren(linkText);
      }
    })
    .catch(() => {});
  const copyButton = h("button", { type: "button", class: "btn small", id: "copy-link", text: t("lobby.copy") });
  const copyStatus = h("span", { class: "hint", role: "status" });
  copyButton.addEventListener("click", async () => {
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
      await navigator.clipboard.writeText(link);
      copyStatus.textContent = t("lobby.copied");
    } catch {
      // Plain http on a LAN has no Clipboard API: select the text for a manual copy.
      const range = document.createRange();
      range.selectNodeContents(linkText);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      copyStatus.textContent = t("lobby.copy_manual");
    }
  });

  // An SVG image is parsed and laid out on the main thread: the QR code's comes after the
  // lobby's first frame, in a box of its final size.
  const qr = h("img", { class: "qr", alt: t("lobby.qr_alt"), width: "220", height: "220" });
  afterFrame(() => {
    qr.src = `/api/rooms/${code}/qr.svg`;
    askShareUrl();
  });
  const playersList = h("ul", { class: "tiles", id: "players" });
  const countTitle = h("h2", { id: "players-title" });
  const composition = h("div", { class: "composition", id: "composition" });
  const waiting = h("p", { class: "waiting-host", id: "guest-wait", role: "status" });
  const presets = h("div", { class: "presets", id: "presets", role: "group", "aria-labelledby": "presets-title" });
  const presetLine = h("p", { class: "preset-line", id: "preset-line" });
  const presetBox = h("section", { class: "panel stack", "aria-labelledby": "presets-title" },
    h("h2", { id: "presets-title", text: t("lobby.game") }), presets, presetLine);
  const advanced = h("details", { class: "panel advanced", id: "advanced" }, h("summary", { id: "advanced-title" }));
  // In their places once built: the bots' panel, the theme cards, the host's words, and the
  // fifteen settings folded under "Réglages avancés" (or as soon as it is opened).
  const latest = () => lastModel;
  const botsSlot = h("div", { hidden: true });
  const bots = laterPanel(() => import("./bots.js").then((m) => m.botsPanel(app)), (el) => botsSlot.replaceWith(el), latest);
  const themesSlot = h("div", { hidden: true });
  const themes = laterPanel(() => import("./themes.js").then((m) => m.themeCards(app)), (el) => themesSlot.replaceWith(el), latest);
  const hostWordsSlot = h("div", { hidden: true });
  const hostWords = laterPanel(() => import("./host-words.js").then((m) => m.hostWordsPanel(app)), (el) => hostWordsSlot.replaceWith(el), latest);
  const settings = laterPanel(() => import("./settings.js").then((m) => m.settingsPanel(app)), (el) => advanced.append(el), latest);
  advanced.addEventListener("toggle", () => {
    if (advanced.open) settings.build();
  });
  const startButton = h("button", { type: "button", class: "btn primary", id: "start-game", text: t("lobby.start") });
  const startHint = h("p", { class: "start-why", id: "start-hint", role: "status" });
  const startBar = h("div", { class: "start-bar", id: "start-bar" }, startHint, startButton);
  startButton.addEventListener("click", () => {
    app.autostart = false;
    app.send("start_game");
  });
  // Changing one's face: the picker (js/faces.js) loads when first opened.
  const lookRows = h("div", { id: "look-rows" });
  const lookPanel = h("details", { class: "panel face-picker", id: "look-panel" },
    h("summary", { text: t("lobby.change_face") }), lookRows);
  let faces = null;
  let lastModel = null;
  function drawLook(model) {
    const me = model.byId[model.myId];
    if (!faces || !me || !lookPanel.open) return;
    const others = model.players.filter((p) => p.id !== model.myId);
    const taken = { avatars: new Set(others.map((p) => p.avatar)), colors: new Set(others.map((p) => p.color)) };
    keepFocus(lookRows, () => fill(lookRows, faces.faceRows({ avatar: me.avatar, color: me.color }, (change) => {
      store.setLook({ ...(store.look() || {}), avatar: me.avatar, color: me.color, ...change });
      app.send("set_look", change);
    }, taken)));
  }
  lookPanel.addEventListener("toggle", () => {
    if (!lookPanel.open) return;
    import("../faces.js").then((m) => { faces = m; if (lastModel) drawLook(lastModel); });
  });
  const deviceSeats = h("details", { class: "panel stack", id: "device-panel" }, h("summary", { text: t("device.add") }));
  app.devicePanel(deviceSeats); // pass-and-play: js/shared/
  const leaveButton = h("button", {
    type: "button", class: "btn danger", id: "leave-room", text: t("lobby.leave"),
    onclick: () => {
      app.send("leave");
      store.setSeat(code, null);
      app.showHome();
    },
  });

  fill(
    root,
    h("div", { class: "lobby-grid" },
      h("div", { class: "stack" },
        h("section", { class: "panel share", "aria-labelledby": "lobby-title" },
          h("h1", { id: "lobby-title", text: t("lobby.title") }),
          h("p", { class: "room-code", id: "room-code-big", "aria-label": t("lobby.code_label", { code: code.split("").join(" ") }), text: code }),
          h("p", { class: "hint", text: t("lobby.share_hint") }),
          qr,
          linkText,
          h("div", { class: "row" }, copyButton, copyStatus),
          // The table's screen (a TV, a call's screen share): js/board/, the spectator's view.
          h("a", { class: "btn small", id: "open-board", href: `/r/${code}/board`, target: "_blank", rel: "noopener", text: t("board.open") }),
          h("p", { class: "hint", text: t("board.open_hint") }),
        ),
        h("section", { class: "panel stack", "aria-labelledby": "players-title" },
          countTitle, playersList, lookPanel, botsSlot, waiting,
          h("div", {}, h("h3", { text: t("lobby.composition") }), composition),
        ),
      ),
      h("div", { class: "stack" }, presetBox, themesSlot, hostWordsSlot, deviceSeats, advanced, leaveButton),
    ),
    startBar,
  );
  drawnOnce = true;

  function drawPresets(model) {
    const current = presetOf(model.settings);
    presets.hidden = !model.isHost;
    if (model.isHost) {
      keepFocus(presets, () => fill(presets, PRESETS.map((preset) => h("button", {
        type: "button", class: "preset", "aria-pressed": String(current === preset), dataset: { key: `preset-${preset.id}`, preset: preset.id },
        onclick: () => app.send("update_settings", { changes: preset.changes }),
      },
        h("span", { class: "preset-name", text: t(`preset.${preset.id}`) }),
        h("span", { class: "hint", text: t(`preset.${preset.id}_line`) })))));
    }
    const s = model.settings;
    const name = current ? t(`preset.${current.id}`) : t("preset.custom");
    presetLine.textContent = t("lobby.summary", {
      name: current ? name : `${name} · ${t(`setting.mode.${s.mode}`)}`,
      rounds: s.clue_rounds_per_vote,
      clue: s.clue_timer ? t("common.seconds", { s: s.clue_seconds }) : t("lobby.no_timer"),
      vote: s.vote_timer ? t("common.seconds", { s: s.vote_seconds }) : t("lobby.no_timer"),
      white: s.mr_white ? t("lobby.with_mr_white") : "",
    }).trim();
    // The word language is a room setting that every player should see, not only in the
    // advanced settings: an English table must know before the deal which words it gets.
    presetLine.textContent += ` · ${t("common.words_in", { lang: t(`setting.word_language.${s.word_language || "fr"}`) })}`;
  }

  /** Why the start button waits, or "" when the game can start. */
  function startBlocker(model) {
    const count = model.players.length;
    const need = Math.max(model.minPlayers, model.settings.mr_white ? MR_WHITE_MIN_PLAYERS : 0);
    if (count < need) return t(need > model.minPlayers ? "lobby.more_for_white" : "lobby.more_players", { n: need - count });
    if (model.availability.error) return t(`error.${model.availability.error}`);
    return "";
  }

  return {
    update(model) {
      lastModel = model;
      lookPanel.hidden = !model.byId[model.myId] || model.spectatorKind === "late";
      drawLook(model);
      countTitle.textContent = t("lobby.players", { n: model.players.length });
      keepFocus(playersList, () =>
        fill(playersList, model.players.map((player) => {
          const kick = model.isHost && player.bot ? removeBotButton(app, player) : model.isHost && player.id !== model.myId
            ? h("button", {
                type: "button", class: "kick-x", dataset: { key: `kick-${player.id}`, kick: player.id },
                "aria-label": t("lobby.kick_label", { name: player.name }), text: "⛔",
                onclick: () => askKick(app, player.name, player.id),
              })
            : null;
          return h("li", { class: `tile${player.id === model.myId ? " me" : ""}${player.connected ? "" : " away"}`, dataset: { player: player.id } },
            avatar(player, "big"),
            h("span", { class: "name", text: player.name }),
            playerTags(model, player, { connection: !player.connected }),
            kick,
          );
        })),
      );
      fill(composition, compositionTags(model));
      drawPresets(model);
      themes.update(model);
      advanced.querySelector("summary").textContent = t(model.isHost ? "lobby.advanced" : "lobby.all_settings");
      settings.update(model);
      hostWords.update(model);
      bots.update(model);
      const blocker = startBlocker(model);
      startBar.hidden = !model.isHost;
      startButton.disabled = Boolean(blocker);
      const everyone = model.players.every((p) => p.connected);
      // "Rejouer": the others keep their end screen a while (end.js); the game starts once
      // that time is up and everyone is connected, or at once with the start button.
      const wait = app.autostart ? Math.ceil(((app.rematchAt || 0) + REMATCH_WAIT_MS - Date.now()) / 1000) : 0;
      clearTimeout(rematchTimer);
      if (wait > 0) rematchTimer = setTimeout(() => root.isConnected && app.render(), 1000);
      startHint.textContent = blocker || (app.autostart
        ? wait > 0 ? t("lobby.autostart_in", { s: wait }) : t(everyone ? "lobby.autostart_go" : "lobby.autostart_wait")
        : "");
      startHint.hidden = !startHint.textContent;
      waiting.hidden = model.isHost;
      waiting.textContent = blocker
        ? t("lobby.guest_blocked", { why: blocker, name: model.hostName })
        : t("lobby.waiting_host", { name: model.hostName });
      leaveButton.hidden = model.spectatorKind === "late";
      // "Rejouer": the next game starts by itself once everyone is back.
      if (model.isHost && app.autostart && !blocker && everyone && wait <= 0) {
        app.autostart = false;
        app.send("start_game");
      }
    },
  };
}

/** Host-only, on a bot's tile in the lobby: takes the bot off the table. */
function removeBotButton(app, bot) {
  return h("button", {
    type: "button", class: "kick-x", dataset: { key: `remove-${bot.id}`, removeBot: bot.id },
    "aria-label": t("bots.remove_label", { name: bot.name }), text: "✕",
    onclick: () => app.send("remove_bot", { player_id: bot.id }),
  });
}

export function compositionTags(model) {
  const c = model.composition;
  if (!c) return [h("span", { class: "hint", text: t("lobby.composition_none", { n: model.minPlayers }) })];
  const parts = [h("span", { class: "tag", text: t("count.civilians", { n: c.civilians }) }),
    h("span", { class: "tag", text: t("count.undercovers", { n: c.undercovers }) })];
  if (c.mr_white) parts.push(h("span", { class: "tag", text: t("count.mr_white", { n: c.mr_white }) }));
  return parts;
}
