// The end of a game told as a story: a few lines (the words, the decisive vote, Mr. White's
// guess) and awards derived from the recap. Everything here comes from the end view, which
// shows every card once the game is over: the story and its image reveal nothing more.
import { t } from "./i18n.js";
import { nameOf, roleName } from "./screens/common.js";

const IMPOSTORS = new Set(["undercover", "mr_white"]);

/** The game's votes in order (recap entries of kind "vote"). */
const votesOf = (end) => end.recap.filter((e) => e.kind === "vote");

/** Lines of the story, in the order a player would tell it. */
export function storyLines(model) {
  const end = model.end;
  const lines = [];
  const d = end.deal;
  if (d && d.mode === "grade") lines.push(t("story.grades", { civilian: d.civilian, undercover: d.undercover }));
  else if (d) lines.push(t("story.words", { civilian: d.civilian, undercover: d.undercover }));
  const impostors = end.players.filter((p) => IMPOSTORS.has(p.role));
  if (impostors.length) {
    lines.push(t("story.impostors", { list: impostors.map((p) => `${nameOf(model, p.id)} (${roleName(p.role)})`).join(", ") }));
  }
  const decisive = [...votesOf(end)].reverse().find((v) => v.eliminated);
  if (decisive) {
    const card = end.players.find((p) => p.id === decisive.eliminated);
    lines.push(t("story.decisive", {
      name: nameOf(model, decisive.eliminated), n: decisive.received[decisive.eliminated] || 0,
      role: roleName(card ? card.role : null),
    }));
  }
  for (const guess of end.recap.filter((e) => e.kind === "guess")) {
    lines.push(guess.text === null || guess.text === undefined
      ? t("story.guess_none", { name: nameOf(model, guess.player) })
      : t(guess.correct ? "story.guess_right" : "story.guess_wrong", { name: nameOf(model, guess.player), guess: guess.text }));
  }
  return lines;
}

/** A few awards: [{id, icon, title, names, why}], only those the game earned. */
export function awards(model) {
  const end = model.end;
  const votes = votesOf(end);
  const out = [];
  // Meilleur bluff: the impostor who stayed through the most votes.
  const survived = (id) => {
    const at = votes.findIndex((v) => v.eliminated === id);
    return at === -1 ? votes.length : at;
  };
  let bluffing = new Set();
  const bluffers = end.players.filter((p) => IMPOSTORS.has(p.role)).map((p) => [p.id, survived(p.id)]).filter(([, n]) => n > 0);
  if (bluffers.length) {
    const best = Math.max(...bluffers.map(([, n]) => n));
    const bestIds = bluffers.filter(([, n]) => n === best).map(([id]) => id);
    bluffing = new Set(bestIds);
    out.push({ id: "bluff", icon: "🎭", names: bestIds.map((id) => nameOf(model, id)), n: best });
  }
  // Le plus suspecté: the most votes received over the game.
  const received = {};
  for (const v of votes) for (const [id, n] of Object.entries(v.received)) received[id] = (received[id] || 0) + n;
  const most = Math.max(0, ...Object.values(received));
  if (most > 0) {
    // Never the same player twice: the best bluff is not also "the most suspected".
    const suspects = Object.keys(received).filter((id) => received[id] === most && !bluffing.has(id));
    if (suspects.length) out.push({ id: "suspected", icon: "🎯", names: suspects.map((id) => nameOf(model, id)), n: most });
  }
  // Flair: a civilian who voted against an impostor in the game's first vote.
  const roles = Object.fromEntries(end.players.map((p) => [p.id, p.role]));
  if (votes.length) {
    const sharp = Object.entries(votes[0].ballots)
      .filter(([voter, target]) => target && IMPOSTORS.has(roles[target]) && !IMPOSTORS.has(roles[voter]))
      .map(([id]) => nameOf(model, id));
    if (sharp.length) out.push({ id: "flair", icon: "👃", names: sharp, n: sharp.length });
  }
  return out.map((a) => ({ ...a, title: t(`award.${a.id}`), why: t(`award.${a.id}_why`, { n: a.n }) }));
}
