"""Token buckets per key (a client address, a connection): pure, time passed in. What a host
decides with them (the door, room passes, floods, presence) is in `admission`.

A bucket holds up to `burst` tokens and regains `per_second` tokens a second.
Each request takes one; an empty bucket answers how long to wait. Memory is
bounded: past `max_keys`, full buckets are dropped first (they carry no
information), then the least recently used.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Final

# Room creation per client address: a party creates a handful of rooms an evening.
CREATE_BURST: Final = 10.0
CREATE_PER_SECOND: Final = 1 / 6
# Look-ups of rooms without a pass (admission.RoomPasses), per client address: a mistyped code
# is fine, walking the 31**5 code space is not (at this pace it would take about a year).
UNKNOWN_ROOM_BURST: Final = 20.0
UNKNOWN_ROOM_PER_SECOND: Final = 1.0
# Room passes remembered by a host: (room, address) pairs that reached a room.
MAX_ROOM_PASSES: Final = 100_000
# Frames per WebSocket connection: a person taps far slower than this.
FRAME_BURST: Final = 20.0
FRAME_PER_SECOND: Final = 10.0
# Frames refused in a row by the frame limit before the connection is closed.
FLOOD_STRIKES: Final = 20
# Open WebSockets per client address on the self-host: a whole table behind one router,
# each player with a spare tab, fits; a script holding sockets open does not.
MAX_SOCKETS_PER_ADDRESS: Final = 64
# Seconds a new WebSocket has for its first frame (clients send their hello at once).
FIRST_FRAME_SECONDS: Final = 30.0


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Token buckets keyed by string.

    >>> limiter = RateLimiter(burst=2, per_second=1)
    >>> [limiter.take("1.2.3.4", now=0.0) for _ in range(3)]
    [0.0, 0.0, 1.0]
    """

    def __init__(self, burst: float, per_second: float, max_keys: int = 10_000) -> None:
        if burst < 1 or per_second <= 0 or max_keys < 1:
            raise ValueError("burst >= 1, per_second > 0 and max_keys >= 1 are required")
        self.burst = burst
        self.per_second = per_second
        self.max_keys = max_keys
        self._buckets: dict[str, _Bucket] = {}

    def take(self, key: str, now: float) -> float:
        """Take a token: 0.0 if allowed, else the seconds to wait before retrying."""
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = _Bucket(tokens=self.burst, updated=now)
        elapsed = max(0.0, now - bucket.updated)
        bucket.tokens = min(self.burst, bucket.tokens + elapsed * self.per_second)
        bucket.updated = max(bucket.updated, now)
        wait = 0.0
        if bucket.tokens >= 1:
            bucket.tokens -= 1
        else:
            wait = (1 - bucket.tokens) / self.per_second
        # Re-inserting keeps the dict in least-recently-used order for eviction.
        self._buckets[key] = bucket
        if len(self._buckets) > self.max_keys:
            self._evict(now)
        return wait

    def peek(self, key: str, now: float) -> float:
        """What `take` would answer, without taking: 0.0 or the seconds to wait."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return 0.0
        tokens = min(self.burst, bucket.tokens + max(0.0, now - bucket.updated) * self.per_second)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.per_second

    def forget(self, key: str) -> None:
        """Drop a key's bucket (its connection is gone)."""
        self._buckets.pop(key, None)

    def __len__(self) -> int:
        return len(self._buckets)

    def _evict(self, now: float) -> None:
        refill_seconds = self.burst / self.per_second
        for key in [k for k, b in self._buckets.items() if now - b.updated >= refill_seconds]:
            del self._buckets[key]
        while len(self._buckets) > self.max_keys:
            del self._buckets[next(iter(self._buckets))]


def client_key(address: str) -> str:
    """The rate-limit key of a client address: IPv4 as is, IPv6 by its /64 network.

    One IPv6 subscriber usually holds a whole /64; keying by address would let them
    rotate through billions of keys.

    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    True
    """
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return address


def retry_after_header(wait_seconds: float) -> str:
    """The Retry-After value: whole seconds, at least 1."""
    return str(max(1, int(wait_seconds + 0.999)))
