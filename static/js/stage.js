// The one screen on show (mounting a new one unmounts the previous one), and what screen
// readers are told about it: phase changes, "your turn", the last 10 s of a countdown.
let current = null;
let currentKind = null;

/** mount("lobby", (root) => screen): `screen` has update(model) and maybe unmount(). */
export function mount(kind, create) {
  if (current && current.unmount) current.unmount();
  current = null;
  currentKind = kind;
  document.body.dataset.screen = kind;
  current = create(document.getElementById("screen")) || null;
  return current;
}

export function mounted() {
  return { kind: currentKind, screen: current };
}

const timers = {};

export function announce(text, urgent = false) {
  const id = urgent ? "live-alert" : "live-polite";
  const region = document.getElementById(id);
  if (!region) return;
  // Clearing first makes the same sentence be read again when it repeats.
  region.textContent = "";
  clearTimeout(timers[id]);
  timers[id] = setTimeout(() => {
    region.textContent = text;
  }, 50);
}
