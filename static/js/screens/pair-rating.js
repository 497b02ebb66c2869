// After a game, every player of it may rate the pair 👍/👎 (their last tap counts); a 👎 by a
// majority of the game's players removes the pair from this room.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function pairRating(model, app) {
  const rating = model.end.rating;
  if (!rating) return null;
  const votes = Object.values(rating.votes);
  const ups = votes.filter((v) => v === "up").length;
  const downs = votes.length - ups;
  const mine = rating.votes[model.myId] || null;
  const playing = model.end.players.some((p) => p.id === model.myId);
  const button = (up) => h("button", {
    type: "button", class: `btn small${mine === (up ? "up" : "down") ? " primary" : ""}`,
    id: up ? "rate-up" : "rate-down", "aria-pressed": String(mine === (up ? "up" : "down")),
    "aria-label": t(up ? "rating.up_label" : "rating.down_label"),
    text: `${up ? "👍" : "👎"} ${up ? ups : downs}`,
    onclick: () => app.send("rate_pair", { up }),
  });
  return h("section", { class: "panel stack", id: "pair-rating", "aria-labelledby": "rating-title" },
    h("h2", { id: "rating-title", text: t("rating.title") }),
    playing ? h("div", { class: "row" }, button(true), button(false)) : null,
    h("p", { class: "hint", id: "rating-status", role: "status",
      text: rating.removed ? t("rating.removed") : t("rating.majority", { n: Math.floor(rating.players / 2) + 1 }) }),
  );
}
