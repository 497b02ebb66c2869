"""Clauses of docs/rules.md at the settings and shapes of table where they bite: ties with
bystanders who got votes, kicks in the middle of a phase, several rounds, both modes."""

from __future__ import annotations

import pytest

from undercover.rules import (
    BallotKind,
    SkipReason,
    Stage,
    VoteResult,
    ballots_complete,
    cast_ballot,
    close_vote,
    kick,
    skip_clue,
    skip_theme,
)
from undercover.rules.game import Game
from undercover.rules.order import round_order

from .table import clue_all, table

SIX = "Ca Cb Cc Cd Ue Uf"


def vote(game: Game, **ballots: str | None) -> Game:
    for voter, target in ballots.items():
        game = cast_ballot(game, voter, target)
    return game


def round_played(game: Game) -> Game:
    """The round's theme (grade mode: a built-in prompt) and every clue."""
    return clue_all(skip_theme(game) if game.stage is Stage.THEME else game)


def runoff_with_a_bystander(**settings: object) -> Game:
    """a and b tied on 2 votes, c (a bystander) on 1: a runoff between a and b."""
    game = round_played(table(SIX, **settings))
    return close_vote(vote(game, a="b", b="a", c="a", d="b", e="c", f=None))


# §2 Speaking order --------------------------------------------------------------------------


@pytest.mark.parametrize("alive", [("w", "a"), ("w", "a", "b"), ("w", "a", "b", "c", "d")])
def test_mr_white_swaps_with_the_next_speaker_only(alive: tuple[str, ...]) -> None:
    order = round_order(("x", *alive), alive, "w")
    assert order == (alive[1], "w", *alive[2:])


# §3 Clue rounds and §4 phantom votes --------------------------------------------------------


@pytest.mark.parametrize("rounds", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["classic", "grade"])
def test_each_cycle_has_the_hosts_rounds_and_proposers_rotate(rounds: int, mode: str) -> None:
    game = table("Ca Cb Cc Ud", clue_rounds_per_vote=rounds, mode=mode)
    proposers = []
    for _ in range(rounds):
        assert game.stage is (Stage.THEME if mode == "grade" else Stage.CLUE)
        if mode == "grade":
            proposers.append(game.proposer)
            game = skip_theme(game)
        game = clue_all(game)
    assert game.stage is Stage.VOTE
    clues = [e for e in game.recap if e.kind == "clue"]
    assert len(clues) == 4 * rounds
    if mode == "grade":  # one per round, in speaking order, wrapping around
        assert proposers == [("a", "b", "c", "d")[i % 4] for i in range(rounds)]


@pytest.mark.parametrize("rounds", [2, 3, 5])
def test_each_missed_timer_adds_a_phantom_vote_until_the_tally(rounds: int) -> None:
    game = table("Ca Cb Cc Ud", clue_rounds_per_vote=rounds)
    for _ in range(rounds):
        game = clue_all(skip_clue(game, SkipReason.TIMEOUT))  # a misses every round
    assert game.phantom_votes == {"a": rounds}
    game = close_vote(vote(game, b="c", c=None, d=None))
    assert game.last_vote is not None
    assert game.last_vote.eliminated == "a"  # rounds phantom votes beat c's one ballot
    assert game.phantom_votes == {}


@pytest.mark.parametrize("rounds", [1, 3])
def test_a_proposer_out_of_time_or_kicked_gets_no_phantom_vote(rounds: int) -> None:
    game = table("Ca Cb Cc Ud", mode="grade", clue_rounds_per_vote=rounds)
    for _ in range(rounds):
        game = clue_all(skip_theme(game))
    assert game.phantom_votes == {}
    kicked = kick(table("Ca Cb Cc Cd Ue", mode="grade"), "a")
    assert kicked.stage is Stage.CLUE
    assert kicked.phantom_votes == {}


# §5–§6 Voting, ties --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classic", "grade"])
def test_a_runoff_is_open_to_the_tied_only_even_when_others_got_votes(mode: str) -> None:
    game = runoff_with_a_bystander(mode=mode)
    assert game.ballot_kind is BallotKind.RUNOFF
    assert game.candidates == ("a", "b")
    assert game.last_vote is not None
    assert game.last_vote.received["c"] == 1
    for target in ("c", "e", "f"):
        with pytest.raises(Exception, match="cannot be voted against"):
            cast_ballot(game, "d", target)


def test_a_runoff_waits_for_every_alive_voter_not_only_the_tied() -> None:
    game = vote(runoff_with_a_bystander(), a="b", b="a")
    assert not ballots_complete(game)
    game = vote(game, c="a", d="a", e=None)
    assert not ballots_complete(game)
    assert ballots_complete(vote(game, f="b"))
    assert ballots_complete(game, absent={"f"})


def test_a_kick_in_a_runoff_keeps_the_other_candidates() -> None:
    game = kick(vote(runoff_with_a_bystander(), c="a", e="b"), "e")  # a bystander leaves
    assert game.ballot_kind is BallotKind.RUNOFF
    assert game.candidates == ("a", "b")
    assert game.ballots == {"c": "a"}  # e's ballot is gone, c's stays


def test_a_runoff_tied_again_reopens_to_everyone_then_a_tie_is_null() -> None:
    game = close_vote(vote(runoff_with_a_bystander(), a="b", b="a"))
    assert game.ballot_kind is BallotKind.REOPENED
    assert game.candidates == game.alive
    game = close_vote(vote(game, a="e", b="f", c="e", d="f"))
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.NULL
    assert game.eliminated == ()


def null_cycle(game: Game) -> Game:
    """Every alive player abstains: a null vote, then the next cycle."""
    game = round_played(game)
    return close_vote(vote(game, **dict.fromkeys(game.alive)))


def test_an_elimination_ends_the_run_of_null_votes() -> None:
    game = null_cycle(table("Ca Cb Cc Cd Ce Uf Ug"))
    game = clue_all(game)
    game = close_vote(vote(game, a="b", c="b"))  # b eliminated: the run of null votes ends
    assert game.null_votes_in_row == 0
    game = null_cycle(null_cycle(game))
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.NULL  # the second null since, not a lot
    assert game.null_votes_in_row == 2


# §11 Kicks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classic", "grade"])
def test_kicking_a_speaker_who_is_not_first_passes_their_turn(mode: str) -> None:
    game = table("Ca Cb Cc Cd Ue", mode=mode)
    if mode == "grade":
        game = skip_theme(game)
    game = skip_clue(game, SkipReason.ABSENT)
    assert game.speaker == "b"
    game = kick(game, "b")
    assert game.speaker == "c"
    assert game.stage is Stage.CLUE
