"""A ballot from suspicions: the player who fits least, when they stand out; else abstain."""

from __future__ import annotations

import random
from collections.abc import Mapping

from undercover.bots.skills import Skill

Suspicion = Mapping[str, float]  # player -> how badly their clues fit (higher: more suspect)


def choose_ballot(
    suspicion: Suspicion,
    skill: Skill,
    rng: random.Random,
    *,
    insist: bool = False,
    caution: float = 0.0,
) -> str | None:
    """The most suspect player, or None (abstain) when nobody stands out by the skill's
    margin plus `caution`; with `insist` (a bot that reads itself as an impostor: any
    civilian out helps it), the most suspect one.

    >>> import random
    >>> from undercover.bots.skills import SKILLS
    >>> choose_ballot({"p1": 0.1, "p2": 4.0, "p3": 0.3}, SKILLS["malin"], random.Random(1))
    'p2'
    """
    if not suspicion:
        return None
    noisy = sorted(
        ((score + rng.gauss(0.0, skill.vote_noise), player) for player, score in suspicion.items()),
        reverse=True,
    )
    if insist:
        return noisy[0][1]
    if len(noisy) == 1:
        return noisy[0][1] if noisy[0][0] > caution else None
    (top, suspect), (second, _) = noisy[0], noisy[1]
    return suspect if top - second >= skill.abstain_margin + caution else None
