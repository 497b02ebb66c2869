// Home: create a room, or join one with its code (prefilled from a /r/CODE link).
// The nickname is remembered on the device.
import { h, fill } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { store } from "../store.js";
import { howTo } from "../howto.js";
import { AVATARS, COLORS, faceRows } from "../faces.js";

/** The avatar and colour pickers; the choice is remembered and sent with the hello. */
function facePicker() {
  const saved = store.look() || {};
  let look = {
    avatar: AVATARS.includes(saved.avatar) ? saved.avatar : AVATARS[Math.floor(Math.random() * AVATARS.length)],
    color: COLORS.includes(saved.color) ? saved.color : COLORS[Math.floor(Math.random() * COLORS.length)],
  };
  store.setLook(look);
  const preview = h("span", { class: "avatar big", "aria-hidden": "true" });
  const rows = h("div");
  function draw() {
    preview.textContent = look.avatar;
    preview.style.setProperty("--c", look.color);
    fill(rows, faceRows(look, (change) => { look = { ...look, ...change }; store.setLook(look); draw(); }));
  }
  draw();
  return h("details", { class: "panel face-picker", id: "face-picker" },
    h("summary", {}, preview, h("span", { id: "face-title", text: t("home.face") })),
    rows);
}

// Room codes: 5 characters, no look-alikes (no 0/O, 1/I/L) — see hosts/codes.py.
const CODE_ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}$/;
const NAME_MAX = 20;

export function homeScreen(root, app, options = {}) {
  const nameInput = h("input", {
    type: "text", id: "nickname", name: "nickname", autocomplete: "nickname", maxlength: "40",
    value: options.name ?? store.nickname(), enterkeyhint: "next", required: true,
  });
  const codeInput = h("input", {
    type: "text", id: "room-code", name: "code", class: "code-input", autocomplete: "off",
    autocapitalize: "characters", spellcheck: "false", maxlength: "5", value: options.code || "",
    enterkeyhint: "go", "aria-describedby": "code-hint",
  });
  const message = h("p", { class: "error-text", role: "alert", id: "home-error", hidden: !options.error, text: options.error || "" });
  const createButton = h("button", { type: "button", class: "btn primary", id: "create-room", text: t("home.create") });
  // Arriving by a share link (/r/CODE): joining comes first and is the main action.
  const invited = Boolean(options.code);
  const joinButton = h("button", { type: "submit", class: invited ? "btn primary" : "btn", id: "join-room", text: t("home.join") });
  createButton.className = invited ? "btn" : "btn primary";

  function fail(text) {
    message.textContent = text;
    message.hidden = false;
    busy(false);
  }

  function busy(on) {
    createButton.disabled = on;
    joinButton.disabled = on;
  }

  function nickname() {
    const name = nameInput.value.trim().replace(/\s+/g, " ");
    if (!name) return fail(t("home.name_missing")), nameInput.focus(), null;
    if ([...name].length > NAME_MAX) return fail(t("error.name.too_long")), nameInput.focus(), null;
    if (/[<>]/.test(name)) return fail(t("error.name.invalid")), nameInput.focus(), null;
    store.setNickname(name);
    return name;
  }

  async function create() {
    const name = nickname();
    if (!name) return;
    busy(true);
    try {
      const response = await fetch("/api/rooms", { method: "POST" });
      const body = await response.json().catch(() => ({}));
      if (!response.ok || !body.code) return fail(errorText(body.error || "room.create_failed", body.message));
      app.enter(body.code, name);
    } catch {
      fail(t("error.network"));
    }
  }

  async function join(event) {
    event.preventDefault();
    const name = nickname();
    if (!name) return;
    const code = codeInput.value.replace(/\s+/g, "").toUpperCase();
    if (!CODE_ALPHABET.test(code)) {
      codeInput.focus();
      return fail(t("home.code_invalid"));
    }
    busy(true);
    try {
      const response = await fetch(`/api/rooms/${code}`);
      const body = await response.json().catch(() => ({}));
      if (response.status === 404) return fail(t("error.room.not_found"));
      if (!response.ok) return fail(errorText(body.error || "network", body.message));
      // "full" (or locked): the server says which when the hello is refused.
      app.enter(code, name);
    } catch {
      fail(t("error.network"));
    }
  }

  const createPanel = h("section", { class: "panel stack", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title", text: t("home.create_title") }),
    h("p", { class: "hint", text: t("home.create_hint") }),
    createButton,
  );
  const joinForm = h("form", { class: "panel stack", "aria-labelledby": "join-title", onsubmit: join },
    h("h2", { id: "join-title", text: t("home.join_title") }),
    h("div", { class: "field" },
      h("label", { for: "room-code", text: t("home.code") }),
      codeInput,
      h("p", { class: "hint", id: "code-hint", text: t("home.code_hint") }),
    ),
    joinButton,
  );
  createButton.addEventListener("click", create);
  fill(
    root,
    h(
      "div",
      { class: "stack home" },
      h("div", { class: "hero" },
        h("div", { class: "logo", "aria-hidden": "true", text: "🕵️" }),
        h("h1", { text: t("home.title") }),
        h("p", { text: t("home.tagline") }),
      ),
      // A first visit (not by an invitation) starts with how to play, in three cards.
      store.howToSeen() || invited ? null : howTo((cards) => cards.remove()),
      h("div", { class: "field" }, h("label", { for: "nickname", text: t("home.nickname") }), nameInput),
      facePicker(),
      message,
      ...(invited ? [joinForm, createPanel] : [createPanel, joinForm]),
    ),
  );
  (options.code ? nameInput : nameInput.value ? codeInput : nameInput).focus({ preventScroll: true });
  // A share link to a room that does not exist (any more) says so at once.
  if (invited && !options.error) {
    fetch(`/api/rooms/${encodeURIComponent(options.code)}`)
      .then((response) => response.status === 404 && root.contains(message) && fail(t("error.room.not_found")))
      .catch(() => {});
  }
  return {
    update() {},
    /** What to keep when the language changes. */
    state: () => ({ code: codeInput.value, name: nameInput.value, error: message.hidden ? "" : message.textContent }),
  };
}
