// The host's own words in the lobby: paste pairs ("Pizza / Quiche", one per line) or a plain
// list of words, checked by the server (its refusal names the line). The words never come back
// from the server: everyone sees only how many there are, and the host keeps the text typed.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function hostWordsPanel(app) {
  const text = h("textarea", {
    id: "host-words-text", rows: "6", maxlength: "3000", spellcheck: false,
    placeholder: t("host_words.placeholder"), "aria-describedby": "host-words-hint",
  });
  const use = h("button", { type: "button", class: "btn small", id: "host-words-use", text: t("host_words.use") });
  const drop = h("button", { type: "button", class: "btn small", id: "host-words-drop", text: t("host_words.drop") });
  const status = h("p", { class: "hint", id: "host-words-status", role: "status" });
  // Lines, not one text: newlines are control characters on the wire.
  use.addEventListener("click", () => app.send("set_host_words", { lines: text.value.split(/\r?\n/) }));
  drop.addEventListener("click", () => app.send("set_host_words", { lines: [] }));
  const editor = h("details", { id: "host-words-editor" },
    h("summary", { text: t("host_words.title") }),
    h("p", { class: "hint", id: "host-words-hint", text: t("host_words.hint") }),
    h("label", { for: "host-words-text", class: "setting-label", text: t("host_words.label") }),
    text,
    h("div", { class: "row" }, use, drop),
  );
  const el = h("section", { class: "panel stack", id: "host-words" }, editor, status);
  return {
    el,
    update(model) {
      const words = model.hostWords;
      el.hidden = model.settings.mode !== "classic" || (!model.isHost && !words);
      editor.hidden = !model.isHost;
      drop.hidden = !words;
      status.textContent = words ? summary(words) : "";
      status.hidden = !words;
    },
  };
}

function summary(words) {
  const count = words.pairs
    ? t("host_words.pairs", { n: words.pairs })
    : t("host_words.words", { n: words.words, pairs: words.playable_pairs });
  return `${t("host_words.active", { count })} ${t("host_words.secret")}`;
}
