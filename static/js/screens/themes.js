// The lobby's theme cards (classic mode): one card per category (name, word count, how many
// franchises); a chosen category unfolds its franchises as chips to narrow it down. Nothing
// chosen means every theme. Guests read the choice in one line. The family-safe rule
// (themes/README.md) is said once, and franchises outside it are marked. The similarity the chosen
// themes really deliver (or why they cannot deal a pair) is said under the cards (pair-notes.js).
import { h, fill, keepFocus } from "../dom.js";
import { has, t } from "../i18n.js";
import { hiddenByFamilySafe, lobbyWordLines } from "./pair-notes.js";

/** A theme category's name: translated when known, else its id as the server gave it. */
export function categoryName(id) {
  return has(`theme.${id}`) ? t(`theme.${id}`) : id;
}

const words = (franchises) => franchises.reduce((sum, f) => sum + (f.entries || 0), 0);

export function themeCards(app) {
  const box = h("div", { id: "themes", class: "themes" });
  const warning = h("div", { class: "error-text", id: "similarity-warning", role: "status", hidden: true });
  const el = h("section", { class: "panel stack", id: "themes-panel", "aria-labelledby": "themes-title" },
    h("h2", { id: "themes-title", text: t("setting.themes") }), box, warning);

  function send(key, set, id, on) {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    app.send("update_settings", { changes: { [key]: [...next] } });
  }

  function host(model) {
    const chosen = new Set(model.settings.themes);
    const franchises = new Set(model.settings.franchises);
    return [
      h("p", { class: "hint", text: t("themes.hint") }),
      h("p", { class: "hint", id: "family-rule", text: t("themes.family_rule") }),
      h("div", { class: "theme-cards" }, model.catalog.map((category) => {
        const on = chosen.has(category.id);
        return h("button", {
          type: "button", class: "theme-card", "aria-pressed": String(on), dataset: { key: `theme-${category.id}` },
          onclick: () => send("themes", chosen, category.id, !on),
        },
          h("span", { class: "theme-name", text: categoryName(category.id) }),
          h("span", { class: "hint", text: t("themes.count", { words: words(category.franchises), n: category.franchises.length }) }));
      })),
      model.catalog.filter((c) => chosen.has(c.id)).map((category) => h("div", { class: "stack franchise-box" },
        h("h3", { text: t("themes.narrow", { name: categoryName(category.id) }) }),
        h("div", { class: "chips" }, category.franchises.map((franchise) => {
          const on = franchises.has(franchise.id);
          return h("button", {
            type: "button", class: "chip-toggle", "aria-pressed": String(on), dataset: { key: `franchise-${franchise.id}` },
            onclick: () => send("franchises", franchises, franchise.id, !on),
          }, `${on ? "✓ " : ""}${franchise.name}`, h("span", { class: "count", text: ` · ${franchise.entries || 0}` }),
          hiddenByFamilySafe(franchise, model.settings) ? h("span", { class: "count", text: ` — ${t("pair.hidden_tag")}` })
            : franchise.family_safe === false ? h("span", { class: "count", text: ` — ${t("themes.not_family_safe")}` }) : null);
        })))),
    ];
  }

  function guest(model) {
    const chosen = new Set(model.settings.themes);
    const franchises = new Set(model.settings.franchises);
    const names = model.catalog.filter((c) => chosen.has(c.id)).map((c) => categoryName(c.id));
    const subs = model.catalog.flatMap((c) => c.franchises).filter((f) => franchises.has(f.id)).map((f) => f.name);
    return [
      h("p", { class: "theme-line", text: [names.length ? names.join(", ") : t("setting.themes_all"), subs.join(", ")].filter(Boolean).join(" · ") }),
      model.settings.family_safe ? h("p", { class: "hint", id: "family-rule", text: t("themes.family_rule") }) : null,
    ];
  }

  return {
    el,
    update(model) {
      const s = model.settings;
      // Themes pick the words: grade mode has none.
      el.hidden = s.mode === "grade" || !model.catalog.length;
      keepFocus(box, () => fill(box, model.isHost ? host(model) : guest(model)));
      // Why the words may not be what was asked (relaxed similarity, hidden franchises…).
      const lines = lobbyWordLines(model);
      fill(warning, lines.map((line) => h("p", { text: line })));
      warning.hidden = !lines.length;
    },
  };
}
