// Elimination: the votes land on their targets, the count shows, then the eliminated
// player's card flips to their role (and word, if the host's reveal setting shows it).
// The clue wall stays below. A short pause (server deadline) before the game goes on.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { clueWall } from "../cluewall.js";
import { flipDelay, tallyBoard } from "../tally.js";
import { cue } from "../feel.js";
import { avatar, nameOf, roleName } from "./common.js";

export function revealScreen(root, app) {
  const timer = countdown({ warn: false });
  const news = h("p", { class: "big-news", id: "eliminated-name" });
  const role = h("p", { class: "flip-role", id: "eliminated-role" });
  const face = h("span", { class: "flip-face" });
  const card = h("div", { class: "flip-card", id: "flip-card" },
    h("div", { class: "flip-back", "aria-hidden": "true", text: "?" }),
    h("div", { class: "flip-front" }, face, news, role));
  const you = h("p", { class: "panel", id: "eliminated-you", hidden: true, text: t("reveal.you_out") });
  const votes = h("div", { id: "last-vote" });
  const wall = clueWall(app);
  const grid = h("div", { class: "play-grid" },
    h("div", { class: "stack play-main" }, h("h1", { text: t("reveal.title") }), votes, card, you, timer.el),
    h("div", { class: "stack play-side" }, wall.el),
  );
  fill(root, grid);
  let drawnFor = null;
  return {
    update(model) {
      const r = model.reveal;
      timer.set(model.deadline);
      news.textContent = r.byLot
        ? t("reveal.by_lot", { name: nameOf(model, r.eliminated) })
        : t("reveal.eliminated", { name: nameOf(model, r.eliminated) });
      role.textContent = r.role
        ? r.word !== null && r.word !== undefined
          ? t("reveal.role_word", { role: roleName(r.role), word: r.word })
          : t("reveal.role", { role: roleName(r.role) })
        : t("reveal.hidden");
      card.dataset.role = r.role || "";
      fill(face, avatar(model.byId[r.eliminated] || { name: nameOf(model, r.eliminated) }, "big"));
      you.hidden = r.eliminated !== model.myId;
      if (drawnFor !== model.seq) {
        drawnFor = model.seq;
        const last = model.game.lastVote;
        fill(votes, last ? tallyBoard(model, last) : null);
        grid.style.setProperty("--flip-delay", `${last ? flipDelay(last) : 1600}ms`);
        cue("reveal");
      }
      wall.update(model);
    },
  };
}
