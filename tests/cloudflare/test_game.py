"""Whole games through the real entry.py in Pyodide 314: alarms, hibernation, redeploys (a
plain game, its frames and its logs: tests/contract, on both hosts)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.cloudflare.harness import Harness
from tests.cloudflare.table import Table, game_over

pytestmark = pytest.mark.node


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_every_event_on_a_fresh_instance(hibernating_harness: Harness) -> None:
    """Hibernation after every event: each input, close and alarm rebuilds the room."""
    harness = hibernating_harness

    async def scenario() -> tuple[str, list[str]]:
        table = Table(harness, harness.create_room())
        await table.seat(5)
        await table.start(mr_white=True)
        phases = await table.play_until(game_over)
        await table.close()
        return table.code, phases

    code, phases = run(scenario())
    assert phases[-1] == "ended"
    state = harness.state(code)
    assert not state["live"]
    assert state["instances"] > 20  # one per event, none kept in memory
    assert harness.logs()["errors"] == []


def _stable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the server's clock."""
    return {key: value for key, value in view.items() if key != "now"}


def test_hibernation_in_the_middle_of_every_phase(harness: Harness) -> None:
    """At each phase: evict the instance, then a player reloads; nothing was lost."""
    seen: list[str] = []

    async def evict_and_reload(table: Table, phase: str) -> None:
        before = _stable(table.players[1].view or {})
        harness.hibernate(table.code)
        assert not harness.state(table.code)["live"]
        # A fresh instance answers a duplicate hello of the same seat (replaces the old socket).
        watcher = table.players[1]
        from undercover.tools.socket_bots import Player

        twin = Player(watcher.name, table.opener())
        twin.token = watcher.token
        await twin.join()
        await table.settle()
        after = _stable(twin.view or {})
        assert after["phase"] == before["phase"] == phase
        assert after["phase_seq"] == before["phase_seq"]
        assert after["me"] == before["me"]
        assert after.get("game") == before.get("game")
        assert after.get("deadline") == before.get("deadline")
        table.players[1] = twin
        seen.append(phase)

    async def scenario() -> None:
        table = Table(harness, harness.create_room())
        await table.seat(5)
        await table.start(mr_white=True)
        await table.play_until(game_over, on_phase=evict_and_reload)
        await table.close()

    run(scenario())
    assert {"role_reveal", "clues", "voting", "reveal", "ended"} <= set(seen)
    assert harness.logs()["errors"] == []


def test_redeploy_mid_game_players_come_back_with_their_tokens(harness: Harness) -> None:
    """A redeploy drops every socket and resets the object; the clients reconnect by token."""
    redeployed: list[str] = []

    async def redeploy_once(table: Table, phase: str) -> None:
        if phase not in {"clues", "voting"} or phase in redeployed:
            return
        before = [(p.player_id, p.token, p.me()) for p in table.players]
        await asyncio.to_thread(harness.redeploy)
        for player in table.players:
            closed = await player.until_closed()
            assert closed.code == 1001
        await table.rejoin_all()
        after = [(p.player_id, p.token, p.me()) for p in table.players]
        assert after == before
        assert table.phase() == phase
        state = harness.state(table.code)
        if table.view().get("deadline") is not None:
            assert state["alarm"] is not None
            assert state["alarm"] >= harness.now() + 14.9  # at least 15 s to come back
        redeployed.append(phase)

    async def scenario() -> None:
        table = Table(harness, harness.create_room())
        await table.seat(5)
        await table.start(vote_timer=True, vote_seconds=60)
        await table.play_until(game_over, on_phase=redeploy_once)
        await table.close()

    run(scenario())
    assert redeployed == ["clues", "voting"]
    assert harness.logs()["errors"] == []


def test_alarms_early_late_and_twice_are_harmless(harness: Harness) -> None:
    checked: list[str] = []

    async def poke(table: Table, phase: str) -> None:
        if phase != "reveal":
            return
        seq = table.view()["phase_seq"]
        deadline = harness.state(table.code)["alarm"]
        assert deadline is not None
        if "early" not in checked:
            rearmed = await asyncio.to_thread(harness.fire_alarm, table.code)  # early
            await table.settle()
            assert table.phase() == "reveal"
            assert table.view()["phase_seq"] == seq
            assert rearmed == pytest.approx(deadline)
            await table.wait_for_alarm()  # on time
            assert table.view()["phase_seq"] > seq
            moved = table.view()["phase_seq"]
            revision = table.host.seq
            await asyncio.to_thread(harness.fire_alarm, table.code)  # the same alarm, twice
            await table.settle()
            assert table.view()["phase_seq"] == moved
            assert table.host.seq == revision
            checked.append("early")
        elif "late" not in checked:
            await asyncio.to_thread(harness.advance, deadline - harness.now() + 300)  # late
            await table.settle()
            assert table.view()["phase_seq"] > seq
            assert table.phase() != "reveal"
            checked.append("late")

    async def scenario() -> None:
        table = Table(harness, harness.create_room())
        await table.seat(7)
        await table.start()
        await table.play_until(game_over, on_phase=poke)
        await table.close()

    run(scenario())
    assert checked[:1] == ["early"]
    assert harness.logs()["errors"] == []


@pytest.mark.slow
def test_a_twenty_player_game_is_measured() -> None:
    """The benchmark's own run (docs/benchmarks.md): counts only, no timing is asserted."""
    from tests.cloudflare.bench import measure

    report = measure(players=20, games=1)
    run_ = report["runs"][0]
    assert report["python_in_pyodide"].startswith("3.14")
    # At least every seat's clue and vote of the first round (a game can end in a few rounds).
    assert run_["timings"]["GameRoom.webSocketMessage"]["count"] >= 2 * 20
    assert run_["runner_wall_ms"]["count"] >= 2 * 20
    main_thread = run_["main_thread"]
    for clock in ("cpu", "wall"):
        for handler in ("webSocketMessage", "alarm"):
            assert main_thread[handler][clock]["count"] == timings_count(run_, handler)
        figures = main_thread["webSocketMessage"][clock]
        assert 0 < figures["median"] <= figures["p99"] <= figures["max"]
    timed = sum(t["count"] for k, t in run_["timings"].items() if k.startswith("GameRoom."))
    joins = 20 + 2  # the hellos before timing started, the room's creation
    assert run_["sql"]["rowsWritten"] <= 2 * (timed + joins)  # at most 2 rows per input


def timings_count(run_: dict[str, Any], handler: str) -> int:
    return int(run_["timings"][f"GameRoom.{handler}"]["count"])


def test_an_empty_idle_room_is_deleted_with_its_storage(harness: Harness) -> None:
    async def scenario() -> str:
        table = Table(harness, harness.create_room())
        await table.seat(3)
        await table.close()
        return table.code

    code = run(scenario())
    assert not harness.state(code)["empty"]
    for _ in range(3):  # the reconnection graces, then the idle-cleanup delay (1 h)
        harness.advance(3600)
        harness.idle()
    state = harness.state(code)
    assert state["empty"]  # deleteAll: no table, no alarm
    assert state["alarm"] is None
    harness.reset_limits()
    assert harness.http.get(f"/api/rooms/{code}").status_code == 404
    assert harness.logs()["errors"] == []
