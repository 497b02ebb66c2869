// The vote, the climax: the clue wall with a vote button on each player — one tap votes, a
// visible "annuler" withdraws the ballot before the result, another tap changes it. Shows
// "4/6 ont voté", who has voted (never for whom: a mark on their wall row), the countdown, the grace once every ballot
// is in, the runoff restriction, the penalty votes that count at this tally, and the marks.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { secondsLeft } from "../clock.js";
import { announce } from "../stage.js";
import { clueWall } from "../cluewall.js";
import { tallyBoard } from "../tally.js";
import { kickList, nameOf } from "./common.js";

export function voteScreen(root, app) {
  const timer = countdown();
  const title = h("h1", { id: "vote-title" });
  const explain = h("p", { class: "hint", id: "vote-explain" });
  const phantoms = h("p", { class: "panel", id: "phantom-votes", hidden: true });
  const tie = h("div", { id: "tie-tally" });
  const mine = h("p", { class: "tally", id: "my-ballot", role: "status" });
  const undo = h("button", { type: "button", class: "btn small", id: "vote-undo", hidden: true, text: t("vote.undo") });
  const abstain = h("button", { type: "button", class: "btn small", id: "vote-abstain", "aria-pressed": "false", text: t("vote.abstain") });
  const tally = h("p", { class: "tally", id: "vote-count", "aria-live": "polite" });
  const grace = h("p", { class: "panel", id: "vote-grace", role: "status", hidden: true });
  const kicks = h("div", { class: "vote-kicks" });
  const ballotBox = h("div", { class: "row my-vote ballot-box", id: "ballot-box" }, mine, undo, abstain);
  let model = null;
  let graceTimer = null;

  const vote = (target) => app.send("cast_vote", { target });
  undo.addEventListener("click", () => app.send("withdraw_vote"));
  abstain.addEventListener("click", () => vote(null));

  /** The vote button on a wall row: one tap votes against that player. */
  function voteButton(m, id) {
    const g = m.game;
    if (!g.canVote || id === m.myId || !g.alive.includes(id)) return null;
    const allowed = !g.candidates.length || g.candidates.includes(id);
    const chosen = g.myBallot === id;
    return h("button", {
      type: "button", class: `target${chosen ? " voted-for" : ""}`, "aria-pressed": String(chosen),
      disabled: !allowed, dataset: { key: `target-${id}`, target: id },
      "aria-label": chosen ? t("vote.your_vote_on", { name: nameOf(m, id) }) : t("vote.against", { name: nameOf(m, id) }),
      onclick: () => { if (!chosen) vote(id); },
    }, chosen ? `✓ ${t("vote.your_vote")}` : allowed ? t("vote.vote") : t("vote.not_candidate"));
  }
  /** Who has voted shows on their own row (never for whom), not in a second list. */
  function votedMark(m, id) {
    if (!m.game.voted.includes(id)) return null;
    return h("span", { class: "tag good voted-mark", title: t("vote.has_voted") },
      h("span", { "aria-hidden": "true", text: "✓" }), h("span", { class: "voted-label", text: ` ${t("vote.has_voted")}` }));
  }
  const wall = clueWall(app, { extra: voteButton, status: votedMark, compact: true });
  // On a phone the explanation goes under the wall (style.css), so the ballots come first.
  fill(root, h("div", { class: "play-grid vote-grid" },
    h("div", { class: "stack play-main" }, h("div", { class: "vote-head" }, title, timer.el, tally), tie, phantoms, ballotBox, grace, explain),
    h("div", { class: "stack play-side" }, wall.el, kicks),
  ));

  function drawGrace() {
    const left = secondsLeft(model.game.graceEndsAt);
    grace.hidden = left === null;
    if (left !== null) grace.textContent = t("vote.grace", { s: Math.ceil(left) });
  }

  return {
    update(next) {
      const previousSeq = model ? model.seq : null;
      model = next;
      const g = model.game;
      title.textContent = t(`vote.title_${g.ballotKind}`);
      if (previousSeq !== model.seq) {
        if (previousSeq !== null) announce(title.textContent, true);
        // A runoff opens with the tie that caused it: "2 – 2 !".
        const last = g.lastVote;
        const tied = g.ballotKind !== "first" && last && (last.result === "runoff" || last.result === "reopened");
        fill(tie, tied ? tallyBoard(model, last) : null);
      }
      explain.textContent = g.ballotKind === "runoff"
        ? t("vote.runoff_explain", { names: g.candidates.map((id) => nameOf(model, id)).join(", ") })
        : g.ballotKind === "reopened" ? t("vote.reopened_explain") : t("vote.explain");
      timer.set(model.deadline, model.settings.vote_timer ? model.settings.vote_seconds : null);
      // Penalty votes count in the first ballot only (docs/rules.md §4).
      const pending = g.ballotKind === "first" ? Object.entries(g.phantomVotes).filter(([, n]) => n > 0) : [];
      phantoms.hidden = !pending.length;
      phantoms.textContent = t("vote.phantoms", {
        list: pending.map(([id, n]) => t("vote.phantom_item", { name: nameOf(model, id), n })).join(", "),
      });
      ballotBox.hidden = !g.canVote;
      mine.textContent = g.myBallot === undefined
        ? t("vote.not_voted")
        : g.myBallot === null ? t("vote.you_abstained") : t("vote.you_voted", { name: nameOf(model, g.myBallot) });
      undo.hidden = g.myBallot === undefined;
      abstain.setAttribute("aria-pressed", String(g.myBallot === null));
      abstain.disabled = g.myBallot === null;
      tally.textContent = t("vote.count", { n: g.votedCount, total: g.voterCount });
      wall.update(model);
      drawGrace();
      clearInterval(graceTimer);
      graceTimer = g.graceEndsAt ? setInterval(() => root.isConnected && drawGrace(), 500) : null;
      fill(kicks, kickList(app, model, g.alive));
    },
    unmount() {
      clearInterval(graceTimer);
    },
  };
}
