// The Rules sheet: /rules/<lang>.json (sections with ids), opened at the section for the
// current phase. Loaded on first use only, so it does not weigh on the first load.
import { h, fill } from "./dom.js";
import { store } from "./store.js";
import { lang, t } from "./i18n.js";
import { howTo } from "./howto.js";

const cache = {};

async function load(language) {
  if (!cache[language]) {
    const response = await fetch(`/rules/${language}.json`);
    if (!response.ok) throw new Error(`rules ${language}: ${response.status}`);
    cache[language] = await response.json();
  }
  return cache[language];
}

function block(item) {
  if (typeof item === "string") return h("p", { text: item });
  if (item.list) return h("ul", {}, item.list.map((line) => h("li", { text: line })));
  return null;
}

export async function openRules(sectionId) {
  const dialog = document.getElementById("rules-dialog");
  const rules = await load(lang());
  const close = h("button", { type: "button", class: "chip", text: t("common.close"), onclick: () => dialog.close() });
  const toc = h(
    "nav",
    { class: "rules-toc", "aria-label": t("rules.contents") },
    rules.sections.map((section) =>
      h("a", {
        href: `#rules-${section.id}`,
        text: section.title,
        onclick: (event) => {
          event.preventDefault();
          document.getElementById(`rules-${section.id}`).scrollIntoView();
        },
      }),
    ),
  );
  const cards = h("div", { class: "howto-slot" });
  const openCards = h("button", {
    type: "button", class: "btn small", id: "rules-howto", text: `🃏 ${t("howto.open")}`,
    onclick: () => {
      openCards.hidden = true;
      fill(cards, howTo((el) => { el.remove(); openCards.hidden = false; openCards.focus(); }));
      cards.querySelector("button")?.focus();
    },
  });
  // The accessibility mode, remembered on this device: here, since the Rules are one tap away
  // on every screen (the top bar has no room for a sixth button).
  const easy = h("button", {
    type: "button", class: "btn small", id: "a11y-toggle", "aria-pressed": String(store.easy()),
    text: `♿ ${t("common.label_value", { label: t("a11y.mode"), value: t(store.easy() ? "common.yes" : "common.no") })}`,
    onclick: () => {
      store.setEasy(!store.easy());
      easy.setAttribute("aria-pressed", String(store.easy()));
      easy.textContent = `♿ ${t("common.label_value", { label: t("a11y.mode"), value: t(store.easy() ? "common.yes" : "common.no") })}`;
    },
  });
  const body = h(
    "div",
    { class: "sheet-body rules-body" },
    h("div", { class: "row rules-tools" }, openCards, easy),
    h("p", { class: "hint", text: t("a11y.hint") }),
    cards,
    toc,
    rules.sections.map((section) =>
      h(
        "section",
        { id: `rules-${section.id}`, class: section.id === sectionId ? "current" : "", dataset: { section: section.id } },
        h("h3", { text: section.title }),
        section.body.map(block),
      ),
    ),
  );
  fill(dialog, h("div", { class: "sheet-head" }, h("h2", { id: "rules-title", text: rules.title }), close), body);
  if (!dialog.open) dialog.showModal();
  const target = document.getElementById(`rules-${sectionId}`);
  if (target) target.scrollIntoView({ block: "start" });
  close.focus({ preventScroll: true });
}

// A tap on the backdrop (outside the sheet) closes it, as Escape does.
document.getElementById("rules-dialog")?.addEventListener("click", (event) => {
  if (event.target === event.currentTarget) event.currentTarget.close();
});
