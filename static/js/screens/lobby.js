// Lobby: the room code big (castable to a TV), share link + QR, players with connection
// status and the host's crown, settings (editable by the host, read-only for the others),
// the role composition for the current count, and the start button.
import { h, fill, keepFocus } from "../dom.js";
import { t } from "../i18n.js";
import { store } from "../store.js";
import { askKick, avatar, playerTags } from "./common.js";
import { hostWordsPanel } from "./host-words.js";
import { settingsPanel } from "./settings.js";
import { devicePanel } from "../shared/lobby.js";

export function lobbyScreen(root, app) {
  const code = app.code;
  // The server knows the address phones can reach (with --lan, the machine's LAN address,
  // as in the QR code); until it answers, this page's own address.
  let link = `${location.origin}/r/${code}`;
  const linkText = h("p", { class: "share-link", id: "share-link", text: link });
  fetch(`/api/rooms/${encodeURIComponent(code)}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((summary) => {
      if (summary && typeof summary.share_url === "string") {
        link = summary.share_url;
        linkText.textContent = link;
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

  const playersList = h("ul", { class: "players", id: "players" });
  const countTitle = h("h2", { id: "players-title" });
  const composition = h("div", { class: "composition", id: "composition" });
  const startButton = h("button", { type: "button", class: "btn primary", id: "start-game", text: t("lobby.start") });
  const startHint = h("p", { class: "hint", id: "start-hint" });
  const settings = settingsPanel(app);
  const hostWords = hostWordsPanel(app);
  const deviceSeats = devicePanel();
  startButton.addEventListener("click", () => app.send("start_game"));
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
          h("img", { class: "qr", src: `/api/rooms/${code}/qr.svg`, alt: t("lobby.qr_alt"), width: "220", height: "220" }),
          linkText,
          h("div", { class: "row" }, copyButton, copyStatus),
          // The table's screen (a TV, a call's screen share): js/board/, the spectator's view.
          h("a", { class: "btn small", id: "open-board", href: `/r/${code}/board`, target: "_blank", rel: "noopener", text: t("board.open") }),
          h("p", { class: "hint", text: t("board.open_hint") }),
        ),
        h("section", { class: "panel stack", "aria-labelledby": "players-title" },
          countTitle, playersList,
          h("div", {}, h("h3", { text: t("lobby.composition") }), composition),
        ),
      ),
      h("div", { class: "stack" }, settings.el, hostWords.el, deviceSeats.el, startHint, startButton, leaveButton),
    ),
  );

  return {
    update(model) {
      countTitle.textContent = t("lobby.players", { n: model.players.length });
      keepFocus(playersList, () =>
        fill(playersList, model.players.map((player) => {
          const kick = model.isHost && player.id !== model.myId
            ? h("button", {
                type: "button", class: "btn small danger", dataset: { key: `kick-${player.id}`, kick: player.id },
                "aria-label": t("lobby.kick_label", { name: player.name }), text: t("lobby.kick"),
                onclick: () => askKick(app, player.name, player.id),
              })
            : null;
          return h("li", { class: `player${player.id === model.myId ? " me" : ""}`, dataset: { player: player.id } },
            avatar(player),
            h("span", { class: "name", text: player.name }),
            playerTags(model, player, { connection: !player.connected }),
            kick,
          );
        })),
      );
      fill(composition, compositionTags(model));
      settings.update(model);
      hostWords.update(model);
      deviceSeats.update(model);
      const enough = model.players.length >= model.minPlayers;
      startButton.hidden = !model.isHost;
      startButton.disabled = !enough || Boolean(model.availability.error);
      startHint.textContent = !enough
        ? t("lobby.need_players", { n: model.minPlayers })
        : model.isHost
          ? ""
          : t("lobby.waiting_host", { name: model.hostName });
      startHint.hidden = !startHint.textContent;
      leaveButton.hidden = model.spectatorKind === "late";
    },
  };
}

export function compositionTags(model) {
  const c = model.composition;
  if (!c) return [h("span", { class: "hint", text: t("lobby.composition_none", { n: model.minPlayers }) })];
  const parts = [h("span", { class: "tag", text: t("count.civilians", { n: c.civilians }) }),
    h("span", { class: "tag", text: t("count.undercovers", { n: c.undercovers }) })];
  if (c.mr_white) parts.push(h("span", { class: "tag", text: t("count.mr_white", { n: c.mr_white }) }));
  return parts;
}
