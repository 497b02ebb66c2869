import random
from collections import Counter

import pytest

from undercover.rules import Role, RuleSettings, Words, start_game
from undercover.rules.order import draw_speaking_order, next_after, round_order

# Critical values of the chi-square distribution at p = 0.001, by degrees of freedom.
CHI2_CRITICAL_0_001 = {3: 16.266, 5: 20.515, 8: 26.124}


@pytest.mark.parametrize("players", [5, 7, 10])
def test_mr_white_never_opens_and_is_otherwise_uniform(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    words = Words(civilian="chat", undercover="tigre")
    positions: Counter[int] = Counter()
    for seed in range(10_000):
        game = start_game(names, RuleSettings(mr_white=True), seed, words)
        white = next(p for p, r in game.roles.items() if r is Role.MR_WHITE)
        positions[game.speaking_order.index(white)] += 1
    assert positions[0] == 0
    expected = 10_000 / (players - 1)
    chi2 = sum((positions[i] - expected) ** 2 / expected for i in range(1, players))
    assert chi2 < CHI2_CRITICAL_0_001[players - 2], positions


def test_order_is_a_permutation_and_reproducible() -> None:
    players = ["a", "b", "c", "d"]
    first = draw_speaking_order(players, "b", random.Random(9))
    assert sorted(first) == players
    assert first == draw_speaking_order(players, "b", random.Random(9))


def test_round_skips_eliminated_players() -> None:
    assert round_order("abcde", {"a", "c", "e"}, None) == ("a", "c", "e")


def test_mr_white_swaps_with_the_next_speaker_when_he_would_open() -> None:
    assert round_order("abcd", {"b", "c", "d"}, "b") == ("c", "b", "d")
    assert round_order("abcd", {"a", "b", "c", "d"}, "b") == ("a", "b", "c", "d")


def test_next_after_wraps_around_the_alive_players() -> None:
    order = ("a", "b", "c", "d")
    assert next_after(order, {"a", "c"}, "c") == "a"
    assert next_after(order, {"a", "c"}, None) == "a"
    assert next_after(order, {"b", "d"}, "b") == "d"
    assert next_after(order, set(), "a") is None
