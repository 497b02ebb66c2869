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
from undercover.rules.game import Game

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


def guessing(spec: str) -> Game:
    """Everyone votes Mr. White (w) out: his guess is pending."""
    game = clue_all(table(spec))
    for voter in game.alive:
        if voter != "w":
            game = cast_ballot(game, voter, "w")
    game = close_vote(game)
    assert game.stage is Stage.GUESS
    return game


def test_a_kick_that_decides_the_game_during_the_guess_ends_it_at_once() -> None:
    game = kick(guessing("Ca Cb Cc Cd Ue Ww"), "e")  # the last undercover leaves
    assert game.stage is Stage.OVER
    assert game.outcome is not None
    assert game.outcome.winners == (Camp.CIVILIANS,)
    assert game.recap[-1].kind == "guess"  # his chance is recorded as lost
    assert game.recap[-1].text is None  # type: ignore[union-attr]


def test_a_kick_that_leaves_the_game_open_keeps_his_guess() -> None:
    game = kick(guessing("Ca Cb Cc Cd Ue Ww"), "a")
    assert game.stage is Stage.GUESS
    assert game.outcome is None


def test_his_guess_still_stands_against_the_outcome_of_his_own_elimination() -> None:
    # Mr. White was the last impostor: his elimination decided the game, pending his guess.
    game = kick(guessing("Ca Cb Cc Cd Ww"), "a")
    assert game.stage is Stage.GUESS
    assert game.outcome is None


def test_a_kicked_players_phantom_votes_are_dropped() -> None:
    from undercover.rules import skip_clue

    game = skip_clue(table("Ca Cb Cc Cd Ue"), SkipReason.TIMEOUT)  # a earns a phantom vote
    assert game.phantom_votes == {"a": 1}
    game = kick(game, "a")
    assert game.phantom_votes == {}
    game = close_vote(clue_all(game))
    assert game.last_vote is not None
    assert game.last_vote.phantom_votes == {}
