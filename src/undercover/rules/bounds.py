"""Termination: an upper bound on the inputs any game can take, asserted by property tests."""

from __future__ import annotations

from undercover.rules.settings import MAX_BALLOT_CHANGES, NULL_VOTES_BEFORE_LOT, Mode, RuleSettings


def max_cycles(players: int) -> int:
    """Each cycle eliminates someone, or is one of at most NULL_VOTES_BEFORE_LOT null cycles in
    a row before one that eliminates by lot or, if nobody was accused, ends the game (the
    table abstained); a game never needs more than players - 2 eliminations."""
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


def max_recap_entries(players: int, settings: RuleSettings) -> int:
    """The recap's length bound, hence the stored game's size (every entry is bounded too).

    Per cycle: one entry per clue or theme, at most three vote entries and one guess; each
    kick adds its own entry and at most one more (the skipped turn or the lost guess).
    """
    themes = 1 if settings.mode is Mode.GRADE else 0
    per_cycle = settings.clue_rounds_per_vote * (players + themes) + 3 + 1
    return max_cycles(players) * per_cycle + 2 * players
