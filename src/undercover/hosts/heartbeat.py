"""The heartbeat: a phone whose socket died silently (no close ever comes) finds out and
reconnects. The client sends `PING` every `INTERVAL_SECONDS` and reconnects when no frame has
come `TIMEOUT_SECONDS` later; both hosts answer `PONG` at once.

On Cloudflare the runtime answers it (the Durable Object's WebSocket auto-response): the object
is not woken from hibernation, and the frame never reaches the room's code. The self-host
answers the same bytes before the room sees them. Both frames are fixed text, compared whole
(the auto-response matches the exact string; at most 2,048 bytes each). The values are the
protocol's (wire/protocol.py), generated into static/js/protocol.js for the client.
"""

from __future__ import annotations

from undercover.wire.protocol import PING, PONG
from undercover.wire.protocol import PING_INTERVAL_SECONDS as INTERVAL_SECONDS
from undercover.wire.protocol import PONG_TIMEOUT_SECONDS as TIMEOUT_SECONDS

__all__ = ["INTERVAL_SECONDS", "PING", "PONG", "TIMEOUT_SECONDS"]
