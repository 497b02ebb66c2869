// A text the player types for their turn (clue, round theme, Mr. White's guess).
// The draft survives a network blip and a reload (kept per room on the device); once sent,
// it is resent after a reconnection if the view shows the turn is still waiting for it.
// A refusal (too easy, own word…) gives the form back at once, the server's reason under it.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

const forms = new Set();

/** The server refused the last command: the waiting form (if any) shows why and is editable.
 *  True when a form took the refusal (no other message is needed). */
export function draftRejected(reason) {
  let taken = false;
  for (const form of [...forms]) {
    if (!form.el.isConnected) forms.delete(form);
    else if (form.rejected(reason)) taken = true;
  }
  return taken;
}

/**
 * @param app the app (send, code, generation)
 * @param {object} o id, type ("give_clue"…), label key, placeholder key, submit key, maxLength
 */
export function draftForm(app, o) {
  const input = h("input", {
    type: "text", id: o.id, maxlength: String(o.maxLength || 60), autocomplete: "off",
    autocapitalize: "sentences", enterkeyhint: "send", placeholder: t(o.placeholder),
    "aria-describedby": `${o.id}-status`,
  });
  const button = h("button", { type: "submit", class: "btn primary", text: t(o.submit || "common.send") });
  const status = h("p", { class: "hint", id: `${o.id}-status`, role: "status" });
  const form = h("form", { class: "panel stack draft", id: `${o.id}-form` },
    h("label", { for: o.id, text: t(o.label) }), o.tip ? h("p", { class: "hint tip", text: t(o.tip) }) : null,
    input, button, status);
  let turnKey = null;
  let waiting = false; // sent, no answer yet

  function save(extra) {
    store.setDraft(app.code, { type: o.type, key: turnKey, text: input.value, ...extra });
  }

  function say(text, bad = false) {
    status.textContent = text;
    status.classList.toggle("error-text", bad);
    status.classList.toggle("hint", !bad);
    form.classList.toggle("refused", bad);
  }

  function submit() {
    if (waiting) return;
    const text = input.value.trim();
    if (!text && !o.allowEmpty) {
      input.focus();
      return;
    }
    const sent = app.send(o.type, { text });
    save({ pending: true, generation: sent ? app.generation : "offline" });
    waiting = sent;
    button.disabled = sent;
    say(sent ? t("draft.sending") : t("draft.offline"));
  }

  input.addEventListener("input", () => {
    save({ pending: false });
    if (!waiting) button.disabled = false;
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  const api = {
    el: form,
    input,
    rejected(reason) {
      if (!waiting) return false;
      waiting = false;
      button.disabled = false;
      save({ pending: false });
      say(reason || "", true);
      api.focus();
      input.select();
      return true;
    },
    /** active: this player must act now; key: identifies the turn (changes when it moves on). */
    update(active, key) {
      form.hidden = !active;
      if (!active) {
        turnKey = null;
        waiting = false;
        return;
      }
      const draft = store.draft(app.code);
      if (key !== turnKey) {
        turnKey = key;
        waiting = false;
        button.disabled = false;
        say("");
        const mine = draft && draft.type === o.type && draft.key === key;
        input.value = mine ? draft.text : "";
        if (!mine) store.setDraft(app.code, null);
      }
      // Sent before a reconnection (or while offline) and still awaited: send it again.
      if (draft && draft.key === key && draft.pending && draft.generation !== app.generation) {
        input.value = draft.text;
        waiting = false;
        submit();
      }
    },
    /** The field focused, and the whole form (its button, its reason) brought into view. */
    focus() {
      input.focus({ preventScroll: true });
      form.scrollIntoView({ block: "nearest" });
    },
  };
  forms.add(api);
  return api;
}
