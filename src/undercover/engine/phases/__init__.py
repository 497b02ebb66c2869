"""One module per phase: how it begins, the commands it accepts, when it is over (values: state.py).

Phase order: lobby → role_reveal → clues ⇄ voting → reveal → (guess →) clues … → ended → lobby.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from undercover.engine.state import Phase, PhaseValue, Room
from undercover.rules import Stage


def enter(room: Room, phase: Phase) -> Room:
    """Move to `phase`: a new phase `seq`, so inputs aimed at the previous phase are stale."""
    return room.model_copy(update={"phase": phase, "seq": room.seq + 1})


def _never(room: Room) -> bool:
    return False


def _settled(room: Room, now: float) -> Room | None:
    return None


@dataclass(frozen=True)
class PhaseRules:
    """What the machine asks of a phase: each phase module declares its own (`RULES`), and
    `machine.PHASES` lists them (docs/architecture.md, "Adding a phase")."""

    value: type[PhaseValue]  # its state (state.py), which declares its timers
    stages: frozenset[Stage] = frozenset()  # the game stages that call for it: left once
    # the game's stage is none of them
    begin: Callable[[Room, float], Room] | None = None  # entered when one of its stages comes
    over: Callable[[Room], bool] = _never  # over although the game's stage has not moved
    settle: Callable[[Room, float], Room | None] = _settled  # what follows without an input
    timeout: Callable[[Room, float], Room] | None = None  # a timer ran out (None: it is over)
