"""The speaking order: drawn once per game, Mr. White never opens a round."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from undercover.rules.roles import PlayerId


def draw_speaking_order(
    players: Sequence[PlayerId], mr_white: PlayerId | None, rng: random.Random
) -> tuple[PlayerId, ...]:
    """A uniform permutation among those where Mr. White is not first (rejection sampling)."""
    order = list(players)
    while True:
        rng.shuffle(order)
        if mr_white is None or len(order) < 2 or order[0] != mr_white:
            return tuple(order)


def round_order(
    speaking_order: Sequence[PlayerId], alive: Collection[PlayerId], mr_white: PlayerId | None
) -> tuple[PlayerId, ...]:
    """One clue round: the alive players in the game's order; if Mr. White would open it,
    he swaps places with the next speaker."""
    order = [p for p in speaking_order if p in alive]
    if len(order) >= 2 and order[0] == mr_white:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


def next_after(
    speaking_order: Sequence[PlayerId], alive: Collection[PlayerId], previous: PlayerId | None
) -> PlayerId | None:
    """The first alive player after `previous` in the speaking order, cyclically."""
    if not alive:
        return None
    start = speaking_order.index(previous) + 1 if previous in speaking_order else 0
    n = len(speaking_order)
    for step in range(n):
        candidate = speaking_order[(start + step) % n]
        if candidate in alive:
            return candidate
    return None
