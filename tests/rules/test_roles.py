import random

import pytest

from undercover.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MR_WHITE_MIN_PLAYERS,
    Role,
    RuleViolation,
    composition,
)
from undercover.rules.errors import Fault
from undercover.rules.roles import deal_roles

ALLOWED = [
    (players, mr_white)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for mr_white in (False, True)
    if players >= MR_WHITE_MIN_PLAYERS or not mr_white
]


@pytest.mark.parametrize(("players", "mr_white"), ALLOWED)
def test_civilians_are_a_strict_majority(players: int, mr_white: bool) -> None:
    counts = composition(players, mr_white)
    assert counts.civilians + counts.undercovers + counts.mr_white == players
    assert 2 * counts.civilians > players
    assert counts.undercovers == (1 if players < 7 else 2)
    assert counts.mr_white == int(mr_white)


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MR_WHITE_MIN_PLAYERS))
def test_mr_white_needs_five_players(players: int) -> None:
    with pytest.raises(RuleViolation) as error:
        composition(players, mr_white=True)
    assert error.value.code == "game.mr_white_too_few"
    assert error.value.fault is Fault.HOST


@pytest.mark.parametrize("players", [0, 1, 2, 21, 100])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(RuleViolation) as error:
        composition(players, mr_white=False)
    assert error.value.code == "game.player_count"


def test_deal_matches_the_composition() -> None:
    players = [f"p{i}" for i in range(9)]
    roles = deal_roles(players, mr_white=True, rng=random.Random(4))
    assert sorted(roles) == sorted(players)
    assert list(roles.values()).count(Role.UNDERCOVER) == 2
    assert list(roles.values()).count(Role.MR_WHITE) == 1
