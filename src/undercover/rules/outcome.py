"""Who won: one function, its rules in priority order; the first that applies decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from undercover.rules.roles import CAMP_OF, Camp, PlayerId, Role


class EndReason(StrEnum):
    MR_WHITE_GUESSED = "mr_white_guessed"
    IMPOSTORS_GONE = "impostors_gone"
    CIVILIANS_OUTNUMBERED = "civilians_outnumbered"
    TABLE_ABSTAINED = "table_abstained"  # three null votes in a row, not one vote received


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True)

    winners: tuple[Camp, ...]
    reason: EndReason
    winning_players: tuple[PlayerId, ...]


def decide_outcome(
    roles: Mapping[PlayerId, Role],
    alive: Sequence[PlayerId],
    kicked: Sequence[PlayerId],
    mr_white_guessed: bool,
    *,
    table_abstained: bool = False,
) -> Outcome | None:
    """The game's result, or None while it goes on. See docs/rules.md, "Victory"."""
    alive_roles = [roles[p] for p in alive]
    civilians_alive = alive_roles.count(Role.CIVILIAN)
    undercovers_alive = alive_roles.count(Role.UNDERCOVER)
    mr_white_alive = Role.MR_WHITE in alive_roles

    # 1. A right guess steals the victory, whatever else is on the table.
    if mr_white_guessed:
        return _won_by(roles, kicked, (Camp.MR_WHITE,), EndReason.MR_WHITE_GUESSED)
    # 2. No impostor left alive: the civilians win (also when kicks removed the last one).
    if undercovers_alive == 0 and not mr_white_alive:
        return _won_by(roles, kicked, (Camp.CIVILIANS,), EndReason.IMPOSTORS_GONE)
    # 3. One civilian (or none, after kicks) left: every impostor camp still alive wins.
    impostor_camps = tuple(
        camp
        for camp, present in (
            (Camp.UNDERCOVERS, undercovers_alive > 0),
            (Camp.MR_WHITE, mr_white_alive),
        )
        if present
    )
    if civilians_alive <= 1:
        return _won_by(roles, kicked, impostor_camps, EndReason.CIVILIANS_OUTNUMBERED)
    # 4. The table would not accuse anyone: the impostors it refused to hunt survive and win.
    if table_abstained:
        return _won_by(roles, kicked, impostor_camps, EndReason.TABLE_ABSTAINED)
    return None


def _won_by(
    roles: Mapping[PlayerId, Role],
    kicked: Sequence[PlayerId],
    camps: tuple[Camp, ...],
    reason: EndReason,
) -> Outcome:
    # A winning camp wins with its eliminated members; kicked players left the game for good.
    players = tuple(p for p, role in roles.items() if CAMP_OF[role] in camps and p not in kicked)
    return Outcome(winners=camps, reason=reason, winning_players=players)
