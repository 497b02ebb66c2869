// Entry point: language, route (/ or /r/CODE), the home screen. Everything about playing in
// a room (connection, screens per phase) loads only when a room is entered, and the home
// screen only when shown, so the first load stays small (see tests/web/test_static.py).
import { h, fill } from "./js/dom.js";
import { store } from "./js/store.js";
import { loadLang, lang, t, translateTree } from "./js/i18n.js";
import { mount, mounted } from "./js/stage.js";
import { initMute } from "./js/feel.js";

const CODE_PATTERN = /^\/r\/([A-Za-z0-9]{5})\/?$/;
const BOARD_PATTERN = /^\/r\/([A-Za-z0-9]{5})\/board\/?$/; // a TV or shared screen: js/board/
let room = null; // the room module, once loaded
let redrawMute = () => {};

const app = {
  /** Open the room `code`: with the stored seat token, or joining as `name`. */
  async enter(code, name = null) {
    if (location.pathname !== `/r/${code}`) history.pushState({}, "", `/r/${code}`);
    if (!room) {
      room = (await import("./js/room.js")).room;
      room.shell = app;
    }
    room.enter(code, name);
  },

  async showHome(options = {}) {
    if (room) room.leave();
    if (location.pathname !== "/" && !options.code) history.pushState({}, "", "/");
    // Loaded on use: a room opened from its link never needs it.
    const { homeScreen } = await import("./js/screens/home.js");
    mount("home", (root) => homeScreen(root, app, options));
    document.title = "Undercover";
  },
};

async function openRules() {
  const { openRules: open } = await import("./js/rules.js");
  const section = room ? room.rulesSection() : "overview";
  open(section);
}

async function switchLanguage() {
  const next = lang() === "fr" ? "en" : "fr";
  await loadLang(next);
  store.setLang(next);
  translateTree(document);
  redrawMute();
  const { kind, screen } = mounted();
  if (kind === "home") app.showHome(screen.state());
  else if (room) room.retranslate();
  const { announce } = await import("./js/live.js");
  announce(t("lang.changed"));
}

function route() {
  const board = BOARD_PATTERN.exec(location.pathname);
  if (board) {
    import("./js/board/board.js").then((m) => m.startBoard(board[1].toUpperCase()));
    return;
  }
  const match = CODE_PATTERN.exec(location.pathname);
  if (!match) {
    app.showHome();
    return;
  }
  const code = match[1].toUpperCase();
  if (store.seat(code)) app.enter(code);
  else app.showHome({ code });
}

async function boot() {
  await loadLang(store.lang() || "fr");
  translateTree(document);
  document.getElementById("rules-button").addEventListener("click", openRules);
  redrawMute = initMute(document.getElementById("mute-button"));
  document.getElementById("lang-button").addEventListener("click", switchLanguage);
  document.getElementById("brand").addEventListener("click", (event) => {
    event.preventDefault();
    app.showHome();
  });
  window.addEventListener("popstate", route);
  route();
}

boot().catch((error) => {
  console.error(error);
  fill(document.getElementById("screen"), h("p", { class: "error-text", text: `${t("error.unknown")} (${error})` }));
});
