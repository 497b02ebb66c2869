"""What the self-host's routes share: the live rooms, the clocks and the rate limiters.

Thin by design: the game itself runs in the runner (`hosts/runner.py`), the same code as the
Cloudflare Durable Object; this package adapts HTTP requests and WebSockets to it.
"""

from __future__ import annotations

import ipaddress
import itertools
import secrets
from collections import Counter

from starlette.requests import HTTPConnection
from starlette.types import Message

from undercover.engine.dealing import Deck
from undercover.hosts import admission
from undercover.hosts.admission import Door, FloodGuard, RoomPasses
from undercover.hosts.clock import Clock, open_clock
from undercover.hosts.local.options import Options
from undercover.hosts.local.rooms import Engine, LiveRoom, Rooms
from undercover.hosts.ratelimit import (
    CREATE_BURST,
    CREATE_PER_SECOND,
    UNKNOWN_ROOM_BURST,
    UNKNOWN_ROOM_PER_SECOND,
    RateLimiter,
    client_key,
)
from undercover.hosts.runner import RoomRunner
from undercover.hosts.share import base_url, lan_address
from undercover.hosts.store import Database
from undercover.themes.builtin import builtin_catalog


class SharedEngine:
    """The runner shared with the Durable Object."""

    def __init__(self) -> None:
        # Imported here, at start-up, so that tests of the plumbing can run without it.
        from undercover.hosts.runner import RoomRunner

        self.runner = RoomRunner
        self.deck = Deck(builtin_catalog())  # once per process: every room deals from it

    def open(self, db: Database, code: str) -> RoomRunner:
        return self.runner(db, code, deck=self.deck)

    def create(self, db: Database, code: str, now: float, seed: int) -> RoomRunner:
        return self.runner.create(db, code, now, seed, deck=self.deck)


class Server:
    """What the routes need: the rooms, the clocks and the rate limiters."""

    def __init__(self, options: Options, engine: Engine) -> None:
        self.options = options
        options.data_dir.mkdir(parents=True, exist_ok=True)
        self.clock: Clock = open_clock(options.data_dir, options.time_scale)
        self.rooms = Rooms(options.data_dir, engine, self.clock, options.offload)
        self.create_limits = RateLimiter(CREATE_BURST, CREATE_PER_SECOND)
        self.lookup_limits = RateLimiter(UNKNOWN_ROOM_BURST, UNKNOWN_ROOM_PER_SECOND)
        self.room_passes = RoomPasses()
        self.frame_limits = FloodGuard()
        self.open_sockets: Counter[str] = Counter()  # per client key (ratelimit.client_key)
        self.lan_base = f"http://{lan_address()}:{options.port}" if options.lan else None
        self._connection_ids = itertools.count(1)
        self._boot = secrets.token_hex(3)

    def new_connection_id(self) -> str:
        return f"{self._boot}-{next(self._connection_ids)}"

    def is_unlimited(self, address: str) -> bool:
        return self.options.loopback_unlimited and is_loopback(address)

    def share_base(self, connection: HTTPConnection) -> str:
        if self.lan_base is not None:
            return self.lan_base
        return base_url(connection.url.scheme, connection.headers.get("host", "localhost"))

    async def find_room(self, code: str | None, address: str) -> LiveRoom | float:
        """The room, or how long this address must wait (0.0: the room is unknown).

        Every look-up spends the address's allowance, a live code like an unknown one, so
        past the limit a prober cannot tell a live code by its answer; an address that
        already reached this room (or created it) holds a pass and is never refused
        (`admission.may_look_up`).
        """
        room = await self.rooms.find(code) if code is not None else None
        key = client_key(address)

        async def holds_pass() -> bool:
            return room is not None and self.room_passes.holds(room.code, key)

        if not await admission.may_look_up(spend=self._spender(address), holds_pass=holds_pass):
            wait = self.lookup_limits.peek(key, self.options.limits_clock())
            return max(wait, 0.001)  # refused: never read as "unknown room" (0.0)
        if room is not None:
            self.room_passes.grant(room.code, key)
        return room if room is not None else 0.0

    async def door(self, code: str | None, address: str) -> tuple[Door, LiveRoom | None]:
        """What a socket to `code` is told at the upgrade, and the room (`admission.door`)."""
        room = await self.rooms.find(code) if code is not None else None
        key = client_key(address)
        holds_pass = self.is_unlimited(address) or (
            room is not None and self.room_passes.holds(room.code, key)
        )
        found = await admission.door(
            room=room is not None, holds_pass=holds_pass, spend=self._spender(address)
        )
        return found, room

    async def admit(self, room: LiveRoom, address: str, first: Message, door: Door) -> bool:
        """At the hello of a socket held at the door (`admission.admits`)."""
        greets = await room.greets_a_seat(payload(first))
        if not await admission.admits(door, greets_a_seat=greets, spend=self._spender(address)):
            return False
        self.room_passes.grant(room.code, client_key(address))
        return True

    def _spender(self, address: str) -> admission.LookUp:
        """Spends one of the address's look-ups (none for loopback when unlimited)."""

        async def spend() -> bool:
            if self.is_unlimited(address):
                return True
            key = client_key(address)
            return self.lookup_limits.take(key, self.options.limits_clock()) == 0

        return spend


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def address_of(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client is not None else "unknown"


def payload(message: Message) -> str | bytes:
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""
