// A vote's resolution, drawn as a beat: each voter's chip lands on their target, then the
// count shows (penalty votes apart), for an elimination as for a tie ("2 – 2 !").
// The animation is CSS (staggered by --i); prefers-reduced-motion turns it into a fade.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { avatar, nameOf } from "./screens/common.js";

const STEP_MS = 180; // between two chips landing (style.css: .tally-row's --i)

/** When the count's last number has shown (ms after the tally is drawn): the card flips only
 * after it, on a phone and on the board alike (their --flip-delay). */
export function flipDelay(vote) {
  const targets = Object.values(vote.received).filter((n) => n > 0).length;
  const chips = Object.values(vote.ballots).filter(Boolean).length;
  return Math.max(1600, (targets + chips) * STEP_MS + 200 + 300 + 300);
}

/** Put a beat drawn `elapsed` ms ago back where it was after its node was moved (moving a
 * node restarts its CSS animations): a redraw never replays, nor skips, a moment. */
export function resumeBeat(el, startedAt) {
  const elapsed = performance.now() - startedAt;
  for (const animation of el.getAnimations({ subtree: true })) animation.currentTime = elapsed;
}

export function tallyBoard(model, vote) {
  const targets = Object.entries(vote.received).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const byTarget = {};
  for (const [voter, target] of Object.entries(vote.ballots)) {
    if (target) (byTarget[target] = byTarget[target] || []).push(voter);
  }
  let i = 0;
  const rows = targets.map(([id, n]) => {
    const phantom = (vote.phantom_votes || {})[id] || 0;
    const out = id === vote.eliminated;
    return h("li", { class: `tally-row${out ? " out" : ""}${vote.tied.includes(id) ? " tied" : ""}`, dataset: { player: id } },
      h("span", { class: "who" }, avatar(model.byId[id] || { name: nameOf(model, id) }), h("span", { class: "name", text: nameOf(model, id) })),
      h("span", { class: "chips" },
        (byTarget[id] || []).map((voter) => {
          const chip = avatar(model.byId[voter] || { name: nameOf(model, voter) }, "mini");
          chip.style.setProperty("--i", String(i++));
          chip.title = nameOf(model, voter);
          return chip;
        }),
        phantom ? h("span", { class: "tag warn", text: t("tally.phantom", { n: phantom }) }) : null),
      h("span", { class: "count", style: { "--i": targets.length + i }, text: String(n) }),
    );
  });
  const tied = vote.tied && vote.tied.length && vote.result !== "eliminated" && vote.result !== "lot";
  // "2 – 2" held on one line by no-break spaces.
  const score = tied ? vote.tied.map((id) => vote.received[id] || 0).join("\u00a0–\u00a0") : null;
  return h("section", { class: "tally-board", id: "tally-board", "aria-labelledby": "tally-title" },
    h("h2", { id: "tally-title", text: tied ? t("tally.tie", { score }) : t("tally.title") }),
    rows.length ? h("ol", { class: "tally-rows" }, rows) : h("p", { class: "hint", text: t("tally.nobody") }),
  );
}
