// The end of the road for this page: kicked, replaced by another tab, room not found or
// deleted, protocol out of date, or a fatal error. No automatic reconnection from here.
import { h, fill } from "../dom.js";
import { t, errorText } from "../i18n.js";

const ICONS = { kicked: "⛔", replaced: "📱", room_not_found: "❓", room_deleted: "🧹", outdated: "⟳", fatal: "⚠" };

export function finalScreen(root, app, options) {
  const reason = options.reason in ICONS ? options.reason : "fatal";
  const detail = reason === "fatal" && options.error ? errorText(options.error.code, options.error.message) : t(`final.${reason}_text`);
  const actions = [];
  if (reason === "outdated" || reason === "replaced" || reason === "fatal") {
    actions.push(h("button", { type: "button", class: "btn primary", text: t("banner.reload"), onclick: () => location.reload() }));
  }
  actions.push(h("button", { type: "button", class: "btn", text: t("final.home"), onclick: () => app.showHome() }));
  fill(
    root,
    h("div", { class: "stack final", dataset: { final: reason } },
      h("div", { class: "hero" },
        h("div", { class: "logo", "aria-hidden": "true", text: ICONS[reason] }),
        h("h1", { text: t(`final.${reason}`) }),
        h("p", { text: detail }),
      ),
      actions,
    ),
  );
  return { update() {}, options };
}
