// Server time on this device: every view carries the server's `now`. The latest one corrects
// countdowns on phones whose clock is minutes off. The rate between the two clocks is
// measured too: it is 1 in play, but the self-host's test-only time acceleration makes the
// room's clock run N times faster, and countdowns should still reach zero on time.

let last = null; // {server, local} of the latest view, in seconds
let first = null; // the first sample, to measure the rate over a long stretch
let rate = 1;

const local = () => performance.now() / 1000;

export function syncClock(serverNow) {
  if (typeof serverNow !== "number") return;
  const sample = { server: serverNow, local: local() };
  if (!first || sample.server < first.server) first = sample;
  const span = sample.local - first.local;
  if (span > 2) {
    const measured = (sample.server - first.server) / span;
    rate = Math.abs(measured - 1) < 0.1 ? 1 : Math.max(0.1, measured);
  }
  last = sample;
}

export function serverNow() {
  if (!last) return Date.now() / 1000;
  return last.server + (local() - last.local) * rate;
}

/** Real seconds left until an absolute server deadline (never negative), or null. */
export function secondsLeft(deadline) {
  if (typeof deadline !== "number") return null;
  return Math.max(0, (deadline - serverNow()) / rate);
}

/** Real seconds for a duration of the room's clock (they differ only under --time-scale). */
export function realSeconds(roomSeconds) {
  return roomSeconds / rate;
}
