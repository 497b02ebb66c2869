// Lobby presets: a few ways to play, each a set of settings sent in one change. The lobby
// shows which one the current settings match (none once the host tunes them by hand).

export const PRESETS = [
  { id: "quick", changes: { mode: "classic", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 30, vote_timer: true, vote_seconds: 45 } },
  { id: "classic", changes: { mode: "classic", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
  { id: "mr_white", changes: { mode: "classic", mr_white: true, clue_rounds_per_vote: 2, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
  { id: "grades", changes: { mode: "grade", mr_white: false, clue_rounds_per_vote: 1, clue_timer: true, clue_seconds: 60, vote_timer: true, vote_seconds: 90 } },
];

/** The preset the settings match, or null. */
export function presetOf(settings) {
  return PRESETS.find((p) => Object.entries(p.changes).every(([key, value]) => settings[key] === value)) || null;
}
