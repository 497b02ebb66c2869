"""engine/membership.py: joining, reconnecting, leaving, kicking, at every phase."""

from __future__ import annotations

import pytest

from tests.engine.content import DECK
from tests.engine.table import NAMES, PHASES, Table, token_of
from undercover.engine.commands import (
    CastVote,
    JoinRoom,
    Kick,
    Leave,
    Reconnect,
    SetLock,
    SetLook,
)
from undercover.engine.effects import CloseSeat, Welcome
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.seats import AVATARS, COLORS
from undercover.engine.state import RECONNECT_GRACE_SECONDS


@pytest.mark.parametrize("phase", PHASES)
def test_reconnecting_takes_back_the_same_seat_with_nothing_lost(phase: str) -> None:
    table = Table.at(phase)
    before = table.view("ben")
    table.disconnect("ben").tick(RECONNECT_GRACE_SECONDS + 1)
    table.reconnect("ben")
    assert table.effects[0] == Welcome(table.pid("ben"))
    after = table.view("ben")
    # Away past the grace, a guessing Mr. White loses his guess: he may then become a ghost.
    assert after["me"] | {"can_become_ghost": None} == before["me"] | {"can_become_ghost": None}
    assert {p["nickname"]: p["connected"] for p in after["players"]}["ben"] is True


@pytest.mark.parametrize("phase", PHASES)
def test_a_second_connection_replaces_the_first(phase: str) -> None:
    table = Table.at(phase).reconnect("cy")
    pid = table.pid("cy")
    assert table.effects[:2] == [CloseSeat(pid, "replaced"), Welcome(pid)]


def test_an_unknown_token_is_refused() -> None:
    table = Table.seated("ana", "ben", "cy")
    assert table.rejected(None, Reconnect(token="not-a-seat")) == "token.unknown"


def test_joining_again_with_ones_token_is_a_reconnection() -> None:
    table = Table.seated("ana", "ben", "cy").disconnect("ben")
    table.run(None, JoinRoom(name="whatever", token=token_of("ben")))
    assert table.effects[0] == Welcome(table.pid("ben"))
    assert len(table.room.seats) == 3


@pytest.mark.parametrize("phase", PHASES)
def test_kick_bans_the_seat_token_at_every_phase(phase: str) -> None:
    table = Table.at(phase)
    victim = "dan"
    pid = table.pid(victim)
    table.kick(victim)
    assert CloseSeat(pid, "kicked") in table.effects
    assert table.rejected(None, Reconnect(token=token_of(victim))) == "token.banned"
    assert table.rejected(None, JoinRoom(name="dan2", token=token_of(victim))) == "token.banned"
    if table.room.game is not None and phase != "ended":
        assert pid not in table.game.alive
        assert pid in table.game.kicked


@pytest.mark.parametrize("phase", PHASES)
def test_only_the_host_kicks_and_not_themselves(phase: str) -> None:
    table = Table.at(phase)
    assert table.rejected("ben", Kick(player_id=table.pid("cy"))) == "room.not_host"
    assert table.rejected("ana", Kick(player_id=table.pid("ana"))) == "kick.self"
    assert table.rejected("ana", Kick(player_id="p99")) == "kick.unknown_player"


def test_a_kick_once_the_game_is_decided_bans_and_changes_the_game_no_more() -> None:
    from undercover.rules import Role

    table = Table.seated("ana", "ben", "cy", "dan").started()
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover)
    assert (table.phase, table.game.is_over) == ("reveal", True)  # the last reveal
    game = table.game
    victim = next(name for name in ("ben", "cy", "dan") if name != undercover)
    table.kick(victim)
    assert CloseSeat(table.pid(victim), "kicked") in table.effects
    assert table.game == game  # as on the end screen: the outcome stands
    assert table.rejected(None, Reconnect(token=token_of(victim))) == "token.banned"


def test_kicking_the_speaker_passes_the_turn_in_the_same_step() -> None:
    table = Table.at("clues")
    speaker = table.speaker
    if speaker == "ana":
        table.give_clue("ana")
        speaker = table.speaker
    table.kick(speaker)
    assert table.phase == "clues"  # an impostor is still alive whoever was kicked
    assert table.game.speaker not in (None, table.pid(speaker))


def test_a_kicked_player_can_do_nothing_more() -> None:
    table = Table.at("voting")
    pid = table.pid("dan")
    table.kick("dan")
    with pytest.raises(Rejected) as caught:
        apply(table.room, pid, Leave(), table.now, DECK)
    assert caught.value.code == "room.not_seated"


@pytest.mark.parametrize("phase", PHASES[1:])
def test_late_joiners_are_spectators_without_secrets(phase: str) -> None:
    table = Table.at(phase).join("zoe")
    me = table.view("zoe")["me"]
    assert me["status"] == "spectator"
    assert me["secret"] == {"kind": None, "value": None}


@pytest.mark.parametrize("phase", PHASES)
def test_a_locked_room_refuses_newcomers_but_not_its_players(phase: str) -> None:
    table = Table.at(phase)
    table.run("ana", SetLock(locked=True))
    assert table.rejected(None, JoinRoom(name="zoe", token=token_of("zoe"))) == "room.locked"
    assert table.rejected("ben", SetLock(locked=False)) == "room.not_host"
    table.disconnect("ben").reconnect("ben")
    table.run("ana", SetLock(locked=False)).join("zoe")


@pytest.mark.parametrize("name", ["ANA", "Âna", "аna", " ana ", "a n a", "ÀNA"])
def test_names_are_unique_regardless_of_case_accents_and_look_alikes(name: str) -> None:
    table = Table.seated("ana")
    assert table.rejected(None, JoinRoom(name=name, token=token_of("x"))) == "name.taken"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "name.empty"),
        ("   ", "name.empty"),
        ("a" * 21, "name.too_long"),
        ("<b>ana</b>", "name.invalid"),
        ("an\x00a", "name.invalid"),
        ("an\u202ea", "name.invalid"),
    ],
)
def test_bad_names_are_refused(name: str, code: str) -> None:
    table = Table.seated("ben")
    assert table.rejected(None, JoinRoom(name=name, token=token_of("x"))) == code


def test_a_full_lobby_refuses_the_21st_player() -> None:
    table = Table.seated(*(f"joueur{i:02d}" for i in range(20)))
    assert table.rejected(None, JoinRoom(name="extra", token=token_of("x"))) == "room.full"


@pytest.mark.parametrize("phase", PHASES[1:-1])
def test_leaving_during_a_game_makes_the_player_absent_at_once(phase: str) -> None:
    table = Table.at(phase).leave("ben")
    assert CloseSeat(table.pid("ben"), "left") in table.effects
    shown = {p["nickname"]: p for p in table.view("ana")["players"]}["ben"]
    assert (shown["connected"], shown["absent"]) == (False, True)


def test_a_player_who_left_a_game_and_came_back_keeps_the_seat() -> None:
    table = Table.at("clues").leave("ben").reconnect("ben")
    shown = {p["nickname"]: p for p in table.view("ana")["players"]}["ben"]
    assert (shown["connected"], shown["absent"]) == (True, False)
    assert not table.room.seats[1].left


def test_a_kick_that_reopens_a_runoff_starts_a_new_ballot() -> None:
    from undercover.rules import VOTE_GRACE_SECONDS, BallotKind

    table = Table.at("voting")
    ana, ben, others = "ana", "ben", [n for n in NAMES if n not in {"ana", "ben"}]
    table.cast_vote(ana, ben).cast_vote(ben, ana)
    for name in others:
        table.cast_vote(name, None)
    table.tick(VOTE_GRACE_SECONDS)
    assert table.game.ballot_kind is BallotKind.RUNOFF
    runoff_seq = table.seq
    table.kick("ben")
    assert table.game.ballot_kind is BallotKind.REOPENED
    assert table.seq == runoff_seq + 1
    assert table.rejected("cy", CastVote(seq=runoff_seq, target=table.pid("ana"))) == "seq.stale"


def test_a_player_changes_face_in_the_lobby_to_one_nobody_else_has() -> None:
    table = Table.seated("ana", "ben", "cy")
    faces = {p["nickname"]: (p["avatar"], p["color"]) for p in table.view("ana")["players"]}
    free = next(a for a in AVATARS if a not in {face for face, _ in faces.values()})
    table.run("ben", SetLook(avatar=free))
    after = {p["nickname"]: (p["avatar"], p["color"]) for p in table.view("cy")["players"]}
    assert after["ben"] == (free, faces["ben"][1])  # the colour unchanged
    assert table.rejected("cy", SetLook(avatar=free)) == "look.taken"
    assert table.rejected("cy", SetLook(color=faces["ana"][1])) == "look.taken"
    assert table.rejected("cy", SetLook(avatar="🍕")) == "look.invalid"
    assert table.rejected("cy", SetLook(color="red")) == "look.invalid"
    table.run("ben", SetLook(avatar=faces["ben"][0], color=COLORS[-1]))  # his own back: fine
    assert table.view("ana")["players"][1]["color"] == COLORS[-1]


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "lobby"])
def test_faces_are_kept_once_a_game_starts(phase: str) -> None:
    table = Table.at(phase)
    assert table.rejected("ben", SetLook(avatar=AVATARS[-1])) == "look.not_in_lobby"
