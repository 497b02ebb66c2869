"""Who gets in and who counts as there: the decisions both hosts make, made once.

Pure: each decision is handed what its host knows (the room exists, the address holds a pass,
when a socket was last heard) and answers; a look-up is spent through `spend`, called only
when the decision needs one (on Cloudflare, a call to the rate-limiting binding). The hosts
keep the state (`RoomPasses`, `FloodGuard`, their limiters) and do the I/O.

- The door (`Door`): a socket is accepted first (a browser reads a close code, not a refused
  upgrade's status); its hello then decides, so a seat's token is never charged nor refused.
- Look-ups (`may_look_up`) and room passes (`RoomPasses`): an address that reached a room is
  never refused it, past its allowance too.
- Floods (`FloodGuard`): a per-connection frame limit, then a close.
- Presence: a socket bound to a seat that sent nothing, heartbeat pings included, for
  `SILENCE_SECONDS` counts as closed for the rules, until it is heard again
  (docs/protocol.md, "Heartbeat").
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from undercover.hosts.heartbeat import INTERVAL_SECONDS
from undercover.hosts.ratelimit import (
    FLOOD_STRIKES,
    FRAME_BURST,
    FRAME_PER_SECOND,
    MAX_ROOM_PASSES,
    RateLimiter,
)

# A phone pings every INTERVAL_SECONDS after its first view. Three intervals: two pings may be
# lost or late (a mobile network's hiccup, a background tab whose timers run once a minute)
# before a seat counts as gone; a locked phone, whose page no longer runs, is away within it.
SILENCE_SECONDS: Final = 3 * INTERVAL_SECONDS

ConnectionId = str
Seat = str | None  # the player a socket is bound to (None before its hello)
LookUp = Callable[[], Awaitable[bool]]  # spends one look-up: True if within the allowance


class Door(Enum):
    """What a room's socket meets at the upgrade (see `door`)."""

    ENTER = "enter"  # the address holds a pass for the room: its frames go to the room
    UNKNOWN_ROOM = "unknown_room"  # no such room, and the look-up was within the allowance
    AT_HELLO = "at_hello"  # the hello decides: a seat's token enters free, else one look-up
    SPENT = "spent"  # the allowance is spent: only a seat's token enters (a live code and an
    # unknown one answer alike, `rate.limited` at the hello)


async def door(*, room: bool, holds_pass: bool, spend: LookUp) -> Door:
    """At the upgrade. A live room charges nothing yet: the hello may carry a seat's token
    (a player back on mobile data must never be refused)."""
    if room:
        return Door.ENTER if holds_pass else Door.AT_HELLO
    return Door.UNKNOWN_ROOM if await spend() else Door.SPENT


async def may_look_up(*, spend: LookUp, holds_pass: LookUp) -> bool:
    """A room's page, summary or QR code: within the address's allowance, or a room it already
    reached. The allowance is spent first, pass or not (Cloudflare's binding cannot peek, and
    the self-host counts the same way), so that past it a live code the address never reached
    answers like an unknown one."""
    return await spend() or await holds_pass()


async def admits(at: Door, *, greets_a_seat: bool, spend: LookUp) -> bool:
    """At the first frame of a socket held at the door: a seat's token enters free (and earns
    its address a pass); anything else spends a look-up, or is refused once they are spent."""
    if greets_a_seat:
        return True
    return at is Door.AT_HELLO and await spend()


class RoomPasses:
    """Which client addresses have already reached which room: their look-ups of it are free.

    The look-up limit must stop a prober walking the code space without locking a party out
    of its own room. An address earns a pass for a room by creating it or by reaching it while
    it had allowance left; with a pass, the room's page, summary and socket are never refused
    (a whole party behind one router shares one address). A socket whose hello carries the
    token of one of the room's seats is never charged nor refused either, from any address
    (a player back on mobile data), and earns its address a pass (`admits`). Without either,
    a live code costs a look-up like an unknown one, so an address past its allowance learns
    nothing from the answer.
    Memory is bounded: past `max_passes`, the least recently used pass is dropped (its address
    then spends one look-up to earn it again).

    >>> passes = RoomPasses(max_passes=1)
    >>> passes.grant("K7QXM", "1.2.3.4"); passes.holds("K7QXM", "1.2.3.4")
    True
    >>> passes.grant("ABCDE", "1.2.3.4"); passes.holds("K7QXM", "1.2.3.4")
    False
    """

    def __init__(self, max_passes: int = MAX_ROOM_PASSES) -> None:
        if max_passes < 1:
            raise ValueError("max_passes >= 1 is required")
        self.max_passes = max_passes
        self._passes: dict[tuple[str, str], None] = {}

    def grant(self, room: str, key: str) -> None:
        self._passes.pop((room, key), None)
        self._passes[(room, key)] = None  # most recent last
        while len(self._passes) > self.max_passes:
            del self._passes[next(iter(self._passes))]

    def holds(self, room: str, key: str) -> bool:
        if (room, key) not in self._passes:
            return False
        self.grant(room, key)  # refresh its place
        return True

    def __len__(self) -> int:
        return len(self._passes)


class Frame(Enum):
    """What a connection's frame limit says of one frame."""

    PASS = "pass"
    SLOW_DOWN = "slow_down"  # refused: answer `rate.limited` and keep the connection
    CLOSE = "close"  # more than FLOOD_STRIKES refused in a row: close the connection


class FloodGuard:
    """The frame limit of every connection of a host.

    >>> guard = FloodGuard(burst=1, per_second=1)
    >>> [guard.check("conn", now=0.0) for _ in range(2)]
    [<Frame.PASS: 'pass'>, <Frame.SLOW_DOWN: 'slow_down'>]
    """

    def __init__(
        self,
        burst: float = FRAME_BURST,
        per_second: float = FRAME_PER_SECOND,
        max_keys: int = 1_000_000,
    ) -> None:
        self._limiter = RateLimiter(burst, per_second, max_keys=max_keys)
        self._strikes: dict[str, int] = {}

    def check(self, conn: str, now: float) -> Frame:
        if self._limiter.take(conn, now) == 0:
            self._strikes.pop(conn, None)
            return Frame.PASS
        self._strikes[conn] = strikes = self._strikes.get(conn, 0) + 1
        return Frame.CLOSE if strikes > FLOOD_STRIKES else Frame.SLOW_DOWN

    def forget(self, conn: str) -> None:
        """Drop a connection's state (it closed)."""
        self._limiter.forget(conn)
        self._strikes.pop(conn, None)


@dataclass(frozen=True)
class Presence:
    """The sockets as the rules see them, and when to look again without a frame."""

    connections: dict[ConnectionId, Seat]  # a silent socket is bound to no seat
    check_at: float | None  # a present socket may fall silent, or a silent one be heard


def unbind_silent(
    seats: Mapping[ConnectionId, Seat], silent: Collection[ConnectionId]
) -> dict[ConnectionId, Seat]:
    """The sockets as the rules see them: a silent one is bound to no seat, as if closed."""
    return {conn: None if conn in silent else seat for conn, seat in seats.items()}


def presence(
    seats: Mapping[ConnectionId, Seat],
    heard: Callable[[ConnectionId], float],
    now: float,
    bound: float = SILENCE_SECONDS,
) -> Presence:
    """Unbind the seat of every socket not heard for `bound` seconds (`heard`: when it last
    was). A silent socket is looked at again every third of `bound` while someone is there:
    on Cloudflare its ping does not wake the room, so the room reads it then.

    >>> last = {"a": 100.0, "b": 10.0}
    >>> presence({"a": "p1", "b": "p2", "c": None}, last.__getitem__, now=110.0, bound=75.0)
    Presence(connections={'a': 'p1', 'b': None, 'c': None}, check_at=135.0)
    """
    if not math.isfinite(bound):  # presence off (the harness's manual clock)
        return Presence(dict(seats), None)
    due = {conn: heard(conn) + bound for conn, seat in seats.items() if seat is not None}
    silent = {conn for conn, at in due.items() if at <= now}
    check_at = min((at for conn, at in due.items() if conn not in silent), default=None)
    if silent and check_at is not None:
        check_at = min(check_at, now + bound / 3)
    return Presence(unbind_silent(seats, silent), check_at)


def earliest(*times: float | None) -> float | None:
    """The first of the times given (None: none)."""
    known = [t for t in times if t is not None]
    return min(known) if known else None
