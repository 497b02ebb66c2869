"""engine/deadlines.py: the single alarm, late/early/duplicate alarms, pause and restart."""

from __future__ import annotations

import pytest

from tests.engine.table import NAMES, PHASES, Table
from undercover.engine.commands import Resumed, TimePassed
from undercover.engine.deadlines import (
    IDLE_CLEANUP_SECONDS,
    RESUME_MIN_SECONDS,
    next_deadline,
    pending,
)
from undercover.engine.effects import DeleteRoom
from undercover.engine.state import RECONNECT_GRACE_SECONDS


def test_the_lobby_has_no_deadline_while_someone_is_there() -> None:
    assert next_deadline(Table.seated("ana", "ben", "cy").room) is None


def test_the_earliest_deadline_wins() -> None:
    table = Table.seated("ana", "ben", "cy", clue_seconds=60).started()
    assert next_deadline(table.room) == table.now + 60
    table.disconnect("cy")
    assert next_deadline(table.room) == table.now + RECONNECT_GRACE_SECONDS


@pytest.mark.parametrize("phase", PHASES)
def test_an_early_or_duplicate_alarm_changes_nothing(phase: str) -> None:
    table = Table.at(phase)
    deadline = next_deadline(table.room)
    before = table.room
    table.tick(0)
    assert table.room is before
    if deadline is not None:
        table.now = deadline - 0.001
        table.run(None, TimePassed())
        assert table.room is before
        table.now = deadline
        table.run(None, TimePassed())
        after = table.room
        table.run(None, TimePassed())
        assert table.room is after


def test_a_late_alarm_skips_the_late_turn_and_gives_the_next_one_its_full_time() -> None:
    table = Table.seated("ana", "ben", "cy", clue_seconds=30).started()
    slow = table.speaker
    table.tick(95)  # the alarm came more than a minute late
    assert table.view("ana")["game"]["phantom_votes"] == {table.pid(slow): 1}
    assert table.speaker != slow
    assert table.view("ana")["deadline"] == table.now + 30


def test_deadlines_passed_together_apply_earliest_first() -> None:
    table = Table.seated("ana", "ben", "cy", "dan", clue_seconds=30).started()
    order = [table.name(p) for p in table.game.speaking_order]
    table.disconnect(order[1]).tick(25).disconnect(order[2])
    table.tick(40)  # order[0] timed out at 30 s, order[1]'s and order[2]'s graces are over
    assert table.speaker == order[3]
    assert table.view("ana")["game"]["phantom_votes"] == {table.pid(order[0]): 1}


def test_nobody_connected_pauses_the_room_and_freezes_its_deadlines() -> None:
    table = Table.seated("ana", "ben", "cy", clue_seconds=60).started()
    table.tick(20)
    for name in ("ana", "ben", "cy"):
        table.disconnect(name)
    assert table.view(None)["paused"] is True
    assert [due.kind for due in pending(table.room)] == ["cleanup"]
    speaker = table.speaker
    table.tick(500)
    assert table.speaker == speaker
    table.reconnect("ben")
    assert table.view("ben")["paused"] is False
    assert table.view("ben")["deadline"] == table.now + 40
    grace = {p["nickname"]: p["grace_deadline"] for p in table.view("ben")["players"]}
    assert grace["ana"] is not None
    assert grace["ana"] > table.now


def test_an_empty_room_is_deleted_after_the_idle_delay() -> None:
    table = Table.seated("ana", "ben", "cy")
    table.disconnect("ana").disconnect("ben").disconnect("cy")
    table.tick(IDLE_CLEANUP_SECONDS - 1)
    assert DeleteRoom() not in table.effects
    table.tick(1)
    assert table.effects == [DeleteRoom()]


def test_someone_coming_back_cancels_the_cleanup() -> None:
    table = Table.seated("ana").disconnect("ana").tick(IDLE_CLEANUP_SECONDS / 2)
    table.reconnect("ana").tick(IDLE_CLEANUP_SECONDS)
    assert DeleteRoom() not in table.effects


@pytest.mark.parametrize("phase", PHASES)
def test_after_a_restart_every_deadline_leaves_at_least_15_seconds(phase: str) -> None:
    table = Table.at(phase)
    table.now += 1000  # the host was down for a while
    table.run(None, Resumed(connected=()))
    table.reconnect("ana")
    for due in pending(table.room):
        assert due.at >= table.now + RESUME_MIN_SECONDS - 0.001
    assert table.phase == phase


def test_resumed_keeps_the_listed_connections() -> None:
    table = Table.at("clues")
    table.now += 3
    table.run(None, Resumed(connected=(table.pid("ana"), table.pid("ben"))))
    connected = {p["nickname"]: p["connected"] for p in table.view("ana")["players"]}
    assert connected == {"ana": True, "ben": True, "cy": False, "dan": False, "eve": False}
    grace = {p["nickname"]: p["grace_deadline"] for p in table.view("ana")["players"]}
    assert grace["cy"] == table.now + RESUME_MIN_SECONDS


def test_a_restart_after_a_long_outage_does_not_delete_a_paused_room() -> None:
    table = Table.at("clues")
    for name in NAMES:
        table.disconnect(name)
    paused_at = table.room.paused_at
    assert paused_at is not None
    table.now += 2 * IDLE_CLEANUP_SECONDS  # the server was down for two hours
    table.run(None, Resumed(connected=()))
    assert table.room.paused_at == table.now
    assert next_deadline(table.room) == table.now + IDLE_CLEANUP_SECONDS
    table.connect("ana")
    assert table.phase == "clues"
