"""kill -9 in the middle of a vote, then the same data dir again: nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.contract.client import Conn, Json
from tests.contract.table import Table
from tests.e2e.harness import LocalServer


@pytest.mark.slow
def test_sigkill_mid_vote_keeps_ballots_kicks_and_seats(tmp_path: Path) -> None:
    local = LocalServer(tmp_path / "data", time_scale=20.0)
    local.start()
    try:
        asyncio.run(_scenario(local))
    finally:
        local.stop()


async def _scenario(local: LocalServer) -> None:
    table = await Table.seat(local, 6, clue_timer=False, vote_timer=False)
    await table.start()
    host = table.host()
    spectator = await Conn.open(local.base_url, table.code)
    assert (await spectator.hello("Qzz"))["type"] == "welcome"
    await table.clue_round()
    ids = [c.player_id or "" for c in table.conns]
    keep = {host.player_id, *table.undercovers()}  # kicking the undercover would end the game
    kicked = next(c for c in table.conns if c.player_id not in keep)
    await host.request({"type": "kick", "player_id": kicked.player_id})
    await table.everyone(
        lambda v: [c["player_id"] for c in v["game"]["kicked"]] == [kicked.player_id]
    )
    alive = [p for p in ids if p != kicked.player_id]
    voters = alive[:2]
    ballots = {voters[0]: alive[2], voters[1]: None}
    await table.vote(ballots)  # each ballot acknowledged by a view to its voter
    # The other voter's ballot reaches this view a moment after its own acknowledgement.
    seen: Json = await table.by_id(voters[0]).until_view(
        lambda v: sorted(v["game"]["voters"]) == sorted(voters)
    )

    local.kill()
    for conn in [*table.conns, spectator]:
        await conn.close()
    await asyncio.to_thread(local.start)

    back: dict[str, Conn] = {}
    for conn in table.conns:
        again = await Conn.open(local.base_url, table.code)
        answer = await again.hello(None, token=conn.token)
        if conn is kicked:
            assert answer["code"] == "token.banned"
            await again.close()
            continue
        assert answer["type"] == "welcome", answer
        assert answer["player_id"] == conn.player_id
        back[conn.player_id or ""] = again
    watcher = await Conn.open(local.base_url, table.code)
    assert (await watcher.hello(None, token=spectator.token))["type"] == "welcome"
    assert watcher.view["me"]["status"] == "spectator"
    twin = await Conn.open(local.base_url, table.code)
    assert (await twin.hello("QIV"))["code"] == "name.taken"
    for player, conn in back.items():
        view = await conn.until_view(lambda v: all(s["connected"] for s in _alive_seats(v)))
        assert view["phase"] == "voting"
        assert view["phase_seq"] == seen["phase_seq"]
        assert sorted(view["game"]["voters"]) == sorted(voters)
        mine = view["me"]["ballot"]
        if player in ballots:
            assert mine == {"cast": True, "target": ballots[player]}
        else:
            assert mine == {"cast": False, "target": None}
    for conn in [*back.values(), watcher, twin]:
        await conn.close()


def _alive_seats(view: Json) -> list[Json]:
    return [s for s in view["players"] if s["status"] == "alive"]
