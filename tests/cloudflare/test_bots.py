"""Bots in the Durable Object (docs/bots.md): one person and four bots play a whole game in
the real entry.py under Pyodide, the bots acting only when the room's one alarm fires."""

from __future__ import annotations

import asyncio

import pytest

from tests.cloudflare.harness import Harness
from tests.cloudflare.table import Table, game_over

pytestmark = pytest.mark.node


def test_one_person_and_four_bots_play_through_the_alarm(harness: Harness) -> None:
    async def scenario() -> tuple[list[str], dict[str, object]]:
        table = Table(harness, harness.create_room())
        await table.seat(1)
        for strength in ("debutant", "normal", "normal", "malin"):
            seq = table.view()["phase_seq"]
            await table.send(table.host, {"type": "add_bot", "seq": seq, "strength": strength})
        await table.start()
        phases = await table.play_until(game_over)
        view = table.view()
        await table.close()
        return phases, view

    phases, view = asyncio.run(scenario())
    assert phases[-1] == "ended"
    players = view["players"]
    assert isinstance(players, list)
    bots = [p for p in players if p["bot"]]
    assert len(bots) == 4
    assert all(p["connected"] for p in bots)  # no socket, never disconnected
    game = view["game"]
    assert isinstance(game, dict)
    spoken = [e for e in game["recap"] if e["kind"] == "clue" and e["player"] != "p1"]
    assert spoken
    assert all(e["text"] for e in spoken)  # every bot spoke in time, on the alarm
    assert harness.logs()["errors"] == []
