// What the board draws for each phase, from the spectator's model (model.js): large type for a
// room's far end, at 1920×1080 and 1280×720. Redrawn whole at every view (a board has no input
// to keep); only the countdown ticks between views.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { countdown } from "../countdown.js";
import { flipDelay, resumeBeat, tallyBoard } from "../tally.js";
import { shownCycle } from "../cluewall.js";
import { avatar, nameOf, roleName } from "../screens/common.js";
import { cue } from "../feel.js";
import { store } from "../store.js";

// The countdowns, kept across redraws so that they do not restart: a bar in the header, and
// at the vote a ring around the ballot box that the whole room watches.
let timer = null;
let ring = null;

export function drawBoard(root, board) {
  const model = board.model;
  if (!timer || !timer.el.isConnected) timer = countdown({ warn: false });
  const voting = model.phase === "voting";
  if (voting && (!ring || !ring.el.isConnected)) {
    ring = countdown({ warn: false, ring: true });
    ring.el.id = "board-vote-ring";
    ring.face.textContent = "🗳";
  }
  const body = PHASES[model.phase](model, board);
  // Paused (no player in the game connected): the deadlines are frozen, the room waits.
  const paused = model.paused && model.phase !== "lobby"
    ? h("p", { class: "board-paused", id: "board-paused", role: "status", text: `⏸ ${t("banner.paused")}` })
    : null;
  fill(root,
    h("div", { class: "board", dataset: { phase: model.phase } },
      h("header", { class: "board-head" },
        h("span", { class: "board-brand", text: "Undercover" }),
        h("h1", { class: "board-phase", id: "board-phase" }, ...phaseTitle(model)),
        voting ? null : timer.el,
        soundButton(board),
        model.phase === "lobby" || model.settings.streamer ? null : joinCorner(board)),
      paused,
      body));
  // The moment of this view, drawn at its first redraw: carried on, not replayed.
  const beat = board.beat && board.beat.seq === model.seq ? board.beat : null;
  if (beat) {
    resumeBeat(beat.el, beat.startedAt);
    for (const late of root.querySelectorAll(".after-flip")) resumeBeat(late, beat.startedAt);
  }
  if (store.boardSound()) sound(board, model);
  const deadline = model.paused ? null : model.deadline;
  if (voting) ring.set(deadline, model.settings.vote_timer ? model.settings.vote_seconds : null);
  else timer.set(deadline);
}

/** Optional sound on the board (off until asked: a TV's speakers carry across the room). */
function soundButton(board) {
  const on = store.boardSound();
  return h("button", {
    type: "button", class: "btn small board-sound", id: "board-sound", "aria-pressed": String(on),
    text: t(on ? "board.sound_on" : "board.sound_off"),
    onclick: () => {
      store.setBoardSound(!on);
      if (!on) cue("turn"); // the tap that lets the page play sound
      drawBoard(document.getElementById("screen"), board);
    },
  });
}

/** The cue of each moment, once: a new speaker, a count (then the flip, when it shows), the end. */
function sound(board, model) {
  const g = model.game;
  const key = `${model.seq}:${g ? g.speaker || g.proposer : ""}`;
  if (board.heard === key) return;
  const first = board.heard === undefined;
  board.heard = key;
  if (first) return; // the page just opened: nothing has happened yet
  if (model.phase === "clues") cue("turn");
  else if (model.phase === "reveal") {
    cue("vote");
    const last = g.lastVote;
    setTimeout(() => cue("reveal"), last ? flipDelay(last) : 1600);
  } else if (model.phase === "voting" && g.ballotKind !== "first") cue("vote");
  else if (model.phase === "ended") cue("win");
}

/**
 * The phase's name; at the clues, then their round, kept on one line (a narrow head wraps
 * between them). Past the clues the game's round counter has moved on: it would mislabel them.
 */
function phaseTitle(model) {
  const g = model.game, name = t(`phase.${model.phase}`);
  if (!g || model.phase !== "clues") return [name];
  return [`${name} `, h("span", { class: "board-title-round", text: `· ${t("board.round", { n: g.clueRound })}` })];
}

/**
 * A moment drawn once per view sequence (the count, the flip): the same node is put back at
 * each redraw of that sequence, where resumeBeat carries its animations on, so the board plays
 * it once, in step with the phones that drew it when the same view came.
 */
function beatOf(board, key, draw) {
  if (!board.beat || board.beat.key !== key) board.beat = { key, seq: board.model.seq, el: draw(), startedAt: performance.now() };
  return board.beat.el;
}

const PHASES = {
  lobby: lobby,
  role_reveal: (model) => inGame(model, t("board.cards", { n: model.confirmedCount, total: model.activeCount })),
  clues: (model) => inGame(model, speakerLine(model)),
  voting: (model, board) => inGame(model, [
    h("div", { class: "board-vote" }, ring.el, h("p", { class: "board-line", text: voteLine(model) })),
    tiePanel(model, board)]),
  reveal: (model, board) => inGame(model, beatOf(board, `reveal:${model.seq}`, () => revealPanel(model))),
  guess: (model) => inGame(model, t("board.guess", { name: nameOf(model, model.game.guesser) })),
  ended: ended,
};

// --- the lobby: how to join, who is in -------------------------------------------------------

function lobby(model, board) {
  const streamer = Boolean(model.settings.streamer);
  const join = streamer ? streamerJoin(board) : [
    h("p", { class: "board-code", id: "board-code", text: board.code }),
    h("img", { class: "board-qr", src: `/api/rooms/${board.code}/qr.svg`, alt: t("lobby.qr_alt"), width: "320", height: "320" }),
    h("p", { class: "board-link", id: "board-link", text: board.link || `${location.host}/r/${board.code}` }),
  ];
  return h("div", { class: "board-lobby" },
    h("section", { class: "board-join", "aria-label": t("board.join") },
      h("h2", { text: t("board.join") }), join),
    h("section", { class: "board-players" },
      h("h2", { text: t("lobby.players", { n: model.players.length }) }),
      h("ul", { class: "board-grid", id: "board-players" }, model.players.map((p) => tile(model, p, presence(p)))),
      model.composition ? h("p", { class: "board-line", text: compositionText(model.composition) }) : null,
      wordLanguage(model)));
}

/** Which language the words are dealt in: a room setting, whatever the board's own language. */
function wordLanguage(model) {
  const lang = model.settings.word_language || "fr";
  return h("p", { class: "board-line board-word-language", id: "board-word-language",
    text: t("common.words_in", { lang: t(`setting.word_language.${lang}`) }) });
}

// Streamer mode: neither the code nor the link is written; a join QR only when someone asks,
// drawn from the SVG's own text so that not even an image address carries the code.
function streamerJoin(board) {
  const slot = h("div", { class: "board-qr-slot", id: "board-qr-slot" });
  if (board.qr) slot.append(h("img", { class: "board-qr", src: board.qr, alt: t("lobby.qr_alt"), width: "320", height: "320" }));
  const button = h("button", {
    type: "button", class: "btn", id: "board-show-qr", text: t(board.qr ? "board.hide_qr" : "board.show_qr"),
    onclick: async () => {
      if (board.qr) board.qr = null;
      else {
        const response = await fetch(`/api/rooms/${encodeURIComponent(board.code)}/qr.svg`);
        if (response.ok) board.qr = `data:image/svg+xml;base64,${btoa(await response.text())}`;
      }
      drawBoard(document.getElementById("screen"), board);
    },
  });
  return [h("p", { class: "board-line", text: t("board.streamer") }), slot, button];
}

function compositionText(c) {
  const parts = [t("count.civilians", { n: c.civilians }), t("count.undercovers", { n: c.undercovers })];
  if (c.mr_white) parts.push(t("count.mr_white", { n: c.mr_white }));
  return parts.join(" · ");
}

function presence(player) {
  if (player.host) return `👑 ${t("tag.host")}`;
  return player.connected ? "" : t("tag.offline");
}

// --- a game: the table in speaking order with its clues, and the moment's panel ------------

function inGame(model, panel) {
  const g = model.game;
  const current = model.phase === "clues" ? g.speaker || g.proposer : null;
  const voted = new Set(model.phase === "voting" ? g.voted : []);
  // A runoff: only the tied players can be voted for; the table shows which.
  const candidates = new Set(model.phase === "voting" && g.ballotKind === "runoff" ? g.candidates : []);
  const cycle = shownCycle(model);
  // Voted out at this very reveal: the tile says so only once the card has flipped.
  const fresh = model.phase === "reveal" ? model.reveal.eliminated : null;
  const tiles = g.speakingOrder.map((id) => {
    const player = model.byId[id] || { id, name: nameOf(model, id) };
    const clues = g.clues.filter((c) => c.player === id && c.cycle === cycle);
    const out = player.eliminated && id !== fresh;
    const state = player.kicked ? "kicked" : out ? "out" : id === current ? "current"
      : candidates.has(id) ? "candidate" : voted.has(id) ? "voted" : "";
    const note = id === fresh ? h("span", { class: "board-note after-flip", text: `✖ ${roleOf(player)}` })
      : state === "out" ? `✖ ${roleOf(player)}`
        : state === "kicked" ? `⛔ ${t("tag.kicked")}`
          : state === "candidate" ? `⚖ ${t("board.candidate")}${voted.has(id) ? ` · ✔ ${t("vote.has_voted")}` : ""}`
            : state === "voted" ? `✔ ${t("vote.has_voted")}`
              : state === "current" ? `🎤 ${t("board.speaking")}` : !player.connected ? t("tag.offline") : "";
    return tile(model, player, note, state,
      h("ul", { class: "board-clues" }, clues.map((c) =>
        h("li", { class: c.text ? "" : "skipped", dataset: { round: String(c.round) } },
          h("span", { class: "board-round", text: t("clues.round", { n: c.round }) }),
          h("span", { class: "board-clue", text: c.text || t("board.no_clue") })))));
  });
  const theme = g.mode === "grade" && g.roundTheme ? h("p", { class: "board-theme", text: t("board.theme", { theme: g.roundTheme }) }) : null;
  const flip = fresh && g.lastVote ? { "--flip-delay": `${flipDelay(g.lastVote)}ms` } : null;
  const beat = model.phase === "reveal" || (model.phase === "voting" && g.ballotKind !== "first");
  return h("div", { class: `board-game${beat ? " with-beat" : ""}`, style: flip },
    h("section", { class: "board-panel", id: "board-panel", "aria-live": "polite", "aria-label": t(`phase.${model.phase}`) },
      theme, typeof panel === "string" ? h("p", { class: "board-line", text: panel }) : panel, wordLanguage(model)),
    h("ol", { class: "board-grid board-table", id: "board-table", "aria-label": t("board.table") }, tiles));
}

function roleOf(player) {
  return player.revealedRole ? roleName(player.revealedRole) : t("tag.eliminated");
}

/** A runoff or a reopened vote opens with the tie that caused it: "Égalité 2 – 2 !". */
function tiePanel(model, board) {
  const g = model.game;
  const last = g.lastVote;
  if (g.ballotKind === "first" || !last || (last.result !== "runoff" && last.result !== "reopened")) return null;
  return beatOf(board, `tie:${model.seq}`, () => tallyBoard(model, last));
}

/** In play, late guests can still join (as spectators until the next game): a small QR. */
function joinCorner(board) {
  if (!board.joinCorner) board.joinCorner = h("div", { class: "board-join-mini", id: "board-join-mini" },
    h("img", { class: "board-qr-mini", src: `/api/rooms/${board.code}/qr.svg`, alt: t("lobby.qr_alt"), width: "96", height: "96" }),
    h("p", {},
      h("span", { class: "board-join-label", text: t("board.join_late") }),
      h("span", { class: "board-code-mini", text: board.code })));
  return board.joinCorner;
}

function tile(model, player, note, state = "", extra = null) {
  return h("li", { class: `board-tile${state ? ` ${state}` : ""}`, dataset: { player: player.id } },
    avatar(player, "big"),
    h("span", { class: "board-name", text: player.name }),
    typeof note === "string" ? (note ? h("span", { class: "board-note", text: note }) : null) : note,
    extra);
}

function speakerLine(model) {
  const g = model.game;
  if (g.stage === "theme" && g.proposer) return t("board.proposing", { name: nameOf(model, g.proposer) });
  return g.speaker ? t("board.turn", { name: nameOf(model, g.speaker) }) : "";
}

function voteLine(model) {
  const g = model.game;
  const count = t("vote.count", { n: g.votedCount, total: g.voterCount });
  const kind = g.ballotKind === "first" ? "" : ` · ${t(`vote.title_${g.ballotKind}`)}`;
  return `${count}${kind}`;
}

/** The count first, then the card flips (name, role) when the phones' cards flip. */
function revealPanel(model) {
  const r = model.reveal;
  const name = nameOf(model, r.eliminated);
  const last = model.game.lastVote;
  const role = r.role ? (r.word ? t("reveal.role_word", { role: roleName(r.role), word: r.word }) : roleName(r.role)) : t("reveal.hidden");
  const card = r.eliminated ? h("div", { class: "flip-card board-flip", id: "board-flip", dataset: { role: r.role || "" } },
    h("div", { class: "flip-back", "aria-hidden": "true", text: "?" }),
    h("div", { class: "flip-front" },
      avatar(model.byId[r.eliminated] || { name }, "big"),
      h("p", { class: "board-line", text: r.byLot ? t("reveal.by_lot", { name }) : t("reveal.eliminated", { name }) }),
      h("p", { class: "board-role", id: "board-role", text: role })))
    : h("p", { class: "board-line", text: t("board.nobody_out") });
  return h("div", { class: "board-reveal" },
    last ? tallyBoard(model, last) : null, card);
}

// --- the end: who won, every card, the pair, the ghosts' bets --------------------------------

function ended(model) {
  const end = model.end;
  const outcome = end.outcome;
  const camps = outcome ? outcome.winners.map((c) => t(`camp.${c}`)).join(" + ") : "";
  const deal = end.deal;
  const pair = deal ? h("p", { class: "board-line", id: "board-pair", text: deal.mode === "grade"
    ? t("board.grades", { civilian: deal.civilian, undercover: deal.undercover })
    : t("board.words", { civilian: deal.civilian, undercover: deal.undercover }) }) : null;
  const bets = (model.raw.game?.end?.bets || []);
  return h("div", { class: "board-end" },
    h("section", { class: "board-panel" },
      h("p", { class: "board-winners", id: "board-winners", text: outcome ? t("end.winners", { camps }) : t("end.no_outcome") }),
      outcome ? h("p", { class: "board-line", text: t(`end.reason_${outcome.reason}`) }) : null,
      pair,
      bets.length ? h("div", { class: "board-bets", id: "board-bets" },
        h("h2", { text: t("board.bets") }),
        h("ul", {}, bets.map((b) => h("li", { text: t("board.bet_line", { name: nameOf(model, b.player_id), n: b.points }) })))) : null),
    h("ol", { class: "board-grid board-table" }, end.players.map((p) => {
      const player = model.byId[p.id] || { id: p.id, name: nameOf(model, p.id) };
      const won = outcome && outcome.winning_players.includes(p.id);
      // The winners: a trophy as well as the green edge (never colour alone).
      return tile(model, player, `${won ? "🏆 " : ""}${roleName(p.role)}${p.secret ? ` — ${p.secret}` : ""}`, won ? "won" : "out");
    })));
}
