// What the lobby and the end screen say about the pair of words: the true reason of each
// relaxation (pool too small, too few shared tags, this room's history used up, pairs removed by
// the players' ratings), a pool with a
// single pair, what "aucune" means, and franchises the family-safe filter hides.
import { t } from "../i18n.js";

const REASONS = [
  "small_pool", "no_similar_pair", "no_unrelated_pair", "history_used_up", "rated_out", "all_rated_out",
];

function level(id) {
  return t(`setting.similarity.${id}`);
}

/** One sentence per relaxation step ({from_level, to_level, reason}), saying why. */
export function relaxationLines(relaxations) {
  return (relaxations || []).map((r) => t(`pair.relaxed.${REASONS.includes(r.reason) ? r.reason : "other"}`,
    { from: level(r.from_level), to: level(r.to_level) }));
}

/** A franchise of the lobby's catalog is hidden when the filter is on and it has no safe entry. */
export function hiddenByFamilySafe(franchise, settings) {
  return Boolean(settings.family_safe) && franchise.family_safe === false;
}

/** The lobby's lines about the words, most important first; [] when there is nothing to say. */
export function lobbyWordLines(model) {
  const s = model.settings;
  if (s.mode !== "classic") return [];
  const a = model.availability;
  const lines = [];
  const chosen = new Set(s.franchises);
  const categories = new Set(s.themes);
  const hidden = model.catalog
    .flatMap((c) => c.franchises.map((f) => ({ ...f, category: c.id })))
    .filter((f) => hiddenByFamilySafe(f, s))
    .filter((f) => chosen.size ? chosen.has(f.id) : !categories.size || categories.has(f.category));
  if (a.error) lines.push(t(`error.${a.error}`));
  if (hidden.length && (chosen.size || a.error)) {
    lines.push(t("pair.hidden_chosen", { names: hidden.map((f) => f.name).join(", ") }));
  }
  if (!a.error && !s.attribute_variant) {
    lines.push(...relaxationLines(a.relaxations));
    // A server that gives no reasons: at least the level the deal will use.
    if (a.relaxed && !a.relaxations.length) lines.push(t("pair.relaxed.other", { from: level(s.similarity), to: level(a.level) }));
    if (a.singlePair) {
      lines.push(t(a.singlePairRepeats ? "pair.single_pair_repeats" : "pair.single_pair", { level: level(a.level) }));
    }
  }
  return lines;
}

/** What "aucune" means, shown under the similarity setting when it is chosen. */
export function similarityHint(settings) {
  return settings.mode === "classic" && settings.similarity === "none" && !settings.attribute_variant
    ? t("pair.none_means") : "";
}
