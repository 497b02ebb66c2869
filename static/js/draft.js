// A text the player types for their turn (clue, round theme, Mr. White's guess).
// The draft survives a network blip and a reload (kept per room on the device); once sent,
// it is resent after a reconnection if the view shows the turn is still waiting for it.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

/**
 * @param app the app (send, code, generation)
 * @param {object} o id, type ("give_clue"…), label key, placeholder key, maxLength
 */
const forms = new Set();

/** The server refused the last command: let the player edit and send again. */
export function draftRejected() {
  for (const form of forms) if (form.el.isConnected) form.rejected();
}

export function draftForm(app, o) {
  const input = h("input", {
    type: "text", id: o.id, maxlength: String(o.maxLength || 60), autocomplete: "off",
    autocapitalize: "sentences", enterkeyhint: "send", placeholder: t(o.placeholder),
  });
  const button = h("button", { type: "submit", class: "btn primary", text: t(o.submit || "common.send") });
  const status = h("p", { class: "hint", role: "status" });
  const form = h("form", { class: "panel stack", id: `${o.id}-form` },
    h("label", { for: o.id, text: t(o.label) }), input, button, status);
  let turnKey = null;

  function save(extra) {
    store.setDraft(app.code, { type: o.type, key: turnKey, text: input.value, ...extra });
  }

  function submit() {
    const text = input.value.trim();
    if (!text && !o.allowEmpty) {
      input.focus();
      return;
    }
    const sent = app.send(o.type, { text });
    save({ pending: true, generation: sent ? app.generation : "offline" });
    button.disabled = true;
    status.textContent = sent ? t("draft.sending") : t("draft.offline");
  }

  input.addEventListener("input", () => save({ pending: false }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  const api = {
    el: form,
    input,
    rejected() {
      button.disabled = false;
      status.textContent = "";
      save({ pending: false });
    },
    /** active: this player must act now; key: identifies the turn (changes when it moves on). */
    update(active, key) {
      form.hidden = !active;
      if (!active) {
        turnKey = null;
        return;
      }
      const draft = store.draft(app.code);
      if (key !== turnKey) {
        turnKey = key;
        button.disabled = false;
        status.textContent = "";
        const mine = draft && draft.type === o.type && draft.key === key;
        input.value = mine ? draft.text : "";
        if (!mine) store.setDraft(app.code, null);
      }
      // Sent before a reconnection (or while offline) and still awaited: send it again.
      if (draft && draft.key === key && draft.pending && draft.generation !== app.generation) {
        input.value = draft.text;
        submit();
      }
    },
    focus() {
      input.focus();
    },
  };
  forms.add(api);
  for (const old of forms) if (old !== api && !old.el.isConnected) forms.delete(old);
  return api;
}
