"""Protocol 3 on the Durable Object: what each socket rebuilds from its frames is `view_for`,
warm, after the object hibernated (the woken object takes every socket as holding the room it
stored: each is sent what changed since, never a whole view), and on a new socket of the same
seat."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.cloudflare.harness import Harness
from tests.cloudflare.table import Table, game_over
from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.engine.view import view_for
from undercover.themes.builtin import builtin_catalog
from undercover.tools.socket_bots import Player

pytestmark = pytest.mark.node


def test_every_socket_rebuilds_view_for_warm_after_hibernation_and_reconnection(
    harness: Harness,
) -> None:
    deck = Deck(builtin_catalog())
    checked: list[str] = []
    fulls: list[bool] = []

    async def check(table: Table, phase: str) -> None:
        await table.settle()
        stored = harness.stored(table.code)
        assert stored is not None
        room = Room.model_validate_json(stored)
        for player in table.connected():
            assert player.view is not None
            expected = view_for(room, player.player_id, player.view["now"], deck)
            assert player.view == json.loads(json.dumps(expected)), (phase, player.name)
        checked.append(phase)
        if len(checked) % 2 == 0:  # every other phase: the object is evicted, sockets stay
            harness.hibernate(table.code)
        if phase == "clues" and "clues" not in checked[:-1]:  # a seat opens a new socket
            watcher = table.players[1]
            twin = Player(watcher.name, table.opener())
            twin.token = watcher.token
            await twin.join()
            table.players[1] = twin
            await table.settle()

    def on_frame(player: Player, message: dict[str, Any], _: float) -> None:
        fulls.append(message["full"])

    async def scenario() -> None:
        table = Table(harness, harness.create_room())
        await table.seat(5)
        for player in table.players:
            player.on_view = on_frame
        await table.start(mr_white=True)
        await table.play_until(game_over, on_phase=check)
        await check(table, "ended")
        await table.close()

    asyncio.run(scenario())
    assert {"role_reveal", "clues", "voting", "ended"} <= set(checked)
    hibernations = len(checked) // 2
    assert hibernations >= 2
    # Watched from the start of the game on: never a whole view, warm or woken.
    assert fulls
    assert True not in fulls
    assert harness.logs()["errors"] == []
