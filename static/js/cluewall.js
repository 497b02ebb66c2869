// The clue wall: every player still in the game, in speaking order, with their clues of the
// current cycle (and the round themes in grade mode), on the clue, vote, guess and reveal
// screens. A tap on a name unfolds all their clues of the game. Each row carries this
// device's private suspicion mark (🤔 / ✅), kept for the whole game in local storage.
import { h, fill, keepFocus } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";
import { avatar, playerTags } from "./screens/common.js";

const MARKS = [null, "doubt", "trust"];
const MARK_ICON = { doubt: "🤔", trust: "✅" };

/** This device's marks for the current game of the room. */
function readMarks(code, gameNo) {
  const saved = store.marks(code);
  return saved && saved.game === gameNo ? saved.marks : {};
}

/** The clue chip: « text », or why the turn passed. */
export function clueChip(clue) {
  const text = clue.text ? t("clues.quoted", { text: clue.text }) : t(`clues.skipped_${clue.skipped || "timeout"}`);
  return h("span", { class: `clue-chip${clue.text ? "" : " empty"}`, dataset: { round: String(clue.round) }, text });
}

/** The cycle the wall shows: the current one, or during a vote's aftermath the last one spoken. */
export function shownCycle(model) {
  const g = model.game;
  if (model.phase === "clues") return g.cycle;
  const spoken = g.clues.map((c) => c.cycle).filter((c) => c <= g.cycle);
  return spoken.length ? Math.max(...spoken) : g.cycle;
}

/**
 * @param app the room (code)
 * @param {object} o id, extra(model, id) -> element(s) appended to a row (the vote buttons),
 *   status(model, id) -> element(s) after a row's name (the vote's "a voté"),
 *   compact: rows of two short lines (the vote: eight ballots on a small phone's screen),
 *   marks: false on a shared phone's private screen (the device's marks are no one seat's)
 */
export function clueWall(app, o = {}) {
  const themes = h("p", { class: "wall-themes", hidden: true });
  const list = h("ol", { class: `wall${o.compact ? " compact" : ""}`, id: o.id || "clue-wall", "aria-labelledby": `${o.id || "clue-wall"}-title` });
  const title = h("h2", { id: `${o.id || "clue-wall"}-title`, class: "wall-title", text: t("wall.title") });
  const el = h("section", { class: `wall-box${o.compact ? " compact" : ""}` }, title, themes, list);
  const open = new Set(); // rows unfolded on this screen
  let model = null;

  function setMark(id) {
    const marks = { ...readMarks(app.code, model.gameNo) };
    const next = MARKS[(MARKS.indexOf(marks[id] || null) + 1) % MARKS.length];
    if (next) marks[id] = next;
    else delete marks[id];
    store.setMarks(app.code, { game: model.gameNo, marks });
    draw();
  }

  function row(id, cycle, marks, actor) {
    const g = model.game;
    const player = model.byId[id] || { id, name: t("common.someone") };
    const alive = g.alive.includes(id);
    const mine = g.clues.filter((c) => c.player === id);
    const now = mine.filter((c) => c.cycle === cycle);
    const classes = ["player", "wall-row"];
    if (id === actor) classes.push("current");
    if (!alive) classes.push("out");
    if (id === model.myId) classes.push("me");
    const moreId = `${list.id}-more-${id}`;
    const unfolded = open.has(id);
    const mark = marks[id] || null;
    const markButton = id === model.myId || o.marks === false ? null : h("button", {
      type: "button", class: `mark${mark ? ` ${mark}` : ""}`, dataset: { key: `mark-${id}`, mark: mark || "" },
      "aria-label": t("wall.mark_label", { name: player.name, mark: t(`wall.mark_${mark || "none"}`) }),
      text: mark ? MARK_ICON[mark] : "?", onclick: () => setMark(id),
    });
    return h("li", { class: classes.join(" "), dataset: { player: id }, style: { "--c": player.color },
      "aria-current": id === actor ? "true" : null },
      h("div", { class: "wall-line" },
        h("button", {
          type: "button", class: "wall-who", "aria-expanded": String(unfolded), "aria-controls": moreId,
          dataset: { key: `who-${id}` },
          onclick: () => { if (open.has(id)) open.delete(id); else open.add(id); draw(); },
        }, avatar(player), h("span", { class: "name", text: player.name })),
        o.status ? h("span", { class: "wall-status" }, o.status(model, id)) : null,
        markButton,
        o.extra ? o.extra(model, id) : null,
      ),
      h("div", { class: "wall-clues" },
        now.length ? now.map(clueChip) : id === actor ? null : h("span", { class: "clue-chip empty", text: "…" }),
        id === actor ? h("span", { class: "tag accent", text: `▶ ${t(g.stage === "theme" ? "clues.proposing" : "clues.speaking")}` }) : null,
        playerTags(model, player, { connection: !player.connected, you: false, host: false }),
      ),
      h("ol", { class: "wall-more", id: moreId, hidden: !unfolded, "aria-label": t("wall.all_clues", { name: player.name }) },
        mine.length ? mine.map((c) => h("li", {},
          h("span", { class: "hint", text: `${t("clues.round", { n: c.round })}${g.themes[c.round] ? ` · ${g.themes[c.round]}` : ""} ` }),
          clueChip(c))) : h("li", { class: "hint", text: t("wall.no_clue_yet") })),
    );
  }

  function draw() {
    const g = model.game;
    const cycle = shownCycle(model);
    const marks = readMarks(app.code, model.gameNo);
    const actor = model.phase === "clues" ? (g.stage === "theme" ? g.proposer : g.speaker) : null;
    // The players still in first; in a runoff the tied ones first of all (their ballots in
    // view on a small phone, under the tie's count).
    const tied = model.phase === "voting" ? g.candidates || [] : [];
    const rank = (id) => (g.alive.includes(id) ? (tied.includes(id) ? 0 : 1) : 2);
    const ids = [0, 1, 2].flatMap((r) => g.speakingOrder.filter((id) => rank(id) === r));
    const rounds = [...new Set(g.clues.filter((c) => c.cycle === cycle).map((c) => c.round))];
    if (model.phase === "clues" && !rounds.includes(g.clueRound)) rounds.push(g.clueRound);
    const themed = rounds.filter((r) => g.themes[r]);
    themes.hidden = !themed.length;
    themes.textContent = themed.map((r) => t("wall.theme", { n: r, theme: g.themes[r] })).join(" · ");
    keepFocus(list, () => fill(list, ids.map((id) => row(id, cycle, marks, actor))));
  }

  return {
    el,
    update(next) {
      model = next;
      draw();
    },
  };
}
