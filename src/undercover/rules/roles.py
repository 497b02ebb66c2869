"""Roles, camps, and how many of each role a table of n players gets."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict

from undercover.rules.codes import RuleCode
from undercover.rules.errors import host_error
from undercover.rules.settings import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MR_WHITE_MIN_PLAYERS,
    UNDERCOVER_PAIR_FROM_PLAYERS,
)

PlayerId = str


class Role(StrEnum):
    CIVILIAN = "civilian"
    UNDERCOVER = "undercover"
    MR_WHITE = "mr_white"


class Camp(StrEnum):
    CIVILIANS = "civilians"
    UNDERCOVERS = "undercovers"
    MR_WHITE = "mr_white"


CAMP_OF: Mapping[Role, Camp] = MappingProxyType(
    {
        Role.CIVILIAN: Camp.CIVILIANS,
        Role.UNDERCOVER: Camp.UNDERCOVERS,
        Role.MR_WHITE: Camp.MR_WHITE,
    }
)
IMPOSTOR_ROLES = frozenset({Role.UNDERCOVER, Role.MR_WHITE})


class Composition(BaseModel):
    model_config = ConfigDict(frozen=True)

    civilians: int
    undercovers: int
    mr_white: int


def composition(players: int, mr_white: bool) -> Composition:
    """How many civilians, undercovers and Mr. Whites a table gets.

    >>> composition(7, mr_white=True)
    Composition(civilians=4, undercovers=2, mr_white=1)
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise host_error(
            RuleCode.GAME_PLAYER_COUNT,
            f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
        )
    if mr_white and players < MR_WHITE_MIN_PLAYERS:
        raise host_error(
            RuleCode.GAME_MR_WHITE_TOO_FEW,
            f"Mr. White needs at least {MR_WHITE_MIN_PLAYERS} players, not {players}",
        )
    undercovers = 1 if players < UNDERCOVER_PAIR_FROM_PLAYERS else 2
    whites = 1 if mr_white else 0
    return Composition(
        civilians=players - undercovers - whites, undercovers=undercovers, mr_white=whites
    )


def deal_roles(
    players: Sequence[PlayerId], mr_white: bool, rng: random.Random
) -> dict[PlayerId, Role]:
    """Give each player a role, uniformly at random among the composition's arrangements."""
    counts = composition(len(players), mr_white)
    shuffled = list(players)
    rng.shuffle(shuffled)
    roles = [Role.UNDERCOVER] * counts.undercovers + [Role.MR_WHITE] * counts.mr_white
    roles += [Role.CIVILIAN] * counts.civilians
    return dict(zip(shuffled, roles, strict=True))
