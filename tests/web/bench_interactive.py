"""Time to interactive of the home page and of a room opened from its link, in Chromium with
the CPU throttled 4× (devtools protocol), on loopback against `undercover serve`.

    uv run python -m tests.web.bench_interactive [--runs 5] [--with-omnibox]

"Interactive" is the moment the screen's controls are drawn and wired: the home screen's
"Créer un salon", or the lobby drawn from the room's first view (its socket open, the hello
answered); "drawn" is the end of the next frame (the screen on the glass), 50-110 ms later
under 4x. Each run is a fresh browser context (cold cache; the seat kept for the room), without
the address bar's renderer a fresh headless context would start beside it (NO_OMNIBOX). It
prints, per run, that moment, how long the page's main thread was busy until then (devtools'
TaskDuration: less moved by other processes than the wall clock) and the long tasks (> 50 ms)
before it, and the machine's load average, since on a shared machine the wall-clock figures
move with it (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from tests.e2e.harness import LocalServer
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, NO_OMNIBOX

THROTTLE = 4
READY_TIMEOUT_S = 30
POLL_S = 0.05
PHONE = {"width": 390, "height": 844}
# Recorded in the page from its first instant: when the wanted screen is mounted, when the
# frame after it ends (a task queued from that frame's animation callback), and every long
# task (the main thread busy > 50 ms) until the mount.
PROBE = """
window.__bench = { ready: null, drawn: null, long: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__bench.long.push([Math.round(e.startTime), Math.round(e.duration)]);
  }
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  const screen = document.body && document.body.dataset.screen;
  if (window.__bench.ready === null && (screen === "home" || screen === "lobby")) {
    window.__bench.ready = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__bench.drawn = performance.now(); }));
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-screen"] });
"""


def _room_seat(browser: Browser, base_url: str) -> tuple[str, Any]:
    """A room created once, unthrottled: its link and the storage holding its host's seat."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(base_url + "/")
    page.fill("#nickname", "Banc")
    page.click("#create-room")
    page.wait_for_selector("body[data-screen='lobby']")
    url, state = page.url, context.storage_state()
    context.close()
    return url, state


def _wait_ready(cdp: Any) -> None:
    """Until the probe saw the screen drawn, asking through the devtools protocol: a tiny evaluation
    per poll, where Playwright's waits would first inject their selector engine into the page,
    70-270 ms of its main thread under 4x, inside the load being measured."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    probe = {"expression": "window.__bench.drawn !== null", "returnByValue": True}
    while not cdp.send("Runtime.evaluate", probe)["result"]["value"]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"not interactive within {READY_TIMEOUT_S} s")
        time.sleep(POLL_S)


def _one_run(
    browser: Browser, url: str, state: Any, selector: str
) -> tuple[float, float, float, list[Any]]:
    """(ms to interactive, to drawn, ms the main thread was busy until then, the long tasks
    before interactive)."""
    context = browser.new_context(viewport=PHONE, storage_state=state)
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    cdp.send("Performance.enable")
    page.goto(url)
    _wait_ready(cdp)
    page.wait_for_selector(selector)  # only now: Playwright's selector engine runs in the page
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    ready, drawn, long = page.evaluate(
        "[window.__bench.ready, window.__bench.drawn, window.__bench.long]"
    )
    context.close()
    busy = 1000 * float(metrics["TaskDuration"])
    return float(ready), float(drawn), busy, [task for task in long if task[0] < ready]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--with-omnibox",
        action="store_true",
        help="let each context start its address bar's renderer (the figures before 2026-12-02)",
    )
    options = parser.parse_args()
    runs = options.runs
    args = CHROMIUM_ARGS + ([] if options.with_omnibox else NO_OMNIBOX)
    server = LocalServer(Path(tempfile.mkdtemp(prefix="bench-interactive-")), time_scale=1.0)
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
            room_url, seat = _room_seat(browser, server.base_url)
            pages = {
                "home": (server.base_url + "/", None, "body[data-screen='home'] #create-room"),
                "room": (room_url, seat, "body[data-screen='lobby'] #players [data-player]"),
            }
            print(f"address bar's renderer: {'on' if options.with_omnibox else 'off'}")
            print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            for name, (url, state, selector) in pages.items():
                times, draws, busy = [], [], []
                for run in range(runs):
                    ready, drawn, work, long = _one_run(browser, url, state, selector)
                    times.append(ready)
                    draws.append(drawn)
                    busy.append(work)
                    print(
                        f"{name} run {run + 1}: interactive at {ready:.0f} ms, drawn at"
                        f" {drawn:.0f} ms, main thread busy {work:.0f} ms; long tasks (start, ms)"
                        f" {long}"
                    )
                print(
                    f"{name}: interactive median {statistics.median(times):.0f} ms"
                    f" (max {max(times):.0f}); drawn median {statistics.median(draws):.0f} ms"
                    f" (max {max(draws):.0f}); busy median {statistics.median(busy):.0f} ms"
                )
            print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
