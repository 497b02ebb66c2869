// The faces a player may pick (the server's seats.AVATARS and COLORS; a test keeps them equal)
// and their picker: at home before joining, and in the lobby to change one's face, where the
// ones other players hold are shown taken (faces stay unique in a room).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const AVATARS = [
  "🦊", "🐼", "🐸", "🦁", "🐙", "🦉", "🐧", "🐯", "🐨", "🦄", "🐵", "🐰",
  "🐻", "🐝", "🐢", "🦖", "🐳", "🦜", "🐞", "🦩", "🐲", "👽", "🦔", "🐮",
];
export const COLORS = [
  "#b3261e", "#a3460a", "#7a5c00", "#2e6b1f", "#0b6e5f", "#0a5f8a",
  "#3451b2", "#5b3cc4", "#8a2f9e", "#a3245e", "#5d5d6e", "#6b4a2e",
];

/** The avatar buttons and colour swatches for `look` ({avatar, color}); those in `taken`
 *  ({avatars, colors}: sets) are disabled; a tap calls pick({avatar} or {color}). */
export function faceRows(look, pick, taken = { avatars: new Set(), colors: new Set() }) {
  const faces = h("div", { class: "face-row", role: "group", "aria-label": t("home.face") },
    AVATARS.map((face) => h("button", {
      type: "button", class: "face", "aria-pressed": String(face === look.avatar), dataset: { avatar: face, key: `face-${face}` },
      disabled: taken.avatars.has(face) && face !== look.avatar,
      "aria-label": t(taken.avatars.has(face) ? "home.avatar_taken" : "home.avatar_n", { face }), text: face,
      onclick: () => { if (face !== look.avatar) pick({ avatar: face }); },
    })));
  const colors = h("div", { class: "color-row", role: "group", "aria-label": t("home.color") },
    COLORS.map((color, i) => h("button", {
      type: "button", class: "swatch", "aria-pressed": String(color === look.color), dataset: { color, key: `color-${color}` },
      disabled: taken.colors.has(color) && color !== look.color,
      style: { "--c": color }, "aria-label": t(taken.colors.has(color) ? "home.color_taken" : "home.color_n", { n: i + 1 }),
      onclick: () => { if (color !== look.color) pick({ color }); },
    })));
  return [faces, colors];
}
