// End of the game, told as a story: who won and why, the few lines of the game (the words,
// the impostors, the decisive vote, Mr. White's guess), awards from the recap, a picture of
// it to share, every role and word, why this pair was chosen, the players' rating of the
// pair, then the full recap folded, the room's scoreboard and "Rejouer".
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { avatar, nameOf, roleName } from "./common.js";
import { relaxationLines } from "./pair-notes.js";
import { pairRating } from "./pair-rating.js";
import { recapTables } from "./recap.js";
import { awards, storyLines } from "../story.js";
import { REMATCH_WAIT_MS } from "./lobby.js";

export function endScreen(root, app) {
  const replay = h("button", { type: "button", class: "btn primary", id: "rematch", text: t("end.rematch") });
  // One tap: back to the lobby with the same settings, and the next game starts by itself
  // once everyone is back (lobby.js). The other button stops in the lobby to change them.
  replay.addEventListener("click", () => {
    app.autostart = true;
    app.rematchAt = Date.now();
    app.rematching = true; // the host goes to the room; the others finish reading first
    app.send("rematch");
  });
  const tune = h("button", { type: "button", class: "btn", id: "rematch-settings", text: t("end.rematch_settings") });
  tune.addEventListener("click", () => {
    app.autostart = false;
    app.rematching = true;
    app.send("rematch");
  });
  // Once the host has asked for another game: when it starts, and "J'y vais" to the room.
  const next = h("p", { class: "next-game", id: "next-game", role: "status", hidden: true });
  const go = h("button", { type: "button", class: "btn primary", id: "go-lobby", hidden: true, text: t("end.go_lobby"),
    onclick: () => { app.afterEnd = null; app.render(); } });
  let ticker = null;
  function drawNext() {
    const after = app.afterEnd;
    next.hidden = go.hidden = !after;
    if (!after) return;
    const left = Math.ceil((after.since + REMATCH_WAIT_MS - Date.now()) / 1000);
    next.textContent = left > 0 ? t("end.next_in", { s: left }) : t("end.next_soon");
  }
  const share = sharePanel(app);
  // Long sections folded: the end screen reads as the outcome, the story and the cards first.
  const whyBox = h("details", { class: "panel", id: "why-box" }, h("summary", { text: t("end.why") }), h("div", { id: "why-body" }));
  const scoreBox = h("details", { class: "panel", id: "score-box" }, h("summary", { id: "score-summary" }), h("div", { id: "score-body" }));
  const body = h("div", { class: "stack" });
  const recapBox = h("details", { class: "panel", id: "recap-box" },
    h("summary", { id: "recap-title", text: t("end.recap") }),
    h("section", { class: "stack", id: "recap", "aria-labelledby": "recap-title" }));
  fill(root, h("div", { class: "end-grid" }, body));
  return {
    update(model) {
      fill(recapBox.querySelector("#recap"), recapTables(model, model.end.recap));
      share.update(model);
      const why = pairWhy(model);
      fill(whyBox.querySelector("#why-body"), why);
      const score = scoreboard(model);
      whyBox.querySelector("summary").textContent = t("end.why");
      scoreBox.querySelector("#score-summary").textContent = score ? t("end.scoreboard", { n: model.scoreboard.games }) : "";
      fill(scoreBox.querySelector("#score-body"), score);
      drawNext();
      clearInterval(ticker);
      ticker = app.afterEnd ? setInterval(() => root.isConnected && drawNext(), 1000) : null;
      // "Rejouer" and "Partager" always at hand: a bar stuck to the bottom of the screen.
      const host = model.isHost && !app.afterEnd;
      fill(body,
        h("h1", { text: t("end.title") }),
        outcomePanel(model),
        storyPanel(model),
        share.el,
        rolesPanel(model),
        pairRating(model, app),
        why ? whyBox : null,
        recapBox,
        score ? scoreBox : null,
        host ? tune : app.afterEnd ? null : h("p", { class: "hint", text: t("end.waiting_host", { name: model.hostName }) }),
        h("div", { class: "end-actions", id: "end-actions" }, next, h("div", { class: "row" }, host ? replay : go, share.button)),
      );
    },
    unmount() {
      clearInterval(ticker);
    },
  };
}

/** The story in a few lines, then the awards. */
function storyPanel(model) {
  const prizes = awards(model);
  return h("section", { class: "panel stack story", id: "story", "aria-labelledby": "story-title" },
    h("h2", { id: "story-title", text: t("story.title") }),
    h("ul", { class: "story-lines" }, storyLines(model).map((line) => h("li", { text: line }))),
    prizes.length ? h("ul", { class: "awards", id: "awards" }, prizes.map((a) =>
      h("li", { class: "award", dataset: { award: a.id } },
        h("span", { class: "award-icon", "aria-hidden": "true", text: a.icon }),
        h("span", {}, h("strong", { text: a.title }), " ", a.names.join(", "), h("span", { class: "hint", text: ` — ${a.why}` }))))) : null,
  );
}

/** "Partager l'image": the story drawn to a PNG, shared or downloaded; a preview stays. */
function sharePanel(app) {
  const button = h("button", { type: "button", class: "btn", id: "share-story", text: t("end.share_short"), "aria-label": t("story.share") });
  const status = h("p", { class: "hint", id: "share-status", role: "status" });
  const preview = h("img", { id: "story-image", class: "story-image", hidden: true, alt: "" });
  let model = null;
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = t("story.drawing");
    try {
      const { drawStory, shareStory, STORY_SIZE } = await import("../storyimage.js");
      const story = storyOf(model);
      const blob = await drawStory(story);
      preview.src = await dataUrl(blob);
      preview.alt = [story.outcome, ...story.lines].join(" ");
      preview.hidden = false;
      const how = await shareStory(blob, `undercover-${app.code}.png`);
      status.textContent = t(`story.${how}`, { w: STORY_SIZE.width, h: STORY_SIZE.height, kb: Math.ceil(blob.size / 1024) });
    } catch (error) {
      console.warn(error);
      status.textContent = t("story.failed");
    }
    button.disabled = false;
  });
  return {
    button,
    el: h("section", { class: "stack share-story" }, status, preview),
    update(next) {
      model = next;
    },
  };
}

function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = reject;
    reader.readAsDataURL(blob);
  });
}

/** What the picture shows: the end screen's outcome, story, cards and awards, nothing more. */
function storyOf(model) {
  const outcome = model.end.outcome;
  return {
    code: model.code,
    outcome: outcome ? t("end.winners", { camps: outcome.winners.map((c) => t(`camp.${c}`)).join(" + ") }) : t("end.no_outcome"),
    lines: storyLines(model),
    players: model.end.players.map((p) => {
      const player = model.byId[p.id] || {};
      return { name: nameOf(model, p.id), avatar: player.avatar, color: player.color, role: roleName(p.role), secret: p.secret };
    }),
    awards: awards(model),
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
  return h("section", { id: "pair-why", "aria-label": t("end.why") }, lines.map((line) => h("p", { text: line })));
}

function scoreboard(model) {
  const board = model.scoreboard;
  if (!board || !board.players.length) return null;
  return h("section", { class: "stack", id: "scoreboard", "aria-label": t("end.scoreboard", { n: board.games }) },
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
