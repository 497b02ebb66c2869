// Clues: the fixed speaking order with the current speaker highlighted, an unmistakable
// "À toi !" (with a vibration where allowed), the countdown, the clue input for the
// speaker, and the clues so far. Grade mode: the proposer's theme input, the round theme.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { announce } from "../live.js";
import { draftForm } from "../draft.js";
import { kickList, nameOf, playerTags } from "./common.js";

export function cluesScreen(root, app) {
  const timer = countdown();
  const title = h("h1", { id: "clues-title" });
  const sub = h("p", { class: "hint", id: "clues-sub" });
  const yourTurn = h("p", { class: "your-turn", id: "your-turn", hidden: true });
  const waiting = h("p", { class: "panel", id: "waiting-for", role: "status" });
  const theme = h("p", { class: "panel round-theme", id: "round-theme", hidden: true });
  const clueForm = draftForm(app, {
    id: "clue-input", type: "give_clue", label: "clues.your_clue", placeholder: "clues.placeholder", maxLength: 60,
  });
  const themeForm = draftForm(app, {
    id: "theme-input", type: "propose_theme", label: "clues.your_theme", placeholder: "clues.theme_placeholder",
    maxLength: 60,
  });
  const order = h("ol", { class: "order", id: "speaking-order", "aria-labelledby": "order-title" });
  const history = h("div", { id: "clue-history" });
  const kicks = h("div");
  fill(root, h("div", { class: "stack" },
    title, sub, yourTurn, timer.el, themeForm.el, clueForm.el, waiting, theme,
    h("section", { class: "stack" }, h("h2", { id: "order-title", text: t("clues.order") }), order),
    history, kicks,
  ));
  let wasMyTurn = false;

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
      yourTurn.hidden = !myTurn;
      yourTurn.textContent = proposing ? t("clues.your_turn_theme") : t("clues.your_turn");
      if (myTurn && !wasMyTurn) {
        announce(yourTurn.textContent, true);
        if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      }
      clueForm.update(myTurn && !proposing, model.turnKey);
      themeForm.update(myTurn && proposing, model.turnKey);
      if (myTurn && !wasMyTurn) (proposing ? themeForm : clueForm).focus();
      wasMyTurn = myTurn;
      waiting.hidden = myTurn || !actor;
      waiting.textContent = proposing
        ? t("clues.waiting_theme", { name: nameOf(model, actor) })
        : t("clues.waiting_clue", { name: nameOf(model, actor) });
      theme.hidden = !(model.settings.mode === "grade" && g.roundTheme);
      theme.textContent = t("clues.theme", { theme: g.roundTheme || "" });

      const thisRound = new Map(g.clues.filter((c) => c.round === g.clueRound).map((c) => [c.player, c]));
      fill(order, g.speakingOrder.map((id) => {
        const player = model.byId[id] || { id, name: nameOf(model, id) };
        const clue = thisRound.get(id);
        const current = id === actor;
        const classes = ["player"];
        if (current) classes.push("current");
        if (player.eliminated || player.kicked) classes.push("out");
        if (id === model.myId) classes.push("me");
        const doing = t(proposing ? "clues.proposing" : "clues.speaking");
        return h("li", { class: classes.join(" "), dataset: { player: id }, "aria-current": current ? "true" : null },
          h("span", { class: "name" }, player.name, clue ? clueText(clue) : null),
          current ? h("span", { class: "tag accent", text: `▶ ${doing}` }) : null,
          playerTags(model, player, { connection: true }),
        );
      }));
      fill(history, previousRounds(model));
      fill(kicks, kickList(app, model, g.alive));
    },
  };
}

/** " — « lunettes »", or why the turn was skipped. */
function clueText(clue) {
  const text = clue.text ? t("clues.quoted", { text: clue.text }) : t(`clues.skipped_${clue.skipped || "timeout"}`);
  return h("span", { class: `clue-text${clue.text ? "" : " empty"}`, text: ` — ${text}` });
}

/** Earlier rounds of this game, newest first. */
function previousRounds(model) {
  const g = model.game;
  const rounds = [...new Set(g.clues.map((c) => c.round))].filter((r) => r !== g.clueRound).sort((a, b) => b - a);
  if (!rounds.length) return null;
  return h("section", { class: "stack" },
    h("h2", { text: t("clues.previous") }),
    rounds.map((round) => h("div", { class: "panel" },
      h("h3", { text: t("clues.round", { n: round }) + (g.themes[round] ? ` · ${g.themes[round]}` : "") }),
      h("ul", { class: "players" }, g.clues.filter((c) => c.round === round).map((c) =>
        h("li", { class: "player" }, h("span", { class: "name" }, nameOf(model, c.player), clueText(c))))),
    )),
  );
}
