"""The self-host's live rooms: one runner, one lock, one alarm and the sockets per room.

Lifecycle: every room is a SQLite file `<data-dir>/rooms/<CODE>.sqlite3`. At start-up
each file is opened, its runner told `on_restart` (deadlines extended so players can
reconnect) and its one alarm armed from what it answers. Every input of a room then
goes through `LiveRoom`, one at a time under the room's lock: runner (load → apply →
save, committed) → frames queued per connection → alarm re-armed. Frames leave only
after the runner has returned, so a player never sees an input acknowledged that a
SIGKILL could lose. A slow socket has its own queue and cannot hold the room up.
"""

from __future__ import annotations

import asyncio
import collections
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final, Protocol, TypeVar

from undercover.hosts.admission import unbind_silent
from undercover.hosts.clock import Clock
from undercover.hosts.logs import log_event
from undercover.hosts.routes import CLOSE_POLICY, SLOW_REASON
from undercover.hosts.runner import ConnectionId, Connections, Outbox, RoomRunner
from undercover.hosts.store import Database, SqliteDatabase

# Frames a connection may have waiting before it counts as not reading.
MAX_QUEUED_FRAMES: Final = 256
# An alarm fires this much after its deadline so that float rounding never wakes a
# room a hair early (an early alarm is harmless, just wasted).
ALARM_SLACK_SECONDS: Final = 0.002
ROOM_FILE_SUFFIX: Final = ".sqlite3"


class Engine(Protocol):
    """How to open and create runners over a database."""

    def open(self, db: Database, code: str) -> RoomRunner: ...
    def create(self, db: Database, code: str, now: float, seed: int) -> RoomRunner: ...


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def new_seat_token() -> str:
    """A seat token: 256 bits from the system CSPRNG, URL-safe."""
    return secrets.token_urlsafe(32)


class Peer:
    """One WebSocket of a room: its player once bound, and its own send queue."""

    def __init__(self, conn: ConnectionId, socket: Socket) -> None:
        self.conn = conn
        self.socket = socket
        self.player_id: str | None = None
        self.silent = False  # not heard for the presence bound (admission.presence)
        self._queue: collections.deque[str] = collections.deque()
        self._close: tuple[int, str] | None = None
        self._wake = asyncio.Event()
        self.closed = False

    def push(self, frame: str) -> None:
        if self._close is not None:
            return
        if len(self._queue) >= MAX_QUEUED_FRAMES:
            self.push_close(CLOSE_POLICY, SLOW_REASON)
            return
        self._queue.append(frame)
        self._wake.set()

    def push_close(self, code: int, reason: str) -> None:
        """Close after the frames already queued (e.g. `closed` then close 4403)."""
        if self._close is None:
            self._close = (code, reason)
            self._wake.set()

    async def pump(self) -> None:
        """Send queued frames in order until closed; runs as the connection's writer task."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    await self.socket.send_text(self._queue.popleft())
                if self._close is not None:
                    code, reason = self._close
                    await self.socket.close(code, reason)
                    return
        except Exception:  # the socket went away under us: the reader sees the disconnect
            return
        finally:
            self.closed = True


Step = Callable[[Connections, float], Outbox]
T = TypeVar("T")


async def finish_in_thread(call: Callable[[], T]) -> T:
    """`call()` in a worker thread, and never abandoned: if the caller is cancelled (server
    shutdown), it still waits for the call to finish before passing the cancellation on,
    so that the room's lock is held as long as its database is in use."""
    future = asyncio.ensure_future(asyncio.to_thread(call))
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(future)
            break
        except asyncio.CancelledError:
            if future.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result


def _attempt(code: str, what: str, call: Callable[[], Outbox]) -> Outbox | None:
    try:
        return call()
    except Exception as error:  # our bug: log it, keep the room and the server up
        log_event("room.error", room=code, level=40, input=what, exc=error)
        return None


class LiveRoom:
    """One room in memory: runner calls one at a time, frames out, one alarm."""

    def __init__(
        self,
        code: str,
        db: SqliteDatabase,
        runner: RoomRunner,
        clock: Clock,
        on_deleted: Callable[[LiveRoom], None],
        offload: bool = True,
    ) -> None:
        self.code = code
        self.offload = offload
        self.db = db
        self.runner = runner
        self.clock = clock
        self.peers: dict[ConnectionId, Peer] = {}
        self.lock = asyncio.Lock()
        self.alarm_at: float | None = None
        self.deleted = False
        self._timer: asyncio.TimerHandle | None = None
        self._alarm_task: asyncio.Task[None] | None = None
        self._on_deleted = on_deleted

    def connections(self) -> Connections:
        """The sockets as the rules see them: a silent one is bound to no seat."""
        seats = {conn: peer.player_id for conn, peer in self.peers.items()}
        return unbind_silent(seats, {conn for conn, peer in self.peers.items() if peer.silent})

    def attach(self, peer: Peer) -> None:
        self.peers[peer.conn] = peer

    async def frame(self, peer: Peer, text: str | bytes) -> None:
        async with self.lock:
            if self.deleted or peer.conn not in self.peers:
                return
            token = new_seat_token()
            await self._step(
                "frame",
                lambda live, now: self.runner.on_frame(peer.conn, live, text, now, token),
                origin=peer,
            )

    async def detach(self, peer: Peer) -> None:
        """The socket is gone; the runner hears of it unless it closed the socket itself."""
        async with self.lock:
            if self.peers.pop(peer.conn, None) is None or self.deleted:
                return
            await self._step("close", lambda live, now: self.runner.on_close(peer.conn, live, now))

    async def heard(self, peer: Peer, silent: bool) -> None:
        """`peer` fell silent, or was heard again (sockets.py times its frames)."""
        async with self.lock:
            if self.deleted or peer.conn not in self.peers or peer.silent == silent:
                return
            peer.silent = silent
            await self._step("presence", self.runner.on_alarm)

    async def fire_alarm(self) -> None:
        async with self.lock:
            if not self.deleted:
                await self._step("alarm", self.runner.on_alarm)

    async def summary(self) -> Mapping[str, object]:
        """The runner's summary, read under the lock like every other use of the database
        (one SQLite connection must never be used from two threads at once)."""
        async with self.lock:
            now = self.clock.now()
            if self.offload:
                return await finish_in_thread(lambda: self.runner.summary(now))
            return self.runner.summary(now)

    async def greets_a_seat(self, text: str | bytes) -> bool:
        """Whether a first frame resumes a seat of this room (read under the lock)."""
        async with self.lock:
            if self.offload:
                return await finish_in_thread(lambda: self.runner.greets_a_seat(text))
            return self.runner.greets_a_seat(text)

    def arm(self) -> None:
        """Arm the alarm for what storage holds (an early alarm changes nothing)."""
        self._finish("arm", lambda: self.runner.on_alarm({}, self.clock.now()), None)

    def resume(self, outbox: Outbox) -> None:
        """Carry out the runner's answer to `on_restart` (no socket yet: it arms the alarm)."""
        self._deliver(outbox, None)

    async def _step(self, what: str, step: Step, origin: Peer | None = None) -> None:
        """One runner call with the current sockets, then its outbox carried out.

        With `offload`, the call (SQLite included: a WAL checkpoint may wait on the disk)
        runs in a worker thread, so one room's disk wait never stalls the other rooms;
        the room's lock keeps its calls one at a time either way.
        """
        live = self.connections()
        now = self.clock.now()
        if self.offload:

            def call() -> Outbox | None:
                return _attempt(self.code, what, lambda: step(live, now))

            outbox = await finish_in_thread(call)
            if outbox is not None:
                self._deliver(outbox, origin)
        else:
            self._finish(what, lambda: step(live, now), origin)

    def _finish(self, what: str, call: Callable[[], Outbox], origin: Peer | None) -> None:
        outbox = _attempt(self.code, what, call)
        if outbox is not None:
            self._deliver(outbox, origin)

    def _deliver(self, outbox: Outbox, origin: Peer | None) -> None:
        if outbox.bound is not None and origin is not None:
            origin.player_id = outbox.bound
        for conn, frame in outbox.frames:
            peer = self.peers.get(conn)
            if peer is not None:
                peer.push(frame)
        for conn, code, reason in outbox.closes:
            peer = self.peers.pop(conn, None)
            if peer is not None:
                peer.push_close(code, reason)
        if outbox.delete_room:
            self._delete()
        else:
            self._arm(outbox.alarm_at)

    def _arm(self, at: float | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.alarm_at = at
        if at is not None:
            delay = self.clock.real_delay(at) + ALARM_SLACK_SECONDS
            self._timer = asyncio.get_running_loop().call_later(delay, self._ring)

    def _ring(self) -> None:
        self._timer = None
        self._alarm_task = asyncio.get_running_loop().create_task(self.fire_alarm())

    def _delete(self) -> None:
        self._arm(None)
        self.deleted = True
        for peer in self.peers.values():
            peer.push_close(1000, "room deleted")
        self.peers.clear()
        self._on_deleted(self)

    def shut(self) -> None:
        """Stop the alarm and close the database (server shutdown or room deleted); the room
        takes no input after this (a socket closing late finds it `deleted`)."""
        self.deleted = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.db.close()


class Rooms:
    """Every room of the data dir, by code."""

    def __init__(self, data_dir: Path, engine: Engine, clock: Clock, offload: bool = True) -> None:
        self.offload = offload
        self.directory = data_dir / "rooms"
        self.directory.mkdir(parents=True, exist_ok=True)
        self.engine = engine
        self.clock = clock
        self.live: dict[str, LiveRoom] = {}
        self._resuming: dict[str, asyncio.Future[None]] = {}
        self._gone: set[str] = set()  # files that hold no room (a crash mid-creation)
        self._creating: set[str] = set()

    def path(self, code: str) -> Path:
        return self.directory / f"{code}{ROOM_FILE_SUFFIX}"

    def is_taken(self, code: str) -> bool:
        return code in self.live or code in self._creating or self.path(code).exists()

    async def create(self, code: str) -> LiveRoom:
        """Create the room's file and its room (in a worker thread: the first write of a new
        SQLite file waits on the disk), then arm its alarm, so that a room nobody ever
        opens is cleaned up like an abandoned one."""
        self._creating.add(code)
        try:
            db, runner = await asyncio.to_thread(self._create_stored, code, self.clock.now())
        finally:
            self._creating.discard(code)
        room = LiveRoom(code, db, runner, self.clock, self._forget, self.offload)
        self.live[code] = room
        room.arm()
        log_event("room.created", room=code)
        return room

    def _create_stored(self, code: str, now: float) -> tuple[SqliteDatabase, RoomRunner]:
        db = SqliteDatabase(self.path(code))
        try:
            return db, self.engine.create(db, code, now, secrets.randbits(63))
        except BaseException:
            db.close()
            self._unlink(code)
            raise

    def stored(self) -> list[str]:
        """The codes of every room file in the data dir."""
        return sorted(
            p.name.removesuffix(ROOM_FILE_SUFFIX)
            for p in self.directory.glob(f"*{ROOM_FILE_SUFFIX}")
        )

    async def find(self, code: str) -> LiveRoom | None:
        """The live room, resumed from its file first if start-up has not reached it yet."""
        room = self.live.get(code)
        if room is None and code not in self._gone and self.path(code).exists():
            await self._resume(code)
            room = self.live.get(code)
        return room

    async def resume_all(self, concurrency: int = 4) -> int:
        """Resume every stored room (in the background, after start-up); how many are live."""
        began = time.monotonic()
        gate = asyncio.Semaphore(concurrency)

        async def one(code: str) -> None:
            async with gate:
                await self._resume(code)

        await asyncio.gather(*(one(code) for code in self.stored()))
        log_event("rooms.resumed", rooms=len(self.live), seconds=round(time.monotonic() - began, 3))
        return len(self.live)

    async def _resume(self, code: str) -> None:
        """Open a stored room in a worker thread (first writes wait on the disk), tell its
        runner it was restarted (deadlines extended), and arm its alarm. Once per code."""
        task = self._resuming.get(code)
        if task is None:
            task = asyncio.ensure_future(self._open(code))
            self._resuming[code] = task
        await asyncio.shield(task)

    async def _open(self, code: str) -> None:
        if code in self.live:
            return
        opened = await asyncio.to_thread(self._open_stored, code, self.clock.now())
        if opened is None:
            self._gone.add(code)
            return
        db, runner, outbox = opened
        room = LiveRoom(code, db, runner, self.clock, self._forget, self.offload)
        self.live[code] = room
        room.resume(outbox)

    def _open_stored(
        self, code: str, now: float
    ) -> tuple[SqliteDatabase, RoomRunner, Outbox] | None:
        try:
            db = SqliteDatabase(self.path(code))
        except Exception as error:
            log_event("room.unreadable", room=code, level=40, exc=error)
            return None
        try:
            runner = self.engine.open(db, code)
            if runner.exists():
                return db, runner, runner.on_restart({}, now)
        except Exception as error:
            log_event("room.unreadable", room=code, level=40, exc=error)
        db.close()
        return None

    def _forget(self, room: LiveRoom) -> None:
        self.live.pop(room.code, None)
        room.shut()
        self._unlink(room.code)
        log_event("room.deleted", room=room.code)

    def _unlink(self, code: str) -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.path(code)}{suffix}").unlink(missing_ok=True)

    async def shut_all(self) -> None:
        """Close every room, each after its call in progress (if any) has finished."""
        for room in list(self.live.values()):
            async with room.lock:
                room.shut()
        self.live.clear()
