// Keep the screen awake during a game where the Wake Lock API exists (it is released by
// the browser when the page is hidden, so it is taken again when the page comes back).
let wanted = false;
let lock = null;

async function acquire() {
  if (!wanted || lock || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => {
      lock = null;
    });
  } catch {
    lock = null; // refused (battery saver, no user gesture yet): the game works anyway
  }
}

export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else if (lock) {
    lock.release().catch(() => {});
    lock = null;
  }
}

document.addEventListener("visibilitychange", acquire);
