// Ghosts (docs/engine.md, "Ghosts"): out of the game in progress, a player (or a spectator) may
// choose to see every card of it. Before that, one private bet: which camp wins, who an
// undercover is. A ghost plays this game no more; nothing it sees or does reaches the living.
// Loaded by room.js only when the view offers it (me.can_become_ghost) or holds it (me.ghost);
// on a shared phone, the same offer and cards show behind a seat's hand-off (shared/handoff.js).
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

let button = null;
let dialog = null;
let current = null; // {model, app}

function ensure() {
  if (button) return;
  button = h("button", { type: "button", class: "chip", id: "ghost-button", onclick: () => open() });
  document.querySelector(".topbar-actions").prepend(button);
  dialog = h("dialog", { class: "sheet", id: "ghost-dialog", "aria-labelledby": "ghost-title" });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  document.body.append(dialog);
}

/** Show the ghost's button while the view offers or holds it; hide it otherwise. */
export function updateGhost(model, app) {
  const me = model?.raw?.me || {};
  // Not offered to a late arrival: "ghost" means out of this game, which they never were in.
  const shown = Boolean((me.can_become_ghost && model.spectatorKind !== "late") || me.ghost);
  if (!shown && !button) return;
  ensure();
  current = { model, app };
  button.hidden = !shown;
  // An icon only: the top bar of a phone has no room for one more word.
  button.textContent = "👻";
  button.setAttribute("aria-label", me.ghost ? t("ghost.see") : t("ghost.become"));
  button.title = button.getAttribute("aria-label");
  if (!shown && dialog.open) dialog.close();
  else if (dialog.open && dialog.dataset.for !== (me.ghost ? "ghost" : "offer")) draw();
}

function open() {
  draw();
  dialog.showModal();
}

function head(title) {
  return h("div", { class: "sheet-head" }, h("h2", { id: "ghost-title", text: title }),
    h("button", { type: "button", class: "chip", text: t("common.close"), onclick: () => dialog.close() }));
}

function draw() {
  const { model, app } = current;
  const me = model.raw.me;
  dialog.dataset.for = me.ghost ? "ghost" : "offer";
  fill(dialog, me.ghost ? seeing(model, me.ghost) : offer(model, app));
}

function offer(model, app) {
  return [head(t("ghost.title")), ghostOffer(model, (type, fields) => app.send(type, fields))];
}

function seeing(model, ghost) {
  return [head(t("ghost.seeing")), ghostCards(model, ghost)];
}

/** The bet and the choice to see every card; `send(type, fields)` sends it for the seat. */
export function ghostOffer(model, send) {
  const g = model.raw.game;
  const c = model.raw.composition || {};
  const camps = ["civilians", "undercovers", ...(c.mr_white ? ["mr_white"] : [])];
  const winner = h("select", { id: "ghost-winner" },
    h("option", { value: "", text: t("ghost.no_bet") }),
    camps.map((camp) => h("option", { value: camp, text: t(`camp.${camp}`) })));
  const suspect = h("select", { id: "ghost-undercover" },
    h("option", { value: "", text: t("ghost.no_bet") }),
    g.speaking_order.map((id) => h("option", { value: id, text: model.byId[id]?.name || id })));
  const go = h("button", { type: "submit", class: "btn primary", id: "ghost-confirm", text: t("ghost.confirm") });
  return h("form", { class: "sheet-body stack", id: "ghost-form", onsubmit: (event) => {
    event.preventDefault();
    send("become_ghost", { winner: winner.value || null, undercover: suspect.value || null });
    go.disabled = true;
  } },
  h("p", { text: t("ghost.explain") }),
  h("label", { for: "ghost-winner", text: t("ghost.bet_winner") }), winner,
  h("label", { for: "ghost-undercover", text: t("ghost.bet_undercover") }), suspect,
  go);
}

/** What a ghost sees: the pair, every card of the game, its bet (and its score at the end). */
export function ghostCards(model, ghost) {
  const name = (id) => model.byId[id]?.name || id;
  const words = ghost.words
    ? t("board.words", { civilian: ghost.words.civilian, undercover: ghost.words.undercover })
    : ghost.grades ? t("board.grades", { civilian: ghost.grades.civilian, undercover: ghost.grades.undercover }) : "";
  const bet = ghost.bet;
  const score = (model.raw.game?.end?.bets || []).find((b) => b.player_id === model.raw.me.player_id);
  return h("div", { class: "sheet-body stack", id: "ghost-cards" },
    h("p", { text: words }),
    h("ul", { class: "players" }, ghost.cards.map((card) => h("li", { class: "player", dataset: { player: card.player_id } },
      h("span", { class: "name", text: name(card.player_id) }),
      h("span", { class: "tag", text: `${t(`role.${card.role}`)}${card.word ? ` — ${card.word}` : card.grade !== null ? ` — ${card.grade}/20` : ""}` })))),
    h("p", { class: "hint", text: t("ghost.your_bet", {
      winner: bet.winner ? t(`camp.${bet.winner}`) : "—", undercover: bet.undercover ? name(bet.undercover) : "—" }) }),
    score ? h("p", { id: "ghost-score", text: t("board.bet_line", { name: name(score.player_id), n: score.points }) }) : null);
}
