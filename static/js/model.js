// Reads the server's view (src/undercover/engine/view.py, docs/protocol.md) into what the
// screens draw. The only module that knows the view's field names: when the view changes,
// this file changes. Throws on a view it cannot read (the app then shows the reload banner).

import { MIN_PLAYERS, PHASES as PHASE_NAMES } from "./protocol.js";

export { MIN_PLAYERS, MR_WHITE_MIN_PLAYERS } from "./protocol.js";

const PHASES = new Set(PHASE_NAMES);

/** The screen for a model: one per phase. */
export function screenOf(model) {
  return model.phase;
}

export function readModel(view, myId) {
  if (!view || typeof view !== "object" || !PHASES.has(view.phase) || !Array.isArray(view.players)) {
    throw new Error(`unreadable view (phase ${view && view.phase})`);
  }
  const me = view.me || {};
  const id = me.player_id || myId || null;
  const game = view.game || null;
  const out = new Set(game ? game.eliminated.map((c) => c.player_id) : []);
  // Roles shown at an elimination (per the host's reveal setting) stay shown all game.
  const cards = Object.fromEntries(game ? [...game.eliminated, ...game.kicked].map((c) => [c.player_id, c]) : []);
  const players = view.players
    .filter((p) => p.status !== "kicked" || (game && game.speaking_order.includes(p.player_id)))
    .map((p) => ({
      id: p.player_id,
      name: p.nickname,
      avatar: p.avatar || null,
      color: p.color || null,
      connected: p.connected,
      absent: p.absent,
      graceEndsAt: p.grace_deadline,
      status: p.status,
      spectator: p.status === "spectator",
      eliminated: p.status === "eliminated" || out.has(p.player_id),
      kicked: p.status === "kicked",
      host: p.is_host,
      bot: p.bot || null, // a bot's strength (docs/bots.md)
      revealedRole: cards[p.player_id]?.role || null,
      revealedSecret: cards[p.player_id] ? secretText(cards[p.player_id]) : null,
    }));
  const byId = Object.fromEntries(players.map((p) => [p.id, p]));
  // Names of players who left (kicked, freed seats) still appear in the recap.
  for (const line of view.scoreboard?.players || []) {
    if (!byId[line.player_id]) byId[line.player_id] = { id: line.player_id, name: line.nickname, kicked: false };
  }
  const seated = players.filter((p) => p.status === "seated" || p.status === "alive" || p.status === "eliminated");
  const kind = me.secret ? me.secret.kind : null;
  const secret = kind
    ? { kind, word: kind === "word" ? me.secret.value : null, grade: kind === "grade" ? me.secret.value : null }
    : null;
  const s = view.settings;
  const sim = view.similarity;
  const model = {
    raw: view,
    now: view.now,
    code: view.room,
    phase: view.phase,
    seq: view.phase_seq,
    paused: view.paused,
    deadline: view.deadline,
    myId: id,
    me: byId[id] || null,
    hostId: view.host,
    hostName: byId[view.host] ? byId[view.host].name : "—",
    isHost: Boolean(id) && view.host === id,
    players: view.phase === "lobby" ? players.filter((p) => !p.kicked) : players.filter((p) => !p.spectator),
    byId,
    spectatorKind: me.status === "spectator"
      ? "late"
      : me.status === "eliminated" && view.phase !== "ended" && view.guesser !== id ? "eliminated" : null,
    settings: s,
    catalog: Array.isArray(view.catalog) ? view.catalog : [],
    hostWords: view.host_words || null,
    composition: view.composition,
    minPlayers: MIN_PLAYERS,
    availability: sim
      ? { level: sim.available, relaxed: sim.relaxed, relaxations: sim.relaxations || [], singlePair: Boolean(sim.single_pair), singlePairRepeats: Boolean(sim.single_pair_repeats), error: sim.error }
      : { level: null, relaxed: false, relaxations: [], singlePair: false, error: null },
    secret,
    confirmed: Boolean(me.confirmed),
    confirmedCount: (view.confirmed || []).length,
    activeCount: seated.length,
    scoreboard: view.scoreboard
      ? { games: view.scoreboard.games, players: view.scoreboard.players, camps: Object.entries(view.scoreboard.camps || {}) }
      : null,
    game: game ? readGame(view, game, me) : null,
    // Numbers this room's games (the same from the deal to the end screen): suspicion marks
    // and "card seen" are kept per game on the device.
    gameNo: (view.scoreboard?.games || 0) + (view.phase === "ended" ? 0 : 1),
  };
  model.turnKey = game ? `${view.phase_seq}:${game.stage}:${game.clue_round}:${game.speaker || game.proposer}` : null;
  if (view.phase === "reveal") model.reveal = readReveal(view, game);
  if (view.phase === "ended") model.end = readEnd(view, game);
  return model;
}

function readGame(view, g, me) {
  const recap = g.recap || [];
  const themes = Object.fromEntries(recap.filter((e) => e.kind === "theme").map((e) => [e.clue_round, e.theme]));
  const alive = g.alive;
  return {
    mode: g.mode,
    stage: g.stage,
    speakingOrder: g.speaking_order,
    alive,
    cycle: g.cycle,
    clueRound: g.clue_round,
    roundInCycle: g.round_in_cycle,
    roundsPerVote: view.settings.clue_rounds_per_vote,
    speaker: g.speaker,
    proposer: g.proposer,
    roundTheme: g.round_theme,
    themes,
    clues: recap
      .filter((e) => e.kind === "clue")
      .map((e) => ({ cycle: e.cycle, round: e.clue_round, player: e.player, text: e.text, skipped: e.skipped })),
    guesses: recap.filter((e) => e.kind === "guess"),
    voted: g.voters,
    votedCount: g.ballots_cast,
    voterCount: g.ballots_expected || alive.length,
    canVote: view.phase === "voting" && me.status === "alive",
    myBallot: me.ballot && me.ballot.cast ? me.ballot.target : undefined,
    candidates: g.candidates || [], // whom one may vote for (only the tied players in a runoff)
    ballotKind: g.ballot_kind,
    phantomVotes: g.phantom_votes || {},
    graceEndsAt: view.vote_grace_deadline,
    guesser: view.guesser,
    lastVote: lastVote(recap),
    eliminated: g.eliminated,
    kicked: g.kicked,
    recap,
    outcome: g.outcome,
  };
}

function readReveal(view, g) {
  const card = (g ? g.eliminated : []).find((c) => c.player_id === view.revealed) || {};
  return {
    eliminated: view.revealed,
    role: card.role || null,
    word: card.role === "mr_white" ? null : secretText(card),
    byLot: Boolean(g && (lastVote(g.recap) || {}).result === "lot"),
  };
}

function readEnd(view, g) {
  if (!g) return { outcome: null, players: [], recap: [], deal: null };
  const end = g.end || {};
  const kicked = new Set(g.kicked.map((c) => c.player_id));
  const eliminated = new Set(g.eliminated.map((c) => c.player_id));
  const players = (end.cards || []).map((c) => ({
    id: c.player_id,
    role: c.role,
    secret: c.role === "mr_white" ? null : secretText(c),
    kicked: kicked.has(c.player_id),
    eliminated: eliminated.has(c.player_id),
  }));
  let deal = null;
  if (end.grades) {
    deal = { mode: "grade", civilian: end.grades.civilian, undercover: end.grades.undercover, gap: view.settings.grade_gap };
  } else if (end.words) {
    const pair = end.pair || {};
    deal = {
      mode: "classic", civilian: end.words.civilian, undercover: end.words.undercover, franchise: pair.franchise,
      sharedTags: pair.shared_tags || [], used: pair.used, requested: pair.requested,
      relaxations: pair.relaxations || [], attribute: pair.attribute_variant, custom: Boolean(pair.custom),
    };
  }
  return { outcome: g.outcome, players, recap: g.recap || [], deal, rating: end.rating || null };
}

/** A revealed card's word, or its grade written out of 20 ("14/20"); null when hidden. */
// The latest tally: the last `vote` entry of the recap (the view sends each tally once).
function lastVote(recap) {
  const votes = (recap || []).filter((e) => e.kind === "vote");
  return votes.length ? votes[votes.length - 1] : null;
}

function secretText(card) {
  if (card.word !== null && card.word !== undefined) return card.word;
  if (card.grade !== null && card.grade !== undefined) return `${card.grade}/20`;
  return null;
}
