"""Presence from the heartbeat, on both hosts: a phone that goes silent (no close ever comes)
counts as gone for the rules after the bound, and is back the moment it speaks.

Each host runs with a short bound (SILENCE real seconds) and its clock at ×20; the other
phones ping every PING_EVERY seconds, as the web client does every 25 s.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import pytest

from tests.cloudflare.harness import running_harness
from tests.contract.client import Conn, Json, run
from tests.contract.hosts import TIME_SCALE, SelfHost, Server, WorkerHost
from tests.contract.table import Table
from tests.e2e.harness import LocalServer
from undercover.hosts.heartbeat import PING

SILENCE = 6.0  # real seconds (production: admission.SILENCE_SECONDS, 75)
PING_EVERY = 0.5


@pytest.fixture(
    scope="module", params=["self_host", pytest.param("worker", marks=pytest.mark.node)]
)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """This module's hosts (the suite's `server`, overridden): a short presence bound."""
    if request.param == "worker":
        with running_harness(speed=TIME_SCALE, silence_seconds=SILENCE) as harness:
            yield WorkerHost(harness)
        return
    data = tmp_path_factory.mktemp("presence") / "data"
    local = LocalServer(data, time_scale=TIME_SCALE, silence_seconds=SILENCE)
    local.start()
    try:
        yield SelfHost(local)
    finally:
        local.stop()


async def keep_alive(conns: list[Conn], stop: asyncio.Event) -> None:
    """The heartbeat of the phones that stay: a ping every PING_EVERY seconds."""
    while not stop.is_set():
        for conn in conns:
            if not conn.closed:
                await conn.send(PING)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), PING_EVERY)


def seat(view: Json, player_id: str | None) -> Json:
    return next(p for p in view["players"] if p["player_id"] == player_id)


def test_a_silent_phone_is_skipped_in_a_timerless_game_and_back_when_it_speaks(
    server: Server,
) -> None:
    async def play() -> tuple[str, Json, Json, Json]:
        table = await Table.seat(server, 4, clue_timer=False, vote_timer=False)
        await table.start()
        # The speaker's phone goes silent: without presence, the game would wait for it for
        # ever (no clue timer). The others keep pinging (after `start`: its replies are read
        # as the next frame).
        silent = table.by_id(table.view["game"]["speaker"])
        stop = asyncio.Event()
        pinger = asyncio.create_task(keep_alive([c for c in table.conns if c is not silent], stop))
        others = [c for c in table.conns if c is not silent]
        for conn in others:
            await conn.until_view(lambda v: v["game"]["speaker"] != silent.player_id)
        away = others[0].view
        await others[0].until_view(lambda v: seat(v, silent.player_id)["absent"])
        await silent.send(PING)  # it speaks: a ping is enough
        back = await others[0].until_view(lambda v: seat(v, silent.player_id)["connected"])
        await table.clue_round()  # and the game goes on with everyone
        stop.set()
        await pinger
        after = others[0].view
        for conn in table.conns:
            await conn.close()
        return str(silent.player_id), away, back, after

    silent, away, back, after = run(play())
    assert away["phase"] == "clues"
    skipped = [(e["player"], e["skipped"]) for e in away["game"]["recap"] if e.get("skipped")]
    assert skipped == [(silent, "absent")], away["game"]["recap"]
    assert not seat(away, silent)["connected"]  # shown as away
    assert seat(back, silent)["connected"]
    assert after["phase"] != "clues"  # the round ended: the game went on
