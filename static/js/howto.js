// "Comment jouer" in three cards: shown on the home screen at a first visit (skippable, then
// remembered), and from the Rules sheet at any time. Not a modal: the page stays usable.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

const CARDS = [
  { icon: "🤫", key: "howto.word" },
  { icon: "💬", key: "howto.clue" },
  { icon: "🗳", key: "howto.vote" },
];

/** The three cards; `onDone` runs after the last card or "Passer". */
export function howTo(onDone = () => {}) {
  const el = h("section", { class: "panel howto", id: "howto", "aria-labelledby": "howto-title", "aria-roledescription": t("howto.carousel") });
  let at = 0;
  function done() {
    store.setHowToSeen();
    onDone(el);
  }
  function draw() {
    const card = CARDS[at];
    const last = at === CARDS.length - 1;
    const next = h("button", { type: "button", class: "btn primary small", id: "howto-next", text: last ? t("howto.go") : t("howto.next") });
    next.addEventListener("click", () => {
      if (last) done();
      else {
        at += 1;
        draw();
        el.querySelector("#howto-next").focus();
      }
    });
    fill(el,
      h("h2", { id: "howto-title", text: t("howto.title", { n: at + 1, total: CARDS.length }) }),
      h("div", { class: "howto-card", dataset: { card: String(at + 1) } },
        h("span", { class: "howto-icon", "aria-hidden": "true", text: card.icon }),
        h("p", { class: "howto-head", text: t(`${card.key}_title`) }),
        h("p", { text: t(card.key) })),
      h("div", { class: "row" },
        last ? null : h("button", { type: "button", class: "btn small", id: "howto-skip", text: t("howto.skip"), onclick: done }),
        next),
    );
  }
  draw();
  return el;
}
