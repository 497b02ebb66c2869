"""Bots at the table, on both hosts: once only bots are still alive, the people watching keep
the room running, and an eliminated person whose socket drops and comes back finds the game
moving on to the end screen (docs/engine.md, Pause and restart)."""

from __future__ import annotations

import asyncio

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table
from undercover.bots.legal import as_wire, simple_move

GAMES = 6  # rematches allowed until both people are voted out while the game runs
STEPS = 4000


async def _people_voted_out(table: Table) -> bool:
    """Both people play the legal policy, each voting against the other, until both are out
    while the game runs (True) or the game ends first (False)."""
    ids = [c.player_id or "" for c in table.conns]
    sent: set[str] = set()
    for _ in range(STEPS):
        view = table.view
        if view["phase"] == "ended":
            return False
        alive = (view["game"] or {}).get("alive") or []
        if view["phase"] in ("clues", "voting") and not set(ids) & set(alive):
            return True
        for conn, me in zip(table.conns, ids, strict=True):
            others = [p for p in ids if p != me]
            move = simple_move(conn.view, me, suspects=others)
            key = f"{me}/{conn.view['phase_seq']}/{move}"
            if move is not None and key not in sent:
                sent.add(key)
                await conn.send(as_wire(move))
        await asyncio.sleep(0.05)
    raise AssertionError("the game neither ended nor lost its people")


def test_a_person_back_at_a_table_of_bots_finds_it_moving(server: Server) -> None:
    async def play() -> tuple[Json, Json]:
        table = await Table.seat(server, 2, clue_timer=False, vote_timer=False)
        host = table.conns[0]
        for _ in range(5):
            seq = host.view["phase_seq"]
            answer = await host.request({"type": "add_bot", "seq": seq, "strength": "normal"})
            assert answer["type"] == "view", answer
        await table.everyone(lambda v: len(v["players"]) == 7)
        for _ in range(GAMES):
            seq = host.view["phase_seq"]
            kind = "start_game" if host.view["phase"] == "lobby" else "rematch"
            assert (await host.request({"type": kind, "seq": seq}))["type"] == "view"
            if kind == "rematch":
                await table.everyone(lambda v: v["phase"] == "lobby")
                seq = host.view["phase_seq"]
                assert (await host.request({"type": "start_game", "seq": seq}))["type"] == "view"
            await table.everyone(lambda v: v["phase"] != "lobby")
            if await _people_voted_out(table):
                break
        else:
            raise AssertionError("the people were never both voted out before the end")
        dropped = table.conns[1]
        await dropped.close()
        await host.close()  # nobody left: the room pauses
        await asyncio.sleep(0.3)
        back = await Conn.open(server.base_url, table.code)
        assert (await back.hello(None, token=dropped.token))["type"] == "welcome"
        first = back.view
        last = await back.until_view(lambda v: v["phase"] == "ended", timeout=120.0)
        await back.close()
        return first, last

    first, last = run(play())
    assert not first["paused"]  # the person's return resumed it
    assert last["phase"] == "ended"
