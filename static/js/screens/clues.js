// Clues: the speaker in the spotlight inside the ring countdown, an unmistakable "À toi !"
// (sound and vibration where allowed), the clue input for the speaker (after a look at their
// card if they never opened it), Mr. White's missed guess if one just happened, and the clue
// wall. Grade mode: the proposer's theme input and the round theme.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { announce } from "../stage.js";
import { draftForm } from "../draft.js";
import { clueWall } from "../cluewall.js";
import { cardButton } from "../rolecard.js";
import { store } from "../store.js";
import { cue } from "../feel.js";
import { avatar, kickList, nameOf } from "./common.js";

export function cluesScreen(root, app) {
  const timer = countdown({ ring: true });
  const title = h("h1", { id: "clues-title" });
  const sub = h("p", { class: "hint", id: "clues-sub" });
  const yourTurn = h("p", { class: "your-turn", id: "your-turn", hidden: true });
  const waiting = h("p", { class: "spot-text", id: "waiting-for", role: "status" });
  const spotlight = h("section", { class: "spotlight", "aria-labelledby": "clues-title" }, timer.el, yourTurn, waiting);
  const missed = h("p", { class: "panel beat missed", id: "guess-missed", hidden: true });
  const theme = h("p", { class: "panel round-theme", id: "round-theme", hidden: true });
  const gate = h("div", { class: "panel stack", id: "card-gate", hidden: true });
  const clueForm = draftForm(app, {
    id: "clue-input", type: "give_clue", label: "clues.your_clue", placeholder: "clues.placeholder", maxLength: 60,
    tip: "tip.clue",
  });
  const themeForm = draftForm(app, {
    id: "theme-input", type: "propose_theme", label: "clues.your_theme", placeholder: "clues.theme_placeholder",
    maxLength: 60, tip: "tip.theme",
  });
  const wall = clueWall(app);
  const kicks = h("div");
  fill(root, h("div", { class: "play-grid" },
    h("div", { class: "stack play-main" }, h("div", {}, title, sub), spotlight, missed, theme, gate, themeForm.el, clueForm.el),
    h("div", { class: "stack play-side" }, wall.el, kicks),
  ));
  let wasMyTurn = false;
  let wasReady = false;
  let gateFor = null;

  /** A player who never opened their card looks at it before speaking. */
  function cardGate(model, needed) {
    gate.hidden = !needed;
    if (!needed || gateFor === model.gameNo) return;
    gateFor = model.gameNo;
    fill(gate,
      h("p", { class: "big-news", text: t("clues.see_card_first") }),
      cardButton(model.secret, () => {
        store.setCardSeen(app.code, String(model.gameNo));
        app.render();
      }));
  }

  return {
    update(model) {
      const g = model.game;
      title.textContent = t("clues.round", { n: g.clueRound });
      const roundsLeft = g.roundsPerVote - g.roundInCycle;
      sub.textContent = roundsLeft > 0 ? t("clues.vote_after", { n: roundsLeft }) : t("clues.vote_next");
      // The clue timer times theme proposals too (docs/rules.md §10).
      timer.set(model.deadline, model.settings.clue_timer ? model.settings.clue_seconds : null);
      const proposing = g.stage === "theme";
      const myTurn = proposing ? g.proposer === model.myId : g.speaker === model.myId;
      const actor = proposing ? g.proposer : g.speaker;
      fill(timer.face, actor ? avatar(model.byId[actor] || { name: nameOf(model, actor) }, "big") : null);
      yourTurn.hidden = !myTurn;
      yourTurn.textContent = proposing ? t("clues.your_turn_theme") : t("clues.your_turn");
      if (myTurn && !wasMyTurn) {
        announce(yourTurn.textContent, true);
        cue("turn");
      }
      const mustSee = myTurn && Boolean(model.secret) && store.cardSeen(app.code) !== String(model.gameNo);
      cardGate(model, mustSee);
      clueForm.update(myTurn && !proposing && !mustSee, model.turnKey);
      themeForm.update(myTurn && proposing && !mustSee, model.turnKey);
      const ready = myTurn && !mustSee;
      if (ready && !wasReady) (proposing ? themeForm : clueForm).focus();
      wasReady = ready;
      wasMyTurn = myTurn;
      waiting.hidden = myTurn || !actor;
      waiting.textContent = proposing
        ? t("clues.waiting_theme", { name: nameOf(model, actor) })
        : t("clues.waiting_clue", { name: nameOf(model, actor) });
      clueForm.el.querySelector(".tip").textContent = t(model.settings.mode === "grade" ? "tip.clue_grade" : "tip.clue");
      theme.hidden = !(model.settings.mode === "grade" && g.roundTheme);
      theme.textContent = t("clues.theme", { theme: g.roundTheme || "" });
      // Mr. White's missed guess, shown through the first round after it.
      const last = g.guesses[g.guesses.length - 1];
      const fresh = last && !last.correct && last.cycle === g.cycle - 1 && g.roundInCycle === 1;
      missed.hidden = !fresh;
      if (fresh) {
        missed.textContent = last.text
          ? t("guess.missed", { name: nameOf(model, last.player), guess: last.text })
          : t("guess.missed_silent", { name: nameOf(model, last.player) });
      }
      wall.update(model);
      fill(kicks, kickList(app, model, g.alive));
    },
  };
}
