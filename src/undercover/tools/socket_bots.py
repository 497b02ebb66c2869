"""Bot players speaking the client protocol: for the end-to-end scenarios and the load tool.

A `Player` holds what a browser client holds (its seat token per room, the last view)
and nothing more; it talks through a `Transport`, so the same bots drive the self-host
over a real WebSocket and, in the Cloudflare harness, the Durable Object through its
doubles. `next_move` is a simple, legal policy: the move this player would make in
the current view, or None when it is not their turn to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from undercover.bots.legal import as_wire, simple_move
from undercover.wire.codec import read_view
from undercover.wire.protocol import PING, PING_INTERVAL_SECONDS, PROTOCOL_VERSION

DEFAULT_TIMEOUT: Final = 30.0

Json = dict[str, Any]


class SocketClosedError(Exception):
    """The server closed the connection (or it dropped: code 1006)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed {code} {reason}")
        self.code = code
        self.reason = reason


class Transport(Protocol):
    """One connection to a room: text frames in and out."""

    async def send(self, frame: str | bytes) -> None: ...
    async def recv(self) -> str:
        """The next text frame; raises `SocketClosedError` once closed."""
        ...

    async def close(self) -> None: ...


class WebSocketTransport:
    """A real WebSocket (the `websockets` client library)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    @classmethod
    async def open(cls, url: str, origin: str | None = None) -> WebSocketTransport:
        headers = {"Origin": origin} if origin is not None else None
        connection = await connect(
            url, additional_headers=headers, open_timeout=10, max_size=2**20, compression=None
        )
        return cls(connection)

    async def send(self, frame: str | bytes) -> None:
        try:
            await self.connection.send(frame)
        except ConnectionClosed as closed:
            raise _closed(closed) from None

    async def recv(self) -> str:
        try:
            frame = await self.connection.recv()
        except ConnectionClosed as closed:
            raise _closed(closed) from None
        return frame if isinstance(frame, str) else frame.decode("utf-8", "replace")

    async def close(self) -> None:
        await self.connection.close()


def _closed(error: ConnectionClosed) -> SocketClosedError:
    if error.rcvd is None:
        return SocketClosedError(1006, "connection lost")
    return SocketClosedError(error.rcvd.code, error.rcvd.reason)


def socket_url(base_url: str, code: str) -> str:
    """`http://127.0.0.1:8787` → `ws://127.0.0.1:8787/ws/CODE`."""
    scheme, rest = base_url.split("://", 1)
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest.rstrip('/')}/ws/{code}"


Opener = Callable[[], Awaitable[Transport]]


class Player:
    """A seat's client: connects, says hello, keeps the latest view, reconnects with its token."""

    def __init__(self, name: str, opener: Opener) -> None:
        self.name = name
        self.opener = opener
        self.token: str | None = None
        self.player_id: str | None = None
        self.view: Json | None = None
        self.seq = -1
        self.errors: list[Json] = []
        self.closed: SocketClosedError | None = None
        self.closed_reason: str | None = None  # from a `closed` frame
        self.views_received = 0
        self.welcomed = False
        self.on_view: Callable[[Player, Json, float], None] | None = None
        self._transport: Transport | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pinger: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    # --- connection -------------------------------------------------------------------

    async def connect(self) -> None:
        """Open a connection, without saying hello."""
        self.closed = None
        self.closed_reason = None
        self._transport = await self.opener()
        self._reader = asyncio.create_task(self._read(self._transport))
        # The heartbeat, as the web client sends it: a socket silent for long counts as gone.
        self._pinger = asyncio.create_task(self._ping(self._transport))

    async def join(self, timeout: float = DEFAULT_TIMEOUT) -> Json:
        """Connect and say hello (with the token if this player has one); the first view."""
        await self.connect()
        await self.hello()
        return await self.until(lambda p: p.view is not None and p.welcomed, timeout)

    async def hello(self) -> None:
        self.view = None
        self.welcomed = False
        await self.send(
            {"type": "hello", "protocol": PROTOCOL_VERSION, "token": self.token, "name": self.name}
        )

    async def drop(self) -> None:
        """Lose the connection as a phone does (the seat stays)."""
        if self._transport is not None:
            await self._transport.close()
        if self._pinger is not None:
            self._pinger.cancel()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=10)
        self._transport = None

    async def rejoin(self, timeout: float = DEFAULT_TIMEOUT) -> Json:
        await self.drop()
        return await self.join(timeout)

    async def send(self, message: Json | str | bytes) -> None:
        if self._transport is None:
            raise SocketClosedError(1006, "not connected")
        frame = json.dumps(message) if isinstance(message, dict) else message
        await self._transport.send(frame)

    async def _ping(self, transport: Transport) -> None:
        with contextlib.suppress(SocketClosedError, OSError):
            while True:
                await asyncio.sleep(PING_INTERVAL_SECONDS)
                await transport.send(PING)

    async def _read(self, transport: Transport) -> None:
        try:
            while True:
                self._receive(json.loads(await transport.recv()))
        except SocketClosedError as closed:
            self.closed = closed
        except (ValueError, OSError) as error:
            self.closed = SocketClosedError(1006, str(error))
        finally:
            self._changed.set()

    def _receive(self, message: Json) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.token = message["token"]
            self.player_id = message["player_id"]
            self.welcomed = True
        elif kind == "view":
            self.views_received += 1
            # Every frame builds on the one before (protocol 3): read each, in order.
            self.view = read_view(self.view, message)
            if message["seq"] >= self.seq:
                self.seq = message["seq"]
                if self.on_view is not None:  # with the whole view, as the player now holds it
                    self.on_view(self, {**message, "view": self.view}, time.perf_counter())
        elif kind == "error":
            self.errors.append(message)
        elif kind == "closed":
            self.closed_reason = message["reason"]
        self._changed.set()

    # --- waiting ----------------------------------------------------------------------

    async def until(
        self, condition: Callable[[Player], bool], timeout: float = DEFAULT_TIMEOUT
    ) -> Json:
        """Wait until `condition(self)` holds; the current view. Times out with the last view."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not condition(self):
            if self.closed is not None and not condition(self):
                raise SocketClosedError(self.closed.code, self.closed.reason)
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: still waiting; last view {self.view!r:.300}")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except TimeoutError:
                continue
        return self.view or {}

    async def until_closed(self, timeout: float = DEFAULT_TIMEOUT) -> SocketClosedError:
        deadline = asyncio.get_running_loop().time() + timeout
        while self.closed is None:
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: the server did not close the connection")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return self.closed

    async def next_error(self, timeout: float = DEFAULT_TIMEOUT) -> Json:
        """The next error frame after now."""
        seen = len(self.errors)
        await self.until(lambda p: len(p.errors) > seen, timeout)
        return self.errors[seen]

    async def until_phase(self, *phases: str, timeout: float = DEFAULT_TIMEOUT) -> Json:
        return await self.until(lambda p: phase_of(p.view) in phases, timeout)

    # --- playing ----------------------------------------------------------------------

    def me(self) -> Json:
        return (self.view or {}).get("me") or {}

    def next_move(self) -> Json | None:
        """The move this player would make now (a legal one), or None."""
        return next_move(self.view, self.player_id)


def phase_of(view: Json | None) -> str | None:
    return None if view is None else view.get("phase")


def next_move(view: Json | None, me: str | None) -> Json | None:
    """The seat's simple legal move now (`bots.legal`: confirm, speak, propose, vote against
    the first other candidate in speaking order, guess), as the JSON a client sends; the
    host does not start or restart games here (scenarios decide that)."""
    move = simple_move(view, me)
    return None if move is None else as_wire(move)
