"""Grade mode: two grades 0–20 exactly `gap` apart, drawn so that one's own grade tells nothing.

The lower grade is uniform over every value that admits the gap, and a fair coin gives it to
the civilians or to the undercovers. Each camp's grade then follows the same distribution, so
for any grade a player sees, the chance of being a civilian is exactly what it was before the
deal (the share of civilians among the players holding a grade), for every gap and player
count. Drawing the civilians' grade first (the old way) made grades near 0 and 20 twice as
likely for them: a grade in 0–4 meant 89 % civilian instead of 80 % at 5 players, gap 5.
"""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from undercover.rules.codes import RuleCode
from undercover.rules.errors import host_error
from undercover.rules.settings import GRADE_MAX, GRADE_MIN


class Grades(BaseModel):
    model_config = ConfigDict(frozen=True)

    civilian: int
    undercover: int


def grade_outcomes(gap: int) -> tuple[Grades, ...]:
    """Every (civilian, undercover) pair `gap` apart, each exactly as likely to be drawn.

    >>> [(g.civilian, g.undercover) for g in grade_outcomes(20)]
    [(0, 20), (20, 0)]
    """
    if not 1 <= gap <= GRADE_MAX - GRADE_MIN:
        raise host_error(RuleCode.SETTINGS_GRADE_GAP, f"the grade gap must be 1 to 20, not {gap}")
    return tuple(
        pair
        for lower in range(GRADE_MIN, GRADE_MAX - gap + 1)
        for pair in (
            Grades(civilian=lower, undercover=lower + gap),
            Grades(civilian=lower + gap, undercover=lower),
        )
    )


def draw_grades(gap: int, rng: random.Random) -> Grades:
    """One of `grade_outcomes(gap)`, uniformly: the lower grade, then which camp holds it."""
    return rng.choice(grade_outcomes(gap))
