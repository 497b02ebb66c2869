// The round recap (récapitulatif des manches): per cycle, each player's clue in every clue
// round (and the round's theme in grade mode), then each vote — ballots cast, votes
// received, phantom votes, runoffs — and the eliminations, kicks and Mr. White's guess.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { nameOf } from "./common.js";

function ballotText(model, target) {
  return target === null || target === undefined ? t("recap.abstained") : `→ ${nameOf(model, target)}`;
}

/** One vote: who voted for whom, votes received (phantom ones counted apart). */
export function voteTable(model, vote) {
  const ids = [...new Set([...Object.keys(vote.ballots), ...Object.keys(vote.received), ...Object.keys(vote.phantom_votes || {})])];
  return h("div", { class: "table-wrap" }, h("table", { class: "vote-table", dataset: { ballot: vote.ballot_kind } },
    h("caption", { text: `${t(`recap.vote_${vote.ballot_kind}`)} — ${voteResult(model, vote)}` }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: t("recap.player") }),
      h("th", { scope: "col", text: t("recap.voted") }),
      h("th", { scope: "col", text: t("recap.received") }),
    )),
    h("tbody", {}, ids.map((id) => {
      const phantom = (vote.phantom_votes || {})[id] || 0;
      const received = vote.received[id] || 0;
      return h("tr", { dataset: { player: id } },
        h("th", { scope: "row", text: nameOf(model, id) }),
        h("td", { text: id in vote.ballots ? ballotText(model, vote.ballots[id]) : t("recap.no_ballot") }),
        h("td", { text: phantom ? t("recap.received_phantom", { n: received, p: phantom }) : String(received) }),
      );
    })),
  ));
}

function voteResult(model, vote) {
  if (vote.result === "eliminated" || vote.result === "lot") {
    return t(`recap.result_${vote.result}`, { name: nameOf(model, vote.eliminated) });
  }
  if (vote.result === "runoff") return t("recap.result_runoff", { names: vote.tied.map((id) => nameOf(model, id)).join(", ") });
  return t(`recap.result_${vote.result}`);
}

/** Every cycle of the game: a clue table, then its votes and events. */
export function recapTables(model, recap) {
  const cycles = [...new Set(recap.map((e) => e.cycle))].sort((a, b) => a - b);
  return cycles.map((cycle) => {
    const entries = recap.filter((e) => e.cycle === cycle);
    const rounds = [...new Set(entries.filter((e) => e.kind === "clue" || e.kind === "theme").map((e) => e.clue_round))].sort((a, b) => a - b);
    const themes = Object.fromEntries(entries.filter((e) => e.kind === "theme").map((e) => [e.clue_round, e]));
    const speakers = [...new Set(entries.filter((e) => e.kind === "clue").map((e) => e.player))];
    const clueOf = (player, round) => entries.find((e) => e.kind === "clue" && e.player === player && e.clue_round === round);
    return h("section", { class: "stack recap-cycle", dataset: { cycle: String(cycle) } },
      h("h3", { text: t("recap.cycle", { n: cycle }) }),
      rounds.length ? h("div", { class: "table-wrap" }, h("table", { class: "clue-table" },
        h("caption", { text: t("recap.clues") }),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", text: t("recap.player") }),
          rounds.map((round) => h("th", { scope: "col" },
            t("recap.round", { n: round }),
            themes[round] ? h("span", { class: "hint", text: ` · ${themeText(model, themes[round])}` }) : null)),
        )),
        h("tbody", {}, speakers.map((player) => h("tr", { dataset: { player } },
          h("th", { scope: "row", text: nameOf(model, player) }),
          rounds.map((round) => {
            const clue = clueOf(player, round);
            return h("td", { text: !clue ? "" : clue.text ?? t(`clues.skipped_${clue.skipped || "timeout"}`) });
          }),
        ))),
      )) : null,
      entries.filter((e) => e.kind !== "clue" && e.kind !== "theme").map((e) => event(model, e)),
    );
  });
}

function themeText(model, entry) {
  const by = entry.proposer ? nameOf(model, entry.proposer) : t("recap.theme_drawn");
  return t("recap.theme_by", { theme: entry.theme, name: by });
}

function event(model, e) {
  if (e.kind === "vote") return voteTable(model, e);
  if (e.kind === "kick") return h("p", { class: "panel", text: `⛔ ${t("recap.kicked", { name: nameOf(model, e.player) })}` });
  if (e.kind === "guess") {
    const text = e.text === null || e.text === undefined ? t("recap.guess_none", { name: nameOf(model, e.player) })
      : t(e.correct ? "recap.guess_right" : "recap.guess_wrong", { name: nameOf(model, e.player), guess: e.text });
    return h("p", { class: "panel", dataset: { guess: e.correct ? "right" : "wrong" }, text: `${e.correct ? "✔" : "✘"} ${text}` });
  }
  return null;
}
