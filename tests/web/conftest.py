"""Fixtures for the web client's browser tests: Debian's Chromium driven by Playwright,
`undercover serve` on a free loopback port, one browser context per player at 390×844.

Under CI=true a missing Chromium fails the run; locally those tests skip with the command
that installs it. Screenshots go to test-results/web/ on every run (git-ignored).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.harness import LocalServer
from tests.web.table import RESULTS, Table

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Each fresh context of a headless Chromium (156) starts a renderer of its own for the address
# bar's popup (chrome://omnibox-popup.top-chrome), which loads ~400 modules: 0.9-1.4 s of CPU
# beside the page's own in traces, on a 2-core machine. A phone, or a browser already open,
# does not do that per page load, so the bench turns it off. One --disable-features replaces
# another, so Playwright's own list (1.65) is repeated with it. `bench_interactive
# --with-omnibox` measures with it (docs/benchmarks.md, fifth round). The browser tests keep
# the default: with it off they ran ~90 s faster, but one of three runs hung in test_bots.py
# for an unexplained reason, and never one before.
PLAYWRIGHT_DISABLED = (
    "AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,"
    "OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch"
)
NO_OMNIBOX = [f"--disable-features={PLAYWRIGHT_DISABLED},WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
INSTALL = "apt-get install -y chromium fonts-dejavu-core fonts-noto-color-emoji"


def _require_chromium() -> None:
    if Path(CHROMIUM).exists() or shutil.which("chromium"):
        return
    message = f"Debian's Chromium is missing at {CHROMIUM}; install it with: {INSTALL}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


# Package scope, not session: Playwright's sync API keeps an event loop running until it
# stops, and any `asyncio.run` test collected after tests/web would fail inside it.
@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    _require_chromium()
    from playwright.sync_api import sync_playwright

    RESULTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="package")
def server_factory(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[float], LocalServer]]:
    """`server_factory(time_scale)`: one running server per time scale, for tests/web."""
    servers: dict[float, LocalServer] = {}

    def get(time_scale: float) -> LocalServer:
        if time_scale not in servers:
            data_dir = tmp_path_factory.mktemp(f"web-data-{time_scale:g}")
            server = LocalServer(data_dir, time_scale=time_scale)
            server.start()
            servers[time_scale] = server
        return servers[time_scale]

    yield get
    for server in servers.values():
        server.stop()


@pytest.fixture
def server(server_factory: Callable[[float], LocalServer]) -> LocalServer:
    """A server at real speed, for games whose timers are switched off or not reached."""
    return server_factory(1.0)


@pytest.fixture
def table(browser: object, server: LocalServer) -> Iterator[Table]:
    made = Table(browser, server.base_url)
    yield made
    made.close()


@pytest.fixture
def fast_table(browser: object, server_factory: Callable[[float], LocalServer]) -> Iterator[Table]:
    """A table on a server whose clocks run 20 times faster (timers expire in seconds)."""
    made = Table(browser, server_factory(20.0).base_url)
    yield made
    made.close()
