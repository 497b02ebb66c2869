"""engine/machine.py: dispatch, stale phases, rejected inputs, host transfer."""

from __future__ import annotations

import pytest

from tests.engine.content import DECK
from tests.engine.table import PHASES, Table
from undercover.engine.commands import (
    CastVote,
    ConfirmRole,
    Connected,
    Disconnected,
    GiveClue,
    Guess,
    Rematch,
    StartGame,
)
from undercover.engine.effects import Changed
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.state import RECONNECT_GRACE_SECONDS


@pytest.mark.parametrize("phase", PHASES)
def test_inputs_aimed_at_another_phase_are_rejected(phase: str) -> None:
    table = Table.at(phase)
    stale = table.seq - 1
    for command in (
        StartGame(seq=stale),
        ConfirmRole(seq=stale),
        GiveClue(seq=stale, text="x"),
        CastVote(seq=stale, target=None),
        Guess(seq=stale, text="x"),
        Rematch(seq=stale),
    ):
        assert table.rejected("ana", command) == "seq.stale"


@pytest.mark.parametrize("phase", PHASES)
def test_each_phase_refuses_the_other_phases_commands(phase: str) -> None:
    table = Table.at(phase)
    seq = table.seq
    expected = {
        StartGame(seq=seq): "start.not_in_lobby",
        ConfirmRole(seq=seq): "role.not_in_reveal",
        GiveClue(seq=seq, text="x"): "clue.not_in_clues",
        CastVote(seq=seq, target=None): "vote.not_in_voting",
        Guess(seq=seq, text="x"): "guess.not_in_guess",
        Rematch(seq=seq): "rematch.not_ended",
    }
    accepted_here = {
        "lobby": StartGame,
        "role_reveal": ConfirmRole,
        "clues": GiveClue,
        "voting": CastVote,
        "guess": Guess,
        "ended": Rematch,
    }.get(phase)
    for command, code in expected.items():
        if not isinstance(command, accepted_here or ()):
            assert table.rejected("ana", command) == code


def test_a_player_not_seated_can_do_nothing() -> None:
    table = Table.at("voting")
    table.now += 1
    before = table.room
    with pytest.raises(Rejected) as caught:
        apply(table.room, None, CastVote(seq=table.seq, target=None), table.now, DECK)
    assert caught.value.code == "room.not_seated"
    assert table.room is before


def test_accepted_changes_are_broadcast_and_no_op_inputs_are_not() -> None:
    table = Table.at("clues")
    table.give_clue(table.speaker)
    assert table.effects == [Changed()]
    table.run(None, Disconnected(player_id="p99"))
    assert table.effects == []


@pytest.mark.parametrize("phase", PHASES)
def test_the_host_role_passes_on_after_the_grace_and_stays(phase: str) -> None:
    table = Table.at(phase).disconnect("ana")
    table.tick(RECONNECT_GRACE_SECONDS - 1)
    assert table.view("ben")["host"] == table.pid("ana")
    table.tick(1)
    assert table.view("ben")["host"] == table.pid("ben")
    table.reconnect("ana")
    assert table.view("ben")["host"] == table.pid("ben")


def test_host_transfer_follows_seat_order_among_connected_players() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").disconnect("ben").disconnect("ana")
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.view("cy")["host"] == table.pid("cy")


def test_a_host_leaving_the_lobby_hands_over_at_once() -> None:
    table = Table.seated("ana", "ben", "cy").leave("ana")
    assert table.view("ben")["host"] == table.pid("ben")


def test_connected_marks_a_seat_back() -> None:
    table = Table.at("clues").disconnect("cy")
    table.run(None, Connected(player_id=table.pid("cy")))
    assert {p["nickname"]: p["connected"] for p in table.view("ana")["players"]}["cy"] is True
