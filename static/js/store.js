// What the device remembers: nickname, language, and the seat token per room.
// localStorage may be missing or full (private mode): every access is guarded.

const PREFIX = "undercover.";

function read(key) {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, value);
  } catch {
    /* storage unavailable: the game still works for this page's lifetime */
  }
}

function readJson(key) {
  const text = read(key);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const store = {
  nickname: () => read("nickname") || "",
  setNickname: (name) => write("nickname", name),
  lang: () => read("lang"),
  setLang: (lang) => write("lang", lang),
  /** {token, player_id} for this room, or null. */
  seat: (code) => readJson(`seat.${code}`),
  setSeat: (code, seat) => write(`seat.${code}`, seat ? JSON.stringify(seat) : null),
  /** A typed, not yet acknowledged text (clue, theme, guess), kept across reloads. */
  draft: (code) => readJson(`draft.${code}`),
  setDraft: (code, draft) => write(`draft.${code}`, draft ? JSON.stringify(draft) : null),
};
