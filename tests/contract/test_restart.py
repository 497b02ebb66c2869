"""The host dies in the middle of a vote and comes back (the self-host: kill -9, then the same
data dir again; the Worker: a redeploy, every socket dropped and every object reset): nothing
acknowledged is lost."""

from __future__ import annotations

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table


@pytest.mark.slow
def test_a_restart_mid_vote_keeps_ballots_kicks_and_seats(server: Server) -> None:
    run(_scenario(server))


async def _scenario(server: Server) -> None:
    table = await Table.seat(server, 6, clue_timer=False, vote_timer=False)
    await table.start()
    host = table.host()
    spectator = await Conn.open(server.base_url, table.code)
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

    await server.restart()
    for conn in [*table.conns, spectator]:
        await conn.close()

    back: dict[str, Conn] = {}
    for conn in table.conns:
        again = await Conn.open(server.base_url, table.code)
        answer = await again.hello(None, token=conn.token)
        if conn is kicked:
            assert answer["code"] == "token.banned"
            await again.close()
            continue
        assert answer["type"] == "welcome", answer
        assert answer["player_id"] == conn.player_id
        back[conn.player_id or ""] = again
    watcher = await Conn.open(server.base_url, table.code)
    assert (await watcher.hello(None, token=spectator.token))["type"] == "welcome"
    assert watcher.view["me"]["status"] == "spectator"
    twin = await Conn.open(server.base_url, table.code)
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
