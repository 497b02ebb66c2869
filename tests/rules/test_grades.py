import random

import pytest

from undercover.rules import GRADE_MAX, GRADE_MIN, RuleViolation, draw_grades


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
