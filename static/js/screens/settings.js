// The lobby's settings: form controls for the host (each change is sent at once as an
// update_settings; the server validates the ranges), a read-only list for the others.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { similarityHint } from "./pair-notes.js";
import { SETTING_CHOICES as CHOICES, SETTING_RANGES as RANGES } from "../protocol.js";

// [setting, kind, extra]: kind "bool" | "number" | "choice"; `when` hides it in a mode.
const FIELDS = [
  ["mode", "choice", { options: CHOICES.mode }],
  ["word_language", "choice", { options: CHOICES.word_language }],
  ["similarity", "choice", { options: CHOICES.similarity, when: "classic" }],
  ["attribute_variant", "bool", { when: "classic" }],
  ["family_safe", "bool", { when: "classic" }],
  ["grade_gap", "number", { ...RANGES.grade_gap, when: "grade" }],
  ["mr_white", "bool", {}],
  ["clue_rounds_per_vote", "number", { ...RANGES.clue_rounds_per_vote }],
  ["clue_timer", "bool", {}],
  ["clue_seconds", "number", { ...RANGES.clue_seconds, needs: "clue_timer" }],
  ["vote_timer", "bool", {}],
  ["vote_seconds", "number", { ...RANGES.vote_seconds, needs: "vote_timer" }],
  ["reveal_on_elimination", "bool", {}],
  ["reveal_word", "bool", { needs: "reveal_on_elimination" }],
  ["locked", "bool", {}],
  ["streamer", "bool", {}],
];

function display(name, value) {
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (name === "mode" || name === "similarity" || name === "word_language") return t(`setting.${name}.${value}`);
  if (name.endsWith("_seconds")) return t("common.seconds", { s: value });
  return String(value);
}

export function settingsPanel(app) {
  const el = h("div", { class: "stack", id: "settings" });
  let builtFor = null; // "host" | "guest": rebuilt when the host changes
  const controls = {};
  const rows = {};
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
    noTimers = h("p", { class: "hint", id: "no-timers-note", text: t("lobby.no_timers"), hidden: true });
    const list = FIELDS.map(([name, kind, extra]) => {
      rows[name] = isHost
        ? control(name, kind, extra)
        : h("div", { class: "setting" }, h("span", { class: "setting-label", text: t(`setting.${name}`) }),
            h("span", { class: "value", dataset: { setting: name } }));
      return rows[name];
    });
    fill(el,
      isHost ? null : h("p", { class: "hint", text: t("lobby.settings_readonly") }),
      h("p", { class: "hint", id: "similarity-hint", hidden: true }),
      h("div", { class: "settings-grid" }, list),
      noTimers,
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
      const hint = el.querySelector("#similarity-hint");
      hint.textContent = similarityHint(s);
      hint.hidden = !hint.textContent;
    },
  };
}
