"""engine/phases/role_reveal.py: confirmations and the reveal delay."""

from __future__ import annotations

from tests.engine.table import Table
from undercover.engine.commands import ConfirmRole, StartGame
from undercover.engine.phases.role_reveal import ROLE_REVEAL_SECONDS


def revealing() -> Table:
    table = Table.seated("ana", "ben", "cy", "dan")
    return table.run("ana", StartGame(seq=table.seq))


def test_the_phase_ends_when_every_connected_player_confirmed() -> None:
    table = revealing()
    for name in ("ana", "ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
    assert table.phase == "role_reveal"
    assert table.view("ana")["confirmed"] == [table.pid(n) for n in ("ana", "ben", "cy")]
    table.run("dan", ConfirmRole(seq=table.seq))
    assert table.phase == "clues"


def test_a_disconnected_player_is_not_awaited() -> None:
    table = revealing().disconnect("dan")
    for name in ("ana", "ben", "cy"):
        table.run(name, ConfirmRole(seq=table.seq))
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
