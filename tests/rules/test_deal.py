"""The deal is random: roles, speaking order and grades over many fixed seeds.

Each test counts outcomes over a fixed range of seeds and compares them with the uniform
expectation by Pearson's chi-square statistic. The seeds are fixed, so a test cannot fail by
chance; each bound is one a fair draw exceeds with probability below 3e-6 (other seeds would
pass as well), while a deal in seat order, or a draw that favours some outcomes, exceeds it by
far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from itertools import permutations

import pytest

from tests.rules.table import WORDS
from undercover.rules import Game, Mode, Role, RuleSettings, start_game
from undercover.rules.settings import GRADE_MAX, GRADE_MIN

SEEDS = range(2400)


def bound(degrees: int) -> float:
    """A chi-square a fair draw exceeds with probability below 3e-6, for 1 to 60 degrees of
    freedom (computed once with the regularized gamma function)."""
    return 3.0 * degrees + 20.0


def deal(seed: int, players: int, **settings: object) -> Game:
    rules = RuleSettings.model_validate(settings)
    words = WORDS if rules.mode is Mode.CLASSIC else None
    return start_game([f"p{i}" for i in range(players)], rules, seed, words)


def chi_square(counts: Counter[Hashable], cells: Iterable[Hashable], total: int) -> float:
    """Pearson's statistic of `counts` against `total` spread evenly over `cells`; an outcome
    outside the cells makes it infinite."""
    cells = list(cells)
    if set(counts) - set(cells):
        return float("inf")
    expected = total / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


@pytest.mark.parametrize(("players", "mr_white"), [(4, False), (5, True)])
def test_each_role_falls_on_each_seat_evenly(players: int, mr_white: bool) -> None:
    """Where the undercover (and Mr. White) sit is uniform over the seats."""
    roles = [Role.UNDERCOVER, Role.MR_WHITE] if mr_white else [Role.UNDERCOVER]
    for role in roles:
        seats: Counter[Hashable] = Counter()
        for seed in SEEDS:
            game = deal(seed, players, mr_white=mr_white)
            (seat,) = [p for p, r in game.roles.items() if r is role]
            seats[seat] += 1
        cells = [f"p{i}" for i in range(players)]
        assert chi_square(seats, cells, len(SEEDS)) < bound(players - 1), role


def test_the_two_undercovers_are_any_pair_of_seats() -> None:
    pairs: Counter[Hashable] = Counter()
    seeds = range(1000)
    for seed in seeds:
        game = deal(seed, 7)
        pairs[tuple(sorted(p for p, r in game.roles.items() if r is Role.UNDERCOVER))] += 1
    cells = [tuple(sorted(pair)) for pair in permutations([f"p{i}" for i in range(7)], 2)]
    assert chi_square(pairs, set(cells), len(seeds)) < bound(20)  # 21 pairs


def test_every_speaking_order_is_equally_likely() -> None:
    """4 players: each of the 24 orders comes up about as often (a seat order, or a first
    speaker drawn but the rest kept in seat order, fails at once)."""
    orders: Counter[Hashable] = Counter(deal(seed, 4).speaking_order for seed in SEEDS)
    cells = list(permutations([f"p{i}" for i in range(4)]))
    assert chi_square(orders, cells, len(SEEDS)) < bound(23)


def test_mr_white_never_speaks_first_and_is_uniform_elsewhere() -> None:
    places: Counter[Hashable] = Counter()
    for seed in SEEDS:
        game = deal(seed, 5, mr_white=True)
        assert game.mr_white is not None
        places[game.speaking_order.index(game.mr_white)] += 1
    assert chi_square(places, range(1, 5), len(SEEDS)) < bound(3)


def test_the_order_is_drawn_apart_from_the_roles() -> None:
    """The first speaker's role is the share of that role among the players who may open."""
    first: Counter[Hashable] = Counter()
    for seed in SEEDS:
        game = deal(seed, 4)
        first[game.roles[game.speaking_order[0]]] += 1
    # 3 civilians, 1 undercover: the undercover opens a quarter of the games.
    cells = [Role.CIVILIAN, Role.CIVILIAN, Role.CIVILIAN, Role.UNDERCOVER]
    expected = Counter(cells)
    statistic = sum(
        (first[role] - len(SEEDS) * n / 4) ** 2 / (len(SEEDS) * n / 4)
        for role, n in expected.items()
    )
    assert statistic < bound(1)


@pytest.mark.parametrize("gap", [1, 5, 12, 20])
def test_every_pair_of_grades_is_equally_likely(gap: int) -> None:
    """The lower grade is uniform over 0..20-gap and either camp holds it as often."""
    pairs: Counter[Hashable] = Counter()
    for seed in SEEDS:
        grades = deal(seed, 5, mode="grade", grade_gap=gap).grades
        assert grades is not None
        pairs[(grades.civilian, grades.undercover)] += 1
    lowers = range(GRADE_MIN, GRADE_MAX - gap + 1)
    cells = [(g, g + gap) for g in lowers] + [(g + gap, g) for g in lowers]
    assert chi_square(pairs, cells, len(SEEDS)) < bound(len(cells) - 1)
