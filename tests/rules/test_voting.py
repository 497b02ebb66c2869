import pytest

from undercover.rules import (
    BallotKind,
    Camp,
    EndReason,
    RuleViolation,
    SkipReason,
    Stage,
    VoteResult,
    ballots_complete,
    cast_ballot,
    close_vote,
    skip_clue,
)
from undercover.rules.game import Game
from undercover.rules.settings import MAX_BALLOT_CHANGES

from .table import clue_all, table


def voting(spec: str = "Ca Cb Cc Cd Ue") -> Game:
    return clue_all(table(spec))


def vote(game: Game, **ballots: str | None) -> Game:
    for voter, target in ballots.items():
        game = cast_ballot(game, voter, target)
    return game


def test_plurality_eliminates_without_majority() -> None:
    game = vote(voting(), a="e", b="e", c="d", d="a", e=None)
    game = close_vote(game)
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.ELIMINATED
    assert game.eliminated == ("e",)


def test_a_ballot_may_change_until_the_vote_closes() -> None:
    game = vote(voting(), a="b", b="a", c="a")
    game = cast_ballot(game, "a", "c")
    game = cast_ballot(game, "b", "c")
    assert close_vote(game).eliminated == ("c",)


@pytest.mark.parametrize(
    ("voter", "target", "code"),
    [
        ("a", "a", "vote.self_vote"),
        ("a", "zz", "vote.unknown_target"),
        ("zz", "a", "vote.not_alive"),
    ],
)
def test_illegal_ballots_are_refused(voter: str, target: str, code: str) -> None:
    game = voting()
    with pytest.raises(RuleViolation) as error:
        cast_ballot(game, voter, target)
    assert error.value.code == code


def test_voting_outside_the_vote_is_refused() -> None:
    with pytest.raises(RuleViolation) as error:
        cast_ballot(table("Ca Cb Uc"), "a", "b")
    assert error.value.code == "vote.not_voting"


def test_ballot_changes_are_bounded() -> None:
    game = voting()
    for i in range(MAX_BALLOT_CHANGES + 1):
        game = cast_ballot(game, "a", "b" if i % 2 else "c")
    with pytest.raises(RuleViolation) as error:
        cast_ballot(game, "a", "d")
    assert error.value.code == "vote.too_many_changes"


def test_complete_when_everyone_voted_or_abstained_or_is_absent() -> None:
    game = vote(voting(), a="b", b=None, c="a", d="a")
    assert not ballots_complete(game)
    assert ballots_complete(game, absent={"e"})
    assert ballots_complete(cast_ballot(game, "e", None))


def test_tie_starts_a_runoff_restricted_to_the_tied() -> None:
    game = close_vote(vote(voting(), a="b", b="a", c="a", d="b", e=None))
    assert game.stage is Stage.VOTE
    assert game.ballot_kind is BallotKind.RUNOFF
    assert game.candidates == ("a", "b")
    with pytest.raises(RuleViolation) as error:
        cast_ballot(game, "c", "e")
    assert error.value.code == "vote.not_candidate"


def test_a_second_tie_reopens_the_vote_to_everyone() -> None:
    game = close_vote(vote(voting(), a="b", b="a", c="a", d="b"))
    game = close_vote(vote(game, a="b", b="a", c="a", d="b"))
    assert game.ballot_kind is BallotKind.REOPENED
    assert game.candidates == game.alive


def test_a_third_tie_eliminates_nobody_and_opens_the_next_cycle() -> None:
    game = close_vote(vote(voting(), a="b", b="a"))
    game = close_vote(vote(game, a="b", b="a"))
    game = close_vote(vote(game, a="b", b="a"))
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.NULL
    assert game.stage is Stage.CLUE
    assert game.cycle == 2
    assert len(game.alive) == 5


def test_all_abstentions_eliminate_nobody() -> None:
    game = close_vote(vote(voting(), a=None, b=None, c=None, d=None, e=None))
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.NULL
    assert game.eliminated == ()


def test_three_null_votes_of_pure_abstention_draw_nobody_and_the_impostors_win() -> None:
    game = voting()
    for _ in range(2):
        game = clue_all(close_vote(game))
    assert game.null_votes_in_row == 2
    game = close_vote(game)
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.NULL
    assert game.eliminated == ()  # an abstention never becomes a vote
    assert game.outcome is not None
    assert game.outcome.reason is EndReason.TABLE_ABSTAINED
    assert game.outcome.winners == (Camp.UNDERCOVERS,)


def tied_then_abstained(seed: int) -> Game:
    """a and b tie three times in cycle 1 (null vote), then two votes of pure abstention."""
    game = voting().model_copy(update={"seed": seed})
    for _ in range(3):
        game = close_vote(vote(game, a="b", b="a"))
    game = clue_all(game)
    assert game.null_votes_in_row == 1
    return close_vote(clue_all(close_vote(game)))


@pytest.mark.parametrize("seed", range(12))
def test_the_third_null_vote_draws_only_among_players_who_received_votes(seed: int) -> None:
    game = tied_then_abstained(seed)
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.LOT
    assert game.eliminated in {("a",), ("b",)}
    assert game.null_votes_in_row == 0


def test_the_lot_counts_only_the_current_run_of_null_votes() -> None:
    # c is accused in cycle 1 and eliminated; the run of null votes after it starts afresh.
    game = close_vote(vote(voting("Ca Cb Cc Cd Ce Uf"), a="c", b="c"))
    assert game.eliminated == ("c",)
    game = clue_all(game)
    game = close_vote(vote(game, a="b", b="a"))  # runoff
    game = close_vote(vote(game, a="b", b="a"))  # reopened
    game = clue_all(close_vote(vote(game, a="b", b="a")))  # null 1
    game = clue_all(close_vote(game))  # null 2
    game = close_vote(game)
    assert game.eliminated[1:] in {("a",), ("b",)}


def test_an_accused_player_who_was_kicked_is_not_drawn() -> None:
    from undercover.rules import kick

    game = voting("Ca Cb Cc Cd Ce Uf")
    for _ in range(3):
        game = close_vote(vote(game, a="b", b="a"))
    game = kick(clue_all(game), "a")
    game = close_vote(clue_all(close_vote(game)))
    assert game.eliminated == ("b",)


def test_phantom_votes_count_in_the_next_tally_then_reset() -> None:
    game = skip_clue(table("Ca Cb Cc Cd Ue"), SkipReason.TIMEOUT)  # a earns one phantom vote
    game = clue_all(game)
    game = close_vote(vote(game, b="e", c=None, d=None, e=None))
    assert game.last_vote is not None
    assert game.last_vote.received["a"] == 1
    assert game.last_vote.result is VoteResult.RUNOFF  # a and e both have 1
    assert game.phantom_votes == {}
    game = close_vote(vote(game, b="e"))  # the runoff counts no phantom vote
    assert game.eliminated == ("e",)


def test_phantom_votes_alone_can_decide() -> None:
    game = skip_clue(table("Ca Cb Cc Cd Ue"), SkipReason.TIMEOUT)
    game = close_vote(clue_all(game))
    assert game.eliminated == ("a",)


def test_an_eliminated_or_kicked_player_no_longer_votes() -> None:
    from undercover.rules import kick

    game = close_vote(vote(voting("Ca Cb Cc Cd Ce Uf"), a="b", c="b", d="b"))
    assert game.eliminated == ("b",)
    game = kick(clue_all(game), "c")
    for gone in ("b", "c"):
        with pytest.raises(RuleViolation) as error:
            cast_ballot(game, gone, "a")
        assert error.value.code == "vote.not_alive"


def test_phantom_votes_are_reset_by_the_tally_whatever_its_result() -> None:
    game = skip_clue(table("Ca Cb Cc Cd Ue"), SkipReason.TIMEOUT)  # a: one phantom vote
    game = clue_all(game)
    game = close_vote(vote(game, b="e"))  # a and e tie at 1: a runoff
    assert game.ballot_kind is BallotKind.RUNOFF
    assert game.phantom_votes == {}
    game = close_vote(vote(game, b="e", c="a"))  # tied again on real ballots: reopened
    assert game.last_vote is not None
    assert game.last_vote.received == {"a": 1, "e": 1}


@pytest.mark.parametrize("seed", range(12))
def test_a_vote_before_the_run_of_null_votes_does_not_count_for_the_lot(seed: int) -> None:
    game = voting("Ca Cb Cc Cd Ce Cf Ug Uh").model_copy(update={"seed": seed})
    game = clue_all(close_vote(vote(game, a="c", b="c", d="e")))  # c out; e accused, alive
    assert game.eliminated == ("c",)
    for _ in range(3):  # a and b tie three times: null vote 1
        game = close_vote(vote(game, a="b", b="a"))
    game = clue_all(game)
    game = close_vote(clue_all(close_vote(game)))  # null vote 2, then the lot
    assert game.last_vote is not None
    assert game.last_vote.result is VoteResult.LOT
    assert game.eliminated[1:] in {("a",), ("b",)}


def test_a_table_that_ties_every_vote_reaches_the_cycle_bound_and_no_further() -> None:
    from undercover.rules import max_cycles

    game = voting("Ca Cb Uc")
    while not game.is_over:
        game = close_vote(vote(game, a="b", b="a"))  # first, runoff, reopened: all tied
        game = close_vote(vote(game, a="b", b="a")) if game.stage is Stage.VOTE else game
        game = close_vote(vote(game, a="b", b="a")) if game.stage is Stage.VOTE else game
        game = clue_all(game) if game.stage is Stage.CLUE else game
    # Two null cycles, then the lot: 3 cycles for the one elimination 3 players can take.
    assert game.cycle == max_cycles(3) == 3
