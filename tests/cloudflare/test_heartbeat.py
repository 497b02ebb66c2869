"""The heartbeat on Cloudflare: the Durable Object's WebSocket auto-response answers the ping,
even while the object hibernates, without waking it; the room never sees the frame."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from tests.cloudflare.harness import Harness
from undercover.hosts.heartbeat import PING, PONG
from undercover.wire.protocol import PROTOCOL_VERSION

pytestmark = pytest.mark.node


async def _ping_a_hibernating_room(harness: Harness, code: str) -> list[str]:
    async with connect(harness.ws_url(code), compression=None) as socket:
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Ana"}
        await socket.send(json.dumps(hello))
        while json.loads(await socket.recv())["type"] != "view":
            pass
        await asyncio.to_thread(harness.hibernate, code)
        before = await asyncio.to_thread(harness.state, code)
        await socket.send(PING)
        answer = await asyncio.wait_for(socket.recv(), 10)
        after = await asyncio.to_thread(harness.state, code)
    assert not before["live"]
    assert not after["live"]  # not woken
    assert after["instances"] == before["instances"]  # no constructor ran
    assert after["auto_responses"] == before["auto_responses"] + 1
    return [str(answer)]


def test_the_ping_is_answered_by_the_runtime_without_waking_the_room(harness: Harness) -> None:
    harness.reset_limits()
    code = harness.create_room()
    harness.timings(reset=True)
    assert asyncio.run(_ping_a_hibernating_room(harness, code)) == [PONG]
    handled = harness.timings()
    assert handled.get("GameRoom.webSocketMessage", {}).get("count") == 1  # the hello only
    assert harness.logs()["errors"] == []
