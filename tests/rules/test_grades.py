import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

import pytest

from undercover.rules import GRADE_MAX, GRADE_MIN, RuleViolation, composition, draw_grades
from undercover.rules.grades import grade_outcomes
from undercover.rules.settings import MAX_PLAYERS, MIN_PLAYERS, MR_WHITE_MIN_PLAYERS


@pytest.mark.parametrize("gap", range(1, 21))
def test_gap_is_exact_and_within_bounds(gap: int) -> None:
    for seed in range(200):
        grades = draw_grades(gap, random.Random(seed))
        assert abs(grades.civilian - grades.undercover) == gap
        assert GRADE_MIN <= grades.civilian <= GRADE_MAX
        assert GRADE_MIN <= grades.undercover <= GRADE_MAX


def test_largest_gap_uses_both_extremes() -> None:
    seen = {
        (g.civilian, g.undercover) for g in (draw_grades(20, random.Random(s)) for s in range(50))
    }
    assert seen == {(0, 20), (20, 0)}


def test_every_admissible_civilian_grade_occurs() -> None:
    seen = {draw_grades(15, random.Random(s)).civilian for s in range(2000)}
    assert seen == set(range(0, 6)) | set(range(15, 21))


@pytest.mark.parametrize("gap", [0, 21, -1])
def test_impossible_gap_is_refused(gap: int) -> None:
    with pytest.raises(RuleViolation):
        draw_grades(gap, random.Random(0))


_T = TypeVar("_T")


class _Enumerate(random.Random):
    """A Random whose `choice` returns the given index: walks every outcome of a draw once."""

    def __init__(self, index: int) -> None:
        super().__init__(0)
        self.index = index

    def choice(self, seq: Sequence[_T]) -> _T:
        return seq[self.index]


def exact_distribution(gap: int) -> Counter[tuple[int, int]]:
    """How often `draw_grades` gives each (civilian, undercover) pair, over its equal picks."""
    picks = len(grade_outcomes(gap))
    return Counter(
        (g.civilian, g.undercover) for g in (draw_grades(gap, _Enumerate(i)) for i in range(picks))
    )


@pytest.mark.parametrize("gap", range(1, 21))
def test_ones_own_grade_leaves_the_chance_of_each_role_at_its_prior(gap: int) -> None:
    joint = exact_distribution(gap)
    total = sum(joint.values())
    civilian_sees = Counter[int]()
    undercover_sees = Counter[int]()
    for (civilian, undercover), count in joint.items():
        civilian_sees[civilian] += count
        undercover_sees[undercover] += count
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for mr_white in (False, True):
            if mr_white and players < MR_WHITE_MIN_PLAYERS:
                continue
            roles = composition(players, mr_white)  # Mr. White sees no grade
            prior = Fraction(roles.civilians, roles.civilians + roles.undercovers)
            for grade in range(GRADE_MIN, GRADE_MAX + 1):
                as_civilian = roles.civilians * Fraction(civilian_sees[grade], total)
                as_undercover = roles.undercovers * Fraction(undercover_sees[grade], total)
                if as_civilian + as_undercover == 0:
                    continue  # a grade this gap never deals
                assert as_civilian / (as_civilian + as_undercover) == prior, (players, grade)


@pytest.mark.parametrize("gap", range(1, 21))
def test_both_grades_together_do_not_tell_which_is_the_civilians(gap: int) -> None:
    joint = exact_distribution(gap)
    for (civilian, undercover), count in joint.items():
        assert joint[(undercover, civilian)] == count


def test_five_players_gap_five_a_low_grade_keeps_the_prior() -> None:
    # The civilians' grade first, uniformly over 0–20, then a direction: 0–4 and 16–20 meant
    # 89 % civilian for a prior of 80 %. The fair draw keeps 80 % there.
    joint = exact_distribution(5)
    low = sum(c for (civ, _), c in joint.items() if civ <= 4)
    low_undercover = sum(c for (_, und), c in joint.items() if und <= 4)
    assert Fraction(4 * low, 4 * low + low_undercover) == Fraction(4, 5)
