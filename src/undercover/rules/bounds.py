"""Termination: an upper bound on the inputs any game can take, asserted by property tests."""

from __future__ import annotations

from undercover.rules.settings import MAX_BALLOT_CHANGES, NULL_VOTES_BEFORE_LOT, Mode, RuleSettings


def max_cycles(players: int) -> int:
    """Each cycle eliminates someone, or is one of at most NULL_VOTES_BEFORE_LOT null cycles in
    a row before one that must; a game never needs more than players - 2 eliminations."""
    return (NULL_VOTES_BEFORE_LOT + 1) * max(players - 2, 1)


def max_inputs(players: int, settings: RuleSettings) -> int:
    """Every rule transition a game of `players` players can go through, kicks included.

    Per cycle: each clue round takes one theme (grade mode) and one clue per player; the vote
    takes at most three ballots (first, runoff, reopened), each with at most
    MAX_BALLOT_CHANGES + 1 ballots per voter and one closing; then one guess.
    """
    themes = 1 if settings.mode is Mode.GRADE else 0
    rounds = settings.clue_rounds_per_vote * (players + themes)
    votes = 3 * (players * (MAX_BALLOT_CHANGES + 1) + 1)
    per_cycle = rounds + votes + 1
    return players + max_cycles(players) * per_cycle  # + one kick per player at most
