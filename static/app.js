// Entry point: language, route (/ or /r/CODE), the home screen. Everything about playing in
// a room (connection, screens per phase) loads only when a room is entered, and the home
// screen only when shown, so the first load stays small (see tests/web/test_static.py).
import { h, fill } from "./js/dom.js";
import { store } from "./js/store.js";
import { loadLang, lang, t, translateTree } from "./js/i18n.js";
import { announce, mount, mounted } from "./js/stage.js";
import { initMute } from "./js/feel.js";

const CODE_PATTERN = /^\/r\/([A-Za-z0-9]{5})\/?$/;
const BOARD_PATTERN = /^\/r\/([A-Za-z0-9]{5})\/board\/?$/; // a TV or shared screen: js/board/
let room = null; // the room module, once loaded
let redrawMute = () => {};

// The modules each first screen needs, beyond this file's own imports: asked for all at once
// as soon as the route is known, instead of one import level after the other (under a slow
// CPU each level costs a round of fetch, parse and run). tests/web/test_static.py keeps each
// list equal to the static imports its module pulls in.
const FIRST_PAINT = {
  home: ["js/screens/home.js", "js/howto.js", "js/faces.js"],
  room: [
    "js/net.js", "js/protocol.js", "js/room.js", "js/clock.js", "js/model.js",
    "js/screens/lobby.js", "js/screens/common.js",
  ],
};

function preload(kind) {
  for (const path of FIRST_PAINT[kind]) document.head.append(h("link", { rel: "modulepreload", href: `/${path}` }));
}

const app = {
  /** Open the room `code`: with the stored seat token, or joining as `name` (`conn`: its
   *  socket, if open). */
  async enter(code, name = null, conn = null) {
    if (location.pathname !== `/r/${code}`) history.pushState({}, "", `/r/${code}`);
    if (!room) {
      room = (await import("./js/room.js")).room;
      room.shell = app;
    }
    room.enter(code, name, conn);
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
  if (lang() !== next) return; // switched again meanwhile: the last switch redraws
  store.setLang(next);
  translateTree(document);
  redrawMute();
  const { kind, screen } = mounted();
  if (kind === "home") app.showHome(screen.state());
  else if (room) room.retranslate();
  announce(t("lang.changed"));
}

/** What the address opens: "board", "room" (a seat is held) or "home", and the room code. */
function destination() {
  const board = BOARD_PATTERN.exec(location.pathname);
  if (board) return { kind: "board", code: board[1].toUpperCase() };
  const match = CODE_PATTERN.exec(location.pathname);
  if (!match) return { kind: "home", code: null };
  const code = match[1].toUpperCase();
  return { kind: store.seat(code) ? "room" : "home", code };
}

function route() {
  const { kind, code } = destination();
  if (kind === "board") import("./js/board/board.js").then((m) => m.startBoard(code));
  else if (kind === "room") app.enter(code);
  else app.showHome(code ? { code } : {});
}

async function openSocket(code) {
  const { Connection, seatHello } = await import("./js/net.js");
  const conn = new Connection(code, seatHello(code));
  conn.start();
  return conn;
}

async function boot() {
  if (store.easy()) store.setEasy(true); // its stylesheet and mark, before the first draw
  const first = destination();
  // In this order (few connections to one host at a time): a room's socket (its hello needs
  // only the seat and the language), the strings, the screen's modules.
  const entered = first.kind === "room" ? openSocket(first.code).then((conn) => app.enter(first.code, null, conn)) : null;
  const strings = loadLang(store.lang() || "fr");
  if (FIRST_PAINT[first.kind]) preload(first.kind);
  await strings;
  translateTree(document);
  document.getElementById("rules-button").addEventListener("click", openRules);
  redrawMute = initMute(document.getElementById("mute-button"));
  document.getElementById("lang-button").addEventListener("click", switchLanguage);
  document.getElementById("brand").addEventListener("click", (event) => {
    event.preventDefault();
    app.showHome();
  });
  window.addEventListener("popstate", route);
  if (entered) await entered;
  else route();
}

boot().catch((error) => {
  console.error(error);
  fill(document.getElementById("screen"), h("p", { class: "error-text", text: `${t("error.unknown")} (${error})` }));
});
