"""The two hosts the contract suite runs against, behind one small interface.

`SelfHost` is `undercover serve` as a subprocess (tests/e2e/harness.py); `WorkerHost` is the
Worker and its Durable Objects in Pyodide (tests/cloudflare/harness.py). Both run their
clocks at ×20 and come from 127.0.0.1: the self-host lifts its per-address limits for
loopback, and the Worker's limit windows are reset before each room's creation or look-up
(the limits themselves are tested in tests/hosts, tests/adversarial and tests/cloudflare).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any, Protocol

from tests.cloudflare.harness import Harness
from tests.e2e.harness import LocalServer
from undercover.tools.socket_bots import Player, WebSocketTransport

TIME_SCALE = 20.0  # both hosts: a 60 s vote plays in 3 s


class Server(Protocol):
    """What a contract test may ask of a host: the scenarios' `GameServer`, and more."""

    name: str
    base_url: str  # http://127.0.0.1:port; its sockets are ws://…/ws/{code}

    async def create_room(self) -> str: ...
    async def lookup(self, code: str) -> tuple[int, dict[str, Any]]: ...
    def player(self, code: str, name: str) -> Player: ...
    def server_errors(self) -> list[str]:
        """What the host logged as its own errors since it started (none, in a sound run)."""
        ...

    def log_text(self) -> str:
        """Everything the host logged since it started."""
        ...

    async def restart(self) -> None:
        """The host dies and comes back on the same storage; every socket is dropped."""
        ...

    def stored_room(self, code: str) -> dict[str, Any]:
        """The room's stored document (secrets included: the tests search frames for them)."""
        ...


class SelfHost:
    name = "self_host"

    def __init__(self, local: LocalServer) -> None:
        self.local = local
        self.base_url = local.base_url

    async def create_room(self) -> str:
        return await self.local.create_room()

    async def lookup(self, code: str) -> tuple[int, dict[str, Any]]:
        return await self.local.lookup(code)

    def player(self, code: str, name: str) -> Player:
        return self.local.player(code, name)

    def server_errors(self) -> list[str]:
        return [line for line in self.local.log_text().splitlines() if '"level": "error"' in line]

    def log_text(self) -> str:
        return self.local.log_text()

    async def restart(self) -> None:
        await self.local.restart()  # SIGKILL, then the same data dir again

    def stored_room(self, code: str) -> dict[str, Any]:
        with sqlite3.connect(self.local.data_dir / "rooms" / f"{code}.sqlite3") as db:
            (doc,) = db.execute("SELECT doc FROM room").fetchone()
        room: dict[str, Any] = json.loads(doc)
        return room


class WorkerHost:
    name = "worker"

    def __init__(self, harness: Harness) -> None:
        self.harness = harness
        self.base_url = harness.base_url

    async def create_room(self) -> str:
        await asyncio.to_thread(self.harness.reset_limits)
        return await asyncio.to_thread(self.harness.create_room)

    async def lookup(self, code: str) -> tuple[int, dict[str, Any]]:
        await asyncio.to_thread(self.harness.reset_limits)
        response = await asyncio.to_thread(self.harness.http.get, f"/api/rooms/{code}")
        return response.status_code, response.json()

    def player(self, code: str, name: str) -> Player:
        url = self.harness.ws_url(code)

        async def opener() -> WebSocketTransport:
            # A socket to a room this address never reached spends a look-up at its hello.
            await asyncio.to_thread(self.harness.reset_limits)
            return await WebSocketTransport.open(url)

        return Player(name, opener)

    def server_errors(self) -> list[str]:
        return [str(error) for error in self.harness.logs()["errors"]]

    def log_text(self) -> str:
        return json.dumps(self.harness.logs(), ensure_ascii=False)

    async def restart(self) -> None:
        await asyncio.to_thread(self.harness.redeploy)

    def stored_room(self, code: str) -> dict[str, Any]:
        doc = self.harness.stored(code)
        assert doc is not None, f"no room {code} in the harness"
        room: dict[str, Any] = json.loads(doc)
        return room
