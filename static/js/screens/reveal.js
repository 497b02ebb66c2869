// Elimination: who went out, with their role and word unless the host hid them, and how
// the votes fell. A short pause (server deadline) before the game goes on.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { nameOf, roleName } from "./common.js";
import { voteTable } from "./recap.js";

export function revealScreen(root, app) {
  const timer = countdown({ warn: false });
  const news = h("p", { class: "big-news", id: "eliminated-name" });
  const role = h("p", { class: "outcome", id: "eliminated-role" });
  const you = h("p", { class: "panel", id: "eliminated-you", hidden: true, text: t("reveal.you_out") });
  const votes = h("div", { id: "last-vote" });
  fill(root, h("div", { class: "stack" }, h("h1", { text: t("reveal.title") }), news, role, you, votes, timer.el));
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
      you.hidden = r.eliminated !== model.myId;
      fill(votes, model.game.lastVote ? voteTable(model, model.game.lastVote) : null);
    },
  };
}
