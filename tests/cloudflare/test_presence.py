"""Presence on the Durable Object, on the harness's manual clock: the role reveal does not wait
for a phone gone silent (its 20 s timer would), because the object reads the auto-response
timestamps at an alarm it set for the first silence (docs/protocol.md, "Heartbeat")."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.cloudflare.harness import Harness, running_harness
from tests.contract.client import Conn, Json, run
from tests.contract.hosts import WorkerHost
from tests.contract.table import Table
from undercover.engine.phases.role_reveal import ROLE_REVEAL_SECONDS
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.hosts.heartbeat import PING

pytestmark = [pytest.mark.node, pytest.mark.slow]

SILENCE = 4.0  # seconds of the harness's clock: bound + grace end before the reveal's timer
STEP = 1.0  # the others ping at every step of the clock


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    with running_harness(speed=0, silence_seconds=SILENCE) as running:
        yield running


async def ping(conns: list[Conn]) -> None:
    """Each phone pings and hears its pong (the runtime's auto-response, no wake)."""
    for conn in conns:
        start = len(conn.frames)
        await conn.send(PING)
        await conn.wait_for(lambda f: f.get("type") == "pong", start)


def test_the_reveal_does_not_wait_for_a_silent_phone(harness: Harness) -> None:
    assert SILENCE + RECONNECT_GRACE_SECONDS + 2 * STEP < ROLE_REVEAL_SECONDS

    async def play() -> tuple[str, Json, float]:
        table = await Table.seat(WorkerHost(harness), 4)
        host = table.host()
        answer = await host.request({"type": "start_game", "seq": host.view["phase_seq"]})
        assert answer["type"] == "view", answer
        await table.everyone(lambda v: v["phase"] == "role_reveal")
        began = await asyncio.to_thread(harness.now)
        silent = table.conns[-1]
        others = table.conns[:-1]
        seq = table.view["phase_seq"]
        for conn in others:
            await conn.send({"type": "confirm_role", "seq": seq})
        # The clock stops a step short of the reveal's timer: only presence can end it.
        for _ in range(int(ROLE_REVEAL_SECONDS / STEP) - 1):
            await ping(others)
            await asyncio.to_thread(harness.advance, STEP)
        view = await others[0].until_view(lambda v: v["phase"] == "clues")
        elapsed = await asyncio.to_thread(harness.now) - began
        for conn in table.conns:
            await conn.close()
        return str(silent.player_id), view, elapsed

    silent, view, elapsed = run(play())
    assert elapsed < ROLE_REVEAL_SECONDS  # not its timer: the silent phone was not awaited
    seat = next(p for p in view["players"] if p["player_id"] == silent)
    assert not seat["connected"]
    assert seat["absent"]
