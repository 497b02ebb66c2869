"""Effects: what the host must do after a step. They name seats, never carry state: a
player's data leaves only through `view.view_for`. A step without `Changed` left the room as
it was: the host saves nothing and sends nothing (nor serialises anything)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CloseReason = Literal["kicked", "replaced", "left"]


@dataclass(frozen=True)
class Welcome:
    """Bind the connection that sent JoinRoom/Reconnect to this seat; welcome it."""

    player_id: str


@dataclass(frozen=True)
class CloseSeat:
    """Close the seat's connections (for "replaced": the older ones, not the new one)."""

    player_id: str
    reason: CloseReason


@dataclass(frozen=True)
class Changed:
    """The room changed: save it, then send each connected seat what changed in its view;
    with `only`, no other seat's view changed (a ghost's opt-in): send to that seat alone."""

    only: str | None = None


@dataclass(frozen=True)
class DeleteRoom:
    """The room stayed empty past the idle delay: delete its storage."""


@dataclass(frozen=True)
class PairRated:
    """A player rated the game's pair: log it for the maintainers (ids and counts, no word)."""

    pair: tuple[str, str]
    up: bool
    ups: int
    downs: int
    players: int
    removed: bool  # this vote made a 👎 majority: the room deals the pair no more
    custom: bool  # one of the host's own pairs (its ids are only positions in their list)


Effect = Welcome | CloseSeat | Changed | DeleteRoom | PairRated
