"""Whole games through the real entry.py in Pyodide 314: sockets, alarms, hibernation, redeploys."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.cloudflare.harness import Harness
from tests.cloudflare.table import Table, game_over

pytestmark = pytest.mark.node


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_a_complete_game_with_five_sockets(harness: Harness) -> None:
    async def scenario() -> list[str]:
        table = Table(harness, harness.create_room())
        await table.seat(5)
        await table.start()
        phases = await table.play_until(game_over)
        await table.close()
        return phases

    phases = run(scenario())
    assert phases[0] == "role_reveal"
    assert {"clues", "voting", "reveal"} <= set(phases)
    assert phases[-1] == "ended"
    assert harness.logs()["errors"] == []
