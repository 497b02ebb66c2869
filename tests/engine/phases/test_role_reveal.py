"""engine/phases/role_reveal.py: confirmations and the reveal delay."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.commands import ConfirmRole, Resumed, StartGame
from undercover.engine.phases.role_reveal import ROLE_REVEAL_SECONDS
from undercover.engine.state import RECONNECT_GRACE_SECONDS


def revealing() -> Table:
    table = Table.seated("ana", "ben", "cy", "dan")
    return table.run("ana", StartGame(seq=table.seq))


def test_the_phase_ends_when_every_player_confirmed() -> None:
    table = revealing()
    for name in ("ana", "ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
    assert table.phase == "role_reveal"
    assert table.view("ana")["confirmed"] == [table.pid(n) for n in ("ana", "ben", "cy")]
    table.run("dan", ConfirmRole(seq=table.seq))
    assert table.phase == "clues"


def test_a_player_within_the_reconnection_grace_is_still_awaited() -> None:
    table = revealing().disconnect("dan")
    for name in ("ana", "ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
    assert table.phase == "role_reveal"  # a phone blip does not skip dan's card
    table.tick(RECONNECT_GRACE_SECONDS - 1).reconnect("dan")
    assert table.phase == "role_reveal"
    table.run("dan", ConfirmRole(seq=table.seq))
    assert table.phase == "clues"


def test_a_player_absent_beyond_the_grace_is_no_longer_awaited() -> None:
    table = revealing().disconnect("dan")
    for name in ("ana", "ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.phase == "clues"


def test_a_restart_during_the_reveal_waits_for_everyone_to_come_back() -> None:
    table = revealing()
    table.run("ana", ConfirmRole(seq=table.seq))
    table.tick(0.5).run(None, Resumed(connected=()))  # the server restarted: no socket left
    table.reconnect("ana")
    assert table.phase == "role_reveal"
    for name in ("ben", "cy", "dan"):
        table.reconnect(name)
        assert table.phase == "role_reveal"
    for name in ("ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
    assert table.phase == "role_reveal"
    table.run("dan", ConfirmRole(seq=table.seq))
    assert table.phase == "clues"


def test_the_phase_ends_after_the_delay() -> None:
    table = revealing()
    table.tick(ROLE_REVEAL_SECONDS - 1)
    assert table.phase == "role_reveal"
    table.tick(1)
    assert table.phase == "clues"


def test_confirming_twice_is_harmless_and_spectators_cannot_confirm() -> None:
    table = revealing().join("zoe")
    table.run("ana", ConfirmRole(seq=table.seq)).run("ana", ConfirmRole(seq=table.seq))
    assert table.view("ana")["confirmed"] == [table.pid("ana")]
    assert table.view("ana")["me"]["confirmed"] is True
    assert table.view("ben")["me"]["confirmed"] is False
    assert table.rejected("zoe", ConfirmRole(seq=table.seq)) == "role.not_playing"
    assert table.rejected("ben", ConfirmRole(seq=table.seq - 1)) == "seq.stale"
