import pytest

from undercover.rules import (
    BallotKind,
    Camp,
    Mode,
    RuleViolation,
    SkipReason,
    Stage,
    cast_ballot,
    close_vote,
    kick,
)
from undercover.rules.errors import Fault

from .table import clue_all, table


def test_kicking_the_speaker_passes_the_turn() -> None:
    game = kick(table("Ca Cb Cc Cd Ue"), "a")
    assert game.speaker == "b"
    assert game.kicked == ("a",)
    assert game.recap[-2].kind == "kick"
    assert game.recap[-1].skipped is SkipReason.KICKED  # type: ignore[union-attr]


def test_kicking_a_later_speaker_removes_them_from_the_round() -> None:
    game = kick(table("Ca Cb Cc Cd Ue"), "c")
    game = clue_all(game)
    assert [e.player for e in game.recap if e.kind == "clue"] == ["a", "b", "d", "e"]


def test_kicking_the_last_impostor_gives_the_civilians_the_win_at_once() -> None:
    game = kick(table("Ca Cb Cc Ud"), "d")
    assert game.outcome is not None
    assert game.outcome.winners == (Camp.CIVILIANS,)


def test_kick_during_the_vote_recounts_and_voters_against_them_vote_again() -> None:
    game = clue_all(table("Ca Cb Cc Cd Ue"))
    for voter, target in {"a": "b", "c": "b", "b": "a", "e": "a"}.items():
        game = cast_ballot(game, voter, target)
    game = kick(game, "b")
    assert game.ballots == {"e": "a"}  # b's own ballot and the ballots against b are gone
    assert "b" not in game.candidates


def test_kick_leaving_a_single_runoff_candidate_reopens_the_vote() -> None:
    game = clue_all(table("Ca Cb Cc Cd Ue"))
    for voter, target in {"a": "b", "b": "a"}.items():
        game = cast_ballot(game, voter, target)
    game = close_vote(game)
    assert game.ballot_kind is BallotKind.RUNOFF
    game = kick(game, "b")
    assert game.ballot_kind is BallotKind.REOPENED
    assert game.candidates == game.alive


def test_kicking_the_proposer_uses_a_builtin_theme() -> None:
    game = table("Ca Cb Cc Ud", mode=Mode.GRADE)
    game = kick(game, "a")
    assert game.stage is Stage.CLUE
    assert game.speaker == "b"


def test_kicking_mr_white_during_his_guess_loses_it() -> None:
    game = clue_all(table("Ca Cb Cc Ud Ww"))
    for voter in "abcd":
        game = cast_ballot(game, voter, "w")
    game = kick(close_vote(game), "w")
    assert game.stage is Stage.CLUE
    assert game.recap[-1].kind == "guess"


def test_unknown_player_is_a_host_error() -> None:
    with pytest.raises(RuleViolation) as error:
        kick(table("Ca Cb Uc"), "nobody")
    assert error.value.fault is Fault.HOST


def test_no_kick_after_the_end() -> None:
    game = kick(table("Ca Cb Cc Ud"), "d")
    with pytest.raises(RuleViolation):
        kick(game, "a")
