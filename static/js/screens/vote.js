// Vote, Among-Us style: pick a player, then confirm (or abstain); the ballot can change
// until the vote resolves. Shows "4/6 ont voté", who has voted (not for whom), the
// countdown, the grace delay once every ballot is in, the runoff restriction and the
// phantom accusing votes that will count at this tally.
import { h, fill, keepFocus } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { secondsLeft } from "../clock.js";
import { announce } from "../live.js";
import { kickList, nameOf } from "./common.js";

export function voteScreen(root, app) {
  const timer = countdown();
  const title = h("h1", { id: "vote-title" });
  const explain = h("p", { class: "hint", id: "vote-explain" });
  const phantoms = h("p", { class: "panel", id: "phantom-votes", hidden: true });
  const targets = h("div", { class: "targets", id: "vote-targets", role: "group", "aria-labelledby": "vote-title" });
  const abstain = h("button", { type: "button", class: "btn", id: "vote-abstain", "aria-pressed": "false", text: t("vote.abstain") });
  const confirm = h("button", { type: "button", class: "btn primary", id: "vote-confirm" });
  const mine = h("p", { class: "tally", id: "my-ballot", role: "status" });
  const tally = h("p", { class: "tally", id: "vote-count", "aria-live": "polite" });
  const grace = h("p", { class: "panel", id: "vote-grace", role: "status", hidden: true });
  const voters = h("ul", { class: "players", id: "voters" });
  const kicks = h("div");
  const ballotBox = h("div", { class: "stack", id: "ballot-box" }, targets, abstain, confirm, mine);
  fill(root, h("div", { class: "stack" },
    title, explain, timer.el, phantoms, ballotBox, tally, grace,
    h("section", {}, h("h2", { class: "sr-only", text: t("vote.who_voted") }), voters), kicks,
  ));

  // undefined: nothing picked on this phone yet; null: abstention; else a player id.
  let picked;
  let model = null;
  let graceTimer = null;
  abstain.addEventListener("click", () => {
    picked = null;
    draw();
  });
  confirm.addEventListener("click", () => {
    if (picked === undefined) return;
    app.send("cast_vote", { target: picked });
  });

  function draw() {
    const g = model.game;
    const canVote = g.canVote;
    ballotBox.hidden = !canVote;
    keepFocus(targets, () => fill(targets, g.alive.filter((id) => id !== model.myId).map((id) => {
      const allowed = !g.candidates.length || g.candidates.includes(id);
      const isPicked = picked === id;
      return h("button", {
        type: "button", class: `target${g.myBallot === id ? " voted-for" : ""}`, "aria-pressed": String(isPicked),
        disabled: !allowed, dataset: { key: `target-${id}`, target: id },
        onclick: () => { picked = id; draw(); },
      },
        h("span", { text: nameOf(model, id) }),
        g.myBallot === id ? h("span", { class: "small", text: `✓ ${t("vote.your_vote")}` }) : null,
        !allowed ? h("span", { class: "small", text: t("vote.not_candidate") }) : null,
      );
    })));
    abstain.setAttribute("aria-pressed", String(picked === null));
    confirm.disabled = picked === undefined || picked === g.myBallot;
    confirm.textContent = picked === undefined
      ? t("vote.pick_first")
      : picked === g.myBallot
        ? t("vote.recorded")
        : picked === null ? t("vote.confirm_abstain") : t("vote.confirm", { name: nameOf(model, picked) });
    mine.textContent = g.myBallot === undefined
      ? t("vote.not_voted")
      : g.myBallot === null ? t("vote.you_abstained") : t("vote.you_voted", { name: nameOf(model, g.myBallot) });
  }

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
      if (previousSeq !== model.seq) picked = g.myBallot; // a new ballot (runoff) starts clean
      title.textContent = t(`vote.title_${g.ballotKind}`);
      if (previousSeq !== null && previousSeq !== model.seq) announce(title.textContent, true);
      explain.textContent = g.ballotKind === "runoff"
        ? t("vote.runoff_explain", { names: g.candidates.map((id) => nameOf(model, id)).join(", ") })
        : g.ballotKind === "reopened" ? t("vote.reopened_explain") : t("vote.explain");
      timer.set(model.deadline, model.settings.vote_timer ? model.settings.vote_seconds : null);
      // Phantom votes count in the first ballot only (docs/rules.md §4).
      const pending = g.ballotKind === "first" ? Object.entries(g.phantomVotes).filter(([, n]) => n > 0) : [];
      phantoms.hidden = !pending.length;
      phantoms.textContent = t("vote.phantoms", {
        list: pending.map(([id, n]) => t("vote.phantom_item", { name: nameOf(model, id), n })).join(", "),
      });
      tally.textContent = t("vote.count", { n: g.votedCount, total: g.voterCount });
      fill(voters, g.alive.map((id) => h("li", { class: "player", dataset: { player: id } },
        h("span", { class: "name", text: nameOf(model, id) }),
        g.voted.includes(id)
          ? h("span", { class: "tag good", text: `✓ ${t("vote.has_voted")}` })
          : model.byId[id] && !model.byId[id].connected
            ? h("span", { class: "tag warn", text: `○ ${t("vote.away")}` })
            : h("span", { class: "tag", text: `… ${t("vote.thinking")}` }),
      )));
      draw();
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
