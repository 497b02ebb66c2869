// Screen-reader announcements: phase changes, "your turn", the last 10 s of a countdown.
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
