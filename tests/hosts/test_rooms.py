"""Live rooms: stored rooms resume once each after a restart, on demand or in the background."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest

from tests.hosts.fake_runner import FakeEngine, FakeRunner
from undercover.hosts.clock import Clock
from undercover.hosts.local.rooms import MAX_QUEUED_FRAMES, Peer, Rooms, finish_in_thread
from undercover.hosts.routes import CLOSE_POLICY, SLOW_REASON


def _restarts(rooms: Rooms, code: str) -> int:
    room = rooms.live[code]
    assert isinstance(room.runner, FakeRunner)
    rows = room.db.execute("SELECT doc FROM fake WHERE id = 1")
    restarts: int = json.loads(str(rows[0]["doc"]))["restarts"]
    return restarts


def test_stored_rooms_resume_once_each_on_demand_or_in_the_background(tmp_path: Path) -> None:
    async def scenario() -> None:
        first = Rooms(tmp_path, FakeEngine(), Clock.real_time())
        codes = ["AAAAA", "BBBBB", "CCCCC"]
        for code in codes:
            await first.create(code)
        await first.shut_all()
        (tmp_path / "rooms" / "DDDDD.sqlite3").write_bytes(b"")  # a crash mid-creation

        second = Rooms(tmp_path, FakeEngine(), Clock.real_time())
        assert second.stored() == [*codes, "DDDDD"]
        assert not second.live
        asked, everything = await asyncio.gather(second.find("BBBBB"), second.resume_all())
        assert asked is second.live["BBBBB"]
        assert everything == 3
        assert sorted(second.live) == codes
        assert [_restarts(second, code) for code in codes] == [1, 1, 1]
        assert await second.find("DDDDD") is None
        assert await second.find("EEEEE") is None
        await second.shut_all()

    asyncio.run(scenario())


class StuckSocket:
    """A client that stops reading: sends wait until `release` is set."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.sent: list[str] = []
        self.closed_with: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        await self.release.wait()
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = (code, reason)


def test_a_client_that_stops_reading_is_closed_not_buffered_forever() -> None:
    async def scenario() -> StuckSocket:
        socket = StuckSocket()
        peer = Peer("c1", socket)
        writer = asyncio.create_task(peer.pump())
        for index in range(MAX_QUEUED_FRAMES * 2):
            peer.push(f"frame {index}")
            await asyncio.sleep(0)
        socket.release.set()
        await asyncio.wait_for(writer, timeout=10)
        return socket

    socket = asyncio.run(scenario())
    assert socket.closed_with == (CLOSE_POLICY, SLOW_REASON)
    assert len(socket.sent) <= MAX_QUEUED_FRAMES + 1
    assert socket.sent[0] == "frame 0"


def test_a_cancelled_caller_still_waits_for_its_database_call() -> None:
    """Server shutdown cancels handlers: the room's lock must outlive the thread's call."""
    started, finished = threading.Event(), threading.Event()

    def call() -> str:
        started.set()
        time.sleep(0.2)
        finished.set()
        return "done"

    async def scenario() -> None:
        task = asyncio.create_task(finish_in_thread(call))
        await asyncio.to_thread(started.wait, 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert finished.is_set()

    asyncio.run(scenario())
