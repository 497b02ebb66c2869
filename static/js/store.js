// What the device remembers: nickname, language, and per room the seat token, the typed draft,
// the suspicion marks and whether the card was seen.
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
  muted: () => read("muted") === "1",
  howToSeen: () => read("howto") === "1",
  setHowToSeen: () => write("howto", "1"),
  /** The face this device asks for when joining: {avatar, color} or null. */
  look: () => readJson("look"),
  setLook: (look) => write("look", JSON.stringify(look)),
  setMuted: (on) => write("muted", on ? "1" : null),
  // The accessibility mode (shapes beside colours, larger board type, no motion), per device.
  easy: () => read("a11y") === "1",
  setEasy(on) {
    write("a11y", on ? "1" : null);
    // Applied at once to the page: its mark on <html>, its stylesheet loaded when first on.
    const root = document.documentElement;
    if (on && !document.getElementById("a11y-css")) {
      const link = document.createElement("link");
      Object.assign(link, { rel: "stylesheet", href: "/a11y.css", id: "a11y-css" });
      document.head.append(link);
    }
    if (on) root.dataset.a11y = "on";
    else delete root.dataset.a11y;
  },
  boardSound: () => read("board_sound") === "1",
  setBoardSound: (on) => write("board_sound", on ? "1" : null),
  setLang: (lang) => write("lang", lang),
  /** {token, player_id} for this room, or null. */
  seat: (code) => readJson(`seat.${code}`),
  setSeat: (code, seat) => write(`seat.${code}`, seat ? JSON.stringify(seat) : null),
  /** The extra seats this device holds in a room (pass-and-play): [{name, token, player_id}]. */
  deviceSeats: (code) => readJson(`device.${code}`),
  setDeviceSeats: (code, seats) => write(`device.${code}`, seats ? JSON.stringify(seats) : null),
  /** A typed, not yet acknowledged text (clue, theme, guess), kept across reloads. */
  draft: (code) => readJson(`draft.${code}`),
  setDraft: (code, draft) => write(`draft.${code}`, draft ? JSON.stringify(draft) : null),
  /** This device's suspicion marks in a room's game: {game, marks: {player_id: "doubt"|"trust"}}. */
  marks: (code) => readJson(`marks.${code}`),
  setMarks: (code, marks) => write(`marks.${code}`, JSON.stringify(marks)),
  /** The game (of this room) whose card this device has looked at. */
  cardSeen: (code) => read(`seen.${code}`),
  setCardSeen: (code, game) => write(`seen.${code}`, game),
};
