"""A raw, hostile WebSocket client for the adversarial tests: sends anything, records everything.

Unlike the bots (`undercover.tools.socket_bots`), `Conn` never tidies what it sends: frames go out
exactly as given (str, bytes or a JSON-able value), and every frame received is kept, in
order, so that a test can search all of them for secrets afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from undercover.wire.codec import read_view

Json = dict[str, Any]
WAIT = 20.0  # generous bound for any one expected frame; never a timed assertion
T = TypeVar("T")


def run(scenario: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` for a scenario: every socket it opened is closed before its loop ends (a
    socket left to the garbage collector warns later, in another test, and warnings fail)."""

    async def closing() -> T:
        try:
            return await scenario
        finally:
            for conn in Conn.opened:
                if not conn.closed:  # (those of earlier scenarios are)
                    await conn.close()

    return asyncio.run(closing())


class Conn:
    """One WebSocket to a room, with every frame it received."""

    opened: ClassVar[list[Conn]] = []  # every socket a test opened (conftest checks their frames)

    def __init__(self, ws: ClientConnection) -> None:
        Conn.opened.append(self)
        self.ws = ws
        self.raw: list[str] = []
        self.frames: list[Json] = []
        self._last_view: Json | None = None
        self.close_code: int | None = None
        self.close_reason: str | None = None
        self.token: str | None = None
        self.player_id: str | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, base_url: str, code: str, origin: str | None = None) -> Conn:
        url = base_url.replace("http://", "ws://") + f"/ws/{code}"
        headers = {"Origin": origin} if origin is not None else None
        ws = await connect(
            url, additional_headers=headers, open_timeout=10, max_size=2**22, compression=None
        )
        return cls(ws)

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                text = message if isinstance(message, str) else message.decode("utf-8", "replace")
                self.raw.append(text)
                frame = json.loads(text)
                if frame.get("type") == "view":  # the whole view, its recap put back together
                    frame = {**frame, "view": read_view(self._last_view, frame)}
                    self._last_view = frame["view"]
                self.frames.append(frame)
                if frame.get("type") == "welcome":
                    self.token = frame["token"]
                    self.player_id = frame["player_id"]
                self._changed.set()
        except ConnectionClosed:
            pass
        finally:
            rcvd = self.ws.protocol.close_rcvd
            self.close_code = rcvd.code if rcvd is not None else 1006
            self.close_reason = rcvd.reason if rcvd is not None else ""
            self._changed.set()

    @property
    def closed(self) -> bool:
        return self.close_code is not None

    async def send(self, frame: str | bytes | Json) -> None:
        data = frame if isinstance(frame, str | bytes) else json.dumps(frame)
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(data)

    async def wait_for(
        self, condition: Callable[[Json], bool], start: int = 0, timeout: float = WAIT
    ) -> Json:
        """The first frame at index >= `start` meeting `condition` (waits for it)."""
        seen = start

        async def scan() -> Json:
            nonlocal seen
            while True:
                while seen < len(self.frames):
                    frame = self.frames[seen]
                    seen += 1
                    if condition(frame):
                        return frame
                if self.closed:
                    raise ConnectionError(f"closed {self.close_code} before the frame came")
                self._changed.clear()
                if seen < len(self.frames):
                    continue
                await self._changed.wait()

        return await asyncio.wait_for(scan(), timeout)

    async def request(self, frame: str | bytes | Json, *, kind: str | None = None) -> Json:
        """Send a frame and return the next frame (of `kind` if given) that follows it."""
        start = len(self.frames)
        await self.send(frame)
        return await self.wait_for(lambda f: kind is None or f.get("type") == kind, start)

    async def hello(self, name: str | None = None, token: str | None = None) -> Json:
        """Say hello; the `welcome` (then waits for the first view) or the `error` frame."""
        start = len(self.frames)
        await self.send({"type": "hello", "protocol": 5, "token": token, "name": name})
        answer = await self.wait_for(lambda f: f.get("type") in {"welcome", "error"}, start)
        if answer["type"] == "welcome":
            await self.wait_for(lambda f: f.get("type") == "view", start)
        return answer

    @property
    def view(self) -> Json:
        for frame in reversed(self.frames):
            if frame.get("type") == "view":
                view: Json = frame["view"]
                return view
        raise AssertionError("no view received yet")

    @property
    def errors(self) -> list[Json]:
        return [f for f in self.frames if f.get("type") == "error"]

    async def until_view(self, condition: Callable[[Json], bool], timeout: float = WAIT) -> Json:
        last = max((i for i, f in enumerate(self.frames) if f.get("type") == "view"), default=0)
        frame = await self.wait_for(
            lambda f: f.get("type") == "view" and condition(f["view"]), last, timeout
        )
        view: Json = frame["view"]
        return view

    async def error_after(self, frame: str | bytes | Json) -> Json:
        """Send a frame that must be refused; the error frame."""
        return await self.request(frame, kind="error")

    async def until_closed(self, timeout: float = WAIT) -> int:
        """Wait for the server to close the socket; the close code."""
        await asyncio.wait_for(asyncio.shield(self._reader), timeout)
        assert self.close_code is not None
        return self.close_code

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._reader, 5)
