// The lobby's settings: form controls for the host (each change is sent at once as an
// update_settings; the server validates the ranges), a read-only list for the others.
import { h, fill, keepFocus } from "../dom.js";
import { has, t } from "../i18n.js";
import { hiddenByFamilySafe, lobbyWordLines, similarityHint } from "./pair-notes.js";

// [setting, kind, extra]: kind "bool" | "number" | "choice"; `when` hides it in a mode.
const FIELDS = [
  ["mode", "choice", { options: ["classic", "grade"] }],
  ["similarity", "choice", { options: ["none", "close", "very_close"], when: "classic" }],
  ["attribute_variant", "bool", { when: "classic" }],
  ["family_safe", "bool", { when: "classic" }],
  ["grade_gap", "number", { min: 1, max: 20, when: "grade" }],
  ["mr_white", "bool", {}],
  ["clue_rounds_per_vote", "number", { min: 1, max: 5 }],
  ["clue_timer", "bool", {}],
  ["clue_seconds", "number", { min: 30, max: 90, needs: "clue_timer" }],
  ["vote_timer", "bool", {}],
  ["vote_seconds", "number", { min: 30, max: 180, needs: "vote_timer" }],
  ["reveal_on_elimination", "bool", {}],
  ["reveal_word", "bool", { needs: "reveal_on_elimination" }],
  ["locked", "bool", {}],
  ["streamer", "bool", {}],
];

/** A theme category's name: translated when known, else its id as the server gave it. */
function categoryName(id) {
  return has(`theme.${id}`) ? t(`theme.${id}`) : id;
}

function display(name, value) {
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (name === "mode" || name === "similarity") return t(`setting.${name}.${value}`);
  if (name.endsWith("_seconds")) return t("common.seconds", { s: value });
  return String(value);
}

export function settingsPanel(app) {
  const el = h("section", { class: "panel stack", "aria-labelledby": "settings-title", id: "settings" });
  let builtFor = null; // "host" | "guest": rebuilt when the host changes
  const controls = {};
  const rows = {};
  let themesBox = null;
  let warning = null;
  let noTimers = null;

  function send(name, value) {
    if (name === "locked") app.send("set_lock", { locked: value });
    else app.send("update_settings", { changes: { [name]: value } });
  }

  function control(name, kind, extra) {
    const id = `setting-${name}`;
    let input;
    if (kind === "bool") {
      input = h("input", { type: "checkbox", id, onchange: () => send(name, input.checked) });
    } else if (kind === "number") {
      input = h("input", { type: "number", id, min: String(extra.min), max: String(extra.max), step: "1", inputmode: "numeric" });
      input.addEventListener("change", () => {
        const value = Math.round(Number(input.value));
        if (Number.isFinite(value)) send(name, Math.min(extra.max, Math.max(extra.min, value)));
      });
    } else {
      input = h("select", { id, onchange: () => send(name, input.value) },
        extra.options.map((option) => h("option", { value: option, text: t(`setting.${name}.${option}`) })));
    }
    controls[name] = input;
    return h("div", { class: "setting" }, h("label", { for: id, text: t(`setting.${name}`) }), input);
  }

  function build(isHost) {
    builtFor = isHost ? "host" : "guest";
    for (const key of Object.keys(controls)) delete controls[key];
    themesBox = h("div", { id: "themes" });
    warning = h("div", { class: "error-text", id: "similarity-warning", role: "status", hidden: true });
    noTimers = h("p", { class: "hint", id: "no-timers-note", text: t("lobby.no_timers"), hidden: true });
    const list = FIELDS.map(([name, kind, extra]) => {
      rows[name] = isHost
        ? control(name, kind, extra)
        : h("div", { class: "setting" }, h("span", { class: "setting-label", text: t(`setting.${name}`) }),
            h("span", { class: "value", dataset: { setting: name } }));
      return rows[name];
    });
    fill(el,
      h("h2", { id: "settings-title", text: t("lobby.settings") }),
      isHost ? null : h("p", { class: "hint", text: t("lobby.settings_readonly") }),
      themesBox, warning, h("p", { class: "hint", id: "similarity-hint", hidden: true }),
      h("div", { class: "settings-grid" }, list),
      noTimers,
    );
  }

  function themes(model, isHost) {
    const chosen = new Set(model.settings.themes);
    const franchises = new Set(model.settings.franchises);
    if (!isHost) {
      const names = model.catalog.filter((c) => chosen.has(c.id)).map((c) => categoryName(c.id));
      const subs = model.catalog.flatMap((c) => c.franchises).filter((f) => franchises.has(f.id)).map((f) => f.name);
      return [
        h("div", { class: "setting" }, h("span", { class: "setting-label", text: t("setting.themes") }),
          h("span", { class: "value", text: names.length ? names.join(", ") : t("setting.themes_all") })),
        subs.length ? h("div", { class: "setting" }, h("span", { class: "setting-label", text: t("setting.franchises") }),
          h("span", { class: "value", text: subs.join(", ") })) : null,
      ];
    }
    const toggle = (key, set, id, on) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      app.send("update_settings", { changes: { [key]: [...next] } });
    };
    return h("fieldset", {},
      h("legend", { text: t("setting.themes") }),
      h("p", { class: "hint", text: t("setting.themes_hint") }),
      model.catalog.map((category) => h("div", { class: "checks" },
        h("label", { class: "check" },
          h("input", { type: "checkbox", checked: chosen.has(category.id), dataset: { key: `theme-${category.id}` },
            onchange: (event) => toggle("themes", chosen, category.id, event.target.checked) }),
          categoryName(category.id)),
        chosen.has(category.id)
          ? h("div", { class: "checks" }, category.franchises.map((franchise) =>
              h("label", { class: "check sub" },
                h("input", { type: "checkbox", checked: franchises.has(franchise.id), dataset: { key: `franchise-${franchise.id}` },
                  onchange: (event) => toggle("franchises", franchises, franchise.id, event.target.checked) }),
                franchise.name,
                hiddenByFamilySafe(franchise, model.settings) ? h("span", { class: "hint", text: ` — ${t("pair.hidden_tag")}` }) : null)))
          : null,
      )),
    );
  }

  return {
    el,
    update(model) {
      if (builtFor !== (model.isHost ? "host" : "guest")) build(model.isHost);
      const s = model.settings;
      for (const [name, , extra] of FIELDS) {
        rows[name].hidden = Boolean(extra.when && extra.when !== s.mode) || Boolean(extra.needs && !s[extra.needs]);
        const input = controls[name];
        if (!input) {
          rows[name].querySelector(".value").textContent = display(name, s[name]);
        } else if (document.activeElement !== input) {
          if (input.type === "checkbox") input.checked = Boolean(s[name]);
          else input.value = String(s[name]);
        }
      }
      // Without either timer only the host's kick moves past a player who never acts.
      noTimers.hidden = s.clue_timer || s.vote_timer;
      // Themes pick the words: grade mode has none.
      themesBox.hidden = s.mode === "grade";
      keepFocus(themesBox, () => fill(themesBox, model.catalog.length ? themes(model, model.isHost) : null));
      const lines = lobbyWordLines(model);
      fill(warning, lines.map((line) => h("p", { text: line })));
      warning.hidden = !lines.length;
      const hint = el.querySelector("#similarity-hint");
      hint.textContent = similarityHint(s);
      hint.hidden = !hint.textContent;
    },
  };
}
