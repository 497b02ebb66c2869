"""Grade mode: two grades 0–20 exactly `gap` apart, always achievable."""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from undercover.rules.errors import host_error
from undercover.rules.settings import GRADE_MAX, GRADE_MIN


class Grades(BaseModel):
    model_config = ConfigDict(frozen=True)

    civilian: int
    undercover: int


def draw_grades(gap: int, rng: random.Random) -> Grades:
    """Draw the civilian grade among values that admit the gap, then a valid direction.

    >>> g = draw_grades(20, random.Random(1)); sorted((g.civilian, g.undercover))
    [0, 20]
    """
    if not 1 <= gap <= GRADE_MAX - GRADE_MIN:
        raise host_error("settings.grade_gap", f"the grade gap must be 1 to 20, not {gap}")
    possible = [
        c for c in range(GRADE_MIN, GRADE_MAX + 1) if c + gap <= GRADE_MAX or c - gap >= GRADE_MIN
    ]
    civilian = rng.choice(possible)
    partners = [u for u in (civilian - gap, civilian + gap) if GRADE_MIN <= u <= GRADE_MAX]
    return Grades(civilian=civilian, undercover=rng.choice(partners))
