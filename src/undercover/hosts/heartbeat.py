"""The heartbeat: a phone whose socket died silently (no close ever comes) finds out and
reconnects. The client sends `PING` every `INTERVAL_SECONDS` and reconnects when no frame has
come `TIMEOUT_SECONDS` later; both hosts answer `PONG` at once.

On Cloudflare the runtime answers it (the Durable Object's WebSocket auto-response): the object
is not woken from hibernation, and the frame never reaches the room's code. The self-host
answers the same bytes before the room sees them. Both frames are fixed text, compared whole
(the auto-response matches the exact string; at most 2,048 bytes each). static/js/net.js holds
the same values (a test compares them).
"""

from __future__ import annotations

from typing import Final

PING: Final = '{"type":"ping"}'
PONG: Final = '{"type":"pong"}'
INTERVAL_SECONDS: Final = 25.0
TIMEOUT_SECONDS: Final = 10.0
