"""Restart survival: SIGKILL the server in the middle of every phase, and at random moments.

What must hold after every restart: each bot takes its seat back with its token (same
player id); the room is at the same phase; and no input a client saw acknowledged is
lost — the revision (`seq`) a client receives never goes below the last one it saw,
since the server sends a view only after the room is saved.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.contract.scenarios import Table, ballots_against_mr_white
from tests.e2e.harness import LocalServer
from undercover.tools.socket_bots import Player, phase_of

# Slow enough that a phase with a short pause (the 6 s reveal) is still on when the
# bots come back, fast enough that the game's timers play in seconds.
TIME_SCALE = 4.0
RANDOM_KILLS = 20
pytestmark = pytest.mark.slow


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[LocalServer]:
    local = LocalServer(tmp_path / "data", time_scale=TIME_SCALE)
    local.start()
    yield local
    local.stop()


def _snapshot(players: list[Player]) -> dict[str, tuple[str | None, int, str | None]]:
    return {p.name: (p.player_id, p.seq, phase_of(p.view)) for p in players}


async def _kill_and_come_back(server: LocalServer, table: Table) -> None:
    """SIGKILL, restart, every bot rejoins: same seat, same phase, nothing acknowledged lost."""
    server.kill()
    for player in table.players:
        await player.until_closed()
    before = _snapshot(table.players)  # what the clients saw, up to the crash
    await asyncio.to_thread(server.start)
    for player in table.players:
        await player.join()
        player_id, seq, phase = before[player.name]
        assert player.player_id == player_id, (player.name, before)
        assert player.seq >= seq, (player.name, player.seq, before)
        assert phase_of(player.view) == phase, (player.name, phase_of(player.view), before)


def test_kill_in_the_middle_of_every_phase(restartable: LocalServer) -> None:
    async def scenario() -> None:
        table = await Table.seated(restartable, "Ana", "Ben", "Cy", "Dan", "Eve")
        await table.configure(mr_white=True)
        killed_in: list[str] = []
        await _kill_and_come_back(restartable, table)
        killed_in.append("lobby")

        await table.start()
        await _kill_and_come_back(restartable, table)
        killed_in.append("role_reveal")

        await table.play(table.at("clues"))
        speaker = table.by_id(table.players[0].view["game"]["speaker"])  # type: ignore[index]
        recap_before = len(str(speaker.view["game"]["recap"]))  # type: ignore[index]
        await table.play(lambda t: speaker.view["game"]["speaker"] != speaker.player_id, moves=1)  # type: ignore[index]
        await _kill_and_come_back(restartable, table)
        assert len(str(speaker.view["game"]["recap"])) > recap_before  # type: ignore[index]
        killed_in.append("clues")

        await table.play(table.at("voting"))
        first = True
        for voter, ballot in ballots_against_mr_white(table):
            await voter.send(ballot)
            await voter.until(lambda p: p.me()["ballot"]["cast"] or phase_of(p.view) != "voting")
            if first:  # one ballot acknowledged, then the crash
                first = False
                await _kill_and_come_back(restartable, table)
                assert voter.me()["ballot"]["cast"]
                killed_in.append("voting")
        await table.settle(lambda p: phase_of(p.view) in ("reveal", "guess"))
        if table.phase() == "reveal":
            await _kill_and_come_back(restartable, table)
            killed_in.append("reveal")
        await table.settle(lambda p: phase_of(p.view) == "guess")
        await _kill_and_come_back(restartable, table)
        killed_in.append("guess")

        await table.play(table.at("ended"))
        await _kill_and_come_back(restartable, table)
        killed_in.append("ended")
        assert killed_in == [
            "lobby",
            "role_reveal",
            "clues",
            "voting",
            "reveal",
            "guess",
            "ended",
        ]
        await table.leave_all()

    asyncio.run(scenario())


# Refusals that a bot can meet when its move races a timer or a crash; anything else
# (a bad frame, a lost seat) fails the test.
RACE_CODES = {"seq.stale", "clue.not_your_turn", "vote.not_in_voting"}


def test_kill_at_random_moments_while_bots_play(restartable: LocalServer) -> None:
    rng = random.Random(20261129)

    async def keep_playing(table: Table, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await table.play(lambda t: stop.is_set() or t.phase() == "ended", timeout=120)
                if stop.is_set():
                    return
                host = table.host
                await host.send({"type": "rematch", "seq": host.view["phase_seq"]})  # type: ignore[index]
                await table.settle(lambda p: phase_of(p.view) == "lobby")
                await table.start()
            except Exception:  # the server died under us: wait for the bots to be back
                await asyncio.sleep(0.05)

    async def scenario() -> None:
        tables = [await Table.seated(restartable, "Ana", "Ben", "Cy", "Dan") for _ in range(2)]
        for table in tables:
            await table.start()
        for _ in range(RANDOM_KILLS):
            stop = asyncio.Event()
            players = [asyncio.create_task(keep_playing(t, stop)) for t in tables]
            await asyncio.sleep(rng.uniform(0.05, 1.0))
            restartable.kill()
            stop.set()
            await asyncio.gather(*players)
            for table in tables:
                for player in table.players:
                    await player.until_closed()
            before = [_snapshot(t.players) for t in tables]
            await asyncio.to_thread(restartable.start)
            for table, seen in zip(tables, before, strict=True):
                for player in table.players:
                    await player.join()
                    player_id, seq, _ = seen[player.name]
                    assert player.player_id == player_id
                    assert player.seq >= seq, (player.name, player.seq, seq)
        errors = [e["code"] for t in tables for p in t.players for e in p.errors]
        assert set(errors) <= RACE_CODES, errors
        assert restartable.starts == RANDOM_KILLS + 1
        for table in tables:
            await table.leave_all()

    asyncio.run(scenario())
