// The hand-off screen of a shared device: "Passe le téléphone à Léa" → Léa taps "C'est moi" →
// her card and what the game asks of her (confirm the card, a clue or theme, a ballot, Mr.
// White's guess) → "Cacher" → the next seat, in the game's order. No secret is on screen without
// its owner's tap, and the private screen hides itself after IDLE_MS without a touch.
// Outside a seat's own turn, a strip offers each seat its card again ("Revoir ma carte") and,
// once out of the game, the ghost's offer and cards: each behind that seat's own hand-off.
import { h, fill } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { describe } from "../rolecard.js";
import { readModel } from "../model.js";
import { ghostCards, ghostOffer } from "../ghost.js";
import { clueWall } from "../cluewall.js";
import { countdown } from "../countdown.js";

const IDLE_MS = 20_000;

let layer = null; // the overlay, created on first use
let seats = []; // every seat of this device: {playerId, view, send}
let open = null; // {playerId, sent, error}: the seat whose private screen is on
let idle = null;
let seenCard = null; // a seat asked to see its card outside its turn ("Revoir ma carte")
let seenGhost = null; // a seat out of the game asked for the ghost's offer or cards
let strip = null; // the "Revoir ma carte" / ghost buttons, under the banners
let passing = null; // the seat the pass screen names: kept while the game still waits for it
// The view each seat last acted on: until a newer one comes, that seat is not asked again (its
// "Cacher" may come before the server's answer, and it must not be handed the phone twice).
const actedOn = new Map();
const refusals = new Map(); // a seat's refusal that came once its screen was hidden: shown when it opens

function ensureLayer() {
  if (layer) return layer;
  document.head.append(h("link", { rel: "stylesheet", href: "/handoff.css" }));
  layer = h("div", { class: "handoff", id: "handoff", role: "dialog", "aria-modal": "true", "aria-labelledby": "handoff-title", hidden: true });
  document.body.append(layer);
  for (const event of ["pointerdown", "keydown", "input"]) layer.addEventListener(event, armIdle);
  return layer;
}

function armIdle() {
  clearTimeout(idle);
  if (open) idle = setTimeout(hide, IDLE_MS);
}

function hide() {
  clearTimeout(idle);
  open = null;
  seenCard = null;
  seenGhost = null;
  draw();
}

function nameOf(view, id) {
  const player = view.players.find((p) => p.player_id === id);
  return player ? player.nickname : "?";
}

/** What the game waits for from this seat now, or null. */
function asked(view) {
  const me = view.me;
  const g = view.game;
  if (!g || !me.player_id || me.status !== "alive" && !(view.phase === "guess" && view.guesser === me.player_id)) return null;
  switch (view.phase) {
    case "role_reveal": return me.confirmed ? null : "card";
    case "clues": return g.stage === "theme" ? (g.proposer === me.player_id ? "theme" : null) : g.speaker === me.player_id ? "clue" : null;
    case "voting": return me.ballot.cast ? null : "vote";
    case "guess": return view.guesser === me.player_id ? "guess" : null;
    default: return null;
  }
}

/** The seats the game waits for, in speaking order (the table's own order). */
function queue() {
  const order = seats[0]?.view.game?.speaking_order || [];
  const rank = (s) => { const i = order.indexOf(s.playerId); return i < 0 ? order.length : i; };
  const waiting = seats.filter((s) => actedOn.get(s.playerId) !== s.view && asked(s.view));
  return waiting.sort((a, b) => rank(a) - rank(b));
}

function draw() {
  const root = ensureLayer();
  const seat = open && seats.find((s) => s.playerId === open.playerId);
  if (seat) return fill(root, privateScreen(seat));
  open = null;
  // The seats' views arrive one socket at a time: the screen must not switch names under a
  // finger, so the seat it names stays while the game still waits for it.
  const waiting = queue();
  const asking = seenCard || seenGhost;
  const next = asking ? seats.find((s) => s.playerId === asking)
    : waiting.find((s) => s.playerId === passing) || waiting[0];
  passing = next ? next.playerId : null;
  document.body.classList.toggle("handing-off", Boolean(next));
  root.hidden = !next;
  drawStrip();
  if (!next) return fill(root);
  const name = nameOf(next.view, next.playerId);
  const me = h("button", { type: "button", class: "btn primary big", id: "handoff-me", text: t("handoff.its_me", { name }),
    onclick: () => {
      open = { playerId: next.playerId, sent: false, error: refusals.get(next.playerId) || null };
      refusals.delete(next.playerId);
      draw();
      armIdle();
    } });
  fill(root, h("div", { class: "handoff-card", dataset: { seat: next.playerId, step: "pass" } },
    h("p", { class: "handoff-icon", "aria-hidden": "true", text: "📱" }),
    h("h2", { id: "handoff-title", text: t("handoff.pass_to", { name }) }),
    h("p", { class: "hint", text: t("handoff.pass_hint", { name }) }),
    me));
  me.focus();
}

function privateScreen(seat) {
  const view = seat.view;
  const name = nameOf(view, seat.playerId);
  if (seenGhost === seat.playerId) return ghostScreen(seat, name);
  const kind = seenCard === seat.playerId ? "look" : asked(view);
  const secret = view.me.secret;
  const card = secret.kind ? describe({ kind: secret.kind, word: secret.value, grade: secret.value }) : null;
  const done = h("button", { type: "button", class: "btn", id: "handoff-hide", text: t("handoff.hide"), onclick: hide });
  const more = open.sent || !kind || kind === "look" || kind === "card" ? null : moment(seat, kind);
  return h("div", { class: "handoff-card", dataset: { seat: seat.playerId, step: open.sent || !kind ? "done" : kind } },
    h("h2", { id: "handoff-title", text: name }),
    card ? h("div", { class: "handoff-secret", id: "handoff-secret" },
      h("span", { class: "hint", text: card[0] }),
      h("span", { class: "secret", dataset: { secret: secret.kind }, text: card[1] }),
      h("span", { class: "hint", text: card[2] })) : null,
    more ? more.timer : null,
    open.sent || !kind || kind === "look" ? h("p", { class: "hint", role: "status", text: open.sent ? t("handoff.sent") : "" }) : action(seat, kind),
    open.error ? h("p", { class: "error-text", role: "alert", text: open.error }) : null,
    more ? more.rest : null,
    done);
}

const TIPS = { clue: "tip.clue", theme: "tip.theme", vote: "tip.vote", guess: "tip.guess" };

/** What a personal phone shows beside the action: the countdown, a tip, the compact clue
 *  wall (this seat's view; no suspicion marks, which are the device's, not the seat's). */
function moment(seat, kind) {
  const model = readModel(seat.view, seat.playerId);
  const s = model.settings;
  const timer = countdown();
  timer.set(model.deadline, kind === "vote" ? s.vote_timer && s.vote_seconds
    : kind === "guess" ? 60 : s.clue_timer && s.clue_seconds);
  const wall = clueWall({ code: model.code }, { id: "handoff-wall", compact: true, marks: false });
  wall.update(model);
  const tip = kind === "clue" && s.mode === "grade" ? "tip.clue_grade" : TIPS[kind];
  return { timer: timer.el, rest: h("div", { class: "handoff-moment stack" }, h("p", { class: "hint tip", text: t(tip) }), wall.el) };
}

/** A seat out of the game: the ghost's offer (a bet, then every card), or what it sees. */
function ghostScreen(seat, name) {
  const view = seat.view;
  const model = readModel(view, seat.playerId);
  open.ghosted = Boolean(view.me.ghost);
  return h("div", { class: "handoff-card", dataset: { seat: seat.playerId, step: open.ghosted ? "ghost-cards" : "ghost-offer" } },
    h("h2", { id: "handoff-title", text: name }),
    h("p", { class: "hint", text: t(open.ghosted ? "ghost.seeing" : "ghost.title") }),
    open.ghosted ? ghostCards(model, view.me.ghost) : ghostOffer(model, (type, fields) => seat.send(type, fields)),
    h("button", { type: "button", class: "btn", id: "handoff-hide", text: t("handoff.hide"), onclick: hide }));
}

/** Outside its turn, each seat of the device may see its card again, or (out of the game)
 *  become a ghost: a button per seat, each opening that seat's hand-off. */
function drawStrip() {
  if (!strip) {
    strip = h("nav", { class: "device-cards", id: "device-cards", "aria-label": t("handoff.strip") });
    document.getElementById("banners").after(strip);
  }
  const playing = seats.filter((s) => s.view.game && s.view.phase !== "lobby" && s.view.phase !== "ended");
  const buttons = playing.flatMap((s) => {
    const name = nameOf(s.view, s.playerId);
    const me = s.view.me;
    const card = me.secret?.kind ? h("button", {
      type: "button", class: "chip", dataset: { card: s.playerId }, text: `👁 ${name}`,
      "aria-label": t("handoff.see_card", { name }), onclick: () => handoff.showCard(s.playerId),
    }) : null;
    const ghost = me.can_become_ghost || me.ghost ? h("button", {
      type: "button", class: "chip", dataset: { ghost: s.playerId }, text: `👻 ${name}`,
      "aria-label": t(me.ghost ? "handoff.ghost_see" : "handoff.ghost_become", { name }),
      onclick: () => handoff.showGhost(s.playerId),
    }) : null;
    return [card, ghost].filter(Boolean);
  });
  strip.setAttribute("aria-label", t("handoff.strip"));
  strip.hidden = !buttons.length;
  fill(strip, buttons.length ? [h("span", { class: "hint", text: t("handoff.strip") }), ...buttons] : null);
}

function action(seat, kind) {
  const view = seat.view;
  const send = (type, fields) => {
    if (seat.send(type, fields)) {
      actedOn.set(seat.playerId, view);
      open.sent = true;
      open.error = null;
      draw();
    }
  };
  if (kind === "card") {
    return h("button", { type: "button", class: "btn primary", id: "handoff-confirm", text: t("role.confirm"), onclick: () => send("confirm_role", {}) });
  }
  if (kind === "vote") {
    const targets = view.game.candidates.filter((id) => id !== seat.playerId && view.game.alive.includes(id));
    return h("div", { class: "handoff-ballot", id: "handoff-ballot" },
      h("p", { text: t("handoff.vote") }),
      targets.map((id) => h("button", { type: "button", class: "btn", dataset: { target: id }, text: nameOf(view, id), onclick: () => send("cast_vote", { target: id }) })),
      h("button", { type: "button", class: "btn", id: "handoff-abstain", text: t("vote.abstain"), onclick: () => send("cast_vote", { target: null }) }));
  }
  const guessLabel = view.game.mode === "grade" ? "guess.label_grade" : "guess.label_word";
  const [type, label] = { clue: ["give_clue", "clues.your_clue"], theme: ["propose_theme", "clues.your_theme"], guess: ["guess", guessLabel] }[kind];
  const input = h("input", { id: "handoff-text", type: "text", maxLength: 60, autocomplete: "off", required: true });
  const form = h("form", { class: "stack", id: "handoff-form", onsubmit: (event) => {
    event.preventDefault();
    if (input.value.trim()) send(type, { text: input.value.trim() });
  } },
  h("label", { for: "handoff-text", text: t(label) }), input,
  h("button", { type: "submit", class: "btn primary", text: t("handoff.send") }));
  setTimeout(() => input.focus(), 0);
  return form;
}

export const handoff = {
  /** New views for the device's seats: draw what the game now asks for. */
  update(all) {
    seats = all;
    // A private screen stays until "Cacher" (or the idle delay), even once its action is done;
    // a ghost's offer turns into the cards once the server says so.
    if (open && !seats.some((s) => s.playerId === open.playerId)) open = null;
    const ghost = open && seenGhost === open.playerId && seats.find((s) => s.playerId === open.playerId);
    if (!open || (ghost && Boolean(ghost.view.me.ghost) !== open.ghosted)) draw();
  },

  /** A seat's command was refused: give its form back with the reason. */
  refused(playerId, error) {
    actedOn.delete(playerId); // asked again, with the reason
    const text = errorText(error.code, error.message);
    if (open && open.playerId === playerId) {
      open.sent = false;
      open.error = text;
    } else {
      refusals.set(playerId, text);
    }
    if (!open || open.playerId === playerId) draw();
  },

  /** "Revoir ma carte" for one seat of the device, behind its own hand-off. */
  showCard(playerId) {
    seenCard = playerId;
    seenGhost = null;
    open = null;
    draw();
  },

  /** A seat out of the game: the ghost's offer or cards, behind its own hand-off. */
  showGhost(playerId) {
    seenGhost = playerId;
    seenCard = null;
    open = null;
    draw();
  },

  close() {
    seats = [];
    actedOn.clear();
    refusals.clear();
    clearTimeout(idle);
    open = null;
    seenCard = null;
    seenGhost = null;
    document.body.classList.remove("handing-off");
    if (layer) fill(layer).hidden = true;
    if (strip) fill(strip).hidden = true;
  },
};
