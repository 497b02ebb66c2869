// Playing in a room: the connection, the view → screen loop, banners, and once a game is
// on, the role card and the wake lock. The client has no game logic: it renders the view the server sends and sends
// commands (docs/protocol.md).
import { h, fill, afterFrame } from "./dom.js";
import { store } from "./store.js";
import { t, errorText, withStrings } from "./i18n.js";
import { Connection, seatHello } from "./net.js";
import { ERROR_CODES, PHASE_BOUND as PHASE_BOUND_TYPES } from "./protocol.js";
import { syncClock } from "./clock.js";
import { readModel, screenOf } from "./model.js";
import { cue } from "./feel.js";
import { announce, mount, mounted } from "./stage.js";

// Each screen loads when first needed, and every game screen a while after the lobby shows
// (or as soon as a game is on), so a room opened from its link stays light
// (tests/web/test_static.py). The lobby is fetched with this module (app.js's FIRST_PAINT)
// but not imported by it, so the socket opens without waiting for the lobby's modules to run.
const SCREENS = {};
const PRELOAD_AFTER_MS = 3000;
const PRELOAD_MARK = "undercover:preload-screens";
const LOADERS = {
  lobby: () => import("./screens/lobby.js").then((m) => m.lobbyScreen),
  role_reveal: () => import("./screens/role.js").then((m) => m.roleScreen),
  clues: () => import("./screens/clues.js").then((m) => m.cluesScreen),
  voting: () => import("./screens/vote.js").then((m) => m.voteScreen),
  reveal: () => import("./screens/reveal.js").then((m) => m.revealScreen),
  guess: () => import("./screens/guess.js").then((m) => m.guessScreen),
  ended: () => import("./screens/end.js").then((m) => m.endScreen),
};

const LOADING = {}; // kind -> the promise of its screen function

/** The screen function for a phase, loading its module once; null while it loads (then
 *  `then` runs once it is here). */
function screenFunction(kind, then) {
  if (SCREENS[kind]) return SCREENS[kind];
  LOADING[kind] ||= LOADERS[kind]().then((create) => {
    SCREENS[kind] = create;
  });
  LOADING[kind].then(then, (error) => console.warn(error));
  return null;
}

function preloadGameScreens() {
  // Where a room's first load ends: what is fetched after this mark is the game's screens,
  // fetched ahead while the lobby is idle (tests/web/test_static.py weighs up to it).
  if (!performance.getEntriesByName(PRELOAD_MARK).length) performance.mark(PRELOAD_MARK);
  for (const kind of Object.keys(LOADERS)) if (!SCREENS[kind]) screenFunction(kind, () => {});
}
// Commands aimed at a phase carry the phase seq the client acted on (docs/protocol.md).
const PHASE_BOUND = new Set(PHASE_BOUND_TYPES);
// The Rules section that matches each screen.
const RULES_SECTION = {
  lobby: "setup", role_reveal: "roles", clues: "clues", voting: "vote",
  reveal: "elimination", guess: "mr-white", ended: "victory",
};

const PAGE_LOAD = Math.random().toString(36).slice(2);

// The banners and toasts (js/banners.js): a lobby's first draw has none to show (but a late
// spectator's), so the module loads once that draw is on screen, or at once when something must
// be said before; what is asked of it until then is done once it is here, in the order asked.
let banners = null;
let bannersLoading = null;
const bannerJobs = [];
function loadBanners() {
  bannersLoading ||= import("./banners.js").then((m) => {
    m.banners.init(document.getElementById("banners"), document.getElementById("toasts"));
    banners = m.banners;
    for (const job of bannerJobs.splice(0)) job(banners);
  }, (error) => {
    bannersLoading = null; // offline for a moment: the next one asks again
    console.warn(error);
  });
}
function withBanners(job, now = false) {
  if (banners) return job(banners);
  bannerJobs.push(job);
  if (now) loadBanners();
}

// "Ma carte" (js/rolecard.js) and the wake lock (js/wakelock.js): nothing to do in a lobby,
// so they load with the first game this page sees; until then both are null.
let roleCard = null;
let keepAwake = null;
let gameParts = null;
function loadGameParts() {
  gameParts ||= Promise.all([import("./rolecard.js"), import("./wakelock.js")]).then(([card, wake]) => {
    card.roleCard.init(document.getElementById("card-dialog"), document.getElementById("card-button"));
    card.roleCard.onSeen = () => {
      if (!room.model) return;
      store.setCardSeen(room.code, String(room.model.gameNo));
      room.render();
    };
    roleCard = card.roleCard;
    keepAwake = wake.keepAwake;
  });
  return gameParts;
}

export const room = {
  code: null,
  playerId: null,
  conn: null,
  model: null,
  lastSeq: -1,
  pendingName: null,
  // Names each successful (re)connection of this page load: a draft sent under another
  // generation (before a blip or a reload) and still awaited is sent again.
  generation: null,
  connections: 0,
  finalOptions: null,

  /** Send a command; phase-bound ones get the current phase seq. False if offline. */
  send(type, fields = {}) {
    if (!this.conn) return false;
    const message = { type, ...fields };
    if (PHASE_BOUND.has(type) && this.model) message.seq = this.model.seq;
    return this.conn.send(message);
  },

  /** Enter room `code` with this device's seat, or joining as `name`; `conn`: its socket,
   *  if app.js already opened it. */
  enter(code, name = null, conn = null) {
    this.leave();
    this.code = code;
    this.pendingName = name;
    const seat = store.seat(code);
    this.playerId = seat ? seat.player_id : null;
    const socket = conn || new Connection(code, seatHello(code, () => this.pendingName));
    this.conn = socket;
    screenFunction("lobby", () => {}); // its module runs while the first view comes
    // A phone holding other seats draws nothing before the module that hides their secrets
    // has reopened them (its sockets draw hand-offs: after the strings too).
    this.sharing = this.device || store.deviceSeats(code)
      ? new Promise((done) => withStrings(() => this.loadDevice().then((d) => {
        if (this.conn === socket) d.enter(this);
      }).finally(done)))
      : null;
    // The socket may be open before the strings arrive (the hello needs only the language's
    // name); what it brings is drawn once they are in, in the order it came.
    this.whenDrawable(socket, () => {
      mount("connecting", (root) => {
        fill(root, h("p", { class: "hint", role: "status", text: t("home.connecting") }));
      });
    });
    socket.listen({
      message: (message) => this.whenDrawable(socket, () => this.receive(message)),
      status: (state, detail) => this.whenDrawable(socket, () => this.connectionStatus(state, detail)),
      unknown: () => this.whenDrawable(socket, () => this.unreadable()),
    });
    if (!conn) socket.start();
  },

  /** Run `draw` once the page has its strings (and a shared phone its seats), unless `conn`
   *  was left meanwhile; in the order asked. */
  whenDrawable(conn, draw) {
    const run = () => {
      if (this.conn === conn) draw();
    };
    withStrings(() => (this.sharing ? this.sharing.then(run) : run()));
  },

  // Pass-and-play (shared/): loaded once this phone holds, or is asked for, a second seat.
  device: null,
  loadDevice() {
    this.deviceLoading ||= import("./shared/device.js").then((m) => {
      this.device = m.device;
      return m.device;
    });
    return this.deviceLoading;
  },

  /** The lobby's "Ajouter un joueur sur cet appareil" panel, drawn when first opened. */
  devicePanel(details) {
    const draw = () => Promise.all([this.loadDevice(), import("./shared/lobby.js")])
      .then(([d, m]) => { if (d.code !== this.code) d.enter(this); m.devicePanel(details); });
    if (this.device) draw();
    else details.addEventListener("toggle", draw, { once: true });
  },

  leave() {
    this.sharing = null;
    if (this.conn) this.conn.stop();
    if (this.device) this.device.stop();
    if (this.ghost) this.ghost.then((m) => m.updateGhost(null, this));
    this.conn = null;
    this.model = null;
    this.rawView = null;
    this.lastSeq = -1;
    this.finalOptions = null;
    withBanners((b) => b.clearAll());
    keepAwake?.(false);
    roleCard?.update(null);
  },

  shell: null, // app.js: owns the home screen

  showHome(options = {}) {
    this.shell.showHome(options);
  },

  unreadable() {
    withBanners((b) => b.show("outdated", { kind: "bad", icon: "⟳", tkey: "banner.unknown_message", reload: true }), true);
  },

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.playerId = message.player_id;
        this.pendingName = null;
        store.setSeat(this.code, { token: message.token, player_id: message.player_id });
        return;
      case "view":
        if (typeof message.seq === "number" && message.seq < this.lastSeq) return;
        this.lastSeq = message.seq;
        this.show(message.view);
        return;
      case "error":
        // Before any view, an error means the hello was refused (nickname taken, room locked…).
        if (!this.model && message.code !== ERROR_CODES.OUTDATED && message.code !== ERROR_CODES.TOKEN_BANNED) {
          this.refused(message);
          return;
        }
        if (message.fatal) return; // the close that follows decides (connectionStatus "final")
        if (this.device?.shared) return this.device.refused(this.playerId, message);
        this.refusedCommand(errorText(message.code, message.message));
        return;
      default:
        return; // "closed": the close code that follows decides
    }
  },

  /** A refused text shows its reason under its field; anything else as a toast. The draft
   *  module comes with the screens that type (already loaded whenever a form waits). */
  async refusedCommand(text) {
    const { draftRejected } = await import("./draft.js");
    if (!draftRejected(text)) withBanners((b) => b.flash(text), true);
  },

  show(view) {
    let model;
    try {
      model = readModel(view, this.playerId);
      if (this.device) model = this.device.mask(model); // a shared phone draws no secret here
    } catch (error) {
      console.warn(error);
      this.unreadable();
      return;
    }
    syncClock(model.now);
    // "Rejouer" from the host: this phone keeps its end screen (the story, the rating, the
    // picture) until its player goes to the room, or the next game starts.
    const before = this.model;
    if (before && before.phase === "ended" && model.phase === "lobby" && !this.rematching) {
      this.afterEnd = { model: before, since: Date.now() };
    } else if (model.phase !== "lobby") {
      this.afterEnd = null;
    }
    if (model.phase !== "ended") this.rematching = false; // asked by this phone: done
    this.model = model;
    this.rawView = view;
    this.render();
    if (this.device) this.device.changed();
  },

  /** Show the screen of the current view, mounting it if the phase changed. */
  render() {
    const model = this.afterEnd && this.model.phase === "lobby" ? this.afterEnd.model : this.model;
    const kind = screenOf(model);
    let { screen } = mounted();
    const entering = kind !== mounted().kind;
    if (entering) {
      const create = screenFunction(kind, () => this.model && this.render());
      if (!create) return; // drawn once its module is here
      if (kind !== "lobby") preloadGameScreens();
      if (kind === "lobby") setTimeout(preloadGameScreens, PRELOAD_AFTER_MS);
      screen = mount(kind, (root) => create(root, this));
      announce(t(`phase.${kind}`));
      if (kind === "ended" && model.end?.outcome?.winning_players.includes(model.myId)) cue("win");
      document.title = `${t(`phase.${kind}`)} · ${model.code} · Undercover`;
    }
    // Every phase change (a runoff too, on the same screen) shows its top; the screen may
    // then bring its action into view (draft.js), which fits below that top on a phone.
    // Scrolled once drawn: before, Chrome's scroll anchoring would keep the ballot just
    // tapped (focused) in place and push the runoff's count above the screen.
    const top = entering || model.seq !== this.drawnSeq;
    if (top) window.scrollTo(0, 0);
    this.drawnSeq = model.seq;
    screen.update(model);
    if (top && !document.activeElement?.matches?.("input, textarea")) window.scrollTo(0, 0);
    withBanners((b) => b.fromModel(model));
    if (entering) {
      afterFrame(loadBanners);
      // Once the new screen holds its content; a field it focused for a turn keeps the focus.
      const root = document.getElementById("screen");
      if (!root.contains(document.activeElement)) root.focus({ preventScroll: true });
    }
    if (model.phase !== "lobby" && !roleCard) loadGameParts().then(() => this.model && this.render());
    roleCard?.update(model);
    // Ghosts (js/ghost.js): loaded once the view offers it; never on a shared phone.
    const me = model.raw.me || {};
    const offered = me.can_become_ghost && model.spectatorKind !== "late";
    if (this.ghost || ((offered || me.ghost) && !this.device?.shared)) {
      (this.ghost ||= import("./ghost.js")).then((m) => m.updateGhost(this.model, this));
    }
    keepAwake?.(model.phase !== "lobby" && model.phase !== "ended");
  },

  connectionStatus(state, detail) {
    if (state === "online") {
      this.connections += 1;
      this.generation = `${PAGE_LOAD}:${this.connections}`;
      withBanners((b) => b.hide("reconnecting"));
    } else if (state === "reconnecting" || (state === "connecting" && this.model)) {
      withBanners((b) => b.show("reconnecting", { kind: "warn", icon: "⟳", tkey: "banner.reconnecting" }), true);
      if (detail && detail.refused) this.checkRoomExists();
    } else if (state === "final") {
      this.finalState(detail.reason, detail.error);
    }
  },

  finalState(reason, error) {
    withBanners((b) => b.hide("reconnecting"));
    keepAwake?.(false);
    roleCard?.update(null);
    const code = error?.code || "";
    // Kicked: the (banned) token is kept, so a reload shows this screen again instead of
    // offering to join as someone new.
    if (code === ERROR_CODES.TOKEN_BANNED) reason = "kicked";
    this.finalOptions = { reason, error, code: this.code };
    this.drawFinal();
  },

  /** The screen after the room: kicked, gone, closed… (js/screens/final.js, loaded then). */
  async drawFinal() {
    const { finalScreen } = await import("./screens/final.js");
    if (this.finalOptions) mount("final", (root) => finalScreen(root, this, this.finalOptions));
  },

  /** The socket cannot even open: if the room is gone (cleaned up after idling), say so. */
  async checkRoomExists() {
    const conn = this.conn;
    try {
      const response = await fetch(`/api/rooms/${encodeURIComponent(this.code)}`);
      if (response.status === 404 && conn === this.conn) {
        conn.stop();
        this.finalState("room_not_found", null);
      }
    } catch {
      /* offline: keep trying to reconnect */
    }
  },

  /** The hello was refused: back to the home screen with the reason, code prefilled. */
  refused(error) {
    if (/^(token|seat)\.|^room\.not_found$/.test(error.code)) store.setSeat(this.code, null);
    this.showHome({ code: this.code, error: errorText(error.code, error.message) });
  },

  rulesSection() {
    const kind = mounted().kind;
    if (kind === "clues" && this.model?.settings.mode === "grade") return "grade-mode";
    return RULES_SECTION[kind] || "overview";
  },

  /** The language changed: draw the current screen again. */
  retranslate() {
    const kind = mounted().kind;
    if (this.model && SCREENS[kind]) {
      mount(kind, (root) => SCREENS[kind](root, this)).update(this.model);
    } else if (kind === "final" && this.finalOptions) {
      this.drawFinal();
    }
    roleCard?.update(this.model);
    withBanners((b) => b.retranslate());
    this.device?.changed(); // a shared phone's hand-off and strip, in the new language
  },
};
