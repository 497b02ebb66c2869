"""engine/phases/voting.py: ballots, the grace after the last one, the timer, runoffs."""

from __future__ import annotations

from typing import Any

from tests.engine.table import Table
from undercover.engine.commands import CastVote, WithdrawVote
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.engine.state import RECONNECT_GRACE_SECONDS
from undercover.rules import VOTE_GRACE_SECONDS, Role


def voting(*names: str, **settings: Any) -> Table:
    table = Table.seated(*names, **settings).started().clue_round()
    assert table.phase == "voting"
    return table


def test_last_ballot_ends_voting_after_the_grace() -> None:
    table = voting("ana", "ben", "cy", "dan")
    table.cast_vote("ana", "cy").cast_vote("ben", "cy").cast_vote("cy", "ana")
    assert table.view("ana")["vote_grace_deadline"] is None
    table.cast_vote("dan", "cy")
    assert table.view("ana")["vote_grace_deadline"] == table.now + VOTE_GRACE_SECONDS
    table.tick(VOTE_GRACE_SECONDS - 1)
    assert table.phase == "voting"
    table.tick(1)
    assert table.phase == "reveal"
    assert table.view("ben")["revealed"] == table.pid("cy")


def test_a_ballot_can_change_during_the_grace() -> None:
    table = voting("ana", "ben", "cy", "dan")
    for voter, target in (("ana", "cy"), ("ben", "cy"), ("cy", "ana"), ("dan", "cy")):
        table.cast_vote(voter, target)
    table.tick(1).cast_vote("ben", "ana").cast_vote("dan", "ana")
    table.tick(VOTE_GRACE_SECONDS)
    assert table.view("ben")["revealed"] == table.pid("ana")


def test_who_voted_is_public_but_not_for_whom() -> None:
    table = voting("ana", "ben", "cy", "dan")
    table.cast_vote("ana", "cy")
    view = table.view("ben")
    assert view["game"]["voters"] == [table.pid("ana")]
    assert (view["game"]["ballots_cast"], view["game"]["ballots_expected"]) == (1, 4)
    assert table.pid("cy") not in str(view["game"]["voters"])
    assert view["me"]["ballot"] == {"cast": False, "target": None}
    assert table.view("ana")["me"]["ballot"] == {"cast": True, "target": table.pid("cy")}


def test_the_vote_timer_closes_the_vote() -> None:
    table = voting("ana", "ben", "cy", "dan", vote_seconds=30)
    table.cast_vote("ana", "cy")
    table.tick(29)
    assert table.phase == "voting"
    table.tick(1)
    assert table.phase == "reveal"


def test_an_absent_player_counts_as_abstaining() -> None:
    table = voting("ana", "ben", "cy", "dan")
    table.disconnect("dan")
    for voter in ("ana", "ben", "cy"):
        table.cast_vote(voter, "dan" if voter != "dan" else "ana")
    assert table.view("ana")["vote_grace_deadline"] is None
    table.tick(RECONNECT_GRACE_SECONDS)
    assert table.view("ana")["vote_grace_deadline"] == table.now + VOTE_GRACE_SECONDS


def test_a_tie_opens_a_runoff_as_a_new_phase() -> None:
    table = voting("ana", "ben", "cy", "dan")
    for voter, target in (("ana", "cy"), ("ben", "cy"), ("cy", "ana"), ("dan", "ana")):
        table.cast_vote(voter, target)
    seq = table.seq
    table.tick(VOTE_GRACE_SECONDS)
    assert table.phase == "voting"
    assert table.seq == seq + 1
    assert set(table.view("ben")["game"]["candidates"]) == {table.pid("ana"), table.pid("cy")}
    late = CastVote(seq=seq, target=table.pid("cy"))
    assert table.rejected("ben", late) == "seq.stale"
    assert table.rejected("ana", CastVote(seq=table.seq, target=table.pid("ben"))) == (
        "vote.not_candidate"
    )


def test_a_kick_withdrawing_ballots_cancels_the_grace() -> None:
    table = voting("ana", "ben", "cy", "dan", "eve")
    target = next(n for n in table.with_role(Role.CIVILIAN) if n != "ana")
    for voter in ("ana", "ben", "cy", "dan", "eve"):
        table.cast_vote(voter, target if voter != target else "ana")
    assert table.view("ana")["vote_grace_deadline"] is not None
    table.kick(target)
    assert table.phase == "voting"
    view = table.view("ana")
    assert view["vote_grace_deadline"] is None
    assert view["game"]["voters"] == []
    assert view["game"]["kicked"][0]["player_id"] == table.pid(target)


def test_after_the_reveal_pause_the_game_goes_on() -> None:
    table = voting("ana", "ben", "cy", "dan", "eve")
    for voter in ("ana", "ben", "cy", "dan", "eve"):
        table.cast_vote(voter, "ana" if voter != "ana" else "ben")
    table.tick(VOTE_GRACE_SECONDS)
    assert table.phase == "reveal"
    table.tick(REVEAL_SECONDS)
    assert table.phase in ("clues", "ended", "guess")


def test_a_withdrawn_ballot_is_as_if_never_cast_and_cancels_the_grace() -> None:
    table = voting("ana", "ben", "cy", "dan")
    assert table.rejected("ana", WithdrawVote(seq=table.seq)) == "vote.not_cast"
    for voter in ("ana", "ben", "cy", "dan"):
        table.cast_vote(voter, "cy" if voter != "cy" else "ana")
    assert table.view("ana")["vote_grace_deadline"] == table.now + VOTE_GRACE_SECONDS
    table.run("ana", WithdrawVote(seq=table.seq))
    view = table.view("ana")
    assert view["vote_grace_deadline"] is None
    assert view["me"]["ballot"] == {"cast": False, "target": None}
    assert table.pid("ana") not in view["game"]["voters"]
    table.tick(VOTE_GRACE_SECONDS)
    assert table.phase == "voting"
    table.cast_vote("ana", "ben")
    assert table.view("ana")["me"]["ballot"] == {"cast": True, "target": table.pid("ben")}
