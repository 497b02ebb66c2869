"""Counting ballots: plurality, phantom votes added on the first ballot of a cycle only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from undercover.rules.roles import PlayerId


def count_votes(
    candidates: Sequence[PlayerId],
    ballots: Mapping[PlayerId, PlayerId | None],
    phantom_votes: Mapping[PlayerId, int],
) -> dict[PlayerId, int]:
    """Votes received by each candidate (abstentions count for nobody).

    >>> count_votes(["a", "b"], {"a": "b", "b": None}, {"a": 2})
    {'a': 2, 'b': 1}
    """
    received = dict.fromkeys(candidates, 0)
    for target in ballots.values():
        if target is not None and target in received:
            received[target] += 1
    for player, count in phantom_votes.items():
        if player in received:
            received[player] += count
    return received


def leaders(received: Mapping[PlayerId, int]) -> tuple[PlayerId, ...]:
    """Everyone with the most votes, if anyone received any."""
    top = max(received.values(), default=0)
    if top == 0:
        return ()
    return tuple(p for p, n in received.items() if n == top)
