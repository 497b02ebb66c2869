"""The client's heartbeat (static/js/net.js): a ping every 25 s, and a socket that stays silent
for 10 s after one is dropped and replaced, as a phone's dead socket must be (it never closes).

The page's clock is Playwright's (time moves only when told) and its socket is routed through
the test, which forwards every frame to the real server, or swallows the pings once "silent".
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.table import Table
from undercover.hosts.heartbeat import INTERVAL_SECONDS, PING, PONG, TIMEOUT_SECONDS

pytestmark = pytest.mark.browser

INTERVAL_MS = int(INTERVAL_SECONDS * 1000)
TIMEOUT_MS = int(TIMEOUT_SECONDS * 1000)


def _eventually(page: Any, condition: Callable[[], bool], what: str, seconds: float = 10) -> None:
    """Wait in real time, letting Playwright deliver the routed frames meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(50)


def test_a_silent_socket_is_dropped_and_the_page_reconnects(table: Table) -> None:
    host = table.create("Léa")
    page = host.page
    seen: dict[str, Any] = {"sockets": 0, "pings": 0, "pongs": 0, "views": 0, "silent": False}

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        seen["sockets"] += 1

        def from_page(message: str | bytes) -> None:
            if message == PING:
                seen["pings"] += 1
                if seen["silent"]:
                    return  # lost on the way: no answer will ever come
            server.send(message)

        def from_server(message: str | bytes) -> None:
            seen["pongs"] += message == PONG
            seen["views"] += '"type": "view"' in str(message) or '"type":"view"' in str(message)
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    page.clock.install()
    page.route_web_socket(re.compile(r"/ws/"), route)
    page.reload()
    host.wait_screen("lobby")
    _eventually(page, lambda: seen["sockets"] == 1, "the page opened its socket through the route")

    page.clock.run_for(INTERVAL_MS)
    _eventually(page, lambda: seen["pongs"] == 1, "the first ping was answered by the server")
    assert seen["pings"] == 1

    seen["silent"] = True
    page.clock.run_for(INTERVAL_MS)
    _eventually(page, lambda: seen["pings"] == 2, "the second ping was sent")
    page.clock.run_for(TIMEOUT_MS - 1000)
    assert seen["sockets"] == 1  # still within the answer's time

    seen["silent"] = False
    views = seen["views"]  # frames are delivered during run_for too
    page.clock.run_for(2000)  # past it: dropped, and a new socket at once
    _eventually(page, lambda: seen["sockets"] == 2, "the page reconnected after the silence")
    _eventually(page, lambda: seen["views"] > views, "the new socket got its view (greeted)")
    host.wait_screen("lobby")
    page.clock.run_for(INTERVAL_MS)
    _eventually(page, lambda: seen["pongs"] == 2, "the new socket's heartbeat is answered")
    table.check_no_errors()
