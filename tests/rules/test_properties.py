"""Random legal games, 3–20 players, both modes: the rules' invariants hold to the end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from undercover.rules import (
    CAMP_OF,
    MAX_BALLOT_CHANGES,
    MIN_PLAYERS,
    MR_WHITE_MIN_PLAYERS,
    Camp,
    EndReason,
    Mode,
    RuleSettings,
    RuleViolation,
    SkipReason,
    Stage,
    VoteResult,
    Words,
    ballots_complete,
    cast_ballot,
    close_vote,
    give_clue,
    guess,
    kick,
    max_inputs,
    max_recap_entries,
    propose_theme,
    skip_clue,
    skip_guess,
    skip_theme,
    start_game,
)
from undercover.rules.game import Game
from undercover.rules.roles import Role

WORDS = Words(civilian="Poudlard", undercover="Beauxbâtons", civilian_aliases=("Hogwarts",))


def random_step(game: Game, rng: random.Random, abstain: float = 0.0) -> Game:
    """One random legal input (or a timeout/kick), as a table of careless players would;
    `abstain` is how often a ballot is an abstention on purpose."""
    if rng.random() < 0.02:
        return kick(game, rng.choice(game.alive))
    match game.stage:
        case Stage.THEME:
            if rng.random() < 0.3:
                return skip_theme(game)
            return propose_theme(game, game.proposer or "", "les vacances")
        case Stage.CLUE:
            roll = rng.random()
            if roll < 0.15:
                return skip_clue(game, SkipReason.TIMEOUT)
            if roll < 0.25:
                return skip_clue(game, SkipReason.ABSENT)
            return give_clue(game, game.speaker or "", "indice")
        case Stage.VOTE:
            voter = rng.choice(game.alive)
            if (ballots_complete(game) and rng.random() < 0.5) or rng.random() < 0.05:
                return close_vote(game)
            if game.ballot_changes.get(voter, 0) >= MAX_BALLOT_CHANGES:
                return close_vote(game)
            targets = [c for c in game.candidates if c != voter]
            if rng.random() < abstain:
                targets = []
            return cast_ballot(game, voter, rng.choice([*targets, None]) if targets else None)
        case Stage.GUESS:
            roll = rng.random()
            if roll < 0.3:
                return skip_guess(game)
            word = "hogwarts" if game.words else str(game.grades.civilian if game.grades else 0)
            return guess(game, game.guesser or "", word if roll < 0.5 else "12")
    raise AssertionError(f"no input in stage {game.stage}")


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(min_value=MIN_PLAYERS, max_value=20),
    mode=st.sampled_from(Mode),
    mr_white=st.booleans(),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
    abstain=st.sampled_from([0.0, 0.5, 0.97, 1.0]),
)
def test_random_games_end_with_one_outcome_within_the_bound(
    players: int, mode: Mode, mr_white: bool, rounds: int, seed: int, abstain: float
) -> None:
    """Also a table that keeps abstaining: its game still ends within both bounds."""
    mr_white = mr_white and players >= MR_WHITE_MIN_PLAYERS
    rule_settings = RuleSettings(mode=mode, mr_white=mr_white, clue_rounds_per_vote=rounds)
    names = [f"p{i}" for i in range(players)]
    game = start_game(names, rule_settings, seed, WORDS)
    civilians = sum(1 for r in game.roles.values() if r is Role.CIVILIAN)
    assert 2 * civilians > players
    rng = random.Random(seed)
    bound = max_inputs(players, rule_settings)
    for _ in range(bound):
        if game.is_over:
            break
        before = game
        game = random_step(game, rng, abstain)
        assert len(game.recap) <= max_recap_entries(players, rule_settings)
        # Nobody eliminated or kicked ever speaks, proposes or is asked to guess again.
        out = set(game.eliminated) | set(game.kicked)
        assert game.speaker not in out
        assert game.proposer not in out or game.stage is not Stage.THEME
        assert set(game.ballots) <= set(game.alive)
        # Phantom votes are reset by the first tally of each vote.
        if before.stage is Stage.VOTE and game.last_vote is not before.last_vote:
            assert game.phantom_votes == {}
            check_tally(game)
        # Mr. White never opens a round of two speakers or more.
        assert len(game.round_speakers) < 2 or game.round_speakers[0] != game.mr_white
    assert game.is_over, "the game did not end within max_inputs"
    assert game.outcome is not None
    assert game.outcome.winners
    assert len(set(game.outcome.winners)) == len(game.outcome.winners)
    check_winners(game)


def check_tally(game: Game) -> None:
    """A runoff is open to the tied players only (whoever else got votes), a reopened vote
    to every alive player."""
    tally = game.last_vote
    assert tally is not None
    if tally.result is VoteResult.RUNOFF:
        assert game.candidates == tally.tied
        assert set(tally.tied) <= set(game.alive)
    elif tally.result is VoteResult.REOPENED:
        assert game.candidates == game.alive


def check_winners(game: Game) -> None:
    """The impostors' wins go to every impostor camp with a member alive, together; the
    winners are the camps' members who were not kicked, eliminated ones included."""
    outcome = game.outcome
    assert outcome is not None
    alive_camps = {CAMP_OF[game.roles[p]] for p in game.alive}
    if outcome.reason in (EndReason.CIVILIANS_OUTNUMBERED, EndReason.TABLE_ABSTAINED):
        assert set(outcome.winners) == alive_camps - {Camp.CIVILIANS}
    winners = {p for p, r in game.roles.items() if CAMP_OF[r] in outcome.winners}
    assert set(outcome.winning_players) == winners - set(game.kicked)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(3, 20))
def test_same_seed_and_inputs_give_the_same_game(seed: int, players: int) -> None:
    names = [f"p{i}" for i in range(players)]

    def play() -> Game:
        game = start_game(names, RuleSettings(), seed, WORDS)
        rng = random.Random(seed)
        while not game.is_over:
            game = random_step(game, rng)
        return game

    assert play() == play()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_rejected_inputs_leave_the_game_unchanged(seed: int) -> None:
    game = start_game(["a", "b", "c", "d", "e"], RuleSettings(), seed, WORDS)
    snapshot = game.model_dump()
    not_speaker = next(p for p in game.alive if p != game.speaker)
    for attempt in (
        lambda: give_clue(game, not_speaker, "hors tour"),
        lambda: cast_ballot(game, "a", "b"),
        lambda: guess(game, "a", "x"),
        lambda: kick(game, "zz"),
        lambda: give_clue(game, game.speaker or "", "<script>"),
    ):
        try:
            attempt()
        except RuleViolation:
            pass
        else:
            raise AssertionError("an illegal input was accepted")
    assert game.model_dump() == snapshot
