// End of the game: the winners, every role and word, why this pair was chosen (shared
// tags, relaxed similarity), the round recap, the room's scoreboard, and "Rejouer".
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { avatar, nameOf, roleName } from "./common.js";
import { relaxationLines } from "./pair-notes.js";
import { pairRating } from "./pair-rating.js";
import { recapTables } from "./recap.js";

export function endScreen(root, app) {
  const replay = h("button", { type: "button", class: "btn primary", id: "rematch", text: t("end.rematch") });
  replay.addEventListener("click", () => app.send("rematch"));
  const body = h("div", { class: "stack" });
  fill(root, body);
  return {
    update(model) {
      fill(body,
        h("h1", { text: t("end.title") }),
        outcomePanel(model),
        rolesPanel(model),
        pairWhy(model),
        pairRating(model, app),
        h("section", { class: "stack", id: "recap", "aria-labelledby": "recap-title" },
          h("h2", { id: "recap-title", text: t("end.recap") }),
          recapTables(model, model.end.recap)),
        scoreboard(model),
        model.isHost ? replay : h("p", { class: "hint", text: t("end.waiting_host", { name: model.hostName }) }),
      );
    },
  };
}

function won(model, id) {
  const outcome = model.end.outcome;
  return Boolean(outcome && outcome.winning_players.includes(id));
}

function outcomePanel(model) {
  const outcome = model.end.outcome;
  if (!outcome) return h("section", { class: "outcome", id: "outcome" }, h("p", { class: "big-news", text: t("end.no_outcome") }));
  const camps = outcome.winners.map((camp) => t(`camp.${camp}`)).join(" + ");
  const grade = outcome.reason === "mr_white_guessed" && model.settings.mode === "grade";
  const mine = won(model, model.myId) ? `🏆 ${t("end.you_won")}` : t("end.you_lost");
  return h("section", { class: "outcome", id: "outcome", dataset: { winners: outcome.winners.join(" ") } },
    h("p", { class: "big-news", text: t("end.winners", { camps }) }),
    h("p", { text: t(`end.reason_${outcome.reason}${grade ? "_grade" : ""}`) }),
    model.spectatorKind === "late" || !model.myId ? null : h("p", { class: "tally", text: mine }),
  );
}

/** Every player's role and word (or grade), winners marked with a trophy. */
function rolesPanel(model) {
  const status = (p) => {
    if (p.kicked) return h("span", { class: "tag bad", text: `⛔ ${t("tag.kicked")}` });
    if (p.eliminated) return h("span", { class: "tag bad", text: `✖ ${t("tag.eliminated")}` });
    return null;
  };
  return h("section", { class: "panel stack", "aria-labelledby": "roles-title" },
    h("h2", { id: "roles-title", text: t("end.roles") }),
    h("ul", { class: "players", id: "all-roles" }, model.end.players.map((p) =>
      h("li", { class: "player", dataset: { player: p.id, role: p.role } },
        avatar(model.byId[p.id] || { name: nameOf(model, p.id) }),
        h("span", { class: "name", text: `${won(model, p.id) ? "🏆 " : ""}${nameOf(model, p.id)}` }),
        h("span", { class: "tags" },
          h("span", { class: "tag accent", text: roleName(p.role) }),
          p.secret === null ? null : h("span", { class: "tag", text: p.secret }),
          status(p),
        ),
      ))),
  );
}

function pairWhy(model) {
  const d = model.end.deal;
  if (!d) return null;
  const lines = [];
  if (d.mode === "grade") {
    lines.push(t("end.grades", { civilian: d.civilian, undercover: d.undercover, gap: d.gap }));
  } else {
    lines.push(t("end.words", { civilian: d.civilian, undercover: d.undercover }));
    if (d.franchise) lines.push(t("end.franchise", { name: d.franchise }));
    if (d.custom) lines.push(t("host_words.dealt"));
    if (d.attribute) lines.push(t("end.attribute"));
    if (d.sharedTags && d.sharedTags.length) lines.push(t("end.shared_tags", { tags: d.sharedTags.join(", ") }));
    if (d.used) lines.push(t("end.similarity", { level: t(`setting.similarity.${d.used}`) }));
    lines.push(...relaxationLines(d.relaxations));
  }
  return h("section", { class: "panel", id: "pair-why", "aria-labelledby": "why-title" },
    h("h2", { id: "why-title", text: t("end.why") }), lines.map((line) => h("p", { text: line })));
}

function scoreboard(model) {
  const board = model.scoreboard;
  if (!board || !board.players.length) return null;
  return h("section", { class: "stack", id: "scoreboard", "aria-labelledby": "score-title" },
    h("h2", { id: "score-title", text: t("end.scoreboard", { n: board.games }) }),
    h("div", { class: "table-wrap" }, h("table", {},
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("recap.player") }),
        h("th", { scope: "col", text: t("end.wins") }),
        h("th", { scope: "col", text: t("end.games") }))),
      h("tbody", {}, [...board.players].sort((a, b) => b.wins - a.wins).map((line) =>
        h("tr", {}, h("th", { scope: "row", text: line.nickname }), h("td", { text: String(line.wins) }), h("td", { text: String(line.games) })))),
    )),
    board.camps.length ? h("p", { class: "hint", text: board.camps.map(([camp, wins]) => t("end.camp_wins", { camp: t(`camp.${camp}`), n: wins })).join(" · ") }) : null,
  );
}
