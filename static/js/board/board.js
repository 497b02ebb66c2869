// The board (/r/CODE/board): a TV or a call's shared screen. It holds no seat: its hello says
// `board`, and the server sends it the spectator's view (docs/protocol.md), so nothing secret
// can reach it. It needs no interaction, follows the game by itself and survives reloads (no
// state of its own). Phones stay the controllers; nothing on a phone needs the board.
import { h, fill } from "../dom.js";
import { lang, t } from "../i18n.js";
import { Connection } from "../net.js";
import { syncClock } from "../clock.js";
import { readModel } from "../model.js";
import { drawBoard } from "./screens.js";

export function startBoard(code) {
  document.body.dataset.page = "board";
  document.head.append(h("link", { rel: "stylesheet", href: "/board.css" }));
  const root = document.getElementById("screen");
  const status = h("p", { class: "board-status", role: "status", text: t("home.connecting") });
  fill(root, status);
  const board = { code, model: null, link: null };
  // The address phones can reach (with --lan, the machine's LAN address, as in the QR code).
  fetch(`/api/rooms/${encodeURIComponent(code)}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((summary) => {
      if (summary && typeof summary.share_url === "string") {
        board.link = summary.share_url.replace(/^https?:\/\//, "");
        if (board.model && board.model.phase === "lobby") drawBoard(root, board);
      }
    })
    .catch(() => {});
  const conn = new Connection(
    code,
    () => ({ token: null, name: null, lang: lang(), board: true }),
    {
      message(message) {
        if (message.type === "view") {
          const model = readModel(message.view, null);
          syncClock(model.now);
          board.model = model;
          document.body.dataset.screen = `board-${model.phase}`;
          // Streamer mode: the code never goes into the page, not even its title.
          document.title = model.settings.streamer ? `${t("board.title")} · Undercover` : `${t("board.title")} · ${code} · Undercover`;
          drawBoard(root, board);
        } else if (message.type === "error" && !board.model) {
          fill(root, h("p", { class: "board-status", role: "alert", text: t(`error.${message.code}`) }));
        }
      },
      status(state) {
        document.body.dataset.connection = state;
        if (state === "final") fill(root, h("p", { class: "board-status", role: "alert", text: t("board.ended") }));
      },
      unknown() {},
    },
  );
  conn.start();
  return board;
}
