// Server time on this device: every view carries the server's `now`; the offset between
// it and the local clock corrects countdowns on phones whose clock is minutes off.

let offset = 0; // server seconds minus local seconds

export function syncClock(serverNow) {
  if (typeof serverNow === "number") offset = serverNow - Date.now() / 1000;
}

export function serverNow() {
  return Date.now() / 1000 + offset;
}

/** Seconds left until an absolute server deadline (never negative), or null. */
export function secondsLeft(deadline) {
  if (typeof deadline !== "number") return null;
  return Math.max(0, deadline - serverNow());
}
