// The role card: hidden until tapped, hidden again on the next tap. Civilians and
// undercovers only see their word (never which camp they are in); Mr. White is told so.
// The same card sits behind the "My card" button in the top bar for the whole game.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** A card button for `secret` ({kind: "word"|"grade"|"mr_white", word, grade}). */
export function cardButton(secret, onFirstReveal) {
  let shown = false;
  const button = h("button", { type: "button", class: "role-card", "aria-pressed": "false" });
  function draw() {
    button.classList.toggle("shown", shown);
    button.setAttribute("aria-pressed", String(shown));
    if (!shown) {
      fill(
        button,
        h("span", { class: "secret", "aria-hidden": "true", text: "🂠" }),
        h("span", { text: t("card.tap_to_show") }),
      );
      return;
    }
    const [label, value, hint] = describe(secret);
    fill(
      button,
      h("span", { class: "hint", text: label }),
      h("span", { class: "secret", dataset: { secret: secret.kind }, text: value }),
      hint ? h("span", { class: "hint", text: hint }) : null,
      h("span", { class: "hint", text: t("card.tap_to_hide") }),
    );
  }
  button.addEventListener("click", () => {
    shown = !shown;
    draw();
    if (shown && onFirstReveal) {
      onFirstReveal();
      onFirstReveal = null;
    }
  });
  draw();
  return button;
}

/** [label, value, hint] of a card, e.g. ["Ton mot", "Hermione", "…"]. */
export function describe(secret) {
  if (secret.kind === "mr_white") return [t("card.you_are"), t("role.mr_white"), t("card.mr_white_hint")];
  if (secret.kind === "grade") return [t("card.your_grade"), t("card.grade_value", { grade: secret.grade }), t("card.grade_hint")];
  return [t("card.your_word"), secret.word, t("card.word_hint")];
}

let dialog = null;
let topButton = null;
let current = null;

export const roleCard = {
  /** Called when the card is opened from the top bar (the room remembers it was seen). */
  onSeen: null,

  init(dialogElement, button) {
    dialog = dialogElement;
    topButton = button;
    topButton.addEventListener("click", () => this.open());
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
  },

  /** Show the top-bar button while the player holds a card (a game is on). */
  update(model) {
    const secret = model && model.phase !== "lobby" ? model.secret : null;
    const changed = JSON.stringify(secret) !== JSON.stringify(current);
    current = secret;
    topButton.hidden = !secret;
    if (changed && dialog.open) dialog.close();
  },

  open() {
    if (!current) return;
    const close = h("button", { type: "button", class: "chip", text: t("common.close"), onclick: () => dialog.close() });
    fill(
      dialog,
      h("div", { class: "sheet-head" }, h("h2", { id: "card-title", text: t("card.title") }), close),
      h("div", { class: "sheet-body" }, cardButton(current, () => this.onSeen && this.onSeen())),
    );
    dialog.showModal();
    close.focus();
  },
};
