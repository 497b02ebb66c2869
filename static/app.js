// Entry point: boot (language, route), the room connection, and which screen shows.
// The client has no game logic: it renders the view the server sends and sends commands.
import { h, fill } from "./js/dom.js";
import { store } from "./js/store.js";
import { loadLang, lang, t, errorText, translateTree } from "./js/i18n.js";
import { Connection } from "./js/net.js";
import { syncClock } from "./js/clock.js";
import { announce } from "./js/live.js";
import { readModel, screenOf } from "./js/model.js";
import { banners } from "./js/banners.js";
import { openRules } from "./js/rules.js";
import { roleCard } from "./js/rolecard.js";
import { keepAwake } from "./js/wakelock.js";
import { draftRejected } from "./js/draft.js";
import { homeScreen } from "./js/screens/home.js";
import { finalScreen } from "./js/screens/final.js";
import { lobbyScreen } from "./js/screens/lobby.js";
import { roleScreen } from "./js/screens/role.js";
import { cluesScreen } from "./js/screens/clues.js";
import { voteScreen } from "./js/screens/vote.js";
import { revealScreen } from "./js/screens/reveal.js";
import { guessScreen } from "./js/screens/guess.js";
import { endScreen } from "./js/screens/end.js";

const SCREENS = {
  lobby: lobbyScreen,
  role_reveal: roleScreen,
  clues: cluesScreen,
  voting: voteScreen,
  reveal: revealScreen,
  guess: guessScreen,
  ended: endScreen,
};
// Commands aimed at a phase carry the phase seq the client acted on (docs/protocol.md).
const PHASE_BOUND = new Set([
  "update_settings", "start_game", "confirm_role", "give_clue",
  "propose_theme", "cast_vote", "guess", "rematch",
]);
const CODE_PATTERN = /^\/r\/([A-Za-z0-9]{5})\/?$/;

const app = {
  code: null,
  playerId: null,
  conn: null,
  view: null,
  model: null,
  lastSeq: -1,
  screen: null,
  screenKind: null,
  pendingName: null,
  generation: 0, // counts successful (re)connections: drafts sent before one are resent

  /** Send a command; phase-bound ones get the current phase seq. False if offline. */
  send(type, fields = {}) {
    if (!this.conn) return false;
    const message = { type, ...fields };
    if (PHASE_BOUND.has(type) && this.model) message.seq = this.model.seq;
    return this.conn.send(message);
  },

  /** Open (or reopen) the room `code`: with the stored seat token, or joining as `name`. */
  enter(code, name = null) {
    this.leaveRoom();
    this.code = code;
    this.pendingName = name;
    if (location.pathname !== `/r/${code}`) history.pushState({}, "", `/r/${code}`);
    const seat = store.seat(code);
    this.playerId = seat ? seat.player_id : null;
    this.conn = new Connection(
      code,
      () => ({
        token: store.seat(code)?.token || null,
        name: this.pendingName || store.nickname() || null,
        lang: lang(),
      }),
      {
        message: (message) => this.receive(message),
        status: (state, detail) => this.connectionStatus(state, detail),
        unknown: () => banners.show("outdated", { kind: "bad", text: t("banner.unknown_message"), reload: true }),
      },
    );
    showScreen("connecting");
    this.conn.start();
  },

  leaveRoom() {
    if (this.conn) this.conn.stop();
    this.conn = null;
    this.view = null;
    this.model = null;
    this.lastSeq = -1;
    banners.clearAll();
    keepAwake(false);
    roleCard.update(null);
  },

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.playerId = message.player_id;
        store.setSeat(this.code, { token: message.token, player_id: message.player_id });
        if (message.protocol !== undefined && message.protocol > 1) {
          banners.show("outdated", { kind: "bad", text: t("banner.outdated"), reload: true });
        }
        return;
      case "view":
        if (typeof message.seq === "number" && message.seq < this.lastSeq) return;
        this.lastSeq = message.seq;
        this.show(message.view);
        return;
      case "error":
        this.error(message);
        return;
      case "closed":
        return; // the close code that follows decides (see connectionStatus)
    }
  },

  show(view) {
    let model;
    try {
      model = readModel(view, this.playerId);
    } catch (error) {
      console.error(error);
      banners.show("outdated", { kind: "bad", text: t("banner.unknown_message"), reload: true });
      return;
    }
    syncClock(model.now);
    this.view = view;
    this.model = model;
    render();
  },

  error(message) {
    if (message.fatal) return; // handled when the socket closes (connectionStatus "final")
    draftRejected();
    banners.flash(errorText(message.code, message.message));
  },

  connectionStatus(state, detail) {
    if (state === "online") {
      this.generation += 1;
      banners.hide("reconnecting");
      return;
    }
    if (state === "reconnecting" || (state === "connecting" && this.model)) {
      banners.show("reconnecting", { kind: "warn", icon: "⟳", text: t("banner.reconnecting") });
      return;
    }
    if (state === "final") this.finalState(detail.reason, detail.error);
  },

  finalState(reason, error) {
    banners.hide("reconnecting");
    keepAwake(false);
    const code = error?.code;
    // A refused hello: back to the home screen with the reason, nothing to resume.
    if (reason === "fatal" && code && /^(name|room\.locked|room\.full|token|seat)/.test(code)) {
      if (/^(token|seat)\.(unknown|invalid)/.test(code)) store.setSeat(this.code, null);
      const roomCode = this.code;
      this.leaveRoom();
      showHome({ code: roomCode, error: errorText(code, error.message) });
      return;
    }
    if (reason === "kicked" || code === "token.banned" || code === "seat.banned") {
      store.setSeat(this.code, null);
      reason = "kicked";
    }
    roleCard.update(null);
    showScreen("final", { reason, error, code: this.code });
  },
};

function showScreen(kind, options = {}) {
  const root = document.getElementById("screen");
  if (app.screen && app.screen.unmount) app.screen.unmount();
  app.screen = null;
  app.screenKind = kind;
  if (kind === "home") {
    app.screen = homeScreen(root, app, options);
  } else if (kind === "final") {
    app.screen = finalScreen(root, app, options);
  } else if (kind === "connecting") {
    fill(root, h("p", { class: "hint", role: "status", text: t("home.connecting") }));
  } else {
    app.screen = SCREENS[kind](root, app);
  }
  document.body.dataset.screen = kind;
}

function showHome(options = {}) {
  app.leaveRoom();
  app.code = null;
  showScreen("home", options);
}

/** Show the screen of the current view, mounting it if the phase changed. */
function render() {
  const model = app.model;
  const kind = screenOf(model);
  if (kind !== app.screenKind) {
    showScreen(kind);
    announce(t(`phase.${kind}`));
    document.getElementById("screen").focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
  app.screen.update(model);
  banners.fromModel(model);
  roleCard.update(model);
  keepAwake(model.phase !== "lobby" && model.phase !== "ended");
}

/** The rules section that matches what is on screen. */
function rulesSection() {
  const kind = app.screenKind;
  const byScreen = {
    lobby: "setup", role_reveal: "roles", clues: app.model?.game?.stage === "theme" ? "grade-mode" : "clues",
    voting: "vote", reveal: "elimination", guess: "mr-white", ended: "victory",
  };
  return byScreen[kind] || "overview";
}

async function switchLanguage() {
  const next = lang() === "fr" ? "en" : "fr";
  await loadLang(next);
  store.setLang(next);
  translateTree(document);
  // Re-render the current screen in the new language.
  const kind = app.screenKind;
  if (app.model && SCREENS[kind]) {
    showScreen(kind);
    render();
  } else if (kind === "home") {
    showScreen("home", app.screen?.state?.() || {});
  } else if (kind === "final" && app.screen?.options) {
    showScreen("final", app.screen.options);
  }
  roleCard.update(app.model);
  banners.retranslate();
  announce(t("lang.changed"));
}

async function boot() {
  await loadLang(store.lang() || "fr");
  translateTree(document);
  banners.init(document.getElementById("banners"));
  roleCard.init(document.getElementById("card-dialog"), document.getElementById("card-button"));
  document.getElementById("rules-button").addEventListener("click", () => openRules(rulesSection()));
  document.getElementById("lang-button").addEventListener("click", () => switchLanguage());
  document.getElementById("brand").addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState({}, "", "/");
    showHome();
  });
  window.addEventListener("popstate", route);
  route();
}

function route() {
  const match = CODE_PATTERN.exec(location.pathname);
  if (!match) {
    showHome();
    return;
  }
  const code = match[1].toUpperCase();
  if (store.seat(code)) app.enter(code);
  else showHome({ code });
}

app.showHome = showHome;
boot().catch((error) => {
  console.error(error);
  fill(document.getElementById("screen"), h("p", { class: "error-text", text: String(error) }));
});
