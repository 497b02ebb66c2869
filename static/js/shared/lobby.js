// The lobby's "Ajouter un joueur sur cet appareil": more seats on this phone, passed around the
// table (device.js). Anyone may add seats; each is an ordinary player with its own token.
import { h, fill } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { device } from "./device.js";

/** Fill the lobby's <details> (its summary kept) with this device's seats and the form. */
export function devicePanel(el) {
  const list = h("ul", { class: "players", id: "device-seats" });
  const input = h("input", { id: "device-name", type: "text", maxLength: 20, autocomplete: "off", enterkeyhint: "done" });
  const error = h("p", { class: "error-text", id: "device-error", role: "alert", hidden: true });
  const form = h("form", { class: "row", id: "device-form", onsubmit: (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    error.hidden = true;
    device.add(name, (refusal) => {
      error.textContent = refusal ? errorText(refusal.code, refusal.message) : "";
      error.hidden = !refusal;
      if (!refusal) input.value = "";
      draw();
    });
  } },
  input, h("button", { type: "submit", class: "btn small", id: "device-add", text: t("device.add_button") }));
  el.replaceChildren(el.querySelector("summary"),
    h("p", { class: "hint", text: t("device.hint") }),
    h("label", { for: "device-name", text: t("device.name") }), form, error, list);

  function draw() {
    fill(list, device.extras.filter((s) => s.playerId).map((seat) =>
      h("li", { class: "player", dataset: { player: seat.playerId } },
        h("span", { class: "name", text: `📱 ${seat.name}` }),
        h("button", { type: "button", class: "btn small danger", text: t("device.remove"),
          "aria-label": t("device.remove_label", { name: seat.name }), onclick: () => device.remove(seat) }))));
    if (device.shared) el.open = true;
  }
  device.onChange = () => el.isConnected && draw();
  draw();
}
